"""The `grader` command: a thin layer that parses arguments and calls plain functions.

grader check PATH [-q q4 ...] [--json] [--html OUT] [--replay [N]] [--details] [--lang fr|en] [--seed N] [--scheme F]
grader grade CLASS --out OUT [--workers N] [--resume] [--roster FILE] [--replay [N]] [--lang fr|en] [--seed N] [--scheme F]
grader report OUT [--lang fr|en] [--to DIR] [--marks F] [--unmarked blank|zero]
grader export OUT [--marks F] [--unmarked blank|zero] [--format F ...] [--to DIR] [--out-of N] [--site-lang fr|en] [--moodle-worksheet F]
grader gradescope --out ZIP [--seed N] [--scheme F] [-q QID ...] [--lang fr|en] [--unsafe]
grader similarity CLASS_DIR --out DIR [--boilerplate FILE ...] [--lang fr|en]
grader kit --out DIR | --web DIR [--lang fr|en]
grader serve CLASS_CONFIG [--host H] [--port P]      grader worker CLASS_CONFIG | --broker URL
grader submit PATH --url URL --token TOKEN [--no-wait]
grader questions [--lang fr|en]
grader solve [--convention exam|korf] STATE-or-FILE
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import signal
import sys
from pathlib import Path

from grader.judge.settings import JOB_SECONDS
from grader.judge import expectations
from grader.text import i18n
from grader.text.message import Message
from grader.judge.settings import Settings, fresh_seed
from grader.errors import GraderBug, GraderError, InputError, UsageError, writing
from grader.results.gradebook import shown_name
from grader.text.terminal import printable
from grader.results.marks import Unmarked, apply_marks, waiting_for_marks
from grader.registry import all_questions
from grader.run.jobs import confinement, select
from grader.results.records import Status, SubmissionStatus, isolation_text, private_folder, to_dict
from grader.results.scoring import Scheme
from grader.sandbox.limits import Limits
from grader.sandbox.runner import warm_up
from reports.terminal import format_result


def _common(parser: argparse.ArgumentParser, lang: str) -> None:
    def h(key, **params):
        return i18n.t(f"cli.help.{key}", lang, **params)

    parser.add_argument("--lang", choices=i18n.LANGS, default="fr", help=h("lang"))
    parser.add_argument("--seed", type=int, metavar=h("seed_metavar"), help=h("seed"))
    parser.add_argument("--scheme", type=Path, metavar=h("scheme_metavar"), help=h("scheme"))
    parser.add_argument("--memory", type=int, default=1024, metavar=h("memory_metavar"), help=h("memory"))
    parser.add_argument("-q", "--question", dest="questions", action="append", metavar="QID", help=h("question"))
    parser.add_argument("--extensions", action="store_true", help=h("extensions"))
    parser.add_argument("--reference", choices=expectations.MODES, default="auto", help=h("reference"))
    parser.add_argument("--recalibrate", action="store_true", help=h("recalibrate"))


# A child's address space, in MiB: below the floor, Python itself fails at random (a limit under what the
# process already maps still lets it use its existing pages); a negative value would mean no limit at all.
MEMORY_MIB = range(64, (1 << 20) + 1)
JOB_SECONDS_RANGE = (10, 24 * 3600)  # a job shorter than a child's start is no deadline; a day is plenty


def _settings(args) -> Settings:
    if args.memory not in MEMORY_MIB:
        raise UsageError("error.bad_memory", value=args.memory, low=MEMORY_MIB.start, high=MEMORY_MIB.stop - 1)
    scheme = Scheme.load(args.scheme) if args.scheme else Scheme()
    if getattr(args, "recalibrate", False):
        from grader.judge import timing

        timing.refresh()
    seed = fresh_seed() if args.seed is None else args.seed
    job_seconds = getattr(args, "job_deadline", JOB_SECONDS)
    if not JOB_SECONDS_RANGE[0] <= job_seconds <= JOB_SECONDS_RANGE[1]:
        raise UsageError(
            "error.bad_job_deadline", value=job_seconds, low=JOB_SECONDS_RANGE[0], high=JOB_SECONDS_RANGE[1]
        )
    return Settings(
        seed=seed,
        lang=args.lang,
        scheme=scheme,
        reference=args.reference,
        # `grader grade`'s pool (a child's room on a shared uid is sized for it); `grader check`'s default.
        limits=Limits(memory_bytes=args.memory * 1024 * 1024, workers=getattr(args, "workers", 0) or Limits.workers),
        job_seconds=job_seconds,
    )


def _questions(args, settings: Settings) -> list:
    questions = all_questions(extensions=args.extensions or any(q.startswith("x") for q in args.questions or []))
    questions = select(questions, args.questions)
    settings.scheme.as_dict(questions)  # a scheme naming a check group that does not exist: refused now
    settings.replay = _replay(getattr(args, "replay", None), questions)
    return questions


def _replay(value: str | None, questions: list) -> int | None:
    """`--replay [N]`'s game number, refused unless every selected question that replays has game N."""
    if value is None:
        return None
    counts = {q.id: q.replay_games() for q in questions if q.replay_games()}
    if not counts:
        replayable = [q.id for q in all_questions(extensions=True) if q.replay_games()]
        raise UsageError("error.replay_none", ids=", ".join(q.id for q in questions), replayable=", ".join(replayable))
    high = min(counts.values())
    # Digits only: int() would also take " 2", "+2" or another script's digits.
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= high):
        shown = ", ".join(f"{qid} = {n}" for qid, n in counts.items())
        raise UsageError("error.bad_replay", value=value, high=high, counts=shown)
    return int(value)


