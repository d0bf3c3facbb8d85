"""The pieces the rules for states are written in: what marks a name, where an object ends,
who the subject is, and a rule joining a verb phrase to an object. Pure."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engram_mcp.extraction.lexicon import strip_tail

__all__ = ["ADVERB", "BOUNDARY", "NAME", "SUBJECT", "UNCASED_NAME", "Found", "Rule", "article", "object_head", "rule"]

ADVERB = r"(?:(?:just|finally|officially|recently|now|also|actually|already|currently|still|since|"
ADVERB += r"then|eventually|even|really|totally|happily|proudly|back|fully)\s+)*"
NAME = (r"[A-Z][\w&'’.-]*(?:\s+(?:(?:of|de|do|da|dos|das|du|del|della|di|van|von|der|den|la|le|the|&)\s+)?(?!I\b)[A-Z0-9][\w&'’.-]*)*"
         # "Ullevål hospital": an institution's name often ends in a lowercase word
         r"(?:\s+(?:hospital|university|uni|college|clinic|infirmary))?")

BOUNDARY = r"(?=\s*(?:[,.;:!?]|$|\s(?:as|for|since|now|today|yesterday|this|last|next|and|but|so|because|with|in|on|"
BOUNDARY += r"after|before|again|anymore|any more|at|from|where|which|who|when|though|too|there|here|to|every|daily)\b))"
# In a turn typed without capitals ("i moved to osaka"), a name is a short run of words that
# starts with no article or pronoun and stops at the words that end an object.
UNCASED_NAME = (r"(?!(?:a|an|my|our|his|her|their|this|that|some|it|there|here|home|work|bed|school)\b)[a-z0-9][\w&'’.-]*"
                 r"(?:\s+(?!(?:as|for|since|now|today|yesterday|this|last|next|and|but|so|because|with|in|on|after|before|"
                 r"again|anymore|at|from|where|which|who|when|though|too|to|is|was|are|and)\b)[a-z0-9][\w&'’.-]*){0,3}")
SUBJECT = (r"^(?P<subject>I|we|(?:my|our)\s+(?:[a-z]+\s+){0,2}?[a-z]+(?:\s+(?-i:[A-Z][\w'’-]+))?\s+and\s+I|"
            r"(?-i:[A-Z][\w'’-]+)\s+and\s+I)\s+" + ADVERB)

Found = tuple[str, str, str, str, bool]
"""(statement, predicate, object, slot kind, ended) of one fact; the subject is the speaker."""


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
