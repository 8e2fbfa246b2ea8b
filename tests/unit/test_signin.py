"""The teacher's sign-in queue (grader/service/routes/signin.py): what bounds password guessing now that
a right password is always checked and accepted. Played with turns that record how many checks run at
once, in one event loop; tests/test_service.py attacks the real service."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("starlette")

from grader.service.routes.signin import PasswordChecks  # noqa: E402


def _play(requests: list[tuple[str, bool]]) -> tuple[list[str], int, dict]:
    """Each request (lane, known) takes its turn and "checks" for a moment; returns the order checks
    began in, the most unknown checks at once, and the lanes left behind."""
    checks = PasswordChecks()
    began: list[str] = []
    running = {"unknown": 0, "most": 0}

    async def one(n: int, lane: str, known: bool) -> None:
        async with checks.turn(lane, known):
            began.append(f"{n}:{lane}")
            if not known:
                running["unknown"] += 1
                running["most"] = max(running["most"], running["unknown"])
            await asyncio.sleep(0.01)
            if not known:
                running["unknown"] -= 1

    async def main() -> None:
        await asyncio.gather(*(one(n, lane, known) for n, (lane, known) in enumerate(requests)))

    asyncio.run(main())
    return began, running["most"], checks.lanes


def test_unknown_browsers_passwords_are_checked_one_at_a_time_whatever_their_addresses():
    requests = [(f"address:127.0.3.{n % 12}", False) for n in range(60)]
    began, most, left = _play(requests)
    assert most == 1 and len(began) == 60
    assert left == {}  # idle lanes are forgotten


def test_a_new_address_waits_behind_one_check_per_address_at_most():
    """Twelve addresses with five passwords each queued, then the teacher's from a new address: hers
    comes after at most one of each address's (each lane has one password in the shared queue)."""
    requests = [(f"address:127.0.3.{n}", False) for n in range(12) for _ in range(5)]
    requests.append(("address:127.0.4.1", False))
    began, _, _ = _play(requests)
    assert began.index("60:address:127.0.4.1") <= 12


def test_a_browser_the_teacher_signed_in_with_never_waits_for_the_others():
    requests = [(f"address:127.0.3.{n}", False) for n in range(30)] + [("device:hers", True)]
    began, _, _ = _play(requests)
    assert began.index("30:device:hers") <= 1
