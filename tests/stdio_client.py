"""The one way tests talk to a real server: ``python -m engram_mcp serve`` as a subprocess,
driven by the MCP SDK's client over stdio, with the real embedder, engine and files."""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.waiting import eventually

__all__ = ["call", "recalled", "run_session", "server_env", "wait_until_idle"]


def server_env(model_cache: Path) -> dict[str, str]:
    """The server's environment: the run's model cache, offline, and no user config file."""
    return {**os.environ, "ENGRAM_CACHE_DIR": str(model_cache), "HF_HUB_OFFLINE": "1", "ENGRAM_CONFIG": "/nonexistent"}


def run_session(
    memory_dir: Path, model_cache: Path, scenario: Callable[[Client], Awaitable[Any]], *extra: str
) -> Any:
    """Start a server on ``memory_dir`` (``extra``: more ``serve`` options), run ``scenario`` with a
    connected client, stop the server; returns what the scenario returned."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "engram_mcp", "serve", "--memory-dir", str(memory_dir), *extra],
        env=server_env(model_cache),
    )

    async def main() -> Any:
        async with Client(params, read_timeout_seconds=240) as client:
            return await scenario(client)

    return anyio.run(main)


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    """A tool's structured result; a tool error fails the test with its text."""
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def recalled(result: dict[str, Any]) -> list[str]:
    return [memory["text"] for memory in result["memories"]]


async def wait_until_idle(client: Client, timeout: float = 300) -> dict[str, Any]:
    """``memory_status`` once background extraction has drained its queue."""

    async def idle_status() -> dict[str, Any] | None:
        status = await call(client, "memory_status")
        return status if status["extraction_idle"] else None

    return await eventually(idle_status, what="extraction to finish", timeout=timeout)
