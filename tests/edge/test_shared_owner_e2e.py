"""Several clients on one memory folder: three real `serve` processes, each driven by the SDK's
stdio client, the first owning the folder and the others proxying to it; then the owner is
killed with SIGKILL in the middle of a round of writes."""

from __future__ import annotations

import os
import signal
import sys
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError

from engram_mcp.edge.proxy import IN_FLIGHT_WRITE
from tests.stdio_client import call, recalled, server_env

pytestmark = pytest.mark.slow


def serve(memories: Path, model_cache: Path) -> Client:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "engram_mcp", "serve", "--memory-dir", str(memories), "--extractor", "none"],
        env=server_env(model_cache),
    )
    return Client(params, read_timeout_seconds=240)


async def status(client: Client) -> dict[str, Any]:
    return await call(client, "memory_status")


async def remember_each(clients: dict[str, Client], round_name: str, per_client: int) -> dict[str, str | None]:
    """Every client writes at once; text -> id when acknowledged, None when refused with the clear error."""
    outcomes: dict[str, str | None] = {}

    async def write(name: str, client: Client) -> None:
        for n in range(per_client):
            text = f"{round_name}: note {n} from client {name} about the {name}{n} project"
            try:
                outcomes[text] = (await call(client, "remember", text=text))["id"]
            except MCPError as error:
                assert str(error) == IN_FLIGHT_WRITE, error
                outcomes[text] = None

    async with anyio.create_task_group() as group:
        for name, client in clients.items():
            group.start_soon(write, name, client)
    return outcomes


async def assert_everyone_recalls(clients: dict[str, Client], texts: list[str]) -> None:
    for client in clients.values():
        for text in texts:
            assert text in recalled(await call(client, "recall", query=text, limit=5)), text


def test_three_clients_share_one_memory_and_survive_the_owner_being_killed(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            first = await stack.enter_async_context(serve(memories, model_cache))
            owner = await status(first)
            assert owner["role"] == "owner"
            others = {name: await stack.enter_async_context(serve(memories, model_cache)) for name in ("b", "c")}
            for client in others.values():
                shown = await status(client)
                assert (shown["role"], shown["owner_pid"]) == ("proxy", owner["owner_pid"])
            everyone = {"a": first, **others}

            written = await remember_each(everyone, "before", per_client=4)
            assert None not in written.values()
            await assert_everyone_recalls(everyone, list(written))

            # SIGKILL the owner while the proxies are writing: nothing acknowledged may be lost.
            async with anyio.create_task_group() as group:
                during: dict[str, str | None] = {}

                async def write_round() -> None:
                    during.update(await remember_each(others, "during", per_client=6))

                group.start_soon(write_round)
                await call(others["b"], "recall", query="before")
                os.kill(owner["owner_pid"], signal.SIGKILL)
            after = await remember_each(others, "after", per_client=2)
            assert None not in after.values()

            roles = sorted([(await status(c))["role"] for c in others.values()])
            assert roles == ["owner", "proxy"]
            new_owner = {(await status(c))["owner_pid"] for c in others.values()}
            assert len(new_owner) == 1 and owner["owner_pid"] not in new_owner

            acknowledged = [text for text, memory_id in {**written, **during, **after}.items() if memory_id]
            await assert_everyone_recalls(others, acknowledged)
            assert len(acknowledged) > len(written) + len(after)

    anyio.run(scenario)
