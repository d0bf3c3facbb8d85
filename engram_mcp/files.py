"""Writing a file all at once: readers see the old content or the new, never half of it.

A memory page has other writers besides the server (a person's editor, ``echo >>``, a sync
tool), and none of them takes a lock. ``replace_unchanged`` and ``remove_unchanged`` change a
page only while it is still the version the server last read or wrote, so what another writer
put in it is never overwritten. Bytes another program appended meanwhile are carried into the
new file at its end (as if they had been appended just after it); any other change is left
for the caller to read and merge with. A program that opened the page before it was replaced
may still write into the old file; that file is handed back open (``Superseded``), so those
bytes can be found and taken in too.

Only a regular file is ever opened (``open_regular``): a named pipe waits for a writer on open,
and a device may do anything, so either named like a page would stop whoever opened it for good.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import _Hash

__all__ = [
    "LOOPING_LINK",
    "NotARegularFile",
    "Replaced",
    "Stamp",
    "Superseded",
    "Version",
    "appended_to",
    "atomic_write",
    "content_digest",
    "file_stamp",
    "kind_of",
    "open_regular",
    "read_regular",
    "remove_unchanged",
    "replace_unchanged",
    "running_digest",
    "stamp_of",
]

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


class NotARegularFile(OSError):
    """A path that is something other than a regular file (``kind``: "a named pipe", …)."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(errno.EINVAL, f"{kind}, not a regular file", str(path))
        self.kind = kind


_KINDS = {
    stat.S_IFIFO: "a named pipe",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a folder",
}


LOOPING_LINK = "a link that leads back to itself"


def kind_of(mode: int) -> str | None:
    """What a file of this mode is when it is not a regular file ("a named pipe"); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def open_regular(path: Path) -> int | None:
    """``path`` opened for reading, only if it is a regular file (through a link too); None when
    there is nothing there. Anything else raises ``NotARegularFile`` without being opened; one
    swapped in between the look and the open is opened without waiting, and refused all the same."""
    try:
        status = os.stat(path)
        if (kind := kind_of(status.st_mode)) is not None:
            raise NotARegularFile(path, kind)
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise NotARegularFile(path, LOOPING_LINK) from None
        raise
    if (kind := kind_of(os.fstat(handle).st_mode)) is not None:
        os.close(handle)
        raise NotARegularFile(path, kind)
    return handle


def read_regular(path: Path) -> tuple[Stamp, bytes]:
    """A regular file's stamp and bytes (``open_regular``): ``FileNotFoundError`` when there is
    none, ``NotARegularFile`` for anything else. The stamp is the one of the bytes read."""
    handle = open_regular(path)
    if handle is None:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    try:
        return stamp_of(os.fstat(handle)), _read_all(handle)
    finally:
        os.close(handle)


def atomic_write(path: Path, data: bytes, *, durable: bool = True) -> os.stat_result:
    """Replace ``path``'s content through a temporary file in the same folder and a rename.

    ``durable`` also fsyncs before the rename: for the memory files, which are the source of
    truth. Derived files (status, last-good copies) skip it: losing one in a crash costs
    nothing that cannot be rebuilt.

    Returns the status of what was written, taken before the rename: a ``stat`` of the path
    afterwards could already see someone else's next version.
    """
    temporary, written = _staged(path, data, durable=durable)
    try:
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return written


@dataclass(frozen=True, slots=True)
class Version:
    """One version of a file: its stamp and the digest of its bytes."""

    stamp: Stamp
    digest: str


def appended_to(data: bytes, version: Version) -> bytes | None:
    """What ``data`` adds at the end of ``version`` (b"": nothing); None when ``data`` is not
    that version's bytes followed by more (it was rewritten, not appended to)."""
    size = version.stamp[1]
    if len(data) < size or content_digest(data[:size]) != version.digest:
        return None
    return data[size:]


class Superseded:
    """A file the server replaced or deleted, still open: a program that opened it before may
    write into it yet, and those bytes are nowhere else (see ``markdown.late_writes``)."""

    def __init__(self, handle: int, version: Version) -> None:
        self._handle: int | None = handle
        self.version = version

    def written_since(self) -> bytes | None:
        """Its whole content, when anything was written into it since it was superseded."""
        if self._handle is None or stamp_of(os.fstat(self._handle)) == self.version.stamp:
            return None
        return _read_all(self._handle)

    def close(self) -> None:
        if self._handle is not None:
            os.close(self._handle)
            self._handle = None


@dataclass(frozen=True, slots=True)
class Replaced:
    """A file written in place of another: the status of what was written, the bytes another
    program had appended meanwhile (carried in at its end), and the file it superseded."""

    status: os.stat_result
    taken_in: bytes
    previous: Superseded | None


def replace_unchanged(path: Path, data: bytes, expected: Version | None) -> Replaced | None:
    """``atomic_write`` (durable) that never overwrites another writer's bytes.

    ``path`` is replaced only while it is ``expected`` (None: only while there is no file),
    checked after ``data`` is on disk, just before the rename. What another program appended
    to it meanwhile is appended to ``data`` and checked again; any other change leaves the
    file as it is and returns None, for the caller to read and merge with. The server's own
    bytes are synced to disk before the rename; bytes carried in this way are as durable as
    the program that wrote them left them.
    """
    temporary, written = _staged(path, data, durable=True)
    taken_in = b""
    try:
        while True:
            held = open_regular(path)
            try:
                found = stamp_of(os.fstat(held)) if held is not None else None
                if found == (expected.stamp if expected is not None else None):
                    os.replace(temporary, path)
                    previous = Superseded(held, expected) if held is not None and expected is not None else None
                    held = None
                    return Replaced(written, taken_in, previous)
                if found is None or held is None or expected is None:
                    return None
                now = _read_all(held)[: found[1]]
            finally:
                if held is not None:
                    os.close(held)
            appended = appended_to(now, expected)
            if appended is None:
                return None
            with temporary.open("ab") as stream:
                stream.write(appended)
                stream.flush()
                written = os.fstat(stream.fileno())
            taken_in += appended
            expected = Version(found, content_digest(now))
    finally:
        temporary.unlink(missing_ok=True)


def remove_unchanged(path: Path, expected: Version) -> Superseded | None:
    """Delete ``path`` only while it is still ``expected``: the file deleted, still open; None
    (and nothing deleted) when another writer changed it."""
    held = open_regular(path)
    if held is None:
        return None
    try:
        if stamp_of(os.fstat(held)) == expected.stamp:
            os.unlink(path)
            return Superseded(held, expected)
    except BaseException:
        os.close(held)
        raise
    os.close(held)
    return None


def _read_all(handle: int) -> bytes:
    chunks, offset = [], 0
    while chunk := os.pread(handle, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _staged(path: Path, data: bytes, *, durable: bool) -> tuple[Path, os.stat_result]:
    """``data`` in a temporary file beside ``path``, and the status of what was written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
            return Path(temporary), os.fstat(stream.fileno())
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
