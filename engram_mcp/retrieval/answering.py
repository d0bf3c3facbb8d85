"""The recall stages that decide how an answer reads: what the question asks (its focus), what
still holds and what comes first.

Built by the ``Retriever`` over the same index, embedder and catalogue; kept apart from the
ranking channels so each can change without the other:

- ``statuses``: each memory's status at the moment asked about (``retrieval/status.py``),
  with a fact that contradicts a pinned or hand-written one marked disputed;
- ``current_first``: what replaced an outdated memory ranks above it, when the replacement
  is about what the question asks (its focus), so a question about a job is not answered
  with a new address because the old one shared a turn with the old job; then the rules of
  ``retrieval/leading.py`` and ``retrieval/later_change.py`` choose what goes first.

Whether anything recalled addresses the question at all is ``retrieval/covering.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from itertools import chain

from engram_mcp.embedding.base import Embedder
from engram_mcp.index.base import MemoryFilter, VectorIndex
from engram_mcp.model import Kind, Memory, Source
from engram_mcp.model.corrections import ENDS, PUTS_RIGHT
from engram_mcp.model.entities import entity_key
from engram_mcp.model.supersede import conflicts, slot_of
from engram_mcp.model.temporal import Axis, visible_at
from engram_mcp.retrieval.abstain import focus_terms, focus_words, lexical_coverage
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.details import detail_asked
from engram_mcp.retrieval.focus import LEAD_DEPTH, Focus, Scored, about, lead
from engram_mcp.retrieval.instances import KIND_INSTANCES
from engram_mcp.retrieval.later_change import later_change_first, times_meant
from engram_mcp.retrieval.later_value import later_value_first
from engram_mcp.retrieval.leading import (
    change_first,
    is_ending,
    named_first,
    relation_fact_aside,
    slot_first,
    speaks_most_of,
    told_first,
    where_first,
    which_one_first,
)
from engram_mcp.retrieval.names_asked import (
    FRIENDS,
    capitalised,
    names_written_as_in,
    relations_named,
    relatives_given_names,
)
from engram_mcp.retrieval.question_words import RELATION_WORDS, TOPICS, slots_asked, stem, thing_asked_for
from engram_mcp.retrieval.readings import latest_reading_first
from engram_mcp.retrieval.replies import confirmed_first, said_before_reply_first
from engram_mcp.retrieval.slot_asked import about_topic, holds_another_slot, is_place
from engram_mcp.retrieval.status import MemoryStatus, State, current_first, status_of
from engram_mcp.retrieval.traits import trait_asked
from engram_mcp.retrieval.whom_asked import says_trait_of_whom_asked

__all__ = ["Answering"]

_RECALLED_DEPTH = 10
"""How many of the best memories recalled a stage reads for one that may lead."""
_ANSWER_DEPTH = 5
"""How many of the best memories a person reads for the answer."""
_INSTANCE_DEPTH = 10
"""How many memories naming an instance of a kind asked are read for one that answers."""
_ASKS_WHERE = re.compile(r"\bwhere\b", re.IGNORECASE)
_ASKS_WHEN = re.compile(r"\b(?:when|what\s+(?:time|date|day|night)|which\s+(?:day|date|night))\b", re.IGNORECASE)
_ASKS_A_VALUE = re.compile(r"\s*(what|how\s+many|how\s+much|how)\b", re.IGNORECASE)
_ASKS_WHO = re.compile(r"\W*(?:who|who's|whos|whom)\b", re.IGNORECASE)
_TO_ASSISTANT = re.compile(r"\b(?:you|your|yours|you'd|you've|you're)\b", re.IGNORECASE)
_AS_CLOSE = 0.05
"""How much further in meaning from the question than an ending what replaced it may be and still go first."""


class Answering:
    def __init__(
        self, index: VectorIndex, embedder: Embedder, catalogue: Catalogue, lexical_floor: float, focus_floor: float
    ) -> None:
        self._index = index
        self._embedder = embedder
        self._catalogue = catalogue
        self._lexical_floor = lexical_floor
        self._focus_floor = focus_floor

    def focus(self, query: str, where: MemoryFilter, recalled: Sequence[Memory] = ()) -> Focus:
        """What ``query`` asks; the names it writes as the ``recalled`` memories do are no words of what it asks."""
        namespace = where.namespace or ""
        named = self._catalogue.entities_named_in(query, namespace)
        speakers = self._catalogue.speakers(namespace)
        words = focus_words(query, speakers | named | names_written_as_in(query, (m.text for m in recalled)))
        return Focus(words, lambda text: self._embedder.embed([text])[0],
                     where=_ASKS_WHERE.search(query) is not None, named=frozenset(entity_key(n) for n in named),
                     speakers=frozenset(entity_key(s) for s in speakers), to_assistant=_TO_ASSISTANT.search(query) is not None,
                     asked_of=tuple(sorted(named)) if named else tuple(speakers) if len(speakers) == 1 else (),
                     when=_ASKS_WHEN.search(query) is not None, who=_ASKS_WHO.match(query) is not None, timing=times_meant(query),
                     asked_for=thing_asked_for(query, focus_terms(words)), trait=trait_asked(query, focus_terms(words)),
                     detail=detail_asked(query), relatives=self._relatives(query, recalled),
                     value=" ".join(asked.group(1).casefold().split()) if (asked := _ASKS_A_VALUE.match(query)) else "",
                     written_as_names=frozenset(stem(word.casefold()) for word in capitalised(query)[1:]))

    @staticmethod
    def _relatives(query: str, recalled: Sequence[Memory]) -> dict[str, str]:
        """The relations the question gives a name, or that it asks of alone and the recalled memories give one
        name ("my sister" as "Ilka" beside "My sister Ilka lives in Graz")."""
        given = relatives_given_names(query, (m.text for m in recalled))
        return {relation: next(iter(names)) for relation, names in given.items() if len(names) == 1} | relations_named(query)

    def statuses(self, memories: Sequence[Memory], where: MemoryFilter, now: datetime) -> dict[str, MemoryStatus]:
        """Each memory's status at the moment ``where`` looks at (``now`` for current recall)."""
        moment = where.known_at or where.valid_at or now
        axis = Axis.KNOWN if where.known_at is not None else Axis.VALID
        protected = self._catalogue.protected_facts(where.namespace or "", where.known_at)

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
        its turn gave one) over the first mention of the same thing. Before all, a person's turn over
        the assistant's reply to it."""

        def replied_to(reply: Memory) -> Memory | None:
            if reply.kind is not Kind.EPISODE or not reply.said_by_assistant():
                return None
            said = self._catalogue.previous(reply, 1)
            return said[0] if said and not said[0].said_by_assistant() and admitted(said[0]) else None

        def reply_to(turn: Memory) -> Memory | None:
            following = self._catalogue.following(turn)
            return following[0] if following and following[0].said_by_assistant() and admitted(following[0]) else None

        ranked = said_before_reply_first(list(ranked), focus, replied_to)
        statuses = self.statuses([m for m, _ in ranked], where, now)
        outdated = {i for i, s in statuses.items() if s.state is not State.CURRENT}

        def derived(turn_id: str) -> list[Memory]:
            # Only what holds now: a question about another moment reads the turns of that moment.
            return [m for m in self._catalogue.derived_from(turn_id) if m.is_current() and admitted(m)] if where.current_only else []

        def restated(turn_id: str) -> Memory | None:
            return speaks_most_of([m for m in derived(turn_id) if m.predicate == PUTS_RIGHT], focus)

        def said_in(memory: Memory) -> str:
            turn = self._catalogue.get(memory.provenance.turn_ids[0]) if memory.kind is Kind.FACT and memory.provenance.turn_ids else None
            return (turn or memory).text

        replaced = self._replacements_first(ranked, statuses, where, focus, admitted)
        first = change_first(slot_first(replaced, focus, self._held(focus, where, admitted)), focus, restated, derived)
        told = told_first(where_first(which_one_first(named_first(self._what_is_before_what_ended(first, where, focus), focus, outdated),
                                                      focus), focus), focus, outdated)
        later = latest_reading_first(later_change_first(told, focus, outdated, restated, said_in), focus, outdated)
        # A turn brought to the top by the steps after the first pass is read through its facts the same way,
        # and a reply brought there ("How nice to find a new choir so quickly!") gives way to what it answers, itself read
        # through its facts.
        # A turn naming what was so before beside what holds gives way to the reply that says only what holds.
        confirmed = confirmed_first(change_first(said_before_reply_first(change_first(later, focus, restated, derived), focus, replied_to),
                                                 focus, restated, derived), focus, reply_to)
        # What holds now: a value said again otherwise later ("Roofing: KSh 395,000 with Mzee Kioko") goes before the one
        # first said; asked of another moment, what was said by then is what was so.
        found = self._instance_first(later_value_first(confirmed, focus, outdated) if where.current_only else confirmed,
                                     where, focus, admitted)
        return _who_they_are_first(relation_fact_aside(self._trait_first(found, where, focus, admitted), focus, outdated),
                                   where, focus, admitted)

    def _instance_first(
        self, ranked: list[Scored], where: MemoryFilter, focus: Focus, admitted: Callable[[Memory], bool]
    ) -> list[Scored]:
        """"What sport does Katya do?" when the first memory names no sport: the best memory that names
        one ("bouldering w oksana tonight"), recalled or else searched for, leads, said by the person (not the
        assistant), naming whom else the question asks of and the relation it asks about ("my son" in "What
        sport does my son play?")."""
        kinds = tuple(term for term in focus.terms if term in KIND_INSTANCES)
        # "When is the twins' sports day?" asks when, not which sport.
        if (not kinds or not ranked or not where.current_only or focus.when or focus.where
                or lexical_coverage(kinds, [ranked[0][0].text]) > 0):
            return ranked
        words = list(dict.fromkeys(word for kind in kinds for word in KIND_INSTANCES[kind]))
        instances = " ".join(words)
        # Whole words as written: "carried 60 boxes" names no boxing, though the two share a stem.
        names_one = re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)
        others = focus.named - focus.speakers
        # One recalled further down ("volley cancelled tonight, gym closed") before one searched for.
        recalled = [memory for memory, _ in ranked[1:_RECALLED_DEPTH]]
        searched = (self._catalogue.get(hit.memory_id) for hit in self._index.search_sparse(instances, where, _INSTANCE_DEPTH))
        for memory in chain(recalled, searched):
            if memory is None or not _may_lead(memory, admitted):
                continue
            if (names_one.search(memory.text) and focus.relations_met(memory.text)
                    and (not others or others & about(memory.text, focus))):
                return lead(ranked, (memory, ranked[0][1]))
        return ranked

    def _trait_first(
        self, ranked: list[Scored], where: MemoryFilter, focus: Focus, admitted: Callable[[Memory], bool]
    ) -> list[Scored]:
        """"What does Parvin do for a living?", "Does Lupita have any health conditions?" when none of the
        first five memories says such a thing of whom it asks (``traits.py``): the first memory recalled, or
        else found by the trait's words, that says one ("My sister Parvin called. she is a florist") leads.
        Of the speaker, one they say is theirs ("I was a joiner for forty-five years", "im coeliac"); of
        someone else, one said where they are named, with the relation asked ("my son")."""
        trait = focus.trait
        if trait is None or not ranked or not where.current_only:
            return ranked
        others = focus.named - focus.speakers

        def says_theirs(memory: Memory) -> bool:
            return _may_lead(memory, admitted) and says_trait_of_whom_asked(memory, focus)

        # A current fact holding the trait's slot ("Lucía works as floor supervisor") answers already, said in words of any job.
        if any(says_theirs(memory) or memory.kind is Kind.FACT and memory.is_current() and (slot := slot_of(memory)) is not None
               and slot.predicate in trait.slots for memory, _ in ranked[:_ANSWER_DEPTH]):
            return ranked
        found = next((memory for memory, _ in ranked[_ANSWER_DEPTH:] if says_theirs(memory)), None)
        if found is None:
            words = " ".join([*sorted(trait.words), *others])
            found = next((memory for hit in self._index.search_sparse(words, where, _INSTANCE_DEPTH)
                          if (memory := self._catalogue.get(hit.memory_id)) is not None and says_theirs(memory)), None)
        return lead(ranked, (found, ranked[0][1]) if found is not None else None)

    def _held(self, focus: Focus, where: MemoryFilter, admitted: Callable[[Memory], bool]) -> list[Memory]:
        """The current facts in the slots the question asks about, for whom it asks, newest first."""
        if not where.current_only or not focus.asked_of:
            return []
        namespace = where.namespace or ""
        held = [fact for subject in focus.asked_of for predicate in slots_asked(focus.terms)
                for fact in self._catalogue.in_slot(namespace, subject, predicate) if fact.is_current() and admitted(fact)]
        return sorted(held, key=lambda fact: fact.event_time, reverse=True)

    def _what_is_before_what_ended(self, ranked: list[Scored], where: MemoryFilter, focus: Focus) -> list[Scored]:
        """"I left The Lumens. Started a new band, Paper Moons": when an ending leads, what the same
        turn says is so now goes before it, if that speaks to the question too."""
        if not focus.terms or not ranked or not is_ending(ranked[0][0]):
            return ranked
        ending = ranked[0][0]
        turns = set(ending.provenance.turn_ids)
        said_with = [m for m, _ in ranked[1:LEAD_DEPTH]
                     if m.kind is Kind.FACT and not is_ending(m) and turns & set(m.provenance.turn_ids)]
        if not said_with:
            return ranked
        # As close to the question as the ending ("taken up lawn bowls" for the sport June plays,
        # beside "given up golf"), not just said with it ("moved out" beside "broke up").
        scope = MemoryFilter(namespace=where.namespace, ids=tuple(m.id for m in (ending, *said_with)))
        cosine = {h.memory_id: h.score for h in self._index.search_dense(focus.vector, scope, len(said_with) + 1)}
        floor = cosine.get(ending.id, 1.0) - _AS_CLOSE
        close = {m.id for m in said_with if cosine.get(m.id, -1.0) >= floor}
        return lead(ranked, next((pair for pair in ranked if pair[0].id in close), None))

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


