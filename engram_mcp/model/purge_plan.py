"""What a purge removes: what was asked, and nothing that merely sits next to it. Pure.

Forgetting must not spread. Nothing is followed transitively, so a fact never takes a turn
because the two share some third memory:

- **a turn, by id**: the turn goes, and the facts drawn from it alone (their only source is
  gone); a fact with other sources keeps them.
- **a fact, by id**: the fact goes, and so do the sentences of its source turns that state it
  (the rest of each turn stays; a turn with nothing else left goes). Other facts from those
  turns stay. Its supersession chain stays, linked around the gap.
- **an entity**: every fact about it or naming it goes, with its whole chain when the chain's
  subject is that entity; every sentence that names it is cut from the turns, with a sentence
  right after one of those that goes on about it by pronoun ("He's a beagle"); a turn with
  nothing else left goes, with the facts drawn from it alone. Nothing else changes.

The plan lists what is removed, what is rewritten (a turn redacted, a fact with a purged turn
dropped from its sources, a chain relinked) and, for a receipt, each item's text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from engram_mcp.model.entities import entity_key
from engram_mcp.model.records import Kind, Memory
from engram_mcp.model.supersede import chain

__all__ = ["PurgePlan", "mentions", "plan_purge", "plan_purge_entity", "sentences"]

_SENTENCE_END = re.compile(r"(?<=[.!?;…])\s+|\s*\n+\s*")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = frozenset(
    """a an the and or but so of to in on at for with from by as is am are was were be been being it its this
    that these those i me my we our you your he him his she her they them their there here have has had do does
    did not no now then than very just really also too about into over after before up out will would can
    could should may might must who what when where which why how all any some more most own same such only""".split()
)
_STATED_OVERLAP = 0.5
# A sentence opening with a third-person pronoun continues the one before it.
_CONTINUES = re.compile(r"^\s*(?:he|she|it|they|his|her|its|their|him|them)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PurgePlan:
    remove: tuple[str, ...]
    """Every memory to delete, in a stable order."""
    rewritten: tuple[Memory, ...]
    """Surviving memories changed by the purge: redacted turns, facts that lost a source, relinked versions."""
    redacted: tuple[str, ...] = ()
    """The ids among ``rewritten`` whose text lost sentences."""


def sentences(text: str) -> list[str]:
    """A turn's sentences, in order (the unit a redaction cuts)."""
    return [part for part in _SENTENCE_END.split(text) if part.strip()]


