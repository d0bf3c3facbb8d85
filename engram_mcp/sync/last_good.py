"""The last version of each memory file that could be read: ``.engram/last-good/<file>``.

It answers two questions the live files cannot: what a file held before a person edited it
while the server was down (so a reworded fact supersedes its old version instead of
replacing it), and what a file held before it became unreadable (so its memories stay
recallable while the person fixes it). Derived like the index: deleting it loses only that.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from engram_mcp.errors import MalformedMemoryFile
from engram_mcp.files import Stamp, atomic_write, content_digest, read_regular, stamp_of
from engram_mcp.markdown.format import BadBlock, Block, Document, Segment, parse_document
from engram_mcp.markdown.layout import is_memory_file, namespace_of

__all__ = ["LastGood"]

log = logging.getLogger(__name__)


class LastGood:
    """Copies of memory files as they last parsed. Not thread-safe: the reconciler owns it."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._digests: dict[PurePosixPath, str] = {}

    def save(self, relative: PurePosixPath, data: bytes, stamp: Stamp | None = None) -> None:
        """Keep ``data`` as the file's last good copy. ``stamp``: the (mtime in ns, size) of the
        file ``data`` was read from or written as, which the copy takes on, so that start-up
        can tell an unchanged file from its copy without reading either (``holds``)."""
        digest = content_digest(data)
        try:
            if self._digests.get(relative) != digest:
                # No fsync: a copy lost in a crash costs only history for edits made while stopped.
                atomic_write(self._folder / relative, data, durable=False)
                self._digests[relative] = digest
            if stamp is not None and stamp[1] == len(data):
                os.utime(self._folder / relative, ns=(stamp[0], stamp[0]))
        except OSError as error:
            # A copy is a convenience: a full or read-only disk must not stop the memory.
            log.warning("cannot keep a last good copy of %s: %s", relative, error.strerror or error)

    def holds(self, relative: PurePosixPath, digest: str, stamp: Stamp) -> bool:
        """Whether the copy is byte for byte the file with ``digest`` and ``stamp`` (then it need
        not be parsed). A copy saved with that stamp is, and is not even read."""
        path = self._folder / relative
        try:
            if stamp_of(path.stat()) == stamp:
                self._digests[relative] = digest
                return True
            data = read_regular(path)[1]
        except OSError:
            return False
        self._digests[relative] = content_digest(data)
        return self._digests[relative] == digest

    def document(self, relative: PurePosixPath) -> Document | None:
        path = self._folder / relative
        if not path.exists():
            return None
        try:
            data = read_regular(path)[1]
            document = parse_document(data.decode("utf-8"), path, namespace_of(relative))
        except (OSError, UnicodeDecodeError, MalformedMemoryFile) as error:
            log.warning("ignoring last good copy of %s: %s", relative, error)
            return None
        self._digests[relative] = content_digest(data)
        return document

    def prune(self, relative: PurePosixPath, keep: set[str]) -> None:
        """Drop from a copy every memory not in ``keep`` (after a purge): no forgotten text stays here."""
        document = self.document(relative)
        if document is None:
            return
        pruned = Document(tuple(s for s in document.segments if not _dropped(s, keep)))
        if pruned != document:
            self.save(relative, pruned.render().encode("utf-8"))

    def remove(self, relative: PurePosixPath) -> None:
        try:
            (self._folder / relative).unlink(missing_ok=True)
        except OSError as error:
            log.warning("cannot remove the last good copy of %s: %s", relative, error.strerror or error)
        self._digests.pop(relative, None)

    def files(self) -> Iterator[PurePosixPath]:
        if not self._folder.exists():
            return
        for path in self._folder.rglob("*.md"):
            relative = PurePosixPath(path.relative_to(self._folder).as_posix())
            if is_memory_file(relative):
                yield relative


def _dropped(segment: Segment, keep: set[str]) -> bool:
    if isinstance(segment, Block):
        return segment.memory.id not in keep
    return isinstance(segment, BadBlock) and segment.memory_id not in keep
