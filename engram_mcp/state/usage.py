"""Usage statistics beside the markdown: access counts and confirmations, by memory id.

Recall must not churn a person's files, so how often a memory is used lives in
``<memory_dir>/.engram/usage.json`` rather than in its block. The files hold ids, counts and
times only (never text). Losing them costs ranking hints, nothing else.

Nothing is written on the caller's thread: a recall only updates the counters in memory. A
background writer, at most once per ``interval`` seconds, appends the counters that changed
to ``usage.log`` (one JSON line per memory, its whole state), so a write costs what changed,
not what was ever recalled. Once the log holds as many lines as there are counters, the
writer folds it into ``usage.json`` (an atomic rewrite) and starts a new log, so the total
writing stays proportional to the changes. Counters only grow, so a line is merged by taking
the larger of each field: replaying a line the snapshot already holds (a crash between the
rewrite and the log's removal) changes nothing. ``flush()`` (shut-down) folds everything
into ``usage.json``; ``drop()`` (a purge) does so at once, so a purged id leaves the disk.
"""

from __future__ import annotations

import json
import logging
import math
import threading
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from engram_mcp.files import atomic_write
from engram_mcp.model.salience import Usage

__all__ = ["UsageStore"]

log = logging.getLogger(__name__)

_COMPACT_AFTER = 4096
"""Log lines always allowed before a fold, however few counters there are."""


_UNUSED = Usage()


