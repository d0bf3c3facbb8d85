"""Which file each memory is read from, and which other files hold a copy of its block (a sync
tool's conflict copy, a backup): the store's record, kept in step with every page it reads,
writes or lets go.

A memory in two files is a copy, not a move: the first file in path order holds it, as
``load_all`` and ``check`` read it; the other copy is reported and ignored. The record keeps the
ids each file holds itself, so it needs none of the store's parsed pages.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePosixPath

__all__ = ["MemoryLocations"]


class MemoryLocations:
    """Where each memory is read from and its copies. Not thread-safe: the store's lock guards it."""

    def __init__(self) -> None:
        self._read_from: dict[str, PurePosixPath] = {}
        self._copies: dict[str, set[PurePosixPath]] = {}
        self._held: dict[PurePosixPath, set[str]] = {}

    def clear(self) -> None:
        self._read_from.clear()
        self._copies.clear()
        self._held.clear()

    def file_of(self, memory_id: str) -> PurePosixPath | None:
        """The file a memory is read from."""
        return self._read_from.get(memory_id)

    def files_of(self, memory_id: str) -> tuple[PurePosixPath, ...]:
        """The file a memory is read from, then each other file holding a copy of it, in path order."""
        held = self._read_from.get(memory_id)
        if held is None:
            return ()
        copies = sorted(p for p in self._copies.get(memory_id, ()) if p != held and self._holds(p, memory_id))
        return (held, *copies)

    def page_read(self, relative: PurePosixPath, memory_ids: Iterable[str]) -> None:
        """The page now holds ``memory_ids``, in place of what it held before."""
        self.page_gone(relative)
        held = self._held[relative] = set()
        for memory_id in memory_ids:
            held.add(memory_id)
            self._claim(memory_id, relative)

    def block_added(self, relative: PurePosixPath, memory_id: str) -> None:
        """The page holds one more memory; what else it holds is as before."""
        self._held.setdefault(relative, set()).add(memory_id)
        self._claim(memory_id, relative)

    def block_taken_off(self, relative: PurePosixPath, memory_id: str) -> None:
        """The memory is read from that page no more."""
        if self._read_from.get(memory_id) == relative:
            del self._read_from[memory_id]

    def page_gone(self, relative: PurePosixPath) -> None:
        """The page no longer holds its memories: each goes to its next copy, if any."""
        for memory_id in self._held.pop(relative, set()):
            copies = self._copies.get(memory_id, set())
            copies.discard(relative)
            if self._read_from.get(memory_id) == relative:
                del self._read_from[memory_id]
                others = sorted(p for p in copies if self._holds(p, memory_id))
                if others:
                    self._read_from[memory_id] = others[0]
            if len(copies) < 2:
                self._copies.pop(memory_id, None)

    def _claim(self, memory_id: str, relative: PurePosixPath) -> None:
        held = self._read_from.get(memory_id)
        if held is not None and held != relative and self._holds(held, memory_id):
            self._copies.setdefault(memory_id, set()).update((held, relative))
            if held < relative:
                return
        self._read_from[memory_id] = relative

    def _holds(self, relative: PurePosixPath, memory_id: str) -> bool:
        return memory_id in self._held.get(relative, ())
