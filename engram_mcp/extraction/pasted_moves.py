"""A message the speaker pasted that moves their own appointment ("got this from the clinic: > Your
appointment with Dr Weiss has been rescheduled to 14 January 2027 at 09:30"): what it says of "your"
appointment is said to the speaker, so it is read as their rescheduling. Pure.

The rest of a pasted message stays unread (``model.pasted.own_words``): only a move of an event the
message calls the reader's is taken, and not when the speaker says the message was someone else's
("my mum got this").
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.corrections import rescheduling_fact
from engram_mcp.extraction.people import RELATIONS
from engram_mcp.extraction.shifts import EVENT_WORDS, shift_fact
from engram_mcp.model import Certainty
from engram_mcp.model.corrections import PUTS_RIGHT
from engram_mcp.model.pasted import own_words

__all__ = ["moves_told_to_the_speaker", "with_moves_told_to_the_speaker"]

_YOUR_EVENT = re.compile(r"\byour\s+(?:[a-z-]+\s+){0,2}?(?:" + EVENT_WORDS + r")\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
# "my mum got this", "forwarding Dad's reminder", "he got this text": the message was someone else's.
_SOMEONE_ELSES = re.compile(r"\b(?:(?:my|our)\s+(?:" + RELATIONS + r")\b|(?:he|she|they)\s+(?:got|received|was\s+sent)\b|"
                            r"(?:for|to)\s+(?:him|her|them)\b)", re.IGNORECASE)


def moves_told_to_the_speaker(text: str, speaker: str, certainty: float = Certainty.STATED.value) -> list[ExtractedFact]:
    """The move of the reader's event a pasted message makes ("Your appointment … has been rescheduled to …"),
    as the speaker's own rescheduling; [] when the turn pastes none, or says whose else it was."""
    if _SOMEONE_ELSES.search(own_words(text)):
        return []
    for line in _SENTENCE.split(text):
        line = line.strip().lstrip(">").strip()
        if not _YOUR_EVENT.search(line):
            continue
        mine = re.sub(r"\byour\b", "my", re.sub(r"\bYour\b", "My", line))
        moved = rescheduling_fact(mine, speaker, certainty) or shift_fact(mine, speaker, certainty)
        if moved is not None:
            return [moved]
    return []


def with_moves_told_to_the_speaker(text: str, speaker: str, facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """``facts`` of the turn ``text`` with the move its pasted message makes of the speaker's event first. The
    update the same message was read to give ("update on Dr Weiss: now on 14 January") goes: the move says it
    whole, and two changes of one event would each end only one of the facts the move replaces."""
    moves = moves_told_to_the_speaker(text, speaker)
    named = {entity for move in moves for entity in move.entities if entity != speaker}
    return [*moves, *(fact for fact in facts if not (fact.predicate == PUTS_RIGHT and any(n in fact.object for n in named)))]
