"""The toy family's messages (tests/toy/cube/questions.py), in French and English: found through the registry."""

MESSAGES: dict[str, dict[str, str]] = {
    "q19.title": {"fr": "Q19 — double", "en": "Q19 — double"},
    "q19.double": {"fr": "double(n) renvoie 2n", "en": "double(n) returns 2n"},
    "q19.wrong": {"fr": "double({n}) ne renvoie pas le double de {n}", "en": "double({n}) does not return twice {n}"},
}
