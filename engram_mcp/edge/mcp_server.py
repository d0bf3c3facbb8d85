"""The MCP server: thin, typed tools over the memory service.

Built by ``build_server(engram)``; there is no module-level server. Tools are plain ``def``
functions, which the SDK runs on worker threads, so a slow embedding never blocks the
protocol loop.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic import Field

from engram_mcp.app import Engram
from engram_mcp.edge.errors import EdgeServer
from engram_mcp.edge.errors import tool_errors as _tool_errors
from engram_mcp.edge.wire import (
    CheckOut,
    EntitiesOut,
    EntityOut,
    ForgetOut,
    HistoryOut,
    Namespace,
    NearMatchOut,
    RecallOut,
    RememberOut,
    Role,
    StatusOut,
    TypeName,
    memory_out,
    recall_out,
)
from engram_mcp.model import MEMORY_ID_REGEX, MemoryType
from engram_mcp.model.temporal import Axis
from engram_mcp.service.forgetting import ForgetMode
from engram_mcp.service.results import RecalledMemory

__all__ = ["build_server", "INSTRUCTIONS"]

INSTRUCTIONS = """\
Engram is your long-term memory of this user, kept across conversations as markdown files
they can read and edit.
- At the start of a task, and whenever the user refers to something from before ("as I said",
  "my usual", a name you do not know), call `recall` with a short description of what you need.
- Call `remember` with each user message worth keeping (facts about them, preferences,
  decisions, instructions, events with dates) and with your own replies that settle something.
  Pass the speaker and a session id when you have them. It is fast; facts are distilled later.
- When the user states a fact directly ("I work at Meta now"), you may also call `remember` with
  kind="fact" and a third-person statement ("Ana works at Meta"); a contradicted older fact is
  superseded, never overwritten, and a repeated one is reinforced rather than copied.
- When the user asks you to forget something, find it with `recall`, then call `forget` with its
  id (mode "purge" deletes it everywhere; "retract" for "that is no longer true" keeps history).
- For "what did I say back in May" or "what was true before the move", use `as_of`; `history`
  shows how one fact changed over time.
- If recall says it abstained, nothing relevant is known: say so rather than guess.
"""

def build_server(engram: Engram) -> MCPServer[Any]:
    """An MCP server exposing the memory tools of one Engram instance."""
    server: MCPServer[Any] = EdgeServer(name="engram", instructions=INSTRUCTIONS, version=_version())

    @server.tool(
        annotations=ToolAnnotations(
            title="Remember", read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
        )
    )
    @_tool_errors
    def remember(
        text: Annotated[str, Field(min_length=1, max_length=100_000, description="The turn or statement, verbatim.")],
        kind: Annotated[
            Literal["episode", "fact"],
            Field(description="'episode': a conversation turn (default). 'fact': a third-person statement to keep."),
        ] = "episode",
        subject: Annotated[str | None, Field(max_length=200, description="For a fact: who or what it is about.")] = None,
        predicate: Annotated[
            str | None, Field(max_length=200, description="For a fact: the relation, e.g. 'works at'.")
        ] = None,
        object: Annotated[str | None, Field(max_length=1_000, description="For a fact: the value, e.g. 'Meta'.")] = None,
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
        With kind="fact" the text is kept as a fact: a repeat reinforces the existing one and a
        contradiction supersedes the old value (kept as history).
        """
        if kind == "fact":
            outcome = engram.facts.state(
                text, subject=subject, predicate=predicate, obj=object, speaker=speaker,
                namespace=namespace, event_time=event_time,
            )
            stored = outcome.memory
            if stored is None:
                raise ToolError("the fact was not stored")
            return RememberOut(
                id=stored.id, created_at=stored.created_at, file=engram.service_file(stored.id),
                action=outcome.action, superseded=list(outcome.superseded),
            )
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
        return recall_out(found, engram.service.usage.get)

    @server.tool(
        annotations=ToolAnnotations(
            title="Forget", read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
        )
    )
    @_tool_errors
    def forget(
        memory_id: Annotated[
            str | None, Field(pattern=rf"^{MEMORY_ID_REGEX}$", description="The id from recall.")
        ] = None,
        mode: Annotated[
            Literal["purge", "retract"],
            Field(description="'purge' (default): delete it everywhere, with its history and source turns. "
                  "'retract': it is no longer true; end it now and keep the history."),
        ] = "purge",
        entity: Annotated[
            str | None, Field(max_length=200, description="Instead of an id: everything about this person or thing.")
        ] = None,
        namespace: Namespace = "default",
    ) -> ForgetOut:
        """Forget a memory, or everything about an entity, when the user asks.

        'purge' removes the text from the memory files, the search index and every derived
        fact, and returns a receipt. Use 'retract' when something merely stopped being true
        ("I no longer work there"). Find the id with `recall` first.
        """
        if (memory_id is None) == (entity is None):
            raise ToolError("give exactly one of memory_id or entity")
        forgetting = engram.forgetting
        how = ForgetMode(mode)
        if memory_id is not None:
            receipt = forgetting.forget(memory_id, how)
        else:
            assert entity is not None
            receipt = forgetting.forget_entity(entity, how, namespace)
        return ForgetOut(
            id=memory_id, mode=mode, removed=list(receipt.removed), retracted=list(receipt.retracted),
            updated=list(receipt.updated), removed_from=list(receipt.removed_from),
        )

    @server.tool(
        annotations=ToolAnnotations(
            title="History", read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        )
    )
    @_tool_errors
    def history(
        memory_id: Annotated[str, Field(pattern=rf"^{MEMORY_ID_REGEX}$", description="A fact's id.")],
    ) -> HistoryOut:
        """How one fact changed over time: every version, oldest first, with when each was true
        (valid_at..invalid_at) and when memory believed it (created_at..expired_at)."""
        versions = engram.facts.history(memory_id)
        usage = engram.service.usage.get
        return HistoryOut(
            id=memory_id,
            versions=[memory_out(RecalledMemory(m, 1.0, engram.store.file_of(m.id)), usage) for m in versions],
        )

    @server.tool(
        annotations=ToolAnnotations(
            title="Entities", read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        )
    )
    @_tool_errors
    def entities(namespace: Namespace = "default") -> EntitiesOut:
        """The people, places and things facts are about, and pairs of names that may be the same
        one. Names differing only by case or plural are merged already; near matches are for the
        user to confirm (`engram-mcp entities --merge NAME --into NAME`), never merged silently."""
        infos, matches = engram.facts.entities(namespace)
        return EntitiesOut(
            entities=[EntityOut(id=e.id, name=e.name, facts=e.facts) for e in infos],
            near_matches=[NearMatchOut(name=m.name, other=m.other, similarity=m.similarity) for m in matches],
        )

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
        return recall_out(found, engram.service.usage.get)

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

    @server.tool(
        annotations=ToolAnnotations(
            title="Check memory", read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        )
    )
    @_tool_errors
    def check_memory(
        wait_seconds: Annotated[
            float, Field(ge=0, le=60, description="Wait up to this long for recent file edits to sync first.")
        ] = 5.0,
    ) -> CheckOut:
        """Check that the memory files and the search index agree; list every difference.

        Use it when the user edited memory files by hand and recall seems not to reflect them,
        or when asked whether memory is healthy. Files that cannot be read are listed too.
        """
        report = engram.check(wait_seconds)
        return CheckOut(clean=report.clean, differences=report.lines())

    return server


def _types(names: list[TypeName] | None) -> tuple[MemoryType, ...]:
    return tuple(MemoryType(name) for name in names or ())


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("engram-mcp")
    except PackageNotFoundError:
        return "0"
