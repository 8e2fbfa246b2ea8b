"""The notebook bombs of the red team's finding notebook-bomb (its make_bomb.py's recipe): zips holding
`jeux.py` and notebooks whose metadata is a long list of `{}`, within every archive check (a ratio under
200:1 or members of exactly 1 MiB, which the ratio check skips). Read whole by a JSON parser, each byte
became about 170 bytes of objects in the teacher's process.

- big.zip   (~0.7 MB): jeux.py and one notebook of 14 MiB, a list of ~5 million `{}` with some noise
  (the red team's was 20 MiB, when a notebook might weigh that much; 16 MiB is a student's all now);
- small.zip (~10 KB): jeux.py and 8 notebooks of exactly 1 MiB;
- long.zip  (~190 KB): the same with 150 notebooks (150 MiB, when a student might have 256 MiB read).
"""

from __future__ import annotations

import base64
import os
import zipfile
from pathlib import Path

M = 1 << 20
HEAD = (
    '{"cells":[{"cell_type":"code","execution_count":null,"id":"a","metadata":{},"outputs":[],'
    '"source":"def bfs():\\n    return 1\\n"}],"metadata":{"x":['
)
TAIL = ']},"nbformat":4,"nbformat_minor":5}'
JEUX = "def bfs():\n    return 0\n"


def notebook(size: int, noise_every: int = 0) -> bytes:
    parts, total, i = [], len(HEAD) + len(TAIL), 0
    while total + 3 < size:
        item = '"' + base64.b64encode(os.urandom(48)).decode() + '"' if noise_every and i % noise_every == 0 else "{}"
        if total + len(item) + 1 > size:
            item = "{}"
        parts.append(item)
        total += len(item) + 1
        i += 1
    data = (HEAD + ",".join(parts) + TAIL).encode()
    assert len(data) <= size
    return data


def write(path: Path, members: dict) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def write_bombs(folder: Path) -> dict[str, Path]:
    """small.zip, big.zip and long.zip in `folder`, by name."""
    folder.mkdir(parents=True, exist_ok=True)
    small = notebook(M)
    return {
        "big.zip": write(folder / "big.zip", {"jeux.py": JEUX, "nb.ipynb": notebook(14 * M, noise_every=400)}),
        "small.zip": write(folder / "small.zip", {"jeux.py": JEUX, **{f"nb{i:03d}.ipynb": small for i in range(8)}}),
        "long.zip": write(folder / "long.zip", {"jeux.py": JEUX, **{f"nb{i:03d}.ipynb": small for i in range(150)}}),
    }
