"""A thin stdio proxy to the folder's owner, which takes ownership when the owner goes away.

The client's JSON-RPC lines go to the owner's socket unchanged and the owner's answers come
back unchanged, so the client sees the owner's full tool set and every other client's
writes. When the connection drops, the proxy reconnects: to whichever process took the
folder lock next, or to itself after ``take_over`` wins the lock. What was in flight then:

- a request that cannot do harm twice (not a tool call, or a tool the owner lists as
  read-only or idempotent) is sent again to the new owner;
- any other tool call (``remember``) may or may not have been applied, so it is answered
  with an error that says exactly that, never silently dropped or silently repeated.

A client that opened its session with ``initialize`` has that handshake replayed to each
new owner, whose answer the proxy keeps to itself.

The proxy reads a line only to learn what it asks; a line it cannot read (too deep, an id no
answer can carry) is still relayed, for the owner to answer with the error, as it answers its
own client's.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import AsyncIterable, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from anyio.abc import ByteStream, TaskGroup
from anyio.streams.buffered import BufferedByteReceiveStream
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

from engram_mcp.errors import EngramError

__all__ = ["OwnerUnavailable", "Proxy"]

log = logging.getLogger(__name__)

MAX_LINE = 64 * 1024 * 1024
_POLL_SECONDS = 0.05
_REPLAY_ID = "engram-proxy-replay"
_STATUS_TOOL = "memory_status"
IN_FLIGHT_WRITE = (
    "the Engram process that owned the memory stopped while this call was in flight; another one has "
    "taken over, but this write may or may not have been stored: recall to check before repeating it"
)


class OwnerUnavailable(EngramError):
    """No process could serve the memory folder within the proxy's patience."""


@dataclass(frozen=True, slots=True)
class _Request:
    line: bytes
    method: str
    tool: str | None


