"""The solver's shipped tables are read without numpy (Pyodide has none: the browser's self-check) and
give the same bytes, and the same cached file, as the numpy path."""

from __future__ import annotations

import io
import sys

import numpy as np
import pytest

from reference.solver import pdb


@pytest.mark.parametrize("tiles", [(1, 2, 3), (0, 4, 5, 8, 9, 12)], ids=["3 tiles", "6 tiles"])
def test_a_shipped_table_loads_without_numpy_as_with_it(tiles, tmp_path, monkeypatch):
    with monkeypatch.context() as without:
        without.setitem(sys.modules, "numpy", None)  # `import numpy` now fails
        loaded = pdb.load_table(tiles, tmp_path, progress=False)
    cached = pdb.table_path(tiles, tmp_path)
    from_numpy = np.load(cached)  # the file the standard library wrote, read by numpy
    assert from_numpy.dtype == np.uint8 and from_numpy.shape == (16 ** len(tiles),)
    assert from_numpy.tobytes() == loaded
    saved = io.BytesIO()
    np.save(saved, np.frombuffer(loaded, dtype=np.uint8))
    assert cached.read_bytes() == saved.getvalue()  # the very bytes numpy writes
    assert pdb.load_table(tiles, tmp_path, progress=False) == loaded  # read back from the cache
