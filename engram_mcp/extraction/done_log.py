"""The done log: the ids of the turns already extracted, one a line in ``done.log`` (ids only, no
text, so a purge never has to chase it here), and, when ``.engram/`` was deleted with it, which turns
the facts the markdown holds show were extracted, so a fact a person deleted by hand is not drawn
again from its turn.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from engram_mcp.files import atomic_write
from engram_mcp.model import Kind, Memory
from engram_mcp.model.trust import a_persons_own

__all__ = ["DoneLog", "extracted_before"]


def extracted_before(memories: Sequence[Memory]) -> list[str]:
    """The turns the facts among ``memories`` show were extracted: each turn a fact was drawn from, and,
    since turns are extracted in the order they were stored, each turn stored before the newest fact
    drawn from a turn was written (whatever it gave: a fact a person deleted since, or none). Pure."""
    turns = {m.id: m for m in memories if m.kind is Kind.EPISODE}
    drawn = [m for m in memories if m.kind is Kind.FACT and m.provenance.turn_ids and not a_persons_own(m)]
    if not drawn:
        return []
    newest = max(fact.created_at for fact in drawn)
    cited = {i for fact in drawn for i in fact.provenance.turn_ids}
    done = [t for t in turns.values() if t.id in cited or t.created_at <= newest]
    return [t.id for t in sorted(done, key=lambda t: t.created_at)]


class DoneLog:
    """The ids of turns already extracted, appended one per line and fsynced."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._ids: set[str] = set()
        # No log at all, where the folder holds facts: `.engram/` was deleted (it is derived, and safe to).
        self.lost = not path.exists()
        if path.exists():
            self._ids = {line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}

    def __contains__(self, turn_id: object) -> bool:
        return turn_id in self._ids

    def add(self, turn_id: str) -> None:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        with open(self._path, "a", encoding="utf-8") as stream:
            stream.write(turn_id + "\n")
            stream.flush()
            os.fsync(stream.fileno())
        self._ids.add(turn_id)

    def add_many(self, turn_ids: list[str]) -> None:
        """``add`` for many turns with one fsync (an import of turns whose facts came with them)."""
        if not turn_ids:
            return
        self._path.parent.mkdir(parents=True, exist_ok=True)
        with open(self._path, "a", encoding="utf-8") as stream:
            stream.write("".join(f"{turn_id}\n" for turn_id in turn_ids))
            stream.flush()
            os.fsync(stream.fileno())
        self._ids.update(turn_ids)

    def discard(self, turn_id: str) -> None:
        """The turn is to be extracted again (a person corrected its text): written at once, so a
        restart before that extraction still does it."""
        if turn_id not in self._ids:
            return
        self._ids.discard(turn_id)
        atomic_write(self._path, "".join(f"{i}\n" for i in sorted(self._ids)).encode("utf-8"))
