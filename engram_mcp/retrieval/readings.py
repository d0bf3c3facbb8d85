"""What leads when a person keeps a log: the newest of several readings of the same measure.

"note: weight 231 lb", "note: weight 229", "note: weight 224 this morning": each reading is true when
said and none says the last one ended, so no fact supersedes another and the ranking may put any of
them first. Asked "What is Hollis's weight?" (or his current, latest, most recent weight), the newest
reading that speaks of the measure asked, by the person asked of, goes first. Pure, like the rest of
``leading``.
"""

from __future__ import annotations

import re

from engram_mcp.model import Kind
from engram_mcp.model.pasted import own_words
from engram_mcp.retrieval.leading import (
    LEAD_DEPTH,
    SENTENCE_END,
    Focus,
    Scored,
    about,
    answers_asked,
    lead,
    of_another_person,
)
from engram_mcp.retrieval.question_words import RELATION_WORDS, stem

__all__ = ["latest_reading_first", "says_a_reading"]

# A measure: "224", "132/84", "26:41", "€150", "6.4"; not a year said alone ("since 2011").
_READING = re.compile(r"(?<![\w/:.,])(?!(?:19|20)\d\d\b)\d+(?:[.,:/]\d+)*(?![\w/:])")
# A question that asks for another reading than the newest: the best, the first, the one before.
_NOT_THE_NEWEST = frozenset(stem(word) for word in (
    "best worst highest lowest fastest slowest quickest longest shortest biggest smallest heaviest lightest first "
    "original initial previous earlier earliest old older starting start record personal peak maximum minimum max "
    "min average usual normal target goal").split())


def says_a_reading(text: str) -> bool:
    """Whether ``text``, in the person's own words, gives a measure as a number."""
    return bool(_READING.search(own_words(text)))


def _measures_read(text: str, focus: Focus, measure: set[str]) -> set[str]:
    """The measures asked that ``text`` gives a reading of: each named in a sentence that gives a number
    ("Pressure today 146/92"; not "works" in "5k: 25:58!!! … the break-up cardio works")."""
    return set().union(*(about(sentence, focus) & measure for sentence in SENTENCE_END.split(own_words(text))
                         if says_a_reading(sentence)))


def latest_reading_first(ranked: list[Scored], focus: Focus, outdated: set[str]) -> list[Scored]:
    """When the memories near the top give several readings of the measure asked, the newest goes first,
    for a question asking what or how much, not whether ("Is Aurelio still flying to Turin?"), when, where, who,
    at which time, or for another reading than the newest ("best")."""
    if (not ranked or not focus.value or not focus.terms or focus.when or focus.where or focus.who or focus.timing
            or set(focus.terms) & _NOT_THE_NEWEST):
        return ranked
    first = ranked[0][0]
    measure = set(focus.terms) - RELATION_WORDS
    readings = [
        (pair, met) for pair in ranked[:LEAD_DEPTH]
        if pair[0].id not in outdated and not pair[0].said_by_assistant() and not of_another_person(pair[0], focus)
        and (met := _measures_read(pair[0].text, focus, measure))
    ]
    if len(readings) < 2:
        return ranked
    # The readings of the measure the question names most of: "blood pressure" over a line naming only "blood".
    widest = max(len(met) for _, met in readings)
    newest = max((pair for pair, met in readings if len(met) == widest), key=lambda pair: pair[0].event_time)
    # A fact that holds the slot asked, told no earlier, already says what holds.
    if first.kind is Kind.FACT and answers_asked(first, focus) and first.event_time >= newest[0].event_time:
        return ranked
    return lead(ranked, newest)
