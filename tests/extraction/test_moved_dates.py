from __future__ import annotations

import pytest

from engram_mcp.extraction.clauses import sentences
from engram_mcp.extraction.moved_dates import date_moved_to, new_date_said, thing_moved


@pytest.mark.parametrize(
    ("said", "clause"),
    [
        ("Not the 14th anymore, we fly to Bergen on Wednesday the 21st.", "we fly to Bergen on Wednesday the 21st."),
        ("She can't come on the 12th after all. Her new flight lands on 19 December.", "Her new flight lands on 19 December."),
    ],
)
def test_the_clause_giving_a_new_date_is_the_one_beside_a_date_that_no_longer_holds(said: str, clause: str) -> None:
    assert new_date_said(sentences(said), lambda sentence: sentence.split(", ")) == clause


def test_a_date_asked_about_is_no_date_moved() -> None:
    assert new_date_said(sentences("Not the 14th anymore. When should we go, the 21st?"), lambda sentence: [sentence]) is None


@pytest.mark.parametrize(
    ("said", "moved"),
    [
        ("the statica exam of 14 january is moved to 3 february", ("the statica exam", "now on 3 february")),
        ("they moved the wedding to september", ("the wedding", "now in september")),
        ("Plumbers can't come, so we pushed it: install date is now 9 March.", ("the install date", "now on 9 March")),
    ],
)
def test_a_thing_moved_to_a_date_is_read_with_the_date_it_has_now(said: str, moved: tuple[str, str]) -> None:
    assert date_moved_to(said) == moved


def test_what_was_moved_is_said_with_the_not_my() -> None:
    assert thing_moved("My operation is changed, sorry") == "the operation"
    assert thing_moved("We fly on the 21st now.") == ""
