"""Similarity report, computed on this machine only: no code leaves it.

For each module (jeux.py, taquin.py, recherche.py), every pair of students is compared with
copydetect's fingerprints: Pygments tokens with names, strings and comments normalised away (renamed
variables do not hide a copy), k-grams hashed and winnowed (Schleimer, Wilkerson and Aiken's
algorithm, as MOSS and Dolos use). The code the teacher handed out is left out before comparing: the
stub (exercises/<module>.py) and the files given with `boilerplate` (a helper dictated in class), and
nothing else. A fragment most of the class shares is not dropped as common ground: when most of a class
handed in one program, that is the commonest copying there is. A pair's similarity is the share of the
two files' remaining fingerprinted tokens they have in common; students linked by pairs at least
CLUSTER_LINK similar form a cluster, reported with the share of their code all of them have
("6 copies sur 8 partagent 94 % de taquin.py").

The result is a ranked list of pairs for a person to read, side by side with the shared fragments
marked: a high score is a reason to look, never a verdict (short functions, a common textbook BFS or
allowed help look alike too). The pages are inert: student code is escaped text, and the
Content-Security-Policy allows no script at all.
"""

from __future__ import annotations

import io
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


from grader.errors import InputError, UsageError
from grader.text.i18n import t
from grader.intake import SUBMITTED, find_class, load
from grader.results.records import private_folder
from reports.render import file_names, templates

MODULES = ("jeux", "taquin", "recherche")
STUBS = Path(__file__).resolve().parents[1] / "exercises"
NOISE = 25  # k: shortest run of normalised tokens that counts as shared (copydetect's noise threshold)
GUARANTEE = 30  # every shared run this long is found (sets the winnowing window)
CLUSTER_LINK = 0.5  # a pair at least this similar puts its two students in one cluster
CLUSTER_SIZE = 3  # a cluster has at least this many students (two are a pair, listed as such)
MAX_PAIRS = 60  # pairs listed per module (the most similar)
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


@dataclass
class Pair:
    module: str
    a: str  # student ids
    b: str
    similarity: float  # shared tokens / all fingerprinted tokens of the two
    share_a: float  # share of a's tokens found in b
    share_b: float
    tokens: int  # tokens of a in shared fragments
    segments_a: list = field(default_factory=list)  # [(text, shared)] for the side-by-side page
    segments_b: list = field(default_factory=list)
    page: str = ""


@dataclass
class Cluster:
    """Students whose files are linked by similar pairs, and how much of their code all of them share."""

    members: list[str]  # student ids
    share: float  # mean over members of the share of their fingerprinted tokens in fragments all have


@dataclass
class Report:
    modules: dict[str, list[Pair]]  # module -> pairs, most similar first
    students: dict[str, int]  # module -> students who handed it in
    skipped: list[tuple[str, str]]  # (student, reason) of submissions that could not be read
    boilerplate: dict[str, list[str]]  # module -> the files whose fragments were left out
    clusters: dict[str, list[Cluster]] = field(default_factory=dict)  # module -> clusters, largest first
    names: dict[str, str] = field(default_factory=dict)  # student id -> name as the LMS spells it


def _stable_kgrams(text: str, k: int):
    """Every k-gram's hash, the same in every process. copydetect hashes k-grams with hash(), which
    Python salts per process: winnowing would keep other fingerprints on each run, and the same class
    would rank differently from one run to the next."""
    import numpy as np

    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    n = len(codes) - k + 1
    if n <= 0:
        return np.array([], dtype=np.int64)
    hashes = np.zeros(n, dtype=np.uint64)
    for j in range(k):  # a polynomial hash modulo 2**64, one vector operation per position
        hashes = hashes * np.uint64(1_000_003) + codes[j : j + n]
    return hashes.view(np.int64)


def _copydetect():
    try:
        import copydetect
        import copydetect.utils
    except ImportError:
        raise UsageError("similarity.no_copydetect") from None
    copydetect.utils.hashed_kgrams = _stable_kgrams
    return copydetect


def _fingerprint(copydetect, name: str, text: str, boilerplate) -> Any:  # a copydetect.CodeFingerprint
    window = GUARANTEE - NOISE + 1
    return copydetect.CodeFingerprint(f"{name}.py", NOISE, window, boilerplate=boilerplate, fp=io.StringIO(text))


def _segments(text: str, slices) -> list[tuple[str, bool]]:
    """The text cut into (piece, shared) runs from copydetect's [starts, ends] character slices."""
    marks = sorted(zip(map(int, slices[0]), map(int, slices[1]))) if len(slices) and len(slices[0]) else []
    pieces, at = [], 0
    for start, end in marks:
        start, end = max(start, at), min(end, len(text))
        if start >= end:
            continue
        if start > at:
            pieces.append((text[at:start], False))
        pieces.append((text[start:end], True))
        at = end
    if at < len(text):
        pieces.append((text[at:], False))
    return pieces


def _boilerplate_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:  # missing, a folder, not UTF-8
        detail = getattr(exc, "strerror", None) or str(exc)
        raise InputError("similarity.boilerplate_unreadable", path=str(path), detail=detail) from None


