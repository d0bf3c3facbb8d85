"""What other programs write late into the versions of pages the store replaced.

A program that opened a page before the store replaced it (atomic rename) or deleted it may
write into the old file after: those bytes are in no page. So the store hands each version it
supersedes to ``LateWrites``, which holds it open for a grace period (``grace``; at most
``_REPLACED_KEPT`` versions at once), whatever the sync does meanwhile. What was appended to a
held version is appended to the page as it is now; a version rewritten rather than appended to
is kept beside the page (``<page>.conflict-1.md``), where a person sees it.
"""

from __future__ import annotations

import logging
import math
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from engram_mcp.files import Superseded, appended_to, replace_unchanged

__all__ = ["LATE_WRITE_GRACE_SECONDS", "Append", "LateWrites"]

log = logging.getLogger(__name__)

# A program that opened a page just before the store replaced it may write into the old file a
# moment later, later still on a loaded machine: such a file is held open this long after the
# rename, and no more than so many at once.
LATE_WRITE_GRACE_SECONDS = 5.0
_REPLACED_KEPT = 64
_CONFLICTS_KEPT = 99

Append = Callable[[PurePosixPath, str], bool]
"""Appends text to a page as it is now, for the sync to take in; False when the page cannot be
written. Passed to each call rather than kept: it is a method of the store that owns the holder,
and a reference back would keep a store dropped without ``close`` (and the files it holds open)
alive until the garbage collector finds the cycle."""


class LateWrites:
    """The versions of pages the store replaced or deleted, held open for their grace; not
    thread-safe (the store holds its lock)."""

    def __init__(
        self, root: Path, *, grace: float = LATE_WRITE_GRACE_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._root = root
        self._grace = grace
        self._clock = clock
        self._held: list[_Held] = []
        # A holder dropped without close() must not keep the files it holds open.
        weakref.finalize(self, _close_all, self._held)

    def hold(self, page: PurePosixPath, version: Superseded | None, append: Append) -> None:
        """Hold open a version of ``page`` the store just superseded (None: none), and take in the
        held versions past their grace or beyond the most kept, on any page."""
        if version is not None:
            self._held.append(_Held(page, version, self._clock()))
        while len(self._held) > _REPLACED_KEPT:
            oldest = self._held.pop(0)
            self._take_in_version(oldest, let_go=True, append=append)
        # Checked at every change, so a file is not held long past its grace on any page.
        began = self._grace_began()
        for held_page in dict.fromkeys(held.page for held in self._held if held.since < began):
            self._take_in(held_page, held_since_before=began, append=append)

    def take_in(self, page: PurePosixPath, append: Append) -> None:
        """Take in what was written into the held versions of ``page``, and let go of those past
        their grace (the store does before it reads the page; the sync as it syncs it)."""
        self._take_in(page, held_since_before=self._grace_began(), append=append)

    def close(self, append: Append) -> None:
        """Take in what was written into every held version, and let them all go."""
        for page in dict.fromkeys(held.page for held in self._held):
            self._take_in(page, held_since_before=math.inf, append=append)

    def _grace_began(self) -> float:
        """A version held since before this moment has had its grace: nothing need keep it open."""
        return self._clock() - self._grace

    def _take_in(self, page: PurePosixPath, *, held_since_before: float, append: Append) -> None:
        """Bytes appended to a version of the page the store replaced (by a program that opened
        it before the rename) are appended to the page as it is now, for the sync to take in.
        The versions held since before ``held_since_before`` are closed, written into or not; a
        program may still be about to write into the others."""
        mine = [held for held in self._held if held.page == page]
        if mine:
            self._held[:] = [held for held in self._held if held.page != page]
            for held in mine:
                self._take_in_version(held, let_go=held.since < held_since_before, append=append)

    def _take_in_version(self, held: _Held, *, let_go: bool, append: Append) -> None:
        page, superseded = held.page, held.version
        try:
            late = superseded.written_since()
        except OSError as error:
            log.warning("cannot look for late writes to %s: %s", page, error.strerror or error)
            late = None
        if late is None and not let_go:
            self._held.append(held)
            return
        superseded.close()
        if late is None:
            return
        tail = appended_to(late, superseded.version)
        appended = _decoded(tail) if tail is not None else None
        if not appended:
            if appended is None:
                self._keep_conflict(page, late)
            return
        if not append(page, appended):
            self._keep_conflict(page, late)

    def _keep_conflict(self, page: PurePosixPath, data: bytes) -> None:
        """Another program rewrote a page version the store had just replaced: keep their version
        beside the page, where a person sees it (and check reports its memories as repeated)."""
        for number in range(1, _CONFLICTS_KEPT + 1):
            conflict = page.with_name(f"{page.stem}.conflict-{number}{page.suffix}")
            try:
                if replace_unchanged(self._root / conflict, data, None) is not None:
                    log.warning("%s was rewritten by another program as the server replaced it; "
                                "their version is kept as %s", page, conflict)
                    return
            except OSError as error:
                log.error("%s was rewritten by another program as the server replaced it, and their "
                          "version cannot be kept: %s", page, error.strerror or error)
                return


@dataclass(frozen=True, slots=True)
class _Held:
    """A version of a page the store replaced, held open since ``since`` (the holder's clock)."""

    page: PurePosixPath
    version: Superseded
    since: float


def _close_all(held: list[_Held]) -> None:
    for one in held:
        one.version.close()


def _decoded(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
