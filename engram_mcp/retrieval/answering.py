"""The recall stages that decide how an answer reads: what still holds, what comes first, and
whether anything addresses the question at all.

Built by the ``Retriever`` over the same index, embedder and catalogue; kept apart from the
ranking channels so each can change without the other:

- ``statuses``: each memory's status at the moment asked about (``retrieval/status.py``),
  with a fact that contradicts a pinned or hand-written one marked disputed;
- ``current_first``: what replaced an outdated memory ranks above it, when the replacement
  is about what the question asks (its focus), so a question about a job is not answered
  with a new address because the old one shared a turn with the old job;
- ``coverage``: what abstention decides on (``retrieval/abstain.py``), including names the
  question asks about that the memory has never seen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from engram_mcp.embedding.base import Embedder
from engram_mcp.index.base import MemoryFilter, VectorIndex
from engram_mcp.model import Kind, Memory, Source
from engram_mcp.model.corrections import ENDS, PUTS_RIGHT
from engram_mcp.model.entities import entity_key
from engram_mcp.model.supersede import conflicts, slot_of
from engram_mcp.model.temporal import Axis, visible_at
from engram_mcp.model.time_expr import CALENDAR_NAMES
from engram_mcp.retrieval.abstain import (
    Coverage,
    about_topic,
    answers_slot,
    asks_name,
    focus_terms,
    focus_words,
    holds_another_slot,
    holds_asked_slot,
    is_place,
    is_plan,
    lexical_coverage,
    names_thing,
    speaks_of_another_topic,
    unmet_relations,
)
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.status import MemoryStatus, State, current_first, status_of

__all__ = ["Answering", "Focus"]

Scored = tuple[Memory, float]
_DEPTH = 10
_SLOT_DEPTH = 25
_ASKS_WHERE = re.compile(r"\bwhere\b", re.IGNORECASE)
_AS_CLOSE = 0.05
"""How much further in meaning from the question than an ending what replaced it may be and still go first."""
# Who a question asks about: "Nadia's blood type", "does Nadia", "is Nadia".
_ASKED_NAME = re.compile(r"\b([A-Z][a-z]{2,})(?:['’]s\b)|\b(?:does|did|is|was|has|had|will|can) ([A-Z][a-z]{2,})\b")
_NOT_NAMES = CALENDAR_NAMES | frozenset("What Which Who When Where Why How".split())


def _slot_first(ranked: list[Scored], focus: Focus) -> list[Scored]:
    """"Where does Ana work?" is answered by the works-at fact that holds: it goes first (a plan
    for the slot, when nothing holds it)."""
    if not focus.terms or not ranked:
        return ranked
    # A fact that answers the question whole is rare enough to be trusted further down than the rest
    # ("Orla's doctor is Dr Mulcahy" 14th for "Who is Orla's GP?", behind turns that say "GP").
    answering = [pair for pair in ranked[:_SLOT_DEPTH] if pair[0].kind is Kind.FACT and answers_slot(focus.terms, pair[0])]
    # A fact that holds the slot before a plan for it; of two slots a word asks about ("study"),
    # the place when the question asks where, else the other.
    answering.sort(key=lambda pair: (is_plan(pair[0]), is_place(pair[0]) != focus.where))
    return _lead(ranked, answering[0] if answering else None)


Restated = Callable[[str], Memory | None]
"""The fact that says what holds where a turn names an old value too (``PUTS_RIGHT``), by the turn's id."""
Derived = Callable[[str], list[Memory]]
"""The current facts drawn from a turn, by the turn's id."""


def _change_first(ranked: list[Scored], focus: Focus, restated: Restated, derived: Derived) -> list[Scored]:
    """"Actually, the bistro is in Vieux Lyon, not Croix-Rousse": a turn that changes what was
    known names the old value too; the fact it gave, which replaced the old one, says only what
    is so now, so it goes first (found however far down it ranks, if it is about the question).
    So does a fact the turn gave in the slot asked about ("They have put me with a new doctor, Dr.
    Haddad" for "who is my doctor?" when the turn also names the retiring one)."""
    if not ranked or ranked[0][0].kind is Kind.FACT:
        return ranked
    turn = ranked[0][0].id
    said = restated(turn)
    if said is None or not _about(said.text, focus):
        said = next((fact for fact in derived(turn) if focus.terms and holds_asked_slot(focus.terms, fact)), None)
    # The change's fact leads only when it speaks to the question: a turn says several things, and
    # "Keiko will drive up and get her on Saturday" is no answer to where her mother lives.
    return _lead(ranked, next((pair for pair in ranked[1:_DEPTH] if _restates_change_of(pair[0], turn)
                               and _speaks_to(pair[0], focus)), None) or _scored_beside(said, ranked[0]))


