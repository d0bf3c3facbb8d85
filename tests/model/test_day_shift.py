"""A statement said again with its day moved (sentences written for these tests)."""

from __future__ import annotations

from datetime import datetime, timezone

from engram_mcp.model.day_shift import shifted

TOLD = datetime(2026, 11, 20, 9, tzinfo=timezone.utc)  # a Friday


def test_a_day_pushed_back_a_week_keeps_its_time_of_day() -> None:
    assert (shifted("Noor's dentist appointment is on 1 December at 10am.", 7, TOLD)
            == "Noor's dentist appointment is on 8 December at 10am.")


def test_a_day_brought_forward_may_fall_in_the_month_before() -> None:
    assert shifted("The review is on December 1st at 3pm.", -2, TOLD) == "The review is on November 29 at 3pm."


def test_a_day_moved_into_the_next_year_says_its_year() -> None:
    assert shifted("Noor's scan is on 28 December.", 7, TOLD) == "Noor's scan is on 4 January 2027."
    assert shifted("Noor's flight is on 2026-12-28.", 7, TOLD) == "Noor's flight is on 2027-01-04."


def test_a_weekday_is_read_as_the_next_one_and_moved_to_its_date() -> None:
    assert shifted("Noor's lesson is on Tuesday at 4.", 7, TOLD) == "Noor's lesson is on Tuesday 1 December at 4."


def test_a_statement_naming_no_day_cannot_be_moved() -> None:
    assert shifted("Noor's dentist is Dr Kim.", 7, TOLD) is None
