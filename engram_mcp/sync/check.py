"""The consistency check: do the markdown and the index agree? Pure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engram_mcp.model import Memory

__all__ = ["CheckReport", "Divergence", "compare"]


@dataclass(frozen=True, slots=True)
class Divergence:
    """Memories only in the markdown, only in the index, or different between the two."""

    missing_from_index: tuple[str, ...]
    missing_from_markdown: tuple[str, ...]
    changed: tuple[str, ...]

    @property
    def clean(self) -> bool:
        return not (self.missing_from_index or self.missing_from_markdown or self.changed)

    def lines(self) -> list[str]:
        return (
            [f"not indexed: {i}" for i in self.missing_from_index]
            + [f"indexed but not in markdown: {i}" for i in self.missing_from_markdown]
            + [f"index out of date: {i}" for i in self.changed]
        )


def compare(markdown: Mapping[str, Memory], indexed: Mapping[str, str]) -> Divergence:
    """Compare memories read from markdown with the index's id -> content hash map."""
    return Divergence(
        missing_from_index=tuple(sorted(set(markdown) - set(indexed))),
        missing_from_markdown=tuple(sorted(set(indexed) - set(markdown))),
        changed=tuple(sorted(i for i, m in markdown.items() if i in indexed and indexed[i] != m.content_hash())),
    )


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The whole consistency check: the divergence, files that cannot be read, files not yet
    synced, files holding memories that are not read at all (path → how many), files in the
    memory folders named like pages that are no pages (path → why), and metadata comments left
    under no item (path:line)."""

    divergence: Divergence
    malformed: tuple[str, ...] = ()
    behind: tuple[str, ...] = ()
    unread: Mapping[str, int] = field(default_factory=dict)
    not_pages: Mapping[str, str] = field(default_factory=dict)
    stray_comments: tuple[str, ...] = ()
    """Where a memory's metadata comment stands under no item of its own (``path:line``)."""

    @property
    def clean(self) -> bool:
        return (
            self.divergence.clean and not self.malformed and not self.behind and not self.unread and not self.not_pages
            and not self.stray_comments
        )

    def lines(self) -> list[str]:
        return (
            self.divergence.lines()
            + [f"malformed (left untouched; its last good memories stay): {m}" for m in self.malformed]
            + [f"changed on disk, not yet synced: {b}" for b in self.behind]
            + [
                f"not read (memory pages live in journal/, facts/ or procedures/, subfolders too): {path} "
                f"holds {count} {'memory' if count == 1 else 'memories'}"
                for path, count in self.unread.items()
            ]
            + [f"not read ({why}): {path}" for path, why in self.not_pages.items()]
            + [f"a metadata comment with no item of its own (its '- ' line was deleted; delete the comment too): {where}"
               for where in self.stray_comments]
        )