def _speaks_to(fact: Memory, focus: Focus) -> bool:
    return not focus.terms or bool(_about(fact.text, focus)) or holds_asked_slot(focus.terms, fact)


def _scored_beside(memory: Memory | None, pair: Scored) -> Scored | None:
    return None if memory is None else (memory, pair[1])


def _restates_change_of(memory: Memory, turn_id: str) -> bool:
    # A fact that replaced another, or one that says what holds where its turn names both.
    return (memory.kind is Kind.FACT and (bool(memory.supersedes) or memory.predicate == PUTS_RIGHT) and memory.is_current()
            and turn_id in memory.provenance.turn_ids)


def _named_first(ranked: list[Scored], focus: Focus, outdated: set[str]) -> list[Scored]:
    """A turn can say more than its facts keep: when the first memory names only part of what the
    question asks about, a current one that names all of it goes first (not the turn a change was
    drawn from, which names what was so before)."""
    # A fact in the asked slot names it by its slot ("Callum bought a Kia Niro" for the car he
    # drives), however few of the question's words it uses.
    first = ranked[0][0] if ranked else None
    if (first is None or not focus.terms or lexical_coverage(focus.terms, [first.text]) == 1
            or first.kind is Kind.FACT and answers_slot(focus.terms, first)):
        return ranked
    return _lead(ranked, next((pair for pair in ranked[:_DEPTH]
                               if pair[0].id not in outdated and lexical_coverage(focus.terms, [pair[0].text]) == 1
                               and not _restates_change_of(first, pair[0].id)), None))


# Words a person uses when what they said before no longer holds: "went with a Fairphone in the
# end", "the old van goes to the wreckers", "it's going to be in Abuja now", "Kwik from now on".
_CHANGED = re.compile(
    r"\b(?:now|instead|in\s+the\s+end|ended\s+up|switched|swapped|changed|change\s+of\s+plans?|update|no\s+more|"
    r"no\s+longer|any\s*more|from\s+now\s+on|fell\s+through|cancel(?:l)?ed|is\s+off|are\s+off|replaced|rebooked|"
    r"rescheduled|postponed|moved|old|new|after\s+all|not\s+any\s+longer|signed\s+(?:\w+\s+){0,2}?up|enrolled|"
    r"from\s+next\s+(?:week|month|year)|starting\s+next\s+(?:week|month)|"
    # what one has now, said as getting it: "picked up the Sony A7 IV from Orms"
    r"picked\s+(?:\w+\s+){0,3}?up|bought|got\s+(?:a|the|my)\s+new|traded\s+in|sold)\b",
    re.IGNORECASE,
)
_LATER = timedelta(hours=1)
_NAME_IN_TEXT = re.compile(r"\b[A-Z][\w'’-]+")
_NAME_INSIDE = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'’-]+")


def _later_change_first(ranked: list[Scored], focus: Focus, outdated: set[str], restated: Restated) -> list[Scored]:
    """"My Lagos orders go through GIG Logistics", then days later "we ended up going with Kwik for
    all the Lagos orders": when the first memory is no fact that holds the asked slot, a later
    current one about the same thing that says something changed goes first."""
    first = ranked[0][0] if ranked else None
    if first is None or not focus.terms or first.kind is Kind.FACT and answers_slot(focus.terms, first):
        return ranked
    asked = _about(first.text, focus)
    if not asked:
        return ranked
    # A memory that shares only a person's name with the question may not lead when it speaks of
    # another topic: Ray's new medicine is no answer to what car Ray had ("Carlos switched to
    # Vueling" still answers where Carlos works).
    changes = [(pair[0].predicate == PUTS_RIGHT or restated(pair[0].id) is not None, len(shared), -rank, pair)
               for rank, pair in enumerate(ranked[1:_DEPTH])
               if pair[0].id not in outdated and pair[0].event_time > first.event_time + _LATER
               and (_CHANGED.search(pair[0].text) or pair[0].predicate == PUTS_RIGHT)
               and (shared := (about := _about(pair[0].text, focus)) & asked)
               and (about & set(focus.terms) or not speaks_of_another_topic(focus.terms, pair[0].text))]
    # What says outright that something changed ("Pilar's update on the operation: now it is the
    # 17th"), then the one that shares most of what the question asks with the first, then the best
    # ranked; a correction restated as what holds goes before the turn that made it (which names both).
    chosen = max(changes, key=lambda change: change[:3])[3] if changes else None
    if chosen is not None:
        # Not a restatement about another topic than the question: "I will take atorvastatin
        # instead", said on meeting the new doctor, is no answer to who the doctor is.
        restatement = next((pair for pair in ranked[:_DEPTH] if pair[0].predicate == PUTS_RIGHT
                            and chosen[0].id in pair[0].provenance.turn_ids), None) or _scored_beside(
            restated(chosen[0].id), chosen)
        chosen = restatement if restatement is not None and (
            _speaks_to(restatement[0], focus) or not speaks_of_another_topic(focus.terms, restatement[0].text)) else chosen
    return _lead(ranked, chosen)