def mentions(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as whole words (any case, possessive included)."""
    return re.search(rf"(?<!\w){re.escape(name.strip())}(?!\w)", text, re.IGNORECASE) is not None


def plan_purge(memories: Mapping[str, Memory], start: Iterable[str]) -> PurgePlan:
    """Purge memories named by id (see the module docstring)."""
    doomed = {memory_id for memory_id in start if memory_id in memories}
    cuts: dict[str, list[str]] = {}
    for memory_id in sorted(doomed):
        memory = memories[memory_id]
        if memory.kind is not Kind.FACT:
            continue
        for turn_id in memory.provenance.turn_ids:
            turn = memories.get(turn_id)
            if turn is not None and turn_id not in doomed:
                cuts.setdefault(turn_id, []).extend(s for s in sentences(turn.text) if _states(s, memory))
    return _finish(memories, doomed, cuts)


def plan_purge_entity(memories: Mapping[str, Memory], name: str, namespace: str) -> PurgePlan:
    """Purge everything about ``name`` in ``namespace`` (see the module docstring)."""
    key = entity_key(name)
    doomed: set[str] = set()
    cuts: dict[str, list[str]] = {}
    for memory in memories.values():
        if memory.namespace != namespace:
            continue
        if memory.kind is Kind.FACT:
            if _about(memory, key) or mentions(memory.text, name):
                doomed.add(memory.id)
                if memory.subject and entity_key(memory.subject) == key:
                    doomed.update(m.id for m in chain(memories, memory.id))
        elif mentions(memory.text, name):
            cuts[memory.id] = _naming(sentences(memory.text), name)
    return _finish(memories, doomed, cuts)


def _naming(parts: list[str], name: str) -> list[str]:
    """The sentences that name ``name``, and those right after them that go on about it ("He's a beagle")."""
    cut: list[str] = []
    for part in parts:
        if mentions(part, name) or (cut and cut[-1] is _previous(parts, part) and _CONTINUES.match(part)):
            cut.append(part)
    return cut


def _previous(parts: list[str], part: str) -> str | None:
    at = parts.index(part)
    return parts[at - 1] if at > 0 else None


def _finish(memories: Mapping[str, Memory], doomed: set[str], cuts: Mapping[str, list[str]]) -> PurgePlan:
    changed: dict[str, Memory] = {}
    redacted: list[str] = []
    for turn_id, cut in cuts.items():
        turn = memories[turn_id]
        kept = [s for s in sentences(turn.text) if s not in cut] if cut else []
        if not kept or not any(_words(s) for s in kept):
            doomed.add(turn_id)
        elif len(kept) < len(sentences(turn.text)):
            changed[turn_id] = replace(turn, text=" ".join(s.strip() for s in kept))
            redacted.append(turn_id)
    # A fact whose every source turn is gone came only from forgotten text.
    for memory in memories.values():
        turns = memory.provenance.turn_ids
        if memory.kind is Kind.FACT and turns and all(t in doomed or t not in memories for t in turns):
            if any(t in doomed for t in turns):
                doomed.add(memory.id)
    for memory in memories.values():
        if memory.id in doomed:
            continue
        current = changed.get(memory.id, memory)
        updated = _without_sources(current, doomed)
        updated = _relinked(updated, memories, doomed)
        if updated != memory:
            changed[memory.id] = updated
    return PurgePlan(
        remove=tuple(sorted(doomed)),
        rewritten=tuple(changed[i] for i in sorted(changed)),
        redacted=tuple(sorted(redacted)),
    )


def _without_sources(memory: Memory, doomed: set[str]) -> Memory:
    turns = memory.provenance.turn_ids
    if not any(t in doomed for t in turns):
        return memory
    return replace(memory, provenance=replace(memory.provenance, turn_ids=tuple(t for t in turns if t not in doomed)))


def _relinked(memory: Memory, memories: Mapping[str, Memory], doomed: set[str]) -> Memory:
    """Links to purged versions bridged to the nearest surviving ones, so a chain stays walkable."""
    successor = memory.superseded_by
    seen: set[str] = set()
    while successor is not None and successor in doomed and successor not in seen:
        seen.add(successor)
        gone = memories.get(successor)
        successor = gone.superseded_by if gone is not None else None
    predecessors: list[str] = []
    waiting = list(memory.supersedes)
    while waiting:
        earlier = waiting.pop(0)
        if earlier in seen:
            continue
        seen.add(earlier)
        if earlier in doomed:
            gone = memories.get(earlier)
            waiting.extend(gone.supersedes if gone is not None else ())
        else:
            predecessors.append(earlier)
    if successor == memory.superseded_by and tuple(predecessors) == memory.supersedes:
        return memory
    return replace(memory, superseded_by=successor, supersedes=tuple(dict.fromkeys(predecessors)))


def _states(sentence: str, fact: Memory) -> bool:
    """Whether a sentence of a source turn says what ``fact`` says (most of its content words)."""
    subject = _words(fact.subject or "") | _words(fact.provenance.speaker or "")
    wanted = _words(fact.text) - subject
    if not wanted:
        return False
    return len(wanted & _words(sentence)) / len(wanted) >= _STATED_OVERLAP


def _words(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.casefold()) if w not in _STOP}


def _stem(word: str) -> str:
    for suffix in ("ing", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _about(memory: Memory, key: str) -> bool:
    names = (*(n for n in (memory.subject,) if n), *memory.entities)
    return any(entity_key(n) == key for n in names)
