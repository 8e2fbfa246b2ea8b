"""A search replay (grader/questions/jeux/replay.py) as people read it: the terminal's compact lines, and
the view the HTML pages draw (both sides by group, the first divergence, the game by depth with the
visit numbers). Everything is read from results' plain data, which may come from an older or damaged
file: a replay that does not read is left out (`view` returns None), the check's message still shows."""

from __future__ import annotations

import json
import textwrap
from collections import deque

from grader.text import i18n
from grader.text.message import Message
from reports import drawing

# The terminal shows the calls just before the divergence, not the whole sequences.
TERMINAL_CALLS = 8
WRAP = 110  # a passed check's replay is printed whole: its groups' lines wrapped at this width
# The calls by their initial: q4/q7/q10's `final` and `suivants`, x1's `heuristic` and `next_states`; a
# state's first `final` or `heuristic` call is the visit number the drawing writes under it.
CALL = {"f": "final", "s": "suivants", "h": "heuristic", "n": "next_states"}
ENTRY = ("f", "h")
# What a student's pass was seen to do (jeux_replay.observed), in the order the label says it.
SEEN = ("reach", "cut", "goal")
# The game by depth: a drawing of at most this many states and levels (the crafted games have 20 at most).
GRAPH_MAX_STATES = 40
GRAPH_MAX_LEVELS = 12


def algorithm_name(name: str, lang: str) -> str:
    return i18n.t(f"jeux.algo_{name}", lang) if i18n.defined(f"jeux.algo_{name}") else str(name)


def _seen(group: dict, lang: str) -> str:
    """What a pass was seen to do, with p + h: the largest expanded, the smallest cut, the goal's."""
    said = [i18n.t(f"jeux.replay_seen_{key}", lang, **{key: int(group[key])}) for key in SEEN if key in group]
    return ", ".join(said) or i18n.t("jeux.replay_seen_nothing", lang)


def _group_label(side: str, replay: dict, group: dict, lang: str) -> str:
    """A level by its depth; the algorithm's pass by its bound m; the student's pass by what it was seen to
    reach (its depth, or its p + h), never by a bound their code is supposed to have had."""
    algorithm, bound = replay["algorithm"], group.get("bound")
    with_h = algorithm == "idastar"
    if algorithm == "bfs" and side == "expected" or side == "student" and replay["seen"] == "bfs":
        return i18n.t("jeux.replay_level", lang, bound=bound) if bound is not None else i18n.t("jeux.replay_pass", lang)
    if side == "expected":
        if with_h and bound is not None:
            return i18n.t("jeux.replay_pass_m_seen", lang, bound=bound, seen=_seen(group, lang))
        return (
            i18n.t("jeux.replay_pass_m", lang, bound=bound) if bound is not None else i18n.t("jeux.replay_pass", lang)
        )
    if with_h:
        # Older results kept a p + h reach in `bound`, which read as the code's bound: said as a pass only.
        seen = any(key in group for key in SEEN) or "bound" not in group
        return (
            i18n.t("jeux.replay_pass_seen", lang, seen=_seen(group, lang)) if seen else i18n.t("jeux.replay_pass", lang)
        )
    return i18n.t("jeux.replay_reach", lang, bound=bound) if bound is not None else i18n.t("jeux.replay_pass", lang)


def _call_text(call, names: dict) -> str:
    name, *args = call
    return f"{names[name]}({', '.join(map(str, args))})"


def _key(state) -> str:
    """A state as the drawing keys it: JSON text tells 1 and "1" apart."""
    return json.dumps(state, ensure_ascii=False, sort_keys=True)


def _side(side: str, replay: dict, step: int | None, lang: str) -> dict:
    """A side's groups and calls; with a `step` (a divergence), its call marked and the later ones apart."""
    data = replay[side]
    names = {**CALL, **replay.get("calls", {})}  # older results name q4/q7/q10's calls by CALL alone
    groups: list[dict] = []
    n = 0
    for group in data["groups"]:
        calls = []
        for call in group["calls"]:
            mark, after = step is not None and n == step, step is not None and n > step
            calls.append(
                {
                    "text": _call_text(call, names),
                    "n": n + 1,
                    "mark": mark,
                    "after": after,
                    "key": _key(call[1]),
                    "entry": call[0] in ENTRY,
                }
            )
            n += 1
        groups.append({"label": _group_label(side, replay, group, lang), "calls": calls})
    more = i18n.t("jeux.replay_cut", lang, length=data["length"]) if data["length"] > n else ""
    end = next((c["n"] for g in groups for c in g["calls"] if c["mark"]), None)  # the marked call's number
    return {"groups": groups, "more": more, "count": n, "end": end}


