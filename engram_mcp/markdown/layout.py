"""Where each memory lives in the memory folder, laid out for a person to browse.

    journal/2026-11-30.md        the turns of that day (a UTC day), in order
    journal/2026-11-30.2.md      where they go on while a person's edit leaves the page unreadable
    facts/<entity>.md            what is known about one person, place or thing
    procedures/<entity>.md       instructions and rules, by what they apply to
    namespaces/<name>/…          the same layout for every namespace but "default"

That is where the server writes. A person may organise pages in subfolders of these folders
(``journal/2026/2026-11-30.md``, ``facts/people/ana.md``), as an Obsidian vault grows: a page
there is read like any other, and new memories go to it (see ``MarkdownStore``). Hidden files
and folders (``.trash/``, ``.engram/``, an editor's temporary files) are never pages, nor is a
file whose name is not text (``is_text``).

Pure: paths are computed from the record, relative to the memory folder.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import PurePosixPath

from engram_mcp.model import DEFAULT_NAMESPACE, Kind, Memory, MemoryType

__all__ = [
    "DEFAULT_NAMESPACE",
    "NAMESPACES_FOLDER",
    "TOPIC_FOLDERS",
    "TOP_FOLDERS",
    "base_stem",
    "folder_of",
    "home_of",
    "in_memory_folders",
    "is_memory_file",
    "is_text",
    "namespace_of",
    "overflow_path",
    "page_title",
    "relative_path",
    "slug",
    "told",
]

GENERAL_PAGE = "general"
_NAMESPACES_DIR = "namespaces"
NAMESPACES_FOLDER = PurePosixPath(_NAMESPACES_DIR)
"""Where every namespace but the default has its folder, relative to the memory folder."""
_OVERFLOW = re.compile(r"^(?P<base>.+)\.(?P<n>[2-9]|[1-9][0-9]+)$")


def relative_path(memory: Memory) -> PurePosixPath:
    """The file, relative to the memory folder, that holds this memory."""
    base = _namespace_root(memory.namespace)
    if memory.kind is Kind.EPISODE:
        return base / "journal" / f"{memory.event_time.date().isoformat()}.md"
    folder = "procedures" if memory.type is MemoryType.PROCEDURAL else "facts"
    topic = memory.subject or (memory.entities[0] if memory.entities else GENERAL_PAGE)
    return base / folder / f"{slug(topic)}.md"


TOPIC_FOLDERS = ("facts", "procedures")
"""The folders whose pages are each about one entity or topic: such a page carries properties, and one a person
renamed stands for the page of its subject's name."""
_FOLDERS = ("journal", *TOPIC_FOLDERS)
TOP_FOLDERS = (*_FOLDERS, _NAMESPACES_DIR)
"""The folders right under the memory folder that can hold memory files; nothing else there can."""


def is_memory_file(path: PurePosixPath) -> bool:
    """Whether a file is a page: one in the layout's folders whose name is text (``is_text``)."""
    return in_memory_folders(path) and is_text(path)


def in_memory_folders(path: PurePosixPath) -> bool:
    """Only files in the layout's folders (at any depth) hold memories; a README or notes
    elsewhere are the person's own, and nothing hidden is a page."""
    if path.suffix != ".md" or any(part.startswith(".") for part in path.parts):
        return False
    return folder_of(path) is not None


def is_text(path: PurePosixPath) -> bool:
    """Whether a path read from the folder is text. A name whose bytes are not UTF-8 (from an old
    zip, a Windows share) reaches Python with lone surrogates in it, which no answer can carry:
    such a file is not read, and ``check`` names it (``told``) so a person can rename it."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def told(path: PurePosixPath) -> str:
    """A path as text any answer can carry: bytes of its name that are not UTF-8 written ``\\xff``."""
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def folder_of(path: PurePosixPath) -> str | None:
    """The layout folder a page is in ('journal', 'facts' or 'procedures'), however deep; None
    for a path outside them."""
    parts = path.parts
    top = 2 if parts[:1] == (_NAMESPACES_DIR,) else 0
    if len(parts) >= top + 2 and parts[top] in _FOLDERS:
        return parts[top]
    return None


def home_of(path: PurePosixPath) -> PurePosixPath:
    """Where the server would put a page it finds in a subfolder: the same name in its layout folder."""
    parts = path.parts
    top = 2 if parts[:1] == (_NAMESPACES_DIR,) else 0
    if folder_of(path) is None:
        return path
    return PurePosixPath(*parts[: top + 1], path.name)


def namespace_of(path: PurePosixPath) -> str:
    """The namespace a file belongs to, from its path relative to the memory folder."""
    parts = path.parts
    if len(parts) >= 3 and parts[0] == _NAMESPACES_DIR:
        return parts[1]
    return DEFAULT_NAMESPACE


def overflow_path(path: PurePosixPath, number: int) -> PurePosixPath:
    """The page's ``number``-th sibling (``2026-11-30.2.md``): where new memories go while the
    page itself holds a block nobody can read, so a person's broken edit is never rewritten."""
    return path.with_name(f"{base_stem(path)}.{number}{path.suffix}")


def base_stem(path: PurePosixPath) -> str:
    """The page a file belongs to: its stem without an overflow number."""
    found = _OVERFLOW.match(path.stem)
    return found.group("base") if found else path.stem


def page_title(path: PurePosixPath) -> str:
    """The heading a new page starts with."""
    stem = base_stem(path)
    found = _OVERFLOW.match(path.stem)
    part = f" ({found.group('n')})" if found else ""
    if folder_of(path) == "journal":
        return f"Journal — {stem}{part}"
    return (stem.replace("-", " ").title() if stem != GENERAL_PAGE else "General") + part


def slug(name: str) -> str:
    """A file-name-safe, lowercase form of a name: 'Ali Khan' -> 'ali-khan', 'Zoë' -> 'zoe'. A name
    written in another script keeps its letters ('Мария Иванова' -> 'мария-иванова', '王芳'), so
    it gets a page of its own rather than the general one; a name with any Latin spelling keeps
    the page it always had."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    if not text:
        written = unicodedata.normalize("NFC", name).casefold()
        letters = "".join(c if unicodedata.category(c)[0] in "LMN" else "-" for c in written)  # marks: vowel signs
        text = re.sub(r"-+", "-", letters).strip("-")
    return text[:60] or GENERAL_PAGE


def _namespace_root(namespace: str) -> PurePosixPath:
    if namespace == DEFAULT_NAMESPACE:
        return PurePosixPath()
    return PurePosixPath(_NAMESPACES_DIR) / namespace
