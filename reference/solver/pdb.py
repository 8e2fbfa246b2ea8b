"""Additive pattern databases for the 15-puzzle (exam convention: tile t's goal cell is t, blank at 15).

The table of a pattern (a set of tiles) gives, for every placement of those tiles, the least number of
moves *of pattern tiles* needed to bring them home, the other tiles being indistinguishable and their
moves free. Since every move moves one tile, tables of disjoint patterns add up to an admissible
heuristic. A placement is indexed as sum(cell(tiles[i]) * 16 ** i): a sparse layout (16**k bytes, holes
at 255) that lets the search update an index with one addition per move.

Tables are built with numpy by a breadth-first search over (placement, blank cell), with 0-cost moves of
non-pattern tiles, then the minimum over blank cells is kept: about a minute of CPU for the two 6-tile
tables. The package ships them compressed (reference/solver/tables/, 1.9 MB of xz for 34 MB): a fresh
installation (a student's first `grader check` of q18) decompresses them in a second instead, with
the standard library alone (`lzma`, and numpy's file format written by `write_npy`: the browser's
self-check runs in Pyodide, without numpy), and builds them only if they are missing or do not give
the pinned bytes. They are cached in
TAQUIN_GRADER_CACHE (or the user cache folder) and trusted only if their sha256 equals the digest pinned
here in the package (PINNED, reference/cache.py's `pinned_bytes`), whichever way they were obtained.
They are read back without numpy (its import alone costs about as much as reading them): a search only
indexes bytes.

`python -m reference.solver.pdb` writes the shipped files again (after a change of FORMAT and PINNED).
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

from reference.cache import cache_dir, pinned_bytes

UNSEEN = 255
FORMAT = "v1"  # bump when the layout or the construction changes, so that old caches are ignored
_CHUNK = 1 << 21  # states expanded at once: bounds the memory of the temporaries
SHIPPED = Path(__file__).parent / "tables"  # the tables, compressed, in the package

# sha256 of each table's bytes (table.tobytes(): independent of numpy's file header), for the patterns the
# solver uses. A build must give these very bytes: a change of construction bumps FORMAT and these digests.
PINNED = {
    (0, 4, 5, 8, 9, 12): "0be375499a522aa50b92e7af0507d310099e77bb9a91f01917f6a10568c7b391",
    (6, 7, 10, 11, 13, 14): "9b65e7509d8788ba2fa3b01baa2543166ac0c54d61b7cce817e6e1dce8a700e5",
    (1, 2, 3): "91bebcb7b767080d6e95b81c70e8c3d79f09490f1ae52954e25422eeac2f6bf7",
}


def table_path(tiles, directory: Path | None = None) -> Path:
    name = f"pdb-{FORMAT}-{'-'.join(map(str, tiles))}.npy"
    return (directory or cache_dir()) / name


def load_table(tiles, directory: Path | None = None, progress: bool = True) -> bytes:
    """The pattern database of `tiles` (a byte per entry, 16 ** len(tiles) entries), from the cache or
    built. Only the patterns of PINNED: no other table could be checked when read back (whatever numpy's
    header in the file says, only the table's very bytes pass)."""
    tiles = tuple(tiles)
    if tiles not in PINNED:
        raise ValueError(f"no pinned digest for the pattern {tiles}")

    def build():
        data = _shipped(tiles)
        if data is None:
            data = build_table(tiles, progress).tobytes()  # (not of bytes: too long for its digest, refused)
        return data, lambda f: write_npy(f, data)

    return pinned_bytes(
        table_path(tiles, directory), 16 ** len(tiles), PINNED[tiles], build, f"the pattern database {tiles}"
    )


def write_npy(file, data: bytes) -> None:
    """`data` as numpy's `np.save` writes a one-dimensional array of bytes (format 1.0: magic, header
    padded to 64 bytes, the bytes), with the standard library alone: Pyodide, where the browser's
    self-check reads the shipped tables, has no numpy."""
    header = f"{{'descr': '|u1', 'fortran_order': False, 'shape': ({len(data)},), }}"
    padding = -(10 + len(header) + 1) % 64
    text = (header + " " * padding + "\n").encode("latin-1")
    file.write(b"\x93NUMPY\x01\x00" + len(text).to_bytes(2, "little") + text)
    file.write(data)


def shipped_path(tiles) -> Path:
    return SHIPPED / f"pdb-{FORMAT}-{'-'.join(map(str, tiles))}.xz"


def _shipped(tiles) -> bytes | None:
    """The table as the package ships it, if it is there and gives the pinned bytes."""
    try:
        import lzma
    except ImportError:  # a Python built without liblzma: the table is built
        return None
    try:
        data = lzma.decompress(shipped_path(tiles).read_bytes())
    except (OSError, lzma.LZMAError):  # missing, damaged
        return None
    return data if hashlib.sha256(data).hexdigest() == PINNED[tuple(tiles)] else None


def ship(directory: Path = SHIPPED) -> list[Path]:
    """Write every pinned table, xz-compressed, where the package ships them."""
    import lzma

    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for tiles in PINNED:
        path = directory / shipped_path(tiles).name
        path.write_bytes(lzma.compress(load_table(tiles), preset=9 | lzma.PRESET_EXTREME))
        written.append(path)
    return written


def _expand(codes: np.ndarray, weights: np.ndarray, neighbors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The successors of (placement, blank) codes: those reached by a free move (a non-pattern tile
    slides into the blank) and those reached by a move of a pattern tile (cost 1). `neighbors[cell]`:
    the 4 cells next to it (up, down, left, right), -1 off the board."""
    import numpy as np

    blank = codes & 15
    positions = [(codes >> (4 * (i + 1))) & 15 for i in range(len(weights))]
    free, paid = [], []
    for direction in range(4):
        target = neighbors[blank, direction]
        ok = target >= 0
        code, b, t = codes[ok], blank[ok], target[ok]
        # The weight 16 ** (i + 1) of the pattern tile i on the target cell, 0 if none is there.
        weight = np.zeros_like(code)
        for position, w in zip(positions, weights):
            weight += (position[ok] == t) * w
        # The blank digit goes from b to t; the tile (if any) goes from t to b.
        successor = code + (t - b) * (1 - weight)
        free.append(successor[weight == 0])
        paid.append(successor[weight != 0])
    return np.concatenate(free), np.concatenate(paid)


def _new(codes: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """The distinct unseen codes (sorting beats np.unique's hashing here, about 6x)."""
    import numpy as np

    codes = np.sort(codes[dist[codes] == UNSEEN])
    keep = np.ones(codes.size, dtype=bool)
    np.not_equal(codes[1:], codes[:-1], out=keep[1:])
    return codes[keep]


def build_table(tiles, progress: bool = True) -> np.ndarray:
    """Breadth-first search from the goal, in layers of equal cost (0-cost closure, then 1-cost step)."""
    import numpy as np

    neighbors = np.array(
        [
            [c - 4 if c >= 4 else -1, c + 4 if c < 12 else -1, c - 1 if c % 4 else -1, c + 1 if c % 4 < 3 else -1]
            for c in range(16)
        ],
        dtype=np.int32,
    )
    k = len(tiles)
    # 32-bit codes when they fit (up to 6 tiles): half the memory traffic of the vector operations.
    dtype = np.int32 if 16 ** (k + 1) <= 2**31 else np.int64
    weights = 16 ** np.arange(1, k + 1, dtype=dtype)
    dist = np.full(16 ** (k + 1), UNSEEN, dtype=np.uint8)
    frontier = np.array([15 + sum(int(t) * int(w) for t, w in zip(tiles, weights))], dtype=dtype)
    total = 1
    for free_cells in range(16 - k, 17):  # 16! / (16 - k - 1)! (placement, blank) pairs
        total *= free_cells
    cost, done = 0, 0
    report = _Progress(tiles) if progress else None
    while frontier.size:
        dist[frontier] = cost
        done += frontier.size
        paid = []
        while frontier.size:
            free = []
            for start in range(0, frontier.size, _CHUNK):
                f, p = _expand(frontier[start : start + _CHUNK], weights, neighbors)
                free.append(f)
                paid.append(p[dist[p] == UNSEEN])
            frontier = _new(np.concatenate(free), dist)
            dist[frontier] = cost
            done += frontier.size
            if report:
                report(done / total)
        frontier = _new(np.concatenate(paid), dist)
        cost += 1
    if report:
        report(1.0)
    return dist.reshape(16**k, 16).min(axis=1)


class _Progress:
    """One line on standard error, in the language the user asked for: on a terminal, rewritten in place;
    elsewhere (logs, CI), a line at every quarter."""

    def __init__(self, tiles):
        from grader.text import i18n

        self.say = lambda done: i18n.t("solve.building", i18n.current(), tiles="-".join(map(str, tiles)), done=done)
        self.tty = sys.stderr.isatty()
        self.shown = -1

    def __call__(self, fraction: float) -> None:
        percent = int(100 * fraction)
        if self.tty:
            end = "\n" if percent == 100 else ""
            print("\r" + self.say(percent), end=end, file=sys.stderr, flush=True)
        elif percent // 25 > self.shown:
            self.shown = percent // 25
            print(self.say(percent), file=sys.stderr, flush=True)


if __name__ == "__main__":
    for written in ship():
        print(written)