def _about(text: str, focus: Focus) -> set[str]:
    """What of the question ``text`` speaks of: each focus word it meets, and each name the
    question names that it names."""
    met = {term for term in focus.terms if lexical_coverage((term,), [text]) > 0}
    # Someone the question asks about counts wherever they are named ("Big day. Ray saw …", "Ray's
    # medication"); a speaker only inside a sentence, since every fact about them opens with their name.
    anywhere = {entity_key(re.sub(r"['’]s$", "", w)) for w in _NAME_IN_TEXT.findall(text)}
    inside = {entity_key(re.sub(r"['’]s$", "", w)) for w in _NAME_INSIDE.findall(text)}
    return met | {name for name in focus.named if name in (inside if name in focus.speakers else anywhere)}


def _lead(ranked: list[Scored], best: Scored | None) -> list[Scored]:
    if best is None or best is ranked[0]:
        return ranked
    return [(best[0], ranked[0][1] * 1.0001 + 1e-9), *(pair for pair in ranked if pair[0].id != best[0].id)]


def _is_ending(memory: Memory) -> bool:
    slot = slot_of(memory)
    return memory.kind is Kind.FACT and (memory.predicate == ENDS or (slot is not None and slot.negated))


class Focus:
    """What a question asks once known names are taken out, with its vector computed at most once."""

    def __init__(self, words: tuple[str, ...], embed: Callable[[str], Sequence[float]], where: bool = False,
                 named: frozenset[str] = frozenset(), speakers: frozenset[str] = frozenset()) -> None:
        self.words = words
        self.terms = focus_terms(words)
        self.where = where
        """Whether it asks where: "Where does Sofia study?" is her university, "What does she study?" her subject."""
        self.named = named
        """The known names the question names, as entity keys ("julien" in "Where is Julien's bistro?")."""
        self.speakers = speakers
        """The namespace's speakers, as entity keys."""
        self._embed = embed
        self._vector: Sequence[float] | None = None

    @property
    def vector(self) -> Sequence[float]:
        if self._vector is None:
            self._vector = self._embed(" ".join(self.words))
        return self._vector


