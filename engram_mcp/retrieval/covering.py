"""Whether anything recalled addresses the question: what abstention (``retrieval/abstain.py``) decides on.

Kept apart from the stages that order an answer (``retrieval/answering.py``): those choose what goes
first, this only reads how much of what is asked the recalled memories tell, of whom it is asked, and
which names the question asks about that no memory holds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from engram_mcp.index.base import MemoryFilter, VectorIndex
from engram_mcp.index.sparse import tokenize
from engram_mcp.model import Kind, Memory
from engram_mcp.model.entities import entity_key
from engram_mcp.model.pasted import without_doubted_message
from engram_mcp.model.supersede import slot_of
from engram_mcp.retrieval.abstain import Coverage, lexical_coverage, stem_of, unmet_relations
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.details import OF_A_PERSON, Detail
from engram_mcp.retrieval.focus import SENTENCE_END, Focus, about
from engram_mcp.retrieval.further_details import any_detail_asked
from engram_mcp.retrieval.kinds_asked import kinds_unsaid
from engram_mcp.retrieval.names_asked import (
    asks_anothers_relatives,
    asks_of_a_name_after,
    capitalised,
    names_asked,
    names_asked_of,
    names_person,
    owners_asked_of,
    relations_named,
    relatives_asked_of,
    verbs_asked_of,
)
from engram_mcp.retrieval.naming import (
    asks_first_name,
    asks_given_name,
    asks_name,
    asks_surname,
    names_thing,
    things_to_name,
    without_name_asked,
)
from engram_mcp.retrieval.question_words import asks_a_belonging
from engram_mcp.retrieval.slot_asked import about_topic
from engram_mcp.retrieval.unsaid import unsaid_of, without_others_ordinals, workplace_given
from engram_mcp.retrieval.value_kinds import kinds_not_asked, said_of_another_kind
from engram_mcp.retrieval.whom_asked import (
    may_be_of_whom_asked,
    names_no_one_asked,
    of_someone_else,
    opens_on_someone_else,
    said_only_as_anothers,
    tells_trait_of_another_asked,
    told_of_them,
)

__all__ = ["Covering"]

_DEPTH = 10
"""How many of the best memories coverage reads."""


def _tells_detail_of_whom_asked(memory: Memory, detail: Detail, focus: Focus, *, of_the_speaker: bool = False,
                                kinds: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()) -> bool:
    """Whether ``memory`` tells ``detail`` of whom the question names. "What colour is Ilka's car?" is
    not told by "I drive a red Skoda": the speaker's own car is no one else's. Asked of no one by relation
    or belonging, a line naming someone else tells nothing of whom is asked ("How much does Tamsin earn at
    Ovo?" by "offer from Octopus Energy. senior QA, £58k."), while a list's line naming no one may
    ("How much do I owe for Naledi's school trip?" by "- pay R85 zoo trip on the school app"). What the speaker
    paid (``of_the_speaker``) is not told by a line saying they sold it ("vendí el Jetta!! $2,300"). A value said to be
    of a kind the question excludes (``kinds``) tells nothing: "What is Jitka's personal phone number?" is not told by
    "new phone number for work: 731 455 902". Asked of the speaker, a person's own detail is not told by what is said of
    someone else ("When is Alasdair's own birthday?" by "her birthday is the 14th of February")."""
    # A fact about the speaker is theirs: "Lavinia is 71 years old." tells nothing of her grandson Toby.
    others = focus.named - focus.speakers
    if detail.name in OF_A_PERSON and names_no_one_asked(memory, focus):
        return False
    speakers_own = of_the_speaker and detail.name in OF_A_PERSON and not others
    if speakers_own and memory.kind is Kind.FACT and entity_key(memory.subject or "") not in focus.speakers:
        return False
    if (memory.kind is Kind.FACT and others and entity_key(memory.subject or "") in focus.speakers
            and not others & about(memory.text, focus)):
        return False

    # "for Adebayo's cousin's 60th birthday …, but Folasade's knee is bad" tells the cousin's age, not Folasade's.
    asked_by_name = {stem_of(name) for name in others} if others and not focus.relations else None

    def in_a_sentence_of_theirs(text: str) -> bool:
        # "my grandson Toby has set up this programme … I am 71" tells the speaker's age, not Toby's; the sentence holding
        # the value need not say what it is of ("my cousin Makana gave me $3,500 for it").
        return any(detail.value_in(sentence if asked_by_name is None else without_others_ordinals(sentence, asked_by_name))
                   and not said_of_another_kind(kinds, sentence)
                   and not (speakers_own and (of_someone_else(sentence) or opens_on_someone_else(sentence, text, focus)))
                   and may_be_of_whom_asked(replace(memory, text=sentence), focus)
                   for sentence in SENTENCE_END.split(text))

    if focus.relations or asks_a_belonging(focus.terms):
        return (detail.told_of(memory.text, focus.terms, counted=focus.counted) and may_be_of_whom_asked(memory, focus)
                and in_a_sentence_of_theirs(memory.text))
    speakers_payment = of_the_speaker and _PAID in focus.terms
    return any(detail.told_of(line, focus.terms, within=memory.text, counted=focus.counted) and may_be_of_whom_asked(replace(memory, text=line), focus)
               and in_a_sentence_of_theirs(line) and not (speakers_payment and _SOLD.search(line) and not _BOUGHT.search(line))
               for line in memory.text.splitlines())


# "What are the names of Saoirse's grandchildren?", "What are Declan's kids called?": the names of several.
_NAMES_OF_SEVERAL = re.compile(r"\bnames\b|\b(?:are|were)\s+(?:[\w'’]+\s+){1,4}?(?:called|named)\b", re.IGNORECASE)
_PAID = stem_of("pay")
_SOLD = re.compile(r"\b(?:sold|sell|selling|vend[ií]|vendido|vendu|verkauft|sprzeda\w+|prodal\w*)\b", re.IGNORECASE)
_BOUGHT = re.compile(r"\b(?:bought|paid|buy|buying|compr[eé]|pagu[eé]|achet[eé]|gekauft|kupi\w+)\b", re.IGNORECASE)


class Covering:
    def __init__(self, index: VectorIndex, catalogue: Catalogue, lexical_floor: float) -> None:
        self._index = index
        self._catalogue = catalogue
        self._lexical_floor = lexical_floor

    def coverage(
        self, query: str, where: MemoryFilter, recalled: Sequence[Memory], confidence: float, focus: Focus,
        instructions: bool, opened_with: str | None = None,
    ) -> Coverage:
        """What abstention decides on (see retrieval/abstain.py). ``opened_with``: the word a question read from another
        language opened with, capitalised as any first word is: no unknown name when a recalled memory says a word it
        begins ("Yük nerede boşaltılacak?", read "Where is Yük boşaltılacak?", asks of the load "Yükü" speaks of)."""
        unknown = tuple(name for name in self.unknown_names(query, where, recalled)
                        if name != opened_with or not _begins_a_word_in(name, recalled))
        # "my grandson says this message is fake … "Dear Customer, … – First Bank"": what a doubted message claims is no
        # answer to what is asked of the person (whether they bank there, their number, a prize they won).
        doubted = {m.id for m in recalled if m.kind is not Kind.FACT and without_doubted_message(m.text) != m.text}
        recalled = [replace(m, text=without_doubted_message(m.text)) if m.id in doubted else m for m in recalled]
        if not focus.terms:
            return Coverage(confidence, focus.terms, instructions=instructions, unknown_names=unknown)
        top = recalled[:_DEPTH]
        # "What does Gareth's daughter Cerys do?" is met by "our Cerys rang, she's made sergeant".
        given_names = {relation: name for relation, name in relations_named(query).items()
                       if any(names_person(name, m.text) for m in recalled)}
        terms = tuple(dict.fromkeys(stem_of(given_names[term].casefold()) if term in given_names else term
                                    for term in focus.terms))
        # Anything recalled may name the relation: the answer is read from the whole context.
        unmet = unmet_relations(tuple(term for term in terms if term not in focus.counted), [m.text for m in recalled])
        surname = asks_surname(query)
        owners = asks_anothers_relatives(query, focus.speakers)
        # The names of several ("What are the names of Saoirse's grandchildren?") are said in too many ways ("my grandson
        # Cian … His sister Niamh") to decline when none is given as a name; asked of someone else's, the speaker's own
        # relatives are no answer ("What are the names of Solveig's sons?" beside "My son Eirik").
        name_asked = asks_name(query) and (bool(owners) or _NAMES_OF_SEVERAL.search(query) is None)
        things = things_to_name(query, focus.terms)
        first_name = asks_first_name(query)
        whose = owners_asked_of(query, focus.speakers)
        # A surname is the name after one the question says ("Neil" in "What's Neil the farrier's surname?"), not after a
        # word for what they do ("Farrier Neil is booked").
        naming = [m for m in top if names_thing(focus.terms if surname else things, m.text, surname=surname,
                                                first_name=first_name, owners=owners, whose=whose,
                                                given_name=asks_given_name(query))] if name_asked else []
        # "What's my wife's name?" is met by "my wife mere's course fees": the name given answers "name",
        # when the memory giving it holds every other word asked ("Young-hee's own doctor" is not met so).
        named = without_name_asked(focus.terms)
        wholly_named = bool(naming and named) and lexical_coverage(named, [m.text for m in naming]) == 1.0
        # "What is Jase's trade?" is met by "partner is Jase, he's an electrician": a trait said of whom it asks.
        # "What is Grzegorz's trade?" is met by "Grzegorz works as a plasterer.": the trait's slot held for the speaker.
        trait_said = any(tells_trait_of_another_asked(m, focus) or _holds_the_speakers_trait(m, focus) for m in top)
        # "What breed is Pretzel?" is met by "My dog Pretzel is a beagle": a detail told in its own form of whom it names.
        asked_detail = any_detail_asked(query)
        # A belonging's make only chooses what leads: no list names every make, so none told declines nothing.
        detail = None if asked_detail is None or asked_detail.belonging else asked_detail
        # "What is Maya Peretz's hourly rate?" asks of her though no fact names her yet: the turns that do make her
        # someone, so "My brother Gil … Pay him ₪60 per hour" tells her rate no more than a known name's would. (A thing's
        # price is said beside whoever sells it: "How much is the DJ for Sofía's quinceañera?" by "DJ Beto quoted $450".)
        written_of = names_asked_of(query, focus.speakers)
        of_whom_written = focus.also_naming({entity_key(name) for name in written_of
                                             if any(names_person(name, m.text) for m in recalled)}) if (
            detail is not None and detail.name in OF_A_PERSON) else focus
        others = focus.named - focus.speakers
        of_the_speaker = not focus.relations and not written_of
        told_of_whom_asked = detail is not None and any(
            any(detail.told_of(line, focus.terms, within=m.text, counted=focus.counted) for line in m.text.splitlines()) if detail.of_an_event else
            _tells_detail_of_whom_asked(m, detail, of_whom_written, of_the_speaker=of_the_speaker,
                                        kinds=kinds_not_asked(query, detail))
            for m in top)
        # Said of them by "he" or "she" where the memory names them ("My brother Gil … Pay him ₪60 per hour").
        # Asked of the speaker, "$38 an hour up from $32" tells "What's Tevita's new pay rate?" though it says neither word.
        detail_told = detail is not None and (any(
            detail.told_of(sentence, focus.terms, counted=focus.counted) and told_of_them(sentence, m, others, focus)
            for m in top for sentence in SENTENCE_END.split(m.text)) if others else detail.answers_by_its_form and told_of_whom_asked)
        # "What engine does Kittiwake have?": the name owns what is asked, and is not it, so a memory naming it
        # ("kittiwake's going to portimao") covers nothing asked; the other words must be held.
        held_names = _names_held(query, focus.asked_for, recalled)
        asked = tuple(term for term in terms if term not in held_names) or terms
        lexical = 1.0 if wholly_named or trait_said or detail_told or any(about_topic(focus.terms, m) for m in top) else (
            lexical_coverage(asked, [m.text for m in top], broad=True))
        focus_cosine = confidence
        if lexical < self._lexical_floor:
            words = [word for word in focus.words if stem_of(word.casefold()) not in held_names]
            vector = focus.vector if len(asked) == len(terms) or not words else focus.vector_of(" ".join(words))
            found = self._index.search_dense(vector, where, _DEPTH)
            focus_cosine = max((h.score for h in found if h.memory_id not in doubted), default=0.0)
        unnamed = name_asked and not naming
        # A belonging asked of someone by who they are ("What car does my sister drive?"): what is said of them answers,
        # never the speaker's own. (Other slots asked so are said in more ways: "my daughter Lucía turns 7 on 14 September".)
        asked_of = names_asked_of(query, focus.speakers) or (
            relatives_asked_of(query, (m.text for m in recalled)) if asks_a_belonging(focus.terms) else set())
        unsaid = unsaid_of(asked_of, focus.terms, recalled, where=focus.where,
                           other_names=capitalised(query), verbs=() if focus.when else verbs_asked_of(query),
                           tells_detail=detail.told_in if detail is not None and detail.answers_by_its_form else None,
                           workplace=workplace_given(query), named_after=asks_of_a_name_after(query))
        # "Who is Leo's teacher?" is not told by "My daughter Mia's teacher is Mrs Hartley".
        unsaid = unsaid or said_only_as_anothers(asked_of or relatives_asked_of(query, (m.text for m in recalled)), focus, recalled)
        unmet_kinds = kinds_unsaid(query, (m.text for m in recalled))
        untold = detail.name if detail and not told_of_whom_asked else None
        return Coverage(confidence, focus.terms, lexical, focus_cosine, instructions, unknown, unmet_relations=unmet,
                        unnamed=unnamed, unsaid_of=unsaid, untold=untold, unmet_kinds=unmet_kinds)

    def unknown_names(self, query: str, where: MemoryFilter, recalled: Sequence[Memory] = ()) -> tuple[str, ...]:
        """Names the question asks about that no memory in its namespace contains."""
        asked = names_asked(query)
        namespace = where.namespace or ""
        known = {s.casefold() for s in self._catalogue.speakers(namespace)}
        scope = MemoryFilter(namespace=where.namespace)
        return tuple(
            sorted(
                name for name in asked
                if name.casefold() not in known and not _said_in(name, recalled)
                and not self._index.search_sparse(name, scope, 1)
            )
        )


def _begins_a_word_in(word: str, recalled: Sequence[Memory]) -> bool:
    """Whether a recalled memory says a word beginning with ``word``, as a language that adds endings says it ("Yükü")."""
    begins = re.compile(rf"(?<![^\W_]){re.escape(word.casefold())}")
    return any(begins.search(memory.text.casefold()) for memory in recalled)


def _said_in(name: str, recalled: Sequence[Memory]) -> bool:
    """Whether a recalled memory says ``name`` as whole words, and so the keyword index holds it (it finds a memory
    sharing any word of the name it keeps): known without asking the index again."""
    if not tokenize(name):
        return False
    said = re.compile(rf"(?<![^\W_]){re.escape(name.casefold())}(?![^\W_])")
    return any(said.search(memory.text.casefold()) for memory in recalled)


def _names_held(query: str, thing_asked: str, recalled: Sequence[Memory]) -> set[str]:
    """The names (stems) a recalled memory holds that own what the question asks for: "kittiwak" in "What engine does
    Kittiwake have?", "groomly" in "What is Groomly's churn rate?". Not a name asked of alone ("How old is Manon?", "What
    does Dai use to communicate?": "Manon is 9", "uses an eye-gaze device" answer them in other words). A name no memory
    holds is what ``unknown_names`` declines for."""
    owners = {name for name in names_asked(query) if thing_asked or re.search(rf"\b{re.escape(name)}['’]s\s+\w", query)}
    return {stem_of(name.casefold()) for name in owners if any(names_person(name, m.text) for m in recalled)}


def _holds_the_speakers_trait(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` is a current fact of the speaker in the slot of the trait asked of them ("Grzegorz works as a
    plasterer." for "What is Grzegorz's trade?")."""
    if focus.trait is None or focus.named - focus.speakers or focus.relations or memory.kind is not Kind.FACT:
        return False
    slot = slot_of(memory)
    return (memory.is_current() and slot is not None and not slot.negated and slot.predicate in focus.trait.slots
            and memory.subject is not None and entity_key(memory.subject) in focus.speakers)
