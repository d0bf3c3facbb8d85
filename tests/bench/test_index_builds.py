"""The index-builds benchmark: a copy of a folder's index grows and is built, the original untouched."""

from __future__ import annotations

import json
from pathlib import Path

from engram_mcp.bench.index_builds import main
from engram_mcp.config import Settings
from engram_mcp.index.edge import EdgeIndex
from tests.index.conftest import HIKING, entry, fact


def test_the_benchmark_builds_a_copy_of_the_index_and_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "memories"
    index_dir = Settings(memory_dir=folder).resolved_index_dir
    with EdgeIndex(index_dir, 384) as index:
        index.upsert([entry(fact(f"old{i}", f"memory {i}"), HIKING * (384 // len(HIKING))) for i in range(3)])
    out = tmp_path / "builds.json"

    assert main(["--dir", str(folder), "--new", "20", "--rounds", "2", "--out", str(out)]) == 0

    rounds = json.loads(out.read_text())["rounds"]
    assert [r["points"] for r in rounds] == [23, 43]
    assert all(r["build_seconds"] >= 0 and r["dense_after"]["p50_ms"] > 0 for r in rounds)
    with EdgeIndex(index_dir, 384) as original:
        assert original.count() == 3
