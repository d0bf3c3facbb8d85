"""MCP resources and prompts: memory an assistant (or the person, through the client) can load
without a tool call.

    memory://profile          what memory holds about the user now, compact
    memory://recent           the latest memories learned
    memory://entity/{name}    one entity: what is true now, what it replaced, the turns naming it

Prompts: ``what_do_you_know_about_me``, ``what_do_you_know_about`` (an entity) and
``review_my_recent_memories`` (inferred facts, possible contradictions and doubtful names, for
the user to confirm or correct). Names complete from the entities facts mention.

Over HTTP the server also answers ``GET /timeline[?entity=NAME]`` with the timeline page
(``edge/timeline.py``); over stdio that route is simply never reached. Registered by
``register(server, engram)``; the text itself comes from ``edge.views``.
"""

from __future__ import annotations

from typing import Annotated, Any

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError
from mcp.server.mcpserver.prompts.base import UserMessage
from mcp.shared.exceptions import MCPError
from mcp_types import (
    INVALID_PARAMS,
    Completion,
    CompletionArgument,
    CompletionContext,
    PromptReference,
    ResourceTemplateReference,
)
from pydantic import Field
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from engram_mcp.app import Engram, utc_now
from engram_mcp.edge import views
from engram_mcp.edge.timeline import timeline_html
from engram_mcp.errors import MemoryNotFound
from engram_mcp.markdown.layout import relative_path
from engram_mcp.model import DEFAULT_NAMESPACE
from engram_mcp.model.entities import entity_key

__all__ = ["ENTITY_TEMPLATE", "register"]

ENTITY_TEMPLATE = "memory://entity/{name}"
_MARKDOWN = "text/markdown"
_COMPLETIONS = 100
_CORRECTING = (
    "When they correct something, call `remember` with kind=\"fact\" and the corrected statement (the old "
    "version is kept as history); when something is simply wrong or no longer true, call `forget` with its "
    "id and mode=\"retract\". Do not change anything they have not confirmed."
)


