"""Two kinds of forget.

``purge`` (the default): a person who asks to be forgotten expects it gone. The memory, its
whole supersession chain, the turns it came from and the facts derived only from those
turns are deleted from the markdown, the index (then compacted, so deleted points leave the
segment files), the usage statistics and the extraction queue (which skips ids that no longer
exist). The receipt lists every id and file.

``retract``: "that is no longer true". Current facts are ended now on both time axes and
kept, so ``as_of`` and ``history`` still show them.

Either mode can take everything about an entity at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import PurePosixPath

from engram_mcp.errors import MemoryNotFound
from engram_mcp.model import DEFAULT_NAMESPACE, Kind, Memory
from engram_mcp.model.entities import entity_key
from engram_mcp.model.purge_plan import plan_purge
from engram_mcp.model.supersede import retract
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService

__all__ = ["ForgetMode", "Forgetting", "ForgettingReceipt"]


class ForgetMode(str, Enum):
    PURGE = "purge"
    RETRACT = "retract"


@dataclass(frozen=True, slots=True)
class ForgettingReceipt:
    mode: ForgetMode
    removed: tuple[str, ...] = ()
    """Ids deleted everywhere (purge)."""
    retracted: tuple[str, ...] = ()
    """Ids ended now and kept in history (retract)."""
    updated: tuple[str, ...] = ()
    """Surviving facts whose sources lost a purged turn."""
    removed_from: tuple[str, ...] = ()
    """Every place the forgotten text was removed from."""


class Forgetting:
    """Purges or retracts memories, one at a time or everything about an entity."""

    def __init__(
        self,
        memory: MemoryService,
        facts: FactService,
        clock: Callable[[], datetime],
        after_purge: Callable[[Sequence[PurePosixPath]], None] | None = None,
    ) -> None:
        """``after_purge`` is told which files a purge rewrote, so copies of them elsewhere follow."""
        self._memory = memory
        self._facts = facts
        self._clock = clock
        self._after_purge = after_purge

    def forget(self, memory_id: str, mode: ForgetMode = ForgetMode.PURGE) -> ForgettingReceipt:
        self._memory.get(memory_id)
        return self._purge([memory_id]) if mode is ForgetMode.PURGE else self._retract([memory_id])

    def forget_entity(
        self, name: str, mode: ForgetMode = ForgetMode.PURGE, namespace: str = DEFAULT_NAMESPACE
    ) -> ForgettingReceipt:
        """Every fact about ``name`` (as subject or entity); a purge also takes the turns naming it."""
        key = entity_key(name)
        mentions = re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE)
        targets = [
            m.id
            for m in self._memory.memories()
            if m.namespace == namespace
            and (
                _about(m, key)
                or (mode is ForgetMode.PURGE and m.kind is Kind.EPISODE and mentions.search(m.text))
            )
        ]
        if not targets:
            raise MemoryNotFound(f"no memory about {name!r} in namespace {namespace!r}")
        return self._purge(targets) if mode is ForgetMode.PURGE else self._retract(targets)

    def _purge(self, memory_ids: list[str]) -> ForgettingReceipt:
        with self._facts.lock:
            plan = plan_purge({m.id: m for m in self._memory.memories()}, memory_ids)
            files = self._memory.remove_many(plan.remove)
            for survivor in plan.trimmed:
                self._memory.replace(survivor)
            self._memory.usage.drop(plan.remove)
            if self._after_purge is not None:
                self._after_purge([PurePosixPath(f) for f in files])
            compacted = self._memory.compact_index()
        places = [f"markdown:{f}" for f in files] + ["index", "usage-stats", "extraction-queue"]
        if compacted:
            places.append("index-segments")
        return ForgettingReceipt(
            mode=ForgetMode.PURGE,
            removed=plan.remove,
            updated=tuple(m.id for m in plan.trimmed),
            removed_from=tuple(places),
        )

    def _retract(self, memory_ids: list[str]) -> ForgettingReceipt:
        now = self._clock()
        done = []
        with self._facts.lock:
            for memory_id in memory_ids:
                memory = self._memory.get(memory_id)
                if memory.expired_at is None:
                    self._memory.replace(retract(memory, now))
                    done.append(memory_id)
        return ForgettingReceipt(mode=ForgetMode.RETRACT, retracted=tuple(done))


def _about(memory: Memory, key: str) -> bool:
    names = (*(n for n in (memory.subject,) if n), *memory.entities)
    return memory.kind is Kind.FACT and any(entity_key(n) == key for n in names)
