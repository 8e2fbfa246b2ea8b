"""The grader's one exception tree, and the exit status each branch ends a command with.

Every error the grader raises on purpose is a `GraderError`: it carries a message key of the catalogue
(grader/text/i18n/) and its parameters, so that the command line's edge (`grader.cli.main`, the only place
that catches them) says it in the user's language, without a traceback, and exits with the branch's
status:

    GraderError                 1   (never raised as such)
    ├── UsageError              2   a bad command line: option value, unknown question, scheme
    │   ├── SchemeError         2   the grading scheme (barème) file
    │   ├── UnknownQuestion     2   `-q q99`
    │   ├── InputError          2   an input that cannot be read: missing class folder, roster, resume folder,
    │   │                           a state `grader solve` cannot solve (solve.StateRefused), marks file;
    │   │                           an output folder that cannot be written (`writing`)
    │   └── service.routes.uploads.Refused: an upload the web service turns away (an HTTP status, not an exit status)
    ├── SubmissionError         2   one student's submission cannot be read (in `grade`: that student's
    │                               status only, never the run's)
    ├── SandboxError            2   the sandbox cannot be set up as asked (a layer, a free uid)
    └── GraderBug               3   the grader itself is wrong (a judge raised); never the student's fault

The sandbox's own exceptions (grader/sandbox/protocol.py, calls.py, confine.py) stay outside this tree on
purpose: they are signals inside the student's child process and between it and its parent, and never reach
a person; so do a few other signals (a Hypothesis stop, a class run or a worker interrupted, the web pages'
HTTP answers). tests/test_errors.py lists them: any other exception class must have this root.
"""

from __future__ import annotations

from contextlib import contextmanager

from grader.text import i18n


class GraderError(Exception):
    """Root of the tree: a catalogue key and its parameters."""

    exit_status = 1

    def __init__(self, key: str, /, **params):
        super().__init__(key, params)
        self.key = key
        self.params = params

    def message(self, lang: str = "fr") -> str:
        return i18n.t(self.key, lang, **self.params)

    def __str__(self) -> str:
        # Logs and tracebacks are read by developers: English.
        return self.message("en")


class UsageError(GraderError):
    """The command was given something it cannot work with; nothing was graded."""

    exit_status = 2


class SchemeError(UsageError):
    """The grading scheme file is unreadable or names what does not exist."""


class UnknownQuestion(UsageError):
    """A question id that no question family defines."""


class InputError(UsageError):
    """A file or folder the command was pointed at is missing or unreadable."""


class SubmissionError(GraderError):
    """One submission cannot be read (a broken or hostile archive): that student's row says so."""

    exit_status = 2


class SandboxError(GraderError):
    """The sandbox cannot be set up as asked on this machine (a layer missing, no free uid): no
    student code runs; never the student's fault."""

    exit_status = 2

    def __init__(self, detail: str):
        super().__init__("error.sandbox", detail=detail)


class GraderBug(GraderError):
    """A judge raised or the grader contradicted itself: the grader is wrong, not the student."""

    exit_status = 3


@contextmanager
def writing(where):
    """A folder or file that cannot be written (permissions, a file in the way, a full disk) is the
    user's to fix: said as such, exit 2."""
    try:
        yield
    except OSError as exc:
        raise InputError("export.cannot_write", path=exc.filename or where, error=exc.strerror or exc) from None
