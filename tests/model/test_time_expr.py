import re
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engram_mcp.model.time_expr import (
    TimeWindow,
    in_any_window,
    on_any_clock,
    parse_time_windows,
    says_a_time,
    time_phrases,
    upcoming_day,
    without_time_phrases,
)

NOW = datetime(2023, 10, 20, 15, 0, tzinfo=timezone.utc)


def _dates(query: str) -> list[tuple[str, str]]:
    return [(w.start.date().isoformat(), w.end.date().isoformat()) for w in parse_time_windows(query, NOW)]


def test_a_month_without_a_year_is_its_latest_occurrence_before_now() -> None:
    assert _dates("When did Melanie go camping in June?") == [("2023-06-01", "2023-07-01")]
    assert _dates("What did I buy in December?") == [("2022-12-01", "2023-01-01")]


def test_absolute_dates_in_either_order_become_single_days() -> None:
    assert _dates("What did Gina find on 1 February, 2023?") == [("2023-02-01", "2023-02-02")]
    assert _dates("What did Melanie show on October 13, 2023?") == [("2023-10-13", "2023-10-14")]


def test_years_and_relative_phrases_resolve_against_now() -> None:
    assert _dates("How often did she go to the beach in 2022?") == [("2022-01-01", "2023-01-01")]
    assert _dates("What did I do yesterday?") == [("2023-10-19", "2023-10-20")]


def test_a_question_opening_with_may_names_no_month() -> None:
    assert _dates("May I ask what you cooked?") == []


def test_slack_admits_turns_reporting_an_event_after_its_window() -> None:
    june = TimeWindow(datetime(2023, 6, 1, tzinfo=timezone.utc), datetime(2023, 7, 1, tzinfo=timezone.utc))
    early_july = datetime(2023, 7, 5, tzinfo=timezone.utc)
    assert not in_any_window(early_july, [june])
    assert in_any_window(early_july, [june], slack=timedelta(days=31))


def test_last_weekday_and_last_weekend_are_the_latest_ones_before_today() -> None:
    from datetime import datetime as dt

    now = dt(2023, 5, 24, 15, tzinfo=timezone.utc)  # a Wednesday
    (saturday,) = parse_time_windows("What did I buy last Saturday?", now)
    assert saturday.start == dt(2023, 5, 20, tzinfo=timezone.utc) and saturday.end == dt(2023, 5, 21, tzinfo=timezone.utc)
    (wednesday,) = parse_time_windows("Who did I meet last Wednesday?", now)
    assert wednesday.start == dt(2023, 5, 17, tzinfo=timezone.utc)
    (weekend,) = parse_time_windows("Where did I go this past weekend?", now)
    assert weekend.start == dt(2023, 5, 20, tzinfo=timezone.utc) and weekend.end == dt(2023, 5, 22, tzinfo=timezone.utc)


def test_a_couple_of_days_ago_is_about_two_days_ago() -> None:
    from datetime import datetime as dt

    now = dt(2023, 5, 24, 15, tzinfo=timezone.utc)
    (window,) = parse_time_windows("the recipe I tried a couple of days ago", now)
    assert window.start <= dt(2023, 5, 22, tzinfo=timezone.utc) < window.end


def test_the_past_few_weeks_reach_from_that_long_ago_up_to_today() -> None:
    now = datetime(2023, 5, 30, 18, 0, tzinfo=timezone.utc)
    [window] = parse_time_windows("How many times did I bake in the past two weeks?", now)
    assert window.start == datetime(2023, 5, 16, tzinfo=timezone.utc)
    assert window.start <= now < window.end
    [few] = parse_time_windows("What have I read over the last few months?", now)
    assert few.start == datetime(2023, 2, 26, tzinfo=timezone.utc)


def test_days_and_spans_the_calendar_does_not_hold_name_no_time() -> None:
    for query in (
        "What did I do on 31 February 2023?",
        "What happened on 0 March 2023?",
        "Anything in March 0000?",
        "What did I do 999999 weeks ago?",
        "What did I read in the past 99999999999999999999 months?",
    ):
        assert parse_time_windows(query, NOW) == [], query


def _blanked(query: str) -> str:
    return without_time_phrases(query, time_phrases(query, NOW))


def test_the_time_phrases_blank_out_and_the_rest_of_the_question_stays() -> None:
    assert _blanked("What did I fix on 9 March 2023?").split() == ["What", "did", "I", "fix", "on", "?"]
    assert _blanked("What did I buy last Saturday?").split() == ["What", "did", "I", "buy", "?"]
    assert _blanked("Where does Sam live?") == "Where does Sam live?"
    assert _blanked("İİ yesterday?") == "İİ          ?"


def test_a_day_without_a_year_is_its_latest_occurrence_and_iso_dates_are_days() -> None:
    now = datetime(2024, 3, 31, 15, tzinfo=timezone.utc)

    def days(query: str) -> list[str]:
        return [w.start.date().isoformat() for w in parse_time_windows(query, now) if w.end - w.start == timedelta(days=1)]

    assert days("What did I do on 9 March?") == ["2024-03-09"]
    assert days("the 9th of March") == days("on March 9th") == ["2024-03-09"]
    assert days("What did I do on 30 December?") == ["2023-12-30"]
    assert days("What did I do on 2024-03-09?") == ["2024-03-09"]
    assert days("the photo shared on December 1,2023") == ["2023-12-01"]
    assert parse_time_windows("What happened on 2023-13-40?", now) == []


