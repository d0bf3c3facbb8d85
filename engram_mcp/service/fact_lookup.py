"""What the fact pipeline looks up for each new fact, kept in step with every write.

A new fact is compared only with the current facts about the same subject (``compare`` calls
facts about different subjects compatible, and ``conflicts`` needs the same subject), and
its names take the spelling first used for the same entity key. Scanning every memory for
both made each fact O(memories); here they are a dictionary lookup, maintained by the
memory service wherever it changes what it holds (write, supersede, forget, a hand edit
taken in by sync, a reload).

Answers come in the order the service holds the memories (the order a scan of
``MemoryService.memories()`` gave), so which duplicate is reinforced and which spelling wins
do not change.
"""

from __future__ import annotations

import bisect
import threading
from collections import Counter
from collections.abc import Iterable

from engram_mcp.model import Kind, Memory
from engram_mcp.model.entities import entity_key
from engram_mcp.model.supersede import slot_of

__all__ = ["FactLookup"]

_SubjectKey = tuple[str, str]
_NameKey = tuple[str, str]


# The user's turns that name no speaker, counted as one speaker of their own.
_UNNAMED = ""

class FactLookup:
    """Current facts by (namespace, slot subject); first spellings by (namespace, entity key);
    how many user turns each speaker has per namespace (who "I" is in a stated fact)."""

    def __init__(self, memories: Iterable[Memory] = ()) -> None:
        self._lock = threading.Lock()
        self.reset(memories)

    def reset(self, memories: Iterable[Memory]) -> None:
        """Forget everything and hold ``memories``, in their order, instead."""
        with self._lock:
            self._next = 0
            self._order: dict[str, int] = {}
            self._facts: dict[str, Memory] = {}
            self._subject_of: dict[str, _SubjectKey] = {}
            self._current: dict[_SubjectKey, set[str]] = {}
            self._names_of: dict[str, dict[_NameKey, str]] = {}
            self._spellings: dict[_NameKey, list[tuple[int, str]]] = {}
            self._speaker_of: dict[str, tuple[str, str]] = {}
            self._user_turns: dict[str, Counter[str]] = {}
            for memory in memories:
                self._add(memory)

    def add(self, memory: Memory) -> None:
        """A memory written, or rewritten under its id (it keeps its place in the order)."""
        with self._lock:
            self._add(memory)

    def remove(self, memory_id: str) -> None:
        with self._lock:
            self._forget(memory_id)
            self._order.pop(memory_id, None)

    def current_about(self, namespace: str, subject: str) -> list[Memory]:
        """The current facts of a namespace whose slot has ``subject``, in the service's order."""
        with self._lock:
            ids = sorted(self._current.get((namespace, subject), ()), key=self._order.__getitem__)
            return [self._facts[i] for i in ids]

    def current_about_and_theirs(self, namespace: str, subject: str) -> list[Memory]:
        """The current facts about ``subject`` and about the people of their life ("farah's
        partner"), in the service's order: what a correction the subject makes may be about."""
        with self._lock:
            theirs = subject + "'s "
            keys = [key for key in self._current if key[0] == namespace and (key[1] == subject or key[1].startswith(theirs))]
            ids = sorted(set().union(*(self._current[key] for key in keys)), key=self._order.__getitem__)
            return [self._facts[i] for i in ids]

    def spelling(self, namespace: str, name: str) -> str | None:
        """The spelling the first fact (any version) naming this entity key used, if any."""
        with self._lock:
            first = self._spellings.get((namespace, entity_key(name)))
            return self._names_of[first[0][1]][(namespace, entity_key(name))] if first else None

    def main_user(self, namespace: str) -> str | None:
        """The speaker of most of the user's turns in a namespace; None when most name no one (the user
        unnamed, so a friend who typed one turn is not who "I" is). A tie goes to the user unnamed, then to
        the name last in alphabetical order."""
        with self._lock:
            counts = self._user_turns.get(namespace)
            best = max(counts, key=lambda s: (counts[s], s == _UNNAMED, s)) if counts else None
            return best or None

    def _add(self, memory: Memory) -> None:
        # Held in the order memories first came in; a rewrite keeps its place, as a dict does.
        if memory.id not in self._order:
            self._order[memory.id] = self._next
            self._next += 1
        self._forget(memory.id)
        speaker = memory.provenance.speaker_name or _UNNAMED
        if memory.kind is Kind.EPISODE and memory.provenance.role == "user":
            self._speaker_of[memory.id] = (memory.namespace, speaker)
            self._user_turns.setdefault(memory.namespace, Counter())[speaker] += 1
        if memory.kind is not Kind.FACT:
            return
        self._facts[memory.id] = memory
        slot = slot_of(memory)
        if slot is not None and memory.is_current():
            key = (memory.namespace, slot.subject)
            self._subject_of[memory.id] = key
            self._current.setdefault(key, set()).add(memory.id)
        names: dict[_NameKey, str] = {}
        for name in (*(n for n in (memory.subject,) if n), *memory.entities):
            names.setdefault((memory.namespace, entity_key(name)), name)
        if names:
            self._names_of[memory.id] = names
            entry = (self._order[memory.id], memory.id)
            for key in names:
                bisect.insort(self._spellings.setdefault(key, []), entry)

    def _forget(self, memory_id: str) -> None:
        said = self._speaker_of.pop(memory_id, None)
        if said is not None:
            counts = self._user_turns[said[0]]
            counts[said[1]] -= 1
            if counts[said[1]] <= 0:
                del counts[said[1]]
        if self._facts.pop(memory_id, None) is None:
            return
        subject = self._subject_of.pop(memory_id, None)
        if subject is not None:
            _discard(self._current, subject, memory_id)
        entry = (self._order[memory_id], memory_id)
        for key in self._names_of.pop(memory_id, {}):
            spellings = self._spellings.get(key, [])
            at = bisect.bisect_left(spellings, entry)
            if at < len(spellings) and spellings[at] == entry:
                del spellings[at]
            if not spellings:
                self._spellings.pop(key, None)


def _discard(buckets: dict[_SubjectKey, set[str]], key: _SubjectKey, memory_id: str) -> None:
    bucket = buckets.get(key)
    if bucket is not None:
        bucket.discard(memory_id)
        if not bucket:
            del buckets[key]
