"""What goes first in a recalled answer: the rules that choose, among memories already ranked and
read at the moment asked about, the one that answers the question as it stands now.

Each rule takes the ranked list and the question's ``Focus`` and returns the list with at most
one memory moved to the top (``lead``); ``Answering.current_first`` runs them in order:

- ``said_before_reply_first``: the person's turn over the assistant's reply to it;
- ``slot_first``: a fact that answers the asked slot whole ("Where does Ana work?");
- ``change_first``: the fact a change gave, over the turn that names the old value too;
- ``named_first``: a current memory that names all the question asks of, over one naming part;
- ``later_change_first``: a later memory saying something changed, over the first mention.

Pure: no index, no clock; the catalogue's lookups come in as ``Restated``, ``Derived`` and ``RepliedTo``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import timedelta

from engram_mcp.model import Kind, Memory
from engram_mcp.model.corrections import CORRECTION_OPENING, ENDS, PUTS_RIGHT
from engram_mcp.model.entities import entity_key, typed_without_capitals
from engram_mcp.model.pasted import own_words
from engram_mcp.model.supersede import slot_of
from engram_mcp.model.time_expr import CALENDAR_NAMES, WEEKDAY_NAMES, says_a_time
from engram_mcp.retrieval.abstain import (
    AT_A_PLACE,
    NAME_INSIDE,
    answers_slot,
    focus_terms,
    holds_asked_slot,
    is_place,
    is_plan,
    lexical_coverage,
    speaks_of_another_topic,
)
from engram_mcp.retrieval.question_words import RELATION_WORDS, birth_order, birth_orders, stem

__all__ = [
    "LEAD_DEPTH", "Derived", "Focus", "RepliedTo", "Restated", "SaidIn", "Scored", "change_first", "is_ending", "lead",
    "later_change_first", "named_first", "said_before_reply_first", "slot_first", "where_first", "which_one_first",
]

Scored = tuple[Memory, float]
LEAD_DEPTH = 10
"""How far down the ranked list a rule looks for what should lead."""
_SLOT_DEPTH = 25


RepliedTo = Callable[[Memory], Memory | None]
"""The person's turn an assistant's reply answers (the one just before it), else None."""


def said_before_reply_first(ranked: list[Scored], focus: Focus, replied_to: RepliedTo) -> list[Scored]:
    """"New hearing aids!! Signia Pure Charge&Go" then "That's wonderful, Gerhard. It usually takes a
    couple of weeks to adjust to new hearing aids": a reply is indexed with the turn it answers, so
    it can lead by that turn's words; what the person said is what answers a question about them,
    so their turn goes first, unless the question asks what the assistant said ("What did you
    suggest…?"), or the reply names what the turn does not ("Updated: Ramipril 5mg … Bedtime:
    Rosuvastatin 10mg", a list put together from several turns)."""
    if not ranked or focus.to_assistant or (said := replied_to(ranked[0][0])) is None:
        return ranked
    if _specifics(ranked[0][0].text) - _specifics(said.text) - focus.speakers:
        return ranked
    return lead(ranked, next((pair for pair in ranked if pair[0].id == said.id), None) or (said, ranked[0][1]))


_SPECIFIC = re.compile(r"(?<![.!?:]\s)(?<!^)\b[A-Z][\w'’-]+|\b\d[\d.,:]*")


# Whom a reply speaks to is nothing it says: "I'm sorry, Winnie." "Hi Kehinde!"
_VOCATIVE = re.compile(r"(?:,\s*|\b(?:Hi|Hello|Hey|Dear|Thanks|Sorry)\s+)[A-Z][\w'’-]+(?=\s*[,.!?])")


# A day or month a reply names is when, not a new value: "Enjoy Thursday's rehearsal."
_CALENDAR = frozenset(entity_key(name) for name in CALENDAR_NAMES)


def _specifics(text: str) -> set[str]:
    """The names and figures a text says, as keys ("Ramipril", "5mg" → "5"); words that open a sentence are no names."""
    return _keys(_SPECIFIC.findall(_VOCATIVE.sub(",", text.strip()))) - _CALENDAR


def _keys(words: list[str]) -> set[str]:
    """Names as entity keys, a possessive's "'s" dropped ("Ray's" → "ray")."""
    return {entity_key(re.sub(r"['’]s$", "", word)) for word in words}


def slot_first(ranked: list[Scored], focus: Focus, held: Sequence[Memory] = ()) -> list[Scored]:
    """"Where does Ana work?" is answered by the works-at fact that holds: it goes first (a plan
    for the slot, when nothing holds it). When none was recalled, the one that holds the slot for
    whom the question asks (``held``, newest first) goes first: "What car am I driving these
    days?" is answered by what the person drives, however little its words look like the question's."""
    if not focus.terms or not ranked:
        return ranked
    # A fact that answers the question whole is rare enough to be trusted further down than the rest
    # ("Orla's doctor is Dr Mulcahy" 14th for "Who is Orla's GP?", behind turns that say "GP").
    answering = [pair for pair in ranked[:_SLOT_DEPTH] if pair[0].kind is Kind.FACT and answers_slot(focus.terms, pair[0])]
    if not answering:
        answering = [(fact, ranked[0][1]) for fact in held if answers_slot(focus.terms, fact)][:1]
    # A fact that holds the slot before a plan for it; of two slots a word asks about ("study"),
    # the place when the question asks where, else the other; then the slot the question names
    # ("What is Noor's address?": her address before the town she lives in).
    answering.sort(key=lambda pair: (is_plan(pair[0]), is_place(pair[0]) != focus.where, not _slot_named(pair[0], focus)))
    return lead(ranked, answering[0] if answering else None)


def _slot_named(fact: Memory, focus: Focus) -> bool:
    slot = slot_of(fact)
    return slot is not None and bool({stem(word) for word in slot.predicate.split("_")} & set(focus.terms))


Restated = Callable[[str], Memory | None]
"""The fact that says what holds where a turn names an old value too (``PUTS_RIGHT``), by the turn's id."""
Derived = Callable[[str], list[Memory]]
"""The current facts drawn from a turn, by the turn's id."""


def change_first(ranked: list[Scored], focus: Focus, restated: Restated, derived: Derived) -> list[Scored]:
    """"Actually, the bistro is in Vieux Lyon, not Croix-Rousse": a turn that changes what was
    known names the old value too; the fact it gave, which replaced the old one, says only what
    is so now, so it goes first (found however far down it ranks, if it is about the question).
    So does a fact the turn gave in the slot asked about ("They have put me with a new doctor, Dr.
    Haddad" for "who is my doctor?" when the turn also names the retiring one)."""
    if not ranked or ranked[0][0].kind is Kind.FACT:
        return ranked
    turn = ranked[0][0].id
    said = restated(turn)
    if said is not None and not _speaks_for(said, ranked[0][0], focus):
        said = None
    if said is None or not _about(said.text, focus):
        said = next((fact for fact in derived(turn) if focus.terms and holds_asked_slot(focus.terms, fact)), None)
    # The change's fact leads only when it speaks to the question: a turn says several things, and
    # "Keiko will drive up and get her on Saturday" is no answer to where her mother lives.
    return lead(ranked, next((pair for pair in ranked[1:LEAD_DEPTH] if _restates_change_of(pair[0], turn)
                              and _speaks_to(pair[0], focus) and _speaks_for(pair[0], ranked[0][0], focus)), None)
                or _scored_beside(said, ranked[0]))


def _speaks_for(fact: Memory, turn: Memory, focus: Focus) -> bool:
    """Whether ``fact`` may answer in place of ``turn``: what mends the message before ("no wait, its
    wednesday not tuesday. tue is the msasa walk with Nyasha") only when it says again all the turn
    says of the question."""
    return len(fact.provenance.turn_ids) < 2 or _about(turn.text, focus) <= _about(fact.text, focus)


def _speaks_to(fact: Memory, focus: Focus) -> bool:
    return not focus.terms or bool(_about(fact.text, focus)) or holds_asked_slot(focus.terms, fact)


def _scored_beside(memory: Memory | None, pair: Scored) -> Scored | None:
    return None if memory is None else (memory, pair[1])


def _restates_change_of(memory: Memory, turn_id: str) -> bool:
    # A fact that replaced another, or one that says what holds where its turn names both.
    return (memory.kind is Kind.FACT and (bool(memory.supersedes) or memory.predicate == PUTS_RIGHT) and memory.is_current()
            and turn_id in memory.provenance.turn_ids)


def named_first(ranked: list[Scored], focus: Focus, outdated: set[str]) -> list[Scored]:
    """A turn can say more than its facts keep: when the first memory names only part of what the
    question asks about, a current one that names all of it goes first (not the turn a change was
    drawn from, which names what was so before)."""
    # A fact in the asked slot names it by its slot ("Callum bought a Kia Niro" for the car he
    # drives), however few of the question's words it uses.
    first = ranked[0][0] if ranked else None
    if first is None or not focus.terms:
        return ranked
    if lexical_coverage(focus.terms, [first.text]) == 1 or first.kind is Kind.FACT and answers_slot(focus.terms, first):
        if _names_whom_asked(first, focus):
            return ranked
        # All the words, of someone else: the best ranked that speaks of it and names whom was asked.
        return lead(ranked, next((pair for pair in ranked[1:LEAD_DEPTH] if pair[0].id not in outdated
                                  and lexical_coverage(focus.terms, [pair[0].text]) > 0
                                  and focus.named - focus.speakers <= _about(pair[0].text, focus)), None))
    return lead(ranked, next((pair for pair in ranked[:LEAD_DEPTH]
                              if pair[0].id not in outdated and lexical_coverage(focus.terms, [pair[0].text]) == 1
                              and not _restates_change_of(first, pair[0].id)), None))


def _names_whom_asked(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` may be said of whom the question names (the speakers aside): "What does
    Hina want for her birthday?" is not answered by "Aoi wants a new shinai", which names someone
    else and not her, however alike the words; a memory naming no one may be said of them."""
    asked = focus.named - focus.speakers
    if not asked or asked <= _about(memory.text, focus):
        return True
    # A capitalised word after an article or "in"/"at" is a thing or a place ("Ulla drives a Volvo V70",
    # "Yuki lives in Dulwich Hill"), no one else.
    people = _A_THING_OR_PLACE.sub(" ", _VOCATIVE.sub(",", memory.text))
    others = _keys(NAME_INSIDE.findall(people)) - focus.named - focus.speakers
    return not others


_A_THING_OR_PLACE = re.compile(r"\b(?:a|an|the|in|at|into|near|on)\s+[A-Z][\w'’-]*(?:\s+[A-Z0-9][\w'’-]*)*")


# Words a person uses when what they said before no longer holds: "went with a Fairphone in the
# end", "the old van goes to the wreckers", "it's going to be in Abuja now", "Kwik from now on".
_CHANGED = re.compile(
    r"\b(?:now|instead|in\s+the\s+end|ended\s+up|switched|swapped|changed|change\s+of\s+plans?|update|no\s+more|"
    r"no\s+longer|any\s*more|from\s+now\s+on|fell\s+through|cancel(?:l)?ed|is\s+off|are\s+off|replaced|rebooked|"
    r"rescheduled|postponed|moved|old|new|after\s+all|not\s+any\s+longer|signed\s+(?:\w+\s+){0,2}?up|enrolled|"
    r"from\s+next\s+(?:week|month|year)|starting\s+next\s+(?:week|month)|"
    # news that settles what was awaited: "IELTS result came: 7.5 overall", "Extension approved"
    r"results?\s+(?:came|is\s+in|are\s+in|is\s+back|are\s+back)|approved|granted|"
    # a start on a day: "Halina is coming to do my cleaning from Friday the 20th"
    r"(?:from|starting)\s+(?:this\s+|next\s+)?(?:" + "|".join(sorted(WEEKDAY_NAMES)) + r"|tomorrow|tmrw|tmr|the\s+\d{1,2}(?:st|nd|rd|th)?\b)|"
    # what one has now, said as getting it: "picked up the Sony A7 IV from Orms"
    r"picked\s+(?:\w+\s+){0,3}?up|bought|got\s+(?:a|the|my)\s+new|traded\s+in|sold)\b",
    re.IGNORECASE,
)
_LATER = timedelta(hours=1)
_NAME_IN_TEXT = re.compile(r"\b[A-Z][\w'’-]+")


SaidIn = Callable[[Memory], str]
"""What a memory was said in: a fact's turn (its own text when that is not known), a turn's own text."""


def _own_text(memory: Memory) -> str:
    return memory.text


def later_change_first(ranked: list[Scored], focus: Focus, outdated: set[str], restated: Restated,
                       said_in: SaidIn = _own_text) -> list[Scored]:
    """"My Lagos orders go through GIG Logistics", then days later "we ended up going with Kwik for
    all the Lagos orders": when the first memory is no fact that holds the asked slot, a later
    current one about the same thing that says something changed goes first."""
    first = ranked[0][0] if ranked else None
    # "When is Gurdev going to Amritsar?" asks only of what it names.
    if first is None or not focus.terms and not focus.named - focus.speakers:
        return ranked
    if focus.terms and first.kind is Kind.FACT and answers_slot(focus.terms, first):
        return lead(ranked, _later_restatement_of_slot(ranked, focus, outdated, said_in))
    asked = _about(first.text, focus)
    if not asked:
        return ranked
    # A memory that shares only a person with the question, by name or relation, may not lead when
    # it speaks of another topic: Ray's new medicine is no answer to what car Ray had, nor mam's new
    # dose to where mam was booked for respite ("Carlos switched to Vueling" still answers where
    # Carlos works).
    # What puts right the message just before needs not say again what it was about, when it gives
    # what a where- or when-question asks ("scratch that, it's Naniwa ward gym").
    mending = {pair[0].id for pair in ranked[1:LEAD_DEPTH] if _puts_right_at_once(pair[0], first) and _gives_what_is_asked(pair[0], focus)}
    changes = [(pair[0].predicate == PUTS_RIGHT or _restated_about(restated(pair[0].id), focus), _says_a_start(pair[0].text),
                len(shared), -rank, pair)
               for rank, pair in enumerate(ranked[1:LEAD_DEPTH])
               if pair[0].id not in outdated and _later(pair[0], first)
               and (_CHANGED.search(own_words(pair[0].text)) or pair[0].predicate == PUTS_RIGHT
                    or _puts_right_at_once(pair[0], first))
               # Sharing only the time the question means ("this weekend" met by "no Sunday work") is not
               # speaking of the same thing; a time that is what is asked ("on Saturday mornings") is.
               and ((shared := ((about := _about(pair[0].text, focus)) & asked) - focus.timing) or pair[0].id in mending)
               # A question of when is answered by a time: a later memory that says none changes something else.
               and (not focus.when or says_a_time(own_words(pair[0].text)))
               # Nor is one of where by "cancel the old daycare direct debit", which says no place.
               and (not focus.where or pair[0].id in mending or _gives_a_place(pair[0], focus))
               and (not focus.terms or about & set(focus.terms) - RELATION_WORDS
                    or not speaks_of_another_topic(focus.terms, pair[0].text) or pair[0].id in mending)]
    # What says outright that something changed ("Pilar's update on the operation: now it is the
    # 17th"), then what says something began over what only says something ended ("started
    # badminton instead" over "cancelled anytime fitness"), then the one that shares most of what
    # the question asks with the first, then the best ranked; a correction restated as what holds
    # goes before the turn that made it (which names both).
    chosen = max(changes, key=lambda change: change[:4])[4] if changes else None
    if chosen is not None:
        # Not a restatement about another topic than the question: "I will take atorvastatin
        # instead", said on meeting the new doctor, is no answer to who the doctor is.
        restatement = next((pair for pair in ranked[:LEAD_DEPTH] if pair[0].predicate == PUTS_RIGHT
                            and chosen[0].id in pair[0].provenance.turn_ids), None) or _scored_beside(
            restated(chosen[0].id), chosen)
        if restatement is not None and not _speaks_for(restatement[0], chosen[0], focus):
            restatement = None
        chosen = restatement if restatement is not None and (
            _speaks_to(restatement[0], focus) or not speaks_of_another_topic(focus.terms, restatement[0].text)) else chosen
    return lead(ranked, chosen)


def _restated_about(restatement: Memory | None, focus: Focus) -> bool:
    """Whether a turn's restatement of what holds speaks of the question: "now all trainings are at
    Halyk Arena" says nothing of when the kitchen renovation starts, though its turn names a renovation."""
    return restatement is not None and bool(_about(restatement.text, focus))


def times_meant(question: str) -> frozenset[str]:
    """The times a question says it means (stems): "this weekend", "this year", "next week"."""
    return frozenset(stem(word.casefold()) for word in _TIME_MEANT.findall(question))


_SPANS_OF_TIME = "year|week|month|day|morning|afternoon|evening|night|weekend|term|season|summer|winter|spring|autumn"
_TIME_MEANT = re.compile(rf"\b(?:this|next|last|these|coming)\s+({_SPANS_OF_TIME}|{'|'.join(day.lower() for day in sorted(WEEKDAY_NAMES))})s?\b",
                         re.IGNORECASE)


def _puts_right_at_once(memory: Memory, first: Memory) -> bool:
    return (memory.kind is Kind.EPISODE and not memory.said_by_assistant()
            and first.event_time < memory.event_time <= first.event_time + _LATER and CORRECTION_OPENING.match(memory.text) is not None)


def _gives_what_is_asked(memory: Memory, focus: Focus) -> bool:
    said = own_words(memory.text)
    return (focus.where and (AT_A_PLACE.search(said) is not None or NAME_INSIDE.search(said) is not None)
            or focus.when and says_a_time(said))


def _gives_a_place(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` says a place at all: at or in somewhere, a name ("The Insectarium had a slot"),
    "from home"; typed without capitals, no name can be told from another word ("moved!! living kona
    now"), so it may."""
    said = own_words(memory.text)
    return (typed_without_capitals(memory.text) or _gives_what_is_asked(memory, focus)
            or _A_PLACE_SAID.search(said) is not None)


# "Lars works from home now": where one is, said without a name or "at"/"in" (which ``_gives_what_is_asked`` reads).
_A_PLACE_SAID = re.compile(r"\b(?:from|near)\s+\w|\b(?:home|remote|remotely)\b", re.IGNORECASE)


def _later(memory: Memory, first: Memory) -> bool:
    """Said after ``first`` as a change of it: an hour on, or at once when it opens by putting
    something right ("scratch that, it's Naniwa ward gym")."""
    return memory.event_time > first.event_time + _LATER or _puts_right_at_once(memory, first)


def _later_restatement_of_slot(ranked: list[Scored], focus: Focus, outdated: set[str], said_in: SaidIn) -> Scored | None:
    """"Ewa's main client is Lindqvist Legal", then days later "Bramblewood want me on a retainer …
    They'll be my main client from now on": a fact that holds the slot gives way to a later memory
    that says all the question asks, says something changed, and names someone or something new.
    (What the rules did not read as a fact, a person still said.)"""
    first = ranked[0][0]
    if first.supersedes or _says_a_start(first.text) or _says_a_start(said_in(first)):
        # A fact that replaced another, or was said as a change ("Declan now drives a Proace", "Bought a
        # MacBook Air"), is already what changed last: "picking him up in the new van" speaks of the same van.
        return None
    named_before = _specifics(first.text) | focus.named | focus.speakers
    for pair in ranked[1:LEAD_DEPTH]:
        if pair[0].id in outdated or pair[0].event_time <= first.event_time + _LATER or pair[0].said_by_assistant():
            continue
        said = own_words(pair[0].text)
        if _says_the_change_asked(said, focus) and _specifics(said) - named_before:
            return pair
    return None


# Whose change a sentence tells, when it names one of the person's people: "my brother just moved to Glasgow".
_SOMEONE_ELSES = frozenset(stem(w) for w in RELATION_WORDS) - {stem(w) for w in """doctor gp physician dr dentist therapist counsellor counselor
                                                              manager boss landlord landlady vet veterinarian coach trainer""".split()}


def _says_the_change_asked(text: str, focus: Focus) -> bool:
    """Whether one sentence of ``text`` says all the question asks and that it began or changed, of
    the one asked about ("They'll be my main client from now on"; not "day shifts = no more energy
    drinks", nor "my brother just moved to Glasgow" for where Zara is based, nor "I'm being moved to
    the lending squad" for where Yuki lives)."""
    asked = set(focus.terms)
    # Said in the question's own words: "moved to the lending squad" says "moved", no new home.
    return any(lexical_coverage(focus.terms, [sentence], by_topic=False) == 1 and _says_a_start(sentence)
               and not ({stem(w) for w in re.findall(r"[a-z]+", sentence.casefold())} & _SOMEONE_ELSES) - asked
               for sentence in _SENTENCE_END.split(text))


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


# The words of a change that say only that something ended: "cancelled anytime fitness", "sold the van".
_ENDED_ONLY = re.compile(r"(?:cancel(?:l)?ed|no\s+more|no\s+longer|any\s*more|not\s+any\s+longer|fell\s+through|is\s+off|"
                         r"are\s+off|sold|old)", re.IGNORECASE)


def _says_a_start(text: str) -> bool:
    return any(not _ENDED_ONLY.fullmatch(change.group(0)) for change in _CHANGED.finditer(own_words(text)))


def where_first(ranked: list[Scored], focus: Focus) -> list[Scored]:
    """"Where is the family reunion?": when the first memory names the thing asked of but says no
    place for it ("I am planning a family reunion for Labor Day weekend"), the best ranked one that
    does, in the sentence that names it ("The reunion will be at the Lake Arrowhead house"), goes first."""
    if not focus.where or not ranked or _says_where(ranked[0][0], focus) is not False:
        return ranked
    return lead(ranked, next((pair for pair in ranked[1:LEAD_DEPTH] if _says_where(pair[0], focus)), None))


def which_one_first(ranked: list[Scored], focus: Focus) -> list[Scored]:
    """"What does my younger sister study?": when the question singles out one of several children
    or siblings and the first memory says which one only of another ("Ananya is the elder one"),
    the best ranked one that says it of the one asked ("Ishita is the youngest of us") goes first."""
    order = birth_order(focus.terms)
    if order is None or not ranked or _said_of_which(ranked[0][0]) in (order, None):
        return ranked
    return lead(ranked, next((pair for pair in ranked[1:LEAD_DEPTH] if _said_of_which(pair[0]) == order), None))


def _said_of_which(memory: Memory) -> str | None:
    orders = birth_orders(_WORD.findall(own_words(memory.text).casefold()))
    return next(iter(orders)) if len(orders) == 1 else None


_WORD = re.compile(r"[^\W\d_]+")


def _says_where(memory: Memory, focus: Focus) -> bool | None:
    """Whether a sentence of ``memory`` that names what is asked, or the one right after it, says at
    or in what ("need a new part time thing. got a trial at anthracite"); None when none names it."""
    # The thing asked of, not whose it is: "Where was mam booked in for respite?" asks of the respite.
    thing = set(focus.terms) - RELATION_WORDS - focus.named - focus.speakers
    said = _SENTENCE_END.split(own_words(memory.text))
    naming = [" ".join(said[i:i + 2]) for i, sentence in enumerate(said) if _about(sentence, focus) & thing]
    return any(AT_A_PLACE.search(passage) for passage in naming) if naming else None


def _about(text: str, focus: Focus) -> set[str]:
    """What of the question ``text`` speaks of: each focus word it meets, and each name the
    question names that it names."""
    met = {term for term in focus.terms if lexical_coverage((term,), [text]) > 0}
    # Someone the question asks about counts wherever they are named ("Big day. Ray saw …", "Ray's
    # medication"); a speaker only inside a sentence, since every fact about them opens with their name.
    spoken_of = _VOCATIVE.sub(",", text)
    anywhere, inside = _keys(_NAME_IN_TEXT.findall(spoken_of)), _keys(NAME_INSIDE.findall(spoken_of))
    return met | {name for name in focus.named if name in (inside if name in focus.speakers else anywhere)}


def lead(ranked: list[Scored], best: Scored | None) -> list[Scored]:
    if best is None or best is ranked[0]:
        return ranked
    return [(best[0], ranked[0][1] * 1.0001 + 1e-9), *(pair for pair in ranked if pair[0].id != best[0].id)]


def is_ending(memory: Memory) -> bool:
    slot = slot_of(memory)
    return memory.kind is Kind.FACT and (memory.predicate == ENDS or (slot is not None and slot.negated))


class Focus:
    """What a question asks once known names are taken out, with its vector computed at most once."""

    def __init__(self, words: tuple[str, ...], embed: Callable[[str], Sequence[float]], where: bool = False,
                 named: frozenset[str] = frozenset(), speakers: frozenset[str] = frozenset(), to_assistant: bool = False,
                 asked_of: tuple[str, ...] = (), when: bool = False, timing: frozenset[str] = frozenset()) -> None:
        self.words = words
        self.terms = focus_terms(words)
        self.where = where
        """Whether it asks where: "Where does Sofia study?" is her university, "What does she study?" her subject."""
        self.when = when
        """Whether it asks when: "When is our moving day?", "What time is swim?"."""
        self.timing = timing
        """Which time it means, not what it asks (stems): "weekend" in "Where is the braai this weekend?"."""
        self.named = named
        """The known names the question names, as entity keys ("julien" in "Where is Julien's bistro?")."""
        self.speakers = speakers
        """The namespace's speakers, as entity keys."""
        self.to_assistant = to_assistant
        """Whether it asks about what the assistant said or does ("What did you recommend?")."""
        self.asked_of = asked_of
        """Whom it asks about, as named: those it names, else the one speaker ("What car am I driving?")."""
        self._embed = embed
        self._vector: Sequence[float] | None = None

    @property
    def vector(self) -> Sequence[float]:
        if self._vector is None:
            self._vector = self._embed(" ".join(self.words))
        return self._vector
