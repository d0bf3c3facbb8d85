"""Usage statistics beside the markdown: access counts and confirmations, by memory id.

Recall must not churn a person's files, so how often a memory is used lives in
``<memory_dir>/.engram/usage.json`` rather than in its block. The file holds ids, counts and
times only (never text), is written atomically, and writes are debounced: at most one per
``interval`` seconds of use, plus ``flush()`` on shut-down. Losing it costs ranking hints,
nothing else.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from engram_mcp.files import atomic_write
from engram_mcp.model.salience import Usage

__all__ = ["UsageStore"]

log = logging.getLogger(__name__)


class UsageStore:
    """Thread-safe usage counters; ``path=None`` keeps them in memory only."""

    def __init__(
        self, path: Path | None = None, *, interval: float = 5.0, monotonic: Callable[[], float] = time.monotonic
    ) -> None:
        self._path = path
        self._interval = interval
        self._monotonic = monotonic
        self._lock = threading.Lock()
        self._usage: dict[str, Usage] = self._load()
        self._dirty = False
        self._written_at = monotonic()

    def get(self, memory_id: str) -> Usage:
        with self._lock:
            return self._usage.get(memory_id, Usage())

    def accessed(self, memory_ids: Iterable[str], now: datetime) -> None:
        """Count one recall of each memory."""
        with self._lock:
            for memory_id in memory_ids:
                old = self._usage.get(memory_id, Usage())
                self._usage[memory_id] = replace(old, access_count=old.access_count + 1, last_access=now)
            self._changed()

    def confirmed(self, memory_id: str, now: datetime) -> None:
        """Count one more statement of what the memory already says."""
        with self._lock:
            old = self._usage.get(memory_id, Usage())
            self._usage[memory_id] = replace(old, confirmations=old.confirmations + 1, last_confirmed=now)
            self._changed()

    def drop(self, memory_ids: Iterable[str]) -> None:
        """Forget the counters of purged memories, on disk at once."""
        with self._lock:
            for memory_id in memory_ids:
                self._usage.pop(memory_id, None)
            self._dirty = True
            self._write()

    def flush(self) -> None:
        with self._lock:
            if self._dirty:
                self._write()

    def _changed(self) -> None:
        self._dirty = True
        if self._monotonic() - self._written_at >= self._interval:
            self._write()

    def _write(self) -> None:
        self._written_at = self._monotonic()
        self._dirty = False
        if self._path is None:
            return
        data = {memory_id: _encode(usage) for memory_id, usage in sorted(self._usage.items())}
        self._path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(self._path, json.dumps(data, indent=0, sort_keys=True).encode())

    def _load(self) -> dict[str, Usage]:
        if self._path is None or not self._path.exists():
            return {}
        try:
            raw = json.loads(self._path.read_text(encoding="utf-8"))
            return {memory_id: _decode(fields) for memory_id, fields in raw.items()}
        except (ValueError, TypeError, AttributeError) as error:
            log.warning("usage statistics at %s are unreadable (%s); starting afresh", self._path, error)
            return {}


def _encode(usage: Usage) -> dict[str, object]:
    return {
        "access_count": usage.access_count,
        "last_access": usage.last_access.isoformat() if usage.last_access else None,
        "confirmations": usage.confirmations,
        "last_confirmed": usage.last_confirmed.isoformat() if usage.last_confirmed else None,
    }


def _decode(fields: dict[str, object]) -> Usage:
    def moment(key: str) -> datetime | None:
        value = fields.get(key)
        return datetime.fromisoformat(str(value)) if value else None

    return Usage(
        access_count=int(fields.get("access_count", 0)),  # type: ignore[call-overload]
        last_access=moment("last_access"),
        confirmations=int(fields.get("confirmations", 0)),  # type: ignore[call-overload]
        last_confirmed=moment("last_confirmed"),
    )
