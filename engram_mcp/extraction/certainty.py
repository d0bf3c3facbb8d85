"""How sure a sentence is of what it says, on the design's scale. Pure.

1.0 stated ("I work at Meta"); 0.7 a strong hedge or an inference the speaker all but makes
("I think", "probably", "pretty sure"); 0.4 a weak guess ("maybe", "might", "not sure");
``None`` for what is not asserted at all: conditions ("if I get the job I'll move") and
wishes, which a person would not note as facts. The weakest hedge in the sentence wins, so
"I think maybe" is 0.4. Every extractor runs its facts through ``cap_certainty`` with the
sentence they came from, so a model cannot state as certain what the speaker only guessed.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.lexicon import ASSISTANT_ACTS
from engram_mcp.model import Certainty

__all__ = ["cap_certainty", "certainty_of", "is_hypothetical", "strip_hedge"]

_WEAK = re.compile(
    r"\b(?:maybe|might|perhaps|possibly|not sure|unsure|no idea|could be|i guess|i suppose|i wonder|"
    r"who knows|may or may not|kind of hoping|hopefully|sort of thinking|toying with|i have a feeling|"
    r"i've got a feeling|i'd guess|rumou?r has it|if i remember right)\b",
    re.IGNORECASE,
)
_STRONG = re.compile(
    r"\b(?:i think|i'm pretty sure|i am pretty sure|pretty sure|probably|likely|i believe|i reckon|i assume|"
    r"i expect|i'd say|seems like|seems to|should be|most likely|i feel like|i suspect|apparently|supposedly|"
    r"chances are|i gather|as far as i know|afaik)\b",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    r"^(?:if|unless|suppose|supposing|imagine|what if|in case|assuming|even if|had i|were i)\b(?!\s+you\s+(?:ever\s+)?"
    + ASSISTANT_ACTS + r"\b)|"
    r"\b(?:i|we)(?:\s+would|'d|\s+will|'ll)\b[^.]*\bif\b|\bif\s+(?:i|we)\b.*\b(?:would|will|'ll|'d)\b|"
    r"\bwould\s+(?:(?:be|have\s+been)\s+(?:so\s+|really\s+|super\s+|pretty\s+)?(?:cool|great|amazing|awesome|nice|"
    r"fun|wonderful|incredible|a\s+dream)\b)|"
    r"\b(?:i|we)\s+wish\s+(?:i|we)\b|\bin\s+another\s+life\b",
    re.IGNORECASE,
)


def is_hypothetical(sentence: str) -> bool:
    """A condition or a wish: nothing in it is asserted as true."""
    return _HYPOTHETICAL.search(sentence.replace("’", "'")) is not None


def certainty_of(sentence: str) -> float | None:
    """The certainty a fact drawn from this sentence can have, or None when it asserts nothing."""
    sentence = sentence.replace("’", "'")
    if is_hypothetical(sentence):
        return None
    if _WEAK.search(sentence):
        return Certainty.WEAK_GUESS.value
    if _STRONG.search(sentence):
        return Certainty.STRONG_INFERENCE.value
    return Certainty.STATED.value


def cap_certainty(certainty: float, sentence: str) -> float | None:
    """A claimed certainty no higher than the sentence allows (None: drop the fact)."""
    allowed = certainty_of(sentence)
    return None if allowed is None else min(certainty, allowed)


_LEAD_HEDGE = re.compile(
    r"^(?:(?:i\s+think|i\s+believe|i\s+guess|i\s+suppose|i\s+reckon|i'm\s+pretty\s+sure|i\s+am\s+pretty\s+sure|"
    r"pretty\s+sure|i\s+feel\s+like|maybe|perhaps|probably|possibly|apparently|supposedly|chances\s+are|"
    r"i\s+have\s+a\s+feeling|i've\s+got\s+a\s+feeling|i'd\s+guess|i\s+gather)(?:\s+that)?[,\s]+)+",
    re.IGNORECASE,
)


def strip_hedge(clause: str) -> str:
    """"I think I'll move to Berlin" -> "I'll move to Berlin": the hedge lives in the certainty."""
    stripped = _LEAD_HEDGE.sub("", clause.replace("’", "'")).strip()
    return stripped[0].upper() + stripped[1:] if stripped and stripped[0].islower() and stripped[:2] != "i " else stripped
