"""Tool errors through the SDK's stdio client: one line, naming the argument, with the reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.stdio_client import call, run_session

pytestmark = pytest.mark.slow

BAD_CALLS: list[tuple[str, dict[str, Any], list[str]]] = [
    ("recall", {"query": "x", "limit": 500}, ["limit: must be between 1 and 100 (got 500)"]),
    ("recall", {"query": "x", "limit": "many"}, ["limit:", "'many'"]),
    ("recall", {}, ["query: required"]),
    ("recall", {"query": "x", "limt": 5}, ["limt: not an argument of recall", "limit"]),
    ("recall", {"query": "x", "types": ["episodic", "dreams"]}, ["types.1:", "'dreams'"]),
    ("remember", {"text": ""}, ["text: must be 1 to 100000 characters (got 0)"]),
    ("remember", {"text": "x" * 100_001}, ["text: must be 1 to 100000 characters (got 100001)"]),
    ("remember", {"text": "hi", "role": "system"}, ["role: must be 'user', 'assistant' or 'tool' (got 'system')"]),
    ("remember", {"text": "hi", "namespace": "../../etc"}, ["namespace: must match", "'../../etc'"]),
    ("remember", {"text": "hi", "event_time": "0001-01-01T00:00:00+01:00"}, ["event_time:", "outside years 1-9999"]),
    ("remember", {"text": "hi", "event_time": "yesterday-ish"}, ["event_time:", "'yesterday-ish'"]),
    ("forget", {"memory_id": "t-123", "mode": "nuke"}, ["memory_id: must match", "mode: must be 'purge' or 'retract'"]),
    ("as_of", {"at": "9999-12-31T23:59:59.999999-23:59"}, ["at:", "outside years 1-9999"]),
    ("as_of", {"at": "2026-01-01T00:00:00"}, ["at:", "timezone"]),
    ("history", {"memory_id": "f-000000000000"}, ["f-000000000000"]),
    ("check_memory", {"wait_seconds": -1}, ["wait_seconds: must be between 0 and 60 (got -1)"]),
]


def test_each_bad_argument_gets_one_line_naming_it_and_the_server_keeps_working(
    tmp_path: Path, model_cache: Path
) -> None:
    async def scenario(client: Client) -> list[str]:
        messages = []
        for tool, arguments, _ in BAD_CALLS:
            result = await client.call_tool(tool, arguments)
            assert result.is_error, (tool, arguments)
            messages.append(result.content[0].text)  # type: ignore[union-attr]
        await call(client, "remember", text="Still here after all that.")
        return messages

    messages = run_session(tmp_path / "memories", model_cache, scenario, "--extractor", "none")
    for (tool, arguments, expected), message in zip(BAD_CALLS, messages, strict=True):
        assert "\n" not in message and "http" not in message and "validation error" not in message, message
        assert not message.startswith("Error executing tool"), message
        for part in expected:
            assert part in message, (tool, arguments, message)


def test_a_write_that_fails_on_disk_reaches_the_client_with_its_reason(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> tuple[str, dict[str, Any]]:
        await call(client, "remember", text="Written before the fault.", event_time="2026-01-04T10:00:00Z")
        # Where the next turn's namespace must keep its journal, a file: the write cannot land. (Something
        # that is no file where the page itself goes is no page: the turn would go to its sibling.)
        (memories / "namespaces").mkdir()
        (memories / "namespaces" / "work").write_text("not a folder")
        failed = await client.call_tool(
            "remember", {"text": "Lost to the fault?", "event_time": "2026-01-05T10:00:00Z", "namespace": "work"}
        )
        assert failed.is_error
        return failed.content[0].text, await call(client, "recall", query="Written before the fault")  # type: ignore[union-attr]

    message, recalled = run_session(memories, model_cache, scenario, "--extractor", "none")
    assert "\n" not in message and not message.startswith("Error executing tool"), message
    assert "2026-01-05.md" in message, message
    assert "Written before the fault." in [m["text"] for m in recalled["memories"]]
