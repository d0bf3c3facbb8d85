"""The memory file format: parse and render, round-trip safe.

A memory is a top-level list item whose last text line ends in an Obsidian block id
(``^t-…`` for a turn, ``^f-…`` for a fact), followed by one HTML comment that holds its
metadata::

    - **Caroline** 13:56 — I went to a support group yesterday. ^t-3f2a9c1b7d0e
      <!-- engram role=user session=s1 valid=2023-05-08T13:56:00Z created=2026-11-30T10:00:00Z -->

Continuation lines of a multi-line memory are indented by two spaces. A list item without
an id is a memory a person added by hand. Everything else in a file (headings, paragraphs,
notes) is foreign content and is kept byte for byte: the parser records the exact text of
every segment, so rendering an unmodified document reproduces the file exactly.

Pure: no I/O, time comes from the records themselves.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engram_mcp.errors import MalformedMemoryFile
from engram_mcp.model import MEMORY_ID_REGEX, Kind, Memory, MemoryType, Provenance, Source

__all__ = [
    "Block",
    "Document",
    "HandBlock",
    "parse_document",
    "render_block",
]

_ID_TAIL = re.compile(rf"(?:^| )\^(?P<id>{MEMORY_ID_REGEX})$")
_META_LINE = re.compile(r"^  <!-- engram(?P<body>(?: .*)?) -->$")
_META_FIELD = re.compile(r'(?P<key>[a-z_]+)=(?P<value>"(?:[^"\\]|\\.)*"|\[(?:[^\]"]|"(?:[^"\\]|\\.)*")*\]|\S+)')
_BARE_VALUE = re.compile(r"^[A-Za-z0-9_.:+@/-]+$")
_INDENT = "  "
_KIND_BY_PREFIX = {"t": Kind.EPISODE, "f": Kind.FACT}


@dataclass(frozen=True, slots=True)
class Block:
    """A memory block as it stands in a file: the record and its exact text."""

    memory: Memory
    raw: str
    line: int


@dataclass(frozen=True, slots=True)
class HandBlock:
    """A list item a person wrote without an id: a new memory waiting for one."""

    text: str
    raw: str
    line: int


Segment = Block | HandBlock | str


@dataclass(frozen=True, slots=True)
class Document:
    """A parsed memory file: foreign text and blocks, in file order."""

    segments: tuple[Segment, ...]

    def render(self) -> str:
        return "".join(s if isinstance(s, str) else s.raw for s in self.segments)

    @property
    def blocks(self) -> tuple[Block, ...]:
        return tuple(s for s in self.segments if isinstance(s, Block))

    @property
    def hand_blocks(self) -> tuple[HandBlock, ...]:
        return tuple(s for s in self.segments if isinstance(s, HandBlock))

    def appended(self, block: Block) -> Document:
        segments = list(self.segments)
        if segments and not _ends_with_newline(segments[-1]):
            segments.append("\n")
        return Document(tuple(segments) + (block,))

    def without(self, memory_id: str) -> Document:
        return Document(tuple(s for s in self.segments if not (isinstance(s, Block) and s.memory.id == memory_id)))

    def replaced(self, block: Block) -> Document:
        return Document(
            tuple(block if isinstance(s, Block) and s.memory.id == block.memory.id else s for s in self.segments)
        )


def _ends_with_newline(segment: Segment) -> bool:
    text = segment if isinstance(segment, str) else segment.raw
    return text.endswith("\n")


def render_block(memory: Memory, line: int = 0) -> Block:
    """The block text for a memory, as the server writes it."""
    lines = (_decoration(memory) + memory.text).split("\n")
    last = lines[-1]
    lines[-1] = f"{last} ^{memory.id}" if last else f"^{memory.id}"
    body = [f"- {lines[0]}"] + [f"{_INDENT}{text}" if text else "" for text in lines[1:]]
    body.append(f"{_INDENT}<!-- engram {_render_meta(memory)} -->")
    return Block(memory=memory, raw="\n".join(body) + "\n", line=line)


def parse_document(text: str, path: Path, namespace: str) -> Document:
    """Parse a memory file. Raises MalformedMemoryFile naming the line that cannot be read."""
    lines = text.splitlines(keepends=True)
    segments: list[Segment] = []
    foreign: list[str] = []
    i = 0
    while i < len(lines):
        if not lines[i].startswith("- "):
            foreign.append(lines[i])
            i += 1
            continue
        if foreign:
            segments.append("".join(foreign))
            foreign = []
        end, memory_id = _block_extent(lines, i)
        raw = "".join(lines[i:end])
        if memory_id is None:
            segments.append(HandBlock(text=_block_text(lines[i:end]), raw=raw, line=i + 1))
        else:
            segments.append(_parse_identified(lines, i, end, memory_id, raw, path, namespace))
        i = end
    if foreign:
        segments.append("".join(foreign))
    return Document(tuple(segments))


def _block_extent(lines: list[str], start: int) -> tuple[int, str | None]:
    """Where a list item ends, and its id if it has one."""
    i = start
    while i < len(lines):
        content = lines[i].rstrip("\r\n")
        if i > start and not _continues(content, lines, i):
            return i, None
        found = _ID_TAIL.search(content)
        if found:
            end = i + 1
            if end < len(lines) and _META_LINE.match(lines[end].rstrip("\r\n")):
                end += 1
            return end, found.group("id")
        i += 1
    return i, None


def _continues(content: str, lines: list[str], i: int) -> bool:
    if content.startswith(_INDENT):
        return True
    if content:
        return False
    # A blank line belongs to the item only when the item goes on after it.
    following = next((line.rstrip("\r\n") for line in lines[i + 1 :] if line.strip()), "")
    return following.startswith(_INDENT)


def _block_text(block_lines: list[str]) -> str:
    texts = [line.rstrip("\r\n") for line in block_lines]
    texts[0] = texts[0][2:]
    rest = [t[len(_INDENT) :] if t.startswith(_INDENT) else t for t in texts[1:]]
    return "\n".join([texts[0], *rest])


def _parse_identified(
    lines: list[str], start: int, end: int, memory_id: str, raw: str, path: Path, namespace: str
) -> Block:
    has_meta = _META_LINE.match(lines[end - 1].rstrip("\r\n")) is not None and end - 1 > start
    text_lines = lines[start : end - 1] if has_meta else lines[start:end]
    *head, last = _block_text(text_lines).split("\n")
    text = "\n".join([*head, _ID_TAIL.sub("", last)])
    meta: dict[str, Any] = {}
    if has_meta:
        match = _META_LINE.match(lines[end - 1].rstrip("\r\n"))
        assert match is not None
        meta = _parse_meta(match.group("body"), path, end)
    try:
        memory = _memory_from(memory_id, text, meta, namespace)
    except (ValueError, KeyError) as error:
        raise MalformedMemoryFile(path, start + 1, f"memory ^{memory_id}: {error}") from error
    prefix = _decoration(memory)
    if prefix and memory.text.startswith(prefix):
        memory = replace(memory, text=memory.text[len(prefix) :])
    return Block(memory=memory, raw=raw, line=start + 1)


def _parse_meta(body: str, path: Path, line: int) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    position = 0
    body = body.strip()
    while position < len(body):
        match = _META_FIELD.match(body, position)
        if match is None:
            raise MalformedMemoryFile(path, line, f"cannot read metadata near {body[position:position + 30]!r}")
        raw_value = match.group("value")
        try:
            fields[match.group("key")] = json.loads(raw_value) if raw_value[0] in '"[' else raw_value
        except json.JSONDecodeError as error:
            raise MalformedMemoryFile(path, line, f"bad value for {match.group('key')}: {error}") from error
        position = match.end()
        while position < len(body) and body[position] == " ":
            position += 1
    return fields


def _memory_from(memory_id: str, text: str, meta: dict[str, Any], namespace: str) -> Memory:
    kind = _KIND_BY_PREFIX[memory_id[0]]
    default_type = MemoryType.EPISODIC if kind is Kind.EPISODE else MemoryType.SEMANTIC
    created = _parse_time(meta["created"]) if "created" in meta else None
    if created is None:
        raise ValueError("no created= time in its metadata")
    return Memory(
        id=memory_id,
        kind=kind,
        type=MemoryType(meta.get("type", default_type.value)),
        text=text,
        created_at=created,
        valid_at=_parse_time(meta.get("valid")),
        invalid_at=_parse_time(meta.get("invalid")),
        expired_at=_parse_time(meta.get("expired")),
        certainty=float(meta.get("certainty", 1.0)),
        provenance=Provenance(
            namespace=namespace,
            speaker=meta.get("speaker"),
            role=meta.get("role"),
            session=meta.get("session"),
            source=Source(meta.get("source", Source.USER.value)),
            turn_ids=tuple(meta.get("turns", ())),
        ),
        entities=tuple(meta.get("entities", ())),
        subject=meta.get("subject"),
        predicate=meta.get("predicate"),
        object=meta.get("object"),
        supersedes=tuple(meta.get("supersedes", ())),
        superseded_by=meta.get("superseded_by"),
        importance=float(meta.get("importance", 0.5)),
        pinned=meta.get("pinned") == "true",
    )


def _render_meta(memory: Memory) -> str:
    p = memory.provenance
    default_type = MemoryType.EPISODIC if memory.kind is Kind.EPISODE else MemoryType.SEMANTIC
    fields: list[tuple[str, Any]] = [
        ("type", memory.type.value if memory.type is not default_type else None),
        ("certainty", _number(memory.certainty) if memory.kind is Kind.FACT or memory.certainty != 1.0 else None),
        ("speaker", p.speaker),
        ("role", p.role),
        ("session", p.session),
        ("source", p.source.value if p.source is not Source.USER else None),
        ("valid", _render_time(memory.valid_at)),
        ("invalid", _render_time(memory.invalid_at)),
        ("created", _render_time(memory.created_at)),
        ("expired", _render_time(memory.expired_at)),
        ("subject", memory.subject),
        ("predicate", memory.predicate),
        ("object", memory.object),
        ("entities", list(memory.entities) or None),
        ("turns", list(p.turn_ids) or None),
        ("supersedes", list(memory.supersedes) or None),
        ("superseded_by", memory.superseded_by),
        ("importance", _number(memory.importance) if memory.importance != 0.5 else None),
        ("pinned", "true" if memory.pinned else None),
    ]
    return " ".join(f"{key}={_render_value(value)}" for key, value in fields if value is not None)


def _render_value(value: Any) -> str:
    if isinstance(value, str) and _BARE_VALUE.match(value):
        return value
    # "\u003e" keeps a value from ever closing the HTML comment early ("-->").
    return json.dumps(value, ensure_ascii=False).replace(">", "\\u003e")


def _number(value: float) -> str:
    return f"{value:g}"


def _decoration(memory: Memory) -> str:
    """The readable lead of a block: '**speaker** HH:MM — ' for a turn in the journal,
    '*from → until* — ' for a fact that is no longer current, so history reads without tools."""
    if memory.kind is Kind.FACT:
        return _interval(memory)
    if memory.kind is not Kind.EPISODE:
        return ""
    who = memory.provenance.speaker or memory.provenance.role
    if not who or "*" in who:
        return ""
    return f"**{who}** {memory.event_time.strftime('%H:%M')} — "


def _interval(memory: Memory) -> str:
    if memory.is_current():
        return ""
    start = memory.event_time
    if memory.invalid_at is None or memory.invalid_at <= start:
        return f"*retracted {_day(memory.expired_at or start)}* — "
    return f"*{_day(start)} → {_day(memory.invalid_at)}* — "


def _day(moment: datetime) -> str:
    moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%d" if moment.time() == datetime.min.time() else "%Y-%m-%d %H:%M")


def _render_time(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    text = moment.astimezone(timezone.utc).isoformat()
    return text.replace("+00:00", "Z")


def _parse_time(value: Any) -> datetime | None:
    if value is None:
        return None
    text = str(value)
    moment = datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment
