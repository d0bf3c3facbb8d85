"""The composition root's builders and the clock every component is given."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from engram_mcp.wiring import KnownTime

NOON = datetime(2026, 12, 5, 12, 0, tzinfo=timezone.utc)


def test_known_time_never_goes_back_when_the_clock_steps_back() -> None:
    readings = iter([NOON, NOON - timedelta(hours=1), NOON + timedelta(seconds=1)])
    clock = KnownTime(lambda: next(readings))
    assert clock() == NOON
    assert clock() == NOON, "a clock stepped back an hour gives the last known time"
    assert clock() == NOON + timedelta(seconds=1)


def test_known_time_goes_on_from_the_latest_time_the_memory_holds() -> None:
    clock = KnownTime(lambda: NOON)
    clock.not_before(NOON + timedelta(hours=2))
    assert clock() == NOON + timedelta(hours=2)
    clock.not_before(NOON - timedelta(days=1))
    assert clock() == NOON + timedelta(hours=2)
