"""The pieces the rules for states are written in: what marks a name, where an object ends,
who the subject is, and a rule joining a verb phrase to an object. Pure."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import strip_tail
from engram_mcp.model import Certainty, MemoryType

__all__ = ["ADVERB", "BOUNDARY", "NAME", "SUBJECT", "UNCASED_NAME", "Found", "Rule", "adverbs_first", "article", "as_facts",
           "object_head", "one_per_slot", "rule", "state_fact"]

ADVERB = r"(?:(?:just|finally|officially|recently|now|also|actually|already|currently|still|since|"
ADVERB += r"then|eventually|even|really|totally|happily|proudly|back|fully)\s+)*"
NAME = (r"[A-Z][\w&'’.-]*(?:\s+(?:(?:of|de|do|da|dos|das|du|del|della|di|van|von|der|den|la|le|the|&)\s+){0,2}(?!I\b)[A-Z0-9][\w&'’.-]*)*"
         # "Ullevål hospital": an institution's name often ends in a lowercase word
         r"(?:\s+(?:hospital|university|uni|college|clinic|infirmary))?")

BOUNDARY = r"(?=\s*(?:[,.;:!?]|$|\s(?:as|for|since|now|right\s+now|today|yesterday|this|last|next|and|but|so|because|with|in|on|"
BOUNDARY += r"after|before|again|anymore|any more|at|from|where|which|who|when|though|too|there|here|to|every|daily)\b))"
# In a turn typed without capitals ("i moved to osaka"), a name is a short run of words that
# starts with no article or pronoun and stops at the words that end an object.
UNCASED_NAME = (r"(?!(?:a|an|my|our|his|her|their|this|that|some|it|there|here|home|work|bed|school)\b)[a-z0-9][\w&'’.-]*"
                 r"(?:\s+(?!(?:as|for|since|now|right\s+now|today|tonight|yesterday|this|last|next|and|but|so|because|with|in|on|after|before|"
                 r"again|anymore|at|from|where|which|who|when|though|too|to|is|was|are|and|done|i|he|she|hes|shes|they|we|it|its)\b)"
                 r"[a-z0-9][\w&'’.-]*){0,3}")
SUBJECT = (r"^(?P<subject>I|we|(?:my|our)\s+(?:[a-z]+\s+){0,2}?[a-z]+(?:\s+(?-i:[A-Z][\w'’-]+))?\s+and\s+I|"
            r"(?-i:[A-Z][\w'’-]+)\s+and\s+I)\s+" + ADVERB)

# "I have just moved to Leeds", "I've finally started at Deloitte": the rules read adverbs after the subject, before "have".
_HAVE_THEN_ADVERBS = re.compile(r"^(?P<subject>I|we)\s+(?P<have>have|has|had)\s+(?P<adverbs>(?:(?:just|finally|officially|recently|now|"
                                r"also|actually|already|since|eventually|even|really|totally|happily|proudly|fully)\s+)+)",
                                re.IGNORECASE)


def adverbs_first(text: str) -> str:
    """``text`` with the adverbs between "have" and its verb said before it: "I have just moved" → "I just have moved"."""
    return _HAVE_THEN_ADVERBS.sub(lambda m: f"{m['subject']} {m['adverbs']}{m['have']} ", text, count=1)


Found = tuple[str, str, str, str, bool]
"""(statement, predicate, object, slot kind, ended) of one fact; the subject is the speaker.

A slot kind ending in "~" marks a fact read rather than said (a strong inference at most), one
ending in "?" a guess read from something else said (where one works, for where one lives);
"plan" marks one that is episodic."""


@dataclass(frozen=True, slots=True)
class Rule:
    pattern: re.Pattern[str]
    build: Callable[[re.Match[str], str], list[Found]]
    """(statement, predicate, object, slot-kind, ended) per fact; the subject is filled in later."""


def rule(verbs: str, obj: str, build: Callable[[re.Match[str], str], list[Found]],
          *, subject: str = SUBJECT) -> Rule:
    # Verbs match in any case; objects keep theirs, because a capital is what marks a name.
    return Rule(re.compile("(?i:" + subject + verbs + r")\s*" + obj), build)


def object_head(obj: str) -> str:
    """The object's head: "Ranelagh, Dublin" keeps both; trailing time words and commas go."""
    return strip_tail(re.sub(r"^(?:the|a|an)\s+", "", obj.strip(" ,.;")))


def article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"


def as_facts(found: Iterable[Found], who: str, certainty: float) -> list[ExtractedFact]:
    return [state_fact(statement, who, predicate, obj, certainty, kind) for statement, predicate, obj, kind, _ in found]


def state_fact(statement: str, who: str, predicate: str, obj: str, certainty: float, kind: str) -> ExtractedFact:
    inferred = kind.endswith("~")
    guessed = kind.endswith("?")
    return ExtractedFact(
        statement=statement[0].upper() + statement[1:] + ".",
        type=MemoryType.EPISODIC if kind == "plan" else MemoryType.SEMANTIC,
        certainty=min(certainty, Certainty.WEAK_GUESS.value if guessed else Certainty.STRONG_INFERENCE.value)
        if inferred or guessed else certainty,
        subject=who,
        predicate=predicate,
        object=obj,
        entities=tuple(dict.fromkeys(name for name in (who, obj) if name[:1].isupper())),
    )


def one_per_slot(found: list[Found]) -> list[Found]:
    """The first of each (predicate, object), an ending counted as the same slot as its start."""
    seen: dict[tuple[str, str], Found] = {}
    for item in found:
        seen.setdefault((item[1].removeprefix("no longer ").casefold(), item[2].casefold()), item)
    return list(seen.values())