class Proxy:
    """Forwards one client's session to the folder's owner, across changes of owner.

    ``take_over``: try to become the owner (blocking; run on a worker thread); True once this
    process holds the folder and listens on ``endpoint``. ``owns``: whether it does now.
    """

    def __init__(
        self,
        endpoint: Path,
        take_over: Callable[[], bool],
        owns: Callable[[], bool],
        *,
        patience_seconds: float = 60.0,
    ) -> None:
        self._endpoint = endpoint
        self._take_over = take_over
        self._owns = owns
        self._patience = patience_seconds
        self._pending: dict[Any, _Request] = {}
        self._handshake: list[bytes] = []
        self._harmless_tools: set[str] = set()
        self._client_gone = False
        self.reconnections = 0

    async def run(self, client_lines: AsyncIterable[bytes], to_client: Callable[[bytes], Awaitable[None]]) -> None:
        """Serve until the client hangs up."""
        outbox_in, outbox_out = anyio.create_memory_object_stream[bytes](math.inf)
        async with outbox_out, anyio.create_task_group() as group:
            group.start_soon(self._read_client, client_lines, outbox_in)
            await self._forward(outbox_out, to_client)
            group.cancel_scope.cancel()

    async def _read_client(self, lines: AsyncIterable[bytes], outbox: MemoryObjectSendStream[bytes]) -> None:
        async with outbox:
            async for line in lines:
                if line.strip():
                    await outbox.send(line if line.endswith(b"\n") else line + b"\n")

    async def _forward(
        self, outbox: MemoryObjectReceiveStream[bytes], to_client: Callable[[bytes], Awaitable[None]]
    ) -> None:
        first = True
        while not self._client_gone:
            stream = await self._connect()
            if not first:
                self.reconnections += 1
                log.info("reconnected to the memory folder's owner (%d pending requests resent)", len(self._pending))
            first = False
            try:
                reader = BufferedByteReceiveStream(stream)
                if not await _lost(self._replay(stream, reader, to_client)):
                    async with anyio.create_task_group() as group:
                        group.start_soon(_lost, self._upstream(outbox, stream, group))
                        await _lost(self._downstream(reader, to_client))
                        group.cancel_scope.cancel()
            finally:
                await stream.aclose()
            if not self._client_gone:
                log.warning("lost the memory folder's owner; reconnecting")
                await self._answer_unsafe_in_flight(to_client)

    async def _connect(self) -> ByteStream:
        deadline = anyio.current_time() + self._patience
        while True:
            try:
                return await anyio.connect_unix(str(self._endpoint))
            except OSError:
                pass
            if not self._owns() and await anyio.to_thread.run_sync(self._take_over):
                continue
            if anyio.current_time() > deadline:
                raise OwnerUnavailable(
                    f"no Engram process could serve the memory folder within {self._patience:.0f}s "
                    f"(endpoint {self._endpoint})"
                )
            await anyio.sleep(_POLL_SECONDS)

    async def _replay(
        self, stream: ByteStream, reader: BufferedByteReceiveStream, to_client: Callable[[bytes], Awaitable[None]]
    ) -> None:
        """Open the session on a new owner as the client once did, then resend what is safe to resend."""
        if self._handshake:
            initialize = json.loads(self._handshake[0])
            initialize["id"] = _REPLAY_ID
            await stream.send(json.dumps(initialize).encode() + b"\n")
            while True:
                line = await reader.receive_until(b"\n", MAX_LINE)
                if _message(line).get("id") == _REPLAY_ID:
                    break
                await to_client(line + b"\n")
            for notification in self._handshake[1:]:
                await stream.send(notification)
        for request in list(self._pending.values()):
            await stream.send(request.line)

    async def _upstream(self, outbox: MemoryObjectReceiveStream[bytes], stream: ByteStream, group: TaskGroup) -> None:
        async for line in outbox:
            message = _message(line)
            method = message.get("method")
            opens_session = (method == "initialize" and not self._handshake) or (
                method == "notifications/initialized" and len(self._handshake) == 1
            )
            if opens_session:
                self._handshake.append(line)
            if _answerable_id(message.get("id")) and isinstance(method, str):
                params = message.get("params")
                tool = params.get("name") if method == "tools/call" and isinstance(params, dict) else None
                self._pending[message["id"]] = _Request(line, method, tool if isinstance(tool, str) else None)
            await stream.send(line)
        self._client_gone = True
        group.cancel_scope.cancel()

    async def _downstream(self, reader: BufferedByteReceiveStream, to_client: Callable[[bytes], Awaitable[None]]) -> None:
        while True:
            line = await reader.receive_until(b"\n", MAX_LINE)
            message = _message(line)
            request = self._pending.pop(message.get("id"), None) if "method" not in message else None
            if request is not None:
                line = self._observe(request, message, line)
            await to_client(line + b"\n")

    def _observe(self, request: _Request, message: dict[str, Any], line: bytes) -> bytes:
        """Learn which tools are safe to resend; say in memory_status that this process is a proxy."""
        result = message.get("result")
        if not isinstance(result, dict):
            return line
        if request.method == "tools/list":
            for tool in result.get("tools", []):
                hints = tool.get("annotations") or {}
                if hints.get("readOnlyHint") or hints.get("idempotentHint"):
                    self._harmless_tools.add(tool.get("name"))
        if request.tool == _STATUS_TOOL and not self._owns():
            return json.dumps(_as_proxy_status(message)).encode()
        return line

    async def _answer_unsafe_in_flight(self, to_client: Callable[[bytes], Awaitable[None]]) -> None:
        for request_id, request in list(self._pending.items()):
            if request.method == "tools/call" and request.tool not in self._harmless_tools:
                del self._pending[request_id]
                error = {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32603, "message": IN_FLIGHT_WRITE}}
                await to_client(json.dumps(error).encode() + b"\n")


async def _lost(step: Awaitable[None]) -> bool:
    """Run one step of a connection; True when the connection broke under it."""
    try:
        await step
    except (OSError, anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.EndOfStream, anyio.IncompleteRead):
        return True
    return False


def _message(line: bytes) -> dict[str, Any]:
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return {}
    return message if isinstance(message, dict) else {}


def _answerable_id(value: object) -> bool:
    """Whether an answer can carry this id back (JSON-RPC: a string or an integer)."""
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def _as_proxy_status(message: dict[str, Any]) -> dict[str, Any]:
    result = message["result"]
    structured = result.get("structuredContent")
    if isinstance(structured, dict):
        structured["role"] = "proxy"
    for block in result.get("content") or []:
        if block.get("type") == "text":
            try:
                shown = json.loads(block["text"])
            except ValueError:
                continue
            if isinstance(shown, dict) and "role" in shown:
                shown["role"] = "proxy"
                block["text"] = json.dumps(shown, indent=2)
    return message