def _existing(path: Path) -> Path:
    if not path.exists():
        raise InputError("error.path_missing", path=str(path))
    return path


def check_main(args) -> int:
    from grader.run.grading import new_run
    from grader.run.jobs import grade_path

    settings = _settings(args)
    warm_up(settings.limits)
    settings.progress = True  # a student waits in front of a terminal
    questions = _questions(args, settings)
    if all(q.manual for q in questions):  # `-q q2`: a written question has nothing to run
        raise UsageError("cli.only_written", ids=", ".join(q.id for q in questions), count=len(questions))
    path = _existing(args.path)
    if args.html:  # a folder that cannot be written is said before the check, not after it
        with writing(args.html):
            private_folder(args.html)
    result = grade_path(path, questions, settings)
    sandbox = confinement(settings.limits, settings.lang, False, "cli.unconfined_check")  # as its children had them
    if args.json:
        print(json.dumps({**to_dict(result), "seed": settings.seed}, ensure_ascii=False, indent=1))
    else:
        print(format_result(result, settings.lang))
        # One plain sentence for a student (the warning above said it when files are not confined); the
        # layers themselves on request.
        if args.details:
            layers = ", ".join(i18n.say(m, settings.lang) for m in sandbox["layers"])
            print(i18n.t("cli.isolation", settings.lang, layers=layers), file=sys.stderr)
        elif sandbox["files_confined"]:
            print(i18n.t("cli.sandbox", settings.lang, sentence=Message("report.sandbox")), file=sys.stderr)
    print(i18n.t("cli.seed", settings.lang, seed=settings.seed), file=sys.stderr)
    if args.html:
        from reports.render import render_student

        run = new_run(settings, questions)
        run.submissions = [result]
        with writing(args.html):
            page = render_student(run, result, args.html / "index.html")
        print(i18n.t("cli.report_written", settings.lang, path=page), file=sys.stderr)
    if result.status != SubmissionStatus.GRADED:  # nothing to grade (empty, unreadable): a bad input, said above
        return 2
    return 0 if all(q.status == Status.PASSED for q in result.questions) else 1


