"""Where the server puts a block on a page: current facts first, ``## History`` below. Pure.

Placement is the writer's business only. The parser stays section-agnostic (a block is a
block wherever it stands), so a person may move blocks around and nothing breaks; a block
is only moved when its standing changes (a current fact superseded or retracted).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engram_mcp.markdown.escape import split_lines
from engram_mcp.markdown.format import Block, Document, Segment
from engram_mcp.model import Kind, Memory
from engram_mcp.model.temporal import current_at

__all__ = ["HISTORY_HEADING", "belongs_in_history", "is_scaffolding", "place"]

HISTORY_HEADING = "## History"
_HISTORY_LINE = re.compile(r"(?m)^## History[ \t]*\r?$")


def belongs_in_history(memory: Memory) -> bool:
    """A fact no longer current (superseded or retracted) lives under the page's History. One ended
    only by a successor that begins later ("works at Klarna" from next year: an end ahead, not
    withdrawn) stays among the current facts, led by its interval; the page is not rewritten when
    that time comes, recall and ``as_of`` read the interval."""
    return memory.kind is Kind.FACT and not current_at(memory, memory.created_at)


def place(document: Document, block: Block) -> Document:
    """The document with ``block`` added where it belongs."""
    segments: list[Segment] = list(document.segments)
    found = _history_heading(segments)
    if belongs_in_history(block.memory):
        if found is None:
            if segments and not _text(segments[-1]).endswith("\n"):
                segments.append("\n")
            segments.append(f"\n{HISTORY_HEADING}\n\n")
        elif not _text(segments[-1]).endswith("\n"):
            segments.append("\n")
        return Document((*segments, block))
    if found is None:
        return document.appended(block)
    index, offset = found
    text = segments[index]
    assert isinstance(text, str)
    before, heading = text[:offset], text[offset:]
    # Keep the blank line(s) above the heading between the new block and the heading.
    core = before.rstrip("\n")
    core = core + "\n" if core else ""
    gap = before[len(core) :]
    if not core and index > 0 and not _text(segments[index - 1]).endswith("\n"):
        core = "\n"
    replacement: list[Segment] = [core] if core else []
    replacement += [block, gap + heading]
    return Document((*segments[:index], *replacement, *segments[index + 1 :]))


def is_scaffolding(document: Document, title: str, intro: str) -> bool:
    """Nothing left but what the server itself wrote (title, intro, History heading)."""
    if document.blocks or document.hand_blocks:
        return False
    ours = {f"# {title}", intro.strip(), HISTORY_HEADING}
    return all(line.strip() in ours or not line.strip() for line in split_lines(document.render()))


def _history_heading(segments: Sequence[object]) -> tuple[int, int] | None:
    for index, segment in enumerate(segments):
        if isinstance(segment, str):
            match = _HISTORY_LINE.search(segment)
            if match:
                return index, match.start()
    return None


def _text(segment: object) -> str:
    return segment if isinstance(segment, str) else getattr(segment, "raw", "")
