"""The pages written most recently, kept as bytes and running digests.

A day's journal page grows a turn at a time, and a turn must not cost what the day holds:
when a page is what was last written plus one block at its end, only that block's bytes
are encoded and hashed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from engram_mcp.files import Stamp, running_digest
from engram_mcp.markdown.format import Block, Document, render_segments

if TYPE_CHECKING:
    from hashlib import _Hash

__all__ = ["RecentPages", "rendered"]

_PAGES_KEPT = 8


@dataclass(frozen=True, slots=True)
class _Written:
    stamp: Stamp
    data: bytes
    digest: _Hash


class RecentPages:
    """A day's page per namespace in use, oldest first; not thread-safe (the store holds its lock)."""

    def __init__(self) -> None:
        self._written: dict[PurePosixPath, _Written] = {}

    def keep(self, relative: PurePosixPath, stamp: Stamp, data: bytes, digest: _Hash) -> None:
        self._written.pop(relative, None)
        self._written[relative] = _Written(stamp, data, digest)
        if len(self._written) > _PAGES_KEPT:
            del self._written[next(iter(self._written))]

    def grown(
        self, relative: PurePosixPath, read: tuple[Stamp, Document] | None, document: Document, added: Block | None
    ) -> tuple[bytes, _Hash] | None:
        """The page's bytes and running digest when ``document`` is the page as last written
        (``read``: its stamp and document as the store holds them) plus ``added`` at its end;
        None when it is anything else (a fresh read, an insertion, new properties)."""
        last = self._written.get(relative)
        if added is None or read is None or last is None or last.stamp != read[0]:
            return None
        before, after = read[1].segments, document.segments
        tail = after[len(before) :]
        if not tail or tail[-1] is not added or len(tail) > 2 or after[: len(before)] != before:
            return None
        extra = render_segments(tail).encode("utf-8")
        digest = last.digest.copy()
        digest.update(extra)
        return last.data + extra, digest


def rendered(document: Document) -> tuple[bytes, _Hash]:
    """A whole page's bytes and their digest."""
    data = document.render().encode("utf-8")
    return data, running_digest(data)
