"""End to end: the real server as a subprocess, driven by the MCP SDK client over stdio,
with the real embedder, the real Qdrant engine and real files."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.extraction.helpers import quoting_server
from tests.stdio_client import call, recalled, run_session, server_env, wait_until_idle

pytestmark = pytest.mark.slow


def tree_text(folder: Path) -> str:
    return "".join(p.read_text() for p in sorted(folder.rglob("*.md")) if ".engram" not in p.parts)


def test_remember_recall_forget_restart_and_reindex_over_stdio(tmp_path: Path, model_cache: Path) -> None:
    """The core alone: extraction is off so that recall sees exactly the turns remembered."""
    memories = tmp_path / "memories"

    async def first_session(client: Client) -> dict[str, Any]:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert {"remember", "recall", "forget", "as_of"} <= set(tools)
        assert tools["recall"].annotations is not None and tools["recall"].annotations.read_only_hint
        assert tools["forget"].annotations is not None and tools["forget"].annotations.destructive_hint
        kept = await call(client, "remember", text="I am allergic to peanuts.", speaker="Ana")
        await call(client, "remember", text="My sister Eva lives in Oslo.", speaker="Ana")
        doomed = await call(client, "remember", text="My bank password is quokka-sunrise.", speaker="Ana", session="s2")
        assert "allergic to peanuts" in (memories / kept["file"]).read_text()
        raw = await client.call_tool("recall", {"query": "Does Ana have any food allergy?"})
        found = raw.structured_content or {}
        # What the model reads is the context block itself, not the records' JSON.
        assert [getattr(block, "text", "") for block in raw.content] == [found["context"]]
        assert recalled(found)[0] == "I am allergic to peanuts."
        assert found["memories"][0]["speaker"] == "Ana"
        assert found["memories"][0]["file"] == kept["file"]
        line = next(line for line in found["context"].splitlines() if "peanuts" in line)
        assert line.startswith('- [') and '] "I am allergic to peanuts." · ' in line and line.endswith("· Ana (user)")
        assert found["context_tokens"] > 0
        receipt = await call(client, "forget", memory_id=doomed["id"])
        assert receipt["id"] == doomed["id"]
        assert "quokka" not in tree_text(memories)
        assert "My bank password is quokka-sunrise." not in recalled(await call(client, "recall", query="bank password"))
        return await call(client, "recall", query="Does Ana have any food allergy?")

    before = run_session(memories, model_cache, first_session, "--extractor", "none")

    async def after_restart(client: Client) -> dict[str, Any]:
        return await call(client, "recall", query="Does Ana have any food allergy?")

    assert recalled(run_session(memories, model_cache, after_restart, "--extractor", "none")) == recalled(before)

    subprocess.run(
        [sys.executable, "-m", "engram_mcp", "reindex", "--from-scratch", "--memory-dir", str(memories)],
        check=True,
        env=server_env(model_cache),
        capture_output=True,
    )
    assert not any("quokka" in p.read_text(errors="ignore") for p in memories.rglob("*") if p.is_file())
    assert recalled(run_session(memories, model_cache, after_restart, "--extractor", "none")) == recalled(before)


def test_bad_arguments_get_a_clear_error_and_the_server_keeps_working(tmp_path: Path, model_cache: Path) -> None:
    async def scenario(client: Client) -> None:
        unknown = await client.call_tool("forget", {"memory_id": "t-000000000000"})
        assert unknown.is_error and "no memory with id" in unknown.content[0].text  # type: ignore[union-attr]
        malformed = await client.call_tool("remember", {"text": ""})
        assert malformed.is_error
        naive = await client.call_tool("as_of", {"at": "2026-01-01T00:00:00"})
        assert naive.is_error and "timezone" in naive.content[0].text  # type: ignore[union-attr]
        await call(client, "remember", text="Still here.")

    run_session(tmp_path / "memories", model_cache, scenario)


def test_an_id_asked_in_another_namespace_than_its_own_is_not_found_there_and_nothing_is_lost(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> None:
        work = await call(client, "remember", text="My manager Ivo approved my raise to 90k.", speaker="Mara",
                          namespace="work")
        await call(client, "remember", text="I have a dentist appointment on Friday.", speaker="Mara",
                   namespace="personal")
        for tool, arguments in (("forget", {"memory_id": work["id"], "namespace": "personal"}),
                                ("forget", {"memory_id": work["id"], "namespace": "personal", "dry_run": True}),
                                ("history", {"memory_id": work["id"], "namespace": "personal"})):
            refused = await client.call_tool(tool, arguments)
            text = refused.content[0].text  # type: ignore[union-attr]
            assert refused.is_error and "90k" not in text, (tool, text)
            assert f"no memory with id '{work['id']}' in namespace" in text, (tool, text)
        assert "raise to 90k" in tree_text(memories)
        assert (await call(client, "history", memory_id=work["id"], namespace="work"))["versions"]
        # No namespace given: an id names one memory wherever it is.
        assert (await call(client, "forget", memory_id=work["id"], dry_run=True))["items"]
        await call(client, "forget", memory_id=work["id"], namespace="work")
        assert "raise to 90k" not in tree_text(memories) and "dentist" in tree_text(memories)

    run_session(memories, model_cache, scenario, "--extractor", "none")


def test_a_forgotten_turn_leaves_no_text_in_the_extraction_status_an_erring_server_quoted_it_in(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> dict[str, Any]:
        secret = await call(client, "remember", text="My HIV status is positive, diagnosed by Dr Moor.", speaker="Mara")
        for _ in range(60):
            status = await call(client, "memory_status")
            if "HIV" in (status["last_extraction_error"] or ""):
                break
            await asyncio.sleep(0.5)
        assert "HIV" in (status["last_extraction_error"] or "")
        await call(client, "forget", memory_id=secret["id"])
        return await call(client, "memory_status")

    with quoting_server() as url:
        after = run_session(memories, model_cache, scenario, "--extractor", f"openai:{url}")
    assert after["last_extraction_error"] is None and after["extraction_queue"] == 0
    assert not any(b"HIV" in p.read_bytes() for p in memories.rglob("*") if p.is_file())


def test_a_second_server_on_the_same_folder_proxies_to_the_first_and_a_writer_command_is_refused(
    tmp_path: Path, model_cache: Path
) -> None:
    """Several clients may share a folder (tests/edge/test_shared_owner_e2e.py); a one-shot
    command that must write the folder itself still stops at once with the lock's message."""
    memories = tmp_path / "memories"

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "engram_mcp", *command, "--memory-dir", str(memories)],
            env=server_env(model_cache), capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
        )

    async def scenario(client: Client) -> tuple[subprocess.CompletedProcess[str], ...]:
        await call(client, "remember", text="The first server owns this folder.")
        return run("serve"), run("reindex")

    second, reindex = run_session(memories, model_cache, scenario)
    assert second.returncode == 0, second.stderr
    assert "served by another process: proxying to it" in second.stderr
    assert second.stdout == ""
    assert reindex.returncode == 2
    assert "in use by another Engram process" in reindex.stderr


def test_as_of_answers_on_both_axes_over_stdio(tmp_path: Path, model_cache: Path) -> None:
    async def scenario(client: Client) -> None:
        await call(client, "remember", text="We lived in Porto.", event_time="2020-05-01T12:00:00Z")
        await call(client, "remember", text="We moved to Lisbon.", event_time="2025-06-01T12:00:00Z")
        in_2021 = await call(client, "as_of", at="2021-01-01T00:00:00Z")
        assert recalled(in_2021) == ["We lived in Porto."]
        known_in_2021 = await call(client, "as_of", at="2021-01-01T00:00:00Z", axis="known")
        assert known_in_2021["abstained"] and recalled(known_in_2021) == []

    run_session(tmp_path / "memories", model_cache, scenario)


def test_a_job_that_begins_next_year_comes_back_upcoming_over_stdio_and_todays_stays_current(
    tmp_path: Path, model_cache: Path
) -> None:
    from datetime import datetime, timedelta, timezone

    now = datetime.now(timezone.utc).replace(microsecond=0)
    starts = (now + timedelta(days=300)).isoformat()

    async def scenario(client: Client) -> None:
        await call(client, "remember", kind="fact", text="Ana works at Meta", event_time="2024-01-01T00:00:00Z")
        klarna = await call(client, "remember", kind="fact", text="Ana works at Klarna", event_time=starts)
        found = await call(client, "recall", query="Where does Ana work?")
        first, *rest = found["memories"]
        assert first["text"] == "Ana works at Meta" and first["status"] == "current"
        ahead = next(m for m in rest if m["id"] == klarna["id"])
        assert ahead["status"] == "upcoming" and ahead["replaced_by"] == first["id"]
        assert recalled(await call(client, "as_of", at=now.isoformat(), query="Where does Ana work?")) == ["Ana works at Meta"]

    run_session(tmp_path / "memories", model_cache, scenario)


