from datetime import datetime, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.consolidate import reinforce, same_statement

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def fact(text: str, turns: tuple[str, ...] = (), certainty: float = 0.7) -> Memory:
    return Memory(
        id="f-000000000001", kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text, created_at=NOW,
        certainty=certainty, provenance=Provenance(turn_ids=turns),
    )


def test_near_opposites_are_never_the_same_statement() -> None:
    assert not same_statement(fact("Ana likes tea."), fact("Ana doesn't like tea."), None, None)
    assert not same_statement(fact("Ana is 34."), fact("Ana is 35."), None, None)
    assert same_statement(fact("Ana really likes green tea."), fact("Ana likes green tea."), None, None)


def test_a_new_turn_raises_certainty_halfway_and_the_same_turn_changes_nothing() -> None:
    stronger, fresh = reinforce(fact("Ana likes tea.", ("t-1",)), fact("Ana likes tea.", ("t-2",)))
    assert fresh and stronger.certainty == 0.85 and stronger.provenance.turn_ids == ("t-1", "t-2")
    again, fresh_again = reinforce(stronger, fact("Ana likes tea.", ("t-2",)))
    assert not fresh_again and again.certainty == 0.85
