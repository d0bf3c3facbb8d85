"""A deterministic extractor: first-person sentences, restated in the third person.

It needs no model, runs in microseconds and never invents anything, so it is the fallback
whenever a model is missing, slow or misbehaving. It keeps a sentence only when the speaker
says something about themselves ("I moved to Lisbon", "my sister is a nurse", "please
always answer in French"); questions, greetings, reactions to the other person and filler
give nothing. The specific rules (states, attributes, corrections, medicines, …) are tried on
each clause first; ``restate`` is the generic one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from engram_mcp.extraction.as_typed import as_typed, unshouted
from engram_mcp.extraction.attributes import AMOUNTS, SAID_OTHERWISE, attribute_facts, doctor_given
from engram_mcp.extraction.base import MAX_FACTS_PER_TURN, ExtractedFact
from engram_mcp.extraction.called_off import gym_switched, plan_called_off, replacements_of_called_off
from engram_mcp.extraction.certainty import certainty_of, strip_hedge
from engram_mcp.extraction.clauses import ASKED_TO_REMEMBER, clauses, sentences
from engram_mcp.extraction.contacts import listed_number, switched_to_contact
from engram_mcp.extraction.corrections import (
    corrected_statement,
    correction_fact,
    rescheduling_fact,
    swap_fact,
    switch_fact,
    without_what_does_not_hold,
)
from engram_mcp.extraction.endings import ending_fact, replacement_fact, work_ended
from engram_mcp.extraction.habits import corrected_habit_days, habit_moved_to_a_time_of_day, rescheduled_habit
from engram_mcp.extraction.holds_now import held_now
from engram_mcp.extraction.homes import home_after_moving
from engram_mcp.extraction.introductions import (
    GOT_THE_JOB,
    contact_card,
    introduction_clauses,
    nickname,
    self_description,
)
from engram_mcp.extraction.jest import in_earnest
from engram_mcp.extraction.job_starts import dated_starts
from engram_mcp.extraction.languages import in_english
from engram_mcp.extraction.lexicon import (
    FROM_DAY,
    NOT_YET,
    with_dropped_subject,
)
from engram_mcp.extraction.medicines import listed_doses, switched_medicine
from engram_mcp.extraction.names import named_group
from engram_mcp.extraction.pasted_moves import with_moves_told_to_the_speaker
from engram_mcp.extraction.people import people_named, relations_named, with_pronouns_named
from engram_mcp.extraction.pets import pet_names, pets_named_nearby
from engram_mcp.extraction.put_right import put_right_within, starred_correction, value_put_right, with_cues_joined
from engram_mcp.extraction.requests import CONDITIONAL_REQUEST, REQUEST_LABEL, instruction, is_request
from engram_mcp.extraction.restate import restated_fact
from engram_mcp.extraction.shifts import shift_fact
from engram_mcp.extraction.states import state_facts
from engram_mcp.extraction.validate import validate_facts
from engram_mcp.extraction.vehicles import with_vehicles_named_nearby
from engram_mcp.extraction.what_it_was import said_without_what_it_was
from engram_mcp.model import Certainty, Memory, MemoryType
from engram_mcp.model.entities import typed_without_capitals
from engram_mcp.model.mentions import mentions
from engram_mcp.model.pasted import own_words, without_others_speech
from engram_mcp.model.time_expr import day_said_before, past_day_said, upcoming_day
from engram_mcp.model.trust import speaks_of_themselves

__all__ = ["RulesExtractor"]

_LEADING_FILLER = re.compile(
    r"^(?:(?:yeah|yes|yep|yup|oh|ooh|wow|whoa|haha+|lol|well|so|honestly|actually|totally|definitely|"
    r"aw+|ah+|hmm+|ok|okay|sure|right|true|and|but|also|plus|btw|anyway|hey|hi|hello|thanks|"
    r"thank you|omg|gosh|cool|nice|great|awesome|absolutely|exactly|indeed|um+|uh+|long\s+story(?:\s+short)?(?:\s+but)?|"
    r"basically|tbh|to\s+be\s+honest|never\s*mind|nvm|"
    # "Turns out I'm not allergic to cats after all": what was found out is said as so.
    r"(?:it\s+)?turn(?:s|ed)\s+out(?:\s+that)?|"
    # "Good news on the housing front, we signed …", "Big news:", "Update on the fair:"
    r"(?:(?:good|great|big|bad|some|exciting|quick)\s+news|(?:quick\s+|small\s+|holiday\s+|house\s+|job\s+)?update)"
    r"(?:\s+(?:on|about|from)\s+[^,:;!.?]{0,40}[\w'’-])?(?=\s*[,:;!.–-]))\b[,!.…:;–-]*\s*)+",
    re.IGNORECASE,
)
class RulesExtractor:
    """Extracts what a speaker says about themselves, with no model at all."""

    name = "rules"

    def __init__(self, *, max_facts: int = MAX_FACTS_PER_TURN, default_speaker: str = "user") -> None:
        self._max_facts = max_facts
        self._default_speaker = default_speaker

    def extract(self, turn: Memory, context: Sequence[Memory]) -> list[ExtractedFact]:
        speaker = turn.provenance.speaker_name or self._default_speaker
        if not speaks_of_themselves(turn.provenance):
            # "I will use British spelling" is the assistant talking about itself, "I live in Madrid" in
            # a tool's output the page's author; nothing the user said is in either. Models may still
            # read facts from them, at lower certainty (``trust.believed_at_most``).
            return []
        own_turns = [memory for memory in context if (memory.provenance.speaker_name or self._default_speaker) == speaker
                     and speaks_of_themselves(memory.provenance)]
        previous = own_turns[-1] if own_turns else None
        if mended := starred_correction(turn.text, previous, speaker):
            return validate_facts(mended, turn.text, speaker, min_grounding=0.0, max_facts=self._max_facts)
        facts: list[ExtractedFact] = []
        # Someone else's words quoted ("My boss said 'I live in Paris'") are not the speaker's.
        own = without_others_speech(plain := own_words(turn.text))
        typed = with_cues_joined(sentences(as_typed(own)))[:_MAX_SENTENCES]
        # What is taken back in the same turn ("… Just kidding!") or said in sarcasm is not meant.
        said = in_earnest(typed)
        # The rules that read the turn whole read only what is meant, once anything was left out.
        text = turn.text if own == plain and said == typed else " ".join(said)
        # Someone who types no capitals at all ("i moved to osaka"), shouting aside, marks no name with one.
        uncased = typed_without_capitals(unshouted(turn.text))
        earlier = [memory.text for memory in context if (memory.provenance.speaker_name or self._default_speaker) == speaker]
        pets = pet_names(earlier)
        # "Ich bin nach Berlin gezogen": a move or a job told in another language, read as its English.
        said = with_pronouns_named([in_english(sentence) for sentence in said], people_named([*earlier, turn.text]))
        for clause in contact_card(text):
            facts += attribute_facts(clause, speaker) or _facts_from(clause, clause, Certainty.STATED.value, speaker,
                                                                       turn.event_time)
        begins, read = None, len(facts)
        for index, sentence in enumerate(said):
            # "From Monday I work at Tesco": what the sentence just read says holds from that day on.
            facts[read:] = _from_day(facts[read:], begins)
            read, begins = len(facts), _begins_on(sentence, turn.event_time)
            # "Ice swimming is Thursdays now, not Tuesdays": a habit's days, beside whatever else the sentence puts right.
            facts += corrected_habit_days(sentence, speaker)
            # "welsh class tuesday, i mean wednesday, 7pm": the sentence as meant, after what it puts right in itself.
            mended, sentence = put_right_within(sentence, speaker)
            facts += mended
            # "no wait, 2pm": a value put right, in this turn or the one before.
            if put_right := (value_put_right(sentence, " ".join(said[:index]), speaker) or previous is not None
                             and value_put_right(sentence, previous.text, speaker, also_from=(previous.id,))):
                facts += put_right
                continue
            # "…, you know?": a statement with a tag, not a question.
            sentence = _TAG_QUESTION.sub(".", sentence)
            if sentence.endswith("?") and ASKED_TO_REMEMBER.match(sentence):
                # "Can you remember that I prefer metric units?" states what it asks to keep.
                sentence = sentence.rstrip("?") + "."
            if sentence.endswith("?"):
                # A question says nothing of the speaker, except what it takes as given:
                # "Since I'm vegan now, what should I cook?", "As someone who runs marathons, …".
                sentence = _premise(sentence)
                if not sentence:
                    continue
            if (restored := with_dropped_subject(bare := _LEADING_FILLER.sub("", sentence))) != bare:
                sentence = restored
            if (called := nickname(sentence, speaker, uncased=uncased)) is not None:
                facts.append(called)
            named = named_group(sentence, [*earlier, *said[:index]], speaker)
            if named is not None:
                facts.append(named)
                continue
            certainty = certainty_of(sentence)
            said_with = certainty or Certainty.STATED.value
            correction = (correction_fact(sentence, speaker, said_with) or rescheduling_fact(sentence, speaker, said_with)
                          or shift_fact(sentence, speaker, said_with) or switch_fact(sentence, speaker, said_with))
            if correction is not None:
                facts.append(correction)
                if (restated := corrected_statement(sentence, speaker, correction)) is not None:
                    facts.append(restated)
                continue
            # "I've switched to jo@smithmail.net for everything now", "- Mum: 555-0101": a contact detail by its shape.
            if (contact := switched_to_contact(sentence, speaker, said_with) or listed_number(sentence, speaker, said_with)):
                facts.append(contact)
                continue
            if (labelled := REQUEST_LABEL.match(sentence)) is not None:
                if not labelled["lead"] and (asked := instruction(labelled["rest"], speaker)) is not None:
                    facts.append(asked)
                    continue
                sentence = labelled["rest"]
            if (CONDITIONAL_REQUEST.match(conditional := _LEADING_FILLER.sub("", sentence))
                    and (asked := instruction(conditional, speaker)) is not None):
                facts.append(asked)
                continue
            if moved := rescheduled_habit(sentence, speaker, [*earlier, *said[:index]]):
                facts += moved
                continue
            # "switching to evening runs, and parkrun on saturdays": the habit's new time, and whatever else is said.
            facts += habit_moved_to_a_time_of_day(sentence, speaker)
            introduced = introduction_clauses(sentence, speaker, uncased=uncased) or self_description(
                _sentence_case(sentence), uncased=uncased, job_news=_after_job_news(said[:index]))
            if introduced:
                for fragment in introduced:
                    # What the introduction says in the first person is read like any sentence.
                    said_as = certainty_of(fragment)
                    for clause in clauses(fragment)[:_MAX_CLAUSES]:
                        facts += attribute_facts(clause, speaker, uncased=uncased) or _facts_from(
                            clause, fragment, said_as, speaker, turn.event_time, uncased=uncased
                        )
                continue
            attributes = attribute_facts(sentence, speaker, certainty, uncased=uncased,
                                         before=said[index - 1] if index else "") if certainty is not None else []
            if not any(fact.predicate in {"doctor", "gp"} for fact in attributes):
                attributes += doctor_given(sentence, speaker)
            facts += attributes
            # A habit's frequency ("three times a week"), an amount ("900 DKK an hour") or the value of an
            # attribute said by another word ("my bday is oct 5", "my flatmate is Tom") marks its clause too;
            # an age ("32") does not.
            marks = [mark for fact in attributes
                     for mark in (fact.predicate, fact.object if fact.predicate.endswith(" how often")
                                  or fact.predicate in AMOUNTS or fact.predicate.endswith(" dose")
                                  or fact.predicate in SAID_OTHERWISE.values() else "") if mark]
            often = [fact.object for fact in attributes if fact.predicate.endswith(" how often")]
            for clause in clauses(_LEADING_FILLER.sub("", sentence).strip(" ,;:!…"))[:_MAX_CLAUSES]:
                # The clause that gave an attribute's value is read once, as that attribute; one
                # that gave a habit's frequency still says where one does it ("I work three days a
                # week as a pharmacist at Boots": at Boots, as a pharmacist).
                marked = [mark for mark in marks if mentions(clause, mark)]
                # What an ending just said leaves in its place: "Only green tea now", "… instead".
                if facts and (instead := replacement_fact(clause, facts[-1], said_with)) is not None:
                    facts.append(instead)
                elif not marked:
                    facts += _facts_from(clause, sentence, certainty, speaker, turn.event_time, uncased=uncased, pets=pets)
                elif often and all(mark in often or mark.endswith(" how often") for mark in marked):
                    rest = re.sub(r"\s+".join(map(re.escape, often[0].split())), " ", clause, count=1)
                    facts += state_facts(" ".join(rest.split()), speaker, certainty=said_with, sentence=sentence,
                                         uncased=uncased, pets=pets)
        facts[read:] = _from_day(facts[read:], begins)
        # A pet, a new home or a vehicle spoken of in one sentence and named in the next is read across the two;
        # a pet's name is worth more than the turn's other facts when five must be kept.
        moved_home = home_after_moving(said, speaker, previous.text if previous is not None else "")
        facts = with_vehicles_named_nearby([*pets_named_nearby(said, speaker), *moved_home, *facts], said, speaker)
        # What replaced something called off ("Zakopane is off … Innsbruck instead") is the turn's news.
        changes = replacements_of_called_off(text, speaker)
        if not changes and (instead := switched_medicine(text, speaker) or gym_switched(text, speaker)) is not None:
            changes = [instead]
        # "the exhibition is at moorways sports centre now": what a thing is now, said as the change it is.
        changes = changes or held_now(text, speaker, facts)
        # "Juliet roses (was peonies)", "moving from Bluebird to Helping Hands": the turn said again without its old value,
        # unless a rule read the change otherwise (a correction, a switch, a slot's new value).
        if not changes and all(fact.predicate == "states" for fact in facts):
            changes = said_without_what_it_was(text, speaker)
        # "> Your appointment with Dr Weiss has been rescheduled to …", pasted: the speaker's appointment moved.
        facts = with_moves_told_to_the_speaker(turn.text, speaker, [*changes, *facts])
        # A pasted list or label of the speaker's medicines: each one's dose, where no sentence gave it.
        held = {fact.predicate for fact in facts}
        facts += [dose for dose in listed_doses(text, speaker) if dose.predicate not in held]
        # Who the speaker's people are, said in passing: kept when the turn has room for it.
        facts += relations_named(own if text is turn.text else text, speaker, [fact.statement for fact in facts])
        facts = [without_what_does_not_hold(fact) for fact in dated_starts(facts, text, speaker, turn.event_time)]
        # Rules only restate the turn, so the grounding check that guards models is not needed.
        return validate_facts(facts, turn.text, speaker, min_grounding=0.0, max_facts=self._max_facts)


# Each clause is read with its whole sentence beside it, so a sentence of thousands of clauses
# (a hostile paste: "Sam and I " × 15,000) would cost their square; a turn keeps five facts anyway.
_MAX_CLAUSES = 30
# Likewise each sentence with the turn's sentences before it: a paste of thousands of lines ("- I
# live in Osaka" × 5,000) would take minutes. Its first sentences are read.
_MAX_SENTENCES = 200
_TAG_QUESTION = re.compile(r",\s*(?:you\s+know|ya\s+know|y'know)\s*\?+$", re.IGNORECASE)
_PREMISE = re.compile(r"^(?:(?:so|and|but|ok|okay|also)\s*,?\s+)?(?P<lead>since|now\s+that|given\s+that|because|as)\s+"
                      r"(?P<premise>[^,?]{3,200}),\s+(?=\w)", re.IGNORECASE)
_SOMEONE_WHO = re.compile(r"^(?:someone|a\s+person|somebody)\s+who\s+(?P<rest>.+)$", re.IGNORECASE)


def _premise(question: str) -> str:
    """What a question opening "Since …", "Now that …" or "As someone who …" takes as given, said
    as a statement ("I'm vegan now"); "" when it takes nothing about the speaker as given."""
    match = _PREMISE.match(question)
    if match is None:
        return ""
    premise = match["premise"].strip()
    if match["lead"].lower() == "as":
        if who := _SOMEONE_WHO.match(premise):
            verb, _, rest = who["rest"].partition(" ")
            premise = f"I {_base_form(verb)} {rest}".strip()
        elif re.match(r"(?:an?\s+)", premise, re.IGNORECASE):
            premise = f"I am {premise}"  # "As a nurse, …"
        else:
            return ""
    # About the speaker: "Since I'm vegan now", not "Now that we've covered storing clothes".
    return premise + "." if re.search(r"\b(?:I|I'm|I've|I'd|my)\b", premise) else ""


def _base_form(verb: str) -> str:
    """"runs" → "run", "watches" → "watch", "has" → "have": the verb after "I"."""
    lowered = verb.lower()
    if lowered in {"has", "is"}:
        return {"has": "have", "is": "am"}[lowered]
    if lowered.endswith(("shes", "ches", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    if lowered.endswith("ies") and len(lowered) > 4:
        return verb[:-3] + "y"
    return verb[:-1] if lowered.endswith("s") and not lowered.endswith("ss") else verb


def _after_job_news(before: Sequence[str]) -> bool:
    """Whether the last sentence with words before this one says the speaker got a job ("GOT THE LIBRARY JOB!!!" 😭)."""
    worded = [sentence for sentence in before if re.search(r"[^\W\d_]", sentence)]
    return bool(worded) and GOT_THE_JOB.search(worded[-1]) is not None


def _sentence_case(sentence: str) -> str:
    """"Product manager at Paystack" as the rules read a role: its first word not capitalised."""
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence


def _facts_from(
    clause: str, sentence: str, certainty: float | None, speaker: str, when: datetime, *, uncased: bool = False,
    pets: frozenset[str] = frozenset(),
) -> list[ExtractedFact]:
    """The facts of one clause of ``sentence``, said with the sentence's ``certainty`` (None: not a statement)."""
    clause = strip_hedge(_LEADING_FILLER.sub("", clause).strip(" ,;:!…"))
    if not clause or certainty is None:
        return []
    if not is_request(clause):
        # "Retired last Friday!", "got the sack": the work itself ended, where no state rule ends the employer named.
        states = state_facts(clause, speaker, certainty=certainty, sentence=sentence, uncased=uncased, pets=pets)
        if (work := work_ended(clause, speaker, certainty, states)) is not None:
            return [work]
        if states:
            return states
    fact = restated_fact(clause, speaker, when)
    if not is_request(clause):
        if (swapped := swap_fact(clause, speaker, certainty)) is not None:
            return [swapped]
        ending = ending_fact(
            clause, speaker, certainty, statement=fact.statement if fact is not None else None, sentence=sentence
        )
        if ending is not None:
            return [ending]
        if (called_off := plan_called_off(clause, speaker, certainty, fact.statement if fact is not None else None)) is not None:
            return [called_off]
    return [replace(fact, certainty=min(fact.certainty, certainty))] if fact is not None else []


