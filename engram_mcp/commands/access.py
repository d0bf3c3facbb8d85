"""How a one-shot command reaches a memory folder: through the process that serves it, or directly.

Every command a person or a hook runs calls the memory's *tools* (remember, recall, forget,
as_of, history), so the command line answers exactly what an assistant would be answered.
``open_access`` picks the route:

- a running ``engram-mcp serve`` owns the folder and listens on a local socket: the command
  speaks MCP to it over that socket (``OwnerAccess``), so it never fights the server for the lock;
- nobody serves the folder: the command opens it itself (``LocalAccess``), takes the lock for
  its short life and calls the same tools in-process.

The route through the owner imports only the standard library (a hook runs on every prompt,
and the MCP SDK alone costs about a second of CPU to import); the folder, its models and the
SDK are imported only when the command must open the folder itself.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from engram_mcp import __version__
from engram_mcp.config import Settings
from engram_mcp.errors import EngramError, InvalidInput, MemoryNotFound, NamespaceNotFound
from engram_mcp.state.endpoint import endpoint_path

__all__ = ["LocalAccess", "MemoryAccess", "OwnerAccess", "ToolAnswer", "open_access", "owner_socket"]

# The oldest MCP revision whose tool results carry structuredContent; the owner answers with its own.
_PROTOCOL_VERSION = "2025-06-18"
_SOCKET_TIMEOUT_SECONDS = 120.0


@dataclass(frozen=True, slots=True)
class ToolAnswer:
    """A tool's answer: the text an assistant reads, and the structured result."""

    text: str
    data: dict[str, Any] = field(default_factory=dict)


class MemoryAccess(Protocol):
    """Calls the memory's tools by name."""

    def call(self, tool: str, arguments: dict[str, Any]) -> ToolAnswer: ...

    def accepts(self, tool: str, argument: str) -> bool:
        """Whether the tool takes this argument: a server that would ignore it must not be sent it
        (a forget whose dry_run is ignored forgets)."""
        ...


def owner_socket(settings: Settings) -> Path | None:
    """The socket of the process serving this folder, if one listens there now."""
    if not settings.state_dir.is_dir():
        return None
    path = endpoint_path(settings.state_dir)
    return path if path.exists() else None


@contextmanager
def open_access(settings: Settings, *, direct: bool = False) -> Iterator[MemoryAccess]:
    """The memory of ``settings.memory_dir``: through its server if one runs, otherwise opened here.

    ``direct``: opened here, the hooks' tools are called without the MCP SDK (``direct.py``).
    """
    path = owner_socket(settings)
    if path is not None:
        try:
            owner = OwnerAccess(path)
        except OSError:
            owner = None  # a socket left by a server that died: the folder is free again
        if owner is not None:
            try:
                yield owner
            finally:
                owner.close()
            return
    from engram_mcp.app import Engram

    engram = Engram.open(settings)
    try:
        engram.start(background=False)
        if direct:
            from engram_mcp.commands.direct import DirectAccess

            yield DirectAccess(engram)
        else:
            yield LocalAccess(engram)
    finally:
        engram.close()


class LocalAccess:
    """The tools of a memory this process opened, called in-process."""

    def __init__(self, engram: Any) -> None:
        from engram_mcp.edge.mcp_server import build_server

        self.engram = engram
        self._server = build_server(engram)

    def call(self, tool: str, arguments: dict[str, Any]) -> ToolAnswer:
        import asyncio

        from mcp.server.mcpserver.exceptions import ToolError

        try:
            result = asyncio.run(self._server.call_tool(tool, arguments))
        except ToolError as error:
            raise _tool_error(str(error)) from None
        text = "".join(getattr(part, "text", "") for part in getattr(result, "content", ()))
        if getattr(result, "is_error", False):
            raise _tool_error(text)
        return ToolAnswer(text=text, data=dict(getattr(result, "structured_content", None) or {}))

    def accepts(self, tool: str, argument: str) -> bool:
        import asyncio

        tools = asyncio.run(self._server.list_tools())
        return any(t.name == tool and argument in t.input_schema.get("properties", {}) for t in tools)


class OwnerAccess:
    """MCP over the owner's local socket: one JSON-RPC message a line, as on stdio."""

    def __init__(self, path: Path) -> None:
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._socket.settimeout(_SOCKET_TIMEOUT_SECONDS)
        try:
            self._socket.connect(str(path))
        except OSError:
            self._socket.close()
            raise
        self._lines = self._socket.makefile("rb")
        self._next_id = 0
        self._request("initialize", {
            "protocolVersion": _PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "engram-mcp-cli", "version": __version__},
        })
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def call(self, tool: str, arguments: dict[str, Any]) -> ToolAnswer:
        result = self._request("tools/call", {"name": tool, "arguments": arguments})
        text = "".join(part.get("text", "") for part in result.get("content", []) if isinstance(part, dict))
        if result.get("isError"):
            raise _tool_error(text)
        return ToolAnswer(text=text, data=dict(result.get("structuredContent") or {}))

    def accepts(self, tool: str, argument: str) -> bool:
        listed = self._request("tools/list", {})
        return any(
            t.get("name") == tool and argument in t.get("inputSchema", {}).get("properties", {})
            for t in listed.get("tools", [])
        )

    def close(self) -> None:
        self._lines.close()
        self._socket.close()

    def _send(self, message: dict[str, Any]) -> None:
        self._socket.sendall(json.dumps(message).encode() + b"\n")

    def _request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        wanted = self._next_id
        self._send({"jsonrpc": "2.0", "id": wanted, "method": method, "params": params})
        for line in self._lines:
            message = json.loads(line)
            if "method" in message:
                continue  # notifications and the server's own requests are not ours to answer
            # One request is in flight at a time: an error the server could not address (it found
            # no id it could read in the request) is this request's.
            if message.get("id") != wanted and not (message.get("id") is None and "error" in message):
                continue
            if "error" in message:
                raise _tool_error(str(message["error"].get("message", message["error"])))
            return dict(message.get("result") or {})
        raise EngramError("the server serving this memory folder hung up")


def _tool_error(text: str) -> EngramError:
    """A tool's error as one line, typed so the command line can pick its exit code."""
    lines = [part.strip() for part in text.splitlines() if part.strip()]
    if len(lines) >= 3 and "validation error" in lines[0]:
        # pydantic's report: a header, then each field and its complaint; the URL is noise here.
        lines = [f"{lines[1]}: {lines[2].split(' [type=')[0]}"]
    line = lines[0] if lines else "the tool failed"
    if line.startswith("no namespace"):
        return NamespaceNotFound(line)
    if line.startswith(("no memory", "no fact", "no entity")):
        return MemoryNotFound(line)
    return InvalidInput(line)
