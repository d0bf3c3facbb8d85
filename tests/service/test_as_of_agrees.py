"""One visibility rule: ``as_of`` with a query (the index filter) and without one (the catalogue)
see the same memories, on both time axes, after every way a fact can stop being current."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engram_mcp.model import Kind, Source
from engram_mcp.model.temporal import Axis
from engram_mcp.service.facts import FactService
from engram_mcp.service.forgetting import ForgetMode, Forgetting
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock

JAN = datetime(2026, 1, 1, tzinfo=timezone.utc)
MAR = datetime(2026, 3, 1, tzinfo=timezone.utc)


def seen_with_a_query(service: MemoryService, moment: datetime, axis: Axis) -> set[str]:
    found = service.as_of(moment, "Ali", axis=axis, limit=200)
    return {item.memory.id for item in found.memories if item.memory.kind is Kind.FACT}


def seen_without_a_query(service: MemoryService, moment: datetime, axis: Axis) -> set[str]:
    found = service.as_of(moment, axis=axis, limit=200)
    return {item.memory.id for item in found.memories if item.memory.kind is Kind.FACT}


@pytest.mark.parametrize("axis", [Axis.VALID, Axis.KNOWN])
def test_as_of_answers_alike_with_and_without_a_query_after_revise_retract_and_supersede(
    service: MemoryService, clock: SteppingClock, axis: Axis
) -> None:
    facts = FactService(service, clock)
    forgetting = Forgetting(service, facts, clock)
    moments = [JAN - timedelta(days=1), JAN + timedelta(days=1), MAR + timedelta(days=1)]

    facts.state("Ali works at Google.", event_time=JAN)
    facts.state("Ali lives in Paris.", event_time=JAN)
    bike = facts.state("Ali owns a red bike.", event_time=JAN).memory
    moments.append(clock.now)
    facts.state("Ali works at Meta.", event_time=MAR)  # supersedes Google
    moments.append(clock.now)
    paris = next(m for m in service.memories() if m.text == "Ali lives in Paris.")
    service.revise(paris.id, "Ali lives in Lyon.", source=Source.HUMAN_EDIT)  # a corrected wording
    moments.append(clock.now)
    forgetting.forget(bike.id, ForgetMode.RETRACT)  # no longer true
    moments.extend([clock.now, clock.now + timedelta(days=1)])

    for moment in moments:
        assert seen_with_a_query(service, moment, axis) == seen_without_a_query(service, moment, axis), moment


def test_a_reworded_fact_was_never_true_in_the_world_but_was_believed_until_reworded(
    service: MemoryService, clock: SteppingClock
) -> None:
    facts = FactService(service, clock)
    paris = facts.state("Ali lives in Paris.", event_time=JAN).memory
    believed_then = clock.now
    service.revise(paris.id, "Ali lives in Lyon.", source=Source.HUMAN_EDIT)
    later = MAR

    assert paris.id not in seen_with_a_query(service, later, Axis.VALID)
    assert paris.id in seen_with_a_query(service, believed_then, Axis.KNOWN)