def view(replay, lang: str) -> dict | None:
    """The replay's view for the pages and the terminal, or None when the data does not read as one. A
    replay without a divergence (`step` None: a passed check replayed on request) marks no call."""
    if not isinstance(replay, dict):
        return None
    try:
        step = None if replay["step"] is None else int(replay["step"])
        expected_step = replay.get("expected_step", step)  # x1 marks each side's own call there
        student = _side("student", replay, step, lang)
        expected = _side("expected", replay, None if expected_step is None else int(expected_step), lang)
        algorithm = algorithm_name(replay["algorithm"], lang)
        seen = algorithm_name(replay["seen"], lang)
        marked = [c["text"] for g in student["groups"] for c in g["calls"] if c["mark"]]
        theirs = [c["text"] for g in expected["groups"] for c in g["calls"] if c["mark"]]
        # Older results name no game: their replay is said without its number.
        number = {"game": int(replay["game"]), "games": int(replay["games"])} if "game" in replay else None
        return {
            "title": i18n.t("jeux.replay_title", lang),
            "student_label": i18n.t("jeux.replay_student", lang, seen=seen),
            "expected_label": i18n.t("jeux.replay_expected", lang, algorithm=algorithm),
            "student": student,
            "expected": expected,
            "step": step,
            "start": 1 if step is None else step + 1,
            "game": i18n.t("jeux.replay_game", lang, **number) if number else "",
            "first": i18n.t("jeux.replay_none", lang)
            if step is None
            else i18n.t("jeux.replay_first", lang, step=step + 1, call=marked[0] if marked else "…")
            if not theirs or expected_step is None
            else i18n.t(
                "jeux.replay_first_both",
                lang,
                step=step + 1,
                call=marked[0] if marked else "…",
                expected_step=int(expected_step) + 1,
                expected=theirs[0],
            ),
            "why": i18n.say(Message.from_dict(replay["why"]), lang),
        }
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def graph(visual, shown: dict) -> dict | None:
    """The game by depth (levels from the initial state, as its edges give them) with, on each state,
    the number of the call that first tested it on each side, and the state where they part; None for
    a game too large to draw legibly or a visual that does not read."""
    game = _game(visual)
    if game is None:
        return None
    initial, edges, labels, finals = game
    depth = _depths(initial, edges)
    if len(labels) > GRAPH_MAX_STATES or len(depth) < len(labels) or max(depth.values()) >= GRAPH_MAX_LEVELS:
        return None
    levels = _levels(initial, edges, depth)
    r, dx, dy = 17, 62, 72
    width = max(260, dx * max(map(len, levels)))
    pos = {
        k: (width * (i + 0.5) / len(level), 28 + r + dy * d)
        for d, level in enumerate(levels)
        for i, k in enumerate(level)
    }
    texts, legend = drawing.fitted(list(dict.fromkeys(labels[k] for k in pos)), 2 * r)
    first = [_first_tests(shown[side]) for side in ("student", "expected")]
    marked = [c["key"] for g in shown["student"]["groups"] for c in g["calls"] if c["mark"]]
    nodes = [
        {
            "key": k,
            "x": x,
            "y": y,
            "label": texts[labels[k]]["text"],
            "size": texts[labels[k]]["size"],
            "full": labels[k],
            "initial": k == initial,
            "final": k in finals,
            "student": first[0].get(k, "–"),
            "expected": first[1].get(k, "–"),
            "diverge": bool(marked) and k == marked[0],
        }
        for k, (x, y) in pos.items()
    ]
    return {
        "nodes": nodes,
        "edges": [_edge_path(pos[a], pos[b], r) for a, b in edges],
        "width": width,
        "height": 28 + 2 * r + dy * (len(levels) - 1) + 30,
        "r": r,
        "legend": legend,
    }


