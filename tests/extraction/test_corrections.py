from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.corrections import correction_fact
from engram_mcp.model.corrections import CORRECTS, parse_correction
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def test_its_a_not_b_is_a_correction_of_b_to_a() -> None:
    [fact] = extract(turn("Correction on the race: it's the Copenhagen half marathon, not Berlin.", speaker="Lena"), [])
    assert fact.predicate == CORRECTS
    assert parse_correction(fact.object) == ("Berlin", "the Copenhagen half marathon")
    assert fact.statement == "Lena corrected Berlin to Copenhagen half marathon."


def test_not_b_but_a_is_a_correction_only_when_the_sentence_says_it_corrects() -> None:
    fact = correction_fact("Sorry, the dinner is not on Tuesday but on Thursday.", "Ana")
    assert fact is not None and parse_correction(fact.object) == ("on Tuesday", "on Thursday")
    assert correction_fact("I'm not tired but hungry.", "Ana") is None


@pytest.mark.parametrize(
    "text",
    [
        "It's fine, not a problem at all, the whole thing took far longer than planned.",
        "Not bad.",
        "Remember, it's all about progress, not perfection.",
        "It's a bummer that I didn't do well but I'm learning.",
    ],
)
def test_sentences_without_a_corrected_value_are_no_correction(text: str) -> None:
    assert correction_fact(text, "Ana") is None
