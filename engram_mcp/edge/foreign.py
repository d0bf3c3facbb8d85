"""Other memory systems' exports, mapped to Engram facts with provenance ``source=import``.

- The official MCP memory server's ``memory.jsonl``: ``{"type": "entity", "name",
  "entityType", "observations": [...]}`` and ``{"type": "relation", "from", "to",
  "relationType"}``, one a line. An entity gives "NAME is a TYPE" and one fact per
  observation ("NAME: observation"); a relation gives "FROM relation TO". Underscores in names
  and relation types (``John_Smith``, ``works_at``) read as spaces.
- A mem0 export: the ``{"results": [...]}`` of ``get_all``, a list, or one item a line, each
  ``{"id", "memory", "user_id", "created_at", "updated_at", ...}``; each memory is a fact about
  its user, true from ``created_at``.

Every fact's id is derived from its content and namespace, so importing the same file twice
adds nothing the second time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engram_mcp.errors import InvalidInput
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, Source, new_memory_id
from engram_mcp.model.records import parse_timestamp

__all__ = ["Mem0Item", "mcp_facts", "mcp_record", "mem0_facts", "mem0_items"]


def mcp_record(value: Any) -> dict[str, Any]:
    """One line of an MCP memory server file, checked."""
    if not isinstance(value, dict):
        raise InvalidInput("each line must be a JSON object")
    kind = value.get("type")
    if kind == "entity":
        if not isinstance(value.get("name"), str) or not value["name"].strip():
            raise InvalidInput("an entity needs a 'name'")
        observations = value.get("observations", [])
        if not isinstance(observations, list) or not all(isinstance(o, str) for o in observations):
            raise InvalidInput("'observations' must be a list of strings")
        return value
    if kind == "relation":
        for name in ("from", "to", "relationType"):
            if not isinstance(value.get(name), str) or not value[name].strip():
                raise InvalidInput(f"a relation needs {name!r}")
        return value
    raise InvalidInput(f"'type' must be 'entity' or 'relation', got {kind!r}")


def mcp_facts(records: Iterable[dict[str, Any]], namespace: str, now: datetime) -> Iterator[Memory]:
    for record in records:
        if record["type"] == "entity":
            name = _words(record["name"])
            if record.get("entityType"):
                kind = _words(record["entityType"])
                article = "an" if kind[:1].lower() in "aeiou" else "a"
                yield _fact(now, f"{name} is {article} {kind}", namespace, "mcp-memory", name, "is a", kind, (name,))
            for observation in record.get("observations", []):
                if observation.strip():
                    yield _fact(now, f"{name}: {observation.strip()}", namespace, "mcp-memory", name, None, None, (name,))
        else:
            source, target, relation = _words(record["from"]), _words(record["to"]), _words(record["relationType"])
            yield _fact(
                now, f"{source} {relation} {target}", namespace, "mcp-memory", source, relation, target, (source, target)
            )


@dataclass(frozen=True, slots=True)
class Mem0Item:
    text: str
    user: str | None
    created_at: datetime | None


def mem0_items(whole: Any, where: str) -> list[Mem0Item]:
    """The memories of a mem0 export: a list, or a dict with 'results' (or 'memories')."""
    items = whole.get("results", whole.get("memories")) if isinstance(whole, dict) else whole
    if not isinstance(items, list):
        raise InvalidInput(f"{where}: a mem0 export lists its memories under 'results'")
    found: list[Mem0Item] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("memory"), str) or not item["memory"].strip():
            raise InvalidInput(f"{where}: memory {number} has no 'memory' text")
        user = item.get("user_id") or item.get("agent_id")
        found.append(Mem0Item(item["memory"].strip(), str(user) if user else None, _moment(item.get("created_at"))))
    return found


def mem0_facts(items: Iterable[Mem0Item], namespace: str, now: datetime) -> Iterator[Memory]:
    for item in items:
        subject = item.user
        yield _fact(now, item.text, namespace, "mem0", subject, None, None, (subject,) if subject else (), item.created_at)


def _fact(
    now: datetime,
    text: str,
    namespace: str,
    origin: str,
    subject: str | None,
    predicate: str | None,
    obj: str | None,
    entities: tuple[str, ...],
    valid_at: datetime | None = None,
) -> Memory:
    return Memory(
        id=new_memory_id(Kind.FACT, seed=f"import\x1f{origin}\x1f{namespace}\x1f{text}"),
        kind=Kind.FACT,
        type=MemoryType.SEMANTIC,
        text=text,
        created_at=now,
        valid_at=valid_at or now,
        provenance=Provenance(namespace=namespace, source=Source.IMPORT, session=origin),
        entities=entities,
        subject=subject,
        predicate=predicate,
        object=obj,
    )


def _words(name: str) -> str:
    return " ".join(name.replace("_", " ").split())


def _moment(value: Any) -> datetime | None:
    # Foreign exports often write naive times; they are UTC there.
    return parse_timestamp(value, naive_is_utc=True)
