"""Export, then import into an empty folder: the same memories and the same answers."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from engram_mcp.app import Engram
from engram_mcp.cli import main
from engram_mcp.config import Settings
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Source

pytestmark = pytest.mark.slow


def at(year: int, month: int = 1) -> datetime:
    return datetime(year, month, 1, tzinfo=timezone.utc)


def build_memory(folder: Path, model_cache: Path) -> dict[str, str]:
    engram = Engram.open(Settings(memory_dir=folder, cache_dir=model_cache, extractor="none"))
    try:
        engram.start(background=False)
        facts, service = engram.facts, engram.service
        porto = facts.state("Ana lives in Porto", subject="Ana", predicate="lives in", obj="Porto", event_time=at(2019))
        lisbon = facts.state("Ana lives in Lisbon", subject="Ana", predicate="lives in", obj="Lisbon",
                             event_time=at(2024, 5))
        tea = facts.state("Ana prefers tea", subject="Ana", predicate="prefers", obj="tea", event_time=at(2022))
        assert porto.memory and lisbon.memory and tea.memory and lisbon.superseded == (porto.memory.id,)
        pinned = service.revise(tea.memory.id, "Ana prefers green tea", source=Source.HUMAN_EDIT, pinned=True)
        service.remember("I adopted a cat named Miso today.", speaker="Ana", session="s1", event_time=at(2023, 3))
        service.remember("The deploy script needs --force on Fridays.", namespace="work", event_time=at(2024, 2))
        facts.state("The standup is at 9:30", subject="standup", namespace="work", event_time=at(2024, 1))
        return {"lisbon": lisbon.memory.id, "tea": pinned.id}
    finally:
        engram.close()


def answer(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    capsys.readouterr()
    assert main([*args, "--extractor", "none"]) == 0
    return json.loads(capsys.readouterr().out)


def comparable(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Everything recall says about each memory except how often it has been recalled."""
    return [
        (m["id"], m["text"], m["valid_at"], m["invalid_at"], m["created_at"], m["expired_at"], m["supersedes"],
         m["superseded_by"], m["namespace"], m["source"], round(m["score"], 4))
        for m in result.get("memories", result.get("versions", []))
    ]


