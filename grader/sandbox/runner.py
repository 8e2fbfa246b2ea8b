"""The sandbox's entry points: a child on the path the limits choose (`new_child`: the fork server's or
the spawn path, grader/sandbox/process.py; the portable one, grader/sandbox/stdio.py; no child process,
grader/sandbox/inprocess.py, or the student's Web Worker, grader/sandbox/remote.py), the layers a
child gets on this machine (`isolation`), and the fork server started ahead of time (`warm_up`)."""

from __future__ import annotations

from grader.errors import SandboxError
from grader.sandbox import fork_server, process, stdlib_copy
from grader.sandbox.limits import Limits
from grader.sandbox.inprocess import InProcessChild
from grader.sandbox.process import Child
from grader.sandbox.remote import RemoteChild
from grader.sandbox.stdio import StdioChild


def warm_up(limits: Limits) -> None:
    """Start the fork server now, when children will be forked: its start-up (an interpreter and the
    child's imports, in its own process) then overlaps the caller's instead of delaying the first child."""
    if limits.fork_server and not limits.stdio and not limits.inprocess:
        fork_server.server(stdlib_copy.for_children(process.stdlib_protected(limits)))


def isolation(limits: Limits) -> dict:
    """The layers a child gets on this machine, as the parent configured and verified them on the first
    child started with these limits (one is started for the purpose if none was yet; cached per
    process): {"layers": [descriptions], "files_confined": bool}."""
    if limits not in process.VERIFIED:
        child = new_child({"probe": ""}, "probe", [], limits)
        try:
            reply = child.start()
            if not reply.ok:
                raise SandboxError(f"the sandbox does not start: {reply.error}")
            process.VERIFIED[limits] = {"layers": child.describe(), "files_confined": child.files_confined()}
        finally:
            child.close()
    return process.VERIFIED[limits]


def new_child(
    sources: dict[str, str],
    module_name: str,
    probe_modules: list[str],
    limits: Limits,
    cells: tuple[tuple[int, int], ...] = (),
) -> Child:
    """A child on the path `limits` choose (in this process, the portable one, or the fork server's or
    spawn path). `cells`: the module's notebook cells, run one by one at import (none for a .py)."""
    if limits.inprocess:  # in the browser's self-check, the student's own Web Worker (remote.py)
        return (InProcessChild if RemoteChild.link is None else RemoteChild)(
            sources, module_name, probe_modules, limits, cells
        )
    if limits.stdio:
        return StdioChild(sources, module_name, probe_modules, limits, cells)
    return Child(sources, module_name, probe_modules, limits, cells)
