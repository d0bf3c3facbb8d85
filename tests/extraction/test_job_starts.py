"""A job said to begin on a later day, as the rules extractor reads it: the job from that day
(``engram_mcp/extraction/job_starts.py``)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.model.predicates import normalise
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(
    ("text", "org", "day"),
    [
        ("I've accepted a role at Klarna as lead designer. I start on 1 November, so Spotify is done.", "Klarna",
         "2026-11-01"),
        ("I took the job at Canva, my start date is 3 March.", "Canva", "2027-03-03"),
        ("I accepted the offer from Stripe! Starting Monday.", "Stripe", "2026-10-19"),
        ("I start my new job at Atlassian on 2 November.", "Atlassian", "2026-11-02"),
        ("My first day at Monzo is next Monday.", "Monzo", "2026-10-19"),
    ],
)
def test_a_job_said_to_begin_on_a_later_day_is_the_job_from_that_day(text: str, org: str, day: str) -> None:
    said = datetime(2026, 10, 15, 16, 30, tzinfo=timezone.utc)
    jobs = [f for f in extract(turn(text, speaker="Lena", when=said), [])
            if normalise(f.subject, f.predicate, f.object).predicate == "works_at"]
    assert [(f.object, f.event_time.date().isoformat() if f.event_time else None) for f in jobs] == [(org, day)]


@pytest.mark.parametrize(
    "text",
    ["I accepted the offer from Meta.", "I started at Google on 3 March.", "We start at Hillside School tomorrow.",
     "I start work at 9 tomorrow."],
)
def test_an_offer_without_a_day_a_start_gone_by_or_a_school_is_no_job_from_a_later_day(text: str) -> None:
    said = datetime(2026, 10, 15, 16, 30, tzinfo=timezone.utc)
    assert not [f for f in extract(turn(text, speaker="Lena", when=said), []) if f.event_time and f.event_time > said]


def test_news_of_a_job_that_starts_later_holds_from_its_first_day() -> None:
    said = datetime(2026, 6, 10, 12, 0, tzinfo=timezone.utc)
    for text, day in [("new job: staff engineer @ Stripe, starting 1 July", "2026-07-01"),
                      ("My new job at Canva starts on Monday.", "2026-06-15")]:
        jobs = [f for f in extract(turn(text, speaker="Kwame", when=said), []) if f.predicate == "works at"]
        assert [f.event_time.date().isoformat() for f in jobs if f.event_time] == [day], text


def test_an_accepted_role_with_its_title_and_first_day_is_that_job_from_that_day() -> None:
    said = datetime(2026, 2, 10, 20, 0, tzinfo=timezone.utc)
    text = "I've accepted a remote role at Monzo as a risk analyst, I start on 2 March."
    dated = {(f.predicate, f.object, f.event_time.date().isoformat())
             for f in extract(turn(text, speaker="Grace", when=said), []) if f.event_time}
    assert dated == {("works at", "Monzo", "2026-03-02"), ("works as", "risk analyst", "2026-03-02")}


def test_a_job_got_and_said_to_start_on_a_weekday_holds_from_that_day() -> None:
    said = datetime(2026, 9, 17, 14, 0, tzinfo=timezone.utc)  # a Thursday
    text = "GOT THE LIBRARY JOB!!! student assistant at the gsu library north, 12 hrs a week. start monday"
    [employer] = [f for f in extract(turn(text, speaker="Destiny", when=said), []) if f.predicate == "works at"]
    assert (employer.object, employer.event_time) == ("gsu library north", datetime(2026, 9, 21, tzinfo=timezone.utc))


@pytest.mark.parametrize(
    ("text", "org", "day"),
    [
        ("gave notice at spotify lol, starting at Klarna monday", "Klarna", "2026-10-19"),
        ("Last day at Zalando today! Starting at N26 friday", "N26", "2026-10-16"),
        ("Handed in my notice at Monzo, I start at Wise next month.", "Wise", "2026-11-01"),
    ],
)
def test_a_job_left_in_chat_s_words_and_the_next_one_begun_on_a_day_said_after_it_is_the_job_from_that_day(
    text: str, org: str, day: str,
) -> None:
    said = datetime(2026, 10, 15, 16, 30, tzinfo=timezone.utc)
    jobs = [f for f in extract(turn(text, speaker="Lena", when=said), [])
            if normalise(f.subject, f.predicate, f.object) == normalise("Lena", "works at", org)]
    assert [f.event_time.date().isoformat() if f.event_time else None for f in jobs] == [day]


def test_a_job_begun_with_no_day_beside_one_left_is_the_job_from_the_moment_it_is_said() -> None:
    said = datetime(2026, 10, 15, 16, 30, tzinfo=timezone.utc)
    jobs = [f for f in extract(turn("quit Monzo, starting at Wise", speaker="Lena", when=said), [])
            if normalise(f.subject, f.predicate, f.object).predicate == "works_at" and f.object == "Wise"]
    assert [f.event_time for f in jobs] == [said]
