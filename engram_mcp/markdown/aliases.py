"""The other names a fact page gives the entity it is about: its ``aliases`` ("Bobby" added in
Obsidian to Bob Smith's page, or a name merged into his), read from every page the store holds.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from engram_mcp.markdown.format import Document
from engram_mcp.markdown.frontmatter import aliases_written
from engram_mcp.markdown.layout import base_stem, folder_of, namespace_of, slug
from engram_mcp.markdown.pages import page_home
from engram_mcp.model.entities import entity_key

__all__ = ["PageAliases"]


class PageAliases:
    """Each fact page's owner and aliases, and the pages naming each alias. Not thread-safe: the store's lock guards it."""

    def __init__(self) -> None:
        self._of_page: dict[PurePosixPath, tuple[str, frozenset[str]]] = {}
        self._pages_by_alias: dict[str, set[PurePosixPath]] = {}

    def read(self, relative: PurePosixPath, document: Document) -> None:
        """Take the aliases a page holds now, in place of those it held before."""
        self.drop(relative)
        owner = _page_owner(relative, document)
        first = document.segments[0] if document.segments else None
        if owner is not None and isinstance(first, str):
            keys = frozenset(entity_key(name) for name in aliases_written(first))
            self._of_page[relative] = (owner, keys)
            for key in keys:
                self._pages_by_alias.setdefault(key, set()).add(relative)

    def drop(self, relative: PurePosixPath) -> None:
        """The page is gone: it names no alias any more."""
        _, keys = self._of_page.pop(relative, ("", frozenset()))
        for key in keys:
            pages = self._pages_by_alias.get(key, set())
            pages.discard(relative)
            if not pages:
                self._pages_by_alias.pop(key, None)

    def entity_of(self, namespace: str, name: str) -> str | None:
        """The entity whose fact page in ``namespace`` lists ``name`` among its aliases, as that page's
        facts spell it (the first such page in path order); None if none does."""
        pages = sorted(p for p in self._pages_by_alias.get(entity_key(name), ()) if namespace_of(p) == namespace)
        return self._of_page[pages[0]][0] if pages else None


def _page_owner(relative: PurePosixPath, document: Document) -> str | None:
    """Whom a fact page is about: the subject its name (or, renamed by a person, its home's name) is
    the slug of, as its facts spell it."""
    if folder_of(relative) != "facts":
        return None
    stem = base_stem(page_home(relative, document))
    return next((b.memory.subject for b in document.blocks if b.memory.subject and slug(b.memory.subject) == stem), None)
