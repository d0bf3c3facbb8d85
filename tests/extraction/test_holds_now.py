from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.holds_now import said_to_hold_now
from engram_mcp.model.corrections import PUTS_RIGHT
from tests.extraction.helpers import turn


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("right its confirmed, the exhibition is at moorways sports centre on moor lane now, same dates, main sports hall",
         "Clive's update: the exhibition is at moorways sports centre on moor lane now."),
        ("email from the secretary. club night is thursday now from next week, still 7 till 10, same hall",
         "Clive's update: club night is thursday now from next week."),
        ("committee all ok with it. presentation night is now saturday 12 december, same venue, 6pm.",
         "Clive's update: presentation night is now saturday 12 december."),
        ("Ritika called. Now the wedding is at a lake palace in Udaipur, same date.",
         "Clive's update: now the wedding is at a lake palace in Udaipur."),
        ("Mum's at Takeshi's in Sendai now. He sent a photo.", "Clive's update: Mum is at Takeshi's in Sendai now."),
        ("So: football = Fri 16:30 now.", "Clive's update: football = Fri 16:30 now."),
        ("DevOps is now Nordhost's job, contact is Mart Lepik.", "Clive's update: DevOps is now Nordhost's job."),
        ("ok I've let Sipho go. new driver for ND 445-812 is Mandla, my neighbour's son. he starts tomorrow",
         "Clive's update: new driver for ND 445-812 is Mandla."),
        ("rain all week so the new venue is Otahuhu Town Hall, same time", "Clive's update: the new venue is Otahuhu Town Hall."),
    ],
)
def test_what_a_thing_is_now_said_outright_is_restated_as_the_speakers_update(said: str, restated: str) -> None:
    facts = RulesExtractor().extract(turn(said, speaker="Clive"), [])

    assert restated in [fact.statement for fact in facts]
    assert next(fact for fact in facts if fact.statement == restated).predicate == PUTS_RIGHT


@pytest.mark.parametrize(
    ("said", "holds"),
    [
        ("note for myself: ceremony now 14:30 not 14:00, koen needs the courtyard", "ceremony now 14:30"),
        ("Oh no, correction! The tour is from the north gate now, not the south gate, the path is shut.",
         "The tour is from the north gate now"),
    ],
)
def test_the_value_a_thing_no_longer_has_is_left_out_of_what_holds_now(said: str, holds: str) -> None:
    assert [clause for clause, _ in said_to_hold_now(said)] == [holds]


@pytest.mark.parametrize(
    "said",
    [
        "she's fine now, just tired",
        "the text is much larger now",
        "Henk's class monday evening is impossible now",
        "mum's boxes will come on fridays from now on",
        "UPH target right now is 110 units/hr per picker",
        "Blessing will now have to go all the way to Ikeja for the 1pm pickup",
        "is the venue at the Grand now?",
        "if the venue is at the Grand now, we need a taxi",
        "maybe the party is at Mo's now",
        "the UPH target is 110 right now",
        "pool buoy is my friend now",
        "Oh and from now on always give me times in 24h please",
        "your return date is now March 12",
        "I'm at the hospital now",
        "dennis upton is chairman now",
        "kyle's my apprentice now, picking him up mon 8am",
        "so course is now online",
        "the new puppy is adorable",
        "new phone is great, the camera is mad",
        "new sourdough price is on the board",
    ],
)
def test_how_something_is_a_question_a_condition_or_what_is_no_thing_is_no_change_said(said: str) -> None:
    assert said_to_hold_now(said) == []


def test_a_change_another_rule_already_read_is_not_said_again_as_an_update() -> None:
    facts = RulesExtractor().extract(turn("My sertraline dose is now 100mg", speaker="Ben"), [])

    assert [fact.statement for fact in facts] == ["Ben takes sertraline 100mg."]


@pytest.mark.parametrize(
    "said",
    [
        "Diya started reception at St Mary's today, so both kids are at the same school now.",
        "ok with the flour going up I have to put the sourdough up. Cost per loaf is ~£1.35 now. Going to £4.60 from 1 Dec.",
        "Bidfood butter up again too, 10kg block now £71.",
        "dad's metoprolol is the 25 mg tablets now, one every morning.",
        "Guest count is 210 now.",
    ],
)
def test_a_value_said_to_be_the_same_or_an_amount_is_no_change_said_outright(said: str) -> None:
    assert said_to_hold_now(said) == []


def test_an_update_names_only_the_names_of_its_value_not_a_capital_opening_its_clause() -> None:
    facts = RulesExtractor().extract(turn("Standup is at 09:45 from now on, half the new team sits in Lisbon.", speaker="Maarten"), [])

    update = next(fact for fact in facts if fact.predicate == PUTS_RIGHT)
    assert update.entities == ("Maarten",)
