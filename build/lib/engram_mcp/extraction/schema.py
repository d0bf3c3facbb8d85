"""The JSON shape a model must answer in, and the parser that turns its text into facts."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from typing import Any

from engram_mcp.errors import ExtractionError
from engram_mcp.extraction.base import MAX_FACTS_PER_TURN, ExtractedFact
from engram_mcp.model import Certainty, MemoryType

__all__ = ["COMPACT_FIELDS", "FACTS_SCHEMA", "facts_schema", "parse_date", "parse_facts", "parse_truncated_facts"]

CERTAINTY_LEVELS = tuple(level.value for level in Certainty)

# No string length bounds: llama.cpp expands each into a nested grammar rule per character,
# which slows sampling; max_tokens bounds the output instead.
FACTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "facts": {
            "type": "array",
            "maxItems": MAX_FACTS_PER_TURN,
            "items": {
                "type": "object",
                "properties": {
                    "statement": {"type": "string"},
                    "subject": {"type": "string"},
                    "predicate": {"type": "string"},
                    "object": {"type": "string"},
                    "entities": {"type": "array", "maxItems": 5, "items": {"type": "string"}},
                    "type": {"enum": [kind.value for kind in MemoryType]},
                    "certainty": {"enum": list(CERTAINTY_LEVELS)},
                    "event_time": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
                },
                "required": ["statement", "subject", "predicate", "object", "entities", "type", "certainty"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["facts"],
    "additionalProperties": False,
}

# What a compact answer carries; subject, predicate, object and entities are then derived
# from the statement (validate.py), which costs a small model about two thirds fewer tokens.
COMPACT_FIELDS = ("statement", "type", "certainty", "event_time")
_OPTIONAL_TEXT = ("subject", "predicate", "object")


def facts_schema(*, compact: bool = False, speaker: str | None = None) -> dict[str, Any]:
    """The answer schema, optionally compact and optionally forcing statements to open with a name.

    Forcing ``speaker`` at the start of every statement is the cheapest way to stop a small
    model from writing "I went ..." or a bare name as a statement.
    """
    item = dict(FACTS_SCHEMA["properties"]["facts"]["items"])
    properties = dict(item["properties"])
    if compact:
        properties = {key: properties[key] for key in COMPACT_FIELDS}
        item["required"] = [key for key in COMPACT_FIELDS if key != "event_time"]
    if speaker:
        name = re.escape(speaker).replace('"', "")
        properties["statement"] = {"type": "string", "pattern": f"^{name}('s)? [a-z][^\"\\\\]*$"}
    item["properties"] = properties
    facts = dict(FACTS_SCHEMA["properties"]["facts"], items=item)
    return dict(FACTS_SCHEMA, properties={"facts": facts})

_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")


def parse_facts(text: str) -> list[ExtractedFact]:
    """Turn a model's answer into facts; raise ExtractionError when it is not the agreed shape.

    Text after the JSON object is ignored because base models in completion mode keep going
    once the object is closed.
    """
    try:
        payload, _ = json.JSONDecoder().raw_decode(text.strip())
    except json.JSONDecodeError as exc:
        raise ExtractionError(f"model output is not JSON: {exc.msg} at {exc.pos}") from exc
    if not isinstance(payload, dict) or not isinstance(payload.get("facts"), list):
        raise ExtractionError("model output has no 'facts' list")
    return [_parse_fact(item, index) for index, item in enumerate(payload["facts"])]


def parse_truncated_facts(text: str) -> list[ExtractedFact]:
    """The complete facts at the start of an answer cut off by the token limit.

    Small models often repeat one fact until they run out of tokens; the facts written
    before the cut are still well formed. Raises ExtractionError when not even the opening
    of the ``facts`` list is there.
    """
    match = re.match(r'\s*\{\s*"facts"\s*:\s*\[', text)
    if match is None:
        raise ExtractionError("model output does not open a 'facts' list")
    decoder = json.JSONDecoder()
    items: list[object] = []
    position = match.end()
    while True:
        position = _skip(text, position, " \t\r\n,")
        try:
            item, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError:
            break
        items.append(item)
    return [_parse_fact(item, index) for index, item in enumerate(items)]


def _skip(text: str, position: int, characters: str) -> int:
    while position < len(text) and text[position] in characters:
        position += 1
    return position


def parse_date(value: str) -> datetime | None:
    """An ISO date (time part ignored) as midnight UTC, or None when it is not a real date."""
    match = _ISO_DATE.match(value.strip())
    if match is None:
        return None
    try:
        return datetime(int(match[1]), int(match[2]), int(match[3]), tzinfo=timezone.utc)
    except ValueError:
        return None


def _parse_fact(item: object, index: int) -> ExtractedFact:
    if not isinstance(item, dict):
        raise ExtractionError(f"fact {index} is not an object")
    missing = [key for key in ("statement", "type", "certainty") if key not in item]
    if missing:
        raise ExtractionError(f"fact {index} lacks {', '.join(missing)}")
    texts = {"statement": item["statement"], **{key: item.get(key, "") for key in _OPTIONAL_TEXT}}
    if not all(isinstance(value, str) for value in texts.values()):
        raise ExtractionError(f"fact {index} has a non-string statement, subject, predicate or object")
    if not texts["statement"].strip():
        raise ExtractionError(f"fact {index} has an empty statement")
    try:
        memory_type = MemoryType(item["type"])
    except ValueError as exc:
        raise ExtractionError(f"fact {index} has unknown type {item['type']!r}") from exc
    certainty = item["certainty"]
    if isinstance(certainty, bool) or not isinstance(certainty, (int, float)) or not 0 <= certainty <= 1:
        raise ExtractionError(f"fact {index} has certainty {certainty!r}, expected a number in 0..1")
    entities = item.get("entities", [])
    if not isinstance(entities, list) or not all(isinstance(entity, str) for entity in entities):
        raise ExtractionError(f"fact {index} has entities that are not a list of strings")
    event_time = item.get("event_time")
    return ExtractedFact(
        statement=" ".join(texts["statement"].split()),
        type=memory_type,
        certainty=float(certainty),
        subject=texts["subject"].strip(),
        predicate=texts["predicate"].strip(),
        object=texts["object"].strip(),
        entities=tuple(entity.strip() for entity in entities if entity.strip()),
        # A wrong date is not worth losing the fact over; it just loses its time.
        event_time=parse_date(event_time) if isinstance(event_time, str) else None,
    )
