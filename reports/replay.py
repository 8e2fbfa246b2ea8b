"""A search replay (grader/questions/jeux_replay.py) as people read it: the terminal's compact lines, and
the view the HTML pages draw (both sides by group, the first divergence, the game by depth with the
visit numbers). Everything is read from results' plain data, which may come from an older or damaged
file: a replay that does not read is left out (`view` returns None), the check's message still shows."""

from __future__ import annotations

from grader import i18n
from grader.i18n import Message

# The terminal shows the calls just before the divergence, not the whole sequences.
TERMINAL_CALLS = 8
CALL = {"f": "final", "s": "suivants"}
# The game by depth: a drawing of at most this many states and levels (the crafted games have 20 at most).
GRAPH_MAX_STATES = 40
GRAPH_MAX_LEVELS = 12


def algorithm_name(name: str, lang: str) -> str:
    return i18n.t(f"jeux.algo_{name}", lang) if f"jeux.algo_{name}" in i18n.CATALOGUE else str(name)


def _group_label(side: str, replay: dict, bound, lang: str) -> str:
    algorithm = replay["algorithm"]
    if side == "expected":
        key = "jeux.replay_level" if algorithm == "bfs" else "jeux.replay_pass_m"
    elif replay["seen"] == "bfs":
        key = "jeux.replay_level"
    elif replay["seen"] in ("ids", "idastar", "dfs", "passes"):
        key = "jeux.replay_reach_f" if algorithm == "idastar" else "jeux.replay_reach"
    else:
        return i18n.t("jeux.replay_sweep", lang)
    return i18n.t(key, lang, bound=bound) if bound is not None else i18n.t("jeux.replay_pass", lang)


def _call_text(call) -> str:
    name, state = call
    return f"{CALL[name]}({state})"


def _side(side: str, replay: dict, step: int, lang: str) -> dict:
    data = replay[side]
    groups, n = [], 0
    for group in data["groups"]:
        calls = []
        for call in group["calls"]:
            calls.append({"text": _call_text(call), "n": n + 1, "mark": n == step, "after": n > step})
            n += 1
        groups.append({"label": _group_label(side, replay, group["bound"], lang), "calls": calls})
    more = i18n.t("jeux.replay_cut", lang, length=data["length"]) if data["length"] > n else ""
    return {"groups": groups, "more": more, "count": n}


def view(replay, lang: str) -> dict | None:
    """The replay's view for the pages and the terminal, or None when the data does not read as one."""
    if not isinstance(replay, dict):
        return None
    try:
        step = int(replay["step"])
        student = _side("student", replay, step, lang)
        expected = _side("expected", replay, step, lang)
        algorithm = algorithm_name(replay["algorithm"], lang)
        seen = algorithm_name(replay["seen"], lang)
        marked = [c["text"] for g in student["groups"] for c in g["calls"] if c["mark"]]
        return {
            "title": i18n.t("jeux.replay_title", lang),
            "student_label": i18n.t("jeux.replay_student", lang, seen=seen),
            "expected_label": i18n.t("jeux.replay_expected", lang, algorithm=algorithm),
            "student": student,
            "expected": expected,
            "step": step,
            "first": i18n.t("jeux.replay_first", lang, step=step + 1, call=marked[0] if marked else "…"),
            "why": Message.from_dict(replay["why"]).text(lang),
        }
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def terminal_lines(replay, lang: str, indent: int = 9) -> list[str]:
    """The compact form: the first divergence, the two sequences up to it (their last TERMINAL_CALLS
    calls), and what the algorithm does there."""
    shown = view(replay, lang)
    if shown is None:
        return []
    colon = i18n.t("cli.colon", lang)
    pad = " " * indent

    def upto(side: dict) -> str:
        words = []
        for group in side["groups"]:
            calls = [c for c in group["calls"] if c["n"] <= shown["step"] + 1]
            if calls:
                words.append(f"[{group['label']}]")
            words.extend(f"» {c['text']} «" if c["mark"] else c["text"] for c in calls)
        # Keep the group label in front of the last calls kept.
        kept = words[-(TERMINAL_CALLS + 1) :]
        if len(kept) < len(words):
            label = next((w for w in reversed(words[: len(words) - len(kept)]) if w.startswith("[")), None)
            kept = ["…", *([label] if label and not kept[0].startswith("[") else []), *kept]
        return " ".join(kept)

    width = max(len(shown["student_label"]), len(shown["expected_label"]))
    return [
        f"{pad}{shown['first']}",
        f"{pad}  {shown['student_label']:{width}}{colon}{upto(shown['student'])}",
        f"{pad}  {shown['expected_label']:{width}}{colon}{upto(shown['expected'])}",
        f"{pad}  → {shown['why']}",
    ]
