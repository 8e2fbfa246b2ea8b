"""Every message shown to a person, in French (default) and English, said from its key.

The messages live in catalogue modules, each holding the keys of some first parts ("cli.", "report.",
...): the grader's own in this package, each question family's beside its code. `CATALOGUES` below is
the one place that says which module holds which keys; a catalogue is loaded the first time one of its
keys is said, so importing the grader (results, the sandbox, a question) loads none. A key whose first
part is in a catalogue other than its own, or one defined twice, is refused when its catalogue loads.

`t(key, lang, **params)` formats a message; an unknown language falls back to French, and an unknown
key is a bug (KeyError), so that no message is silently lost. A number's field may choose between a
singular and a plural, `{n:état|états}` (`#` in either stands for the number): French counts 0 and 1
as singular, English only 1. A name after French "de" is written `{name:de}`: "de Bruno", "d'Élise"
(elided before a vowel). A float parameter is written with the language's decimal mark (`0,25` in
French); `local_time` says a moment in the reader's local time.

argparse's own strings (usage, errors, help headings) are translated too, by `argparse_language`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import string
import threading
from datetime import datetime, timezone

from grader import registry
from grader.caches import cached
from grader.text.message import Message

LANGS = ("fr", "en")
# The first letters before which French "de" becomes "d'" (a mute h is left out: "de Hugo" as "de Hélène"
# cannot be told apart by a letter).
ELIDED = frozenset("aàâäeéèêëiîïoôöuùûüyÿæœ")

# Which module defines the messages whose keys start with these first parts (adding a catalogue is one
# line here).
CATALOGUES: dict[str, tuple[str, ...]] = {
    "grader.text.i18n.core": (
        "status",
        "submission",
        "engine",
        "warning",
        "intake",
        "error",
        "results",
        "resume",
        "roster",
        "time",
        "isolation",
        "settings",
    ),
    "grader.text.i18n.commands": ("cli", "kit", "solve"),
    "grader.text.i18n.reports": ("report",),
    "grader.text.i18n.exports": ("export", "similarity", "marks", "pdf", "canvas", "moodle"),
    "grader.text.i18n.service": ("service", "executor"),
}


def family_catalogues() -> tuple[str, ...]:
    """The question families' messages: keys that start with a question's id or a family's name (q18.title,
    taquin.grid), every first part the catalogues above do not claim. Each family of the registry has its
    own (grader/registry.py `messages_module`); they are loaded together, the first time one of their keys
    is said."""
    return tuple(registry.messages_module(family) for family in registry.families(extensions=True))


_OWNER = {first: module for module, firsts in CATALOGUES.items() for first in firsts}
if len(_OWNER) != sum(map(len, CATALOGUES.values())):
    raise RuntimeError("a first part of message keys is claimed by two catalogues")

messages: dict[str, dict[str, str]] = {}  # the catalogues loaded so far, merged
loaded: set[str] = set()
_loading = threading.RLock()  # the service says messages from several threads


def _load(module: str) -> None:
    with _loading:
        if module not in loaded:
            add(importlib.import_module(module).MESSAGES, module)
            loaded.add(module)


def add(part: dict[str, dict[str, str]], module: str) -> None:
    """Merge a catalogue's messages, refusing a key of another catalogue's or one already defined (it
    would silently say only one of its texts)."""
    family = module not in CATALOGUES
    strays = sorted(key for key in part if _OWNER.get(key.split(".")[0]) != (None if family else module))
    if strays:
        raise RuntimeError(f"message keys in the wrong catalogue ({module}): {', '.join(strays)}")
    twice = sorted(set(part) & set(messages))
    if twice:
        raise RuntimeError(f"message keys defined twice ({module}): {', '.join(twice)}")
    messages.update(part)


def _entry(key: str) -> dict[str, str]:
    """The key's texts by language (KeyError: no catalogue defines it), its catalogue loaded if need be."""
    found = messages.get(key)
    if found is None:
        owner = _OWNER.get(key.split(".")[0])
        for module in (owner,) if owner else family_catalogues():
            _load(module)
        found = messages[key]
    return found


def defined(key: str) -> bool:
    """Whether a catalogue defines `key`."""
    try:
        _entry(key)
    except KeyError:
        return False
    return True


def everything() -> dict[str, dict[str, str]]:
    """Every message of every catalogue (for the checks of the catalogues themselves)."""
    for module in (*CATALOGUES, *family_catalogues()):
        _load(module)
    return messages


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, format_spec: str):
        if format_spec == "de":  # French "de" before a name, elided before a vowel
            text = str(value)
            return ("d'" if text[:1].casefold() in ELIDED else "de ") + text
        if format_spec == "num":  # points: at most two decimals, a decimal comma in French
            text = f"{value:.2f}".rstrip("0").rstrip(".")
            return text.replace(".", ",") if self.lang == "fr" else text
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            singular = abs(value) < 2 if self.lang == "fr" else value == 1
            return (one if singular else many).replace("#", decimal(value, self.lang))
        if type(value) is float and not format_spec:
            return decimal(value, self.lang)
        return super().format_field(value, format_spec)


