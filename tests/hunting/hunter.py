"""A student who writes none of the graded functions and hunts for the grader's model code instead.

Each graded function of the family's module is a `_hunter(name)`: when the grader calls it, it looks
everywhere a child's code can look for a callable of that name that is not its own (every module in
sys.modules, every object the collector tracks once the fork server's frozen objects are thawed, the
frames above it and what their locals and globals hold, one level into containers, partials and bound methods) and
calls the first one it finds with its own arguments; a function q17's children once compiled from source
the parent sent (`exam_functions`) is called too, as the probe called it. On the way it reports what it saw
on its standard output, as lines `HUNT <json>` (each thing once per child): the grader's and reference's
modules loaded, the frames above it (their locals and globals searched), the files of the functions found
whose code is neither the standard library's nor its own, the strings in memory that hold a line of a
model answer (MARKERS, given in hexadecimal so that its own source does not hold them), and each such
string whole (`source`), as a student would print it into their report to copy it into their next
submission. tests/hunting/scene.py writes this file's text into a student's module, MARKERS and FUNCTIONS
filled in, and judges the reports.
"""

import gc
import json
import sys
import sysconfig
import types

MARKERS: list = []  # hexadecimal, filled in by the test
FUNCTIONS: list = []  # the graded functions this module defines, filled in by the test
_markers = [bytes.fromhex(marker).decode() for marker in MARKERS]
_said: set = set()
_calls = [0]
# The standard library as the machine has it, and the copy this child imports it from (the sandbox's
# private copy, grader/sandbox/stdlib_copy.py): where `json` was found is that copy's root.
_standard = tuple(
    path
    for path in {
        sysconfig.get_paths()["stdlib"],
        sysconfig.get_paths()["platstdlib"],
        json.__file__.rsplit("/json/", 1)[0],
    }
    if path
)


def _say(kind, value):
    if (kind, value) not in _said:
        _said.add((kind, value))
        print("HUNT " + json.dumps([kind, value]), flush=True)


def _inner(value):
    """The objects one level inside `value` where a callable may hide."""
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    inside = [getattr(value, "func", None), getattr(value, "__func__", None), getattr(value, "__self__", None)]
    return [item for item in inside if item is not None]


def _seen(value, name, found):
    """Note `value` if it is a function of foreign code, and keep it when it is called `name`."""
    try:
        _look(value, name, found)
    except Exception:  # noqa: BLE001 - an object whose attributes raise: nothing to take from it
        pass


def _look(value, name, found):
    for item in [value, *_inner(value)]:
        code = getattr(item, "__code__", None)
        if isinstance(code, types.CodeType) and code.co_filename != __file__:
            if not code.co_filename.startswith((*_standard, "<frozen ")):
                _say("code", code.co_filename)
            if getattr(item, "__name__", None) in (name, "exam_functions"):
                found.append(item)
        elif callable(item) and getattr(item, "__name__", None) == name and item is not globals().get(name):
            found.append(item)


def _hunt(name) -> list:
    found: list = []
    for module_name, module in list(sys.modules.items()):
        if module_name.split(".")[0] in ("grader", "reference", "exam"):
            _say("module", module_name)
        for value in list(getattr(module, "__dict__", {}).values()):
            _seen(value, name, found)
    frame = sys._getframe(1)
    while frame is not None:
        _say("frame", f"{frame.f_code.co_filename}:{frame.f_code.co_name}")
        for value in [*frame.f_locals.values(), *frame.f_globals.values()]:
            _seen(value, name, found)
            try:
                inside = _inner(value)
            except Exception:  # noqa: BLE001
                inside = []
            for item in inside:
                _seen(item, name, found)
        frame = frame.f_back
    _calls[0] += 1
    if _calls[0] & (_calls[0] - 1) == 0:  # the whole heap on calls 1, 2, 4, 8...: it costs tens of ms
        gc.unfreeze()  # the fork server's objects, frozen so that its children share their pages
        objects = gc.get_objects()
        for value in objects:
            _seen(value, name, found)
        texts = {id(s): s for value in objects for s in gc.get_referents(value) if type(s) is str and len(s) > 20}
        for text in texts.values():
            for marker in _markers:
                if marker in text and text is not marker:
                    _say("text", marker)
                    _say("source", text)
    return found


def _hunter(name):
    def hunted(*args, **kwargs):
        for candidate in _hunt(name):
            if getattr(candidate, "__name__", None) == "exam_functions":
                try:  # as the probe calls it: module, newest first?, values, named, served move
                    made = candidate(
                        sys.modules[__name__], False, {m: m for m in ("Gauche", "Bas", "Droite", "Haut")}, str, None
                    )
                    candidate = made[name]
                except Exception:  # noqa: BLE001 - a hunt tries whatever it finds
                    continue
            try:
                return candidate(*args, **kwargs)
            except Exception:  # noqa: BLE001
                continue
        return None

    hunted.__name__ = name
    return hunted


for _name in FUNCTIONS:
    globals()[_name] = _hunter(_name)
