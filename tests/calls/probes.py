"""Probes for the parent-served call tests (tests/test_calls.py) and benchmark (benchmarks/bench_calls.py)."""

import time

from grader.sandbox import protocol
from grader.sandbox.calls import ask, probe


@probe
def probe_proxied(module, payload):
    """Install `module.oracle` as a proxy of the parent's "oracle" calls, then call `module.f()`."""
    module.oracle = lambda x: ask("oracle", x)
    return module.f()


@probe
def probe_repeat(module, payload):
    """`payload["n"]` proxied calls with the same small argument (the benchmark's loop); returns the
    child's CPU seconds for them (what the benchmark reports as the child's share)."""
    started = time.process_time()
    for _ in range(payload["n"]):
        ask("oracle", 7)
    return time.process_time() - started


@probe
def probe_flood(module, payload):
    """Call frames that never wait for their answers: the parent must not block on a full pipe."""
    channel = ask.__globals__["_server"]
    while True:
        protocol.write_frame(
            channel.reply_fd, {"nonce": channel.nonce, "seq": channel.seq, "call": "oracle", "args": 1}
        )


@probe
def probe_wrong_seq(module, payload):
    """A call frame that claims another request."""
    ask.__globals__["_server"].seq += 1
    return ask("oracle", 1)
