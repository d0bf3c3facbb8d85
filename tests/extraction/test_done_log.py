"""The done log of the extraction worker (``engram_mcp/extraction/done_log.py``)."""

from pathlib import Path

from engram_mcp.extraction.done_log import DoneLog


def test_a_turn_to_extract_again_stays_queued_across_a_restart(tmp_path: Path) -> None:
    done = DoneLog(tmp_path / "done.log")
    done.add_many(["t-000000000001", "t-000000000002"])
    done.discard("t-000000000001")
    reopened = DoneLog(tmp_path / "done.log")
    assert "t-000000000001" not in reopened and "t-000000000002" in reopened
