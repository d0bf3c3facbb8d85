"""No memory is written outside the memory folder, whatever its namespace claims."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from engram_mcp.errors import StorageError
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind, Memory, MemoryType, Provenance

WHEN = datetime(2026, 1, 5, 10, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("namespace", ["../outside", "..", "a/../../outside", "/tmp/outside"])
def test_a_namespace_that_would_leave_the_folder_is_refused_and_nothing_is_written(
    tmp_path: Path, namespace: str
) -> None:
    root = tmp_path / "memories"
    store = MarkdownStore(root)
    memory = Memory(
        id="t-0123456789ab", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text="escape?", created_at=WHEN,
        valid_at=WHEN, provenance=Provenance(namespace=namespace),
    )
    with pytest.raises(StorageError, match="outside the memory folder"):
        store.add(memory)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []
    store.add(replace(memory, provenance=Provenance(namespace="work")))
    assert [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.md")] == [
        "memories/namespaces/work/journal/2026-01-05.md"
    ]
