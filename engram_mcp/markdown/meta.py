"""A memory's metadata comment: ``<!-- engram key=value … -->``, written and read. Pure.

Values are bare when they are plainly safe (``role=user``) and JSON otherwise
(``speaker="Ana María"``); see ``escape.encode_value``. Reading checks every value's type, so
a hand edit such as ``certainty=[1]`` is a clear error naming the key, never a crash later.
"""

from __future__ import annotations

import json
import math
import re
from datetime import datetime, timedelta, timezone
from typing import Any

from engram_mcp.markdown.escape import encode_value
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, Source, told_offset

__all__ = ["META_LINE", "memory_from", "parse_meta", "render_meta", "render_time"]

# Written indented by two spaces; read indented by any (an editor may re-indent it with a tab or four spaces) or by
# none (a formatter may strip the indent: right under its item, it is still that item's).
META_LINE = re.compile(r"^[ \t]*<!-- engram(?P<body>(?: .*)?) -->$")
_FIELD = re.compile(r'(?P<key>[a-z_]+)=(?P<value>"(?:[^"\\]|\\.)*"|\[(?:[^\]"]|"(?:[^"\\]|\\.)*")*\]|\S+)')
# Matched whole (``fullmatch``): "$" would let a value end in a newline ("0\n") and split the line.
_BARE_VALUE = re.compile(r"[A-Za-z0-9_.:+@/-]+")
_KIND_BY_PREFIX = {"t": Kind.EPISODE, "f": Kind.FACT}


def parse_meta(body: str) -> dict[str, Any]:
    """The fields of a metadata comment's body. Raises ValueError naming what cannot be read."""
    fields: dict[str, Any] = {}
    position = 0
    body = body.strip()
    while position < len(body):
        match = _FIELD.match(body, position)
        if match is None:
            raise ValueError(f"cannot read metadata near {body[position:position + 30]!r}")
        raw_value = match.group("value")
        try:
            fields[match.group("key")] = json.loads(raw_value) if raw_value[0] in '"[' else raw_value
        except json.JSONDecodeError as error:
            raise ValueError(f"bad value for {match.group('key')}: {error}") from error
        position = match.end()
        while position < len(body) and body[position] == " ":
            position += 1
    return fields


def memory_from(memory_id: str, text: str, meta: dict[str, Any], namespace: str) -> Memory:
    """The memory a block's id, text and metadata describe. Raises ValueError naming the bad key."""
    kind = _KIND_BY_PREFIX[memory_id[0]]
    default_type = MemoryType.EPISODIC if kind is Kind.EPISODE else MemoryType.SEMANTIC
    created = _time(meta, "created")
    if created is None:
        raise ValueError("no created= time in its metadata")
    valid = _time(meta, "valid")
    return Memory(
        id=memory_id,
        kind=kind,
        type=_choice(meta, "type", MemoryType, default_type),
        text=text,
        created_at=created,
        valid_at=valid,
        invalid_at=_time(meta, "invalid"),
        expired_at=_time(meta, "expired"),
        certainty=_number(meta, "certainty", 1.0),
        provenance=Provenance(
            namespace=namespace,
            speaker=_string(meta, "speaker"),
            role=_string(meta, "role"),
            session=_string(meta, "session"),
            source=_choice(meta, "source", Source, Source.USER),
            turn_ids=_strings(meta, "turns"),
        ),
        entities=_strings(meta, "entities"),
        subject=_string(meta, "subject"),
        predicate=_string(meta, "predicate"),
        object=_string(meta, "object"),
        supersedes=_strings(meta, "supersedes"),
        superseded_by=_string(meta, "superseded_by"),
        importance=_number(meta, "importance", 0.5),
        pinned=_flag(meta, "pinned"),
        utc_offset=told_offset(valid),
    )


def render_meta(memory: Memory) -> str:
    """The body of a memory's metadata comment (defaults left out)."""
    p = memory.provenance
    default_type = MemoryType.EPISODIC if memory.kind is Kind.EPISODE else MemoryType.SEMANTIC
    fields: list[tuple[str, Any]] = [
        ("type", memory.type.value if memory.type is not default_type else None),
        ("certainty", _short(memory.certainty) if memory.kind is Kind.FACT or memory.certainty != 1.0 else None),
        ("speaker", p.speaker),
        ("role", p.role),
        ("session", p.session),
        ("source", p.source.value if p.source is not Source.USER else None),
        ("valid", render_time(memory.valid_at, memory.utc_offset)),
        ("invalid", render_time(memory.invalid_at)),
        ("created", render_time(memory.created_at)),
        ("expired", render_time(memory.expired_at)),
        ("subject", memory.subject),
        ("predicate", memory.predicate),
        ("object", memory.object),
        ("entities", list(memory.entities) or None),
        ("turns", list(p.turn_ids) or None),
        ("supersedes", list(memory.supersedes) or None),
        ("superseded_by", memory.superseded_by),
        ("importance", _short(memory.importance) if memory.importance != 0.5 else None),
        ("pinned", "true" if memory.pinned else None),
    ]
    return " ".join(f"{key}={_render_value(value)}" for key, value in fields if value is not None)


def render_time(moment: datetime | None, offset: timedelta | None = None) -> str | None:
    """ISO 8601 in UTC (``Z``), or in ``offset`` when the time was told in one (kept as told)."""
    if moment is None:
        return None
    if offset:
        return moment.astimezone(timezone(offset)).isoformat()
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def _render_value(value: Any) -> str:
    if isinstance(value, str) and _BARE_VALUE.fullmatch(value):
        return value
    return encode_value(value)


def _short(value: float) -> str:
    # repr keeps every digit: "%g" would round 0.1234567 and the round trip would drift.
    return repr(value).removesuffix(".0")


def _string(meta: dict[str, Any], key: str) -> str | None:
    value = meta.get(key)
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{key}={json.dumps(value)} is not text")


def _strings(meta: dict[str, Any], key: str) -> tuple[str, ...]:
    value = meta.get(key, [])
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise ValueError(f"{key}={json.dumps(value)} is not a list of text")


def _number(meta: dict[str, Any], key: str, default: float) -> float:
    value = meta.get(key, default)
    try:
        number = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        number = math.nan
    if math.isnan(number) and not (isinstance(value, str) and value.lower() == "nan"):
        raise ValueError(f"{key}={json.dumps(value)} is not a number")
    return number


def _flag(meta: dict[str, Any], key: str) -> bool:
    value = meta.get(key, False)
    if value in ("true", True):
        return True
    if value in ("false", False):
        return False
    raise ValueError(f"{key}={json.dumps(value)} is not true or false")


def _choice(meta: dict[str, Any], key: str, options: Any, default: Any) -> Any:
    value = meta.get(key)
    if value is None:
        return default
    try:
        return options(value)
    except (TypeError, ValueError):
        allowed = ", ".join(option.value for option in options)
        raise ValueError(f"{key}={json.dumps(value)} is not one of {allowed}") from None


def _time(meta: dict[str, Any], key: str) -> datetime | None:
    value = meta.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{key}={json.dumps(value)} is not a time")
    try:
        moment = datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    except ValueError:
        raise ValueError(f"{key}={value} is not an ISO 8601 time") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment
