"""The markdown store: the durable source of truth, each memory a block on the page it belongs on.

A memory is added to the page its layout names (a day's journal, an entity's facts, a topic), or,
while that page holds a block nobody can read, to its first sibling that reads cleanly; it is
changed in place, moved with what a person nested under it when its page changes, and taken off
every page holding a copy. The pages themselves, read and written whole without losing what other
programs write into them, are the folder's (``folder.PageFolder``).
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path, PurePosixPath

from engram_mcp.errors import MalformedMemoryFile, MemoryNotFound, NotAPage, StorageError
from engram_mcp.markdown.folder import FileState, PageFolder, as_malformed
from engram_mcp.markdown.format import BadBlock, Block, Document, Segment, render_block
from engram_mcp.markdown.layout import NAMESPACES_FOLDER, namespace_of, overflow_path, relative_path
from engram_mcp.markdown.listing import memory_files
from engram_mcp.markdown.pages import (
    block_id,
    holds_only_scaffolding,
    new_page,
    readable,
    with_page_properties,
)
from engram_mcp.markdown.sections import belongs_in_history, place
from engram_mcp.model import Memory

__all__ = ["LoadReport", "MarkdownStore"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What the files hold, and what in them could not be read (blocks, whole files, repeated ids)."""

    memories: dict[str, Memory]
    errors: list[MalformedMemoryFile]


_MAX_OVERFLOW = 99


