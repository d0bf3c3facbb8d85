"""The bodies of the tools a Claude Code hook calls: recall, as_of, and remembering a turn.

Shared by the MCP server's tools (``mcp_server.py``) and the hooks' in-process calls
(``commands/direct.py``), which must answer exactly what the tool would without importing
the MCP SDK (about a second of CPU on every prompt). Nothing here imports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from engram_mcp.edge.wire import RecallOut, RememberOut, recall_out
from engram_mcp.model import MemoryType
from engram_mcp.model.temporal import Axis

if TYPE_CHECKING:
    from engram_mcp.app import Engram

__all__ = ["as_of", "recall", "remember_turn"]


def recall(
    engram: Engram, query: str, *, limit: int | None, types: Sequence[MemoryType], namespace: str
) -> RecallOut:
    found = engram.service.recall(query, limit=limit, types=types, namespace=namespace)
    return recall_out(found, engram.service.usage.get)


def as_of(
    engram: Engram, at: datetime, query: str | None, *, axis: Axis, limit: int | None,
    types: Sequence[MemoryType], namespace: str,
) -> RecallOut:
    found = engram.service.as_of(at, query, axis=axis, limit=limit, types=types, namespace=namespace)
    return recall_out(found, engram.service.usage.get)


def remember_turn(
    engram: Engram, text: str, *, role: str, speaker: str | None, session: str | None, namespace: str,
    event_time: datetime | None,
) -> RememberOut:
    memory = engram.service.remember(
        text, role=role, speaker=speaker, session=session, namespace=namespace, event_time=event_time
    )
    return RememberOut(id=memory.id, created_at=memory.created_at, file=engram.service_file(memory.id))
