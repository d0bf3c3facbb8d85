"""What goes first in a recalled answer: the rules that choose, among memories already ranked and
read at the moment asked about, the one that answers the question as it stands now.

Each rule takes the ranked list and the question's ``Focus`` and returns the list with at most
one memory moved to the top (``lead``); ``Answering.current_first`` runs them in order:

- ``replies.said_before_reply_first``: the person's turn over the assistant's reply to it;
- ``slot_first``: a fact that answers the asked slot whole ("Where does Ana work?");
- ``told_first``: a memory that tells the detail asked in its form (an amount for a price);
- ``change_first``: the fact a change gave, over the turn that names the old value too;
- ``named_first``: a current memory that names all the question asks of, over one naming part;
- ``later_change.later_change_first``: a later memory saying something changed, over the first mention;
- ``where_first`` and ``which_one_first``: the memory that says where, or says it of the sibling asked;
- ``relation_fact_aside``: what is said of someone over the fact that only says who they are.

The question's ``Focus`` and ``lead`` are ``focus.py``'s; whether a memory is said of whom the
question asks is ``whom_asked.py``'s. Pure: no index, no clock; the catalogue's lookups come in as
``Restated`` and ``Derived``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from engram_mcp.model import Kind, Memory
from engram_mcp.model.corrections import ENDS, PUTS_RIGHT
from engram_mcp.model.entities import entity_key
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.old_values import without_old_values
from engram_mcp.model.pasted import own_words
from engram_mcp.model.predicates import HABIT_KINDS
from engram_mcp.model.supersede import slot_of
from engram_mcp.model.time_expr import says_a_time
from engram_mcp.retrieval.abstain import AT_A_PLACE, lexical_coverage
from engram_mcp.retrieval.focus import LEAD_DEPTH, SENTENCE_END, Focus, Scored, about, lead, specifics
from engram_mcp.retrieval.names_asked import names_person
from engram_mcp.retrieval.naming import without_name_asked
from engram_mcp.retrieval.question_words import RELATION_WORDS, asks_a_belonging, birth_order, birth_orders, stem
from engram_mcp.retrieval.slot_asked import answers_slot, holds_asked_slot, is_place, is_plan
from engram_mcp.retrieval.values_said import figure_or_name_asked
from engram_mcp.retrieval.whom_asked import may_be_of_whom_asked, of_another_person, the_speakers_for_another

__all__ = [
    "WHEN_WORDS", "Derived", "Restated", "answers_asked", "change_first", "days_of_habit_asked", "is_ending", "named_first",
    "relation_fact_aside", "scored_beside", "slot_first", "speaks_for", "speaks_most_of", "speaks_to", "tells_of_what_is_asked",
    "told_first",
    "where_first", "which_one_first",
]

_SLOT_DEPTH = 25
_HOW_OFTEN = "_how_often"


def told_first(ranked: list[Scored], focus: Focus, outdated: set[str]) -> list[Scored]:
    """"How much is the bathroom job going to cost in total?" when the first memory tells no amount
    ("Rune says bathroom done 22 Jan"): of the current memories that tell the detail asked in its form
    (an amount, a phone number, a school, a car's make) and say something the question asks, the latest leads; an
    amount or a number is what changes ("Revised bathroom quote: 212 000", after the first quote), and so does
    what one drives: when the first memory names no make still had, the latest the person says they have leads
    ("got it then the Skoda it's an Octavia estate", not "the old Micra gone to the scrapman")."""
    detail = focus.detail
    if detail is not None and detail.belonging:
        # A first memory naming no car still had ("Gwilym sold the Transit") gives way to the latest the person says
        # they have, of whom is asked ("What car does my sister drive?" is not told by the speaker's own Skoda).
        # (A fact holding the slot asked stays first: "Kehinde's phone is a pixel 8a".)
        if not ranked or detail.had_in(ranked[0][0].text) or answers_asked(ranked[0][0], focus):
            return ranked
        having = [pair for pair in ranked[1:LEAD_DEPTH] if pair[0].id not in outdated and not pair[0].said_by_assistant()
                  and detail.had_in(pair[0].text) and may_be_of_whom_asked(pair[0], focus)]
        return lead(ranked, max(having, key=lambda pair: pair[0].event_time) if having else None)
    if detail is None or not ranked or detail.told_in(ranked[0][0].text):
        return ranked
    telling = [pair for pair in ranked[1:LEAD_DEPTH] if pair[0].id not in outdated and detail.told_of(pair[0].text, focus.terms, counted=focus.counted)
               and (lexical_coverage(focus.terms, [pair[0].text]) > 0 or detail.told_by_its_form(pair[0].text))]
    return lead(ranked, max(telling, key=lambda pair: pair[0].event_time) if telling else None)


def slot_first(ranked: list[Scored], focus: Focus, held: Sequence[Memory] = ()) -> list[Scored]:
    """"Where does Ana work?" is answered by the works-at fact that holds: it goes first (a plan
    for the slot, when nothing holds it). When none was recalled, the one that holds the slot for
    whom the question asks (``held``, newest first) goes first: "What car am I driving these
    days?" is answered by what the person drives, however little its words look like the question's."""
    if not focus.terms or not ranked:
        return ranked
    # A fact that answers the question whole is rare enough to be trusted further down than the rest
    # ("Orla's doctor is Dr Mulcahy" 14th for "Who is Orla's GP?", behind turns that say "GP").
    answering = [pair for pair in ranked[:_SLOT_DEPTH] if pair[0].kind is Kind.FACT and answers_slot(focus.terms, pair[0])
                 and not the_speakers_for_another(pair[0], focus)]
    if not answering:
        answering = [(fact, ranked[0][1]) for fact in held if answers_slot(focus.terms, fact)][:1]
    if focus.when:
        # "When does Jayden work at Tesco?" is no more answered by "Jayden works at Tesco" than by any turn.
        answering = [pair for pair in answering if _says_when(pair[0])]
        # "What day does Jarkko go ice swimming?" is answered by the days of the habit asked.
        answering += [pair for pair in ranked[:_SLOT_DEPTH] if days_of_habit_asked(pair[0], focus)][:1]
    # A fact that holds the slot before a plan for it; of two slots a word asks about ("study"),
    # the place when the question asks where, else the other; then the slot the question names
    # ("What is Noor's address?": her address before the town she lives in).
    answering.sort(key=lambda pair: (is_plan(pair[0]), is_place(pair[0]) != focus.where, not _slot_named(pair[0], focus)))
    return lead(ranked, answering[0] if answering else None)


WHEN_WORDS = frozenset(stem(word) for word in "day days week time often date night morning evening afternoon".split())
"""Words that ask when, of whatever is asked about: sharing only them is not speaking of the same thing."""
_HABIT_KIND_STEMS = frozenset(stem(word) for word in HABIT_KINDS)
_TIME_OR_DATE_ASKED = frozenset({stem("time"), stem("date")})


def days_of_habit_asked(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` is the fact holding how often the habit a when-question names is done ("ice swimming
    how often" for "What day does Jarkko go ice swimming?"), of whom it asks."""
    slot = slot_of(memory)
    if memory.kind is not Kind.FACT or slot is None or slot.negated or not slot.predicate.endswith(_HOW_OFTEN):
        return False
    if _TIME_OR_DATE_ASKED & set(focus.terms):
        return False  # "What time does Thandiwe run?", "What date is the hen on?" ask what no habit's days say
    habit = {stem(word) for word in slot.predicate.removesuffix(_HOW_OFTEN).split("_")}
    asked = {term for term in focus.terms if term not in WHEN_WORDS}
    whose = {entity_key(name) for name in focus.asked_of}
    return (bool(asked & habit) and asked <= habit | _HABIT_KIND_STEMS
            and (not whose or entity_key((memory.subject or "").partition("'s ")[0]) in whose))


def answers_asked(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` is a fact that answers the question whole: it holds the slot asked ("Where does Ana
    work?"), or the days of the habit a when-question names."""
    return memory.kind is Kind.FACT and (answers_slot(focus.terms, memory) or focus.when and days_of_habit_asked(memory, focus))


def _says_when(memory: Memory) -> bool:
    """Whether a memory says when: a day, a date, a time, or how often ("Jayden works twice a week")."""
    slot = slot_of(memory)
    return says_a_time(memory.text) or slot is not None and slot.predicate.endswith(_HOW_OFTEN)


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
    if said is not None and not speaks_for(said, ranked[0][0], focus):
        said = None
    if said is None or not (tells_of_what_is_asked(said, focus, ranked[0][0]) or says_the_turn_again(said, ranked[0][0])):
        said = next((fact for fact in derived(turn) if focus.terms and holds_asked_slot(focus.terms, fact)), None)
    # The change's fact leads only when it speaks to the question: a turn says several things, and
    # "Keiko will drive up and get her on Saturday" is no answer to where her mother lives.
    return lead(ranked, next((pair for pair in ranked[1:LEAD_DEPTH] if _restates_change_of(pair[0], turn)
                              and speaks_to(pair[0], focus) and speaks_for(pair[0], ranked[0][0], focus)), None)
                or scored_beside(said, ranked[0]))


def speaks_for(fact: Memory, turn: Memory, focus: Focus) -> bool:
    """Whether ``fact`` may answer in place of ``turn``: what mends the message before ("no wait, its
    wednesday not tuesday. tue is the msasa walk with Nyasha") only when it says again all the turn
    says of the question."""
    return len(fact.provenance.turn_ids) < 2 or about(turn.text, focus) <= about(fact.text, focus)


def says_the_turn_again(restatement: Memory, turn: Memory) -> bool:
    """Whether ``restatement`` says all ``turn`` says but the values it marks as what they were ("Juliet roses (was
    peonies), burnt orange ranunculus" said again without "was peonies"): what the turn answered, it answers, and it
    names only what holds."""
    holds, olds = without_old_values(turn.text)
    left_out = _words(holds) - _words(restatement.text) - FUNCTION_WORDS
    return bool(olds) and len(left_out) <= _WORDS_RESTATED_OTHERWISE


def _words(text: str) -> set[str]:
    return {word.casefold() for word in _WORD_OR_FIGURE.findall(text)}


_WORD_OR_FIGURE = re.compile(r"[^\W_]+")
# What a restatement words otherwise: the speaker's name for "I", the opening ("ok", "so") it leaves out.
_WORDS_RESTATED_OTHERWISE = 2


def tells_of_what_is_asked(restatement: Memory, focus: Focus, turn: Memory | None = None) -> bool:
    """Whether a restatement of what holds says a word of what the question asks, not only whom it asks of ("Dad's
    neurology appointment is now Thursday 10 December" tells nothing of who Dad's GP is); or, standing in for the ``turn``
    it was said in when that turn speaks of what is asked, a time asked when ("Hassan's update: it's the 27th." for when
    his parents land) or a place asked where ("new plan: picnic at New Farm Park" for where the party is). Alone, a time
    or a place tells nothing of what is asked: "completion is 3rd july now" is no ferry's time."""
    said = about(restatement.text, focus)
    asked = set(focus.terms) - RELATION_WORDS
    if turn is not None and about(turn.text, focus) & asked and not _a_subject_of_its_own(restatement.text) and (
            focus.when and says_a_time(restatement.text) or focus.where and AT_A_PLACE.search(restatement.text) is not None):
        return True
    return bool(said & asked) if focus.terms else bool(said)


# What a restatement says is something: "completion is 3rd july now", "go-live is officially 29 July now" (not "it's the
# 27th", nor the plan after "new plan:", "picnic at New Farm Park"), after the label naming whose update it is.
_SUBJECT = re.compile(r"^[^:]*:\s*(?:(?:the|my|our|his|her|their)\s+)?(?P<subject>[\w'’-]+(?:\s+[\w'’-]+){0,2}?)(?:\s+(?:is|are|was|were|"
                      r"will\s+be)\b|['’]s\s)", re.IGNORECASE)
_NO_SUBJECT = frozenset("it its it's this that there these those he she they".split())


def _a_subject_of_its_own(restatement: str) -> bool:
    """Whether a restatement says what it is of, which is then what it tells a time or a place of."""
    found = _SUBJECT.match(restatement)
    return found is not None and found["subject"].casefold() not in _NO_SUBJECT


def speaks_to(fact: Memory, focus: Focus) -> bool:
    return not focus.terms or bool(about(fact.text, focus)) or holds_asked_slot(focus.terms, fact)


def scored_beside(memory: Memory | None, pair: Scored) -> Scored | None:
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
    if (focus.relations or asks_a_belonging(focus.terms)) and not may_be_of_whom_asked(first, focus):
        # "What car does my sister drive?": the speaker's own car is no answer; the best that speaks of her and of
        # what else is asked ("Ilka just bought a Tesla", Ilka being the sister) is.
        rest = tuple(term for term in focus.terms if term not in RELATION_WORDS)
        asked = focus.named - focus.speakers
        theirs = next((pair for pair in ranked[1:LEAD_DEPTH] if pair[0].id not in outdated
                       and may_be_of_whom_asked(pair[0], focus) and lexical_coverage(rest, [pair[0].text]) > 0
                       and asked <= about(pair[0].text, focus) and focus.relations_met(pair[0].text)), None)
        # "When is Archie's physio appointment?" when nothing says "appointment": the physio, named with a time.
        if theirs is not None or not focus.when:
            return lead(ranked, theirs)
    # Of a question asking when, a first memory naming all it asks but saying no time ("welsh class was good")
    # does not keep the lead from one that names all of it and says a time.
    if ((lexical_coverage(focus.terms, [first.text]) == 1 or answers_asked(first, focus))
            and (not focus.when or _says_when(first) or answers_asked(first, focus))):
        if may_be_of_whom_asked(first, focus):
            return ranked
        # All the words, of someone else: the best ranked that speaks of it and names whom was asked.
        return lead(ranked, next((pair for pair in ranked[1:LEAD_DEPTH] if pair[0].id not in outdated
                                  and lexical_coverage(focus.terms, [pair[0].text]) > 0
                                  and focus.named - focus.speakers <= about(pair[0].text, focus)), None))
    # Of a question asking when, only one that says a time ("When does Jayden work at Tesco?" is not
    # answered by "Jayden works at tesco" before "Jayden works on sundays").
    whole = next((pair for pair in ranked[:LEAD_DEPTH]
                  if pair[0].id not in outdated and lexical_coverage(focus.terms, [pair[0].text]) == 1
                  and not _restates_change_of(first, pair[0].id) and (not focus.when or _says_when(pair[0]))
                  # "Where does Temi live?": not "… My mum Folake … back home in Ibadan", of someone else.
                  and not of_another_person(pair[0], focus)), None)
    return lead(ranked, whole or _thing_asked_over_a_time_word(ranked, focus, outdated))


def _thing_asked_over_a_time_word(ranked: list[Scored], focus: Focus, outdated: set[str]) -> Scored | None:
    """"What day is Tamsin's dentist appointment?": a first memory sharing only a word that asks when ("gym 7pm
    from now on, same days") speaks of another thing; the best that names the thing asked ("dentist moved.
    Fri 11:00 now."), of whom it asks and, for a question of when, saying a time, goes first. Not a fact: one that
    says a date ("Anwar put it right: The date is Saturday 19 December.") was read from the conversation asked about,
    and the memory naming the thing is often only the reply to it."""
    thing = set(focus.terms) - WHEN_WORDS - focus.timing
    first = ranked[0][0]
    shared = about(first.text, focus) & set(focus.terms)
    # Nor one sharing no word at all: of a question asking when, saying no time, brought up by the question it answered
    # ("aye but I've booked it aff", to "physio at Stobhill, Thursday at 10:15. Are you working that morning?"), or
    # naming things of its own ("Peg wants to book a week on the Cape … $1,400", for what the truck repair will cost);
    # "Sorted for Friday." may be the answer.
    # (A name is of its own only when a figure is asked: "Winnie Okafor is your extraction help now" may be who is.)
    names = {value for value in specifics(first.text) if not value[:1].isdigit()}
    elsewhere = focus.when and not _says_when(first) or figure_or_name_asked(focus) == {True} and bool(names)
    if not thing or not shared and not elsewhere or shared & thing or first.kind is Kind.FACT:
        return None
    return next((pair for pair in ranked[1:LEAD_DEPTH] if pair[0].id not in outdated and about(pair[0].text, focus) & thing
                 and may_be_of_whom_asked(pair[0], focus) and (not focus.when or _says_when(pair[0]))
                 and (focus.detail is None or shared or focus.detail.told_in(pair[0].text))), None)


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
    said = SENTENCE_END.split(own_words(memory.text))
    naming = [" ".join(said[i:i + 2]) for i, sentence in enumerate(said) if about(sentence, focus) & thing]
    return any(AT_A_PLACE.search(passage) for passage in naming) if naming else None


def speaks_most_of(memories: Sequence[Memory], focus: Focus) -> Memory | None:
    """Of several things one message put right ("mamá's surgery: now it's thursday 26th", "the hospital:
    they're doing it at Clínica Pueyrredón"), the one that names what the question asks for ("Which
    hospital is my mother's operation at?"), then the one that says most of the thing asked, not of
    whose it is, then most of the question; else the first."""
    def spoken_of(memory: Memory) -> tuple[bool, int, int]:
        said = about(memory.text, focus)
        return focus.asked_for in said, len(said & set(focus.terms) - RELATION_WORDS), len(said)

    return max(memories, key=spoken_of, default=None)


def is_ending(memory: Memory) -> bool:
    slot = slot_of(memory)
    return memory.kind is Kind.FACT and (memory.predicate == ENDS or (slot is not None and slot.negated))


def relation_fact_aside(ranked: list[Scored], focus: Focus, outdated: set[str]) -> list[Scored]:
    """"Which blood thinner is Yosef's wife taking?": "Yosef's wife is Miriam." says who she is, not what
    she takes. When the first memory is such a fact and the question asks something more of the one it
    names, the best current memory of the first ten that names them (or the relation) and meets what
    else is asked ("Miriam's medication is now apixaban 5 mg") leads."""
    first = ranked[0][0] if ranked else None
    if (first is None or focus.who or first.kind is not Kind.FACT or not first.predicate or not first.object
            or stem(first.predicate) not in RELATION_WORDS):
        return ranked
    # "What's the name of Lachlan's son?" asks what a relation fact says: the name.
    rest = tuple(term for term in without_name_asked(focus.terms) if term not in RELATION_WORDS)
    if not rest or lexical_coverage(rest, [first.text]) > 0:
        return ranked
    relation = (stem(first.predicate),)
    for pair in ranked[1:LEAD_DEPTH]:
        memory = pair[0]
        if (memory.id in outdated or memory.said_by_assistant()
                or memory.kind is Kind.FACT and memory.predicate and stem(memory.predicate) in RELATION_WORDS):
            continue
        if ((names_person(first.object, memory.text) or lexical_coverage(relation, [memory.text]) == 1.0)
                and lexical_coverage(rest, [memory.text]) > 0):
            return lead(ranked, pair)
    return ranked