class MarkdownStore(PageFolder):
    """Places memories on the pages of one folder. Thread-safe; one writer process."""

    def load_all(self) -> LoadReport:
        """Parse every memory file, block by block: what cannot be read is reported, never fatal.

        A memory id found in two files is taken from the first (in path order); the other copy
        is reported and ignored until a person resolves it.
        """
        memories: dict[str, Memory] = {}
        errors: list[MalformedMemoryFile] = []
        with self._lock:
            self._files.clear()
            self._locations.clear()
            self._moved.clear()
            self._homes.clear()
            for relative in sorted(self.memory_files()):
                try:
                    state = self._read(relative)
                except NotAPage:
                    continue  # made one since it was listed: check names it
                except (MalformedMemoryFile, StorageError) as error:
                    log.warning("skipping unreadable memory file: %s", error)
                    errors.append(as_malformed(error, self.root / relative))
                    continue
                errors.extend(state.document.problems)
                for block in state.document.blocks:
                    held = self._locations.file_of(block.memory.id)
                    if held != relative and block.memory.id in memories:
                        errors.append(_duplicate(self.root / relative, block, held))
                        continue
                    memories[block.memory.id] = block.memory
        return LoadReport(memories=memories, errors=errors)

    def namespaces_with_folders(self) -> list[str]:
        """The namespaces whose folder is in the memory folder, whatever it holds: one whose last memory was
        forgotten, or one a person made by hand, is there and empty."""
        try:
            return sorted(entry.name for entry in (self.root / NAMESPACES_FOLDER).iterdir() if entry.is_dir() and not entry.name.startswith("."))
        except OSError:
            return []

    def memory_files(self) -> Iterator[PurePosixPath]:
        """The memory files under the folder (``listing.memory_files``)."""
        return memory_files(self.root)

    def add(self, memory: Memory) -> PurePosixPath:
        """Append a memory to the file it belongs in, creating the file if needed.

        While that file holds a block nobody can read (a person's edit in progress), the
        memory goes to the page's first sibling that reads cleanly (``overflow_path``): the
        person's file is never rewritten under them, and remembering never stops.
        """
        return self._add(memory, nested="")

    def _add(self, memory: Memory, *, nested: str) -> PurePosixPath:
        """``add``, with the lines a person nested under the memory where it was before."""
        block = render_block(memory)
        block = replace(block, raw=block.raw + nested) if nested else block

        def attempt() -> PurePosixPath | None:
            relative, basis = self._writable(self._placed(relative_path(memory)))
            document = basis.document if basis is not None else new_page(relative)
            return relative if self._write(relative, place(document, block), basis, added=block) else None

        with self._lock:
            return self._until_written(attempt)

    def add_many(self, memories: Iterable[Memory]) -> None:
        """``add`` for many memories, writing each file once (an import of thousands stays linear)."""
        by_file: dict[PurePosixPath, list[Memory]] = {}
        for memory in memories:
            by_file.setdefault(relative_path(memory), []).append(memory)
        blocks = {page: [render_block(memory) for memory in group] for page, group in by_file.items()}

        def attempt(page: PurePosixPath) -> PurePosixPath | None:
            relative, basis = self._writable(self._placed(page))
            document = basis.document if basis is not None else new_page(relative)
            for block in blocks[page]:
                document = place(document, block)
            return relative if self._write(relative, document, basis) else None

        with self._lock:
            for page in blocks:
                self._until_written(partial(attempt, page))

    def _writable(self, relative: PurePosixPath) -> tuple[PurePosixPath, FileState | None]:
        candidate = relative
        for number in range(2, _MAX_OVERFLOW + 2):
            try:
                state = self._current(candidate)
            except (MalformedMemoryFile, NotAPage):
                state = None
                unreadable = True
            else:
                unreadable = state is not None and bool(state.document.problems)
            if not unreadable:
                return candidate, state
            candidate = overflow_path(relative, number)
        raise StorageError(f"{relative} and its {_MAX_OVERFLOW} siblings all hold blocks that cannot be read")

    def update(self, memory: Memory) -> PurePosixPath:
        """Rewrite one memory's block in place; nothing else in its file changes."""
        block = render_block(memory)

        def attempt() -> PurePosixPath | None:
            relative = self._require(memory.id)
            basis = self._existing(relative)
            old = readable(basis.document, memory.id)
            if relative_path(old) != relative_path(memory):
                # Its page changed (e.g. a new subject): move the block rather than leave it stranded, with
                # what a person nested under it; on its new page before it leaves the old one, so a write
                # that fails leaves it where it was. A block a person put on another page (a subfolder, a
                # renamed page) stays there otherwise.
                moved_to = self._add(memory, nested=basis.document.taken_out(memory.id)[1])
                self._take_off(relative, memory.id, drop_empty_page=False)
                return moved_to
            if belongs_in_history(old) == belongs_in_history(memory):
                document = basis.document.replaced(block)
            else:
                # Superseded or retracted: it moves to the page's History section, with what a person
                # nested under it.
                rest, nested = basis.document.taken_out(memory.id)
                document = place(rest, replace(block, raw=block.raw + nested))
            return relative if self._write(relative, document, basis) else None

        with self._lock:
            return self._until_written(attempt)

    def remove(self, memory_id: str, *, drop_empty_page: bool = False) -> tuple[PurePosixPath, ...]:
        """Delete one memory's block from every file holding it (``files_of``: a copy left in a
        conflict copy of its page would be read again once the page lost it), with the lines a
        person nested under it (a list item's own); with ``drop_empty_page`` (a purge) a page left
        with nothing but what the server wrote is deleted too. Returns the files it left."""
        with self._lock:
            files = self.files_of(memory_id) or (self._require(memory_id),)
            for relative in files:
                if relative == files[0] or (self.root / relative).exists():
                    self._take_off(relative, memory_id, drop_empty_page=drop_empty_page, copy_of=files)
            return files

    def _take_off(
        self, relative: PurePosixPath, memory_id: str, *, drop_empty_page: bool, copy_of: Iterable[PurePosixPath] = ()
    ) -> PurePosixPath:
        def attempt() -> PurePosixPath | None:
            basis = self._existing(relative)
            remaining = with_page_properties(relative, basis.document.taken_out(memory_id)[0], renamed=self.renamed_pages(relative))
            if drop_empty_page and holds_only_scaffolding(relative, remaining, copy_of):
                # A page holding nothing but its title would still name what was forgotten.
                if not self._delete(relative, basis):
                    return None
            elif not self._write(relative, remaining, basis):
                return None
            self._locations.block_taken_off(relative, memory_id)
            return relative

        with self._lock:
            return self._until_written(attempt)

    def update_everywhere(self, memory: Memory) -> tuple[PurePosixPath, ...]:
        """``update``, and every copy of the memory's block in another file (``files_of``) written
        over with it too: what a purge cut from a memory is left in no file. Returns the files."""
        block = render_block(memory)

        def overwrite(relative: PurePosixPath) -> PurePosixPath | None:
            basis = self._current(relative)
            if basis is None:
                return relative
            segments = tuple(
                block if isinstance(segment, (Block, BadBlock)) and block_id(segment) == memory.id else segment
                for segment in basis.document.segments
            )
            return relative if self._write(relative, Document(segments), basis) else None

        with self._lock:
            copies = self.files_of(memory.id)[1:]
            held = self.update(memory)
            for relative in copies:
                self._until_written(partial(overwrite, relative))
            return (held, *copies)

    def revise(self, old: Memory, new: Memory) -> PurePosixPath:
        """Rewrite ``old``'s block as ``old`` followed by ``new``, in place: history stays beside its successor."""

        def attempt() -> PurePosixPath | None:
            relative = self._require(old.id)
            basis = self._existing(relative)
            readable(basis.document, old.id)
            segments: list[Segment] = []
            for segment in basis.document.segments:
                if isinstance(segment, Block) and segment.memory.id == old.id:
                    segments += [render_block(old), render_block(new)]
                else:
                    segments.append(segment)
            return relative if self._write(relative, Document(tuple(segments)), basis) else None

        with self._lock:
            return self._until_written(attempt)

    def refresh_properties(self, namespaces: Collection[str] | None = None) -> list[PurePosixPath]:
        """Bring every readable fact and procedure page's frontmatter up to date (of ``namespaces`` only, when
        given); returns the pages rewritten.

        Run at start-up, this upgrades a folder written before pages had properties, in place:
        only the frontmatter changes, every block stays byte for byte. Run when a fact page is found
        renamed, it has every link to it name it as it stands.
        """
        changed = []
        with self._lock:
            for relative, state in list(self._files.items()):
                if state.document.problems or not state.digest or namespaces is not None and namespace_of(relative) not in namespaces:
                    continue
                properties = with_page_properties(relative, state.document, renamed=self.renamed_pages(relative))
                if properties.render() != state.document.render():
                    if self.rewrite(relative, state.document, state.digest):
                        changed.append(relative)
        return changed

    def add_alias(self, relative: PurePosixPath, name: str) -> PurePosixPath:
        """``name`` added to a fact page's aliases, kept from then on as a person's alias is."""

        def attempt() -> PurePosixPath | None:
            basis = self._existing(relative)
            document = with_page_properties(relative, basis.document, also_aliases=(name,), renamed=self.renamed_pages(relative))
            return relative if self._write(relative, document, basis) else None

        with self._lock:
            return self._until_written(attempt)

    def _require(self, memory_id: str) -> PurePosixPath:
        relative = self._locations.file_of(memory_id)
        if relative is None:
            raise MemoryNotFound(f"no memory with id {memory_id!r}")
        return relative


def _duplicate(path: Path, block: Block, held: PurePosixPath | None) -> MalformedMemoryFile:
    return MalformedMemoryFile(path, block.line, f"memory ^{block.memory.id} is also in {held}; this copy is ignored")
