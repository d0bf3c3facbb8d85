"""The MCP server: thin, typed tools over the memory service.

Built by ``build_server(engram)``; there is no module-level server. Tools are plain ``def``
functions, which the SDK runs on worker threads, so a slow embedding never blocks the
protocol loop.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any, Literal, ParamSpec, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic import BaseModel, Field

from engram_mcp.app import Engram
from engram_mcp.errors import EngramError
from engram_mcp.memory import Recall, RecalledMemory
from engram_mcp.model import MemoryType
from engram_mcp.model.temporal import Axis

__all__ = ["build_server", "INSTRUCTIONS"]

INSTRUCTIONS = """\
Engram is your long-term memory of this user, kept across conversations as markdown files
they can read and edit.
- At the start of a task, and whenever the user refers to something from before ("as I said",
  "my usual", a name you do not know), call `recall` with a short description of what you need.
- Call `remember` with each user message worth keeping (facts about them, preferences,
  decisions, instructions, events with dates) and with your own replies that settle something.
  Pass the speaker and a session id when you have them. It is fast; facts are distilled later.
- When the user asks you to forget something, find it with `recall`, then call `forget` with its id.
- For "what did I say back in May" or "what was true before the move", use `as_of`.
- If recall says it abstained, nothing relevant is known: say so rather than guess.
"""

P = ParamSpec("P")
R = TypeVar("R")

Role = Literal["user", "assistant", "tool"]
TypeName = Literal["episodic", "semantic", "procedural"]
Namespace = Annotated[
    str,
    Field(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$",
        description="A separate memory space, e.g. per project. Default: 'default'.",
    ),
]


class MemoryOut(BaseModel):
    """A memory as returned to the assistant, with where it came from."""

    id: str
    kind: Literal["episode", "fact"]
    type: TypeName
    text: str
    certainty: float
    score: float
    valid_at: datetime | None
    invalid_at: datetime | None
    created_at: datetime
    expired_at: datetime | None
    speaker: str | None
    role: str | None
    session: str | None
    namespace: str
    source: str
    source_turns: list[str]
    entities: list[str]
    file: str | None
    supports: str | None = Field(
        default=None, description="Set on a turn returned as the source of a recalled fact: that fact's id."
    )


class RecallOut(BaseModel):
    abstained: bool = Field(description="True when nothing relevant is known: do not guess.")
    count: int
    memories: list[MemoryOut]
    context: str = Field(
        default="", description="The memories as a compact block with dates and sources, ready to use as context."
    )
    context_tokens: int = Field(default=0, description="Approximate size of `context` in tokens.")


class RememberOut(BaseModel):
    id: str
    created_at: datetime
    file: str | None


class ForgetOut(BaseModel):
    id: str
    removed_from: list[str]


class StatusOut(BaseModel):
    memory_dir: str
    memories: int
    index_backend: str
    embedding_model: str
    extractor: str
    extraction_queue: int = Field(description="Stored turns waiting for fact extraction.")
    extraction_idle: bool = Field(description="Nothing waiting and nothing being extracted.")
    extracted_turns: int
    facts_written: int
    failed_turns: int
    last_extraction_error: str | None


def build_server(engram: Engram) -> MCPServer[Any]:
    """An MCP server exposing the memory tools of one Engram instance."""
    server: MCPServer[Any] = MCPServer(name="engram", instructions=INSTRUCTIONS, version=_version())

    @server.tool(
        annotations=ToolAnnotations(
            title="Remember", read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
        )
    )
    @_tool_errors
    def remember(
        text: Annotated[str, Field(min_length=1, max_length=100_000, description="The turn or statement, verbatim.")],
        role: Annotated[Role, Field(description="Who said it.")] = "user",
        speaker: Annotated[str | None, Field(max_length=200, description="The speaker's name, if known.")] = None,
        session: Annotated[str | None, Field(max_length=200, description="A conversation or session id.")] = None,
        namespace: Namespace = "default",
        event_time: Annotated[
            datetime | None, Field(description="When it was said or happened (ISO 8601 with zone). Default: now.")
        ] = None,
    ) -> RememberOut:
        """Store a conversation turn or a statement in long-term memory, verbatim, right now.

        Use it for anything worth knowing in a later conversation: facts about the user,
        preferences, decisions, plans with dates, instructions on how they want things done.
        Returns the new memory's id. Facts are distilled from it in the background.
        """
        memory = engram.service.remember(
            text, role=role, speaker=speaker, session=session, namespace=namespace, event_time=event_time
        )
        file = engram.service_file(memory.id)
        return RememberOut(id=memory.id, created_at=memory.created_at, file=file)

    @server.tool(
        annotations=ToolAnnotations(
            title="Recall", read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        )
    )
    @_tool_errors
    def recall(
        query: Annotated[str, Field(min_length=1, max_length=2_000, description="What you need to know.")],
        limit: Annotated[int, Field(ge=1, le=100, description="At most this many memories.")] = 25,
        types: Annotated[
            list[TypeName] | None, Field(description="Only these memory types. Default: all.")
        ] = None,
        namespace: Namespace = "default",
    ) -> RecallOut:
        """Find what long-term memory holds about a topic, person or question: current facts
        and the conversation turns behind them, most relevant first, with dates and sources.
        Relative times in the query ('last week', 'in May') are understood.

        `context` holds the same memories as a compact block to read or quote; `memories`
        has every field, including ids for `forget`. If `abstained` is true, nothing relevant
        is stored: tell the user you don't know.
        """
        found = engram.service.recall(query, limit=limit, types=_types(types), namespace=namespace)
        return _recall_out(found)

    @server.tool(
        annotations=ToolAnnotations(
            title="Forget", read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
        )
    )
    @_tool_errors
    def forget(
        memory_id: Annotated[str, Field(pattern=r"^[a-z]-[0-9a-f]{12}$", description="The id from recall.")],
    ) -> ForgetOut:
        """Delete one memory for good: it is removed from the memory files and the search index.

        Use it when the user asks you to forget something. Find the id with `recall` first.
        """
        receipt = engram.service.forget(memory_id)
        return ForgetOut(id=receipt.memory_id, removed_from=list(receipt.removed_from))

    @server.tool(
        annotations=ToolAnnotations(
            title="As of", read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        )
    )
    @_tool_errors
    def as_of(
        at: Annotated[datetime, Field(description="The moment to look back to (ISO 8601 with zone).")],
        query: Annotated[
            str | None, Field(max_length=2_000, description="What you need to know; omit for the latest memories then.")
        ] = None,
        axis: Annotated[
            Literal["valid", "known"],
            Field(description="'valid': what was true in the world then. 'known': what memory believed then."),
        ] = "valid",
        limit: Annotated[int, Field(ge=1, le=100)] = 25,
        types: list[TypeName] | None = None,
        namespace: Namespace = "default",
    ) -> RecallOut:
        """Look back in time: what was true at a past moment, or what memory believed then.

        Use it for questions like "where did I live in 2020?" or "what did you know about my
        plans last week?". Answers honour later corrections on the 'valid' axis and ignore
        them on the 'known' axis.
        """
        found = engram.service.as_of(
            at, query, axis=Axis(axis), limit=limit, types=_types(types), namespace=namespace
        )
        return _recall_out(found)

    @server.tool(
        annotations=ToolAnnotations(
            title="Memory status", read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        )
    )
    @_tool_errors
    def memory_status() -> StatusOut:
        """Where memory lives, how much it holds, and how background fact extraction is doing."""
        status = engram.status()
        return StatusOut(**status)

    return server


def _tool_errors(function: Callable[P, R]) -> Callable[P, R]:
    """Turn Engram's own errors into clean tool errors the assistant can read."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except EngramError as error:
            raise ToolError(str(error)) from error

    return wrapper


def _types(names: list[TypeName] | None) -> tuple[MemoryType, ...]:
    return tuple(MemoryType(name) for name in names or ())


def _recall_out(found: Recall) -> RecallOut:
    memories = [_memory_out(item) for item in found.memories]
    return RecallOut(
        abstained=found.abstained,
        count=len(memories),
        memories=memories,
        context=found.context,
        context_tokens=found.context_tokens,
    )


def _memory_out(item: RecalledMemory) -> MemoryOut:
    m = item.memory
    p = m.provenance
    return MemoryOut(
        id=m.id,
        kind=m.kind.value,
        type=m.type.value,
        text=m.text,
        certainty=m.certainty,
        score=round(item.score, 6),
        valid_at=m.valid_at,
        invalid_at=m.invalid_at,
        created_at=m.created_at,
        expired_at=m.expired_at,
        speaker=p.speaker,
        role=p.role,
        session=p.session,
        namespace=p.namespace,
        source=p.source.value,
        source_turns=list(p.turn_ids),
        entities=list(m.entities),
        file=str(item.file) if item.file else None,
        supports=item.supports,
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("engram-mcp")
    except PackageNotFoundError:
        return "0"