def grade_main(args) -> int:
    from grader.run.grading import Interrupted, Progress, grade_class, saved_seed
    from grader.intake import find_class
    from grader.intake.roster import read_roster

    settings = _settings(args)
    if args.resume and args.seed is None:  # a resumed run goes on with the cases it started with
        settings.seed = saved_seed(args.out, settings.seed)
    questions = _questions(args, settings)
    if args.workers < 0:
        raise UsageError("error.bad_workers", value=args.workers)
    if args.broker and args.workers:  # the grading machines' `grader worker --processes` decide
        raise UsageError("executor.workers_with_broker")
    if not args.broker:
        from grader.sandbox.host import most_workers

        most = most_workers(settings.limits)
        if most is not None and settings.limits.workers > most:
            raise UsageError("error.too_many_workers", value=settings.limits.workers, most=most)
    confinement(settings.limits, settings.lang, not args.unsafe, "cli.unconfined_unsafe")
    roster = read_roster(args.roster) if args.roster else None
    executor = None
    if args.broker:
        from grader.run.executor import Distributed

        executor = Distributed(args.broker)
    found = find_class(args.class_dir)
    progress = Progress(len(found.entries), settings.lang)
    try:
        run = grade_class(
            args.class_dir,
            args.out,
            questions,
            settings,
            workers=args.workers,
            resume=args.resume,
            progress=progress,
            found=found,
            roster=roster,
            executor=executor,
        )
    except Interrupted as stopped:
        progress.close()
        resume = " ".join(["grader", *map(_quoted, args.argv), *([] if args.resume else ["--resume"])])
        print(
            i18n.t(
                "cli.interrupted",
                settings.lang,
                signal=signal.Signals(stopped.signum).name,
                graded=stopped.graded,
                total=stopped.total,
                out=args.out,
                command=resume,
            ),
            file=sys.stderr,
        )
        return stopped.exit_status
    progress.close()
    from reports.render import render_class

    marked = apply_marks(run, unmarked=Unmarked(args.unmarked))
    index = render_class(marked, args.out)
    if args.marks or args.unmarked != Unmarked.BLANK:  # the marks checked once the class is graded: a bad
        from reports.exports import merged_run, publish  # file costs no grading, `grader export` merges it

        options = _export_options(args)
        publish(args.out, merged_run(args.out, args.marks, args.scheme, Unmarked(args.unmarked)), [], options)
        _warn(options)
    elif waiting := waiting_for_marks(marked):  # written questions not marked yet: grades.csv leaves them blank
        print("! " + i18n.t("export.unmarked", settings.lang, **waiting), file=sys.stderr)
    graded = sum(sub.has_grade for sub in run.submissions)  # the others are listed below, each with its status
    print(i18n.t("cli.graded", settings.lang, count=graded, out=args.out, index=index))
    print(i18n.t("cli.isolation", settings.lang, layers=isolation_text(run.limits, settings.lang)))
    print(i18n.t("cli.seed", settings.lang, seed=run.seed))
    for notice in run.notices:
        print(f"grader: {printable(i18n.say(notice, settings.lang), False)}", file=sys.stderr)
    for sub in run.submissions:
        if sub.status != SubmissionStatus.GRADED:
            status = i18n.t("submission." + sub.status, settings.lang)
            print(f"  {shown_name(sub)}{i18n.t('cli.colon', settings.lang)}{status}", file=sys.stderr)
    return 0


def worker_main(args) -> int:
    """`grader worker CLASS_CONFIG` (a service's attempts) or `grader worker --broker URL` (`grader grade
    --broker` jobs): one queue per worker."""
    if (args.config is None) == (args.broker is None) or args.processes < 0:
        raise UsageError("executor.worker_usage")
    if args.config is not None:
        return _service().worker(args.config, args.processes)
    from grader.run.executor import run_batch_worker

    run_batch_worker(args.broker, args.processes)
    return 0


def _export_options(args):
    from reports.exports import Options

    return Options(
        lang=args.lang,
        site_lang=getattr(args, "site_lang", None) or args.lang,
        out_of_given=getattr(args, "out_of", None),
        moodle_worksheet=getattr(args, "moodle_worksheet", None),
        canvas_assignment=getattr(args, "canvas_assignment", None) or Options.canvas_assignment,
        canvas_gradebook=getattr(args, "canvas_gradebook", None),
        prairielearn_qid=getattr(args, "prairielearn_qid", None) or Options.prairielearn_qid,
    )


def _warn(options) -> None:
    for key, params in options.warnings:
        print("! " + i18n.t(key, options.lang, **params), file=sys.stderr)