def _game(visual) -> tuple[str, list[tuple[str, str]], dict[str, str], set[str]] | None:
    """A game's visual read: its initial state, its distinct edges in order, each state's label and the
    final states, by key; None when it does not read as one."""
    try:
        initial = _key(visual["initial"])
        edges: list[tuple[str, str]] = []
        for a, b in visual.get("edges") or []:
            edge = (_key(a), _key(b))
            if edge not in edges:
                edges.append(edge)
        labels = {_key(s): str(s) for pair in visual.get("edges") or [] for s in pair}
        labels[initial] = str(visual["initial"])
        finals = {_key(f) for f in visual.get("finals") or []}
    except (KeyError, TypeError, ValueError):
        return None
    return initial, edges, labels, finals


def _depths(initial: str, edges: list[tuple[str, str]]) -> dict[str, int]:
    """Each state's distance from the initial one (breadth first), for those it reaches."""
    depth = {initial: 0}
    queue = deque([initial])
    while queue:
        a = queue.popleft()
        for x, y in edges:
            if x == a and y not in depth:
                depth[y] = depth[a] + 1
                queue.append(y)
    return depth


def _levels(initial: str, edges: list[tuple[str, str]], depth: dict[str, int]) -> list[list[str]]:
    """The states level by level, each level in the order of its states' parents on the level above
    (then of the parent's edges), so that a tree's edges do not cross."""
    levels: list[list[str]] = [[initial]]
    for d in range(1, max(depth.values()) + 1):
        rank: dict[str, tuple[int, int]] = {}
        for i, parent in enumerate(levels[-1]):
            children = [y for x, y in edges if x == parent and depth[y] == d]
            for j, child in enumerate(children):
                rank.setdefault(child, (i, j))
        levels.append(sorted(rank, key=rank.__getitem__))
    return levels


def _first_tests(side: dict) -> dict[str, int]:
    """Each state's number of the first `final` call on it, in a side's shown calls."""
    first: dict[str, int] = {}
    for group in side["groups"]:
        for call in group["calls"]:
            if call["entry"]:
                first.setdefault(call["key"], call["n"])
    return first


def _edge_path(a: tuple[float, float], b: tuple[float, float], r: float) -> str:
    """An SVG path from state a to state b, stopping at b's circle: straight down a level, a loop for a
    self-loop, a curve for an edge to the same or an earlier level."""
    (x1, y1), (x2, y2) = a, b
    if a == b:
        return f"M{x1 + r:.1f},{y1 - 4:.1f} C{x1 + 2.6 * r:.1f},{y1 - 2 * r:.1f} {x1 + 2.6 * r:.1f},{y1 + 2 * r:.1f} {x1 + r:.1f},{y1 + 6:.1f}"
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1.0
    if y2 > y1:  # downwards: straight
        ex, ey = x2 - (x2 - x1) * (r + 3) / length, y2 - (y2 - y1) * (r + 3) / length
        sx, sy = x1 + (x2 - x1) * r / length, y1 + (y2 - y1) * r / length
        return f"M{sx:.1f},{sy:.1f} L{ex:.1f},{ey:.1f}"
    cx, cy = (x1 + x2) / 2 + 40, (y1 + y2) / 2 - 30
    return f"M{x1:.1f},{y1 - r:.1f} Q{cx:.1f},{cy:.1f} {x2 + r:.1f},{y2 - 4:.1f}"


def asked_algorithms() -> dict[str, tuple[str, str]]:
    """The search questions whose failed check carries a replay (q4, q7, q10, x1): the algorithm each
    asks for, and that check's name (passing it means that algorithm: each judges the served trace)."""
    from grader.registry import all_questions  # the question modules, only where a class page needs them

    return {
        q.id: (q.replay_algorithm, q.replay_check)
        for q in all_questions(extensions=True)
        if getattr(q, "replay_check", None)
    }


