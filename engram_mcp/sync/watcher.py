"""The watcher: reports which memory files may have changed, and does nothing else.

A watchdog observer sees every event under the memory folder; this module keeps the ones
that touch a memory file (``layout.is_memory_file``: hidden files, editors' swap and temp
files, the ``.engram`` state and non-markdown files never are) and hands them on in
batches. An editor's save (write a temp file, rename it over the original; or several
writes) and a burst like ``git pull`` arrive as many events: they are coalesced into one
set of paths, delivered once the folder has been quiet for ``quiet`` seconds, or at the
latest ``max_delay`` seconds after the first, so a long burst still makes progress.

A folder created, moved or deleted asks for a full rescan: its files may never get events
of their own.

Only the folders that can hold memory files are watched below the top (``layout.TOP_FOLDERS``),
each as it appears: the index and the last good copies under ``.engram`` write all the time, and
watching them would cost an inotify watch per folder and a Python call per write of the index.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from engram_mcp.markdown.layout import TOP_FOLDERS, is_memory_file

__all__ = ["Changes", "FolderWatcher"]

log = logging.getLogger(__name__)

Changes = Callable[[set[PurePosixPath], bool], None]
"""Called with the changed memory files, and True when everything should be rescanned."""

_IGNORED = {"opened", "closed_no_write", "closed"}


class FolderWatcher:
    """Watches one memory folder and reports batches of changed memory files to ``on_changes``."""

    def __init__(self, root: Path, on_changes: Changes, *, quiet: float = 0.15, max_delay: float = 1.0) -> None:
        self._root = root
        self._on_changes = on_changes
        self._quiet = quiet
        self._max_delay = max_delay
        self._pending: set[PurePosixPath] = set()
        self._rescan = False
        self._first = 0.0
        self._last = 0.0
        self._stopping = False
        self._wake = threading.Condition()
        self._observer = Observer()
        self._handler = _Handler(self)
        self._folders: dict[str, ObservedWatch] = {}
        self._deliverer = threading.Thread(target=self._deliver, name="engram-sync", daemon=True)

    def start(self) -> None:
        self._root.mkdir(parents=True, exist_ok=True)
        self._observer.schedule(self._handler, str(self._root), recursive=False)
        for name in TOP_FOLDERS:
            self._watch_folder(name)
        self._observer.start()
        self._deliverer.start()

    def _watch_folder(self, name: str) -> None:
        """Watch one top folder, afresh: one made again after a delete is a new directory."""
        if (old := self._folders.pop(name, None)) is not None:
            try:
                self._observer.unschedule(old)
            except KeyError:
                pass  # its emitter already stopped with the directory it watched
        if (self._root / name).is_dir():
            self._folders[name] = self._observer.schedule(self._handler, str(self._root / name), recursive=True)

    def stop(self) -> None:
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        self._observer.stop()
        if self._observer.is_alive():
            self._observer.join(timeout=5)
        if self._deliverer.is_alive():
            self._deliverer.join(timeout=30)

    def note(self, event: FileSystemEvent) -> None:
        """Record one watchdog event (called on the observer's thread)."""
        if event.event_type in _IGNORED:
            return
        if event.is_directory:
            if event.event_type in ("created", "moved"):
                for top in {r.parts[0] for p in _paths_of(event) if (r := self._relative(p)) and len(r.parts) == 1}:
                    if top in TOP_FOLDERS:
                        self._watch_folder(top)
            # Only a folder that can hold memory files asks for a rescan: a rescan reads every file.
            if event.event_type != "modified" and any(self._may_hold_memories(p) for p in _paths_of(event)):
                self._mark(set(), rescan=True)
            return
        paths = {self._relative(p) for p in _paths_of(event)}
        changed = {p for p in paths if p is not None and is_memory_file(p)}
        if changed:
            self._mark(changed, rescan=False)

    def _mark(self, paths: set[PurePosixPath], *, rescan: bool) -> None:
        now = time.monotonic()
        with self._wake:
            if not self._pending and not self._rescan:
                self._first = now
            self._pending |= paths
            self._rescan = self._rescan or rescan
            self._last = now
            self._wake.notify_all()

    def _deliver(self) -> None:
        while True:
            with self._wake:
                while not (self._pending or self._rescan or self._stopping):
                    self._wake.wait()
                if self._stopping:
                    return
                now = time.monotonic()
                due = min(self._last + self._quiet, self._first + self._max_delay)
                if now < due:
                    self._wake.wait(due - now)
                    continue
                paths, rescan = self._pending, self._rescan
                self._pending, self._rescan = set(), False
            try:
                self._on_changes(paths, rescan)
            except Exception:  # noqa: BLE001 - one bad batch must not stop the watching
                log.exception("syncing %d changed memory file(s) failed", len(paths))

    def _may_hold_memories(self, raw: str | bytes) -> bool:
        relative = self._relative(raw)
        return relative is not None and not any(part.startswith(".") for part in relative.parts)

    def _relative(self, raw: str | bytes) -> PurePosixPath | None:
        path = os.fsdecode(raw)
        try:
            return PurePosixPath(Path(path).relative_to(self._root).as_posix())
        except ValueError:
            return None


class _Handler(FileSystemEventHandler):
    def __init__(self, watcher: FolderWatcher) -> None:
        self._watcher = watcher

    def on_any_event(self, event: FileSystemEvent) -> None:
        self._watcher.note(event)


def _paths_of(event: FileSystemEvent) -> list[str | bytes]:
    return [p for p in (event.src_path, getattr(event, "dest_path", "")) if p]
