"""The fact pipeline: every fact, extracted or stated, is consolidated or supersedes, never copied.

For a new fact, in order (all under one lock, so the extraction worker and the tools never
interleave):

1. its source turns must still exist (a turn purged while it was being extracted yields nothing);
2. its subject and entities take the spelling already in use for the same entity key;
3. what a person takes back (an ending, a correction, a switch, a plan moved or called off)
   supersedes the current facts it names, read by ``taking_back.py``;
4. a current fact that says the same thing (equal slot, or cosine >= ``threshold`` and the
   lexical guard of ``model.consolidate``) is reinforced instead of adding a copy;
5. current facts it contradicts (``model.supersede.compare``) are superseded; pairs the slots
   cannot settle go to the adjudicator, which is off by default;
6. otherwise it is added.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from engram_mcp.errors import InvalidInput, MemoryNotFound
from engram_mcp.model import DEFAULT_NAMESPACE, Kind, Memory, MemoryType, Provenance, Source, new_memory_id, told_offset
from engram_mcp.model.consolidate import DEFAULT_THRESHOLD, reinforce, same_statement
from engram_mcp.model.corrections import SWITCHED_TO
from engram_mcp.model.entities import NearMatch, canonical, entity_id, entity_key, near_matches
from engram_mcp.model.records import on_one_line
from engram_mcp.model.salience import default_importance
from engram_mcp.model.supersede import (
    Adjudicator,
    NoAdjudicator,
    Verdict,
    chain,
    compare,
    conflicts,
    slot_of,
    stands_against,
    supersede,
    told_late,
)
from engram_mcp.model.trust import believed_at_most, gives_instructions
from engram_mcp.service.inputs import utc
from engram_mcp.service.memory import MemoryService
from engram_mcp.service.statements import Statement, resolve_statement, standing_instruction
from engram_mcp.service.taking_back import TAKES_BACK, as_the_habit_it_replaces, taken_back
from engram_mcp.service.withdrawal import Withdrawal

__all__ = ["EntityInfo", "FactOutcome", "FactService"]

Action = Literal["added", "reinforced", "superseded", "dropped"]
_NEIGHBOURS = 5
_DEFAULT_IMPORTANCE = 0.5


@dataclass(frozen=True, slots=True)
class FactOutcome:
    """What happened to a new fact. ``memory`` is the fact as stored (the reinforced one when merged)."""

    action: Action
    memory: Memory | None
    superseded: tuple[str, ...] = ()
    disputes: tuple[str, ...] = ()
    """Pinned or hand-written facts it contradicts: kept current, and presented first."""
    superseded_by: str | None = None
    """For a fact told late (true from before the current one): the later fact that ends it."""


@dataclass(frozen=True, slots=True)
class EntityInfo:
    id: str
    name: str
    facts: int


class FactService:
    """Writes facts through consolidation and supersession; answers history and entity questions. What a changed
    or deleted turn no longer supports is withdrawn by ``withdrawal``, under the same lock."""

    def __init__(
        self,
        memory: MemoryService,
        clock: Callable[[], datetime],
        *,
        threshold: float = DEFAULT_THRESHOLD,
        ambiguity_floor: float = 0.75,
        adjudicator: Adjudicator | None = None,
        user_name: str | None = None,
    ) -> None:
        """``user_name``: who "the user", "I" and "my" mean in a stated fact when no speaker is given."""
        if not 0.0 < threshold <= 1.0:
            raise InvalidInput(f"consolidation threshold must be within 0..1, got {threshold}")
        self._memory = memory
        self._clock = clock
        self._threshold = threshold
        self._ambiguity_floor = ambiguity_floor
        self._adjudicator = adjudicator or NoAdjudicator()
        self._user_name = user_name
        self.lock = threading.RLock()
        self.withdrawal = Withdrawal(memory, clock, self.lock)

    def state(
        self,
        text: str,
        *,
        subject: str | None = None,
        predicate: str | None = None,
        obj: str | None = None,
        type: MemoryType = MemoryType.SEMANTIC,
        speaker: str | None = None,
        namespace: str = DEFAULT_NAMESPACE,
        event_time: datetime | None = None,
        certainty: float = 1.0,
        source: Source = Source.USER,
    ) -> FactOutcome:
        """A fact stated directly ("Ali works at Google", "The user works at Meta", "My partner is
        Alex"), with no turn behind it. The user's own forms resolve to ``speaker``, else the
        configured user name, else the namespace's one user speaker; a standing request ("Never use
        emojis") is kept as the user's instruction, and refused from a tool or the assistant, whose
        statements are believed only so far (``model.trust``); a statement about nobody that can be named is
        refused (``statements.resolve_statement``)."""
        if not text.strip():
            raise InvalidInput("text must not be empty")
        if subject is not None and not on_one_line(subject):
            # A subject names its page and its entity: one with a line break would make a page of half a name.
            raise InvalidInput(f"subject must be a name on one line, got {subject[:60]!r}")
        provenance = Provenance(namespace=namespace, speaker=speaker, role=source.value, source=source)
        user = provenance.speaker_name or self._user_name or self._memory.main_user(namespace) or "user"
        asked = standing_instruction(text, user) if subject is None else None
        if asked is not None and not gives_instructions(provenance):
            raise InvalidInput(
                f"{text.strip()[:80]!r} is a standing instruction, and only the user gives those, not the "
                f"{source.value}: remember it as a turn (kept word for word) or with role 'user' if the user said it"
            )
        if asked is not None:
            stated: Statement = (asked.statement, asked.subject, asked.predicate, asked.object)
            type, entities = asked.type, asked.entities
        else:
            stated = resolve_statement(text, user, subject)
            entities = (stated[1],)
        text, subject, parsed_predicate, parsed_object = stated
        predicate = predicate or parsed_predicate
        obj = obj if obj is not None else parsed_object
        now = self._clock()
        valid = utc(event_time, "event_time") if event_time else now
        fact = Memory(
            id=new_memory_id(Kind.FACT),
            kind=Kind.FACT,
            type=type,
            text=text,
            created_at=now,
            valid_at=valid,
            utc_offset=told_offset(event_time),
            certainty=min(certainty, believed_at_most(provenance)),
            provenance=provenance,
            entities=entities,
            subject=subject,
            predicate=predicate,
            object=obj,
        )
        return self.write(fact)

    def add_extracted(self, fact: Memory) -> bool:
        """The extraction worker's writer: whether the fact was stored (added, reinforced or superseding)."""
        return self.write(fact).action != "dropped"

    def write(self, fact: Memory) -> FactOutcome:
        """Consolidate, supersede or add one fact (see the module docstring)."""
        if fact.kind is not Kind.FACT:
            raise InvalidInput("only facts go through the fact pipeline")
        with self.lock:
            if any(self._memory.find(turn) is None for turn in fact.provenance.turn_ids):
                return FactOutcome("dropped", None)
            fact = self._resolved(fact)
            if fact.predicate == SWITCHED_TO:
                fact = as_the_habit_it_replaces(fact, self._memory.fact_lookup, self._memory.find)
            if fact.predicate in TAKES_BACK:
                replaced, taken = taken_back(fact, self._memory.fact_lookup)
                if taken is None:
                    return FactOutcome("dropped", None)
                if replaced:
                    return self._supersede(replaced, taken)
                fact = taken
            if fact.importance == _DEFAULT_IMPORTANCE:
                fact = replace(fact, importance=default_importance(fact))
            slot = slot_of(fact)
            # Only facts about the same subject can repeat, contradict or dispute it (``compare``).
            current = self._memory.fact_lookup.current_about(fact.namespace, slot.subject) if slot else []
            neighbours = self._memory.similar(fact.text, namespace=fact.namespace, kinds=(Kind.FACT,), limit=_NEIGHBOURS)
            same = next((m for m in current if compare(slot, slot_of(m)) is Verdict.DUPLICATE), None)
            same = same or next(
                (m for m, score in neighbours if score >= self._threshold and same_statement(fact, m, slot, slot_of(m))),
                None,
            )
            if same is not None:
                return self._reinforce(same, fact)
            contradicted = [m for m in current if compare(slot, slot_of(m)) is Verdict.SUPERSEDES]
            contradicted += [
                m
                for m, score in neighbours
                if score >= self._ambiguity_floor
                and m not in contradicted
                and compare(slot, slot_of(m)) is Verdict.AMBIGUOUS
                and self._adjudicator.contradicts(m, fact)
            ]
            # Some facts are only changed by a person or by the user (``stands_against``): a
            # contradiction from anyone else is kept beside them, disputed.
            disputed = [m for m in current if stands_against(m, fact) and conflicts(slot, slot_of(m))]
            # A turn does not contradict itself: "I live in Stockholm … I work at Nordvik Systems in Kista"
            # gives a home and where the work is, both true when it was said.
            contradicted = [m for m in contradicted if m not in disputed and not _drawn_from_one_turn(m, fact)]
            if not contradicted:
                if not self._memory.add(fact, sources=fact.provenance.turn_ids):
                    return FactOutcome("dropped", None)
                return FactOutcome("added", fact, disputes=tuple(m.id for m in disputed))
            outcome = self._supersede(contradicted, fact)
            return replace(outcome, disputes=tuple(m.id for m in disputed))

    def history(self, memory_id: str) -> list[Memory]:
        """The supersession chain ``memory_id`` belongs to, oldest first."""
        self._memory.get(memory_id)
        return chain(self._memory.by_id(), memory_id)

    def entities(self, namespace: str = DEFAULT_NAMESPACE) -> tuple[list[EntityInfo], list[NearMatch]]:
        """The entities facts are about, and near-identical names for a person to confirm."""
        self._memory.namespace_to_read(namespace)
        counts: dict[str, int] = {}
        names: dict[str, str] = {}
        for m in self._memory.beside_turns(namespace):
            if m.kind is Kind.FACT:
                for name in dict.fromkeys((*(n for n in (m.subject,) if n), *m.entities)):
                    key = entity_key(name)
                    names.setdefault(key, name)
                    counts[key] = counts.get(key, 0) + 1
        infos = [EntityInfo(entity_id(names[k]), names[k], counts[k]) for k in sorted(names)]
        return infos, near_matches(names.values())

    def merge_entities(self, keep: str, merge: str, namespace: str = DEFAULT_NAMESPACE) -> list[str]:
        """Confirmed by a person: every fact naming ``merge`` names ``keep`` instead. Returns the ids changed.
        Both must be entities of ``namespace``, and two of them."""
        self._memory.namespace_to_read(namespace)
        gone, stays = entity_key(merge), entity_key(keep)
        changed = []
        with self.lock:
            for name in (merge, keep):
                if not self.names_an_entity(name, namespace):
                    raise MemoryNotFound(f"no entity named {name!r} in namespace {namespace!r}")
            if gone == stays:
                raise InvalidInput(f"{merge!r} and {keep!r} are already the same entity")
            for m in self._memory.beside_turns(namespace):
                if m.kind is not Kind.FACT:
                    continue
                names = [keep if entity_key(n) == gone else n for n in m.entities]
                subject = keep if m.subject and entity_key(m.subject) == gone else m.subject
                if subject != m.subject or tuple(names) != m.entities:
                    self._memory.replace(replace(m, subject=subject, entities=tuple(dict.fromkeys(names))))
                    changed.append(m.id)
            self._settle_merged(changed)
            kept_page_fact = next((i for i in changed if (found := self._memory.find(i)) and found.subject == keep), None)
            if kept_page_fact is not None:
                # So that a later fact about the merged name is about the one kept, after a restart too.
                self._memory.add_alias(kept_page_fact, merge)
        return changed

    def names_an_entity(self, name: str, namespace: str = DEFAULT_NAMESPACE) -> bool:
        """Whether some fact of ``namespace`` (any version) is about ``name`` or names it, however spelt."""
        return self._memory.fact_lookup.spelling(namespace, name) is not None

    def _settle_merged(self, merged: list[str]) -> None:
        """Two names made one may each have held a value of a one-at-a-time slot ("Маша lives in
        Tomsk", "Мария lives in Kazan"): the later ends the earlier, as if told of one person."""
        now = self._clock()
        for fact_id in merged:
            fact = self._memory.find(fact_id)
            slot = slot_of(fact) if fact is not None and fact.is_current() else None
            if fact is None or slot is None:
                continue
            for other in self._memory.fact_lookup.current_about(fact.namespace, slot.subject):
                older, newer = sorted((other, fact), key=lambda m: m.event_time)
                if (other.id == fact.id or compare(slot, slot_of(other)) is not Verdict.SUPERSEDES
                        or stands_against(older, newer)):
                    continue
                other_after, fact = supersede(other, fact, now, self._memory.present(fact.namespace))
                self._memory.replace(fact)
                self._memory.replace(other_after)
                if not fact.is_current():
                    break

    def _reinforce(self, existing: Memory, fact: Memory) -> FactOutcome:
        stronger, new_evidence = reinforce(existing, fact)
        if stronger != existing:
            self._memory.replace(stronger)
        if new_evidence:
            self._memory.usage.confirmed(existing.id, self._clock())
        return FactOutcome("reinforced", stronger)

    def _supersede(self, olds: list[Memory], fact: Memory) -> FactOutcome:
        now = self._clock()
        if len(olds) == 1 and fact.event_time < olds[0].event_time:
            return self._told_late(olds[0], fact, now)
        ended = []
        present = self._memory.present(fact.namespace)
        for old in olds:
            old_after, fact = supersede(old, fact, now, present)
            ended.append(old_after)
        # The successor is written first so a chain never points at a block that is not there; the sync waits for
        # both, so a turn a person deletes meanwhile withdraws the successor and gives back what it ended.
        with self._memory.write_lock:
            if not self._memory.add(fact, sources=fact.provenance.turn_ids):
                return FactOutcome("dropped", None)
            for old_after in ended:
                self._memory.replace(old_after)
        return FactOutcome("superseded", fact, tuple(old.id for old in olds))

    def _told_late(self, current: Memory, fact: Memory, now: datetime) -> FactOutcome:
        """A fact about a time before the current one began: placed in the history, ended by what followed."""
        changed, late = told_late(current, fact, self._memory.find, now)
        with self._memory.write_lock:
            if not self._memory.add(late, sources=late.provenance.turn_ids):
                return FactOutcome("dropped", None)
            for memory in changed:
                self._memory.replace(memory)
        return FactOutcome("added", late, late.supersedes, superseded_by=late.superseded_by)

    def _resolved(self, fact: Memory) -> Memory:
        lookup = self._memory.fact_lookup
        # The spelling facts already use for a name, or the entity a page lists it as an alias of.
        known = {
            entity_key(name): spelling
            for name in (*(n for n in (fact.subject,) if n), *fact.entities)
            if (spelling := lookup.spelling(fact.namespace, name) or self._memory.alias_of(fact.namespace, name))
            is not None
        }
        subject = canonical(fact.subject, known) if fact.subject else None
        entities = tuple(dict.fromkeys(canonical(e, known) for e in fact.entities))
        return replace(fact, subject=subject, entities=entities)


def _drawn_from_one_turn(a: Memory, b: Memory) -> bool:
    return bool(set(a.provenance.turn_ids) & set(b.provenance.turn_ids))
