"""The timeline benchmark: synthetic chains the product's own rule links, figures written as JSON."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engram_mcp.bench.timeline import main, synthetic_memory
from engram_mcp.model import Kind
from engram_mcp.model.supersede import chain


def test_synthetic_chains_are_linked_by_supersession_and_only_their_last_version_is_current() -> None:
    memories = synthetic_memory(turns=10, chains=30)
    by_id = {m.id: m for m in memories}
    facts = [m for m in memories if m.kind is Kind.FACT]
    heads = [m for m in facts if not m.supersedes]
    assert len(heads) == 30 and sum(m.kind is Kind.EPISODE for m in memories) == 10
    for head in heads:
        versions = chain(by_id, head.id)
        assert [v.is_current() for v in versions] == [False] * (len(versions) - 1) + [True]


@pytest.mark.slow
def test_the_benchmark_writes_its_figures_and_checks_the_browser_drew_every_item(tmp_path: Path) -> None:
    out = tmp_path / "timeline.json"
    assert main(["--turns", "30", "--chains", "10", "--runs", "1", "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["turns"] == 30 and result["memories"] == 30 + result["facts"] and result["page_mb"] > 0.5
    assert ("chromium_load_s" in result) == (shutil.which("chromium") is not None)
