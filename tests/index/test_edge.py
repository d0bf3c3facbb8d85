"""EdgeIndex on a real qdrant-edge shard in a temporary folder."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engram_mcp.errors import ConfigError, EngramError, MemoryFolderLocked
from engram_mcp.index.base import IndexEntry, MemoryFilter
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.model import Memory
from tests.index.conftest import COOKING, DIM, HIKING, entry, fact
from tests.index.contract import VectorIndexContract, ids
from tests.waiting import wait_until

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(scratch: Path) -> Path:
    return scratch / "index"


@pytest.fixture
def index(folder: Path) -> Iterator[EdgeIndex]:
    with EdgeIndex(folder, DIM) as index:
        yield index


class TestEdgeIndex(VectorIndexContract):
    pass


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], cwd=REPO, capture_output=True, text=True, timeout=60
    )


def test_reopening_the_folder_keeps_every_memory(
    folder: Path, entries: list[IndexEntry], memories: dict[str, Memory]
) -> None:
    with EdgeIndex(folder, DIM) as index:
        index.upsert(entries)
        index.delete([memories["work"].id])
    with EdgeIndex(folder, DIM) as reopened:
        assert reopened.count() == 3
        assert ids(reopened.search_dense(HIKING, MemoryFilter(), limit=1)) == [memories["hiking"].id]
        assert ids(reopened.search_sparse("cello", MemoryFilter(), limit=1)) == [memories["music"].id]


def test_a_second_opener_in_the_same_process_gets_memory_folder_locked(index: EdgeIndex, folder: Path) -> None:
    with pytest.raises(MemoryFolderLocked, match="already open"):
        EdgeIndex(folder, DIM)


def test_a_second_process_opening_the_folder_gets_memory_folder_locked(
    index: EdgeIndex, folder: Path, entries: list[IndexEntry]
) -> None:
    index.upsert(entries)
    result = run_python(
        f"""
        from pathlib import Path
        from engram_mcp.errors import MemoryFolderLocked
        from engram_mcp.index.edge import EdgeIndex
        try:
            EdgeIndex(Path({str(folder)!r}), {DIM})
        except MemoryFolderLocked as error:
            print("locked:", error)
        """
    )
    assert result.stdout.startswith("locked:"), result.stderr
    assert "already open in process" in result.stdout
    index.upsert([entry(fact("after", "still writable"), HIKING)])
    assert index.count() == len(entries) + 1


def test_closing_releases_the_folder_for_the_next_opener(folder: Path) -> None:
    EdgeIndex(folder, DIM).close()
    with EdgeIndex(folder, DIM) as again:
        assert again.count() == 0


def test_a_closed_index_refuses_further_calls(folder: Path) -> None:
    index = EdgeIndex(folder, DIM)
    index.close()
    index.close()
    with pytest.raises(EngramError, match="closed"):
        index.count()


def test_reopening_with_another_dimension_is_a_config_error(folder: Path) -> None:
    EdgeIndex(folder, DIM).close()
    with pytest.raises(ConfigError, match="rebuild"):
        EdgeIndex(folder, DIM * 2)
    with EdgeIndex(folder, DIM) as again:
        assert again.count() == 0


def test_an_acknowledged_write_survives_a_killed_process(folder: Path) -> None:
    result = run_python(
        f"""
        import os, signal
        from pathlib import Path
        from engram_mcp.index.base import IndexEntry
        from engram_mcp.index.edge import EdgeIndex
        from tests.index.conftest import fact
        index = EdgeIndex(Path({str(folder)!r}), {DIM})
        index.upsert([IndexEntry(fact(f"k{{i}}", f"note {{i}}"), (1.0, 0.0, 0.0, float(i))) for i in range(20)])
        index.delete([fact("k0", "").id])
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    assert result.returncode == -9, result.stderr
    with EdgeIndex(folder, DIM) as reopened:
        assert reopened.count() == 19
        assert ids(reopened.search_sparse("note", MemoryFilter(ids=(fact("k5", "").id,)), limit=3)) == [
            fact("k5", "").id
        ]


def test_compact_removes_deleted_memories_from_the_files(folder: Path) -> None:
    secret = fact("secret", "a secret", entities=("Zanzibar-Marker",))
    kept = [fact(f"kept{i}", f"kept {i}") for i in range(10)]
    with EdgeIndex(folder, DIM) as index:
        index.upsert([entry(m, HIKING) for m in [secret, *kept]])
        index.delete([secret.id])
        assert files_mentioning(folder, b"zanzibar-marker")
        assert index.compact() is True
        assert files_mentioning(folder, b"zanzibar-marker") == []
        assert index.count() == 10
        assert index.compact() is False


