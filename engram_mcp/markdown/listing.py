"""What the memory folder holds: every markdown file under it, and why one named like a page
is not read.

One listing of the folder says which files are pages (``memory_files``, ``not_pages``,
``unread_files``): a regular file (``files.open_regular``) whose name is text
(``layout.is_memory_file``). Each is read from the disk as it is now, with nothing the store holds.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from engram_mcp.files import LOOPING_LINK, kind_of, read_regular
from engram_mcp.markdown.escape import line_content, split_lines
from engram_mcp.markdown.format import parse_document
from engram_mcp.markdown.layout import in_memory_folders, is_memory_file, is_text, namespace_of, told
from engram_mcp.markdown.meta import META_LINE
from engram_mcp.markdown.pages import identified

__all__ = ["markdown_files", "memory_files", "not_pages", "stray_comments", "unread_files", "why_not_read"]


def markdown_files(root: Path) -> Iterator[tuple[PurePosixPath, str | None]]:
    """Every markdown file under ``root``, hidden ones aside, in path order, with what it is
    when it is not a regular file (``files.kind_of``: "a named pipe"); folders are walked into."""
    if root.is_dir():
        yield from _listed(root, PurePosixPath())


def memory_files(root: Path) -> Iterator[PurePosixPath]:
    """The memory files under ``root``: regular files (``files.open_regular``) whose paths are
    pages (``layout.is_memory_file``)."""
    for relative, kind in markdown_files(root):
        if kind is None and is_memory_file(relative):
            yield relative


def not_pages(root: Path) -> dict[PurePosixPath, str]:
    """Files in the memory folders named like pages that are not read, with why (``why_not_read``)."""
    return {
        relative: why
        for relative, kind in markdown_files(root)
        if in_memory_folders(relative) and (why := why_not_read(relative, kind)) is not None
    }


def unread_files(root: Path) -> dict[PurePosixPath, int]:
    """Markdown files holding memory blocks that the store does not read, being outside the
    layout's folders (a page moved to ``notes/``), with how many each holds. Hidden folders
    (Obsidian's ``.trash``, ``.engram``) hold no pages."""
    found: dict[PurePosixPath, int] = {}
    for relative, kind in markdown_files(root):
        if kind is not None or in_memory_folders(relative):
            continue
        try:
            text = read_regular(root / relative)[1].decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        held = identified(parse_document(text, root / relative, namespace_of(relative)))
        if held:
            found[relative] = len(held)
    return found


def stray_comments(root: Path) -> list[str]:
    """Where a page holds a memory's metadata comment under no item of its own ("facts/user.md:12"):
    a person deleted the item's line and left its comment, which then sits below the item before it.
    The page is read as it is (the comment is the person's text there, and changes no memory); check
    names each such line so the half-done delete can be finished."""
    found: list[str] = []
    for relative in memory_files(root):
        try:
            text = read_regular(root / relative)[1].decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # check names a page it cannot read otherwise
        line = 1
        for segment in parse_document(text, root / relative, namespace_of(relative)).segments:
            lines = split_lines(segment if isinstance(segment, str) else segment.raw)
            if isinstance(segment, str):
                found += [f"{told(relative)}:{line + i}" for i, each in enumerate(lines) if META_LINE.match(line_content(each))]
            line += len(lines)
    return found


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
