"""What ``engram-mcp import`` reads, recognised by its content (``read_import``):

- an Engram export (``edge.export``): every memory back exactly, ids and chains included;
- the official MCP memory server's ``memory.jsonl`` and a mem0 export (``edge.foreign``),
  each mapped to facts with provenance ``source=import``;
- conversation turns, one a line, stored through the same pipeline as ``remember``.

A turns file has one turn a line: ``{"text": …, "role": "user"|"assistant"|"tool", "speaker": …,
"session": …, "time": "2024-05-08T13:56:00Z"}`` (only ``text`` is required). The whole file
is validated before anything is written, so a bad line costs nothing; every turn's id is
derived from its content, so importing the same file twice adds nothing the second time.

A file saved with a byte-order mark (Notepad, PowerShell 5) reads as the same file without it. A
memory an export holds twice (two overlapping exports joined) is imported once: of two copies that
differ, the one that has gone on to be superseded or retracted, which is the later; copies that
differ otherwise are refused, naming both lines, since which of them holds cannot be told.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

from engram_mcp.edge import foreign
from engram_mcp.edge.export import is_export_header, memory_from
from engram_mcp.errors import InvalidInput
from engram_mcp.model import Kind, Memory, new_memory_id
from engram_mcp.service.inputs import ROLES

__all__ = ["ImportPlan", "ImportedTurn", "read_import", "read_turns"]

T = TypeVar("T")
_FIELDS = {"text", "role", "speaker", "session", "time"}


@dataclass(frozen=True, slots=True)
class ImportedTurn:
    text: str
    role: str
    speaker: str | None
    session: str | None
    time: datetime | None

    def memory_id(self, namespace: str) -> str:
        moment = self.time.isoformat() if self.time else ""
        seed = "\x1f".join(["import", namespace, self.session or "", moment, self.speaker or "", self.role, self.text])
        return new_memory_id(Kind.EPISODE, seed=seed)


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """What a file holds, checked whole before anything is written."""

    format: str
    """'engram-export', 'mcp-memory', 'mem0' or 'turns'."""
    memories: tuple[Memory, ...] = ()
    """Exact memories (an Engram export), written as they are, one per id."""
    repeated: int = 0
    """Lines of an export that repeat a memory an earlier line already holds, skipped."""
    facts: tuple[Memory, ...] = ()
    """Facts mapped from another memory system, written through the fact pipeline."""
    turns: tuple[ImportedTurn, ...] = ()


def read_import(path: Path, now: datetime, namespace: str = "default") -> ImportPlan:
    """Recognise the file's format and read all of it, or InvalidInput naming each bad line."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InvalidInput(f"no such file: {path}") from None
    except IsADirectoryError:
        raise InvalidInput(f"{path} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise InvalidInput(f"{path} is not UTF-8 text") from None
    whole = _whole_json(text)
    if whole is not None:
        return ImportPlan("mem0", facts=tuple(foreign.mem0_facts(foreign.mem0_items(whole, str(path)), namespace, now)))
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    first = _first_object(lines)
    if is_export_header(first):
        memories = _one_per_id(path, lines[1:], _each(path, lines[1:], memory_from))
        return ImportPlan("engram-export", memories=memories, repeated=len(lines) - 1 - len(memories))
    if isinstance(first, dict) and first.get("type") in ("entity", "relation"):
        records = _each(path, lines, foreign.mcp_record)
        return ImportPlan("mcp-memory", facts=tuple(foreign.mcp_facts(records, namespace, now)))
    if isinstance(first, dict) and "memory" in first:
        items = _each(path, lines, lambda value: foreign.mem0_items([value], str(path))[0])
        return ImportPlan("mem0", facts=tuple(foreign.mem0_facts(items, namespace, now)))
    return ImportPlan("turns", turns=tuple(_each(path, lines, _turn)))


def read_turns(path: Path) -> list[ImportedTurn]:
    """Every turn of a turns file, or InvalidInput naming each bad line."""
    plan = read_import(path, datetime.now(timezone.utc))
    if plan.format != "turns":
        raise InvalidInput(f"{path} is an {plan.format} file, not turns")
    return list(plan.turns)


def _each(path: Path, lines: list[tuple[int, str]], parse: Callable[[Any], T]) -> list[T]:
    parsed: list[T] = []
    problems: list[str] = []
    for number, line in lines:
        try:
            parsed.append(parse(json.loads(line)))
        except (json.JSONDecodeError, InvalidInput, ValueError, TypeError, KeyError) as error:
            problems.append(f"{path}:{number}: {error}")
    if problems:
        raise InvalidInput("nothing imported; fix these lines first:\n" + "\n".join(problems[:20]))
    return parsed


def _one_per_id(path: Path, lines: list[tuple[int, str]], memories: list[Memory]) -> tuple[Memory, ...]:
    """Each memory once, in the place of its first line: of two copies that differ, the one
    exported later (``_exported_later``); when neither shows it, the file is refused."""
    kept: dict[str, tuple[int, Memory]] = {}
    problems: list[str] = []
    for (number, _), memory in zip(lines, memories, strict=True):
        if memory.id not in kept:
            kept[memory.id] = (number, memory)
            continue
        line, held = kept[memory.id]
        if memory == held or _exported_later(memory, held):
            continue
        if _exported_later(held, memory):
            kept[memory.id] = (line, memory)
        else:
            problems.append(f"{path}:{number}: memory {memory.id} differs from its copy at line {line}; "
                            "keep the one that holds")
    if problems:
        raise InvalidInput("nothing imported; fix these lines first:\n" + "\n".join(problems[:20]))
    return tuple(memory for _, memory in kept.values())


def _exported_later(earlier: Memory, later: Memory) -> bool:
    """Whether ``later`` is the copy of a memory exported after ``earlier``: it holds every end and
    link the other holds and more (an end, a successor, a version it replaced), which a memory
    gains as it is superseded or retracted and never loses."""
    def marks(memory: Memory) -> set[str]:
        ends = {name for name in ("expired_at", "invalid_at", "superseded_by") if getattr(memory, name) is not None}
        return ends | set(memory.supersedes)

    return marks(earlier) < marks(later)


def _whole_json(text: str) -> Any:
    """A file that is one JSON document listing memories (a mem0 export), or None for JSON Lines."""
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        return None
    if isinstance(whole, list) or (isinstance(whole, dict) and ("results" in whole or "memories" in whole)):
        return whole
    return None


def _first_object(lines: list[tuple[int, str]]) -> Any:
    if not lines:
        return None
    try:
        return json.loads(lines[0][1])
    except json.JSONDecodeError:
        return None


def _turn(value: Any) -> ImportedTurn:
    if not isinstance(value, dict):
        raise InvalidInput("each line must be a JSON object")
    unknown = set(value) - _FIELDS
    if unknown:
        raise InvalidInput(f"unknown field(s) {', '.join(sorted(unknown))}")
    text = value.get("text")
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("'text' must be a non-empty string")
    role = value.get("role", "user")
    if role not in ROLES:
        raise InvalidInput(f"'role' must be one of {', '.join(ROLES)}, got {role!r}")
    time = value.get("time")
    moment = datetime.fromisoformat(time.replace("Z", "+00:00")) if isinstance(time, str) else None
    if moment is not None and moment.tzinfo is None:
        raise InvalidInput(f"'time' needs a zone (e.g. 'Z'), got {time!r}")
    return ImportedTurn(
        text=text, role=role, speaker=value.get("speaker"), session=value.get("session"), time=moment
    )
