"""What a French reader must not see: the English side of the message catalogue, plurals written
"(s)", "de" before a vowel.

`english_in(text)` lists the English fragments of catalogue messages (their literal parts, long enough
to be words of a sentence, and absent from every French message) found in `text`: a French page or
terminal output that holds one said something in English. `french_faults(text)` adds the other two;
`page_text(html)` is what a reader sees of a page."""

from __future__ import annotations

import functools
import html
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


# A plural written "(s)" ("2 tentative(s)"): the catalogue chooses the form (`{n:tentative|tentatives}`).
_PARENTHESISED_PLURAL = re.compile(r"\w\((?:s|e|es|x)\)")
# "de" before a word of a sentence beginning with a vowel, where French writes "d'" ("Copie de Élise").
# A one-letter word is left out: it names a variable of the exam ("les suivants de e").
_DE_VOWEL = re.compile(r"\b[Dd]e ([AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆaeiouyàâäéèêëîïôöùûüœæ][\w'-]+)")


def french_faults(text: str) -> list[str]:
    """What a French reader would see as a fault in `text`: English fragments (`english_in`), plurals
    written "(s)", and "de" not elided before a vowel."""
    flat = " ".join(text.split())
    faults = english_in(flat)
    faults += [m.group(0) for m in _PARENTHESISED_PLURAL.finditer(flat)]
    faults += [m.group(0) for m in _DE_VOWEL.finditer(flat)]
    return faults


def page_text(page: str) -> str:
    """The text a reader sees of an HTML page: no script, style or markup, entities decoded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))