def class_algorithms(submissions, hrefs: list[str], lang: str) -> list[dict]:
    """Per search question, how many copies the grader recognised as each algorithm (a passed algorithm
    check is the requested one; a failed one is what its replay
    recognised), most frequent first, each with a link to one copy's replay (the first in the class's
    order; for a passed check, only when passed checks were replayed on request). Copies whose search could not be
    read (not written, stopped, crashed) are counted apart."""
    asked = asked_algorithms()
    found: dict[str, dict[str, dict]] = {}
    unread: dict[str, int] = {}
    for sub, href in zip(submissions, hrefs):
        if not sub.has_grade:
            continue
        for q in sub.questions:
            if q.id not in asked:
                continue
            algorithm, check_name = asked[q.id]
            check = next((c for c in q.checks if c.name == check_name), None)
            if check is None:
                continue
            data = check.visual.get("replay") if isinstance(check.visual, dict) else None
            if check.passed:  # replayed only on request (--replay): then linked too
                name, link = algorithm, f"{href}#{q.id}" if isinstance(data, dict) else None
            elif isinstance(data, dict) and isinstance(data.get("seen"), str):
                name, link = data["seen"], f"{href}#{q.id}"
            else:
                unread[q.id] = unread.get(q.id, 0) + 1
                continue
            group = found.setdefault(q.id, {}).setdefault(name, {"count": 0, "href": link})
            group["count"] += 1
    return [
        {
            "id": qid,
            "groups": [
                {
                    "label": algorithm_name(name, lang),
                    "asked": name == asked[qid][0],
                    "count": group["count"],
                    "href": group["href"],
                }
                for name, group in sorted(found.get(qid, {}).items(), key=lambda item: (-item[1]["count"], item[0]))
            ],
            "unread": unread.get(qid, 0),
        }
        for qid in asked
        if qid in found or qid in unread
    ]


def _count(n: int, lang: str) -> str:
    """A count with its thousands set apart as the language writes them (5 247, 5,247)."""
    return f"{n:,}".replace(",", "\u202f" if lang == "fr" else ",")


def passes_view(passes, lang: str) -> dict | None:
    """q18's passes (grader/questions/taquin/passes.py) for the pages and the terminal: one row per pass
    with each side's bound and nodes, the first that differs marked, and the sentence saying where."""
    if not isinstance(passes, dict):
        return None
    try:
        student, expected, first = passes["student"], passes["expected"], passes["first"]
        rows = []
        for k in range(max(len(student), len(expected))):
            mine = student[k] if k < len(student) else None
            theirs = expected[k] if k < len(expected) else None
            rows.append(
                {
                    "k": k + 1,
                    "student": f"{mine[0]} ({_count(mine[1], lang)})" if mine else "",
                    "expected": f"{theirs[0]} ({_count(theirs[1], lang)})" if theirs else "",
                    "differs": first is not None and k >= first,
                    "first": k == first,
                }
            )
        if first is None:
            said = i18n.t("q18.passes_same", lang)
        elif first < min(len(student), len(expected)):
            said = i18n.t("q18.passes_first", lang, k=first + 1, got=student[first][0], expected=expected[first][0])
        elif first == len(student):
            bounds = ", ".join(str(m) for m, _ in expected[first:])
            said = i18n.t("q18.passes_fewer", lang, k=first, bounds=bounds)
        else:
            said = i18n.t("q18.passes_more", lang, k=first + 1)
        more = passes["student_length"] - len(student)
        # A deep state's passes asked for (--replay N) say which state; a failure's are its own case's.
        number = {"game": int(passes["game"]), "games": int(passes["games"])} if "game" in passes else None
        return {
            "title": i18n.t("q18.passes_title", lang),
            "game": i18n.t("jeux.replay_game", lang, **number) if number else "",
            "same": first is None,
            "rows": rows,
            "said": said,
            "more": i18n.t("q18.passes_cut", lang, n=passes["student_length"]) if more > 0 else "",
        }
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def passes_lines(passes, lang: str, indent: int = 9) -> list[str]:
    """The terminal's form of q18's passes: the sentence, then each side's bounds (nodes) up to the first
    pass that differs (all of them when none does)."""
    shown = passes_view(passes, lang)
    if shown is None:
        return []
    colon = i18n.t("cli.colon", lang)
    pad = " " * indent
    upto = [r for r in shown["rows"] if not r["differs"] or r["first"]]
    upto = upto if shown["same"] else upto[-TERMINAL_CALLS:]
    game = f" ({shown['game']})" if shown["game"] else ""

    def side(key: str) -> str:
        return ", ".join(f"» {r[key]} «" if r["first"] and r[key] else r[key] for r in upto if r[key])

    return [
        f"{pad}{shown['said']}{game}",
        f"{pad}  {i18n.t('q18.passes_student', lang)}{colon}{side('student')}",
        f"{pad}  {i18n.t('q18.passes_expected', lang)}{colon}{side('expected')}",
    ]


