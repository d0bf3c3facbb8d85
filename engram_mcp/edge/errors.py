"""What a client sees when something goes wrong at the edge: one line that names the cause.

- ``tool_errors`` turns Engram's own errors, and storage faults, into tool errors.
- ``EdgeServer`` is the SDK's ``MCPServer`` with argument errors rewritten from pydantic's
  multi-line report into ``"limit: must be between 1 and 100 (got 500)"``, unknown argument
  names refused instead of silently ignored, and the stdio transport that answers every frame.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, InputRequiredResult
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from engram_mcp.edge.stdio import stdio_transport
from engram_mcp.errors import EngramError

__all__ = ["EdgeServer", "argument_errors", "one_line", "tool_errors"]

P = ParamSpec("P")
R = TypeVar("R")

_MAX_REPORTED = 3
_SHOWN_CHARS = 40


def tool_errors(function: Callable[P, R]) -> Callable[P, R]:
    """Turn Engram's own errors and storage faults into one-line tool errors the assistant can read."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except EngramError as error:
            raise ToolError(one_line(str(error))) from error
        except OSError as error:
            where = f" ({error.filename})" if error.filename else ""
            raise ToolError(one_line(f"storage error: {error.strerror or error}{where}")) from error

    return wrapper


def one_line(message: str) -> str:
    """A message with its line breaks folded, so a reason never spills into the client's text."""
    return " ".join(message.split()) or "unknown error"


class EdgeServer(MCPServer[Any]):
    """``MCPServer`` with the edge's error reporting and stdio transport."""

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        schema = await self._schema(name)
        if schema is not None:
            unknown = sorted(set(arguments) - set(schema.get("properties", {})))
            if unknown:
                known = ", ".join(schema.get("properties", {})) or "none"
                raise ToolError(f"{unknown[0]}: not an argument of {name} (its arguments: {known})")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            cause = error.__cause__
            if isinstance(cause, ValidationError):
                # Chained to the ValidationError so the SDK still logs field names only.
                raise ToolError(argument_errors(cause, schema or {})) from cause
            if type(cause) is ToolError:
                # Our own one-line reason, without the SDK's "Error executing tool …:" prefix.
                raise ToolError(str(cause)) from cause
            raise

    async def run_stdio_async(self) -> None:
        # The SDK's own method with our transport in place of its stdio_server.
        async with stdio_transport() as (read_stream, write_stream):
            lowlevel = self._lowlevel_server
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())

    async def _schema(self, name: str) -> dict[str, Any] | None:
        for tool in await self.list_tools():
            if tool.name == name:
                return tool.input_schema
        return None


def argument_errors(error: ValidationError, schema: dict[str, Any]) -> str:
    """Pydantic's report as one line, one clause per bad argument, each naming it."""
    details = error.errors(include_url=False)
    clauses = [_clause(detail, schema) for detail in details[:_MAX_REPORTED]]
    if len(details) > _MAX_REPORTED:
        clauses.append(f"and {len(details) - _MAX_REPORTED} more")
    return one_line("; ".join(clauses))


def _clause(detail: ErrorDetails, schema: dict[str, Any]) -> str:
    field = ".".join(str(part) for part in detail["loc"]) or "arguments"
    if detail["type"] == "missing":
        return f"{field}: required"
    bounds = _bounds(schema, str(detail["loc"][0]) if detail["loc"] else "")
    value = detail.get("input")
    kind = detail["type"]
    ranged = kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than")
    if ranged and "minimum" in bounds and "maximum" in bounds:
        return f"{field}: must be between {bounds['minimum']} and {bounds['maximum']} (got {_shown(value)})"
    if kind in ("string_too_long", "string_too_short") and isinstance(value, str):
        return f"{field}: must be {_length_range(bounds)} characters (got {len(value)})"
    if kind == "string_pattern_mismatch":
        return f"{field}: must match {bounds.get('pattern', 'the expected form')} (got {_shown(value)})"
    reason = detail["msg"].replace("Input should be", "must be").replace("Value error, ", "")
    return f"{field}: {reason[:1].lower()}{reason[1:]} (got {_shown(value)})"


def _length_range(bounds: dict[str, Any]) -> str:
    low, high = bounds.get("minLength"), bounds.get("maxLength")
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"at most {high}" if high is not None else f"at least {low}"


def _bounds(schema: dict[str, Any], argument: str) -> dict[str, Any]:
    """The constraints on one argument, looking through ``anyOf`` (how optional arguments are described)."""
    prop = schema.get("properties", {}).get(argument, {})
    merged = dict(prop)
    for option in prop.get("anyOf", ()):
        merged.update(option)
    return merged


def _shown(value: object) -> str:
    if isinstance(value, str) and len(value) > _SHOWN_CHARS:
        return f"{value[:_SHOWN_CHARS]!r}… ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "…"
