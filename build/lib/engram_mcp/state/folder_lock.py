"""One writer per memory folder: an exclusive, non-blocking lock held for the process's life."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

from engram_mcp.errors import MemoryFolderLocked

__all__ = ["FolderLock"]


class FolderLock:
    """Held while an Engram process writes a memory folder; released when the process ends.

    The kernel drops the lock when the holder dies, so a crash never leaves the folder stuck.
    """

    def __init__(self, state_dir: Path) -> None:
        self._path = state_dir / "lock"
        self._handle: IO[str] | None = None

    def acquire(self) -> None:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self._path, "a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            handle.close()
            raise MemoryFolderLocked(
                f"the memory folder {self._path.parent.parent} is in use by another Engram process "
                f"(pid {holder}); stop it, or give this one another --memory-dir"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            fcntl.flock(self._handle, fcntl.LOCK_UN)
            self._handle.close()
            self._handle = None
