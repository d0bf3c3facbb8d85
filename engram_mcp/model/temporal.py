"""Bi-temporal rules: which memories were true, or believed, at a moment. Pure.

World time (axis ``valid``) is ``[valid_at, invalid_at)``. A superseded fact ends where
its successor began; a fact retracted as "no longer true" ends when it was retracted; a
fact retracted as "never true" has an empty interval (``invalid_at == valid_at``). A memory
withdrawn with no world end at all (``expired_at`` set, ``invalid_at`` unknown) is read as
never true: the memory stopped believing it without saying it ever held.

System time (axis ``known``) is ``[created_at, expired_at)``: what the memory held to be
current at that moment, whatever it learned later.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta, timezone
from enum import Enum
from typing import Final

from engram_mcp.model.records import Memory

__all__ = ["NEAR", "Axis", "begins_after_told", "believed_at", "current_at", "holds_at", "known_interval", "latest_known", "present", "true_at", "upcoming", "valid_interval", "visible_at"]


class Axis(str, Enum):
    """Which time line an as-of question is asked on."""

    VALID = "valid"
    """World time: what was true then, as the memory knows it now."""
    KNOWN = "known"
    """System time: what the memory believed then."""


def valid_interval(memory: Memory) -> tuple[datetime, datetime | None]:
    """``[start, end)`` in world time (``end`` None: still open). The one definition that the
    index payload, the recall filters and ``as_of`` all derive from.

    Withdrawn with no world end (expired, ``invalid_at`` unknown) is an empty interval: the
    memory stopped believing it without saying it ever held.
    """
    start = memory.event_time
    if memory.expired_at is not None and memory.invalid_at is None:
        return start, start
    return start, memory.invalid_at


def known_interval(memory: Memory) -> tuple[datetime, datetime | None]:
    """``[start, end)`` in system time: from when it was learned until it was withdrawn."""
    return memory.created_at, memory.expired_at


def current_at(memory: Memory, moment: datetime | None) -> bool:
    """Current at ``moment`` (``None``: at every moment to come): still held, and not ended in the
    world by then. A fact that begins after ``moment`` is current too, *upcoming* (``upcoming``);
    one whose successor begins after it is still current until then. What recall calls current
    at the present is therefore what ``as_of(present)`` finds true, and what begins later."""
    end = memory.invalid_at
    return memory.expired_at is None and (end is None or (moment is not None and moment < end))


def upcoming(memory: Memory, moment: datetime) -> bool:
    """Current, but true only from a time after ``moment`` ("works at Klarna from 1 October")."""
    return memory.event_time > moment and current_at(memory, moment)


def holds_at(memory: Memory, moment: datetime) -> bool:
    """Current at ``moment`` and begun by then: what holds, not what only will ("from next month Ana
    works at Bosch" does not make Bosch her employer today; Siemens, which it replaces then, does)."""
    return current_at(memory, moment) and not upcoming(memory, moment)


def begins_after_told(memory: Memory) -> bool:
    """Told before the day it begins ("Ana works at Bosch" told in November, from 1 January): what
    a page says of it holds before and after that day, "from 1 January", never "upcoming", so the
    page needs no rewrite when the day comes. Days, not moments: a turn dated a minute ahead of the
    server's clock begins nothing later."""
    return memory.event_time.astimezone(timezone.utc).date() > memory.created_at.astimezone(timezone.utc).date()


def true_at(memory: Memory, moment: datetime) -> bool:
    """True in the world at ``moment``, by current knowledge."""
    return _within(valid_interval(memory), moment)


def believed_at(memory: Memory, moment: datetime) -> bool:
    """Held by the memory at ``moment``: learned by then and not yet retracted or superseded."""
    return _within(known_interval(memory), moment)


NEAR: Final = timedelta(days=7)
"""How far ahead of the clock, or of the turn before it, a turn may be dated and still move the present."""


def present(clock: datetime, turn_times: Iterable[datetime]) -> datetime:
    """The moment a question is asked in: the clock's time, or the time the conversation has reached
    when its turns are dated after the clock. ``turn_times`` are the namespace's turns' times, latest
    first (read only as far as needed).

    A turn is something already said, so none lies ahead of the present: turns dated after the
    clock mean the clock is behind the conversation (a week replayed or imported with its own
    dates, a device whose clock runs ahead). Reading such a week at the clock's time would answer
    as if part of it had not happened yet, and answer differently once the clock passes it.
    But a turn dated more than ``NEAR`` after both the clock and the turn before it (a typo'd
    year, a plan dated by its day) is no place the conversation has reached: the present is the
    latest turn dated within ``NEAR`` of the clock or of the turn before it.
    """
    later: datetime | None = None
    for time in turn_times:
        if later is not None and later - max(time, clock) <= NEAR:
            return later
        if time <= clock:
            return clock
        later = time
    return later if later is not None and later - clock <= NEAR else clock


def latest_known(memories: Iterable[Memory]) -> datetime | None:
    """The latest system time the memories hold (learned or withdrawn): known time goes on from there."""
    return max((t for m in memories for t in known_interval(m) if t is not None), default=None)


def visible_at(memory: Memory, moment: datetime, axis: Axis) -> bool:
    return true_at(memory, moment) if axis is Axis.VALID else believed_at(memory, moment)


def _within(interval: tuple[datetime, datetime | None], moment: datetime) -> bool:
    start, end = interval
    return start <= moment and (end is None or moment < end)