def export_main(args) -> int:
    """Merge the hand marks into a graded run and write the exports: no regrading."""
    from reports.exports import FORMATS, merged_run, publish

    if args.out_of is not None and not (0 < args.out_of < math.inf):  # nan, inf: a grade out of inf is none
        raise UsageError("export.bad_out_of", value=args.out_of)
    run = merged_run(args.run_dir, args.marks, args.scheme, Unmarked(args.unmarked))
    options = _export_options(args)
    with writing(args.to or args.run_dir):
        written = publish(args.run_dir, run, args.formats or list(FORMATS), options, to=args.to)
    _warn(options)
    print(i18n.t("export.written_files", args.lang, n=len(written), out=args.to or args.run_dir / "exports"))
    return 0


def report_main(args) -> int:
    """Draw a graded run's HTML reports again from its results.json, in any language: no regrading."""
    from reports.exports import merged_run
    from reports.render import render_class

    run = merged_run(args.run_dir, args.marks, unmarked=Unmarked(args.unmarked))
    with writing(args.to or args.run_dir):
        index = render_class(run, args.to or args.run_dir, args.lang or run.lang)
    print(i18n.t("cli.report_written", i18n.current(), path=index))
    return 0


def gradescope_main(args) -> int:
    from reports.exports.gradescope import build_autograder

    settings = _settings(args)  # one seed for the whole class, drawn now unless given
    questions = _questions(args, settings)  # scheme and questions checked here, not on Gradescope
    ids = [q.id for q in questions if not q.manual]  # the barème's own, x1-x4 with --extensions only
    with writing(args.out):
        path = build_autograder(
            args.out,
            seed=settings.seed,
            scheme=args.scheme,
            questions=ids,
            lang=args.lang,
            memory_mib=args.memory,
            unsafe=args.unsafe,
        )
    print(i18n.t("export.gradescope_written", args.lang, path=path, seed=settings.seed))
    return 0


def similarity_main(args) -> int:
    from reports.similarity import compare_class, render

    for path in (args.class_dir, *args.boilerplate):
        _existing(path)
    report = compare_class(args.class_dir, boilerplate=args.boilerplate, lang=args.lang)
    with writing(args.out):
        index = render(report, args.out, args.lang)
    print(i18n.t("similarity.written", args.lang, index=index))
    return 0


def kit_main(args) -> int:
    from grader.kit import build_kit

    if args.web:
        from grader.webkit import build_web_kit

        with writing(args.web):
            web = build_web_kit(args.web)
        mib = f"{web.size / 1e6:.1f}".replace(".", "," if args.lang == "fr" else ".")
        print(i18n.t("kit.web_written", args.lang, out=args.web, mib=mib, count=len(web.files)))
        return 0
    with writing(args.out):
        written = build_kit(args.out)
    stubs = ", ".join(path.name for role, path in written.items() if role.endswith(".py"))
    print(i18n.t("kit.written", args.lang, out=args.out, wheel=written["wheel"].name, stubs=stubs))
    return 0


def _quoted(arg: str) -> str:
    import shlex

    return shlex.quote(arg)


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


def solve_main(args) -> int:
    if importlib.util.find_spec("reference.solver") is None:  # the student kit ships no solver
        raise UsageError("solve.no_solver")
    from grader.solve import print_solutions, read_states

    korf = args.convention == "korf"
    print_solutions(read_states(args.source, korf), korf)
    return 0


def _service():
    # The web stack is the optional extra `[service]`: imported only by the commands that need it.
    try:
        from grader.service import serve
    except ImportError as exc:
        raise UsageError("service.extra_missing", module=exc.name or str(exc)) from None
    return serve


def _client():
    from grader.service import client

    return client


def _unmarked(command, h) -> None:
    """`--unmarked`: what a written question worth points but not marked yet counts for (the commands
    that take --marks)."""
    from grader.results.marks import Unmarked

    command.add_argument("--unmarked", choices=[u.value for u in Unmarked], default=Unmarked.BLANK, help=h("unmarked"))


