"""Another employer said in chat's own words for being taken on, as the rules extractor reads it
(``engram_mcp/extraction/job_changes.py``)."""

from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(
    "said",
    ["Jonas got poached by BMW, he starts there next week.", "Jonas was headhunted by BMW.", "Jonas got snapped up by BMW.",
     "Jonas landed a job at BMW."],
)
def test_someone_taken_on_by_another_employer_works_there_as_the_same_person_introduced(said: str) -> None:
    earlier = [turn("My brother Jonas works at Siemens in Munich.", speaker="Ada")]
    facts = extract(turn(said, speaker="Ada"), earlier)
    assert [(f.subject, f.predicate, f.object) for f in facts if f.predicate in {"works at", "drives"}] == [
        ("Ada's brother", "works at", "BMW")]


def test_the_speaker_taken_on_by_an_employer_works_there() -> None:
    facts = extract(turn("I got headhunted by Arup.", speaker="Ada"), [])
    assert [(f.subject, f.predicate, f.object) for f in facts] == [("Ada", "works at", "Arup")]