def test_no_phrase_or_moment_makes_reading_times_fail() -> None:
    leap_day = datetime(2024, 2, 29, 23, 0, tzinfo=timezone.utc)
    assert [w.start.date().isoformat() for w in parse_time_windows("on 30 March", leap_day)] == ["2023-03-30"]
    assert parse_time_windows("What happened on 9999-12-31?", NOW) == []
    assert parse_time_windows("Anything in December 9999?", NOW) == []
    the_first_day = datetime(1, 1, 2, tzinfo=timezone.utc)
    assert [w.start.date().isoformat() for w in parse_time_windows("yesterday", the_first_day)] == ["0001-01-01"]
    for query in ("last year", "in the past two weeks", "three days ago", "last weekend"):
        assert parse_time_windows(query, the_first_day) == [], query


def test_two_times_joined_as_a_range_are_one_interval_from_the_first_to_the_last() -> None:
    now = datetime(2023, 10, 1, tzinfo=timezone.utc)

    def spans(query: str) -> list[tuple[str, str]]:
        return [(w.start.date().isoformat(), w.end.date().isoformat()) for w in parse_time_windows(query, now)]

    assert spans("Where was John between August 11 and August 15 2023?") == [("2023-08-11", "2023-08-16")]
    assert spans("What did I read from May to July?") == [("2023-05-01", "2023-08-01")]
    assert spans("I met Ana in May and Ben in June") == [("2023-05-01", "2023-06-01"), ("2023-06-01", "2023-07-01")]
    assert spans("between 15 August and 11 August") == [("2023-08-15", "2023-08-16"), ("2023-08-11", "2023-08-12")]


_TIME_WORDS = (
    "on in the of last past this ago day days week weeks month months year since couple few two a and "
    "March May December Saturday weekend yesterday 0 9 29 31 99 1999 2023 0000 9999 10000 "
    "99999999999999999999 2024-02-29 2023-02-29 9999-12-31 1st , -"
).split()


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_TIME_WORDS), max_size=8).map(" ".join) | st.text(max_size=40),
    st.datetimes(timezones=st.just(timezone.utc)),
)
def test_any_question_read_at_any_moment_names_only_times_the_calendar_holds(question: str, now: datetime) -> None:
    assert all(w.start < w.end for w in parse_time_windows(question, now))
    assert len(without_time_phrases(question, time_phrases(question, now))) == len(question)


def test_a_day_said_ahead_is_its_next_occurrence_from_today() -> None:
    said = datetime(2026, 10, 15, 16, 30, tzinfo=timezone.utc)  # a Thursday

    def day(text: str) -> str | None:
        found = upcoming_day(text, said)
        return found.date().isoformat() if found else None

    assert day("I start on 1 November") == "2026-11-01"
    assert day("my start date is 3 March") == "2027-03-03"
    assert day("starting 15 October") == "2026-10-15"
    assert day("from March 3rd, 2028") == "2028-03-03"
    assert day("starting Monday") == day("next Monday") == "2026-10-19"
    assert day("on Thursday") == "2026-10-22"
    assert day("start monday") == day("Starts Monday as sous-chef") == "2026-10-19"
    assert day("tomorrow") == "2026-10-16"
    assert day("I start soon") is None


def test_next_week_next_month_a_day_of_the_month_and_a_count_of_weeks_are_days_ahead() -> None:
    said = datetime(2026, 10, 15, 16, 30, tzinfo=timezone.utc)  # a Thursday

    def day(text: str) -> str | None:
        found = upcoming_day(text, said)
        return found.date().isoformat() if found else None

    assert day("he starts there next week") == "2026-10-19"
    assert day("I start at Klarna next month") == "2026-11-01"
    assert day("Starting at Intercom on the 1st.") == "2026-11-01"
    assert day("on the 20th") == "2026-10-20"
    assert day("starting at Wise in two weeks") == "2026-10-29"
    assert day("the 3rd of November") == "2026-11-03"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_TIME_WORDS + ["tomorrow", "next", "Monday", "starting", "week", "month", "in", "two", "weeks", "the", "1st", "28th"]), max_size=8).map(" ".join)
    | st.text(max_size=40),
    st.datetimes(timezones=st.just(timezone.utc)),
)
def test_any_text_said_at_any_moment_names_a_day_ahead_or_none(text: str, now: datetime) -> None:
    found = upcoming_day(text, now)
    # Only a year said outright can name a day gone by.
    assert found is None or found.date() >= now.date() or re.search(r"\d{4}", text)


@pytest.mark.parametrize("text", ["completion's pushed to mon 26th", "swim's moved to weds now, 4:30", "dentist at 3pm tomorrow",
                                  "fri 23 july", "the party is on Saturday", "from 2027-01-04", "next week"])
def test_a_day_a_date_a_month_or_a_clock_time_says_when(text: str) -> None:
    assert says_a_time(text)


@pytest.mark.parametrize("text", ["new address for all the forms: 14 Heworth Grove, York YO31", "we sold the house",
                                  "212 paying accounts", "Can you write me a note for the fridge for this week."])
def test_a_place_or_a_count_says_no_time(text: str) -> None:
    assert not says_a_time(text)


def test_a_day_on_any_clock_runs_from_its_start_in_kiribati_to_its_end_on_baker_island() -> None:
    day = TimeWindow(datetime(2024, 3, 10, tzinfo=timezone.utc), datetime(2024, 3, 11, tzinfo=timezone.utc))
    assert on_any_clock(day) == (datetime(2024, 3, 9, 10, tzinfo=timezone.utc), datetime(2024, 3, 11, 12, tzinfo=timezone.utc))
