"""Settling a page on disk: its hand-written items given ids and its pin tags made metadata
(``edits.settle``), written back over it only while it is still the version read (a person still
typing is never overwritten: their next version is settled afresh), then read again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePosixPath

from engram_mcp.errors import StorageError
from engram_mcp.markdown.folder import FileState
from engram_mcp.markdown.format import Document
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.sync.edits import settle

__all__ = ["SettledPage", "settle_page"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SettledPage:
    """A page after settling: ``written``, the document written back over it (None when nothing was:
    nothing to settle, or the disk refused); ``now``, the page as it now stands (None when it vanished
    after that write)."""

    written: Document | None
    now: FileState | None


def settle_page(store: MarkdownStore, relative: PurePosixPath, state: FileState, now: datetime) -> SettledPage | None:
    """The page ``state`` read, settled; None when it changed meanwhile (that version's event settles it)."""
    settled = settle(state.document, relative, now)
    if not settled.rewritten:
        return SettledPage(None, state)
    written = _rewrite(store, relative, settled.document, state.digest)
    if written is False:
        return None
    if written is None:
        return SettledPage(None, state)
    return SettledPage(settled.document, store.reread(relative))


def _rewrite(store: MarkdownStore, relative: PurePosixPath, document: Document, digest: str) -> bool | None:
    """True when written, False when the file changed meanwhile, None when the disk refused."""
    try:
        return store.rewrite(relative, document, digest)
    except StorageError as error:
        # The rest of the file is still read; its new items get their ids once it can be written.
        log.warning("hand-written items in %s wait for an id: %s", relative, error)
        return None
