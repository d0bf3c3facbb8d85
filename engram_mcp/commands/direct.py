"""The tools the Claude Code hooks call, called in-process without the MCP SDK.

A hook that finds no server to ask opens the folder itself, on every prompt. Calling a tool
through the SDK in-process means importing it, about a second of CPU: more than the recall
itself. These call the tools' own bodies (``edge/answers.py``), so a hook prints what the
tool would answer. Any other call goes through the SDK as every command's does
(``access.LocalAccess``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from engram_mcp.commands.access import LocalAccess, ToolAnswer
from engram_mcp.edge import answers
from engram_mcp.edge.wire import RecallOut, recall_text
from engram_mcp.model import DEFAULT_NAMESPACE, MemoryType
from engram_mcp.model.temporal import Axis

__all__ = ["DirectAccess"]


class DirectAccess:
    """``recall``, ``as_of`` and ``remember`` (a turn) called directly; anything else through the SDK."""

    def __init__(self, engram: Any) -> None:
        self.engram = engram
        self._through_sdk: LocalAccess | None = None

    def call(self, tool: str, arguments: dict[str, Any]) -> ToolAnswer:
        direct = _CALLS.get(tool)
        answer = direct(self.engram, arguments) if direct is not None else None
        return answer if answer is not None else self._sdk().call(tool, arguments)

    def accepts(self, tool: str, argument: str) -> bool:
        return self._sdk().accepts(tool, argument)

    def _sdk(self) -> LocalAccess:
        if self._through_sdk is None:
            self._through_sdk = LocalAccess(self.engram)
        return self._through_sdk


def _recall(engram: Any, arguments: dict[str, Any]) -> ToolAnswer:
    out = answers.recall(
        engram, arguments["query"], limit=arguments.get("limit"), types=_types(arguments), namespace=_namespace(arguments)
    )
    return _recalled(out)


def _as_of(engram: Any, arguments: dict[str, Any]) -> ToolAnswer:
    out = answers.as_of(
        engram, datetime.fromisoformat(arguments["at"]), arguments.get("query"), axis=Axis(arguments.get("axis", "valid")),
        limit=arguments.get("limit"), types=_types(arguments), namespace=_namespace(arguments),
    )
    return _recalled(out)


def _remember(engram: Any, arguments: dict[str, Any]) -> ToolAnswer | None:
    if arguments.get("kind", "episode") != "episode":
        return None  # a fact goes through the fact pipeline's tool
    when = arguments.get("event_time")
    out = answers.remember_turn(
        engram, arguments["text"], role=arguments.get("role", "user"), speaker=arguments.get("speaker"),
        session=arguments.get("session"), namespace=_namespace(arguments),
        event_time=datetime.fromisoformat(when) if when else None,
    )
    return ToolAnswer(text=out.model_dump_json(), data=out.model_dump(mode="json"))


def _recalled(out: RecallOut) -> ToolAnswer:
    return ToolAnswer(text=recall_text(out), data=out.model_dump(mode="json"))


def _types(arguments: dict[str, Any]) -> tuple[MemoryType, ...]:
    return tuple(MemoryType(name) for name in arguments.get("types") or ())


def _namespace(arguments: dict[str, Any]) -> str:
    return str(arguments.get("namespace", DEFAULT_NAMESPACE))


_CALLS: dict[str, Callable[[Any, dict[str, Any]], ToolAnswer | None]] = {
    "recall": _recall,
    "as_of": _as_of,
    "remember": _remember,
}