class Answering:
    def __init__(
        self, index: VectorIndex, embedder: Embedder, catalogue: Catalogue, lexical_floor: float, focus_floor: float
    ) -> None:
        self._index = index
        self._embedder = embedder
        self._catalogue = catalogue
        self._lexical_floor = lexical_floor
        self._focus_floor = focus_floor

    def focus(self, query: str, where: MemoryFilter) -> Focus:
        namespace = where.namespace or ""
        named = self._catalogue.entities_named_in(query, namespace)
        names = self._catalogue.speakers(namespace) | named
        return Focus(focus_words(query, names), lambda text: self._embedder.embed([text])[0],
                     where=_ASKS_WHERE.search(query) is not None, named=frozenset(entity_key(n) for n in named),
                     speakers=frozenset(entity_key(s) for s in self._catalogue.speakers(namespace)))

    def statuses(self, memories: Sequence[Memory], where: MemoryFilter, now: datetime) -> dict[str, MemoryStatus]:
        """Each memory's status at the moment ``where`` looks at (``now`` for current recall)."""
        moment = where.known_at or where.valid_at or now
        axis = Axis.KNOWN if where.known_at is not None else Axis.VALID
        protected = self._catalogue.protected_facts(where.namespace or "")

        def overruled_by(fact: Memory) -> Memory | None:
            if fact.pinned or fact.provenance.source is Source.HUMAN_EDIT:
                return None
            slot = slot_of(fact)
            return next((p for p in protected if p.id != fact.id and conflicts(slot, slot_of(p))), None)

        get, derived = self._catalogue.get, self._catalogue.derived_from
        statuses = {m.id: status_of(m, moment, axis, get, derived, overruled_by) for m in memories}
        return {i: self._with_holders(s, moment, axis) for i, s in statuses.items()}

    def _with_holders(self, status: MemoryStatus, moment: datetime, axis: Axis) -> MemoryStatus:
        """An ending ("Sam left Google") is not what holds now: the slot's positive fact that does
        ("Sam works at Meta") replaces it, when there is one."""
        if not status.replacements:
            return status
        holders = tuple(dict.fromkeys(self._holder(r, moment, axis) for r in status.replacements))
        first = self._holder(status.replaced_by, moment, axis) if status.replaced_by else None
        return replace(status, replaced_by=first, replacements=holders)

    def _holder(self, fact: Memory, moment: datetime, axis: Axis) -> Memory:
        if fact.predicate == ENDS and fact.subject:
            return self._instead(fact, moment, axis)
        slot = slot_of(fact)
        if slot is None or not slot.negated or not fact.subject:
            return fact
        holding = [
            m for m in self._catalogue.facts_about(fact.namespace, fact.subject)
            if visible_at(m, moment, axis) and (s := slot_of(m)) is not None and not s.negated
            and s.predicate == slot.predicate and s.subject == slot.subject
        ]
        return max(holding, key=lambda m: (m.event_time, m.id), default=fact)

    def _instead(self, ending: Memory, moment: datetime, axis: Axis) -> Memory:
        """"Trados licence cancelled, switched to memoQ": what the same turn put in the place of
        what the ending ended ("Farah uses memoQ"), else the ending itself."""
        ended = {slot.predicate for i in ending.supersedes
                 if (m := self._catalogue.get(i)) is not None and (slot := slot_of(m)) is not None}
        turns = set(ending.provenance.turn_ids)
        instead = [
            m for m in self._catalogue.facts_about(ending.namespace, ending.subject or "")
            if m.id != ending.id and visible_at(m, moment, axis) and turns & set(m.provenance.turn_ids)
            and (s := slot_of(m)) is not None and not s.negated and s.predicate in ended
        ]
        return max(instead, key=lambda m: (m.event_time, m.id), default=ending)

    def current_first(
        self, ranked: Sequence[Scored], where: MemoryFilter, now: datetime, focus: Focus,
        admitted: Callable[[Memory], bool],
    ) -> list[Scored]:
        """``ranked`` with each relevant replacement of an outdated memory placed above it; then
        first: a fact that answers the question's slot whole (at the moment asked about), the fact
        a change gave over the turn it came from (or the turn's fact in the asked slot), what a
        turn says is so now over the ending it also says, a current memory that names what is
        asked over a first one that names none of it, and a later change (its restatement, when
        its turn gave one) over the first mention of the same thing."""
        statuses = self.statuses([m for m, _ in ranked], where, now)
        outdated = {i for i, s in statuses.items() if s.state is not State.CURRENT}

        def derived(turn_id: str) -> list[Memory]:
            # Only what holds now: a question about another moment reads the turns of that moment.
            return [m for m in self._catalogue.derived_from(turn_id) if m.is_current() and admitted(m)] if where.current_only else []

        def restated(turn_id: str) -> Memory | None:
            return next((m for m in derived(turn_id) if m.predicate == PUTS_RIGHT), None)

        first = _change_first(_slot_first(self._replacements_first(ranked, statuses, where, focus, admitted), focus), focus,
                              restated, derived)
        later = _later_change_first(
            _named_first(self._what_is_before_what_ended(first, where, focus), focus, outdated), focus, outdated, restated
        )
        # A turn brought to the top by the steps after the first pass is read through its facts the same way.
        return _change_first(later, focus, restated, derived)

    def _what_is_before_what_ended(self, ranked: list[Scored], where: MemoryFilter, focus: Focus) -> list[Scored]:
        """"I left The Lumens. Started a new band, Paper Moons": when an ending leads, what the same
        turn says is so now goes before it, if that speaks to the question too."""
        if not focus.terms or not ranked or not _is_ending(ranked[0][0]):
            return ranked
        ending = ranked[0][0]
        turns = set(ending.provenance.turn_ids)
        said_with = [m for m, _ in ranked[1:_DEPTH]
                     if m.kind is Kind.FACT and not _is_ending(m) and turns & set(m.provenance.turn_ids)]
        if not said_with:
            return ranked
        # As close to the question as the ending ("taken up lawn bowls" for the sport June plays,
        # beside "given up golf"), not just said with it ("moved out" beside "broke up").
        scope = MemoryFilter(namespace=where.namespace, ids=tuple(m.id for m in (ending, *said_with)))
        cosine = {h.memory_id: h.score for h in self._index.search_dense(focus.vector, scope, len(said_with) + 1)}
        floor = cosine.get(ending.id, 1.0) - _AS_CLOSE
        close = {m.id for m in said_with if cosine.get(m.id, -1.0) >= floor}
        return _lead(ranked, next((pair for pair in ranked if pair[0].id in close), None))

    def _replacements_first(
        self, ranked: Sequence[Scored], statuses: Mapping[str, MemoryStatus], where: MemoryFilter, focus: Focus,
        admitted: Callable[[Memory], bool],
    ) -> list[Scored]:
        replacements = {r.id: r for s in statuses.values() for r in s.replacements}
        if not replacements and all(s.replaced_by is None for s in statuses.values()):
            return list(ranked)
        relevant = self._relevant(list(replacements.values()), where, focus)
        # Of what replaced parts of an outdated turn, only the part the question is about leads;
        # what replaced the whole of one leads when that turn is about the question (in a small
        # memory an unrelated turn can rank high) and the replacement speaks of no other slot than
        # the question asks of ("Sid lives in Leith" is no answer to who supervises his PhD, though
        # the turn it replaced named the PhD), and a pinned fact over a disputed one always does.
        by_id = {m.id: m for m, _ in ranked}
        wholly = self._relevant([by_id[i] for i, s in statuses.items() if s.wholly and i in by_id], where, focus)
        kept = {
            i: replace(s, replaced_by=next((r for r in s.replacements if r.id in relevant or i in wholly
                                            and not holds_another_slot(focus.terms, r)), None))
            if s.replacements else s
            for i, s in statuses.items()
        }
        return current_first(ranked, kept, admitted)

    def _relevant(self, memories: Sequence[Memory], where: MemoryFilter, focus: Focus) -> set[str]:
        """The memories that speak to the question's focus: most of its words, or close in meaning."""
        if not focus.terms:
            return {m.id for m in memories}
        chosen = {
            m.id for m in memories
            if about_topic(focus.terms, m) or lexical_coverage(focus.terms, [m.text]) >= self._lexical_floor
            # "Where is Julien's bistro?": a place is what a where-question asks, of whoever it names.
            or focus.where and m.kind is Kind.FACT and is_place(m) and bool(focus.named & {entity_key(e) for e in m.entities})
        }
        rest = tuple(m.id for m in memories if m.id not in chosen)
        if rest:
            scope = MemoryFilter(namespace=where.namespace, ids=rest)
            chosen |= {h.memory_id for h in self._index.search_dense(focus.vector, scope, len(rest))
                       if h.score >= self._focus_floor}
        return chosen

    def coverage(
        self, query: str, where: MemoryFilter, recalled: Sequence[Memory], confidence: float, focus: Focus,
        instructions: bool,
    ) -> Coverage:
        """What abstention decides on (see retrieval/abstain.py)."""
        unknown = self.unknown_names(query, where)
        if not focus.terms:
            return Coverage(confidence, focus.terms, instructions=instructions, unknown_names=unknown)
        top = recalled[:_DEPTH]
        # Anything recalled may name the relation: the answer is read from the whole context.
        unmet = unmet_relations(focus.terms, [m.text for m in recalled])
        lexical = 1.0 if any(about_topic(focus.terms, m) for m in top) else lexical_coverage(
            focus.terms, [m.text for m in top]
        )
        focus_cosine = confidence
        if lexical < self._lexical_floor:
            found = self._index.search_dense(focus.vector, where, _DEPTH)
            focus_cosine = max((h.score for h in found), default=0.0)
        unnamed = asks_name(query) and not any(names_thing(focus.terms, m.text) for m in top)
        return Coverage(confidence, focus.terms, lexical, focus_cosine, instructions, unknown, unmet_relations=unmet,
                        unnamed=unnamed)

    def unknown_names(self, query: str, where: MemoryFilter) -> tuple[str, ...]:
        """Names the question asks about that no memory in its namespace contains."""
        asked = {a or b for a, b in _ASKED_NAME.findall(query)} - _NOT_NAMES
        namespace = where.namespace or ""
        known = {s.casefold() for s in self._catalogue.speakers(namespace)}
        scope = MemoryFilter(namespace=where.namespace)
        return tuple(
            sorted(
                name for name in asked
                if name.casefold() not in known and not self._index.search_sparse(name, scope, 1)
            )
        )
