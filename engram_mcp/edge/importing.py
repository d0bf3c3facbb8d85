"""Import conversation turns from a JSON Lines file, through the same pipeline as ``remember``.

Each line is one turn: ``{"text": …, "role": "user"|"assistant"|"tool", "speaker": …,
"session": …, "time": "2024-05-08T13:56:00Z"}`` (only ``text`` is required). The whole file
is validated before anything is written, so a bad line costs nothing; every turn's id is
derived from its content, so importing the same file twice adds nothing the second time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from engram_mcp.errors import InvalidInput
from engram_mcp.model import Kind, new_memory_id

__all__ = ["ImportedTurn", "read_turns"]

_ROLES = ("user", "assistant", "tool")
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


def read_turns(path: Path) -> list[ImportedTurn]:
    """Every turn of the file, or InvalidInput naming each bad line."""
    turns: list[ImportedTurn] = []
    problems: list[str] = []
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream, start=1):
            if not line.strip():
                continue
            try:
                turns.append(_turn(json.loads(line)))
            except (json.JSONDecodeError, InvalidInput, ValueError, TypeError) as error:
                problems.append(f"{path}:{number}: {error}")
    if problems:
        raise InvalidInput("nothing imported; fix these lines first:\n" + "\n".join(problems))
    return turns


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
    if role not in _ROLES:
        raise InvalidInput(f"'role' must be one of {', '.join(_ROLES)}, got {role!r}")
    time = value.get("time")
    moment = datetime.fromisoformat(time.replace("Z", "+00:00")) if isinstance(time, str) else None
    if moment is not None and moment.tzinfo is None:
        raise InvalidInput(f"'time' needs a zone (e.g. 'Z'), got {time!r}")
    return ImportedTurn(
        text=text, role=role, speaker=value.get("speaker"), session=value.get("session"), time=moment
    )
