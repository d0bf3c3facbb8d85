"""Whether a recalled memory still holds at the moment asked about, and what replaced it. Pure.

A fact is *current* while it is true (or believed, on the known axis) at the moment; ended
by a successor it is *superseded*, ended without one *retracted*. A turn is never ended by
itself: it stays what was said then. It is *outdated* at a moment when a fact drawn from it
was replaced by then, and it names what replaced that fact, so "I work at Google" reads as
history once "works at Meta" supersedes the fact it gave; or when every fact drawn from it
ended. A fact taken back with nothing in its place leaves a turn that still backs a current
fact current ("I work at Tesco, and my dog is called Biscuit" with the job retracted).

``current_first`` is the ranking rule built on this: a memory outdated at the moment keeps
its place in the list, but the current fact that replaced it is placed above it (first of
all when the outdated memory is among the best few), so a question about something that
changed is answered by the current state first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from engram_mcp.model import Kind, Memory
from engram_mcp.model.supersede import was_unsaid
from engram_mcp.model.temporal import Axis, visible_at

__all__ = ["CURRENT", "MemoryStatus", "State", "current_first", "status_of"]

Lookup = Callable[[str], Memory | None]
DerivedFacts = Callable[[str], Sequence[Memory]]
_CHAIN_LIMIT = 50


class State(str, Enum):
    CURRENT = "current"
    SUPERSEDED = "superseded"
    """A fact replaced by a later one."""
    RETRACTED = "retracted"
    """A fact withdrawn ("no longer true", "that was wrong") with nothing in its place."""
    OUTDATED = "outdated"
    """A turn that stated something since superseded or retracted: what was said then."""
    DISPUTED = "disputed"
    """A current fact that contradicts one a person pinned or wrote by hand, which comes first."""
    UPCOMING = "upcoming"
    """A fact true only from a time after the moment ("works at Klarna" from next October)."""


@dataclass(frozen=True, slots=True)
class MemoryStatus:
    state: State
    since: datetime | None = None
    """When it stopped holding (world time on the valid axis, system time on the known axis); for
    an upcoming fact, when it begins."""
    replaced_by: Memory | None = None
    """The fact that holds now in its place, if any (for an upcoming fact, the one that holds until it begins)."""
    replacements: tuple[Memory, ...] = ()
    """Every fact that holds now in place of one it stated (a turn may state several)."""
    wholly: bool = False
    """A turn every fact of which has ended: nothing it said holds, so what replaced it answers
    whatever it answered."""

    @property
    def is_current(self) -> bool:
        return self.state is State.CURRENT


CURRENT = MemoryStatus(State.CURRENT)


def status_of(
    memory: Memory,
    moment: datetime,
    axis: Axis,
    lookup: Lookup,
    derived: DerivedFacts,
    overruled_by: Callable[[Memory], Memory | None] = lambda m: None,
) -> MemoryStatus:
    """``memory``'s status at ``moment``; ``derived(turn_id)`` lists the facts drawn from a turn,
    ``overruled_by(fact)`` the pinned or hand-written fact it contradicts, if any."""
    if memory.kind is Kind.FACT:
        status = _fact_status(memory, moment, axis, lookup)
        if status.is_current and (winner := overruled_by(memory)) is not None:
            return MemoryStatus(State.DISPUTED, None, winner)
        return status
    # A turn dated after the moment (a client's clock ahead of this one, a replayed diary) was
    # not taken back: like a fact that begins later, it is not yet, not ended.
    if not visible_at(memory, moment, axis) and not (memory.event_time > moment and memory.expired_at is None):
        return MemoryStatus(State.RETRACTED, _end(memory, axis))
    # A fact withdrawn because a person corrected the turn's text was never what the turn says.
    facts = [f for f in derived(memory.id) if not was_unsaid(f)]
    # What holds again in the same words (a move withdrawn, a move back) leaves the turn saying what holds.
    ended = [s for f in facts if not (s := _fact_status(f, moment, axis, lookup)).is_current
             and not (s.replaced_by is not None and s.replaced_by.text == f.text)]
    # A fact that began after the moment says nothing about then: it is not yet, not ended.
    ended = [s for s in ended if s.since is not None and s.since <= moment]
    # Taken back with nothing in its place while another fact drawn from it holds ("my dog is called Biscuit"
    # after the job beside it was retracted): the turn still says what holds, and names nothing newer to read.
    if not ended or (len(ended) < len(facts) and all(s.replaced_by is None for s in ended)):
        return CURRENT
    replaced = next((s for s in ended if s.replaced_by is not None), ended[0])
    everything = tuple(dict.fromkeys(s.replaced_by for s in ended if s.replaced_by is not None))
    return MemoryStatus(State.OUTDATED, replaced.since, replaced.replaced_by, everything, wholly=len(ended) == len(facts))


def _fact_status(fact: Memory, moment: datetime, axis: Axis, lookup: Lookup) -> MemoryStatus:
    if fact.event_time > moment:
        holder = _holding_predecessor(fact, moment, axis, lookup)
        return MemoryStatus(State.UPCOMING, fact.event_time, holder, (holder,) if holder else ())
    if visible_at(fact, moment, axis):
        return CURRENT
    successor = _holding_successor(fact, moment, axis, lookup)
    if fact.superseded_by is not None:
        since = _end(fact, axis)
        if axis is Axis.VALID and fact.invalid_at is None and successor is not None and since is not None:
            # Reworded by a person, never ended in the world: its wording holds from when it was true,
            # not from the day of the edit ("OUTDATED since" the edit read as a change made that day).
            since = min(since, successor.event_time)
        return MemoryStatus(State.SUPERSEDED, since, successor, (successor,) if successor else ())
    return MemoryStatus(State.RETRACTED, _end(fact, axis))


def _holding_successor(fact: Memory, moment: datetime, axis: Axis, lookup: Lookup) -> Memory | None:
    """The version of ``fact``'s chain that holds at ``moment``, following ``superseded_by``."""
    current = fact
    for _ in range(_CHAIN_LIMIT):
        if current.superseded_by is None:
            break
        following = lookup(current.superseded_by)
        if following is None:
            break
        current = following
        if visible_at(current, moment, axis):
            return current
    return None