def files_mentioning(folder: Path, needle: bytes) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and needle in p.read_bytes()]


def test_a_growing_index_builds_its_search_graph_in_the_background_and_keeps_answering(
    folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    memories = [fact(f"grow{i}", f"memory {i}") for i in range(60)]
    with (
        caplog.at_level(logging.INFO, logger="engram_mcp.index.edge"),
        EdgeIndex(folder, DIM, flush_interval=0.01, optimize_after=50) as index,
    ):
        index.upsert([entry(m, HIKING) for m in memories[:40]])
        index.upsert([entry(m, HIKING) for m in memories[40:]])
        def optimising() -> bool:
            # Searches keep answering while the graph is built in the background.
            assert len(index.search_dense(HIKING, MemoryFilter(), 5)) == 5
            return "optimising the index" in caplog.text

        wait_until(optimising, what="the background optimisation to start")
        assert index.count() == 60
        assert len(index.search_dense(HIKING, MemoryFilter(), 100)) == 60


def test_a_memory_deleted_then_written_again_is_found_under_its_id(
    index: EdgeIndex, entries: list[IndexEntry], memories: dict[str, Memory]
) -> None:
    index.upsert(entries)
    index.delete([memories["hiking"].id])
    assert memories["hiking"].id not in ids(index.search_dense(HIKING, MemoryFilter(), limit=4))
    index.upsert([entry(memories["hiking"], COOKING)])
    found = ids(index.search_dense(COOKING, MemoryFilter(), limit=2))
    assert sorted(found) == sorted([memories["hiking"].id, memories["cooking"].id])


class _FlushesRecorded(EdgeIndex):
    """The real index, noting when it flushes (the engine gives no sign of it)."""

    flushes: list[float]

    def flush(self) -> None:
        self.flushes.append(time.monotonic())
        super().flush()


def _busy(index: EdgeIndex, seconds: float) -> float:
    """Search every 10 ms for ``seconds``; returns when the last search was made."""
    until = time.monotonic() + seconds
    searched = time.monotonic()
    while searched < until:
        searched = time.monotonic()
        index.search_dense(HIKING, MemoryFilter(), 3)
        time.sleep(0.01)
    return searched


def test_the_background_flush_waits_until_the_index_goes_quiet(folder: Path) -> None:
    _FlushesRecorded.flushes = []
    with _FlushesRecorded(folder, DIM, flush_interval=0.2, flush_overdue=60.0) as index:
        index.upsert([entry(fact("quiet", "a memory"), HIKING)])
        last_used = _busy(index, 1.0)
        assert index.flushes == [], "no flush while the index is in use"
        wait_until(lambda: index.flushes, what="a flush once the index is quiet")
        assert index.flushes[0] >= last_used + 0.2


def test_writes_waiting_too_long_are_flushed_even_while_the_index_is_busy(folder: Path) -> None:
    _FlushesRecorded.flushes = []
    with _FlushesRecorded(folder, DIM, flush_interval=0.05, flush_overdue=0.3) as index:
        index.upsert([entry(fact("busy", "a memory"), HIKING)])
        _busy(index, 1.5)
        assert index.flushes, "writes waited past flush_overdue"


def test_a_scratch_index_for_a_read_only_folder_leaves_nothing_behind_closed_failed_or_left_open_at_exit(
    tmp_path: Path, entries: list[IndexEntry], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    from engram_mcp.index.edge import ScratchIndex

    monkeypatch.setenv("TMPDIR", str(tmp_path))  # for the processes below
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with ScratchIndex(DIM) as index:
        index.upsert(entries)
        assert index.path.parent == tmp_path and any(index.path.iterdir())
    assert not index.path.exists()
    with pytest.raises(EngramError):
        ScratchIndex(0)  # refused by the index once its folder is made
    assert list(tmp_path.iterdir()) == []
    for ending in ("pass", "raise SystemExit('recall failed')", "raise RuntimeError('boom')"):
        ran = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(f"""
                from engram_mcp.index.edge import ScratchIndex
                index = ScratchIndex({DIM}, flush_interval=1.0)
                print(index.path, flush=True)
                {ending}
            """)], cwd=REPO, capture_output=True, text=True, timeout=60,
        )
        left = Path(ran.stdout.strip())
        assert left.parent == tmp_path and not left.exists(), ran.stderr
