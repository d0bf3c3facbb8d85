"""The in-memory catalogue recall reads beside the index: turn order, speakers, entities. Pure.

Neighbour expansion, the speaker boost and the entity channel need to know which turn came
before which in a session, who speaks in a namespace and which entities its facts name.
The service already holds every memory in memory, so these answers cost a dictionary
lookup here instead of an index round trip per question.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import datetime

from engram_mcp.index.payload import normalise_entity
from engram_mcp.model import Kind, Memory, MemoryType
from engram_mcp.model.predicates import normalise
from engram_mcp.model.temporal import believed_at, holds_at
from engram_mcp.model.trust import a_persons_own, speaker_of
from engram_mcp.retrieval.question_words import alike_relations, stem

__all__ = ["Catalogue"]

_SessionKey = tuple[str, str | None]
_TimelineKey = tuple[str, bool]
"""(namespace, whether the memories are turns)."""
_OrderKey = tuple[datetime, datetime, str]
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
_LONGEST_ENTITY_WORDS = 4


def _order(memory: Memory) -> _OrderKey:
    return (memory.event_time, memory.created_at, memory.id)


def _slot_key(memory: Memory) -> tuple[str, str, str] | None:
    """(namespace, subject, slot) of a fact said in subject, predicate and object; a fact kept only
    as a sentence ("states") has no slot here."""
    if not memory.subject or not memory.predicate or memory.predicate == "states":
        return None
    return (memory.namespace, normalise_entity(memory.subject), normalise(memory.subject, memory.predicate, memory.object or "").predicate)


def _session_key(memory: Memory) -> _SessionKey:
    return (memory.namespace, memory.provenance.session)


class Catalogue:
    """Turns in session order, each namespace's memories in time order, and the speakers,
    entities and types present per namespace."""

    def __init__(self, memories: Iterable[Memory] = ()) -> None:
        self.reset(memories)

    def reset(self, memories: Iterable[Memory]) -> None:
        """Forget everything and catalogue ``memories`` instead."""
        self._memories: dict[str, Memory] = {}
        self._sessions: dict[_SessionKey, list[_OrderKey]] = {}
        self._timelines: dict[_TimelineKey, list[_OrderKey]] = {}
        self._sorting = True
        self._speakers: dict[str, Counter[str]] = {}
        self._entities: dict[str, Counter[str]] = {}
        self._types: dict[str, Counter[MemoryType]] = {}
        self._derived: dict[str, set[str]] = {}
        self._protected: dict[str, set[str]] = {}
        self._subjects: dict[tuple[str, str], set[str]] = {}
        self._slots: dict[tuple[str, str, str], set[str]] = {}
        self._names: dict[str, set[str]] = {}
        for memory in memories:
            self.add(memory)
        # Sorted once: inserting 100,000 memories one by one into a sorted list moves gigabytes.
        for timeline in self._timelines.values():
            timeline.sort()
        self._sorting = False

    def add(self, memory: Memory) -> None:
        """Add a memory, or replace the one with its id."""
        if memory.id in self._memories:
            self.remove(memory.id)
        self._memories[memory.id] = memory
        namespace = memory.namespace
        timeline = self._timelines.setdefault(_timeline_key(memory), [])
        if self._sorting:
            timeline.append(_order(memory))
        else:
            bisect.insort(timeline, _order(memory))
        self._types.setdefault(namespace, Counter())[memory.type] += 1
        if memory.kind is Kind.EPISODE:
            bisect.insort(self._sessions.setdefault(_session_key(memory), []), _order(memory))
            if (speaker := speaker_of(memory.provenance)) is not None:
                self._speakers.setdefault(namespace, Counter())[speaker] += 1
        for entity in {normalise_entity(e) for e in memory.entities if e.strip()}:
            self._entities.setdefault(namespace, Counter())[entity] += 1
        for turn_id in memory.provenance.turn_ids:
            self._derived.setdefault(turn_id, set()).add(memory.id)
        if _is_protected(memory):
            self._protected.setdefault(namespace, set()).add(memory.id)
        if memory.kind is Kind.FACT and memory.subject:
            self._subjects.setdefault((namespace, normalise_entity(memory.subject)), set()).add(memory.id)
            if (slot := _slot_key(memory)) is not None:
                self._slots.setdefault(slot, set()).add(memory.id)
        if _names_someone(memory):
            self._names.setdefault(namespace, set()).add(memory.id)

    def remove(self, memory_id: str) -> None:
        memory = self._memories.pop(memory_id, None)
        if memory is None:
            return
        namespace = memory.namespace
        _discard(self._timelines.get(_timeline_key(memory), []), _order(memory))
        _decrement(self._types.get(namespace), memory.type)
        if memory.kind is Kind.EPISODE:
            _discard(self._sessions.get(_session_key(memory), []), _order(memory))
            if (speaker := speaker_of(memory.provenance)) is not None:
                _decrement(self._speakers.get(namespace), speaker)
        for entity in {normalise_entity(e) for e in memory.entities if e.strip()}:
            _decrement(self._entities.get(namespace), entity)
        for turn_id in memory.provenance.turn_ids:
            self._derived.get(turn_id, set()).discard(memory.id)
        self._protected.get(namespace, set()).discard(memory.id)
        if memory.kind is Kind.FACT and memory.subject:
            self._subjects.get((namespace, normalise_entity(memory.subject)), set()).discard(memory.id)
            if (slot := _slot_key(memory)) is not None:
                self._slots.get(slot, set()).discard(memory.id)
        self._names.get(namespace, set()).discard(memory.id)

    def get(self, memory_id: str) -> Memory | None:
        return self._memories.get(memory_id)

    def derived_from(self, turn_id: str) -> list[Memory]:
        """The facts distilled from a turn (every version, current or not)."""
        return [m for i in sorted(self._derived.get(turn_id, ())) if (m := self._memories.get(i)) is not None]

    def facts_about(self, namespace: str, subject: str) -> list[Memory]:
        """Every fact (any version) whose subject is ``subject``."""
        ids = sorted(self._subjects.get((namespace, normalise_entity(subject)), ()))
        return [m for i in ids if (m := self._memories.get(i)) is not None]

    def facts_about_people_of(self, namespace: str, speaker: str) -> list[Memory]:
        """Every fact (any version) about ``speaker`` or one of their people ("Young-hee's son")."""
        own = normalise_entity(speaker)
        keys = [key for key in self._subjects if key[0] == namespace and (key[1] == own or key[1].startswith(f"{own}'s "))]
        return [m for key in keys for i in sorted(self._subjects[key]) if (m := self._memories.get(i)) is not None]

    def relatives(self, namespace: str, owner: str, relation: str, at: datetime | None = None) -> list[str]:
        """The names current facts give ``owner``'s ``relation`` (a stem, ``question_words.RELATIONS``) or a
        relation alike ("partner" for "wife"): "Jarkko's partner is Riikka" gives ["Riikka"]. ``at``: the
        ones that hold then, not one that only begins later (``temporal.holds_at``)."""
        alike = alike_relations(relation)
        held = Memory.is_current if at is None else (lambda m: holds_at(m, at))
        names = [m.object for m in self.facts_about(namespace, owner)
                 if held(m) and m.object and m.predicate and stem(m.predicate) in alike and m.object[:1].isupper()]
        return list(dict.fromkeys(names))

    def in_slot(self, namespace: str, subject: str, predicate: str) -> list[Memory]:
        """Every fact (any version) that says ``subject``'s ``predicate`` ("Desmond" "drives")."""
        ids = sorted(self._slots.get((namespace, normalise_entity(subject), predicate), ()))
        return [m for i in ids if (m := self._memories.get(i)) is not None]

    def protected_facts(self, namespace: str, known_at: datetime | None = None) -> list[Memory]:
        """Facts a person pinned or wrote by hand, current (or, ``known_at``, held then): only a
        person may overrule them. Looking back on what was believed, a hand edit made later was not
        known yet, so it disputes nothing then."""
        ids = sorted(self._protected.get(namespace, ()))
        held = (lambda m: m.is_current()) if known_at is None else (lambda m: believed_at(m, known_at))
        return [m for i in ids if (m := self._memories.get(i)) is not None and held(m)]

    def previous(self, turn: Memory, count: int) -> list[Memory]:
        """The turns just before ``turn`` in its namespace and session, oldest first."""
        if count <= 0:
            return []
        order = self._sessions.get(_session_key(turn), [])
        # Earlier by (event time, learned at); the id only breaks exact ties deterministically.
        at = bisect.bisect_left(order, (turn.event_time, turn.created_at, ""))
        return [self._memories[key[2]] for key in order[max(0, at - count) : at]]

    def following(self, turn: Memory) -> list[Memory]:
        """The turn right after ``turn`` in its session (whose indexed context ``turn`` is), if any."""
        if turn.kind is not Kind.EPISODE:
            return []
        order = self._sessions.get(_session_key(turn), [])
        at = bisect.bisect_right(order, _order(turn))
        return [self._memories[order[at][2]]] if at < len(order) else []

    def neighbours(self, turn_id: str, window: int) -> list[tuple[int, Memory]]:
        """Turns within ``window`` positions of a turn in its session, as (distance, turn)."""
        turn = self._memories.get(turn_id)
        if turn is None or turn.kind is not Kind.EPISODE:
            return []
        order = self._sessions.get(_session_key(turn), [])
        at = bisect.bisect_left(order, _order(turn))
        found = []
        for offset in range(1, window + 1):
            for position in (at - offset, at + offset):
                if 0 <= position < len(order):
                    found.append((offset, self._memories[order[position][2]]))
        return found

    def latest(self, namespace: str, *, turns: bool, until: datetime | None = None) -> Iterator[Memory]:
        """A namespace's turns (or its other memories), the latest first by event time; with
        ``until``, only those whose event time is not after it."""
        # A copy (a memcpy): a write on another thread may change the list while this is read.
        order = list(self._timelines.get((namespace, turns), ()))
        end = len(order) if until is None else bisect.bisect_right(order, until, key=lambda key: key[0])
        for key in reversed(order[:end]):
            memory = self._memories.get(key[2])
            if memory is not None:
                yield memory

    def session_of(self, memory_id: str) -> tuple[str, str] | None:
        """A turn's (namespace, session), or None for a memory outside any session."""
        memory = self._memories.get(memory_id)
        if memory is None or memory.kind is not Kind.EPISODE or memory.provenance.session is None:
            return None
        return (memory.namespace, memory.provenance.session)

    def speakers(self, namespace: str) -> set[str]:
        return {s for s, n in self._speakers.get(namespace, Counter()).items() if n > 0}

    def nicknames(self, namespace: str) -> dict[str, str]:
        """The names the namespace's speakers go by besides their own ("call me kai"): casefolded name -> speaker."""
        speakers = self.speakers(namespace)
        return {
            m.object.casefold(): m.subject
            for i in sorted(self._names.get(namespace, ()))
            if (m := self._memories.get(i)) is not None and m.is_current() and m.subject in speakers
            and m.object and m.object.casefold() != m.subject.casefold()
        }

    def namespaces(self) -> list[str]:
        """Namespaces holding memories, the largest first."""
        sizes = {n: sum(types.values()) for n, types in self._types.items()}
        return sorted((n for n, size in sizes.items() if size > 0), key=lambda n: (-sizes[n], n))

    def types(self, namespace: str) -> set[MemoryType]:
        return {t for t, n in self._types.get(namespace, Counter()).items() if n > 0}

    def entities_named_in(self, text: str, namespace: str) -> set[str]:
        """The (normalised) entities of a namespace's memories that ``text`` names as whole words."""
        known = self._entities.get(namespace)
        if not known:
            return set()
        words = [normalise_entity(w) for w in _WORD.findall(text)]
        words += [w[:-2] for w in words if w.endswith(("'s", "’s"))]
        found = set()
        for size in range(1, _LONGEST_ENTITY_WORDS + 1):
            for start in range(len(words) - size + 1):
                phrase = " ".join(words[start : start + size])
                if known.get(phrase, 0) > 0:
                    found.add(phrase)
        return found


def _timeline_key(memory: Memory) -> _TimelineKey:
    return (memory.namespace, memory.kind is Kind.EPISODE)


def _discard(order: list[_OrderKey], key: _OrderKey) -> None:
    at = bisect.bisect_left(order, key)
    if at < len(order) and order[at] == key:
        del order[at]


def _names_someone(memory: Memory) -> bool:
    """A fact giving its subject's name ("Kaito goes by the name Kai")."""
    return (memory.kind is Kind.FACT and bool(memory.subject and memory.predicate and memory.object)
            and normalise(memory.subject or "", memory.predicate or "", memory.object or "").predicate == "name")


def _is_protected(memory: Memory) -> bool:
    return memory.kind is Kind.FACT and a_persons_own(memory)


def _decrement(counter: Counter[str] | Counter[MemoryType] | None, key: object) -> None:
    if counter is not None and counter.get(key, 0) > 0:  # type: ignore[call-overload]
        counter[key] -= 1  # type: ignore[index]