# Who someone is to a person, beside their name: "my wife kirra", "Lachlan's wife is kirra.", "moira, the wife, says".
_WHO_THEY_ARE = "(?:" + "|".join(sorted(map(re.escape, RELATION_WORDS | FRIENDS), key=len, reverse=True)) + r")\w*"
"""A word for who someone is to a person, by its stem ("wif" for "wife")."""


def _who_they_are_first(ranked: list[Scored], where: MemoryFilter, focus: Focus,
                        admitted: Callable[[Memory], bool]) -> list[Scored]:
    """"who's kirra", "Who is Tobenna?": asked only who someone is, the first memory recalled that says who they are to
    someone beside their name ("my wife kirra n our boy archie", "moira, the wife, says lead w the cough") leads."""
    others = focus.named - focus.speakers
    names = others if others and not focus.terms else (
        set(focus.terms) if not others and len(focus.terms) == 1 else set())
    if (not focus.who or not ranked or not where.current_only or len(names) != 1
            or names & RELATION_WORDS or any(names & words for words in TOPICS.values())):
        return ranked
    name = re.escape(next(iter(names)))
    says = re.compile(rf"\b(?:my|our|the|his|her|their|[\w-]+['’]s)\s+{_WHO_THEY_ARE}\s*(?:,|\bis\b)?\s*{name}\b|"
                      rf"\b{name}\s*(?:,|\(|\bis\b|['’]s)\s*(?:my|our|the|a|an|his|her|their)\s+(?:[\w-]+\s+)?{_WHO_THEY_ARE}\b",
                      re.IGNORECASE)
    return lead(ranked, next(((memory, ranked[0][1]) for memory, _ in ranked[:_RECALLED_DEPTH]
                              if _may_lead(memory, admitted) and says.search(memory.text)), None))


def _may_lead(memory: Memory, admitted: Callable[[Memory], bool]) -> bool:
    """Whether a memory a stage brings in may lead: one the filter admits, said by the person, and no fact that has ended."""
    return admitted(memory) and not memory.said_by_assistant() and not (memory.kind is Kind.FACT and not memory.is_current())