def decimal(value, lang: str) -> str:
    """A number as Python writes it, with the language's decimal mark (0.25 -> "0,25" in French), a
    whole float without its ".0" (12.0 -> "12")."""
    if type(value) is float and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    text = str(value)
    return text.replace(".", ",") if lang == "fr" and type(value) is float else text


def local_time(moment: datetime | float | str, lang: str) -> str:
    """A moment (a datetime, a POSIX timestamp, or an ISO 8601 text with its offset, as results.json
    keeps it) in this machine's local time, as `lang` writes dates, with the zone's name."""
    if isinstance(moment, str):
        try:
            moment = datetime.fromisoformat(moment)
        except ValueError:
            return str(moment)  # not a date the grader wrote: shown as it is
    elif not isinstance(moment, datetime):
        moment = datetime.fromtimestamp(moment, timezone.utc)
    if moment.tzinfo is None:  # a naive moment is UTC, as everything the grader records
        moment = moment.replace(tzinfo=timezone.utc)
    local = moment.astimezone()
    return t(
        "time.local",
        lang,
        date=local.strftime(t("time.date_format", lang)),
        time=local.strftime("%H:%M"),
        zone=local.tzname() or "",
    )


def t(key: str, lang: str = "fr", /, **params) -> str:
    return _formatted(key, lang, params) if params else _constant(key, lang)


@cached
def _constant(key: str, lang: str) -> str:
    """A message without parameters, formatted once: a class's report asks for its labels tens of
    thousands of times."""
    return _formatted(key, lang, {})


def _formatted(key: str, lang: str, params: dict) -> str:
    entry = _entry(key)
    lang = lang if lang in entry else "fr"
    params = {k: say(v, lang) if isinstance(v, Message) else v for k, v in params.items()}
    return _Formatter(lang).format(entry[lang], **params)


def say(message: Message | None, lang: str) -> str:
    """A result's message in `lang` ("" for none)."""
    return t(message.key, lang, **message.params) if message is not None else ""


def title(key: str, lang: str) -> str:
    """A question's or a check group's title from its key in a result (the key itself when the
    catalogue has none: a question id a barème named)."""
    return t(key, lang) if defined(key) else key.removesuffix(".title")


_process_lang = "fr"


def use(lang: str) -> None:
    """The language of messages said outside any command's own output (e.g. the solver building its
    tables), as the command line asked for."""
    global _process_lang
    _process_lang = lang if lang in LANGS else "fr"


def current() -> str:
    return _process_lang


def lang_of(argv: list[str], default: str = "fr") -> str:
    """The language a command line asks for (`--lang en`, `--lang=en`), read before parsing it, so
    that the parser itself (help, errors) speaks it."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        value = (
            argv[index + 1]
            if word == "--lang" and index + 1 < len(argv)
            else word.split("=", 1)[1]
            if word.startswith("--lang=")
            else None
        )
        if value in LANGS:
            return value
    return default


# argparse's own strings (its gettext message ids), in French.
ARGPARSE_FR = {
    "usage: ": "usage : ",
    "positional arguments": "arguments positionnels",
    "options": "options",
    "optional arguments": "options",
    "show this help message and exit": "afficher cette aide et quitter",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "the following arguments are required: %s": "arguments obligatoires manquants : %s",
    "unrecognized arguments: %s": "arguments non reconnus : %s",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "choix invalide : %(value)r (choisir parmi %(choices)s)",
    "invalid %(type)s value: %(value)r": "valeur invalide pour %(type)s : %(value)r",
    "expected one argument": "une valeur est attendue",
    "expected at least one argument": "au moins une valeur est attendue",
    "expected at most one argument": "au plus une valeur est attendue",
    "expected %s argument": "%s valeur attendue",
    "expected %s arguments": "%s valeurs attendues",
    "ambiguous option: %(option)s could match %(matches)s": "option ambiguë : %(option)s peut désigner %(matches)s",
    "not allowed with argument %s": "interdit avec l'argument %s",
    "one of the arguments %s is required": "l'un des arguments %s est obligatoire",
    "ignored explicit argument %r": "argument explicite ignoré : %r",
    "can't open '%(filename)s': %(error)s": "impossible d'ouvrir « %(filename)s » : %(error)s",
    "show program's version number and exit": "afficher la version et quitter",
}


@contextlib.contextmanager
def argparse_language(lang: str):
    """While parsing, argparse's own strings in `lang` (argparse looks them up through its module's
    `_` and `ngettext`, the standard gettext hooks; English is its own text)."""
    if lang != "fr":
        yield
        return
    hooks = vars(argparse)  # (typeshed does not list these two names of argparse's)
    saved = hooks["_"], hooks["ngettext"]

    def ngettext(one, many, n):
        return ARGPARSE_FR.get(one if n == 1 else many, one if n == 1 else many)

    hooks["_"] = lambda text: ARGPARSE_FR.get(text, text)
    hooks["ngettext"] = ngettext
    try:
        yield
    finally:
        hooks["_"], hooks["ngettext"] = saved
