"""The fork server (grader/sandbox/zygote.py): children start from its state and never from a
classmate's; a child can neither reach its descriptors, nor signal, trace or read it; it imports no
model answer; it is replaced when it dies and ends when its parent does. The same attacks, graded in
a class in every configuration, are in tests/attacks/catalogue.py."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from grader.sandbox import fork_server
from grader.sandbox.process import Child
from grader.sandbox.limits import Limits
from tests.test_sandbox import PROBE, ROOT, call, needs_seccomp

pytestmark = pytest.mark.skipif(not fork_server.available(), reason="the fork server needs Linux")


def test_children_of_one_zygote_start_from_its_state_not_a_classmates():
    plant = """
        import builtins, json, os, random, sys
        from grader.sandbox import protocol
        def f():
            builtins.planted = True
            sys.modules['planted'] = sys
            os.environ['PLANTED'] = '1'
            json.dumps = protocol.plain = lambda *args, **kwargs: '[]'
            open('planted.txt', 'w').write('x')
            return random.random()
    """
    look = """
        import builtins, json, os, random, sys
        from grader.sandbox import protocol
        def f():
            return [hasattr(builtins, 'planted'), 'planted' in sys.modules, 'PLANTED' in os.environ,
                    json.dumps([1]), protocol.plain([2]), os.path.exists('planted.txt'), random.random()]
    """
    first = call(plant)
    second = call(look)
    assert second.value[:6] == [False, False, False, "[1]", [2], False], second
    assert second.value[6] != first.value  # the random module is seeded again in each fork


@needs_seccomp
def test_a_child_cannot_signal_trace_or_read_the_zygote():
    call("def f():\n    return 1\n")  # the zygote is up
    zygote = fork_server.server().process.pid
    reply = call(
        """
        import ctypes, os, signal
        def f(zygote):
            libc = ctypes.CDLL(None, use_errno=True)
            done = []
            for sig in (signal.SIGSTOP, signal.SIGKILL):
                try:
                    os.kill(zygote, sig)
                    done.append(f'signal {sig}')
                except OSError:
                    pass
            if libc.ptrace(16, zygote, 0, 0) == 0:
                done.append('ptrace')
            buffer = ctypes.create_string_buffer(64)
            local = (ctypes.c_void_p * 2)(ctypes.cast(buffer, ctypes.c_void_p), 64)
            remote = (ctypes.c_void_p * 2)(id(None) & ~0xfff, 64)
            if libc.process_vm_readv(zygote, local, 1, remote, 1, 0) > 0:
                done.append('process_vm_readv')
            for path in (f'/proc/{zygote}/mem', f'/proc/{zygote}/environ', f'/proc/{zygote}/fd'):
                try:
                    os.listdir(path) if path.endswith('fd') else open(path, 'rb').read(1)
                    done.append(path)
                except OSError:
                    pass
            return done
    """,
        args=[zygote],
    )
    assert reply.value == [], reply
    state = Path(f"/proc/{zygote}/stat").read_text().rsplit(")", 1)[1].split()[0]
    assert fork_server.server().process.pid == zygote and state not in "TtZX", state
    assert call("def f():\n    return 2\n").value == 2


def test_the_zygote_holds_no_model_answer_and_no_grader_parent_code():
    """A child starts as a copy of the zygote: what it finds imported at its first line, the zygote had
    (with the probe modules of every question kind loaded)."""
    probes = [
        "tests.hostile.probes",
        "grader.questions.jeux.probes",
        "grader.questions.recherche.probes",
        "grader.questions.taquin.probes",
    ]
    # A zygote keeps every probe module earlier runs of this process loaded (the toy family of
    # tests/test_adding_a_question.py makes its question module its probe module, which brings the judge's
    # namespace): a zygote of its own for the grader's probes.
    fork_server.reset()
    child = Child(
        {"jeux": "import sys\nLOADED = sorted(sys.modules)\ndef f():\n    return LOADED\n"},
        "jeux",
        probes,
        Limits(fork_server=True),
    )
    try:
        assert child.start().ok
        loaded = child.call(PROBE, {"function": "f"}, 5).value
    finally:
        child.close()
    assert "grader.questions.recherche.probes" in loaded
    forbidden = {
        "reference.answers.jeux",
        "reference.answers.recherche",
        "reference.answers.taquin",
        "reference.puzzle",
        "grader.judge.engine",
        "grader.judge.context",
        "grader.run.grading",
        "grader.cli",
        "grader.judge.timing",
        "grader.sandbox.runner",
        "grader.sandbox.process",
        "grader.sandbox.fork_server",
    }
    assert not forbidden & set(loaded), sorted(forbidden & set(loaded))
    assert not [m for m in loaded if m.startswith("reference.solver")]


def test_a_dead_zygote_is_replaced_and_a_gone_parent_ends_it():
    call("def f():\n    return 1\n")
    old = fork_server.server().process
    old.kill()
    old.wait()
    assert call("def f():\n    return 2\n").value == 2 and fork_server.server().process.pid != old.pid
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from grader.sandbox import fork_server
        from grader.sandbox.process import Child
        from grader.sandbox.limits import Limits
        child = Child({{"jeux": ""}}, "jeux", ["tests.hostile.probes"], Limits(fork_server=True))
        assert child.start().ok
        print(fork_server.server().process.pid, flush=True)
        import os
        os._exit(0)  # no clean-up: the zygote must notice on its own
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    zygote = int(done.stdout.split()[0])
    for _ in range(100):
        if (
            not Path(f"/proc/{zygote}").exists()
            or "Z" in Path(f"/proc/{zygote}/stat").read_text().rsplit(")", 1)[1][:3]
        ):
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"the zygote {zygote} outlived its parent")
