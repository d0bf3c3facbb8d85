import json
from datetime import datetime, timezone
from pathlib import Path

from engram_mcp.state.usage import UsageStore

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_counts_are_debounced_to_disk_and_survive_a_reopen(tmp_path: Path) -> None:
    path, ticks = tmp_path / "usage.json", Ticks()
    usage = UsageStore(path, interval=5.0, monotonic=ticks)
    usage.accessed(["f-000000000001"], NOW)
    assert not path.exists()
    ticks.now = 6.0
    usage.accessed(["f-000000000001"], NOW)
    assert json.loads(path.read_text())["f-000000000001"]["access_count"] == 2
    usage.confirmed("f-000000000001", NOW)
    usage.flush()
    reopened = UsageStore(path).get("f-000000000001")
    assert (reopened.access_count, reopened.confirmations, reopened.last_confirmed) == (2, 1, NOW)


def test_dropping_purged_ids_writes_at_once(tmp_path: Path) -> None:
    path = tmp_path / "usage.json"
    usage = UsageStore(path, interval=3600)
    usage.accessed(["f-000000000001"], NOW)
    usage.drop(["f-000000000001"])
    assert json.loads(path.read_text()) == {}
