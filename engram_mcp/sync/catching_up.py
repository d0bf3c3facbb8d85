"""Which version of each page the sync has taken in, which pages changed on disk since, and
waiting until it has caught up with them (``engram-mcp check`` waits so, while the watcher runs).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import PurePosixPath

from engram_mcp.files import Stamp, file_stamp
from engram_mcp.markdown.store import MarkdownStore

__all__ = ["CatchingUp", "disk_stamp"]


class CatchingUp:
    """The version of each page the sync last took in, against the version on disk now."""

    def __init__(self, store: MarkdownStore) -> None:
        self._store = store
        self._taken_in: dict[PurePosixPath, Stamp | None] = {}
        self._progress = threading.Condition()

    def took_in(self, relative: PurePosixPath, stamp: Stamp | None) -> None:
        """The sync has taken in the version of the page with ``stamp`` (None: there was none on disk)."""
        self._taken_in[relative] = stamp

    def let_go(self, relative: PurePosixPath) -> None:
        """The page is gone, and so is what the sync took in of it."""
        self._taken_in.pop(relative, None)

    def pass_done(self) -> None:
        """A pass is over: whoever waits looks again at what is behind."""
        with self._progress:
            self._progress.notify_all()

    def behind(self) -> list[PurePosixPath]:
        """Memory files whose current version the sync has not taken in yet."""
        on_disk = set(self._store.memory_files())
        late = [r for r in on_disk if self._taken_in.get(r) != disk_stamp(self._store, r)]
        late += [r for r in self._store.cached_files() if r not in on_disk]
        return sorted(late)

    def wait_until_caught_up(self, timeout: float, stopped: Callable[[], bool] = lambda: False) -> list[PurePosixPath]:
        """Wait until every file's latest version is taken in (or ``stopped``); the files still behind."""
        deadline = time.monotonic() + timeout
        with self._progress:
            while True:
                late = self.behind()
                remaining = deadline - time.monotonic()
                if not late or remaining <= 0 or stopped():
                    return late
                # Re-checked after every pass, and now and then in case an event is still in flight.
                self._progress.wait(min(remaining, 0.1))


def disk_stamp(store: MarkdownStore, relative: PurePosixPath) -> Stamp | None:
    """The stamp of a page as it is on disk now; None when there is none."""
    try:
        return file_stamp(store.root / relative)
    except FileNotFoundError:
        return None
