from datetime import datetime, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.purge_plan import plan_purge_entity

NOW = datetime(2026, 6, 1, 9, tzinfo=timezone.utc)


def left_after_forgetting(name: str, text: str) -> str | None:
    """What is left of a turn once ``name`` is forgotten; None when it went."""
    turn = Memory(id="t-0", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text, created_at=NOW,
                  provenance=Provenance(speaker="Lena", role="user", session="s"))
    plan = plan_purge_entity({"t-0": turn}, name, "default")
    return None if "t-0" in plan.remove else next((m.text for m in plan.rewritten), text)


def test_words_naming_them_as_someone_elses_after_a_comma_are_no_item_of_a_list() -> None:
    said = "ok the client on Ash Street, his neighbour Gerald just rang me shouting about the snow. the coffee place was shut"
    assert left_after_forgetting("Gerald", said) == "the coffee place was shut"
    said = "ok le client sur la rue Molson, son voisin Gérard vient de m'appeler. le Tim était fermé"
    assert left_after_forgetting("Gérard", said) == "le Tim était fermé"
    # a list of people keeps its others
    assert left_after_forgetting("Gerald", "Had dinner with Jonas, Gerald and Mei.") == "Had dinner with Jonas and Mei."


def test_they_and_the_speaker_as_a_subject_after_other_words_take_their_sentence() -> None:
    said = 'Something like: "Hi all, Rekha and I are collecting 50 each for the farewell, Friday 7pm. Please send by Monday."'
    assert left_after_forgetting("Rekha", said) == 'Please send by Monday."'


def test_a_clause_without_its_subject_after_their_given_and_family_name_goes_with_them() -> None:
    said = "Tommy Brogan in again, running up a tab on the pool table. the jukebox is broken"
    assert left_after_forgetting("Brogan", said) == "the jukebox is broken"


def test_a_clause_of_the_speakers_own_speaking_of_them_by_pronoun_goes_with_them() -> None:
    said = "Mrs Oduya wrote back, she'll come on Monday, fine, I'll bring the reading logs so she can count the pages. lunch was soup"
    assert left_after_forgetting("Oduya", said) == "lunch was soup"
    # one speaking of no one stays
    said = "Mrs Oduya wrote back, she'll come on Monday, fine, I'll bring the reading logs for the display. lunch was soup"
    assert left_after_forgetting("Oduya", said) == "I'll bring the reading logs for the display. lunch was soup"
