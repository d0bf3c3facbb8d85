"""What ``import`` reads from a file: its format, and each memory once."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from engram_mcp.edge.export import header, record
from engram_mcp.edge.importing import read_import
from engram_mcp.errors import InvalidInput
from engram_mcp.model import Kind, Memory, MemoryType

NOW = datetime(2026, 12, 5, tzinfo=timezone.utc)


def fact(memory_id: str, text: str) -> Memory:
    return Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text,
                  created_at=datetime(2024, 1, 1, tzinfo=timezone.utc))


def export_lines(*memories: Memory) -> list[str]:
    return [json.dumps(header(len(memories), NOW))] + [json.dumps(record(m)) for m in memories]


def test_an_export_saved_with_a_byte_order_mark_reads_as_the_same_export_without_it(tmp_path: Path) -> None:
    lines = export_lines(fact("f-000000000001", "Ana works at Google"))
    plain, marked = tmp_path / "plain.jsonl", tmp_path / "marked.jsonl"
    plain.write_text("\n".join(lines) + "\n", encoding="utf-8")
    marked.write_text("\n".join(lines) + "\n", encoding="utf-8-sig")

    assert marked.read_bytes().startswith(b"\xef\xbb\xbf")
    assert read_import(marked, NOW) == read_import(plain, NOW)
    assert read_import(marked, NOW).format == "engram-export"


def test_a_turns_file_saved_with_a_byte_order_mark_gives_its_first_turn_as_written(tmp_path: Path) -> None:
    turns = tmp_path / "turns.jsonl"
    turns.write_text('{"text": "I moved to Bergen"}\n{"text": "Lunch with Ole"}\n', encoding="utf-8-sig")

    plan = read_import(turns, NOW)

    assert plan.format == "turns" and [t.text for t in plan.turns] == ["I moved to Bergen", "Lunch with Ole"]


def test_an_export_holding_its_memories_twice_gives_each_memory_once_and_counts_the_repeats(
    tmp_path: Path,
) -> None:
    job, cat = fact("f-00000000000a", "Ravi works at Siemens"), fact("f-00000000000b", "Ravi has a dog")
    lines = export_lines(job, cat)
    joined = tmp_path / "joined.jsonl"
    joined.write_text("\n".join(lines + lines[1:] + lines[2:]) + "\n", encoding="utf-8")

    plan = read_import(joined, NOW)

    assert plan.memories == (job, cat)
    assert plan.repeated == 3


@pytest.mark.parametrize("later_first", [False, True])
def test_of_two_copies_of_one_memory_the_one_exported_after_it_was_superseded_is_kept_wherever_it_stands(
    tmp_path: Path, later_first: bool
) -> None:
    pune, delhi = fact("f-00000000000d", "Ravi lives in Pune"), fact("f-00000000000e", "Ravi lives in Delhi")
    moved = datetime(2025, 3, 1, tzinfo=timezone.utc)
    ended = replace(pune, invalid_at=moved, expired_at=moved, superseded_by=delhi.id)
    first, second = export_lines(pune), export_lines(ended, replace(delhi, supersedes=(pune.id,)))
    joined = tmp_path / "joined.jsonl"
    joined.write_text("\n".join(second + first[1:] if later_first else first + second[1:]) + "\n", encoding="utf-8")

    plan = read_import(joined, NOW)

    assert plan.memories[0] == ended and plan.repeated == 1


def test_two_copies_of_one_memory_that_differ_otherwise_refuse_the_file_naming_both_lines(tmp_path: Path) -> None:
    before, after = fact("f-00000000000c", "Ravi lives in Pune"), fact("f-00000000000c", "Ravi lives in Delhi")
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join(export_lines(before, after)) + "\n", encoding="utf-8")

    with pytest.raises(InvalidInput, match=r"mixed.jsonl:3: memory f-00000000000c differs from its copy at line 2"):
        read_import(mixed, NOW)
