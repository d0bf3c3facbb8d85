"""The read-only views behind the MCP resources, prompts and the timeline: pure functions over records."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from engram_mcp.edge import views
from engram_mcp.errors import MemoryNotFound
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id
from engram_mcp.model.entities import entity_id
from engram_mcp.model.supersede import supersede

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def turn(text: str, speaker: str | None = "Ana", role: str = "user", days_ago: float = 1) -> Memory:
    at = NOW - timedelta(days=days_ago)
    return Memory(
        id=new_memory_id(Kind.EPISODE), kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text, created_at=at,
        valid_at=at, provenance=Provenance(speaker=speaker, role=role),
    )


def fact(
    text: str, subject: str, predicate: str, obj: str, *, days_ago: float = 1, certainty: float = 1.0,
    entities: tuple[str, ...] = (), type: MemoryType = MemoryType.SEMANTIC, turns: tuple[str, ...] = (),
) -> Memory:
    at = NOW - timedelta(days=days_ago)
    return Memory(
        id=new_memory_id(Kind.FACT), kind=Kind.FACT, type=type, text=text, created_at=at, valid_at=at,
        certainty=certainty, provenance=Provenance(speaker="Ana", role="user", turn_ids=turns),
        entities=(subject, *entities), subject=subject, predicate=predicate, object=obj,
    )


def moved_job() -> tuple[Memory, Memory]:
    google = fact("Ana works at Google.", "Ana", "works at", "Google", days_ago=400)
    meta = fact("Ana works at Meta.", "Ana", "works at", "Meta", days_ago=2)
    return supersede(google, meta, NOW - timedelta(days=2))


def test_the_profile_lists_the_users_current_facts_and_leaves_out_replaced_ones_and_other_people() -> None:
    google, meta = moved_job()
    eva = fact("Eva lives in Oslo.", "Eva", "lives in", "Oslo")
    rule = fact("Ana wants answers in French.", "Ana", "wants", "answers in French", type=MemoryType.PROCEDURAL)
    text = views.profile([turn("I work at Meta now."), google, meta, eva, rule])
    assert "Ana works at Meta." in text and "Ana wants answers in French." in text
    assert "Google" not in text and "Eva" not in text
    assert text.index("Facts and preferences") < text.index("Meta") < text.index("How they want things done")


def test_a_turn_without_a_speaker_makes_the_user_the_one_the_extractor_calls_user() -> None:
    said = fact("user is allergic to peanuts.", "user", "is allergic to", "peanuts")
    assert "allergic to peanuts" in views.profile([turn("I'm allergic to peanuts", speaker=None), said])


def test_an_empty_memory_has_a_profile_that_says_nothing_is_known() -> None:
    assert "Nothing yet" in views.profile([])


def test_inferred_facts_are_marked_so_in_the_profile() -> None:
    guess = fact("Ana might move to Lisbon.", "Ana", "might move to", "Lisbon", certainty=0.4)
    assert "a guess" in views.profile([turn("maybe Lisbon"), guess])


def test_an_entity_page_shows_what_is_true_now_what_it_replaced_and_the_turns_naming_it() -> None:
    said = turn("I started at Meta this week!", days_ago=2)
    google, meta = moved_job()
    meta = replace(meta, provenance=replace(meta.provenance, turn_ids=(said.id,)))
    page = views.entity_page([said, google, meta, turn("Eva says hi")], "ana")
    now, before = page.split("## True now")[1].split("## Before")
    assert "Ana works at Meta." in now and "Google" not in now
    assert "~~Ana works at Google.~~" in before and f"replaced by Ana works at Meta. [{meta.id}]" in before
    assert said.id in page and "Eva says hi" not in page
    assert entity_id("Ana") in page


def test_an_entity_is_found_by_its_id_or_page_slug_and_an_unknown_one_is_a_clear_error() -> None:
    records = [fact("Ali Khan lives in Leeds.", "Ali Khan", "lives in", "Leeds")]
    assert views.entity_page(records, entity_id("Ali Khan")) == views.entity_page(records, "ali-khan")
    with pytest.raises(MemoryNotFound, match="no entity named 'Bob'"):
        views.entity_page(records, "Bob")


def test_recent_lists_the_latest_memories_first_and_says_which_facts_are_no_longer_current() -> None:
    google, meta = moved_job()
    text = views.recent([google, meta, turn("hello", days_ago=0.5)])
    assert text.index("hello") < text.index("Ana works at Meta.") < text.index("Ana works at Google.")
    assert "Ana works at Google. (since 2025-10-26) (no longer current)" in text


def test_the_review_surfaces_recent_guesses_unsettled_contradictions_changes_and_near_names() -> None:
    google, meta = moved_job()
    guess = fact("Ana might move to Lisbon.", "Ana", "might move to", "Lisbon", certainty=0.4)
    old_guess = fact("Ana may like jazz.", "Ana", "may like", "jazz", certainty=0.4, days_ago=60)
    volvo = fact("Ana drives a Volvo.", "Ana", "drives", "a Volvo")
    tesla = fact("Ana drives a Tesla.", "Ana", "drives", "a Tesla")
    tea = fact("Ana likes tea.", "Ana", "likes", "tea")
    coffee = fact("Ana likes coffee.", "Ana", "likes", "coffee")
    near = fact("Jonathon plays chess.", "Jonathon", "plays", "chess")
    nearer = fact("Jonathan plays chess.", "Jonathan", "plays", "chess")
    found = views.review([google, meta, guess, old_guess, volvo, tesla, tea, coffee, near, nearer], NOW, days=7)
    assert found.uncertain == (guess,)
    assert found.conflicts == ((volvo, tesla),)
    assert found.changed == ((google, meta),)
    assert {(n.name, n.other) for n in found.near} == {("Jonathan", "Jonathon")}
    text = views.review_text(found, 7)
    assert "Ana might move to Lisbon. (certainty 0.4)" in text and "Ana drives a Volvo." in text
    assert "jazz" not in text


def test_a_review_with_nothing_to_confirm_says_so() -> None:
    found = views.review([fact("Ana likes tea.", "Ana", "likes", "tea")], NOW)
    assert found.empty and "Nothing needs review" in views.review_text(found, 7)


def test_the_profile_and_entity_page_keep_todays_job_current_until_a_job_that_begins_later() -> None:
    meta = fact("Ana works at Meta.", "Ana", "works at", "Meta", days_ago=400)
    klarna = replace(fact("Ana works at Klarna.", "Ana", "works at", "Klarna"), valid_at=NOW + timedelta(days=300))
    meta, klarna = supersede(meta, klarna, NOW - timedelta(days=1), present=NOW)
    memories = [turn("I'm joining Klarna next October"), meta, klarna]
    text = views.profile(memories, now=NOW)
    assert "Ana works at Meta." in text and f"Ana works at Klarna. (from {klarna.valid_at:%Y-%m-%d}" in text
    now = views.entity_page(memories, "ana", now=NOW).split("## True now")[1]
    assert "Ana works at Meta." in now and "Before" not in now


def job_from_next_month() -> list[Memory]:
    siemens = fact("Ana works at Siemens.", "Ana", "works at", "Siemens", days_ago=400)
    bosch = replace(fact("Ana works at Bosch.", "Ana", "works at", "Bosch"), valid_at=NOW + timedelta(days=30))
    return list(supersede(siemens, bosch, NOW - timedelta(days=1), present=NOW))


def test_the_entity_page_lists_a_fact_from_next_month_apart_from_what_is_true_now() -> None:
    text = views.entity_page(job_from_next_month(), "ana", now=NOW)
    true_now, later = text.split("## True now")[1].split("## From a later day")
    assert "Ana works at Siemens." in true_now and "Bosch" not in true_now
    assert f"Ana works at Bosch. (from {NOW + timedelta(days=30):%Y-%m-%d})" in later


def test_recent_says_todays_job_is_current_until_a_job_from_next_month_and_that_one_from_when() -> None:
    siemens, bosch = job_from_next_month()
    text = views.recent([siemens, bosch], now=NOW)
    assert "Ana works at Siemens." in text and "no longer current" not in text
    assert f"Ana works at Bosch. (from {bosch.valid_at:%Y-%m-%d})" in text
    # Once that day has come, Siemens is what ended.
    later = views.recent([siemens, bosch], now=NOW + timedelta(days=31))
    assert "Ana works at Siemens. (since" in later and "(no longer current) [" + siemens.id in later
