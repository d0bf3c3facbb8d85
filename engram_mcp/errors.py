"""The exceptions Engram raises.

    EngramError
    ├── ConfigError            settings that cannot work (bad path, unknown backend, missing model)
    ├── MemoryFolderLocked     another process is the writer of this memory folder
    ├── MalformedMemoryFile    a markdown file could not be parsed (names file and line)
    ├── MemoryNotFound         no memory has the given id
    │   └── NamespaceNotFound  a read names a namespace that holds nothing (a typo: "wrok")
    ├── InvalidInput           a caller passed something out of bounds
    ├── StorageError           the disk refused a read or write (full, read-only, gone): names the file
    │   └── NotAPage           where a page would be stands a named pipe, a socket, a device: never opened
    └── ExtractionError        a model's output could not be turned into facts
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "ConfigError",
    "EngramError",
    "ExtractionError",
    "InvalidInput",
    "MalformedMemoryFile",
    "MemoryFolderLocked",
    "MemoryNotFound",
    "NamespaceNotFound",
    "NotAPage",
    "StorageError",
]


class EngramError(Exception):
    """Base of every error Engram raises on purpose."""


class ConfigError(EngramError):
    pass


class MemoryFolderLocked(EngramError):
    pass


class MalformedMemoryFile(EngramError):
    def __init__(self, path: Path, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


class MemoryNotFound(EngramError):
    pass


class NamespaceNotFound(MemoryNotFound):
    pass


class InvalidInput(EngramError):
    pass


class StorageError(EngramError):
    pass


class NotAPage(StorageError):
    pass


class ExtractionError(EngramError):
    pass