def terminal_lines(replay, lang: str, indent: int = 9) -> list[str]:
    """The compact form: the first divergence, the two sequences up to it (each up to its own marked
    call; their last TERMINAL_CALLS calls), and what the algorithm does there. Without a divergence (a
    passed check replayed on request), both sides whole as kept, one group a line."""
    shown = view(replay, lang)
    if shown is None:
        return []
    colon = i18n.t("cli.colon", lang)
    pad = " " * indent
    game = f" ({shown['game']})" if shown["game"] else ""
    if shown["step"] is None:
        lines = [f"{pad}{shown['first']}{game} — {shown['why']}"]
        for side in ("student", "expected"):
            lines.append(f"{pad}  {shown[side + '_label']}")
            for group in shown[side]["groups"]:
                calls = " ".join(c["text"] for c in group["calls"])
                lines.extend(
                    textwrap.wrap(
                        f"{group['label']}{colon}{calls}",
                        WRAP,
                        initial_indent=f"{pad}    ",
                        subsequent_indent=f"{pad}      ",
                        break_on_hyphens=False,
                    )
                )
            if shown[side]["more"]:
                lines.append(f"{pad}    {shown[side]['more']}")
        return lines

    def upto(side: dict) -> str:
        words = []
        end = side["end"] or shown["step"] + 1
        for group in side["groups"]:
            calls = [c for c in group["calls"] if c["n"] <= end]
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
        f"{pad}{shown['first']}{game}",
        f"{pad}  {shown['student_label']:{width}}{colon}{upto(shown['student'])}",
        f"{pad}  {shown['expected_label']:{width}}{colon}{upto(shown['expected'])}",
        f"{pad}  → {shown['why']}",
    ]


def search_view(search, lang: str) -> dict | None:
    """q17's diagnosis (grader/questions/taquin/diagnosis.py) for the pages and the terminal: the sentence,
    the states each side visited, and where there is one, the state where the student's dfs left DFS* with
    the path from the call's start to it; None when the data does not read."""
    if not isinstance(search, dict):
        return None
    try:
        key = "q17.search_nodes_cut" if search["stopped"] else "q17.search_nodes"
        nodes = {"student": _count(int(search["nodes"]), lang), "model": _count(int(search["model_nodes"]), lang)}
        shown: dict = {
            "title": i18n.t("q17.search_title", lang),
            "why": i18n.say(Message.from_dict(search["why"]), lang),
            "nodes": i18n.t(key, lang, **nodes),
            "board": None,
            "trail": "",
        }
        trail, upto = [str(move) for move in search["trail"]], int(search["trail_length"])
        if trail:
            said = i18n.t("q17.search_trail", lang, first=upto - len(trail) + 1, last=upto)
            shown["trail"] = f"{said}{i18n.t('cli.colon', lang)}{', '.join(trail)}"
        if "state" in search:
            board = drawing.path_view(search["start"], search["moves"], search["length"], search["state"])
            if board is not None:
                p, h, m = int(search["p"]), int(search["h"]), int(search["m"])
                shown.update(
                    board=board,
                    state=i18n.t("q17.search_state", lang, p=p, h=h, f=p + h, m=m),
                    root=i18n.t("q17.search_root", lang, p=int(search["p0"]), h=board["path"]["h"][0]),
                    moves=i18n.t("q17.search_moves", lang, n=int(search["length"])),
                )
        return shown
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def search_lines(search, lang: str, indent: int = 9) -> list[str]:
    """The terminal's form of q17's diagnosis: the sentence, the state's numbers and the moves from the
    call's start to it (the last TERMINAL_CALLS * 2), the states visited."""
    shown = search_view(search, lang)
    if shown is None:
        return []
    pad = " " * indent
    lines = [f"{pad}{shown['title']}", f"{pad}  → {shown['why']}"]
    if shown["board"] is not None:
        path = shown["board"]["path"]
        kept = path["moves"][-2 * TERMINAL_CALLS :]
        cut = ["…"] if len(kept) < path["length"] else []
        colon = i18n.t("cli.colon", lang)
        lines.append(f"{pad}  {shown['state']}")
        lines.append(f"{pad}  {shown['moves']}{colon if kept else ''}{', '.join([*cut, *kept])}")
    if shown["trail"]:
        lines.append(f"{pad}  {shown['trail']}")
    lines.append(f"{pad}  {shown['nodes']}")
    return lines
