"""An event moved by an amount of time (sentences written for these tests)."""

from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.shifts import shift_fact
from engram_mcp.model.corrections import SHIFTS, parse_shift
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(
    ("said", "event", "days"),
    [
        ("dentist pushed my appointment back a week, same time", "dentist appointment", 7),
        ("pushed back my appointment by a week", "appointment", 7),
        ("The meeting got brought forward two days.", "meeting", -2),
        ("My flight was pushed back two days.", "flight", 2),
        ("They moved my interview to the day after.", "interview", 1),
        ("We moved the party to the following week.", "party", 7),
        ("The clinic moved my scan back a fortnight.", "scan", 14),
        ("I postponed the call by a day.", "call", 1),
        ("Physio's been pushed back a week.", "physio", 7),
    ],
)
def test_an_event_moved_by_an_amount_of_time_is_that_event_and_the_days_it_moved(said: str, event: str, days: int) -> None:
    moved = shift_fact(said, "Noor")
    assert moved is not None and moved.predicate == SHIFTS and parse_shift(moved.object) == (event, days)


def test_an_event_moved_by_whoever_holds_it_is_named_by_them() -> None:
    moved = shift_fact("The dentist pushed it back a week.", "Noor")
    assert moved is not None and parse_shift(moved.object) == ("dentist", 7)
    assert moved.statement == "Noor's dentist moved it a week later."


@pytest.mark.parametrize("said", ["I pushed back on the idea a week ago.", "Pushed my run back an hour.",
                                  "pushed my appointment back two weeks ago", "I moved to Leeds a week later."])
def test_what_moves_no_event_by_days_is_no_shift(said: str) -> None:
    assert shift_fact(said, "Noor") is None


def test_the_rules_read_a_pushed_back_appointment_as_its_shift() -> None:
    [moved] = extract(turn("dentist pushed my appointment back a week, same time", speaker="Noor"), [])
    assert (moved.predicate, moved.object) == (SHIFTS, "dentist appointment +7 days")
