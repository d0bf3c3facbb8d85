"""Checks on what callers hand the memory service: bounded, clear errors, nothing written."""

from __future__ import annotations

import re
from datetime import datetime

from engram_mcp.errors import InvalidInput
from engram_mcp.model import NAMESPACE_REGEX, ensure_utc

__all__ = ["MAX_TEXT_CHARS", "check_namespace", "check_text", "utc"]

MAX_TEXT_CHARS = 100_000
_NAMESPACE = re.compile(rf"^{NAMESPACE_REGEX}$")


def check_text(text: str) -> None:
    if not text or not text.strip():
        raise InvalidInput("text must not be empty")
    if len(text) > MAX_TEXT_CHARS:
        raise InvalidInput(f"text is {len(text)} characters; at most {MAX_TEXT_CHARS} fit in one memory")


def check_namespace(namespace: str) -> None:
    if not _NAMESPACE.match(namespace):
        raise InvalidInput(
            f"namespace must be 1-64 letters, digits, '_' or '-' (starting with a letter or digit), got {namespace!r}"
        )


def utc(moment: datetime, name: str) -> datetime:
    try:
        return ensure_utc(moment)
    except ValueError as error:
        raise InvalidInput(f"{name}: {error} (add a zone, e.g. 'Z' or '+02:00')") from error
    except OverflowError as error:
        raise InvalidInput(f"{name}: {moment.isoformat()} falls outside years 1-9999 once converted to UTC") from error
