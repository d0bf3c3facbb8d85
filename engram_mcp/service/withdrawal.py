"""Withdrawing facts whose words are gone: a turn a person corrected or deleted no longer holds up
the facts drawn from it, so none stays current on words no file holds; what such a fact had ended
holds again while something still supports it (``model.supersede.reopen``). The facts a person
pinned or wrote stay.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection
from datetime import datetime

from engram_mcp.model import Kind, Memory, new_memory_id
from engram_mcp.model.supersede import ended_by, reopen, still_worded, unsaid, unsaid_in_history
from engram_mcp.model.trust import a_persons_own
from engram_mcp.service.memory import MemoryService

__all__ = ["Withdrawal"]


class Withdrawal:
    """Withdraws the facts a changed or deleted turn no longer supports. ``lock``: the fact pipeline's,
    which a withdrawal before a turn's facts are written takes, as every fact write does."""

    def __init__(self, memory: MemoryService, clock: Callable[[], datetime], lock: threading.RLock) -> None:
        self._memory = memory
        self._clock = clock
        self._lock = lock

    def withdraw_unsaid(self, turn: Memory, said: Collection[str]) -> list[Memory]:
        """Before a turn's facts are written: the facts drawn from it before that it does not give now
        (``said``: the ids of those it gives), because a person corrected its text, are withdrawn
        (``model.supersede.unsaid``), so nothing stays current on words the turn no longer holds. A fact
        it was only one source of, or that a person pinned or wrote, stays. Returns the withdrawn."""
        with self._lock:
            return self._withdraw([fact for fact in self._drawn_from(turn) if fact.id not in said])

    def withdraw_no_longer_worded(self, turn: Memory) -> list[Memory]:
        """With no extractor to read a corrected turn again: the facts drawn from it before whose value
        its corrected text no longer holds (``model.supersede.still_worded``: "I live in Leeds" corrected
        to "I live in York" withdraws "Sam lives in Leeds"), withdrawn as ``withdraw_unsaid`` would.
        Called by the sync under the service's write lock, which every fact write takes to write, so it
        does not take the pipeline's own (a tool's fact write holds that one and waits for the other)."""
        return self._withdraw([fact for fact in self._drawn_from(turn) if not still_worded(fact, turn.text)])

    def withdraw_unsupported(self, turn: Memory) -> list[Memory]:
        """A person deleted ``turn`` from its page: the facts drawn from it that no turn still stored
        supports are withdrawn as ``withdraw_unsaid`` would (believed until now, never true), so none
        stays current on words no file holds. A fact another remaining turn also gave, or that a person
        pinned or wrote, stays. Called by the sync under the service's write lock, as
        ``withdraw_no_longer_worded`` is."""
        unsupported = [fact for fact in self._memory.derived_from(turn.id) if not self._still_supported(fact)]
        # What had already ended stays history, never true: as_of no longer answers with what no file says.
        now = self._clock()
        for fact in unsupported:
            if not _withdrawable(fact) and fact.invalid_at != fact.event_time:
                self._memory.replace(unsaid_in_history(fact, now))
        return self._withdraw([fact for fact in unsupported if _withdrawable(fact)])

    def _drawn_from(self, turn: Memory) -> list[Memory]:
        """The current facts first drawn from ``turn`` that neither a person pinned nor wrote."""
        return [
            fact for fact in self._memory.derived_from(turn.id)
            if _withdrawable(fact) and fact.provenance.turn_ids[:1] == (turn.id,)
        ]

    def _withdraw(self, stale: list[Memory]) -> list[Memory]:
        """Each of ``stale`` withdrawn as never said; what one of them ended holds again (``reopen``)
        while a turn still stored, a pin or a person's hand supports it: deleting "I moved to York"
        from the journal leaves Leeds the home, as if the move had never been told."""
        now = self._clock()
        withdrawn = [unsaid(fact, now) for fact in stale]
        # Under the lock the sync deletes turns with, whoever calls: a turn deleted between the check that
        # it still supports a fact and that fact's reopening would leave current what no file says.
        with self._memory.write_lock:
            for fact in withdrawn:
                self._memory.replace(fact)
                for ended in ended_by(fact, self._memory.find):
                    if self._still_supported(ended):
                        ended_after, again = reopen(ended, new_memory_id(Kind.FACT), now)
                        self._memory.add(again)
                        self._memory.replace(ended_after)
        return withdrawn

    def _still_supported(self, fact: Memory) -> bool:
        """Whether a pin, a person's hand or a turn still stored holds ``fact`` up."""
        if a_persons_own(fact) or not fact.provenance.turn_ids:
            return True
        return any(self._memory.find(turn_id) is not None for turn_id in fact.provenance.turn_ids)


def _withdrawable(fact: Memory) -> bool:
    """Whether a fact may be withdrawn when the words it was drawn from change or go: current, and
    neither pinned nor written by a person."""
    return fact.expired_at is None and not a_persons_own(fact)