def test_export_then_import_into_an_empty_folder_gives_the_same_memories_and_answers(
    tmp_path: Path, model_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAM_CACHE_DIR", str(model_cache))
    monkeypatch.setenv("ENGRAM_CONFIG", "/nonexistent")
    source, copy, dump = tmp_path / "source", tmp_path / "copy", tmp_path / "memories.jsonl"
    ids = build_memory(source, model_cache)

    assert main(["export", str(dump), "--memory-dir", str(source)]) == 0
    lines = [json.loads(line) for line in dump.read_text().splitlines()]
    assert lines[0]["format"] == "engram-export" and lines[0]["count"] == len(lines) - 1 == 7
    assert {m["namespace"] for m in lines[1:]} == {"default", "work"}
    assert any(m["pinned"] for m in lines[1:]) and any(m["superseded_by"] for m in lines[1:])

    assert main(["import", str(dump), "--memory-dir", str(copy), "--extractor", "none"]) == 0
    assert "imported 7 memories (0 already there)" in capsys.readouterr().out
    assert MarkdownStore(copy).load_all().memories == MarkdownStore(source).load_all().memories

    questions = [
        ("recall", "where does Ana live"),
        ("recall", "which tea does Ana prefer"),
        ("recall", "deploy on Friday", "--namespace", "work"),
        ("as-of", "2020-06-01", "where does Ana live"),
        ("as-of", "2024-03-01", "--namespace", "work"),
        ("as-of", "2030-01-01", "where does Ana live", "--axis", "known"),
        ("history", ids["lisbon"]),
        ("history", ids["tea"]),
    ]
    for question in questions:
        before = answer(capsys, *question, "--memory-dir", str(source), "--json")
        after = answer(capsys, *question, "--memory-dir", str(copy), "--json")
        assert comparable(after) == comparable(before), question
        assert comparable(before), question
    porto = answer(capsys, "as-of", "2020-06-01", "where does Ana live", "--memory-dir", str(copy), "--json")
    assert porto["memories"][0]["text"] == "Ana lives in Porto"

    assert main(["import", str(dump), "--memory-dir", str(copy), "--extractor", "none"]) == 0
    assert "imported 0 memories (7 already there)" in capsys.readouterr().out


def test_an_mcp_memory_server_file_and_a_mem0_export_become_facts_with_their_provenance(
    tmp_path: Path, model_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAM_CACHE_DIR", str(model_cache))
    monkeypatch.setenv("ENGRAM_CONFIG", "/nonexistent")
    folder = tmp_path / "memories"
    graph = tmp_path / "memory.jsonl"
    graph.write_text(
        '{"type":"entity","name":"John_Smith","entityType":"person","observations":["Speaks fluent Spanish",'
        '"Graduated in 2019"]}\n'
        '{"type":"entity","name":"Anthropic","entityType":"organization","observations":[]}\n'
        '{"type":"relation","from":"John_Smith","to":"Anthropic","relationType":"works_at"}\n'
    )
    mem0 = tmp_path / "mem0.json"
    mem0.write_text(json.dumps({"results": [
        {"id": "9d1c…", "memory": "Is a vegetarian", "user_id": "alice", "hash": "x",
         "created_at": "2024-07-20T01:30:36.275141-07:00", "updated_at": None, "metadata": None},
        {"id": "3a7e…", "memory": "Allergic to nuts", "user_id": "alice", "created_at": "2024-07-21T10:00:00Z"},
    ]}, indent=2))

    for file in (graph, mem0, graph):
        assert main(["import", str(file), "--memory-dir", str(str(folder)), "--extractor", "none"]) == 0
    out = capsys.readouterr().out
    assert "imported 5 facts (0 already there) from the MCP memory server file" in out
    assert "imported 2 facts (0 already there) from the mem0 export" in out
    assert "imported 0 facts (5 already there) from the MCP memory server file" in out

    facts = {m.text: m for m in MarkdownStore(folder).load_all().memories.values()}
    assert set(facts) == {
        "John Smith is a person", "John Smith: Speaks fluent Spanish", "John Smith: Graduated in 2019",
        "Anthropic is an organization", "John Smith works at Anthropic", "Is a vegetarian", "Allergic to nuts",
    }
    assert {m.provenance.source for m in facts.values()} == {Source.IMPORT}
    works = facts["John Smith works at Anthropic"]
    assert (works.subject, works.predicate, works.object) == ("John Smith", "works at", "Anthropic")
    vegetarian = facts["Is a vegetarian"]
    assert vegetarian.subject == "alice" and vegetarian.valid_at == datetime(2024, 7, 20, 8, 30, 36, 275141,
                                                                               tzinfo=timezone.utc)


def test_an_export_whose_memories_appear_twice_is_imported_once_and_the_folder_stays_well_formed(
    tmp_path: Path, model_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAM_CACHE_DIR", str(model_cache))
    monkeypatch.setenv("ENGRAM_CONFIG", "/nonexistent")
    source, copy, dump, joined = tmp_path / "source", tmp_path / "copy", tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    build_memory(source, model_cache)
    assert main(["export", str(dump), "--memory-dir", str(source)]) == 0
    lines = dump.read_text().splitlines()
    joined.write_text("\n".join(lines + lines[1:]) + "\n")
    capsys.readouterr()

    assert main(["import", str(joined), "--memory-dir", str(copy), "--extractor", "none"]) == 0
    assert "imported 7 memories (7 already there, 7 of them repeated in the file)" in capsys.readouterr().out
    loaded = MarkdownStore(copy).load_all()
    assert loaded.errors == [] and loaded.memories == MarkdownStore(source).load_all().memories
    assert main(["check", "--memory-dir", str(copy), "--extractor", "none"]) == 0

    assert main(["import", str(joined), "--memory-dir", str(copy), "--extractor", "none"]) == 0
    assert "imported 0 memories (14 already there, 7 of them repeated in the file)" in capsys.readouterr().out
    assert MarkdownStore(copy).load_all().memories == MarkdownStore(source).load_all().memories


def test_two_exports_taken_before_and_after_a_fact_was_superseded_joined_give_the_memory_as_it_is_now(
    tmp_path: Path, model_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAM_CACHE_DIR", str(model_cache))
    monkeypatch.setenv("ENGRAM_CONFIG", "/nonexistent")
    source, copy, joined = tmp_path / "source", tmp_path / "copy", tmp_path / "joined.jsonl"
    build_memory(source, model_cache)
    assert main(["export", str(tmp_path / "monday.jsonl"), "--memory-dir", str(source)]) == 0
    assert main(["remember", "--fact", "Ana lives in Madrid", "--memory-dir", str(source), "--extractor", "none"]) == 0
    assert main(["export", str(tmp_path / "friday.jsonl"), "--memory-dir", str(source)]) == 0
    monday, friday = ((tmp_path / f"{day}.jsonl").read_text().splitlines() for day in ("monday", "friday"))
    joined.write_text("\n".join(friday[:1] + monday[1:] + friday[1:]) + "\n")
    capsys.readouterr()

    assert main(["import", str(joined), "--memory-dir", str(copy), "--extractor", "none"]) == 0
    assert "imported 8 memories (7 already there, 7 of them repeated in the file)" in capsys.readouterr().out
    assert MarkdownStore(copy).load_all().memories == MarkdownStore(source).load_all().memories
    assert answer(capsys, "recall", "where does Ana live", "--memory-dir", str(copy), "--json")["memories"][0]["text"] \
        == "Ana lives in Madrid"
