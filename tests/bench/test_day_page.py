"""The day-page benchmark: every turn remembered onto one day's page, timed in windows."""

from __future__ import annotations

import json
from pathlib import Path

from engram_mcp.bench.day_page import main


def test_the_benchmark_puts_every_turn_on_one_page_and_times_each_window(tmp_path: Path) -> None:
    out = tmp_path / "day_page.json"
    assert main(["--turns", "6", "--window", "3", "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    assert len(result["journal_pages"]) == 1 and len(result["calls_ms"]) == 6
    assert [w["turns_on_the_page"] for w in result["windows"]] == ["1-3", "4-6"]
    assert all(0 < w["p50_ms"] <= w["p95_ms"] for w in result["windows"])
