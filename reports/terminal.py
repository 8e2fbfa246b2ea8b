"""The student's view of a graded submission in a terminal (`grader check`, `grader submit`), beside the
HTML pages and the exports: values in Python's syntax, taquin grids drawn, a reason shared by several
questions said once, and every student string made harmless to the terminal (grader/text/terminal.py)."""

from __future__ import annotations

from grader.text import display, i18n
from grader.text.display import shared_failure
from grader.results.gradebook import DECIMAL, number
from grader.text.terminal import printable
from reports import replay


def format_result(result, lang: str) -> str:
    """The student's view in a terminal: a question stopped by one reason (a missing file or function,
    a stub, a failed import) is one line, a reason already given for an earlier question is referred to."""
    lines = []
    colon = i18n.t("cli.colon", lang)
    said: dict[str, str] = {}  # a shared reason -> the first question it was given for
    decimal = DECIMAL.get(lang, ",")
    for q in result.questions:
        score = f"{number(q.score, decimal):>5}/{number(q.max, decimal)}"
        head = f"{q.id:4} {i18n.title(q.title, lang):45} {score}  {i18n.t(f'status.{q.status}', lang)}"
        shared = i18n.say(shared_failure(q.checks), lang)
        if shared:
            first, *rest = shared.splitlines()
            if shared in said:
                lines.append(f"{head}{colon}{first.rstrip(' :')} {i18n.t('cli.see', lang, qid=said[shared])}")
                continue
            said[shared] = q.id
            lines.append(f"{head}{colon}{first}")
            lines.extend(_indented(rest, 5))
        else:
            lines.append(head)
            shown: dict[tuple, str] = {}  # a failure already printed for this question -> its check's title
            for check in q.checks:
                title = i18n.title(check.title, lang)
                message = i18n.say(check.message, lang)
                key = (message, *map(display.python_text, (check.counterexample, check.expected, check.got)))
                if check.failed and key in shown:  # a weightless skip is no failure, said on its own line
                    lines.append(f"     ✗ {title}{colon}{i18n.t('cli.same', lang, title=shown[key])}")
                    continue
                shown.setdefault(key, title)
                lines.extend(_check_lines(check, lang))
        lines.extend(f"     ! {i18n.say(warning, lang)}" for warning in q.warnings)
        if q.output.stdout or q.output.stderr:
            lines.append(f"     {i18n.t('cli.output', lang)}{colon}{(q.output.stdout + q.output.stderr)[:200]!r}")
    lines.extend(f"! {i18n.say(warning, lang)}" for warning in result.warnings)
    lines.append(f"{i18n.t('cli.total', lang)}{colon}{number(result.total, decimal)}/{number(result.max, decimal)}")
    # Student text (messages, values, output) is in these lines: its control characters are escaped,
    # and a line break of its own cannot start a line that looks like ours.
    return "\n".join(printable(line, keep_newlines=False) for line in lines)


def _indented(lines: list[str], width: int) -> list[str]:
    # The same indent on every line keeps a traceback's caret under the code it points at.
    return [" " * width + line for line in lines]


def _check_lines(check, lang: str) -> list[str]:
    """A check's mark and message, then what it found (a failed check's values, any replay)."""
    mark = "✓" if check.passed else "–" if check.skipped else "✗"
    colon = i18n.t("cli.colon", lang)
    first, *rest = i18n.say(check.message, lang).splitlines() or [""]
    lines = [f"     {mark} {i18n.title(check.title, lang)}" + (f"{colon}{first}" if first else ""), *_indented(rest, 7)]
    visual = check.visual if isinstance(check.visual, dict) else {}
    if check.passed:  # a replay asked for (--replay) is all a passed check shows
        return [*lines, *_replay_lines(visual, lang)]
    for key, value in (("counterexample", check.counterexample), ("expected", check.expected), ("got", check.got)):
        if value is not None:
            label = f"         {i18n.t('cli.' + key, lang)}{colon.rstrip()}"
            lines.extend(_value_lines(label, key, value, check.counterexample))
    return [*lines, *_replay_lines(visual, lang), *replay.search_lines(visual.get("dfs"), lang)]


def _replay_lines(visual: dict, lang: str) -> list[str]:
    return [*replay.terminal_lines(visual.get("replay"), lang), *replay.passes_lines(visual.get("passes"), lang)]


def _value_lines(label: str, key: str, value, counterexample) -> list[str]:
    """A value a check found, after its label: a taquin grid drawn, a case's named inputs one by one."""
    drawn = display.value_grid(value, counterexample)
    if drawn is not None:
        grid, cell, blank = drawn
        others = {k: v for k, v in value.items() if k not in ("grid", "appel")} if type(value) is dict else {}
        lines = [(f"{label} " + " ; ".join(f"{k} = {_short(v)}" for k, v in others.items())).rstrip()]
        lines.extend(_indented(display.grid_lines(grid, cell, blank), 11))
        if type(value) is dict and type(value.get("appel")) is str:
            lines.append(f"           >>> {value['appel']}")
        return lines
    if key == "counterexample" and type(value) is dict and value and all(type(k) is str for k in value):
        # A case is the named inputs of the call: one `name = value` each.
        return [f"{label} " + " ; ".join(f"{k} = {_short(v)}" for k, v in value.items())]
    return [f"{label} {_short(value)}"]


def _short(value, limit: int = 300) -> str:
    text = display.python_text(value)
    return text if len(text) <= limit else text[:limit] + "…"