def _holding_predecessor(fact: Memory, moment: datetime, axis: Axis, lookup: Lookup) -> Memory | None:
    """The fact ``fact`` supersedes that still holds at ``moment``, until ``fact`` begins."""
    return next((m for i in fact.supersedes if (m := lookup(i)) is not None and visible_at(m, moment, axis)), None)


def _end(memory: Memory, axis: Axis) -> datetime | None:
    if axis is Axis.KNOWN:
        return memory.expired_at
    return memory.invalid_at or memory.expired_at


Scored = tuple[Memory, float]


def current_first(
    ranked: Sequence[Scored],
    statuses: Mapping[str, MemoryStatus],
    admitted: Callable[[Memory], bool],
    lead: int = 5,
) -> list[Scored]:
    """``ranked`` (best first) with what replaced each outdated memory placed above it.

    An outdated memory among the first ``lead`` means the question is about something that
    changed: its replacement goes first of all. Further down, the replacement goes just above
    it. The replacement takes that score whether it was ranked lower or not found at all;
    ``admitted`` says whether the query may return it.
    """
    scores = {m.id: (m, s) for m, s in ranked}
    top = ranked[0][1] if ranked else 0.0
    for position, (memory, score) in enumerate(ranked):
        status = statuses.get(memory.id)
        if status is None or status.replaced_by is None:
            continue
        replacement = status.replaced_by
        if not admitted(replacement):
            continue
        above = top if position < lead else score
        _, had = scores.get(replacement.id, (replacement, 0.0))
        scores[replacement.id] = (replacement, max(had, above * 1.0001 + 1e-9))
    return sorted(scores.values(), key=lambda pair: (-pair[1], pair[0].event_time, pair[0].id))