def build_parser(lang: str = "fr") -> argparse.ArgumentParser:
    def h(key, **params):
        return i18n.t(f"cli.help.{key}", lang, **params)

    parser = argparse.ArgumentParser(prog="grader", description=h("description"))
    commands = parser.add_subparsers(dest="command", required=True, metavar=h("command_metavar"), title=h("commands"))

    check = commands.add_parser("check", help=h("check"), description=h("check"))
    check.add_argument("path", type=Path, metavar=h("path_metavar"), help=h("path"))
    check.add_argument("--json", action="store_true", help=h("json"))
    check.add_argument("--html", type=Path, metavar="OUT", help=h("html"))
    check.add_argument("--replay", nargs="?", const="1", metavar="N", help=h("replay"))
    check.add_argument("--details", action="store_true", help=h("details"))
    _common(check, lang)
    check.set_defaults(main=check_main)

    grade = commands.add_parser("grade", help=h("grade"), description=h("grade"))
    grade.add_argument("class_dir", type=Path, metavar=h("class_metavar"), help=h("class_dir"))
    grade.add_argument("--out", type=Path, required=True, metavar="OUT", help=h("out"))
    grade.add_argument("--workers", type=int, default=0, metavar="N", help=h("workers"))
    grade.add_argument("--broker", metavar="URL", help=h("broker"))
    grade.add_argument("--resume", action="store_true", help=h("resume"))
    grade.add_argument("--job-deadline", type=float, default=JOB_SECONDS, metavar="SECONDS", help=h("job_deadline"))
    grade.add_argument("--roster", type=Path, metavar=h("file_metavar"), help=h("roster"))
    grade.add_argument("--marks", type=Path, metavar=h("file_metavar"), help=h("marks"))
    _unmarked(grade, h)
    grade.add_argument("--unsafe", action="store_true", help=h("unsafe"))
    grade.add_argument("--replay", nargs="?", const="1", metavar="N", help=h("replay"))
    _common(grade, lang)
    grade.set_defaults(main=grade_main)

    from reports.exports import FORMATS

    export = commands.add_parser("export", help=h("export"), description=h("export"))
    export.add_argument("run_dir", type=Path, metavar="OUT", help=h("run_dir"))
    export.add_argument("--marks", type=Path, metavar=h("file_metavar"), help=h("marks"))
    _unmarked(export, h)
    export.add_argument("--format", dest="formats", action="append", choices=list(FORMATS), help=h("format"))
    export.add_argument("--to", type=Path, metavar="DIR", help=h("to"))
    export.add_argument("--out-of", type=float, help=h("out_of"))
    export.add_argument("--site-lang", choices=i18n.LANGS, help=h("site_lang"))
    export.add_argument("--moodle-worksheet", type=Path, metavar="CSV", help=h("moodle_worksheet"))
    export.add_argument("--canvas-assignment", metavar="NAME", help=h("canvas_assignment"))
    export.add_argument("--canvas-gradebook", type=Path, metavar="CSV", help=h("canvas_gradebook"))
    export.add_argument("--prairielearn-qid", metavar="QID", help=h("prairielearn_qid"))
    export.add_argument("--scheme", type=Path, metavar=h("scheme_metavar"), help=h("export_scheme"))
    export.add_argument("--lang", choices=i18n.LANGS, default="fr", help=h("export_lang"))
    export.set_defaults(main=export_main)

    report = commands.add_parser("report", help=h("report"), description=h("report"))
    report.add_argument("run_dir", type=Path, metavar="OUT", help=h("run_dir"))
    report.add_argument("--lang", choices=i18n.LANGS, help=h("report_lang"))
    report.add_argument("--to", type=Path, metavar="DIR", help=h("report_to"))
    report.add_argument("--marks", type=Path, metavar=h("file_metavar"), help=h("marks"))
    _unmarked(report, h)
    report.set_defaults(main=report_main)

    gradescope = commands.add_parser("gradescope", help=h("gradescope"), description=h("gradescope"))
    gradescope.add_argument("--out", type=Path, required=True, metavar="ZIP", help=h("gradescope_out"))
    gradescope.add_argument("--unsafe", action="store_true", help=h("unsafe"))
    _common(gradescope, lang)
    gradescope.set_defaults(main=gradescope_main)

    kit = commands.add_parser("kit", help=h("kit"), description=h("kit"))
    where = kit.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", type=Path, metavar="DIR", help=h("kit_out"))
    where.add_argument("--web", type=Path, metavar="DIR", help=h("kit_web"))
    kit.add_argument("--lang", choices=i18n.LANGS, default="fr", help=h("lang"))
    kit.set_defaults(main=kit_main)

    similarity = commands.add_parser("similarity", help=h("similarity"), description=h("similarity"))
    similarity.add_argument("class_dir", type=Path, metavar=h("class_metavar"), help=h("similarity_class"))
    similarity.add_argument("--out", type=Path, required=True, help=h("similarity_out"))
    similarity.add_argument(
        "--boilerplate", type=Path, action="append", default=[], metavar="FILE", help=h("boilerplate")
    )
    similarity.add_argument("--lang", choices=i18n.LANGS, default="fr", help=h("export_lang"))
    similarity.set_defaults(main=similarity_main)

    serve = commands.add_parser("serve", help=h("serve"), description=h("serve"))
    serve.add_argument("config", type=Path, metavar="CLASS_CONFIG", help=h("config"))
    serve.add_argument("--host", default="127.0.0.1", help=h("host"))
    serve.add_argument("--port", type=int, default=8000, help=h("port"))
    serve.add_argument("--lang", choices=i18n.LANGS, default="fr", help=h("lang"))
    serve.set_defaults(main=lambda args: _service().serve(args.config, args.host, args.port, args.lang))

    worker = commands.add_parser("worker", help=h("worker"), description=h("worker"))
    worker.add_argument("config", type=Path, nargs="?", metavar="CLASS_CONFIG", help=h("config"))
    worker.add_argument("--broker", metavar="URL", help=h("broker_worker"))
    worker.add_argument("--processes", type=int, default=0, metavar="N", help=h("processes"))
    worker.add_argument("--lang", choices=i18n.LANGS, default="fr", help=h("lang"))
    worker.set_defaults(main=worker_main)

    submit = commands.add_parser("submit", help=h("submit"), description=h("submit"))
    submit.add_argument("path", type=Path, metavar=h("path_metavar"), help=h("path"))
    submit.add_argument("--url", required=True, help=h("url"))
    submit.add_argument("--token", required=True, help=h("token"))
    submit.add_argument("--no-wait", action="store_true", help=h("no_wait"))
    submit.add_argument("--lang", choices=i18n.LANGS, default="fr", help=h("lang"))
    submit.set_defaults(
        main=lambda args: _client().submit(args.path, args.url, args.token, args.lang, wait=not args.no_wait)
    )

    questions = commands.add_parser("questions", help=h("questions"), description=h("questions"))
    _common(questions, lang)
    questions.set_defaults(main=questions_main)

    solve = commands.add_parser(
        "solve",
        help=h("solve"),
        description=i18n.t("solve.help.description", lang),
        epilog=i18n.t("solve.help.epilog", lang),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve.add_argument(
        "--convention", choices=("exam", "korf"), default="exam", help=i18n.t("solve.help.convention", lang)
    )
    solve.add_argument("--lang", choices=i18n.LANGS, default="fr", help=h("lang"))
    solve.add_argument(
        "source", nargs="+", metavar=i18n.t("solve.help.metavar", lang), help=i18n.t("solve.help.source", lang)
    )
    solve.set_defaults(main=solve_main)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # The language is read first, so that argparse itself (help, usage errors) speaks it.
    lang = i18n.lang_of(argv)
    i18n.use(lang)
    with i18n.argparse_language(lang):
        args = build_parser(lang).parse_args(argv)
    args.argv = argv
    # The one place errors are caught: said in the user's language, with the status of their branch.
    try:
        return args.main(args)
    except GraderError as exc:
        print(i18n.t("cli.error", lang, message=exc.message(lang)), file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:  # Ctrl-C during `grader check`: the children die with their channels
        print(f"grader: {i18n.t('cli.stopped', lang)}", file=sys.stderr)
        return 128 + signal.SIGINT
    except Exception as exc:  # noqa: BLE001 - a grader bug: said as such, with what a developer needs
        import traceback

        traceback.print_exc()
        print(
            i18n.t("cli.error", lang, message=i18n.t("error.internal", lang, detail=repr(exc)[:500])), file=sys.stderr
        )
        return GraderBug.exit_status


if __name__ == "__main__":
    sys.exit(main())
