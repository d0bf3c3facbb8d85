"""Obsidian wiki-links: the one definition of their syntax, for the links the server writes (page
properties) and the ones a person types into a memory. Pure.

``[[target]]``, ``[[target|label]]``, ``[[target#heading]]`` and ``[[target#^block-id]]`` are read;
a link a person types stays in the memory's text exactly as typed, and its target is understood
as an entity the memory names.
"""

from __future__ import annotations

import re

__all__ = ["LINK", "linked_names", "wiki_link"]

LINK = re.compile(r"(?<!\\)\[\[(?P<target>[^\[\]|#\n]+)(?:#[^\[\]|\n]*)?(?:\|(?P<label>[^\[\]\n]*))?\]\]")


def wiki_link(target: str, label: str | None = None) -> str:
    """A link to the page named ``target`` (a file name without .md), shown as ``label``."""
    return f"[[{target}|{label}]]" if label and label != target else f"[[{target}]]"


def linked_names(text: str) -> tuple[str, ...]:
    """The pages ``text`` links to, by name (a folder part dropped), each once, in order."""
    names = (match.group("target").strip().rsplit("/", 1)[-1] for match in LINK.finditer(text))
    return tuple(dict.fromkeys(name for name in names if name))