# "I moved to York on 1 March", "started at Arup on the 3rd of May": a change said done on a day by its date.
_CHANGED_ON = re.compile(r"\b(?<!getting\s)(?<!get\s)(?:moved|relocated|started|joined|began)\b"
                         r"(?:\s+[^\s.!?;,]+){0,5}?\s+on\s+(?:the\s+)?(?P<day>\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Za-z]+|[A-Za-z]+\s+\d{1,2}(?:st|nd|rd|th)?)\b",
                         re.IGNORECASE)


_CHANGE_MADE = re.compile(r"\b(?<!getting\s)(?<!get\s)(?:moved|relocated|started|joined|began)\b", re.IGNORECASE)
_WORDS_TO_ITS_TIME = 8


def _begins_on(sentence: str, now: datetime) -> datetime | None:
    """The day what a sentence says holds from: a later day it opens or closes by saying it begins on ("From Monday I
    work at Tesco", "gym's gone up to £42 from January"), or an earlier one it says a change was made on ("I moved to
    York on 1 March", said on 5 March; "I moved to York back in May", said in September), if it says one."""
    said = FROM_DAY.match(sentence) or FROM_DAY.search(sentence)
    day = upcoming_day(said.group(0), now) if said is not None else None
    if day is not None and day > now:
        return day
    if NOT_YET.search(sentence):
        return None
    if (done := _CHANGED_ON.search(sentence)) is not None:
        return day_said_before(done["day"], now)
    # "I moved to York back in May", "started at Stripe two weeks ago", said later: from then, not from the telling.
    made = _CHANGE_MADE.search(sentence)
    return past_day_said(" ".join(sentence[made.end():].split()[:_WORDS_TO_ITS_TIME]), now) if made is not None else None


def _from_day(facts: list[ExtractedFact], day: datetime | None) -> list[ExtractedFact]:
    """``facts`` of a sentence that begins on ``day``, each as holding from then unless it says its own time."""
    if day is None:
        return facts
    return [fact if fact.event_time is not None or fact.type is not MemoryType.SEMANTIC else replace(fact, event_time=day)
            for fact in facts]
