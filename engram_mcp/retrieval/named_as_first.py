"""What a later message moves or calls off, by the words the first message named it with: "the kontrola is moved to 19
March" after "next kontrola is 12 March", "never mind the dentist on the 20th, cancelled it" after "Dentist appointment on
20 April at 3pm". ``later_change`` lets such a message lead over the first whatever words of the question it says. Pure.
"""

from __future__ import annotations

import re

from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.time_expr import CALENDAR_NAMES, says_a_time
from engram_mcp.retrieval.focus import SENTENCE_END
from engram_mcp.retrieval.question_words import RELATION_WORDS, stem

__all__ = ["SOMEONE_ELSES", "called_off_as_first_called_it", "moved_as_first_called_it"]

# Whose change a sentence tells, when it names one of the person's people: "my brother just moved to Glasgow".
SOMEONE_ELSES = frozenset(stem(w) for w in RELATION_WORDS) - {stem(w) for w in """doctor gp physician dr dentist therapist counsellor counselor
                                                              manager boss landlord landlady vet veterinarian coach trainer""".split()}



# What a message says was moved, by the words just before the verb in its clause: "the kontrola u ortodonty is moved to
# 19 March", "fitting moved to next Tuesday"; not "I moved to Leeds" or "my sister moved" (no thing, or a person, and no time).
_MOVED = re.compile(r"\b(?:(?:is|was|has\s+been|got|been|gets)\s+)?(?:moved|rescheduled|postponed|pushed\s+back|brought\s+forward)\b"
                    r"(?!\s+(?:in|into|out|away|there|here|house|home)\b)", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"[—–:;,.!?()\"]|\s-\s|\b(?:and|but|so)\b", re.IGNORECASE)


def moved_as_first_called_it(text: str, first: str) -> set[str]:
    """The words (stems) of what ``text`` says was moved that ``first`` names too: "kontrola" in "clinic rang — the
    kontrola is moved to 19 March", when the first message said "next kontrola is 12 March"."""
    named_first = {stem(word.casefold()) for word in re.findall(r"[^\W\d_][\w'’-]*", first)}
    moved: set[str] = set()
    for verb in _MOVED.finditer(text):
        # Moved to a time, said at once: "Mads moved to Oslo", "fr kieran is being moved to a parish in kerry, the letter
        # came today" tell of a person, not of a thing's new date.
        if not says_a_time(" ".join(SENTENCE_END.split(text[verb.end():], maxsplit=1)[0].split()[:6])):
            continue
        clause = _CLAUSE_BREAK.split(text[:verb.start()])[-1]
        moved |= {stem(word.casefold()) for word in re.findall(r"[^\W\d_][\w'’-]*", clause)[-3:]
                  if len(word) > 2 and word.casefold() not in FUNCTION_WORDS and not re.search(r"['’]", word)}
    return (moved - RELATION_WORDS) & named_first


# What a message says was called off, by the words that name it: "never mind the dentist on the 20th, cancelled it", "the
# dentist is cancelled", "cancelled my physio", "Friday's book club got called off"; its day is no part of what it names.
_CALLS_OFF = re.compile(r"\b(?:cancel(?:l)?ed|called\s+off|scrapped|(?:is|are|'s|’s)\s+off|not\s+happening|fell\s+through)\b", re.IGNORECASE)
_CALLED_OFF_THING = re.compile(
    r"\b(?:never\s*mind|forget(?:\s+about)?|cancel(?:l)?(?:ed|ing)?|call(?:ed|ing)?\s+off|scrap(?:ped)?)\s+(?P<after>(?:the|my|our|that|this)\s+"
    r"[^,;:.!?()]{2,40})|(?P<before>[^,;:.!?()]{2,40}?)\s+(?:is|are|was|were|got|has\s+been|have\s+been|'s|’s)\s+(?:now\s+)?"
    r"(?:cancel(?:l)?ed|called\s+off|scrapped|off|not\s+happening)\b", re.IGNORECASE)
_ITS_TIME = re.compile(r"\s+(?:on|at|for|this|next|tomorrow|tonight|today)\b.*$", re.IGNORECASE)


def called_off_as_first_called_it(text: str, first: str) -> set[str]:
    """The words (stems) of what ``text`` says was called off that ``first``, a plan with its time, names too: "dentist"
    in "never mind the dentist on the 20th, cancelled it", when the first message said "Dentist appointment on 20 April
    at 3pm" (asked "What appointments do I have coming up?", whose word only the first says)."""
    if not says_a_time(first):
        return set()
    named_first = {stem(word.casefold()) for word in re.findall(r"[^\W\d_][\w'’-]*", first)}
    called_off: set[str] = set()
    for sentence in SENTENCE_END.split(text):
        if not _CALLS_OFF.search(sentence):
            continue
        for thing in _CALLED_OFF_THING.finditer(sentence):
            words = re.findall(r"[^\W\d_][\w'’-]*", _ITS_TIME.sub("", thing["after"]) if thing["after"] else thing["before"])
            called_off |= {stem(word.casefold()) for word in (words if thing["after"] else words[-3:])
                           if len(word) > 2 and word.casefold() not in FUNCTION_WORDS and word.capitalize() not in CALENDAR_NAMES
                           and not re.search(r"['’]", word)}
    # A dentist or a physio called off is the appointment with them; a sister is whose plan it was.
    return (called_off - SOMEONE_ELSES) & named_first
