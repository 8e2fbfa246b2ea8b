"""Text from a student (messages, values, output, file names) on its way to a terminal.

A student's string may hold escape sequences that erase lines, move the cursor, fake a "passed",
set the window title or write the clipboard; Unicode format characters can reorder what is shown.
Every student string printed to a terminal goes through `printable`, and nothing else is needed.
`escaped` is the same rule for every text from a child (grader/sandbox/protocol.py applies it to each
frame), results' files, pages and databases: it imports nothing, for the child loads it too.
"""

from __future__ import annotations

import unicodedata

# Characters a file, a page or a terminal must never receive as they are: controls (but newline and tab),
# format characters (bidi overrides, zero-width...), line and paragraph separators, and lone surrogates
# (which no UTF-8 file can hold: one in a message stopped the class's results.json).
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def escaped(text: str, kept: str = "\n\t") -> str:
    """`text` with every character of UNSAFE_CATEGORIES but those in `kept` written as a Python escape
    (\\x00, \\u202e, \\ud800): shown, never obeyed or choked on."""
    visible = text
    for char in kept:
        visible = visible.replace(char, "")
    if visible.isprintable():  # the usual case, decided in C
        return text
    out = []
    for char in text:
        if char in kept or unicodedata.category(char) not in UNSAFE_CATEGORIES:
            out.append(char)
        elif ord(char) <= 0xFF:
            out.append(f"\\x{ord(char):02x}")
        else:
            out.append(f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}")
    return "".join(out)


def printable(text: str, keep_newlines: bool = True) -> str:
    """`text` with its control and format characters (C0, DEL, C1, bidi overrides, zero-width, lone
    surrogates...) written as Python escapes, so that a terminal shows them instead of obeying them."""
    return escaped(text, "\n\t" if keep_newlines else "")
