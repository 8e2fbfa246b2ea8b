"""Game (1) (e0 = 1, s(n) = [2n, n + 1], F = {t}): its exact distances, and the data the grader reads.

`jeu1_distance(n, t)` is exact for any t, in integer arithmetic: an admissible h of game (1) that is not
constant, so an answer to q11 (better than the model answer's). It stays with the model answers, which no
built distribution ships (setup.py): the student kit must not hold it. What the grader needs of it is
written once into grader/data/jeu1.json by `python -m reference.answers.jeu1`: the exact distance of every pair
of q11's `large_pairs()` (reference/jeu1_pairs.py, t up to 2^62), in that order, with the pairs' digest. No search can give them,
and the kit must judge them as the teacher's grader does (a failed cell says its distance anyway).

Below those large targets the grader computes distances itself, over the states 1..t given whole
(grader/questions/jeux/games.py). tests/unit/test_jeux_games.py checks the file against this module.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from reference.jeu1_pairs import large_pairs

DATA = Path(__file__).resolve().parents[2] / "grader" / "data" / "jeu1.json"


def jeu1_distance(n: int, t: int) -> int | None:
    """Exact distance from n to t in game (1), None when t < n (moves only increase n).

    A play with k doublings reaches n·2^k + Σ_{j≤k} a_j·2^j, where a_j ≥ 0 is the number of +1 moves
    made before the last j doublings; it costs k + Σ a_j moves. For r = t − n·2^k ≥ 0 the fewest +1 moves
    are ⌊r / 2^k⌋ (before any doubling) plus one per 1-bit of r mod 2^k (powers of two: greedy is
    optimal). Minimise over k; exact for any t (tests check it against a BFS).

    k goes down from the most doublings possible: k + ⌊r / 2^k⌋ = k + ⌊t / 2^k⌋ − n is a lower bound of
    that k's moves which never decreases as k falls (⌊t / 2^k⌋ ≥ n), so once it reaches the best found,
    no smaller k can do better (for t near 2^62, a tenth of the work of trying every k)."""
    if not 1 <= n <= t:
        return None
    best = None
    for k in range((t // n).bit_length() - 1, -1, -1):
        r = t - (n << k)
        if best is not None and k + (r >> k) >= best:
            break
        moves = k + (r >> k) + (r & ((1 << k) - 1)).bit_count()
        best = moves if best is None or moves < best else best
    return best


def pairs_digest(pairs) -> str:
    """The digest that ties the large distances to the very pairs (and order) they were computed for."""
    return hashlib.sha256(json.dumps([list(p) for p in pairs]).encode()).hexdigest()


def data() -> dict:
    """What grader/data/jeu1.json holds, computed from the model answer and jeu1_distance."""
    pairs = large_pairs()
    return {"large": {"pairs": pairs_digest(pairs), "distances": [jeu1_distance(n, t) for n, t in pairs]}}


def write(path: Path = DATA) -> Path:
    path.write_text(json.dumps(data(), separators=(",", ":")) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write())