class UsageStore:
    """Thread-safe usage counters; ``path=None`` keeps them in memory only.

    ``interval`` is the debounce of the background writer; ``math.inf`` writes only on
    ``flush()``/``drop()`` (no thread)."""

    def __init__(self, path: Path | None = None, *, interval: float = 5.0) -> None:
        self._path = path
        self._log = path.with_name(path.stem + ".log") if path is not None else None
        self._interval = interval
        self._lock = threading.Lock()  # the counters and what is pending
        self._disk = threading.Lock()  # one writer of the files at a time
        self._logged = 0
        self._usage: dict[str, Usage] = self._load()
        self._pending: dict[str, Usage] = {}
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._writer: threading.Thread | None = None

    def get(self, memory_id: str) -> Usage:
        # No lock: a Usage is immutable and replaced whole, so a reader sees the old or the
        # new one; recall asks for hundreds per call, and the lock cost a millisecond.
        return self._usage.get(memory_id, _UNUSED)

    def accessed(self, memory_ids: Iterable[str], now: datetime) -> None:
        """Count one recall of each memory."""
        with self._lock:
            for memory_id in memory_ids:
                old = self._usage.get(memory_id, Usage())
                self._set(memory_id, replace(old, access_count=old.access_count + 1, last_access=now))
        self._changed()

    def confirmed(self, memory_id: str, now: datetime) -> None:
        """Count one more statement of what the memory already says."""
        with self._lock:
            old = self._usage.get(memory_id, Usage())
            self._set(memory_id, replace(old, confirmations=old.confirmations + 1, last_confirmed=now))
        self._changed()

    def drop(self, memory_ids: Iterable[str]) -> None:
        """Forget the counters of purged memories, on disk at once."""
        with self._disk:
            with self._lock:
                for memory_id in memory_ids:
                    self._usage.pop(memory_id, None)
                    self._pending.pop(memory_id, None)
                snapshot = dict(self._usage)
                self._pending = {}
            # The log goes first: a crash before the rewrite then loses hints, never brings a purged id back.
            self._remove_log()
            self._write_snapshot(snapshot)

    def flush(self) -> None:
        """Fold everything into ``usage.json`` now (shut-down, or before the file is copied)."""
        with self._disk:
            with self._lock:
                if not self._pending and not self._logged:
                    return
                snapshot = dict(self._usage)
                self._pending = {}
            self._write_snapshot(snapshot)
            self._remove_log()

    def close(self) -> None:
        """Stop the background writer and flush."""
        self._stop.set()
        with self._lock:
            writer = self._writer
        if writer is not None:
            writer.join()
        self.flush()

    def _set(self, memory_id: str, usage: Usage) -> None:
        self._usage[memory_id] = usage
        if self._path is not None:
            self._pending[memory_id] = usage

    def _changed(self) -> None:
        if self._path is None or math.isinf(self._interval) or self._stop.is_set():
            return
        with self._lock:
            self._wake.set()
            if self._writer is None:
                # The writer lives while there is something to write: an idle store holds no thread.
                self._writer = threading.Thread(target=self._write_in_background, name="usage-writer", daemon=True)
                self._writer.start()

    def _write_in_background(self) -> None:
        while True:
            # Debounce: a burst of recalls becomes one append.
            self._stop.wait(self._interval)
            with self._lock:
                self._wake.clear()
            try:
                self._write_pending()
            except OSError as error:
                # Bookkeeping: a full or read-only disk must not stop recall; the counters stay in memory.
                log.warning("access counts not saved: %s", error.strerror or error)
            with self._lock:
                # A change after the clear set the flag again: go round; otherwise leave, under the
                # same lock ``_changed`` starts a writer under, so no change is left unwritten.
                if not self._wake.is_set() or self._stop.is_set():
                    self._writer = None
                    return

    def _write_pending(self) -> None:
        with self._disk:
            with self._lock:
                if not self._pending:
                    return
                pending, self._pending = self._pending, {}
                fold = self._logged + len(pending) > max(_COMPACT_AFTER, len(self._usage))
                snapshot = dict(self._usage) if fold else None
            if snapshot is not None:
                self._write_snapshot(snapshot)
                self._remove_log()
                return
            assert self._log is not None
            lines = "".join(json.dumps([memory_id, _encode(usage)]) + "\n" for memory_id, usage in pending.items())
            with self._log.open("a", encoding="utf-8") as stream:
                stream.write(lines)
            self._logged += len(pending)

    def _write_snapshot(self, snapshot: dict[str, Usage]) -> None:
        if self._path is None:
            return
        # One small dumps per memory (not one call over all): the writer thread gives the GIL
        # back between them, so a fold of 100,000 counters does not stall a recall.
        body = ",\n".join(f"{json.dumps(memory_id)}: {json.dumps(_encode(snapshot[memory_id]))}" for memory_id in sorted(snapshot))
        atomic_write(self._path, ("{\n" + body + "\n}\n").encode())

    def _remove_log(self) -> None:
        if self._log is not None:
            self._log.unlink(missing_ok=True)
        self._logged = 0

    def _load(self) -> dict[str, Usage]:
        usage: dict[str, Usage] = {}
        if self._path is not None and self._path.exists():
            try:
                raw = json.loads(self._path.read_text(encoding="utf-8"))
                usage = {memory_id: _decode(fields) for memory_id, fields in raw.items()}
            except (ValueError, TypeError, AttributeError) as error:
                log.warning("usage statistics at %s are unreadable (%s); starting afresh", self._path, error)
        if self._log is not None and self._log.exists():
            try:
                lines = self._log.read_text(encoding="utf-8").splitlines()
            except (OSError, ValueError) as error:
                log.warning("usage log at %s is unreadable (%s); skipped", self._log, error)
                lines = []
            for line in lines:
                try:
                    memory_id, fields = json.loads(line)
                    usage[str(memory_id)] = _merged(usage.get(str(memory_id)), _decode(fields))
                except (ValueError, TypeError, AttributeError):
                    continue  # a line cut short by a crash: the hint it held is lost, nothing else
                self._logged += 1
        return usage


def _merged(old: Usage | None, new: Usage) -> Usage:
    """The later of two states of one memory's counters (they only grow)."""
    if old is None:
        return new
    return Usage(
        access_count=max(old.access_count, new.access_count),
        last_access=_later(old.last_access, new.last_access),
        confirmations=max(old.confirmations, new.confirmations),
        last_confirmed=_later(old.last_confirmed, new.last_confirmed),
    )


def _later(a: datetime | None, b: datetime | None) -> datetime | None:
    return b if a is None else a if b is None else max(a, b)


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
