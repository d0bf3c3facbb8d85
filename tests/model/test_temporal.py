from dataclasses import replace
from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType
from engram_mcp.model.temporal import Axis, believed_at, current_at, present, true_at, upcoming, visible_at

JAN = datetime(2026, 1, 1, tzinfo=timezone.utc)
MAR = datetime(2026, 3, 1, tzinfo=timezone.utc)
JUN = datetime(2026, 6, 1, tzinfo=timezone.utc)

GOOGLE = Memory(
    id="f-000000000001", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Ali works at Google.",
    created_at=JAN, valid_at=JAN,
)


def test_a_fact_is_true_from_its_valid_time_until_it_is_invalidated() -> None:
    superseded = replace(GOOGLE, invalid_at=MAR, expired_at=JUN, superseded_by="f-000000000002")
    assert true_at(superseded, JAN + timedelta(days=1))
    assert not true_at(superseded, MAR)


def test_a_superseded_fact_was_still_believed_until_the_system_learned_otherwise() -> None:
    superseded = replace(GOOGLE, invalid_at=MAR, expired_at=JUN, superseded_by="f-000000000002")
    assert believed_at(superseded, MAR + timedelta(days=1))
    assert not believed_at(superseded, JUN)


def test_nothing_is_believed_before_it_was_learned() -> None:
    assert not believed_at(GOOGLE, JAN - timedelta(seconds=1))


def test_a_retracted_fact_with_no_successor_was_never_true() -> None:
    assert not true_at(replace(GOOGLE, expired_at=MAR), JAN + timedelta(days=1))


def test_visible_at_picks_the_axis() -> None:
    late = replace(GOOGLE, created_at=JUN)
    assert visible_at(late, MAR, Axis.VALID)
    assert not visible_at(late, MAR, Axis.KNOWN)


def test_a_fact_retracted_as_no_longer_true_was_true_until_then() -> None:
    ended = replace(GOOGLE, invalid_at=MAR, expired_at=MAR)
    assert true_at(ended, JAN + timedelta(days=1)) and not true_at(ended, MAR)


def test_the_present_is_the_clocks_time_when_every_turn_is_older() -> None:
    assert present(MAR, [JAN]) == MAR
    assert present(MAR, []) == MAR


def test_the_present_is_the_latest_turns_time_when_the_conversation_is_dated_after_the_clock() -> None:
    week = [JUN + timedelta(days=d) for d in (6, 3, 0)]
    assert present(JAN, week) == JUN + timedelta(days=6)
    assert present(JAN, [JAN + timedelta(days=2)]) == JAN + timedelta(days=2)


def test_a_turn_dated_far_ahead_of_the_clock_and_of_the_turn_before_it_does_not_move_the_present() -> None:
    typo = MAR.replace(year=2036)
    assert present(MAR, [typo, MAR - timedelta(days=1)]) == MAR
    assert present(MAR, [typo]) == MAR
    assert present(MAR, [MAR + timedelta(days=14), MAR - timedelta(days=1)]) == MAR, "a plan dated by its day"
    replayed = [JUN + timedelta(hours=1), JUN]
    assert present(MAR, [typo, *replayed]) == JUN + timedelta(hours=1)


def test_a_fact_ended_by_a_successor_that_begins_later_is_current_until_then_and_the_successor_upcoming() -> None:
    meta = replace(GOOGLE, invalid_at=JUN, superseded_by="f-000000000002")
    klarna = replace(GOOGLE, id="f-000000000002", text="Ali works at Klarna.", valid_at=JUN)
    assert current_at(meta, MAR) and not upcoming(meta, MAR) and true_at(meta, MAR)
    assert current_at(klarna, MAR) and upcoming(klarna, MAR) and not true_at(klarna, MAR)
    assert not current_at(meta, JUN) and current_at(klarna, JUN) and not upcoming(klarna, JUN)
    assert not current_at(meta, None) and current_at(klarna, None)
    assert not current_at(replace(meta, expired_at=MAR), MAR), "withdrawn is never current"
