"""Two kinds of forget, each exact, each with a preview.

``purge`` (the default): a person who asks to be forgotten expects it gone, and nothing
else. What goes is decided in one place, ``model.purge_plan``: a turn and the facts drawn
from it alone; a fact, the clauses stating it (in its source turns, and in any other turn saying all
of it again) and the facts saying it again; for an entity,
the facts about it, every turn it spoke (its speaker) and every sentence naming it. Removed memories leave the markdown, the
index (then compacted, so deleted points leave the segment files), the usage statistics and
the extraction queue, whose last error is cleared too (it may quote the forgotten text).

``retract``: "that is no longer true". The memory is ended now on both time axes and kept,
so ``as_of`` and ``history`` still show it; retracting a turn retracts the facts drawn from
it alone.

``dry_run`` returns the same receipt without changing anything, so the assistant can show
the user what would go. Every receipt lists each item with its text, shortened.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from difflib import SequenceMatcher
from enum import Enum
from pathlib import PurePosixPath
from typing import Literal

from engram_mcp.errors import InvalidInput, MemoryNotFound, StorageError
from engram_mcp.model import DEFAULT_NAMESPACE, Kind, Memory
from engram_mcp.model.function_words import names_something
from engram_mcp.model.mentions import goes_by
from engram_mcp.model.name_words import is_a_word
from engram_mcp.model.purge_plan import PurgePlan, about, known_entities, plan_purge, plan_purge_entity
from engram_mcp.model.supersede import retract
from engram_mcp.service.facts import FactService
from engram_mcp.service.inputs import in_namespace
from engram_mcp.service.memory import MemoryService

__all__ = ["ForgetMode", "Forgetting", "ForgettingReceipt", "ReceiptItem"]

log = logging.getLogger(__name__)

_RECEIPT_CHARS = 120


class ForgetMode(str, Enum):
    PURGE = "purge"
    RETRACT = "retract"


ItemAction = Literal["removed", "redacted", "updated", "retracted"]


@dataclass(frozen=True, slots=True)
class ReceiptItem:
    id: str
    kind: Literal["episode", "fact"]
    action: ItemAction
    """'removed', 'redacted' (sentences cut, the rest kept), 'updated' (a source or link dropped), 'retracted'."""
    text: str
    """The item's text, shortened; for a redaction, what was cut: whole sentences, and the words cut out
    of a sentence that stays."""


@dataclass(frozen=True, slots=True)
class ForgettingReceipt:
    mode: ForgetMode
    removed: tuple[str, ...] = ()
    """Ids deleted everywhere (purge)."""
    retracted: tuple[str, ...] = ()
    """Ids ended now and kept in history (retract)."""
    updated: tuple[str, ...] = ()
    """Surviving memories the purge rewrote: redacted turns, facts that lost a source, relinked versions."""
    removed_from: tuple[str, ...] = ()
    """Every place the forgotten text was (in a preview: will be) removed from: each page holding it,
    a conflict copy of a page as well, then the index and the bookkeeping."""
    items: tuple[ReceiptItem, ...] = ()
    dry_run: bool = False


class Forgetting:
    """Purges or retracts memories, one at a time or everything about an entity."""

    def __init__(
        self,
        memory: MemoryService,
        facts: FactService,
        clock: Callable[[], datetime],
        after_purge: Callable[[Sequence[PurePosixPath]], None] | None = None,
        forgotten: Callable[[Sequence[str]], None] | None = None,
    ) -> None:
        """``after_purge`` is told which files a purge rewrote, so copies of them elsewhere follow;
        ``forgotten``, which memories it removed, so nothing that keeps their text besides the
        memory (the extraction queue and its last error) keeps it."""
        self._memory = memory
        self._facts = facts
        self._clock = clock
        self._after_purge = after_purge
        self._forgotten = forgotten

    def forget(
        self, memory_id: str, mode: ForgetMode = ForgetMode.PURGE, *, dry_run: bool = False,
        namespace: str | None = None,
    ) -> ForgettingReceipt:
        """The memory ``memory_id`` (of ``namespace``, when one is given: one of another namespace is not
        found there, so a call scoped to one namespace never changes another's)."""
        if namespace is not None:
            self._memory.namespace_to_read(namespace)
        in_namespace(self._memory.get(memory_id), namespace)
        if mode is ForgetMode.RETRACT:
            return self._retract([memory_id], dry_run, with_derived=True)
        with self._facts.lock:
            plan = plan_purge(self._snapshot(), [memory_id])
            return self._purge(plan, dry_run)

    def forget_entity(
        self, name: str, mode: ForgetMode = ForgetMode.PURGE, namespace: str = DEFAULT_NAMESPACE,
        *, dry_run: bool = False,
    ) -> ForgettingReceipt:
        """Every fact about ``name`` (as subject or entity); a purge also cuts every sentence naming it.
        A name of function words alone ("", "the", "I") is refused: every sentence would name it;
        unless facts are about it by that very name (an emoji, "!!!"), which is then what is meant."""
        self._memory.namespace_to_read(namespace)
        with self._facts.lock:
            # "Will" is a function word and a name: it is refused only when it cannot be the name.
            if not (names_something(name) or is_a_word(name) or self._facts.names_an_entity(name, namespace)):
                raise InvalidInput(f"entity {name!r} names no one and nothing; give a name such as 'Bob' or 'the gym'")
            if mode is ForgetMode.RETRACT:
                in_namespace = [m for m in self._memory.memories() if m.namespace == namespace]
                named = goes_by(name, (m.text for m in in_namespace), known_entities(in_namespace))
                targets = [m.id for m in in_namespace if m.kind is Kind.FACT and m.is_current() and about(m, named)]
                if not targets:
                    raise MemoryNotFound(f"no fact about {name!r} in namespace {namespace!r}")
                return self._retract(targets, dry_run, with_derived=False)
            plan = plan_purge_entity(self._snapshot(), name, namespace)
            if not plan.remove and not plan.redacted:
                raise MemoryNotFound(f"no memory about {name!r} in namespace {namespace!r}")
            return self._purge(plan, dry_run)

    def _snapshot(self) -> dict[str, Memory]:
        return {m.id: m for m in self._memory.memories()}

    def _purge(self, plan: PurgePlan, dry_run: bool) -> ForgettingReceipt:
        items = [_item(self._memory.get(i), "removed") for i in plan.remove]
        for survivor in plan.rewritten:
            before = self._memory.get(survivor.id)
            if survivor.id in plan.redacted:
                items.append(ReceiptItem(survivor.id, _kind(before), "redacted", _short(_cut_from(before.text, survivor.text))))
            else:
                items.append(_item(before, "updated"))
        updated = tuple(m.id for m in plan.rewritten)
        if dry_run:
            # What a purge will take out of the markdown: every page holding a memory it removes or
            # redacts, copies of a page included (a sync tool's conflict copy holds the same blocks).
            pages = [page for i in (*plan.remove, *plan.redacted) for page in self._memory.files_of(i)]
            return ForgettingReceipt(
                mode=ForgetMode.PURGE, removed=plan.remove, updated=updated, removed_from=_places(pages),
                items=tuple(items), dry_run=True,
            )
        files = [PurePosixPath(f) for f in self._memory.remove_many(plan.remove)]
        for survivor in plan.rewritten:
            if survivor.id in plan.redacted:
                files += self._memory.redact(survivor)
            else:
                self._memory.replace(survivor)
        self._memory.usage.drop(plan.remove)
        files = list(dict.fromkeys(files))
        if self._after_purge is not None:
            self._after_purge(files)
        if self._forgotten is not None:
            self._forgotten(plan.remove)
        try:
            compacted = self._memory.compact_index()
        except StorageError as error:
            # What was asked is forgotten (the markdown, the index's search, the bookkeeping): only the
            # rewrite that takes deleted points out of the segment files waits for the next compaction,
            # and the receipt does not list those files.
            log.warning("forgotten; the index's segment files were not rewritten now: %s", error)
            compacted = False
        return ForgettingReceipt(
            mode=ForgetMode.PURGE, removed=plan.remove, updated=updated,
            removed_from=_places(files) + (("index-segments",) if compacted else ()), items=tuple(items),
        )

    def _retract(self, memory_ids: list[str], dry_run: bool, *, with_derived: bool) -> ForgettingReceipt:
        """End memories now; a retracted turn takes the current facts drawn from it alone."""
        now = self._clock()
        with self._facts.lock:
            chosen = dict.fromkeys(memory_ids)
            if with_derived:
                gone = set(memory_ids)
                for m in self._memory.memories():
                    turns = m.provenance.turn_ids
                    if m.kind is Kind.FACT and turns and all(t in gone for t in turns):
                        chosen.setdefault(m.id)
            targets = [m for i in chosen if (m := self._memory.get(i)).expired_at is None]
            if not dry_run:
                for memory in targets:
                    self._memory.replace(retract(memory, now))
        return ForgettingReceipt(
            mode=ForgetMode.RETRACT,
            retracted=tuple(m.id for m in targets),
            items=tuple(_item(m, "retracted") for m in targets),
            dry_run=dry_run,
        )


def _cut_from(before: str, after: str) -> str:
    """What a redaction took out of a turn, in its words: whole sentences as they were, and the words
    cut out of a sentence that stays ("at Tesco" of "I work at Tesco as a cashier"), apart by "…"."""
    said, kept = before.split(), after.split()
    matching = SequenceMatcher(None, [_folded(w) for w in said], [_folded(w) for w in kept], autojunk=False)
    pieces = [" ".join(said[first:last]) for op, first, last, _, _ in matching.get_opcodes() if op in ("delete", "replace")]
    return " … ".join(piece.strip(",;:—– ") for piece in pieces if piece.strip(",;:—– "))


def _folded(word: str) -> str:
    return re.sub(r"\W", "", word).casefold()


def _places(pages: Sequence[PurePosixPath]) -> tuple[str, ...]:
    """Where a purge takes memories out of: each page once, then the index, the usage statistics
    and the extraction queue."""
    return (*(f"markdown:{page}" for page in dict.fromkeys(pages)), "index", "usage-stats", "extraction-queue")


def _item(memory: Memory, action: ItemAction) -> ReceiptItem:
    return ReceiptItem(memory.id, _kind(memory), action, _short(memory.text))


def _kind(memory: Memory) -> Literal["episode", "fact"]:
    return "fact" if memory.kind is Kind.FACT else "episode"


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _RECEIPT_CHARS else flat[: _RECEIPT_CHARS - 1].rstrip() + "…"

