from __future__ import annotations

import pytest

from engram_mcp.extraction.called_off import replacement_of_called_off
from engram_mcp.model.corrections import PUTS_RIGHT


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("Holiday update: Zakopane is off, the guesthouse cancelled on us. Marek found a family hotel in Innsbruck "
         "instead, same week.", "Dorota's update on the holiday: Marek found a family hotel in Innsbruck instead."),
        ("Change of plan on the wedding!! Hauwa just called - the hall in Kano fell through, so it's going to be in "
         "Abuja now, same date.", "Dorota's update on the wedding: it's going to be in Abuja now."),
        ("Correction on the ram sale - I had Dubbo in my head, but Craig's looked at the catalogue and it's at "
         "Wellington this year.", "Dorota's update on the ram sale: it's at Wellington this year."),
        ("Sad news, the Lisbon trip is off, we're doing Porto instead.", "Dorota's update on the trip: we're doing Porto instead."),
    ],
)
def test_what_replaced_something_called_off_is_restated_without_the_old_value(said: str, restated: str) -> None:
    fact = replacement_of_called_off(said, "Dorota")
    assert fact is not None and (fact.statement, fact.predicate) == (restated, PUTS_RIGHT)


@pytest.mark.parametrize(
    "said",
    [
        "My flight got cancelled so I'm staying in London tonight.",  # nothing named was called off
        "Yoga is cancelled this week. I'm going to the gym now.",  # what is done now names nothing
        "The Leeds gig is off, gutted.",  # nothing replaced it
        "Ravi pulled out of the Leeds gig, so Leeds is just me now.",  # the new clause names the old value
    ],
)
def test_a_turn_that_calls_nothing_named_off_or_puts_nothing_in_its_place_gives_nothing(said: str) -> None:
    assert replacement_of_called_off(said, "Dorota") is None
