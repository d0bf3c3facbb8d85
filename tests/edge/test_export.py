"""The export format: one JSON object a memory, read back into the same memory."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from engram_mcp.edge.export import memory_from, record
from engram_mcp.model import Kind, Memory, MemoryType, Provenance


def test_a_turn_told_in_its_own_offset_is_exported_as_told_and_imported_with_it() -> None:
    auckland = timedelta(hours=13)
    told = Memory(
        id="t-0123456789ab", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text="Went to the farmers market.",
        created_at=datetime(2026, 12, 5, tzinfo=timezone.utc),
        valid_at=datetime(2024, 3, 16, 10, 0, tzinfo=timezone(auckland)), utc_offset=auckland,
        provenance=Provenance(speaker="Zoe", role="user"),
    )
    line = json.loads(json.dumps(record(told)))
    assert line["valid_at"] == "2024-03-16T10:00:00+13:00"
    assert memory_from(line) == told
