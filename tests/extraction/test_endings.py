"""What the speaker ends (sentences written for these tests)."""

from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.endings import work_ended
from engram_mcp.model.corrections import ENDS, ONES_WORK
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("Retired last Friday! No more commuting.", "Jo retired last Friday."),
        ("I got laid off last week.", "Jo was laid off last week."),
        ("I was fired from Tesco.", "Jo was fired from Tesco."),
        ("I've been made redundant.", "Jo was made redundant from work."),
        ("I'm retired now.", "Jo retired from work."),
        ("I'm unemployed now.", "Jo is unemployed, with no job."),
        ("Took early retirement in June.", "Jo took early retirement in June."),
        ("Got the sack today.", "Jo was sacked today."),
    ],
)
def test_retiring_or_losing_ones_work_ends_the_work_itself(said: str, statement: str) -> None:
    [ended] = extract(turn(said, speaker="Jo"), [])
    assert (ended.statement, ended.predicate, ended.object) == (statement, ENDS, ONES_WORK)


@pytest.mark.parametrize("said", ["I fired him.", "I retired my old laptop.", "I got fired up about it.",
                                  "I retired from the team.", "If I get laid off I'll move."])
def test_ending_someone_elses_work_or_a_thing_is_no_end_of_ones_own(said: str) -> None:
    assert work_ended(said, "Jo") is None
