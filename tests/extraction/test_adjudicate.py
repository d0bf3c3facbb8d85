from datetime import datetime, timezone

import pytest

from engram_mcp.extraction.adjudicate import LlamaAdjudicator
from engram_mcp.extraction.models import build_extractor
from engram_mcp.model import Kind, Memory, MemoryType

pytestmark = pytest.mark.slow


def fact(text: str) -> Memory:
    return Memory(
        id="f-000000000001", kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text,
        created_at=datetime(2026, 1, 1, tzinfo=timezone.utc),
    )


def test_the_bundled_model_answers_every_ambiguous_pair_with_a_verdict() -> None:
    """SmolLM2 is tiny: the test pins the contract (a grammar-bound yes/no), not its judgement."""
    adjudicator = LlamaAdjudicator(build_extractor("smollm2"))  # type: ignore[arg-type]
    verdict = adjudicator.contradicts(fact("Ana is a nurse at the city hospital."), fact("Ana is a pilot now."))
    assert verdict in (True, False)
    assert adjudicator.name == "model:smollm2"
