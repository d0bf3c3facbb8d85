"""The memory file format: parse and render, closed under its own input.

A memory is a top-level list item whose last text line ends in an Obsidian block id
(``^t-…`` for a turn, ``^f-…`` for a fact), followed by one HTML comment that holds its
metadata::

    - **Caroline** 13:56 UTC — I went to a support group yesterday. ^t-3f2a9c1b7d0e
      <!-- engram role=user session=s1 valid=2023-05-08T13:56:00Z created=2026-11-30T10:00:00Z -->

Continuation lines of a multi-line memory are indented by two spaces. The writer starts an
item with ``- ``; ``* `` and ``+ `` (what formatters and Obsidian's list style may turn it into)
are read the same way. Whatever in a text
the reader would take as structure is escaped (``escape.py``: one definition of a line, one
encoding), so any text a tool accepts reads back exactly. A list item without an id is a
memory a person added by hand. Everything else in a file (headings, paragraphs, notes) is
foreign content and is kept byte for byte: the parser records the exact text of every
segment, so rendering an unmodified document reproduces the file exactly.

Parsing is block by block: a block whose metadata cannot be read (or whose id already
appeared earlier in the file) is kept as a ``BadBlock`` with the reason, and the file's other
memories are read as usual. So is a line that ends in a memory id but starts no item (``1. ``,
indented, quoted): a memory is never dropped without a word. A byte-order mark at the start
of a file (some Windows editors write one) is read through and not written back. Pure: no I/O,
time comes from the records themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from engram_mcp.errors import MalformedMemoryFile
from engram_mcp.markdown.escape import check_storable, decode_text, encode_text, line_content, split_lines
from engram_mcp.markdown.frontmatter import frontmatter_end
from engram_mcp.markdown.leads import as_written, lead_of
from engram_mcp.markdown.meta import META_LINE, memory_from, parse_meta, render_meta
from engram_mcp.model import MEMORY_ID_REGEX, Memory

__all__ = [
    "BadBlock",
    "Block",
    "Document",
    "HandBlock",
    "parse_document",
    "render_block",
    "written_text",
]

_ID_TAIL = re.compile(rf"(?:^| )\^(?P<id>{MEMORY_ID_REGEX})$")
# An id a person typed after ("^t-… #work", "^t-… [[Ana]]", a trailing space): still the block's id when
# its metadata comment follows on the next line, and what was typed after it is part of the text.
_ID_BEFORE_MORE = re.compile(rf"(?:^| )\^(?P<id>{MEMORY_ID_REGEX})(?=[ \t])")
_INDENT = "  "
# What continues an item: the writer's two spaces, or the tab an editor may re-indent them with.
_INDENTS = (_INDENT, "\t")
# A list item's first line; a thematic break ("- - -", "* * *") is no item.
_ITEM = re.compile(r"[-*+] (?![ \t]*(?:[-*_][ \t]*){2,}$)")
_META_OF_UNREAD = re.compile(r"^\s*<!-- engram\b")
_BOM = "\ufeff"


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


@dataclass(frozen=True, slots=True)
class BadBlock:
    """A block with an id that cannot be read as it stands; kept byte for byte, with the reason."""

    memory_id: str
    raw: str
    line: int
    error: MalformedMemoryFile


Segment = Block | HandBlock | BadBlock | str


@dataclass(frozen=True, slots=True)
class Document:
    """A parsed memory file: foreign text and blocks, in file order."""

    segments: tuple[Segment, ...]

    def render(self) -> str:
        return render_segments(self.segments)

    @property
    def blocks(self) -> tuple[Block, ...]:
        return tuple(s for s in self.segments if isinstance(s, Block))

    @property
    def hand_blocks(self) -> tuple[HandBlock, ...]:
        return tuple(s for s in self.segments if isinstance(s, HandBlock))

    @property
    def bad_blocks(self) -> tuple[BadBlock, ...]:
        return tuple(s for s in self.segments if isinstance(s, BadBlock))

    @property
    def problems(self) -> tuple[MalformedMemoryFile, ...]:
        return tuple(s.error for s in self.bad_blocks)

    def appended(self, block: Block) -> Document:
        segments = list(self.segments)
        if segments and not _ends_with_newline(segments[-1]):
            segments.append("\n")
        return Document(tuple(segments) + (block,))

    def without(self, memory_id: str) -> Document:
        """Every copy of the memory gone, a malformed one included (forgetting must not leave it)."""
        return Document(
            tuple(s for s in self.segments if not (isinstance(s, (Block, BadBlock)) and _id_of(s) == memory_id))
        )

    def taken_out(self, memory_id: str) -> tuple[Document, str]:
        """The document without the memory's block and the lines a person nested under it (indented,
        right below it: "  - she told me at dinner"), and those lines, which go where the block goes."""
        kept: list[Segment] = []
        nested = ""
        following_block = False
        for segment in self.segments:
            if isinstance(segment, (Block, BadBlock)) and _id_of(segment) == memory_id:
                following_block = isinstance(segment, Block)
                continue
            if following_block and isinstance(segment, str):
                lines = split_lines(segment)
                count = _nested_lines(lines)
                nested, segment = "".join(lines[:count]), "".join(lines[count:])
            following_block = False
            if segment != "":
                kept.append(segment)
        return Document(tuple(kept)), nested

    def replaced(self, block: Block) -> Document:
        return Document(
            tuple(block if isinstance(s, Block) and s.memory.id == block.memory.id else s for s in self.segments)
        )


def render_segments(segments: Iterable[Segment]) -> str:
    """Segments as the text they stand for (a document's, or the part of one a write adds)."""
    return "".join(s if isinstance(s, str) else s.raw for s in segments)


def _id_of(segment: Block | BadBlock) -> str:
    return segment.memory.id if isinstance(segment, Block) else segment.memory_id


def _ends_with_newline(segment: Segment) -> bool:
    text = segment if isinstance(segment, str) else segment.raw
    return text.endswith("\n")


def render_block(memory: Memory, line: int = 0) -> Block:
    """The block text for a memory, as the server writes it."""
    _check_fields(memory)
    lines = encode_text(lead_of(memory) + memory.text).split("\n")
    last = lines[-1]
    lines[-1] = f"{last} ^{memory.id}" if last else f"^{memory.id}"
    body = [f"- {lines[0]}"] + [f"{_INDENT}{text}" if text else "" for text in lines[1:]]
    body.append(f"{_INDENT}<!-- engram {render_meta(memory)} -->")
    return Block(memory=memory, raw="\n".join(body) + "\n", line=line)


def parse_document(text: str, path: Path, namespace: str) -> Document:
    """Parse a memory file. A block that cannot be read becomes a BadBlock naming its line."""
    lines = split_lines(text.removeprefix(_BOM))
    segments: list[Segment] = []
    # YAML frontmatter is the page's properties, never memories, whatever its lines look like.
    i = frontmatter_end(lines)
    foreign: list[str] = lines[:i]
    seen: dict[str, int] = {}
    while i < len(lines):
        item = _ITEM.match(lines[i]) is not None
        unread = None if item else _ID_TAIL.search(line_content(lines[i]))
        if not item and unread is None:
            foreign.append(lines[i])
            i += 1
            continue
        if foreign:
            segments.append("".join(foreign))
            foreign = []
        if unread is not None:
            end = i + 2 if i + 1 < len(lines) and _META_OF_UNREAD.match(lines[i + 1]) else i + 1
            reason = f"memory ^{unread.group('id')} is not read: its line starts no list item ('- ' at its start)"
            error = MalformedMemoryFile(path, i + 1, reason)
            segments.append(BadBlock(unread.group("id"), "".join(lines[i:end]), i + 1, error))
            i = end
            continue
        end, memory_id = _block_extent(lines, i)
        raw = "".join(lines[i:end])
        if memory_id is None:
            segments.append(HandBlock(text=_block_text(lines[i:end]), raw=raw, line=i + 1))
        else:
            segment = _parse_identified(lines, i, end, memory_id, raw, path, namespace)
            if memory_id in seen:
                reason = f"memory ^{memory_id} already appears at line {seen[memory_id]}; this copy is ignored"
                segment = BadBlock(memory_id, raw, i + 1, MalformedMemoryFile(path, i + 1, reason))
            seen.setdefault(memory_id, i + 1)
            segments.append(segment)
        i = end
    if foreign:
        segments.append("".join(foreign))
    return Document(tuple(segments))


def _block_extent(lines: list[str], start: int) -> tuple[int, str | None]:
    """Where a list item ends, and its id if it has one."""
    i = start
    while i < len(lines):
        content = line_content(lines[i])
        if i > start and not _continues(content, lines, i):
            return i, None
        found = _ID_TAIL.search(content)
        if found is None and i + 1 < len(lines) and META_LINE.match(line_content(lines[i + 1])):
            found = _ID_BEFORE_MORE.search(content)
        if found:
            end = i + 1
            if end < len(lines) and META_LINE.match(line_content(lines[end])):
                end += 1
            return end, found.group("id")
        i += 1
    return i, None


def _continues(content: str, lines: list[str], i: int) -> bool:
    if content.startswith(_INDENTS):
        return True
    if content:
        return False
    # A blank line belongs to the item only when the item goes on after it.
    following = next((line_content(line) for line in lines[i + 1 :] if line.strip()), "")
    return following.startswith(_INDENTS)


def _nested_lines(lines: list[str]) -> int:
    """How many of ``lines`` (what follows a block) are nested under it: indented, with blank lines
    between them, not after them."""
    count = 0
    for i, line in enumerate(lines):
        content = line_content(line)
        if content[:1] in (" ", "\t") and content.strip():
            count = i + 1
        elif content.strip():
            break
    return count


def _raw_text(block_lines: list[str]) -> str:
    texts = [line_content(line) for line in block_lines]
    texts[0] = texts[0][2:]
    rest = [t[1:] if t.startswith("\t") else t.removeprefix(_INDENT) for t in texts[1:]]
    return "\n".join([texts[0], *rest])


def _block_text(block_lines: list[str]) -> str:
    return decode_text(_raw_text(block_lines))


def written_text(segment: Block | HandBlock) -> str:
    """A block's text exactly as it stands in the file (still escaped; no id, no metadata).

    Tags a person types (``#pin``) are looked for here: in the decoded text a stored
    ``#pin`` would look the same as a typed one.
    """
    lines = split_lines(segment.raw)
    if isinstance(segment, Block):
        if len(lines) > 1 and META_LINE.match(line_content(lines[-1])):
            lines = lines[:-1]
        *head, last = _raw_text(lines).split("\n")
        return "\n".join([*head, _without_id(last)])
    return _raw_text(lines)


def _without_id(last: str) -> str:
    """A block's last line without its id: at the end, or with what a person typed after it kept."""
    if _ID_TAIL.search(last):
        return _ID_TAIL.sub("", last)
    return _ID_BEFORE_MORE.sub("", last, count=1).rstrip()


def _parse_identified(
    lines: list[str], start: int, end: int, memory_id: str, raw: str, path: Path, namespace: str
) -> Block | BadBlock:
    meta_match = META_LINE.match(line_content(lines[end - 1])) if end - 1 > start else None
    text_lines = lines[start : end - 1] if meta_match else lines[start:end]
    *head, last = _raw_text(text_lines).split("\n")
    written = "\n".join([*head, _without_id(last)])
    line = end  # a comment that cannot be read is named by its own line, a bad value by the block's
    try:
        meta = parse_meta(meta_match.group("body")) if meta_match else {}
        line = start + 1
        memory = as_written(written, memory_from(memory_id, "", meta, namespace))
    except (ValueError, KeyError) as error:
        return BadBlock(memory_id, raw, start + 1, MalformedMemoryFile(path, line, f"memory ^{memory_id}: {error}"))
    return Block(memory=memory, raw=raw, line=start + 1)


def _check_fields(memory: Memory) -> None:
    p = memory.provenance
    named = {"text": memory.text, "speaker": p.speaker, "role": p.role, "session": p.session,
             "subject": memory.subject, "predicate": memory.predicate, "object": memory.object}
    for name, value in named.items():
        if value is not None:
            check_storable(value, name)
    for name, values in (("entities", memory.entities), ("turns", p.turn_ids), ("supersedes", memory.supersedes)):
        for value in values:
            check_storable(value, name)
