"""YAML frontmatter on fact and procedure pages: what Obsidian shows as the page's properties. Pure.

The server owns a few keys and recomputes them from the page's memories on every write::

    ---
    engram_entity: "e-4a1c0f2b9d3e"
    engram_kind: "facts"
    aliases: ["Ana Lima", "ana"]
    engram_current_facts: 3
    engram_updated: "2026-11-30T14:03:07Z"
    related: ["[[eva|Eva]]", "[[google|Google]]"]
    ---

``related`` holds wiki-links to the pages of the other entities the page's facts name, so
Obsidian's graph and backlinks connect pages while every memory's text stays exactly as
stored (the links are drawn around the text, never inside it). Values are JSON, which is
valid YAML on one line. Every other key a person adds (tags, notes) is kept as written, in
its place; the frontmatter is foreign content to the block parser (``format.frontmatter_end``),
so a YAML list item is never taken for a memory.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import UTC

from engram_mcp.markdown.escape import line_content, split_lines
from engram_mcp.markdown.layout import slug
from engram_mcp.markdown.links import wiki_link
from engram_mcp.model import Kind, Memory
from engram_mcp.model.entities import entity_id, entity_key

__all__ = ["OWNED_KEYS", "page_properties", "with_frontmatter"]

OWNED_KEYS = ("engram_entity", "engram_kind", "aliases", "engram_current_facts", "engram_updated", "related")
_FENCE = "---"
_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:")


def page_properties(memories: Sequence[Memory], folder: str, page_stem: str) -> dict[str, object]:
    """The owned keys for a page holding ``memories`` (empty when it holds none)."""
    if not memories:
        return {}
    spellings: dict[str, list[str]] = {}
    for m in memories:
        for name in (*(n for n in (m.subject,) if n), *m.entities):
            spellings.setdefault(entity_key(name), [])
            if name not in spellings[entity_key(name)]:
                spellings[entity_key(name)].append(name)
    own = next((k for k, names in spellings.items() if slug(names[0]) == page_stem), None)
    names = spellings.get(own, []) if own is not None else []
    related = [
        wiki_link(slug(others[0]), others[0])
        for key, others in sorted(spellings.items())
        if key != own and slug(others[0]) != page_stem
    ]
    moments = [t for m in memories for t in (m.created_at, m.expired_at) if t is not None]
    return {
        "engram_entity": entity_id(names[0]) if names else None,
        "engram_kind": folder,
        "aliases": names,
        "engram_current_facts": sum(1 for m in memories if m.kind is Kind.FACT and m.is_current()),
        "engram_updated": max(moments).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "related": related,
    }


def with_frontmatter(text: str, properties: dict[str, object]) -> str:
    """``text`` (a page's first foreign segment) with the owned keys set; a person's keys kept in place."""
    lines = split_lines(text)
    end = frontmatter_end(lines)
    theirs: list[str] = []
    if end:
        skipping = False
        for line in lines[1 : end - 1]:
            key = _KEY.match(line)
            if key:
                skipping = key.group(1) in OWNED_KEYS
            elif line[:1] not in (" ", "\t", "-", "\n", "\r", ""):
                skipping = False
            if not skipping:
                theirs.append(line if line.endswith(("\n", "\r")) else line + "\n")
    rest = "".join(lines[end:])
    if not properties:
        return rest if not theirs else "".join([f"{_FENCE}\n", *theirs, f"{_FENCE}\n", rest])
    ours = [f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in properties.items() if value is not None]
    return "".join([f"{_FENCE}\n", *ours, *theirs, f"{_FENCE}\n", rest])


def frontmatter_end(lines: Sequence[str]) -> int:
    """How many leading lines are YAML frontmatter (fences included); 0 when there is none."""
    if not lines or line_content(lines[0]) != _FENCE:
        return 0
    for i in range(1, len(lines)):
        if line_content(lines[i]) in (_FENCE, "..."):
            return i + 1
    return 0
