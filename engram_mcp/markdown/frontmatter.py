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
valid YAML on one line. The owned keys are rewritten where they stand (a person may reorder
them, as Obsidian's properties panel does). Every other key a person adds (tags, notes) is
kept as written, in its place, and so is every value a person adds to ``aliases`` or
``related`` (``_computed``: what the server computes is replaced, the rest is theirs). A link names
the page where its subject lives now: a fact page a person renamed ("user.md" to "me.md") is linked
by its new name, ``[[me|User]]`` (``RenamedPages``), so that Obsidian resolves it. The
frontmatter is foreign content to the block parser (``format.frontmatter_end``), so a YAML
list item is never taken for a memory.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC

from engram_mcp.markdown.escape import line_content, split_lines
from engram_mcp.markdown.layout import slug
from engram_mcp.markdown.links import LINK, wiki_link
from engram_mcp.model import Kind, Memory
from engram_mcp.model.entities import entity_id, entity_key

__all__ = ["NO_RENAMED_PAGES", "OWNED_KEYS", "RenamedPages", "page_properties", "with_frontmatter"]

OWNED_KEYS = ("engram_entity", "engram_kind", "aliases", "engram_current_facts", "engram_updated", "related")
_LISTS = ("aliases", "related")
_FENCE = "---"
_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:[ \t]*(.*?)[ \t]*$")
_LIST_ITEM = re.compile(r"^[ \t]*-(?:[ \t]+(.*?))?[ \t]*$")


@dataclass(frozen=True, slots=True)
class RenamedPages:
    """The fact pages a person renamed, each by the name the server gives it ("user"): the name it has now
    ("me"), and the names it had earlier while the server ran (renamed again, or back), whose links the
    server wrote and so replaces."""

    now: Mapping[str, str] = field(default_factory=dict)
    before: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def page_of(self, stem: str) -> str:
        """The name of the page the server names ``stem``, as it stands now."""
        return self.now.get(stem, stem)

    def linked_by_server(self, stem: str, target: str) -> bool:
        """Whether a link to ``target`` is one the server wrote to the page it names ``stem``."""
        return target in (stem, self.page_of(stem)) or target in self.before.get(stem, ())


NO_RENAMED_PAGES = RenamedPages()


def page_properties(
    memories: Sequence[Memory], folder: str, page_stem: str, renamed: RenamedPages = NO_RENAMED_PAGES
) -> dict[str, object]:
    """The owned keys for a page holding ``memories`` (empty when it holds none); ``related`` links to each
    page as it stands (``renamed``)."""
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
        wiki_link(renamed.page_of(slug(others[0])), others[0])
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


def aliases_written(text: str) -> list[str]:
    """The names a page's ``aliases`` property holds, as written (the server's and a person's)."""
    lines = split_lines(text)
    end = frontmatter_end(lines)
    entries = _entries(lines[1 : end - 1]) if end else []
    return [value for key, entry in entries if key == "aliases" for value in _values(entry)]


def with_frontmatter(
    text: str, properties: dict[str, object], page_stem: str, renamed: RenamedPages = NO_RENAMED_PAGES
) -> str:
    """``text`` (a page's first foreign segment) with the owned keys set where they stand; a
    person's keys, and the values they added to ``aliases`` and ``related``, kept (a link the server
    wrote to a page since renamed is the server's: ``renamed``)."""
    lines = split_lines(text)
    end = frontmatter_end(lines)
    entries = _entries(lines[1 : end - 1]) if end else []
    names = [str(name) for name in _listed(properties.get("aliases"))]
    kept: dict[str, list[str]] = {}
    for key, entry in entries:
        if key in _LISTS:
            found = _values(entry)
            kept.setdefault(key, []).extend(v for v in found if not _computed(key, v, page_stem, names, renamed))
    missing = [key for key in properties if key not in {key for key, _ in entries}]
    written: list[str] = [_line(key, properties, kept) for key in missing]
    done: set[str] = set(missing)
    for key, entry in entries:
        if key is None or key not in OWNED_KEYS:
            written.append("".join(line if line.endswith(("\n", "\r")) else line + "\n" for line in entry))
        elif key not in done:
            written.append(_line(key, properties, kept))
            done.add(key)
    rest = "".join(lines[end:])
    body = "".join(written)
    return "".join([f"{_FENCE}\n", body, f"{_FENCE}\n", rest]) if body else rest


def _entries(lines: Sequence[str]) -> list[tuple[str | None, list[str]]]:
    """The frontmatter's top-level entries: each key with the lines under it, and lines that
    belong to no key (a comment) on their own."""
    entries: list[tuple[str | None, list[str]]] = []
    for line in lines:
        key = _KEY.match(line_content(line))
        if key:
            entries.append((key.group(1), [line]))
        elif entries and line[:1] in (" ", "\t", "-", "\n", "\r", ""):
            entries[-1][1].append(line)
        else:
            entries.append((None, [line]))
    return entries


def _line(key: str, properties: dict[str, object], kept: dict[str, list[str]]) -> str:
    """An owned key's line: the server's value, then what a person added to a list."""
    value = properties.get(key)
    if key in _LISTS:
        ours = [str(v) for v in _listed(value)]
        theirs = [v for v in kept.get(key, []) if v not in ours]
        if value is None and not theirs:
            return ""
        value = list(dict.fromkeys([*ours, *theirs]))
    return "" if value is None else f"{key}: {json.dumps(value, ensure_ascii=False)}\n"


def _computed(key: str, value: str, page_stem: str, names: Sequence[str], renamed: RenamedPages) -> bool:
    """Whether a value under an owned list is one the server computes (replaced on every write),
    rather than one a person added: an alias that is a spelling of the page's own name, a
    related link written as the server writes them (to the page its label's slug names, or to
    that page renamed)."""
    if key == "aliases":
        return slug(value) == page_stem or entity_key(value) in {entity_key(name) for name in names}
    link = LINK.fullmatch(value)
    return link is not None and renamed.linked_by_server(slug(link.group("label") or link.group("target")), link.group("target"))


def _values(entry: Sequence[str]) -> list[str]:
    """The strings a list property holds, however a person or Obsidian wrote it: a flow list
    (``["a", b]``), a block list (``- a`` lines) or one scalar."""
    first = _KEY.match(line_content(entry[0]))
    inline = first.group(2) if first else ""
    if inline.startswith("["):
        flow = " ".join([inline, *(line_content(line).strip() for line in entry[1:])])
        return [v for v in (_scalar(item) for item in _split_flow(flow.strip().removeprefix("[").removesuffix("]"))) if v]
    found = [_scalar(inline)] if inline else []
    for line in entry[1:]:
        item = _LIST_ITEM.match(line_content(line))
        found.append(_scalar(item.group(1) or "") if item else line_content(line).strip())
    return [v for v in found if v and not v.startswith("#")]


def _split_flow(text: str) -> list[str]:
    items, current, quote = [], "", ""
    for character in text:
        if quote:
            quote = "" if character == quote else quote
        elif character in "\"'":
            quote = character
        elif character == ",":
            items.append(current)
            current = ""
            continue
        current += character
    return [*items, current]


def _scalar(text: str) -> str:
    text = text.strip()
    if text.startswith('"'):
        try:
            loaded = json.loads(text)
        except ValueError:
            return text.strip('"')
        return loaded if isinstance(loaded, str) else text
    if text.startswith("'"):
        return text[1:].removesuffix("'").replace("''", "'")
    text = re.sub(r"\s+#.*$", "", text)
    return "" if text in ("~", "null") else text


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else []


def frontmatter_end(lines: Sequence[str]) -> int:
    """How many leading lines are YAML frontmatter (fences included); 0 when there is none."""
    if not lines or line_content(lines[0]) != _FENCE:
        return 0
    for i in range(1, len(lines)):
        if line_content(lines[i]) in (_FENCE, "..."):
            return i + 1
    return 0
