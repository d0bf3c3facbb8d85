from __future__ import annotations

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.people import people_named, with_pronouns_named
from engram_mcp.model.predicates import normalise
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def test_the_speakers_people_are_known_by_how_they_were_introduced() -> None:
    assert people_named(["Our daughter, Isla, is a junior doctor.", "my sister Femke is coming down",
                         "Joost, my partner, thinks we should sell it."]) == {
        "Isla": "daughter", "Femke": "sister", "Joost": "partner"}


def test_she_after_one_of_the_speakers_people_is_that_person() -> None:
    read = with_pronouns_named(["Isla telephoned last night: she has moved up to Aberdeen."], {"Isla": "daughter"})
    assert read == ["Isla telephoned last night.", "My daughter Isla has moved up to Aberdeen."]


def test_she_is_no_one_when_two_people_or_none_were_named() -> None:
    people = {"Isla": "daughter", "Femke": "sister"}
    assert with_pronouns_named(["Isla rang Femke: she moved to Leeds."], people) == ["Isla rang Femke: she moved to Leeds."]
    assert with_pronouns_named(["It rained: she moved to Leeds."], people) == ["It rained: she moved to Leeds."]


def test_a_relatives_move_said_with_a_pronoun_is_the_relatives_new_home() -> None:
    earlier = [turn("Our daughter, Isla, shares a flat in Glasgow.", speaker="Freya")]
    said = turn("Isla telephoned: she has accepted a post at Aberdeen Royal Infirmary and moved up to Aberdeen.", speaker="Freya")
    [moved] = [f for f in extract(said, earlier) if f.predicate == "lives in"]
    assert moved.statement == "Freya's daughter Isla moved to Aberdeen."
    assert normalise(moved.subject, moved.predicate, moved.object) == normalise("Freya's daughter", "lives in", "Aberdeen")
