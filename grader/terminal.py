"""Text from a student (messages, values, output, file names) on its way to a terminal.

A student's string may hold escape sequences that erase lines, move the cursor, fake a "passed",
set the window title or write the clipboard; Unicode format characters can reorder what is shown.
Every student string printed to a terminal goes through `printable`, and nothing else is needed.
"""

from __future__ import annotations

from grader.sandbox.protocol import escaped


def printable(text: str, keep_newlines: bool = True) -> str:
    """`text` with its control and format characters (C0, DEL, C1, bidi overrides, zero-width, lone
    surrogates...) written as Python escapes, so that a terminal shows them instead of obeying them."""
    return escaped(text, "\n\t" if keep_newlines else "")
