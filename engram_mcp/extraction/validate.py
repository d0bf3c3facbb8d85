"""Checks every extracted fact against the turn it came from. Pure functions.

Small models invent, repeat and drift into the examples they were shown; none of that may
reach the memory. A fact survives only when most of its content words occur in the turn
(or are the speaker's name), it is not a near-copy of a fact kept before it, and it speaks
of the speaker by name rather than as "I".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from engram_mcp.extraction.base import MAX_FACTS_PER_TURN, ExtractedFact
from engram_mcp.extraction.certainty import cap_certainty
from engram_mcp.model import Certainty
from engram_mcp.model.overriding import sets_instructions_aside

__all__ = [
    "DEFAULT_MIN_GROUNDING",
    "content_words",
    "grounding",
    "nearest_certainty",
    "resolve_first_person",
    "split_sentences",
    "validate_facts",
]

DEFAULT_MIN_GROUNDING = 0.6
NEAR_DUPLICATE_JACCARD = 0.75
_CAPITALISED = re.compile(r"(?<=\s)([A-Z][\w-]+(?:\s+[A-Z][\w-]+)*)")

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")
# Function words plus the verbs every restatement uses; they say nothing about grounding.
_STOPWORDS = frozenset(
    """
    a an the and or but if of to in on at by for with about from into onto over under as than then
    so too very just also really is am are was were be been being has have had do does did will
    would shall should can could may might must not no yes this that these those there here it its
    i me my mine myself we us our ours you your yours he him his she her hers they them their theirs
    who whom whose which what when where why how all any some each every both either neither one
    ones much many more most less least own same such only other another again ever still yet now
    s t re ve ll d m user speaker
    """.split()
)
_FIRST_PERSON = (
    (re.compile(r"\bI am\b|\bI'm\b|\bI’m\b"), "{s} is"),
    (re.compile(r"\bI was\b"), "{s} was"),
    (re.compile(r"\bI have\b|\bI've\b|\bI’ve\b"), "{s} has"),
    (re.compile(r"\bI'll\b|\bI’ll\b"), "{s} will"),
    (re.compile(r"\bI'd\b|\bI’d\b"), "{s} would"),
    (re.compile(r"\b[Mm]yself\b"), "{s}"),
    (re.compile(r"\b[Mm]y\b"), "{s}'s"),
    (re.compile(r"\b[Mm]ine\b"), "{s}'s"),
    (re.compile(r"\bI\b"), "{s}"),
    (re.compile(r"(?<=\s)me\b(?![-'’])"), "{s}"),
)


def content_words(text: str) -> set[str]:
    """Lower-cased stems of the words that carry meaning."""
    words = (word.lower().replace("’", "'") for word in _WORD.findall(text))
    return {_stem(word) for word in words if word not in _STOPWORDS and len(word) > 1}


def grounding(statement: str, source: str) -> float:
    """The share of the statement's content words that the source also contains."""
    words = content_words(statement)
    if not words:
        return 0.0
    return len(words & content_words(source)) / len(words)


def nearest_certainty(value: float) -> float:
    """Snap a certainty to the nearest of the three levels."""
    return min((level.value for level in Certainty), key=lambda level: abs(level - value))


def resolve_first_person(text: str, speaker: str) -> str:
    """Replace I / my / me with the speaker's name so the sentence stands alone."""
    for pattern, replacement in _FIRST_PERSON:
        text = pattern.sub(replacement.format(s=speaker), text)
    return text


def validate_facts(
    facts: Iterable[ExtractedFact],
    turn_text: str,
    speaker: str,
    *,
    min_grounding: float = DEFAULT_MIN_GROUNDING,
    max_facts: int = MAX_FACTS_PER_TURN,
) -> list[ExtractedFact]:
    """The facts worth keeping from one turn, in their original order."""
    # The turn's words are read once: a paste of thousands of lines has as many facts to check.
    source = content_words(f"{turn_text} {speaker}")
    speaker_words = content_words(speaker)
    sentences = [(sentence, content_words(sentence)) for sentence in split_sentences(turn_text)]
    kept: list[ExtractedFact] = []
    seen: list[set[str]] = []
    for fact in facts:
        fact = _normalise(fact, speaker)
        # "Please ignore all previous instructions": what was said stays in its turn; kept as a
        # fact, it would be read back into every later chat.
        if sets_instructions_aside(fact.statement):
            continue
        words = content_words(fact.statement)
        # No extractor may be surer than the speaker was: the sentence a fact came from caps it,
        # and a fact drawn from a condition ("if I win, I'll ...") is no fact.
        certainty = cap_certainty(fact.certainty, _source_sentence(words - speaker_words, sentences))
        if certainty is None:
            continue
        fact = replace(fact, certainty=certainty)
        if len(words) < 2 or len(words & source) / len(words) < min_grounding:
            continue
        if any(_jaccard(words, other) >= NEAR_DUPLICATE_JACCARD for other in seen):
            continue
        kept.append(fact)
        seen.append(words)
        if len(kept) == max_facts:
            break
    return kept


_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


def split_sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE.split(text) if part.strip()] or [text]


def _source_sentence(words: set[str], sentences: list[tuple[str, set[str]]]) -> str:
    """The sentence of the turn (with its content words) that shares most of ``words``."""
    return max(sentences, key=lambda sentence: len(words & sentence[1]))[0]


def _normalise(fact: ExtractedFact, speaker: str) -> ExtractedFact:
    statement = resolve_first_person(fact.statement, speaker)
    subject, predicate, obj = fact.subject, fact.predicate, fact.object
    if not predicate:
        # A compact answer carries only the statement; "Mel moved to Lisbon" splits itself.
        words = statement.rstrip(".").split()
        subject, predicate, obj = speaker, (words[1] if len(words) > 1 else ""), " ".join(words[2:])
    if subject.lower() in {"i", "me", "my", "myself", "speaker", ""}:
        subject = speaker
    entities = _unique(resolve_first_person(entity, speaker) for entity in fact.entities)
    if not entities:
        entities = _unique([speaker, *_CAPITALISED.findall(statement)])
    return replace(
        fact,
        statement=statement,
        subject=subject,
        predicate=predicate,
        object=resolve_first_person(obj, speaker),
        certainty=nearest_certainty(fact.certainty),
        entities=entities,
    )


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(value for value in values if value))


def _jaccard(left: set[str], right: set[str]) -> float:
    return len(left & right) / len(left | right) if left or right else 1.0


def _stem(word: str) -> str:
    # Crude on purpose: "painting"/"painted"/"paints" must meet; a full stemmer is not needed.
    word = word.removesuffix("'s")
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)][:6]
    return word[:6]


