from dataclasses import replace
from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType
from engram_mcp.model.salience import SalienceWeights, Usage, default_importance, salience

THEN = datetime(2026, 1, 1, tzinfo=timezone.utc)
YEAR_LATER = THEN + timedelta(days=365)
WEIGHTS = SalienceWeights()


def fact(text: str, type: MemoryType = MemoryType.SEMANTIC) -> Memory:
    memory = Memory(id="f-000000000001", kind=Kind.FACT, type=type, text=text, created_at=THEN)
    return replace(memory, importance=default_importance(memory))


def test_an_unused_memory_decays_and_a_recalled_one_does_not() -> None:
    trivia = fact("Ana had pasta on Tuesday.")
    assert salience(trivia, Usage(), YEAR_LATER, WEIGHTS) < salience(trivia, Usage(), THEN, WEIGHTS)
    used = Usage(access_count=3, last_access=YEAR_LATER)
    assert salience(trivia, used, YEAR_LATER, WEIGHTS) == salience(trivia, Usage(), THEN, WEIGHTS)


def test_an_allergy_or_an_instruction_holds_its_place_for_want_of_use() -> None:
    allergy, rule = fact("Ana is allergic to peanuts."), fact("Ana asked: answer in French.", MemoryType.PROCEDURAL)
    trivia = fact("Ana had pasta on Tuesday.")
    assert allergy.importance == rule.importance == 0.9 and trivia.importance == 0.5
    assert salience(allergy, Usage(), YEAR_LATER, WEIGHTS) > salience(trivia, Usage(), YEAR_LATER, WEIGHTS)
    assert salience(allergy, Usage(), YEAR_LATER, WEIGHTS) > 0.9 * salience(allergy, Usage(), THEN, WEIGHTS)


def test_zero_weights_leave_relevance_alone() -> None:
    off = SalienceWeights(certainty=0, importance=0, recency=0)
    assert salience(fact("Ana had pasta."), Usage(), YEAR_LATER, off) == 1.0
