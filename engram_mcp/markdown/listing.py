"""What the memory folder holds: every markdown file under it, and why one named like a page
is not read.

One listing of the folder says which files are pages (``MarkdownStore.memory_files``,
``not_pages``, ``unread_files``): a regular file (``files.open_regular``) whose name is text
(``layout.is_memory_file``).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from engram_mcp.files import LOOPING_LINK, kind_of
from engram_mcp.markdown.layout import is_text

__all__ = ["markdown_files", "why_not_read"]


def markdown_files(root: Path) -> Iterator[tuple[PurePosixPath, str | None]]:
    """Every markdown file under ``root``, hidden ones aside, in path order, with what it is
    when it is not a regular file (``files.kind_of``: "a named pipe"); folders are walked into."""
    if root.is_dir():
        yield from _listed(root, PurePosixPath())


def why_not_read(relative: PurePosixPath, kind: str | None) -> str | None:
    """Why a file in the memory folders named like a page is not read, as ``check`` says it: its
    name is no text (``layout.is_memory_file``) or it is no regular file (``files.open_regular``,
    which the listing, the sync and the writes all open pages with). None: it is a page."""
    if not is_text(relative):
        return "its name is not UTF-8 text; renamed, it is read"
    if kind is not None:
        return f"{kind}, not a regular file; only a regular file is opened"
    return None


def _listed(folder: Path, relative: PurePosixPath) -> Iterator[tuple[PurePosixPath, str | None]]:
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return  # gone while it was walked, or not ours to read
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir(follow_symlinks=False):
            yield from _listed(Path(entry.path), relative / entry.name)
        elif entry.name.endswith(".md"):
            try:
                kind = None if entry.is_file() else kind_of(entry.stat().st_mode)
            except FileNotFoundError:
                if not entry.is_symlink():
                    continue  # gone while it was walked
                kind = "a link to nothing"
            except OSError as error:
                if error.errno != errno.ELOOP:
                    continue  # not ours to look at
                kind = LOOPING_LINK
            if kind != "a folder":
                yield relative / entry.name, kind