def _clusters(copydetect, prints: dict, pairs: list[Pair]) -> list[Cluster]:
    """Students linked by pairs at least CLUSTER_LINK similar (single linkage), CLUSTER_SIZE or more,
    with the share of each one's code in the fragments the whole cluster has."""
    group = {sid: sid for sid in prints}

    def root(sid: str) -> str:
        while group[sid] != sid:
            sid = group[sid]
        return sid

    for pair in pairs:
        if pair.similarity >= CLUSTER_LINK:
            group[root(pair.a)] = root(pair.b)
    members: dict[str, list[str]] = {}
    for sid in sorted(prints):
        members.setdefault(root(sid), []).append(sid)
    clusters = []
    for ids in members.values():
        if len(ids) < CLUSTER_SIZE:
            continue
        everyone = set.intersection(*(set(prints[sid].hashes) for sid in ids))
        shares = []
        for sid in ids:
            fp = prints[sid]
            covered = copydetect.utils.get_token_coverage(
                {h: fp.hash_idx[h] for h in everyone}, fp.k, len(fp.filtered_code)
            )
            shares.append(covered / fp.token_coverage if fp.token_coverage else 0.0)
        clusters.append(Cluster(ids, float(sum(shares) / len(shares))))
    return sorted(clusters, key=lambda c: (-len(c.members), -c.share, c.members))


def compare_class(
    class_dir: Path,
    *,
    boilerplate: tuple[Path, ...] | list[Path] = (),
    max_pairs: int = MAX_PAIRS,
    lang: str = "fr",
) -> Report:
    copydetect = _copydetect()
    given = {Path(path): _boilerplate_text(Path(path)) for path in boilerplate}  # said before any work
    sources, skipped, names = _class_sources(class_dir, lang)
    modules, used, clusters = {}, {}, {}
    for module, texts in sources.items():
        if len(texts) < 2:
            continue
        # Only the code handed out is left out: whatever students share beyond it is theirs to explain.
        stubs = {p: p.read_text(encoding="utf-8") for p in [STUBS / f"{module}.py"] if p.exists()} | given
        prints = _fingerprints(copydetect, module, texts, list(stubs.values()))
        pairs = _pairs(copydetect, module, texts, prints)
        clusters[module] = _clusters(copydetect, prints, pairs)
        modules[module] = pairs[:max_pairs]
        used[module] = [path.name for path in stubs]
    students = {m: len(texts) for m, texts in sources.items() if len(texts) >= 2}
    return Report(modules, students, skipped, used, clusters, names)


def _class_sources(class_dir: Path, lang: str) -> tuple[dict[str, dict[str, str]], list, dict[str, str]]:
    """Per module, each student's source; the students skipped, and why; each student's name. The same
    students, read the same way, as `grader grade`."""
    sources: dict[str, dict[str, str]] = {m: {} for m in MODULES}
    skipped, names = [], {}
    for entry in find_class(class_dir).entries:
        submission = load(entry)
        names[submission.id] = submission.name or submission.id
        if submission.status != SUBMITTED:
            skipped.append((submission.id, "; ".join(t(key, lang, **params) for key, params in submission.warnings)))
            continue
        for module, source in submission.sources.items():
            if module in sources and source.text.strip():
                sources[module][submission.id] = source.text
    return sources, skipped, names


def _fingerprints(copydetect, module: str, texts: dict[str, str], stubs: list[str]) -> dict:
    """Each student's fingerprint of `module`, the code handed out (`stubs`) left out."""
    import numpy as np

    stub_hashes = set()
    for stub in stubs:
        stub_hashes |= _fingerprint(copydetect, module, stub, []).hashes
    excluded = np.array(sorted(stub_hashes), dtype=np.int64)
    return {sid: _fingerprint(copydetect, module, text, excluded) for sid, text in texts.items()}


def _pairs(copydetect, module: str, texts: dict[str, str], prints: dict) -> list[Pair]:
    """Every pair of students sharing code in `module`, most similar first."""
    pairs = []
    for a, b in itertools.combinations(sorted(prints), 2):
        overlap, (share_a, share_b), slices = copydetect.compare_files(prints[a], prints[b])
        coverage = prints[a].token_coverage + prints[b].token_coverage
        if not overlap or not coverage:
            continue
        shared = share_a * prints[a].token_coverage + share_b * prints[b].token_coverage
        pairs.append(
            Pair(
                module,
                a,
                b,
                float(shared / coverage),
                float(share_a),
                float(share_b),
                int(overlap),
                _segments(texts[a], slices[0]),
                _segments(texts[b], slices[1]),
            )
        )
    return sorted(pairs, key=lambda p: (-p.similarity, p.a, p.b))


def render(report: Report, out: Path, lang: str = "fr") -> Path:
    """OUT/index.html (the ranked pairs) and one page per pair; returns the index."""
    private_folder(out)
    env = templates(lang, csp=CSP)  # no script on these pages
    env.filters["pct"] = lambda x: f"{100 * x:.0f}"
    env.filters["person"] = lambda sid: report.names.get(sid) or sid
    pairs = [p for ps in report.modules.values() for p in ps]
    names = file_names([f"{p.module}-{p.a}-{p.b}" for p in pairs])
    for pair, name in zip(pairs, names):
        pair.page = name
        (out / name).write_text(env.get_template("similarity_pair.html").render(pair=pair), encoding="utf-8")
    index = out / "index.html"
    index.write_text(env.get_template("similarity.html").render(report=report, link=CLUSTER_LINK), encoding="utf-8")
    return index
