"""A memory page as a document: how a new page begins, its properties recomputed, its blocks by id. Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath

from engram_mcp.errors import MalformedMemoryFile, MemoryNotFound
from engram_mcp.markdown.format import BadBlock, Block, Document
from engram_mcp.markdown.frontmatter import NO_RENAMED_PAGES, RenamedPages, page_properties, with_frontmatter
from engram_mcp.markdown.layout import TOPIC_FOLDERS, base_stem, folder_of, home_of, page_title, relative_path
from engram_mcp.markdown.sections import is_scaffolding
from engram_mcp.model import Memory

__all__ = [
    "block_id",
    "holds_only_scaffolding",
    "identified",
    "new_page",
    "page_home",
    "readable",
    "with_page_properties",
]

_FILE_INTRO = (
    "<!-- Engram memory file. Each top-level '- ' item is one memory: edit or delete it freely. "
    "Other text here is yours and is kept as it is. -->\n"
)


def new_page(relative: PurePosixPath) -> Document:
    """A page before its first memory: its title and a line telling a person how to edit it."""
    return Document((f"# {page_title(relative)}\n\n{_FILE_INTRO}\n",))


def page_home(relative: PurePosixPath, document: Document) -> PurePosixPath:
    """The page the server would write a found page's memories to: the same name in its layout
    folder for a page a person moved into a subfolder, and for a fact or procedure page a person
    renamed ("user.md" to "me.md": no memory on it belongs under its own name) the page most of
    its memories belong on, so that new memories about them go on to the renamed page."""
    home = home_of(relative)
    if folder_of(relative) not in TOPIC_FOLDERS:
        return home
    stem = base_stem(relative)
    belong = [page for page in (relative_path(b.memory) for b in document.blocks) if page.parent == home.parent]
    if not belong or any(base_stem(page) == stem for page in belong):
        return home
    return Counter(belong).most_common(1)[0][0]


def holds_only_scaffolding(relative: PurePosixPath, document: Document, copy_of: Iterable[PurePosixPath] = ()) -> bool:
    """Whether the page holds nothing but what the server wrote (its title, intro and properties), or
    for a copy of other pages (a sync tool's conflict copy), what it wrote in one of them."""
    return any(
        is_scaffolding(with_page_properties(page, document, clear=True), page_title(page), _FILE_INTRO)
        for page in (relative, *copy_of)
    )


def with_page_properties(
    relative: PurePosixPath, document: Document, *, clear: bool = False, also_aliases: Sequence[str] = (),
    renamed: RenamedPages = NO_RENAMED_PAGES,
) -> Document:
    """A fact or procedure page with its frontmatter recomputed from its memories (journal pages have
    none); ``also_aliases``: names to add to its aliases, kept from then on as a person's are;
    ``renamed``: the fact pages a person renamed, which its links name as they stand."""
    folder = folder_of(relative)
    if folder not in TOPIC_FOLDERS:
        return document
    memories = [] if clear else [b.memory for b in document.blocks]
    stem = base_stem(page_home(relative, document))
    properties = page_properties(memories, folder, stem, renamed)
    if also_aliases and properties:
        names = properties.get("aliases")
        properties["aliases"] = [*(names if isinstance(names, list) else []), *also_aliases]
    segments = list(document.segments)
    if segments and isinstance(segments[0], str):
        segments[0] = with_frontmatter(segments[0], properties, stem, renamed)
    else:
        segments.insert(0, with_frontmatter("", properties, stem, renamed))
    return Document(tuple(s for s in segments if s != ""))


def identified(document: Document) -> list[Block | BadBlock]:
    """Every block of the page that carries a memory id, readable or not."""
    return [s for s in document.segments if isinstance(s, (Block, BadBlock))]


def block_id(block: Block | BadBlock) -> str:
    return block.memory.id if isinstance(block, Block) else block.memory_id


def readable(document: Document, memory_id: str) -> Memory:
    """The memory's block in a document; a clear error when a person's edit left it unreadable."""
    found = next((b.memory for b in document.blocks if b.memory.id == memory_id), None)
    if found is not None:
        return found
    bad = next((b for b in document.bad_blocks if b.memory_id == memory_id), None)
    if bad is not None:
        raise MalformedMemoryFile(bad.error.path, bad.error.line, f"{bad.error.reason} (fix this block first)")
    raise MemoryNotFound(f"no memory with id {memory_id!r}")
