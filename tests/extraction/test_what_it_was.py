from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.what_it_was import said_without_what_it_was
from engram_mcp.model.corrections import PUTS_RIGHT
from tests.extraction.helpers import turn


def test_a_change_said_with_both_values_is_said_again_as_the_speakers_update_without_the_old_one() -> None:
    facts = RulesExtractor().extract(turn("ok so: Juliet roses (was peonies), burnt orange ranunculus. gorgeous", speaker="Pip"), [])

    restated = next(fact for fact in facts if fact.predicate == PUTS_RIGHT)
    assert restated.statement == "Pip's update: ok so: Juliet roses, burnt orange ranunculus. gorgeous."
    assert restated.entities == ("Pip",)


def test_a_turn_too_long_for_one_fact_is_said_again_by_the_sentences_that_mark_an_old_value() -> None:
    email = "Email from the venue: " + "the lift will be out of service all week and the stairs are steep. " * 3
    [restated] = said_without_what_it_was(f"{email}\nso 8:30 setup now, not the 10am we had", "Pip")

    assert restated.statement == "Pip's update: 8:30 setup now."


@pytest.mark.parametrize(
    "said",
    [
        "switched the order to Wye Valley Queens instead of Black Mountain. Black Mountain out of stock till july",
        "please show budget figures to the nearest pound, not pence",
        "is it Sundays now, not Saturdays?",
    ],
)
def test_nothing_is_said_again_when_the_old_value_is_named_elsewhere_asked_of_or_requested(said: str) -> None:
    assert said_without_what_it_was(said, "Pip") == []
