"""The child's namespace: every grader name a probe module takes, and the only grader module it imports.
The confined child imports a family's probe modules before the student's code, so this holds what is
light and safe there: the standard library, grader.sandbox's calls and protocol, the shapes of replies
and the states on the wire; never the engine, the catalogue or Hypothesis (grader/questions/api.py, the
judge's namespace, is the parent's).

    from grader.questions.child_api import ask, probe, protocol, states

- `probe` (marks a function the parent may ask the child to run), `ask` (a parent-served call);
- `protocol` (`plain`, `Missing`, the reply statuses), `shapes` (a reply's shape), `states` (states on
  the wire of parent-served calls, both ends);
- `cached` (a functools cache), `register_cache` (a module-level dict), both cleared with every other
  process cache (grader/caches.py).
"""

from __future__ import annotations

from grader.caches import cached
from grader.caches import register as register_cache
from grader.questions import shapes, states
from grader.sandbox import protocol
from grader.sandbox.calls import ask, probe

__all__ = ["ask", "cached", "probe", "protocol", "register_cache", "shapes", "states"]
