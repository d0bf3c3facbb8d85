from __future__ import annotations

import pytest

from engram_mcp.extraction.jest import in_earnest
from engram_mcp.extraction.rules import RulesExtractor
from tests.extraction.helpers import turn


@pytest.mark.parametrize(
    "said",
    [
        ["I work at NASA now.", "Just kidding!"],
        ["I moved to Mars jk"],
        ["I'm the new CEO, lol no."],
        ["I adore Mondays.", "Not really."],
        ["I just won the lottery.", "Yeah right."],
    ],
)
def test_a_statement_taken_back_in_the_same_turn_is_not_meant(said: list[str]) -> None:
    assert in_earnest(said) == []


@pytest.mark.parametrize(
    "said",
    ["Oh yeah, I totally work at NASA now, sure.", "I'm a millionaire now, yeah right.", "I love doing my taxes /s",
     "lol I'm basically the Queen of England now", "haha I'm practically a rocket scientist", "Sure, and I'm the Pope.",
     "I'm moving to Hawaii, NOT."],
)
def test_a_statement_said_in_sarcasm_is_not_meant(said: str) -> None:
    assert in_earnest([said]) == []


def test_what_follows_a_retraction_that_opens_a_sentence_is_meant() -> None:
    assert in_earnest(["I work at NASA.", "Just kidding, I actually work at Tesco."]) == ["I actually work at Tesco."]


@pytest.mark.parametrize(
    "said",
    [["I got the job, I'm not kidding!"], ["I'm not really into football."], ["I live in Leeds lol"],
     ["Did I like it?", "Not really."]],
)
def test_a_statement_meant_is_kept_whatever_words_of_jest_it_has(said: list[str]) -> None:
    assert in_earnest(said) == [s for s in said if s != "Not really."]


@pytest.mark.parametrize(
    "text",
    ["Oh yeah, I totally work at Google now, sure.", "I work at Google now. Just kidding!",
     "lol I'm basically the King of Spain now", "I moved to Paris jk"],
)
def test_a_joke_or_sarcasm_gives_the_rules_extractor_no_fact(text: str) -> None:
    assert RulesExtractor().extract(turn(text, speaker="Mara"), []) == []


def test_the_statement_meant_beside_a_joke_taken_back_is_still_read() -> None:
    facts = RulesExtractor().extract(turn("I work at Google now. Just kidding! I live in Leeds.", speaker="Mara"), [])
    assert [f.statement for f in facts] == ["Mara lives in Leeds."]
