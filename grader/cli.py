"""The `grader` command: a thin layer that parses arguments and calls plain functions.

    grader check PATH [-q q4 ...] [--json] [--html OUT] [--lang fr|en] [--seed N] [--scheme F]
    grader grade CLASS_DIR --out OUT [--workers N] [--resume] [--lang fr|en] [--seed N] [--scheme F]
    grader export OUT [--marks F] [--format F ...] [--to DIR] [--out-of N] [--site-lang fr|en] [--moodle-worksheet F]
    grader gradescope --out ZIP [--seed N] [--scheme F] [-q QID ...] [--lang fr|en]
    grader questions [--lang fr|en]
    grader solve [--convention exam|korf] STATE-or-FILE
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from grader import i18n
from grader.engine import DEFAULT_SEED, Settings
from grader.errors import GraderBug, GraderError, InputError, UsageError
from grader.marks import apply_marks
from grader.questions import all_questions, select
from grader.results import to_dict
from grader.scoring import Scheme
from grader.sandbox.runner import Limits


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=i18n.LANGS, default="fr", help="language of the messages (default: fr)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"seed of the generated cases (default: {DEFAULT_SEED}); keep a class seed private "
                             "to grade on cases no self-check showed")
    parser.add_argument("--scheme", type=Path, help="grading scheme (TOML): points, check weights, time limits")
    parser.add_argument("--memory", type=int, default=1024, help="memory limit of a child, in MiB (default: 1024)")
    parser.add_argument("-q", "--question", dest="questions", action="append", metavar="QID",
                        help="grade only this question (repeatable), e.g. -q q4 -q q7")
    parser.add_argument("--extensions", action="store_true",
                        help="also grade the extension exercises (x1-x4, recherche.py)")


def _settings(args) -> Settings:
    scheme = Scheme.load(args.scheme) if args.scheme else Scheme()
    return Settings(seed=args.seed, lang=args.lang, scheme=scheme,
                    limits=Limits(memory_bytes=args.memory * 1024 * 1024))


def _questions(args, settings: Settings) -> list:
    questions = all_questions(extensions=args.extensions or any(q.startswith("x") for q in args.questions or []))
    questions = select(questions, args.questions)
    settings.scheme.as_dict(questions)  # a scheme naming a check group that does not exist: refused now
    return questions


def _existing(path: Path) -> Path:
    if not path.exists():
        raise InputError("error.path_missing", path=str(path))
    return path


def check_main(args) -> int:
    from grader.grading import grade_path, new_run

    settings = _settings(args)
    questions = _questions(args, settings)
    result = grade_path(_existing(args.path), questions, settings)
    if args.json:
        print(json.dumps(to_dict(result), ensure_ascii=False, indent=1))
    else:
        print(format_result(result, settings.lang))
    if args.html:
        from reports.render import render_student

        run = new_run(settings, questions)
        run.submissions = [result]
        args.html.mkdir(parents=True, exist_ok=True)
        page = render_student(run, result, args.html / "index.html")
        print(i18n.t("cli.report_written", settings.lang, path=page), file=sys.stderr)
    return 0 if all(q.status == "passed" for q in result.questions) else 1


def grade_main(args) -> int:
    from grader.grading import Progress, grade_class
    from grader.submission import find_submissions

    settings = _settings(args)
    questions = _questions(args, settings)
    if args.workers < 0:
        raise UsageError("error.bad_workers", value=args.workers)
    progress = Progress(len(find_submissions(_existing(args.class_dir))))
    try:
        run = grade_class(args.class_dir, args.out, questions, settings, workers=args.workers,
                          resume=args.resume, progress=progress)
    finally:
        progress.close()
    from reports.render import render_class

    index = render_class(apply_marks(run), args.out)
    if args.marks:  # checked once the class is graded: a bad file costs no grading, `grader export` merges it
        from reports.exports import merged_run, publish

        publish(args.out, merged_run(args.out, args.marks), [], _export_options(args))
    print(i18n.t("cli.graded", settings.lang, count=len(run.submissions), out=args.out, index=index))
    return 0


def _export_options(args):
    from reports.exports import Options

    return Options(lang=args.lang, site_lang=getattr(args, "site_lang", None) or args.lang,
                   out_of=getattr(args, "out_of", 20.0), moodle_worksheet=getattr(args, "moodle_worksheet", None),
                   canvas_assignment=getattr(args, "canvas_assignment", None) or Options.canvas_assignment)


def export_main(args) -> int:
    """Merge the hand marks into a graded run and write the exports: no regrading."""
    from reports.exports import FORMATS, merged_run, publish

    if not (args.out_of > 0):
        raise UsageError("export.bad_out_of", value=args.out_of)
    run = merged_run(args.run_dir, args.marks, args.scheme)
    options = _export_options(args)
    written = publish(args.run_dir, run, args.formats or list(FORMATS), options, to=args.to)
    for key, params in options.warnings:
        print("! " + i18n.t(key, args.lang, **params), file=sys.stderr)
    print(i18n.t("export.written_files", args.lang, n=len(written), out=args.to or args.run_dir / "exports"))
    return 0


def gradescope_main(args) -> int:
    from reports.exports.gradescope import build_autograder

    questions = _questions(args, _settings(args))  # scheme and questions checked here, not on Gradescope
    ids = [q.id for q in questions if not q.manual] if args.questions or args.extensions else []
    path = build_autograder(args.out, seed=args.seed, scheme=args.scheme, questions=ids, lang=args.lang,
                            memory_mib=args.memory)
    print(i18n.t("export.gradescope_written", args.lang, path=path, seed=args.seed))
    return 0


def questions_main(args) -> int:
    settings = _settings(args)
    for q in all_questions(extensions=True):
        title = i18n.t(f"{q.id}.title", args.lang)
        points = settings.scheme.points(q)
        if q.manual:
            print(f"{q.id:5} {title}  [{i18n.t('cli.manual', args.lang)}]")
            continue
        tag = f" [{i18n.t('cli.extension', args.lang)}]" if q.extension else ""
        print(f"{q.id:5} {title}  ({points:g} pt){tag}  {q.module}.py: {', '.join(q.functions)}")
        weights = settings.scheme.weights(q)
        total = sum(weights.values()) or 1.0
        for name, weight in weights.items():
            print(f"        {weight / total:4.0%}  {i18n.t(f'{q.id}.{name}', args.lang)}")
    return 0


def format_result(result, lang: str) -> str:
    """The student's view in a terminal."""
    lines = []
    for q in result.questions:
        lines.append(f"{q.id:4} {q.title:45} {q.score:5.2f}/{q.max:g}  {i18n.t('status.' + q.status, lang)}")
        for check in q.checks:
            mark = "✓" if check.passed else "✗"
            lines.append(f"     {mark} {check.title}" + (f" : {check.message}" if check.message else ""))
            if not check.passed:
                for key, value in (("counterexample", check.counterexample), ("expected", check.expected),
                                   ("got", check.got)):
                    if value is not None:
                        text = json.dumps(value, ensure_ascii=False)
                        lines.append(f"         {i18n.t('cli.' + key, lang)} : {text[:300]}")
        for warning in q.warnings:
            lines.append(f"     ! {warning}")
        if q.output.stdout or q.output.stderr:
            lines.append(f"     {i18n.t('cli.output', lang)} : {(q.output.stdout + q.output.stderr)[:200]!r}")
    for warning in result.warnings:
        lines.append(f"! {warning}")
    lines.append(f"{i18n.t('cli.total', lang)} : {result.total:.2f}/{result.max:g}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="grader", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser("check", help="grade one submission (a folder, a .py or a .zip)")
    check.add_argument("path", type=Path)
    check.add_argument("--json", action="store_true", help="print the result as JSON")
    check.add_argument("--html", type=Path, metavar="OUT", help="also write an HTML report in OUT")
    _common(check)
    check.set_defaults(main=check_main)

    grade = commands.add_parser("grade", help="grade a class folder: results.json, grades.csv, HTML reports")
    grade.add_argument("class_dir", type=Path)
    grade.add_argument("--out", type=Path, required=True)
    grade.add_argument("--workers", type=int, default=0, help="parallel workers (default: the number of cores)")
    grade.add_argument("--resume", action="store_true", help="keep the students already graded in OUT")
    grade.add_argument("--marks", type=Path, metavar="FILE",
                       help="hand marks of the written questions (CSV or TOML), merged into the reports")
    _common(grade)
    grade.set_defaults(main=grade_main)

    from reports.exports import FORMATS

    export = commands.add_parser("export", help="merge hand marks and write LMS gradebooks, spreadsheets, "
                                                "feedback, from OUT/results.json (no regrading)")
    export.add_argument("run_dir", type=Path, metavar="OUT", help="the output folder of `grader grade`")
    export.add_argument("--marks", type=Path, metavar="FILE", help="hand marks of the written questions (CSV/TOML)")
    export.add_argument("--format", dest="formats", action="append", choices=list(FORMATS),
                        help="what to write (repeatable; default: all)")
    export.add_argument("--to", type=Path, metavar="DIR", help="where to write them (default: OUT/exports)")
    export.add_argument("--out-of", type=float, default=20.0, help="grades exported on this scale (default: 20)")
    export.add_argument("--site-lang", choices=i18n.LANGS, help="language of the Moodle site (default: --lang)")
    export.add_argument("--moodle-worksheet", type=Path, metavar="CSV",
                        help="the grading worksheet downloaded from Moodle, to fill in (its columns are kept)")
    export.add_argument("--canvas-assignment", metavar="NAME",
                        help='Canvas column header, e.g. "Taquin (1234)" to update assignment 1234')
    export.add_argument("--scheme", type=Path,
                        help="a barème that changes the points of written questions only (no regrading)")
    export.add_argument("--lang", choices=i18n.LANGS, default="fr", help="language of feedback and messages")
    export.set_defaults(main=export_main)

    gradescope = commands.add_parser("gradescope", help="build a Gradescope autograder zip grading with this grader")
    gradescope.add_argument("--out", type=Path, required=True, metavar="ZIP")
    _common(gradescope)
    gradescope.set_defaults(main=gradescope_main)

    questions = commands.add_parser("questions", help="list the questions, their points and check groups")
    _common(questions)
    questions.set_defaults(main=questions_main)

    commands.add_parser("solve", help="optimal 15-puzzle solutions (see grader solve --help)", add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["solve"]:
        from grader.solve import main as solve_main

        return solve_main(argv[1:])
    args = build_parser().parse_args(argv)
    lang = getattr(args, "lang", "fr")
    # The one place errors are caught: said in the user's language, with the status of their branch.
    try:
        return args.main(args)
    except GraderError as exc:
        print(f"grader: {exc.message(lang)}", file=sys.stderr)
        return exc.exit_status
    except Exception as exc:  # noqa: BLE001 - a grader bug: said as such, with what a developer needs
        import traceback

        traceback.print_exc()
        print(f"grader: {i18n.t('error.internal', lang, detail=repr(exc))}", file=sys.stderr)
        return GraderBug.exit_status


if __name__ == "__main__":
    sys.exit(main())
