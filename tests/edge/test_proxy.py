"""The proxy across a change of owner, with calls held in flight on purpose.

The owners here are real SDK servers behind the real ``OwnerEndpoint`` on a real Unix
socket, but with tiny tools that wait on an event instead of the memory: only that makes
"the owner dies while this call is running" deterministic. The end-to-end test with real
`serve` processes is tests/edge/test_shared_owner_e2e.py."""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations

from engram_mcp.edge.owner import OwnerEndpoint
from engram_mcp.edge.proxy import IN_FLIGHT_WRITE, Proxy
from engram_mcp.state.endpoint import endpoint_path


def owner_server(hold: threading.Event | None, started: threading.Semaphore | None = None) -> MCPServer[Any]:
    server: MCPServer[Any] = MCPServer(name="owner")

    def held() -> None:
        if hold is not None and started is not None:
            started.release()
            hold.wait(30)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, idempotent_hint=False))
    def write(text: str) -> str:
        held()
        return f"stored {text}"

    @server.tool(annotations=ToolAnnotations(read_only_hint=True))
    def look(query: str) -> str:
        held()
        return f"found {query} at {os.getpid()}"

    @server.tool()
    def memory_status() -> dict[str, Any]:
        return {"role": "owner", "owner_pid": os.getpid()}

    return server


def request(request_id: int, method: str, params: dict[str, Any]) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}).encode() + b"\n"


def call(request_id: int, tool: str, **arguments: Any) -> bytes:
    return request(request_id, "tools/call", {"name": tool, "arguments": arguments})


INITIALIZE = request(
    1, "initialize",
    {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}},
)
INITIALIZED = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode() + b"\n"


def test_a_write_in_flight_when_the_owner_dies_fails_clearly_and_a_read_is_answered_by_the_next_owner(
    tmp_path: Path,
) -> None:
    path = endpoint_path(tmp_path / ".engram")
    held = threading.Event()
    started = threading.Semaphore(0)
    first = OwnerEndpoint(path, lambda: owner_server(held, started))
    first.start()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    second = OwnerEndpoint(path, lambda: owner_server(None))
    owned = threading.Event()

    def take_over() -> bool:
        second.start()
        owned.set()
        return True

    proxy = Proxy(path, take_over, owned.is_set, patience_seconds=30)
    to_proxy, client_lines = anyio.create_memory_object_stream[bytes](100)
    answers: dict[Any, dict[str, Any]] = {}
    arrived = anyio.Event()

    async def lines() -> AsyncIterator[bytes]:
        async with client_lines:
            async for line in client_lines:
                yield line

    async def to_client(line: bytes) -> None:
        message = json.loads(line)
        answers[message.get("id")] = message
        arrived.set()

    async def answer(request_id: int) -> dict[str, Any]:
        nonlocal arrived
        with anyio.fail_after(30):
            while request_id not in answers:
                await arrived.wait()
                arrived = anyio.Event()
        return answers[request_id]

    async def scenario() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(proxy.run, lines(), to_client)
            await to_proxy.send(INITIALIZE)
            await answer(1)
            await to_proxy.send(INITIALIZED)
            await to_proxy.send(request(2, "tools/list", {}))
            assert {tool["name"] for tool in (await answer(2))["result"]["tools"]} == {"write", "look", "memory_status"}
            await to_proxy.send(call(3, "memory_status"))
            assert (await answer(3))["result"]["structuredContent"]["role"] == "proxy"

            await to_proxy.send(call(4, "write", text="in flight"))
            await to_proxy.send(call(5, "look", query="in flight"))
            for _ in range(2):  # both calls reach the first owner and wait there
                assert await anyio.to_thread.run_sync(started.acquire, True, 30)
            first.close()

            assert (await answer(4))["error"]["message"] == IN_FLIGHT_WRITE
            looked = await answer(5)
            assert looked["result"]["content"][0]["text"] == f"found in flight at {os.getpid()}"
            await to_proxy.send(call(6, "write", text="after"))
            assert (await answer(6))["result"]["content"][0]["text"] == "stored after"
            assert proxy.reconnections == 1
            await to_proxy.aclose()

    try:
        anyio.run(scenario)
    finally:
        held.set()
        second.close()


def test_a_socket_path_too_long_for_the_kernel_moves_to_a_private_folder(tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 120) / ".engram"
    path = endpoint_path(deep)
    assert len(os.fsencode(path)) < 108
    assert path == endpoint_path(deep)  # every process finds the same one
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
