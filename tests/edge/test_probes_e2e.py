"""Probes: scripted temporal scenarios end to end — the real server over stdio, the MCP
client, the rule-based extractor, the real embedder and Qdrant engine, real files."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.stdio_client import call, run_session, wait_until_idle

pytestmark = pytest.mark.slow


def facts(result: dict[str, Any]) -> list[str]:
    return [m["text"] for m in result["memories"] if m["kind"] == "fact"]


def just_before(moment: str) -> str:
    return (datetime.fromisoformat(moment) - timedelta(microseconds=1)).isoformat()


def bytes_found(folder: Path, *needles: bytes) -> list[str]:
    """Every file under the folder, index segments included, that still holds a needle."""
    return [
        f"{p.relative_to(folder)}: {needle!r}"
        for p in sorted(folder.rglob("*"))
        if p.is_file()
        for needle in needles
        if needle in p.read_bytes()
    ]


def test_stated_facts_supersede_time_travel_retract_reinforce_and_purge(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> None:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert {"history", "entities", "forget"} <= set(tools)
        assert tools["history"].annotations is not None and tools["history"].annotations.read_only_hint

        # A job change: the old fact is superseded, not overwritten.
        first = await call(client, "remember", kind="fact", text="Ali works at Initech.",
                           event_time="2020-01-01T00:00:00Z")
        second = await call(client, "remember", kind="fact", text="Ali works at Globex Corporation.",
                            event_time="2024-06-01T00:00:00Z")
        assert first["action"] == "added" and second["action"] == "superseded"
        assert second["superseded"] == [first["id"]]
        assert facts(await call(client, "recall", query="Where does Ali work?")) == ["Ali works at Globex Corporation."]
        before = await call(client, "as_of", at="2022-01-01T00:00:00Z", query="Where does Ali work?")
        assert facts(before) == ["Ali works at Initech."]
        between = await call(client, "as_of", at="2024-07-01T00:00:00Z")
        assert facts(between) == ["Ali works at Globex Corporation."]
        # Before the system learned of the change it believed the old fact, whatever the world time.
        believed = await call(client, "as_of", at=just_before(second["created_at"]), axis="known")
        assert facts(believed) == ["Ali works at Initech."]
        after = await call(client, "as_of", at=datetime.now().astimezone().isoformat(), axis="known")
        assert facts(after) == ["Ali works at Globex Corporation."]
        chain = await call(client, "history", memory_id=second["id"])
        assert [(v["text"], v["invalid_at"]) for v in chain["versions"]] == [
            ("Ali works at Initech.", "2024-06-01T00:00:00Z"),
            ("Ali works at Globex Corporation.", None),
        ]

        # A retraction ends a fact now and keeps its history.
        hobby = await call(client, "remember", kind="fact", text="Ali plays in a brass band.",
                           event_time="2021-01-01T00:00:00Z")
        receipt = await call(client, "forget", memory_id=hobby["id"], mode="retract")
        assert receipt["retracted"] == [hobby["id"]] and receipt["removed"] == []
        assert "Ali plays in a brass band." not in facts(await call(client, "recall", query="brass band"))
        assert "Ali plays in a brass band." in facts(await call(client, "as_of", at="2023-01-01T00:00:00Z"))

        # Ten repeats: one memory, reinforced.
        ids = {(await call(client, "remember", kind="fact", text="Ali is allergic to penicillin."))["id"]
               for _ in range(10)}
        assert len(ids) == 1
        found = await call(client, "recall", query="Is Ali allergic to any medicine?")
        allergy = [m for m in found["memories"] if m["text"] == "Ali is allergic to penicillin."]
        assert len(allergy) == 1 and allergy[0]["confirmations"] == 9 and allergy[0]["importance"] >= 0.9

        # Purging a fact takes that fact alone (its chain stays, linked around the gap); the chain
        # goes when what is forgotten is what it is about. No byte is left in any file, index included.
        preview = await call(client, "forget", memory_id=second["id"], dry_run=True)
        assert preview["dry_run"] and preview["removed"] == [second["id"]]
        assert [i["text"] for i in preview["items"] if i["action"] == "removed"] == ["Ali works at Globex Corporation."]
        purge = await call(client, "forget", memory_id=second["id"])
        assert purge["removed"] == [second["id"]] and not purge["dry_run"]
        chain = await call(client, "history", memory_id=first["id"])
        assert [v["superseded_by"] for v in chain["versions"]] == [None]
        gone = await call(client, "forget", entity="Initech")
        assert gone["removed"] == [first["id"]]
        left = facts(await call(client, "recall", query="Where does Ali work?"))
        assert not any("Initech" in text or "Globex" in text for text in left)

    run_session(memories, model_cache, scenario)
    assert bytes_found(memories, b"Initech", b"Globex") == []
    page = (memories / "facts" / "ali.md").read_text()
    current, history = page.split("## History")
    assert "Ali is allergic to penicillin." in current and "brass band" in history


def test_facts_extracted_from_turns_change_flip_repeat_and_are_purged(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> None:
        await call(client, "remember", text="I live in Porto near the river.", speaker="Bea", event_time="2019-03-01T10:00:00Z")
        await call(client, "remember", text="I really like jazz music.", speaker="Bea", event_time="2019-03-01T10:01:00Z")
        for _ in range(10):
            await call(client, "remember", text="I am allergic to shellfish and shrimp.", speaker="Bea")
        await wait_until_idle(client)
        moved = await call(client, "remember", text="I moved to Lisbon for a new job.", speaker="Bea",
                           event_time="2023-09-01T10:00:00Z")
        await call(client, "remember", text="I don't like jazz music anymore.", speaker="Bea",
                   event_time="2024-01-01T10:00:00Z")
        await wait_until_idle(client)

        now_facts = facts(await call(client, "recall", query="Where does Bea live?"))
        # The wording of an extracted fact is the extractor's; what it says is pinned here.
        assert any("Lisbon" in f for f in now_facts) and not any("Porto" in f for f in now_facts)
        then = facts(await call(client, "as_of", at="2020-01-01T00:00:00Z", query="Where does Bea live?"))
        assert any("Porto" in f for f in then) and not any("Lisbon" in f for f in then)
        taste = facts(await call(client, "recall", query="Does Bea like jazz?"))
        assert "Bea doesn't like jazz music anymore." in taste and "Bea really likes jazz music." not in taste
        allergy = await call(client, "recall", query="Is Bea allergic to anything?")
        shellfish = [m for m in allergy["memories"] if m["kind"] == "fact" and "shellfish" in m["text"]]
        assert len(shellfish) == 1
        assert len(shellfish[0]["source_turns"]) == 10 and shellfish[0]["confirmations"] == 9

        # Purging the turn purges the facts drawn from it alone; older versions stay as history.
        receipt = await call(client, "forget", memory_id=moved["id"])
        assert moved["id"] in receipt["removed"] and len(receipt["removed"]) >= 2

        await call(client, "remember", text="My cousin Evangelina studies in Vienna.", speaker="Bea")
        await call(client, "remember", kind="fact", text="Evangelina studies at the University of Vienna.")
        await wait_until_idle(client)
        everything = await call(client, "forget", entity="Evangelina")
        assert len(everything["removed"]) >= 2

    run_session(memories, model_cache, scenario)
    assert bytes_found(memories, b"Lisbon", b"Evangelina") == []
