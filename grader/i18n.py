"""The one catalogue of every message shown to a person, in French (default) and English.

`t(key, lang, **params)` formats a message; an unknown language falls back to French, and an unknown
key is a bug (KeyError), so that no message is silently lost.
"""
from __future__ import annotations

LANGS = ("fr", "en")

CATALOGUE: dict[str, dict[str, str]] = {
    # --- Statuses -------------------------------------------------------------------------------
    "status.passed": {"fr": "réussi", "en": "passed"},
    "status.partial": {"fr": "partiel", "en": "partial"},
    "status.failed": {"fr": "échoué", "en": "failed"},
    "status.error": {"fr": "erreur", "en": "error"},
    "status.timeout": {"fr": "temps dépassé", "en": "timeout"},
    "status.crashed": {"fr": "plantage", "en": "crashed"},
    "status.memory": {"fr": "mémoire dépassée", "en": "out of memory"},
    "status.missing": {"fr": "absent", "en": "missing"},
    "status.not_implemented": {"fr": "non traité", "en": "not implemented"},
}


def t(key: str, lang: str = "fr", /, **params) -> str:
    entry = CATALOGUE[key]
    text = entry.get(lang) or entry["fr"]
    return text.format(**params) if params else text
