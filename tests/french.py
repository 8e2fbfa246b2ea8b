"""What a French reader must not see: the English side of the message catalogue.

`english_in(text)` lists the English fragments of catalogue messages (their literal parts, long enough
to be words of a sentence, and absent from every French message) found in `text`: a French page or
terminal output that holds one said something in English."""

from __future__ import annotations

import functools
import re

from grader.text.i18n import everything

_FIELD = re.compile(r"\{[^{}]*\}")


@functools.cache
def _english_fragments() -> tuple[str, ...]:
    french = " ".join(entry.get("fr", "") for entry in everything().values())
    found = set()
    for entry in everything().values():
        for chunk in _FIELD.split(entry.get("en", "")):
            for part in re.split(r"[\n:;()«»\"`]", chunk):
                part = part.strip(" .,'-")
                # Words of a sentence: at least three, and not a technical name French also uses.
                if len(part.split()) >= 3 and part not in french:
                    found.add(part)
    return tuple(sorted(found))


def english_in(text: str) -> list[str]:
    flat = " ".join(text.split())
    return [fragment for fragment in _english_fragments() if fragment in flat]
