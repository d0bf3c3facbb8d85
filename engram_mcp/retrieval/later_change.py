"""What leads once something changed: a later memory that says the first one no longer holds.

"My Lagos orders go through GIG Logistics", then days later "we ended up going with Kwik for all
the Lagos orders": ``later_change_first`` puts the later one first, when it speaks of the same
thing and says that something changed (``change_words``); ``times_meant`` gives the times a question
says it means, which are no shared topic. Pure, like the rest of ``leading``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from engram_mcp.model import Kind, Memory
from engram_mcp.model.corrections import CORRECTION_OPENING, PUTS_RIGHT
from engram_mcp.model.entities import typed_without_capitals
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.number_words import in_figures
from engram_mcp.model.pasted import own_words
from engram_mcp.model.time_expr import WEEKDAY_NAMES, says_a_time
from engram_mcp.retrieval.abstain import AT_A_PLACE, lexical_coverage, words_of
from engram_mcp.retrieval.change_words import CHANGED_HERE, says_a_start, says_changed
from engram_mcp.retrieval.details import MONEY
from engram_mcp.retrieval.focus import (
    CALENDAR,
    CLAUSE_END,
    LEAD_DEPTH,
    NAME_IN_TEXT,
    SENTENCE_END,
    VOCATIVE,
    Focus,
    Scored,
    about,
    lead,
    name_keys,
    specifics,
)
from engram_mcp.retrieval.leading import (
    WHEN_WORDS,
    Restated,
    answers_asked,
    scored_beside,
    speaks_for,
    speaks_most_of,
    tells_of_what_is_asked,
)
from engram_mcp.retrieval.named_as_first import SOMEONE_ELSES, called_off_as_first_called_it, moved_as_first_called_it
from engram_mcp.retrieval.names_asked import names_person
from engram_mcp.retrieval.naming import NAME_INSIDE
from engram_mcp.retrieval.question_words import RELATION_WORDS, stem
from engram_mcp.retrieval.slot_asked import speaks_of_another_topic
from engram_mcp.retrieval.values_said import is_figure, values_said_of
from engram_mcp.retrieval.whom_asked import of_another_person, opens_with_someone_else

__all__ = ["SaidIn", "later_change_first", "times_meant"]


_LATER = timedelta(hours=1)


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
    if focus.terms and answers_asked(first, focus):
        return lead(ranked, _later_restatement_of_slot(ranked, focus, outdated, said_in))
    asked = about(first.text, focus)
    if not asked:
        # "Haircut booked for Saturday 11am", then "cancelled my haircut": a plan is not what leads once called off,
        # whatever words of the question it says.
        return lead(ranked, next((pair for pair in ranked[1:LEAD_DEPTH] if pair[0].id not in outdated and _later(pair[0], first)
                                  and called_off_as_first_called_it(own_words(pair[0].text), first.text)), None))
    # "one small bakery, Golden Crust, in Yaba": a later "Golden Crust is moving to Ikeja" speaks of the bakery.
    called = _names_given(first.text, asked)
    # What a later message calls off is of what is asked when the line saying what is asked names it: "Thursday soccer is
    # cancelled" calls off no line of a week's schedule that gives the swimming asked of.
    first_asked = "\n".join(line for line in SENTENCE_END.split(first.text) if about(line, focus) - WHEN_WORDS)
    # A memory that shares only a person with the question, by name or relation, may not lead when
    # it speaks of another topic: Ray's new medicine is no answer to what car Ray had, nor mam's new
    # dose to where mam was booked for respite ("Carlos switched to Vueling" still answers where
    # Carlos works).
    # What puts right the message just before needs not say again what it was about, when it gives
    # what a where- or when-question asks ("scratch that, it's Naniwa ward gym").
    mending = {pair[0].id for pair in ranked[1:LEAD_DEPTH] if _puts_right_at_once(pair[0], first) and _gives_what_is_asked(pair[0], focus)}
    own = {pair[0].id: own_words(pair[0].text) for pair in ranked[1:LEAD_DEPTH]}
    changed_here = {memory_id: _changed_here(words, focus, called) for memory_id, words in own.items()}
    where_first = _where_or_with_whom(first_asked, focus)
    named_again = {memory_id: where_first & name_keys(NAME_IN_TEXT.findall(VOCATIVE.sub(",", words))) for memory_id, words in own.items()}
    changes = [(pair[0].predicate == PUTS_RIGHT or _restated_about(restated(pair[0].id), focus, pair[0]),
                says_a_start(pair[0].text) or changed_here[pair[0].id],
                bool(_thing_named(pair[0], focus)), len(shared - RELATION_WORDS), len(shared), -rank, pair)
               for rank, pair in enumerate(ranked[1:LEAD_DEPTH])
               if pair[0].id not in outdated and _later(pair[0], first)
               # What a turn restated leads only by what it tells of what is asked.
               and (pair[0].predicate != PUTS_RIGHT or tells_of_what_is_asked(pair[0], focus))
               # "My mother Galina … She live in Riga now" is no change of where Olesya is ("Little Acorns sent the letter"
               # names the daycare asked of by its name, no one else).
               and (not of_another_person(pair[0], focus) or _named_by(called, pair[0].text))
               # Nor "Dana's sister helped her move, she's officially living in Columbus now" of where Hollis's friend
               # Denny lives: it names someone else and not him.
               and not opens_with_someone_else(pair[0], focus)
               and (says_changed(own[pair[0].id]) or changed_here[pair[0].id]
                    or pair[0].predicate == PUTS_RIGHT
                    or _puts_right_at_once(pair[0], first))
               # Sharing only the time the question means ("this weekend" met by "no Sunday work") is not
               # speaking of the same thing; a time that is what is asked ("on Saturday mornings") is.
               # "Which route does Halvard drive now?": a later change naming the route speaks of the question,
               # though the first memory ("my regular run is Trondheim to Oslo") never says "route".
               # "the kontrola is moved to 19 March" speaks of what a first "kontrola is 12 March" said, whatever its word.
               and ((shared := ((spoken_of := about(pair[0].text, focus) | _named_by(called, pair[0].text)) & asked
                                 | _thing_named(pair[0], focus) | moved_as_first_called_it(own[pair[0].id], first.text)
                                 | called_off_as_first_called_it(own[pair[0].id], first_asked)
                                 | named_again[pair[0].id])
                     - focus.timing - WHEN_WORDS)
                    or pair[0].id in mending)
               # A question of when is answered by a time said with the change: a later memory that says none, or
               # says one only of something else ("surgery went well!!! … I'm staying till sunday"), changes something else.
               and (not focus.when or pair[0].id in mending or _says_when_of(pair[0], focus))
               # Nor is one asking a price by "Rune says bathroom done 22 Jan", which tells no amount.
               and (focus.detail is None or focus.detail.belonging or pair[0].id in mending
                    or focus.detail.told_in(pair[0].text))
               # Nor one asking how many by "the party is going to be at Otahuhu Town Hall instead", which gives no figure
               # of what is asked.
               and (focus.value != "how many" or pair[0].id in mending
                    or any(is_figure(value) for value in values_said_of(_WITHOUT_MONEY.sub(" ", in_figures(own[pair[0].id])), focus)))
               # Nor is one of where by "cancel the old daycare direct debit", which says no place.
               and (not focus.where or pair[0].id in mending or _gives_a_place(pair[0], focus))
               and (not focus.terms or spoken_of & set(focus.terms) - _people_asked(focus)
                    or not speaks_of_another_topic(focus.terms, pair[0].text) or pair[0].id in mending
                    or moved_as_first_called_it(own[pair[0].id], first.text)
                    or called_off_as_first_called_it(own[pair[0].id], first_asked) or named_again[pair[0].id])]
    # What says outright that something changed ("Pilar's update on the operation: now it is the
    # 17th"), then what says something began over what only says something ended ("started
    # badminton instead" over "cancelled anytime fitness"), then the one speaking of the thing a
    # which-question asks for ("the Bodø route" over "now drives a Volvo" for "Which route…?"), then the
    # one that shares most of what the question asks with the first (the thing asked before whose it
    # is), then the best ranked;
    # a correction restated as what holds goes before the turn that made it (which names both).
    chosen = max(changes, key=lambda change: change[:6])[6] if changes else None
    if chosen is not None:
        # Of the things its message put right, the one the question asks of ("Which hospital is my
        # mother's operation at?": the hospital, not the new date); not a restatement about another
        # topic than the question: "I will take atorvastatin instead", said on meeting the new doctor,
        # is no answer to who the doctor is.
        said_in_turn = chosen[0].provenance.turn_ids[0] if chosen[0].predicate == PUTS_RIGHT and chosen[0].provenance.turn_ids \
            else chosen[0].id
        ranked_restatements = {pair[0].id: pair for pair in ranked[:LEAD_DEPTH] if pair[0].predicate == PUTS_RIGHT
                               and said_in_turn in pair[0].provenance.turn_ids}
        best = speaks_most_of([pair[0] for pair in ranked_restatements.values()], focus)
        restatement = ranked_restatements[best.id] if best is not None else scored_beside(restated(chosen[0].id), chosen)
        if restatement is not None and not speaks_for(restatement[0], chosen[0], focus):
            restatement = None
        # Of a question asking when, nor one that says no time ("we go to Debrecen instead") for a turn that says
        # the new time ("operation of my mother is moved earlier, to 12 May").
        # Nor one that tells nothing of what is asked, but less of the question than its turn: "Pick-up is 3.20 pm now"
        # tells no school its turn ("First day at the new school for Arjun … St Cuthbert's Primary") names.
        chosen = restatement if restatement is not None and (
            tells_of_what_is_asked(restatement[0], focus, chosen[0]) or not speaks_of_another_topic(focus.terms, restatement[0].text)
            and about(chosen[0].text, focus) <= about(restatement[0].text, focus)) and (
            not focus.when or _says_when_of(restatement[0], focus) or not _says_when_of(chosen[0], focus)) else chosen
    return lead(ranked, chosen)


# A thing given its name: "bakery, Golden Crust", "a café called The Daily Grind", "our dog Biscuit"; or its name of
# several words before its word: "Nora goes to Little Acorns daycare" (one word before it is as often whose: "Vojta
# floorball tournament").
_GIVEN_A_NAME = re.compile(r"\b(?P<thing>[^\W\d_]+),?\s+(?:(?:called|named)\s+)?(?P<name>(?:The\s+)?[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*){0,3})")
_NAMED_BEFORE_ITS_WORD = re.compile(r"(?<![\w'’&-])(?P<name>[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){1,3})\s+(?P<thing>[a-z][\w-]*)\b")


def _changed_here(text: str, focus: Focus, called: dict[str, str]) -> bool:
    """Whether a sentence of ``text`` that says a word the question asks (not only one of its topic: "We're
    moving to Nottingham for my husband's job" changes no working days), or names a thing asked by its
    name, says it changed."""
    return any(CHANGED_HERE.search(sentence) and (lexical_coverage(focus.terms, [sentence], by_topic=False) > 0
                                                   or _named_by(called, sentence))
               for sentence in SENTENCE_END.split(text))


# An amount of money counts nothing: "pączki go up to $2.50 from Monday" is no number of pączki ordered.
_WITHOUT_MONEY = re.compile(rf"(?<!\w)(?:{MONEY})(?!\w)", re.IGNORECASE)
# (not a currency before its amount: "12 members at KSh 5,000")
# (nor whose the place is: "moving to Otávio's lab")
_WHERE_OR_WITH = re.compile(r"\b(?:at|in|with|from|to)\s+(?:the\s+)?(?:(?:Dr|Mr|Mrs|Ms)\.?\s+)?([A-Z][\w-]+)(?!['’]s\b)(?!\s*[\d$€£])")
# What one goes to see someone for: "physio appointment", "dentist visit".
_VISITS = frozenset(stem(word) for word in "appointment appointments appt visit visits session sessions checkup check-up".split())


def _people_asked(focus: Focus) -> frozenset[str]:
    """The words for people the question asks of (stems), not one that says what kind of visit it asks of: "physio" in
    "When is Archie's physio appointment?" is the thing asked, which "physio phoned … I'm noo Friday at 9" speaks of."""
    terms = [stem(word.casefold()) for word in focus.words]
    visits = {word for word, after in zip(terms, terms[1:], strict=False) if after in _VISITS}
    return RELATION_WORDS - visits


def _where_or_with_whom(first_asked: str, focus: Focus) -> set[str]:
    """Where or with whom the first memory's sentence of what is asked says it is, as names the question does not say; a
    later memory naming one again speaks of the same thing: "the chiropodist is Tuesday 10.40 at Ryehill clinic", then
    "Ryehill phoned. they've shifted me to Thursday"."""
    # Only in the clause that says what is asked: "amlodipine 5 mg every morning, and Dr. Adeyemi … is my physician" does
    # not make the doctor's moved appointment a change of the dose.
    # And only where or with whom it is: "at Ryehill clinic", "with Dr Khan"; not whoever told it ("Yolanda says the
    # hacienda wants the flowers at 9:30", then "Yolanda got the van's brake pads changed").
    clauses = [clause for clause in CLAUSE_END.split(first_asked) if about(clause, focus) - WHEN_WORDS]
    said_first = set().union(*(name_keys(_WHERE_OR_WITH.findall(clause)) for clause in clauses))
    return said_first - CALENDAR - focus.named - focus.speakers


def _names_given(text: str, things: set[str]) -> dict[str, str]:
    """The names ``text`` gives the things asked of (stems), as written: "Golden Crust" for the bakery
    in "I am owner of one small bakery, Golden Crust, in Yaba"."""
    given_names = [*_GIVEN_A_NAME.finditer(text), *_NAMED_BEFORE_ITS_WORD.finditer(text)]
    return {stem(given["thing"]): given["name"] for given in given_names
            if stem(given["thing"]) in things and stem(given["thing"]) not in RELATION_WORDS
            # "Saturday morning I am singing": a pronoun or a word any sentence has is no name.
            and len(given["name"]) > 2 and re.sub(r"^The\s+", "", given["name"]).split()[0].casefold() not in FUNCTION_WORDS}


def _named_by(names_given: dict[str, str], text: str) -> set[str]:
    """The things asked of that ``text`` speaks of by the names they were given."""
    return {thing for thing, name in names_given.items() if names_person(name, text)}


def _thing_named(memory: Memory, focus: Focus) -> set[str]:
    """The thing a which-question asks for, when ``memory`` names it in that word ("the Bodø route" for
    "Which route…?"; not "music" for "What song…?")."""
    thing = focus.asked_for
    return {thing} if thing and thing not in _NO_THING and thing in words_of(memory.text) else set()


# "What time was my dentist appointment?" asks a time, which "dinner moved to saturday, same time" says of another thing.
_NO_THING = frozenset(stem(word) for word in "time times day days date dates year month week hour kind type sort way number".split())


def _restated_about(restatement: Memory | None, focus: Focus, turn: Memory) -> bool:
    """Whether a turn's restatement of what holds speaks of the question: "now all trainings are at
    Halyk Arena" says nothing of when the kitchen renovation starts, though its turn names a renovation."""
    return restatement is not None and tells_of_what_is_asked(restatement, focus, turn)


def times_meant(question: str) -> frozenset[str]:
    """The times a question says it means (stems): "this weekend", "this year", "next week"."""
    return frozenset(stem(word.casefold()) for word in _TIME_MEANT.findall(question))


_SPANS_OF_TIME = "year|week|month|day|morning|afternoon|evening|night|weekend|term|season|summer|winter|spring|autumn"
_TIME_MEANT = re.compile(rf"\b(?:this|next|last|these|coming)\s+({_SPANS_OF_TIME}|{'|'.join(day.lower() for day in sorted(WEEKDAY_NAMES))})s?\b",
                         re.IGNORECASE)


def _says_when_of(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` says when, of what it changed or what is asked: a time in a sentence that says
    the change or speaks of the question, or in the one right after ("mum's hip operation update!!
    the surgeon is ill. it's now on monday the 30th", "sorry i told you wrong … they land friday nov
    27"), not one said of something else ("surgery went well!!! the surgeon said the new hip is
    perfect. she's sleeping. I'm staying till sunday"); what puts something right is read whole."""
    said = SENTENCE_END.split(own_words(memory.text))
    if memory.predicate == PUTS_RIGHT:
        return says_a_time(" ".join(said))
    return any(says_a_time(" ".join(said[at:at + 2])) for at, sentence in enumerate(said)
               if says_changed(sentence) or about(sentence, focus))


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
    something right ("scratch that, it's Naniwa ward gym") or by saying what was offered is now agreed
    ("signed it. £110", minutes after the new licence was read out)."""
    return (memory.event_time > first.event_time + _LATER or _puts_right_at_once(memory, first)
            or first.event_time < memory.event_time and not memory.said_by_assistant() and _AGREED_AT_ONCE.match(memory.text) is not None)


# "signed it.", "ok accepted the offer", "we signed the lease this morning": what was on the table, now agreed.
_AGREED_AT_ONCE = re.compile(r"^\W*(?:(?:ok|okay|so|right|done|and)\W+)?(?:(?:I|we)\s+(?:have\s+|'ve\s+)?)?(?:just\s+)?"
                             r"(?:signed|accepted)\s+(?:it|the\s+(?:new\s+)?(?:offer|deal|lease|contract|licen[cs]e|agreement))\b",
                             re.IGNORECASE)


def _later_restatement_of_slot(ranked: list[Scored], focus: Focus, outdated: set[str], said_in: SaidIn) -> Scored | None:
    """"Ewa's main client is Lindqvist Legal", then days later "Bramblewood want me on a retainer …
    They'll be my main client from now on": a fact that holds the slot gives way to a later memory
    that says all the question asks, says something changed, and names someone or something new.
    (What the rules did not read as a fact, a person still said.)"""
    first = ranked[0][0]
    if first.supersedes or says_a_start(first.text) or says_a_start(said_in(first)):
        # A fact that replaced another, or was said as a change ("Declan now drives a Proace", "Bought a
        # MacBook Air"), is already what changed last: "picking him up in the new van" speaks of the same van.
        return None
    named_before = specifics(first.text) | focus.named | focus.speakers
    for pair in ranked[1:LEAD_DEPTH]:
        if pair[0].id in outdated or pair[0].event_time <= first.event_time + _LATER or pair[0].said_by_assistant():
            continue
        said = own_words(pair[0].text)
        if (_says_the_change_asked(said, focus) and specifics(said) - named_before
                and not opens_with_someone_else(pair[0], focus)):
            return pair
    return None


def _says_the_change_asked(text: str, focus: Focus) -> bool:
    """Whether one sentence of ``text`` says all the question asks and that it began or changed, of
    the one asked about ("They'll be my main client from now on"; not "day shifts = no more energy
    drinks", nor "my brother just moved to Glasgow" for where Zara is based, nor "I'm being moved to
    the lending squad" for where Yuki lives)."""
    asked = set(focus.terms)
    # Said in the question's own words: "moved to the lending squad" says "moved", no new home.
    return any(lexical_coverage(focus.terms, [sentence], by_topic=False) == 1 and says_a_start(sentence)
               and not ({stem(w) for w in re.findall(r"[a-z]+", sentence.casefold())} & SOMEONE_ELSES) - asked
               for sentence in SENTENCE_END.split(text))