def test_a_read_naming_a_namespace_that_does_not_exist_is_refused_in_one_line_and_forget_cuts_only_whom_it_names(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> None:
        await call(client, "remember", text="The deploy script needs --force on Fridays.", namespace="work")
        for tool, arguments in (("recall", {"query": "deploy script", "namespace": "wrok"}),
                                ("as_of", {"at": "2030-01-01T00:00:00Z", "namespace": "wrok"}),
                                ("forget", {"entity": "deploy", "namespace": "wrok"})):
            refused = await client.call_tool(tool, arguments)
            text = refused.content[0].text  # type: ignore[union-attr]
            assert refused.is_error and text == (
                "no namespace 'wrok' (did you mean 'work'?); nothing is stored there. Namespaces: default, work"), (tool, text)
        assert "--force on Fridays" in tree_text(memories)
        assert recalled(await call(client, "recall", query="deploy script", namespace="work"))

        for text in ("Had dinner with Priya, Jonas and Mei at the Thai place.", "My neighbour Gregor keeps parking in my spot.",
                     "he did it again this morning, I left a note", "Priya and I watched the final at the pub."):
            await call(client, "remember", text=text, speaker="Dana", session="2026-03-02")
        await wait_until_idle(client)
        preview = await call(client, "forget", entity="Gregor", dry_run=True)
        assert {item["text"] for item in preview["items"] if item["kind"] == "episode"} == {
            "My neighbour Gregor keeps parking in my spot.", "he did it again this morning, I left a note"}
        await call(client, "forget", entity="Gregor")
        await call(client, "forget", entity="Priya")
        journal = tree_text(memories / "journal")
        assert "Had dinner with Jonas and Mei at the Thai place." in journal and "I watched the final at the pub." in journal
        assert not any(gone in tree_text(memories) for gone in ("Priya", "Gregor", "left a note"))

    run_session(memories, model_cache, scenario)


def test_forgetting_a_fact_or_a_person_over_stdio_keeps_what_was_said_beside_them(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> None:
        for text in ("I work at Tesco as a cashier, and my dog is called Biscuit.", "I'm allergic to penicillin.",
                     "I had a rash, so reminder: allergic to penicillin!", "Tom Baker is my landlord.",
                     "Ana works with Tom at Deloitte."):
            await call(client, "remember", text=text)
        await wait_until_idle(client)
        for query, told in (("Where do I work?", "User works at Tesco."), ("What am I allergic to?", "User is allergic to penicillin.")):
            [fact] = [m["id"] for m in (await call(client, "recall", query=query))["memories"] if m["text"] == told]
            await call(client, "forget", memory_id=fact)
        await call(client, "forget", entity="Tom Baker")
        journal = tree_text(memories / "journal")
        for kept in ("I work as a cashier, and my dog is called Biscuit.", "I had a rash.", "Ana works at Deloitte."):
            assert kept in journal
        assert not any(gone in tree_text(memories) for gone in ("Tesco", "penicillin", "Tom"))
        assert "Biscuit" in recalled(await call(client, "recall", query="What is my dog called?"))[0]

    run_session(memories, model_cache, scenario)
