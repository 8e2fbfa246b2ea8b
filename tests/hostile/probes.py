"""Probes for the sandbox's own tests: call any function of the student's module, as a question would."""
from grader.judge.question import probe


@probe
def probe_call(module, payload):
    """`payload`: {"function": name, "args": [...]}; returns what the function returns."""
    return getattr(module, payload["function"])(*payload.get("args", []))
