"""What the speaker puts right or changes: a correction of something said earlier ("it's the Copenhagen
half marathon, not Berlin", "sorry, not Tuesday but Thursday"), a switch ("I switched from architecture
to engineering") or an event moved ("moved my appointment to Thursday"). Pure.

Each becomes one fact with the predicate ``model.corrections.CORRECTS``, ``SWITCHES`` or
``RESCHEDULES``; the fact service applies it to the speaker's facts that name the old value. The
end of a habit or a membership is ``endings.py``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.corrections import (
    CORRECTS,
    PUTS_RIGHT,
    RESCHEDULES,
    SWITCHES,
    correction_object,
    parse_correction,
)

__all__ = ["CORRECTION_CUE", "corrected_statement", "correction_fact", "rescheduling_fact", "swap_fact", "switch_fact",
           "without_what_does_not_hold"]

# "the parent-teacher meeting isn't Thursday at all, it's Saturday", "the parent who complained was
# Mr. Bouchard, not Gagnon": what was put right, named before the value.
# In chat the article and the comma go ("correction from yesterday, locum is Sofie not Sophie!!"): a
# bare noun is what was put right only at the start of a clause, and never a pronoun.
_PUT_RIGHT = re.compile(r"(?:^|[:;,–-]\s*)(?P<what>(?i:the|my|our)\s+[^,;:.!?]{2,60}?|(?!(?i:it|that|this|there|which|what|who|he|she|they|"
                        r"one|mine|yours)\b)[a-z][a-z-]{2,20})\s+(?P<verb>is|was|are|were)(?:\s+not|n't)?\s+"
                        r"(?P<preposition>(?:on|in|at)\s+)?(?P<value>(?:(?:Mr|Mrs|Ms|Dr|Prof|St)\.\s*|[^,;:.!?])+?)(?:\s+at\s+all)?\s*,?\s+"
                        r"(?:not\b|it's|it\s+is|it\s+was)")
# "It's X, not Y" is a correction by its form; "not Y but X" only beside a word that says so.
_IT_IS_NOT = re.compile(r"\b(?:it is|it's|it was|that is|that's|that was|it should be|make that|I meant)\s+(?P<new>[^,;]+?),\s*"
                        r"not\s+(?P<old>[^,;.!?()]+)", re.IGNORECASE)
_NOT_BUT = re.compile(r"(?<!n't )(?<!did )(?<!do )(?<!does )\bnot\s+(?P<old>[^,;]+?),?\s+but\s+(?P<new>[^,;.!?()]+)",
                      re.IGNORECASE)
# "Actually, the bistro is in Vieux Lyon, not Croix-Rousse": a value then the one it replaces,
# beside a word that says it is a correction.
_VALUE_NOT = re.compile(r"\b(?:(?:is|are|was)\s+(?:in|on|at|to|from)|in|on|at|to|from|is|are|was|called|named)\s+(?P<new>[^,;:]+?)(?:\s+now)?,\s*not\s+"
                        r"(?P<old>[^,;.!?()]+)", re.IGNORECASE)
# Without the comma only one word stands each side: "locum is Sofie not Sophie!!".
_WORD_NOT_WORD = re.compile(r"\b(?i:is|are|was|called|named)\s+(?:(?i:at|on|in)\s+)?(?P<new>%s)\s+(?i:not)\s+(?P<old>%s)[.!?]*(?=\s|$)"
                            % ((r"(?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}|\d[\w'.:-]*)",) * 2))


# "I told you lisinopril, but I just checked the pack - it's amlodipine", "I said 3 November but it's
# 3 December": what was said, then what is so.
_SAID_BUT = re.compile(r"\bI\s+(?:told\s+you|said|wrote|mentioned|put\s+down)\s+(?P<old>[^,;:.!?]+?),?\s+but\s+"
                       r"(?:[^,;.!?]*?[,–-]\s*)?(?:it's|it\s+is|it\s+was|that's|it\s+should\s+be)\s+(?P<new>[^,;.!?()]+)",
                       re.IGNORECASE)
# "The meeting isn't Thursday at all, it's Saturday at 10:30": a named value put right.
_ISNT_ITS = re.compile(r"\b(?:isn't|is\s+not|wasn't|was\s+not)\s+(?:on\s+|in\s+|at\s+)?(?P<old>[^,;.!?]+?)(?:\s+at\s+all)?,\s*"
                       r"(?:it's|it\s+is|it\s+was)\s+(?:on\s+|in\s+|at\s+)?(?P<new>[^,;.!?()]+)", re.IGNORECASE)


def _named_value_not(text: str) -> re.Match[str] | None:
    """"in Vieux Lyon, not Croix-Rousse", "on Sundays now, not Saturdays": both sides a name, a
    day or a number ("to reach the gold level, not 300" corrects nothing)."""
    return _named(_VALUE_NOT.search(text)) or _named(_WORD_NOT_WORD.search(text))


def corrected_statement(sentence: str, speaker: str, correction: ExtractedFact) -> ExtractedFact | None:
    """What a correction says is so, restated with what it is about ("Rahul put it right: the
    parent-teacher meeting is on Saturday at 10:30"), when the sentence names that; None when not.
    The correction itself names both values; this says only the one that holds."""
    put = _PUT_RIGHT.search(sentence.replace("’", "'"))
    values = parse_correction(correction.object) if correction.predicate == CORRECTS else None
    if put is None or values is None:
        return None
    new = values[1]
    said_before = (put["preposition"] or "").lower()
    on = said_before or ("on " if re.match(r"(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}(?:st|nd|rd|th)?\s+[a-z]{3}|\d{1,2}(?:st|nd|rd|th)\b)", new) else "")
    holds = f"{put['what'].strip()} {put['verb'].lower()} {on}{new}"
    return ExtractedFact(
        statement=f"{speaker} put it right: {holds}.",
        type=MemoryType.SEMANTIC,
        certainty=correction.certainty,
        subject=speaker,
        predicate=PUTS_RIGHT,
        object=holds,
        entities=correction.entities,
    )


def _a_value_said(match: re.Match[str] | None) -> re.Match[str] | None:
    """"I said 3 November but it's 3 December" names values; "I said I'd come, but it's raining" does not."""
    if match is None or _NO_VALUE.search(match["old"]) or re.fullmatch(r"[a-z]+ing", match["new"].strip()):
        return None
    return match


_NO_VALUE = re.compile(r"\b(?:I|I'd|I'll|I'm|you|we|he|she|they|it|that|would|will|could|should|might)\b", re.IGNORECASE)


def _named(match: re.Match[str] | None) -> re.Match[str] | None:
    if match is None or not all(side.strip()[:1].isupper() or side.strip()[:1].isdigit() for side in (match["new"], match["old"])):
        return None
    return match


CORRECTION_CUE = re.compile(r"\b(?:correction|actually|sorry|I meant|my (?:mistake|bad)|I misspoke|typo|scratch that)\b",
                  re.IGNORECASE)
_DESCRIBED = re.compile(r"(?:a|an|so|too|very|that|really|much|bad|big|just|only|even|merely|simply|necessarily|always|"
                       r"because|about|for|to|all|everything|anything|everyone|more|less|what|how|not|never|ok|okay|fine|"
                       r"good|great|true|false|important|essential)\b", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|a|an|my|our)\s+", re.IGNORECASE)


def correction_fact(sentence: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """The correction the sentence makes, or None when it makes none."""
    text = sentence.replace("’", "'")
    match = (_IT_IS_NOT.search(text) or _a_value_said(_SAID_BUT.search(text)) or _named(_ISNT_ITS.search(text))
             or ((_NOT_BUT.search(text) or _named_value_not(text)) if CORRECTION_CUE.search(text) else None))
    if match is None:
        return None
    said = match["old"].strip(" .!\"'")
    old = _ARTICLE.sub("", said)
    new = match["new"].strip(" .!\"'")
    # "It's fine, not a problem", "it's all about progress, not perfection": a value is named
    # ("not Berlin", "not the 4th"), not described.
    if _DESCRIBED.match(said) or _DESCRIBED.match(new):
        return None
    if not old or not new or len(old.split()) > 3 or len(new.split()) > 4 or old.casefold() == new.casefold():
        return None
    return ExtractedFact(
        statement=f"{speaker} corrected {old} to {_ARTICLE.sub('', new)}.",
        type=MemoryType.SEMANTIC,
        certainty=certainty,
        subject=speaker,
        predicate=CORRECTS,
        object=correction_object(old, new),
        entities=(speaker,),
    )


# "I switched from architecture to engineering", "we changed from Vodafone to Three". Not "moved"
# or "went": a move is a home (the state rules read it) and a trip is neither.
_SWITCHED_FROM = re.compile(
    # "I switched from …", or someone else did it for the speaker: "the doctor switched me from …".
    r"(?:\b(?:I|we)\s+(?:have\s+|'ve\s+)?(?:just\s+|finally\s+|officially\s+)?(?:switched|changed|swapped|transferred)|"
    r"\b(?:has\s+|have\s+)?(?:switched|changed|moved|put|transferred)\s+(?:me|us)(?:\s+over)?)\s+"
    # At most four words a side, so that a long run of "to"s costs no more than a short one.
    r"(?:(?:my|our)\s+(?:course|major|degree|subject|programme|program)\s+)?from\s+"
    r"(?P<old>[^,;.!?\s]+(?:\s+[^,;.!?\s]+){0,3}?)\s+to\s+"
    r"(?P<new>[^,;.!?()\s]+(?:\s+[^,;.!?()\s]+){0,3}?)(?=\s*(?:[,;.!?]|$|\s+(?:because|since|and|but|as|after|this|last|in)\b))",
    re.IGNORECASE,
)


# "I swapped the violin for the cello", "gave up coffee for green tea": what one does now for what one did.
# Not what one gives something up for ("for Lent", "for good", "for a month", "for her").
_SWAPPED_FOR = re.compile(
    r"^(?:(?:I|we)(?:\s+have|'ve)?\s+)?(?:just\s+|finally\s+)?(?:swapped|exchanged|traded|gave\s+up|given\s+up|ditched|dropped)\s+"
    r"(?P<old>[^,;.!?\s]+(?:\s+[^,;.!?\s]+){0,3}?)\s+for\s+(?!(?:lent|ramadan|good|now|ever|life|nothing|free|cash|money|"
    r"him|her|them|me|us|you|a\s+(?:while|bit)|(?:my|his|her|their|our)\s+(?:health|sake)|(?:a|an|the|one|two|three|few|\d+|this|"
    r"next|the\s+rest\s+of\s+the)\s+(?:[a-z]+\s+)?(?:days?|weeks?|months?|years?|summer|winter|spring|autumn|term|holidays?))\b)"
    r"(?P<new>[^,;.!?()\s]+(?:\s+[^,;.!?()\s]+){0,3}?)(?=\s*(?:[,;.!?]|$|\s+(?:because|since|and|but|as|after|this|last|in)\b))",
    re.IGNORECASE,
)


def swap_fact(clause: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """A change said as one thing given up for another ("I swapped the violin for the cello"), read
    as a switch from the one to the other; None when the clause says none."""
    return _switched(_SWAPPED_FOR.search(clause.strip().replace("’", "'")), speaker, certainty)


def switch_fact(sentence: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """The change the sentence says as one ("I switched from architecture to engineering"), or None."""
    return _switched(_SWITCHED_FROM.search(sentence.replace("’", "'")), speaker, certainty)


def _switched(match: re.Match[str] | None, speaker: str, certainty: float) -> ExtractedFact | None:
    if match is None:
        return None
    old, new = _ARTICLE.sub("", match["old"].strip()), _ARTICLE.sub("", match["new"].strip())
    if not old or not new or len(old.split()) > 4 or len(new.split()) > 4 or old.casefold() == new.casefold():
        return None
    return ExtractedFact(
        statement=f"{speaker} switched from {old} to {new}.",
        type=MemoryType.SEMANTIC,
        certainty=certainty,
        subject=speaker,
        predicate=SWITCHES,
        object=correction_object(old, new),
        entities=tuple(dict.fromkeys((speaker, *(v for v in (old, new) if v[:1].isupper())))),
    )


_MOVED = r"(?:moved|rescheduled|pushed(?:\s+back)?|postponed|changed|brought\s+forward|put\s+off|shifted)"
_EVENT = (r"(?P<event>(?:[a-z-]+\s+){0,2}?(?P<head>appointment|meeting|call|interview|flight|dinner|lunch|"
          r"party|wedding|exam|surgery|operation|session|class|lesson|trip|visit|check-?up|booking|reservation|date))")
_RESCHEDULED = re.compile(
    r"\b" + _MOVED + r"\s+(?:back\s+)?(?P<whose>my|our|the)\s+" + _EVENT + r"\s+(?:to|until|till|for)\s+(?P<when>[^,.;!?()]+)",
    re.IGNORECASE,
)
_HABIT_DAYS = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|every\b", re.IGNORECASE)
# "Dr Patel's office called, appointment moved to 17 June": the event moved, by whoever, said as what happened to it.
_WAS_RESCHEDULED = re.compile(
    r"(?:^|[,;:—–-]\s*|\b(?P<whose>my|our|the)\s+)(?!(?:my|our|the|his|her|their|your)\b)"
    + _EVENT.replace("?P<event>", "?P<passive_event>").replace("?P<head>", "?P<passive_head>")
    # "Your appointment with Dr Weiss has been rescheduled to …": whom it is with.
    + r"(?:\s+with\s+(?P<with>(?-i:(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)))?"
    + r"\s+(?:(?:was|has\s+been|got|is|'s|has\s+got)\s+)?(?:now\s+)?" + _MOVED + r"\s+(?:back\s+)?(?:to|until|till|for)\s+"
    r"(?P<passive_when>[^,.;!?()]+)",
    re.IGNORECASE,
)


def rescheduling_fact(sentence: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """The event the sentence moves to another time ("moved my appointment to Thursday at 11"), or None."""
    said = sentence.replace("’", "'")
    match = _RESCHEDULED.search(said) or _WAS_RESCHEDULED.search(said)
    if match is None:
        return None
    told = match.groupdict()
    event, head = told.get("event") or told["passive_event"], told.get("head") or told["passive_head"]
    when = (told.get("when") or told["passive_when"]).strip()
    if told.get("passive_when") and _HABIT_DAYS.match(when):
        return None  # "the painting class was moved to Fridays": a habit's days (``habits.rescheduled_habit``)
    # "they moved the wedding to september": whose wedding the sentence does not say; an event with no word
    # before it ("appointment moved to 17 June") is the speaker's, as chat drops "my".
    whose = f"{speaker}'s" if (match["whose"] or "my").lower() != "the" else "The"
    with_whom = told.get("with")
    return ExtractedFact(
        statement=f"{whose} {event.lower()}{f' with {with_whom}' if with_whom else ''} was moved to {when}.",
        type=MemoryType.EPISODIC,
        certainty=certainty,
        subject=speaker,
        predicate=RESCHEDULES,
        object=head.lower(),
        entities=(speaker, *((with_whom,) if with_whom else ())),
    )


# "… will be my maid of honour, not Rita", "… is Anika, not Anita", "oat milk now, not cow's milk":
# a statement that ends by naming what does not hold. Not "…, not bad", "…, not really".
_NOT_AT_THE_END = re.compile(r",\s*(?:and\s+)?not\s+(?P<old>[^,;:.!?]+?)(?:\s+(?:any\s*more|any\s+longer))?\s*[.!]*$")


def without_what_does_not_hold(fact: ExtractedFact) -> ExtractedFact:
    """The fact said without the value it ends by ruling out, so that it names only what holds;
    a plain statement so restated is the turn's word on what holds (``PUTS_RIGHT``)."""
    match = _NOT_AT_THE_END.search(fact.statement)
    if (match is None or fact.predicate in (CORRECTS, SWITCHES) or len(match["old"].split()) > 4
            or _DESCRIBED.match(match["old"])):
        return fact
    holds = fact.statement[: match.start()].rstrip()
    old = match["old"].strip().casefold()
    kept = replace(fact, statement=holds + ".", entities=tuple(e for e in fact.entities if e.casefold() not in old))
    if fact.predicate == "states":
        return replace(kept, predicate=PUTS_RIGHT, object=holds)
    obj = fact.object.removesuffix(fact.statement[match.start():].rstrip(".!")).rstrip(" ,")
    return replace(kept, object=obj or fact.object)
