"""What every attack scene makes first under its BASE folder: the grader's cache, the class, the output
and the run's temporary folder (its children's folders pass through it)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def prepare(base: Path) -> tuple[Path, Path, Path, Path]:
    """(cache, class, out, tmp) under `base`, the cache and the temporary folder in force for this
    process and the workers it forks."""
    cache, class_dir, out, tmp = (base / name for name in ("cache", "class", "out", "tmp"))
    for folder in (cache, class_dir, tmp):
        folder.mkdir(parents=True)
    tmp.chmod(0o711)  # as root, each child's uid passes through to its own folder
    os.environ.update(TAQUIN_GRADER_CACHE=str(cache))
    tempfile.tempdir = str(tmp)  # inherited by the workers (fork)
    return cache, class_dir, out, tmp
