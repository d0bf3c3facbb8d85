"""Writing a file all at once: readers see the old content or the new, never half of it."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import _Hash

__all__ = ["Stamp", "atomic_write", "content_digest", "file_stamp", "running_digest", "stamp_of"]

Stamp = tuple[int, int]
"""What tells one version of a file from the next without reading it: (mtime in ns, size)."""


def content_digest(data: bytes) -> str:
    """What tells a file's bytes from any other's, in hex: the store, the sync and the last good copies compare it."""
    return running_digest(data).hexdigest()


def running_digest(data: bytes) -> _Hash:
    """The digest ``content_digest`` reads, open to more bytes appended (``copy``, ``update``)."""
    return hashlib.sha256(data)


def stamp_of(status: os.stat_result) -> Stamp:
    return (status.st_mtime_ns, status.st_size)


def file_stamp(path: Path) -> Stamp:
    return stamp_of(path.stat())


def atomic_write(path: Path, data: bytes, *, durable: bool = True) -> os.stat_result:
    """Replace ``path``'s content through a temporary file in the same folder and a rename.

    ``durable`` also fsyncs before the rename: for the memory files, which are the source of
    truth. Derived files (status, last-good copies) skip it: losing one in a crash costs
    nothing that cannot be rebuilt.

    Returns the status of what was written, taken before the rename: a ``stat`` of the path
    afterwards could already see someone else's next version.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
            written = os.fstat(stream.fileno())
        os.replace(temporary, path)
        return written
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