def register(server: MCPServer[Any], engram: Engram) -> None:
    """Add Engram's resources, prompts and name completions to ``server``."""

    @server.resource(
        "memory://profile",
        name="profile",
        title="What memory holds about the user",
        description="The user's current facts, preferences and instructions, one line each. Read it at the start "
        "of a conversation instead of a broad recall.",
        mime_type=_MARKDOWN,
    )
    def profile() -> str:
        return views.profile(engram.service.memories(), now=engram.service.present(DEFAULT_NAMESPACE))

    @server.resource(
        "memory://recent",
        name="recent",
        title="Recent memories",
        description="The latest turns and facts memory learned, newest first, with ids.",
        mime_type=_MARKDOWN,
    )
    def recent() -> str:
        return views.recent(engram.service.memories(), now=engram.service.present(DEFAULT_NAMESPACE))

    @server.resource(
        ENTITY_TEMPLATE,
        name="entity",
        title="An entity's page",
        description="A person, place or thing facts are about: what is true now, what was true before and what "
        "replaced it, and the turns that name it. {name} is a name, a page slug or an entity id.",
        mime_type=_MARKDOWN,
    )
    def entity(name: str) -> str:
        try:
            return views.entity_page(
                engram.service.memories(), name, now=engram.service.present(DEFAULT_NAMESPACE), page_of=_page_of(engram)
            )
        except MemoryNotFound as error:
            raise ResourceNotFoundError(str(error)) from error

    @server.prompt(
        name="what_do_you_know_about_me",
        title="What do you know about me?",
        description="Tell the user what memory holds about them, and let them correct it.",
    )
    def about_me() -> list[UserMessage]:
        text = views.profile(engram.service.memories(), now=engram.service.present(DEFAULT_NAMESPACE))
        return [
            UserMessage(
                "What do you know about me? Below is everything your long-term memory holds about me. Summarise it "
                "for me in plain words, grouped sensibly, and say which parts were inferred rather than said by me. "
                f"Then ask whether anything is wrong or out of date. {_CORRECTING}\n\n{text}"
            )
        ]

    @server.prompt(
        name="what_do_you_know_about",
        title="What do you know about…",
        description="What memory holds about one person, place or thing, with how it changed.",
    )
    def about_entity(
        name: Annotated[str, Field(description="A name facts mention (completions list them).")],
    ) -> list[UserMessage]:
        try:
            page = views.entity_page(
                engram.service.memories(), name, now=engram.service.present(DEFAULT_NAMESPACE), page_of=_page_of(engram)
            )
        except MemoryNotFound as error:
            raise MCPError(INVALID_PARAMS, str(error)) from error
        return [
            UserMessage(
                f"What do you know about {name}? Answer from this page of your long-term memory, including what "
                f"changed over time and when. {_CORRECTING}\n\n{page}"
            )
        ]

    @server.prompt(
        name="review_my_recent_memories",
        title="Review my recent memories",
        description="Go through inferred facts, possible contradictions and doubtful names with the user, so "
        "they confirm or correct each.",
    )
    def review_recent(
        days: Annotated[str, Field(description="How many days back to look (default 7).")] = "7",
    ) -> list[UserMessage]:
        window = _days(days)
        found = views.review(engram.service.memories(), utc_now(), window)
        checklist = views.review_text(found, window)
        if found.empty:
            return [UserMessage(f"Review my recent memories. {checklist}Tell me so in one sentence.")]
        return [
            UserMessage(
                "Review my recent memories with me. Go through the items below one at a time: read each back to me "
                "and ask whether it is right. For a possible contradiction, ask which one holds now. For names that "
                "may be one person or thing, ask before merging them (`merge_entities`). "
                f"{_CORRECTING}\n\n{checklist}"
            )
        ]

    # The SDK leaves these two decorators unannotated (mcp 2.3).
    @server.custom_route("/timeline", methods=["GET"])  # type: ignore[untyped-decorator]
    async def timeline(request: Request) -> Response:
        entity = request.query_params.get("entity") or None
        try:
            page = await anyio.to_thread.run_sync(_timeline_page, engram, entity)
        except MemoryNotFound as error:
            return PlainTextResponse(str(error), status_code=404)
        return HTMLResponse(page)

    @server.completion()  # type: ignore[untyped-decorator, no-untyped-call]
    async def complete(
        ref: PromptReference | ResourceTemplateReference,
        argument: CompletionArgument,
        context: CompletionContext | None,
    ) -> Completion | None:
        wanted = (isinstance(ref, ResourceTemplateReference) and ref.uri == ENTITY_TEMPLATE) or (
            isinstance(ref, PromptReference) and ref.name == "what_do_you_know_about"
        )
        if not wanted or argument.name != "name":
            return None
        return await anyio.to_thread.run_sync(_names_starting, engram, argument.value)


def _timeline_page(engram: Engram, entity: str | None) -> str:
    return timeline_html(engram.service.memories(), utc_now(), entity, page_of=_page_of(engram))


def _page_of(engram: Engram) -> views.PageOf:
    return lambda memory: engram.service.file_of(memory.id) or relative_path(memory)


def _names_starting(engram: Engram, typed: str) -> Completion:
    """Entity names whose spelling or key starts with what was typed, the most mentioned first."""
    infos, _ = engram.facts.entities()
    prefix, key = typed.strip().casefold(), entity_key(typed)
    matches = [i for i in infos if i.name.casefold().startswith(prefix) or entity_key(i.name).startswith(key)]
    matches.sort(key=lambda i: (-i.facts, i.name.casefold()))
    values = [i.name for i in matches[:_COMPLETIONS]]
    return Completion(values=values, total=len(matches), has_more=len(matches) > len(values))


def _days(text: str) -> int:
    try:
        days = int(text)
    except ValueError:
        days = -1
    if not 1 <= days <= 3650:
        raise MCPError(INVALID_PARAMS, f"days must be a whole number from 1 to 3650, got {text!r}")
    return days
