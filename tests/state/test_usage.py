import json
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import engram_mcp.state.usage as usage_module
from engram_mcp.state.usage import UsageStore
from tests.waiting import wait_until

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def test_counts_are_written_in_the_background_and_survive_a_reopen_without_a_flush(tmp_path: Path) -> None:
    path = tmp_path / "usage.json"
    usage = UsageStore(path, interval=0.01)
    try:
        usage.accessed(["f-000000000001"], NOW)
        usage.accessed(["f-000000000001", "f-000000000002"], NOW)
        wait_until(lambda: UsageStore(path).get("f-000000000001").access_count == 2, what="the counts on disk")
        # Nothing flushed: what a process killed now would leave behind is read back whole.
        reopened = UsageStore(path)
        assert (reopened.get("f-000000000001").access_count, reopened.get("f-000000000002").access_count) == (2, 1)
    finally:
        usage.close()


def test_a_recall_does_not_write_on_the_callers_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writers: list[str] = []
    real_write = usage_module.atomic_write

    def recording_write(path: Path, data: bytes, *, durable: bool = True) -> None:
        writers.append(threading.current_thread().name)
        real_write(path, data, durable=durable)

    monkeypatch.setattr(usage_module, "atomic_write", recording_write)
    monkeypatch.setattr(usage_module, "_COMPACT_AFTER", 2)
    path = tmp_path / "usage.json"
    usage = UsageStore(path, interval=0.01)
    try:
        for n in range(6):
            usage.accessed(["f-000000000001"], NOW)
            wait_until(lambda n=n: UsageStore(path).get("f-000000000001").access_count == n + 1, what=f"count {n + 1} on disk")
        assert writers and set(writers) == {"usage-writer"}
    finally:
        usage.close()


def test_the_log_is_folded_into_the_snapshot_and_a_close_leaves_one_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usage_module, "_COMPACT_AFTER", 3)
    path, log = tmp_path / "usage.json", tmp_path / "usage.log"
    usage = UsageStore(path, interval=0.01)
    for n in range(10):
        usage.accessed(["f-000000000001"], NOW + timedelta(minutes=n))
        wait_until(lambda n=n: UsageStore(path).get("f-000000000001").access_count == n + 1, what=f"access {n + 1}")
        assert not log.exists() or len(log.read_text().splitlines()) <= 3
    usage.confirmed("f-000000000001", NOW)
    usage.close()
    assert not log.exists()
    stored = json.loads(path.read_text())["f-000000000001"]
    assert (stored["access_count"], stored["confirmations"]) == (10, 1)
    assert stored["last_access"] == (NOW + timedelta(minutes=9)).isoformat()


def test_a_stale_log_line_beside_a_newer_snapshot_changes_nothing(tmp_path: Path) -> None:
    """A crash after the fold's rewrite but before the old log's removal leaves older lines behind."""
    path = tmp_path / "usage.json"
    usage = UsageStore(path, interval=float("inf"))
    for _ in range(3):
        usage.accessed(["f-000000000001"], NOW)
    usage.close()
    older = {"access_count": 1, "last_access": (NOW - timedelta(days=1)).isoformat(), "confirmations": 0,
             "last_confirmed": None}
    (tmp_path / "usage.log").write_text(json.dumps(["f-000000000001", older]) + "\n" + '["f-0000000000')
    reopened = UsageStore(path).get("f-000000000001")
    assert (reopened.access_count, reopened.last_access) == (3, NOW)


def test_counts_are_kept_in_memory_only_without_a_path() -> None:
    usage = UsageStore()
    usage.accessed(["f-000000000001"], NOW)
    usage.confirmed("f-000000000001", NOW)
    assert (usage.get("f-000000000001").access_count, usage.get("f-000000000001").confirmations) == (1, 1)
    usage.close()


def test_dropping_purged_ids_writes_at_once_and_leaves_no_trace_in_the_log(tmp_path: Path) -> None:
    path = tmp_path / "usage.json"
    usage = UsageStore(path, interval=0.01)
    try:
        usage.accessed(["f-000000000001", "f-000000000002"], NOW)
        wait_until(lambda: (tmp_path / "usage.log").exists(), what="the usage log")
        usage.drop(["f-000000000001"])
        assert set(json.loads(path.read_text())) == {"f-000000000002"}
        log = tmp_path / "usage.log"
        assert not log.exists() or "f-000000000001" not in log.read_text()
        assert UsageStore(path).get("f-000000000001").access_count == 0
    finally:
        usage.close()


def test_an_idle_store_holds_no_writer_thread(tmp_path: Path) -> None:
    path = tmp_path / "usage.json"
    usage = UsageStore(path, interval=0.01)
    usage.accessed(["f-000000000001"], NOW)
    wait_until(lambda: UsageStore(path).get("f-000000000001").access_count == 1, what="the count on disk")
    wait_until(lambda: not any(t.name == "usage-writer" for t in threading.enumerate()), what="the writer to leave")
    usage.accessed(["f-000000000001"], NOW)
    wait_until(lambda: UsageStore(path).get("f-000000000001").access_count == 2, what="a second writer's count")
    usage.close()
