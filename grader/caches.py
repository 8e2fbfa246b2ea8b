"""The registry of the grader's process-wide caches, and `clear_all` to empty them at once.

What a process computes once and keeps (the model answer's results shared by every student, the tables
read from the cache folder, the machine's calibration) is kept by a function decorated with `cached` or in
a module-level dict given to `register`. A test that changes what they depend on (the cache folder, the
model answer, the calibration) starts afresh with `clear_all()`, as a new process would;
tests/unit/test_caches.py checks that no cache of `grader/` or `reports/` escapes the registry.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, overload

F = TypeVar("F", bound=Callable[..., Any])

_REGISTRY: dict[str, Any] = {}  # "module.name" -> an lru_cache wrapper, or a dict


@overload
def cached(function: F, /) -> F: ...


@overload
def cached(*, maxsize: int | None = None) -> Callable[[F], F]: ...


def cached(function: F | None = None, /, *, maxsize: int | None = None) -> Any:
    """`functools.lru_cache(maxsize)` (unbounded by default, as `functools.cache`), registered.
    Used bare (`@cached`) or with a size (`@cached(maxsize=512)`)."""

    def decorate(function: F) -> F:
        wrapper = functools.lru_cache(maxsize=maxsize)(function)
        _REGISTRY[f"{function.__module__}.{function.__qualname__}"] = wrapper
        return wrapper  # type: ignore[return-value]

    return decorate(function) if function is not None else decorate


D = TypeVar("D", bound=dict)


def register(name: str, cache: D) -> D:
    """A module-level dict used as a cache, registered under `name` ("module.variable")."""
    _REGISTRY[name] = cache
    return cache


def registered() -> dict[str, Any]:
    """Every registered cache by name."""
    return dict(_REGISTRY)


def is_registered(cache: Any) -> bool:
    return any(cache is kept for kept in _REGISTRY.values())


def clear_all() -> None:
    """Empty every registered cache: the process computes everything afresh, as a new one would."""
    for cache in _REGISTRY.values():
        if isinstance(cache, dict):
            cache.clear()
        else:
            cache.cache_clear()
