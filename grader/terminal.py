"""Text from a student (messages, values, output, file names) on its way to a terminal.

A student's string may hold escape sequences that erase lines, move the cursor, fake a "passed",
set the window title or write the clipboard; Unicode format characters can reorder what is shown.
Every student string printed to a terminal goes through `printable`, and nothing else is needed.
"""

from __future__ import annotations

import unicodedata

# Kept as they are: they only start a new line or indent.
KEPT = {"\n", "\t"}


def printable(text: str, keep_newlines: bool = True) -> str:
    """`text` with its control and format characters (C0, DEL, C1, bidi overrides, zero-width...)
    written as Python escapes, so that a terminal shows them instead of obeying them."""
    out = []
    for char in text:
        if (char in KEPT and keep_newlines) or unicodedata.category(char) not in ("Cc", "Cf", "Zl", "Zp"):
            out.append(char)
        else:
            out.append(char.encode("unicode_escape").decode("ascii") if ord(char) > 0xFF else f"\\x{ord(char):02x}")
    return "".join(out)
