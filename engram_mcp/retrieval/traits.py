"""What someone is, asked of them: their work, a lasting health condition, the way they eat. Pure.

"What does Parvin do for a living?", "Does Lupita have any health conditions?", "Does Branwen have
any dietary restrictions?" are answered by a memory that says it in passing ("My sister Parvin called.
she is a florist", "im type 2 diabetic and i keep grazing on pan dulce", "forgot to say im coeliac"),
which seldom shares a word with the question. Recall reads the words of each trait here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engram_mcp.model.occupations import OCCUPATION_SAID, OCCUPATIONS, says_own_occupation
from engram_mcp.model.predicates import DIETS, HEALTH_CONDITIONS
from engram_mcp.retrieval.question_words import stem

__all__ = ["Trait", "trait_asked"]


@dataclass(frozen=True, slots=True)
class Trait:
    """A trait a question asks of someone, the words that say one, and how a speaker says it is theirs."""

    name: str
    asked: frozenset[str]
    """The focus terms (stems) that ask it."""
    asked_in: re.Pattern[str] | None
    """How a question asks it in words that ask other things too: "What does Branwen do for work?"."""
    slots: frozenset[str]
    """The slots a current fact holding one is in ("job"): an answer already."""
    words: tuple[str, ...]
    said: re.Pattern[str]
    told_of_oneself: Callable[[str], bool]

    def said_in(self, text: str) -> bool:
        """Whether ``text`` names one ("a florist", "coeliac", "pescatarian")."""
        return self.said.search(text) is not None


def _said(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")s?\b", re.IGNORECASE)


# Before a condition in its sentence, someone else it is said of: "my sister has asthma", "his eczema",
# "vet says Brutus has got arthritis".
_SOMEONE_ELSE = re.compile(
    r"\b(?:he|she|they|his|her|their|him|them|mum|mom|mam|dad|papa|mama)\b|(?-i:\b[A-Z][a-z]+(?:['’]s\b|\s+(?:has|had|is|was|got)\b))|"
    r"\b(?:my|our)\s+(?:\w+\s+)?(?:sister|brother|mum|mom|mam|mother|dad|father|son|daughter|wife|husband|partner|boyfriend|"
    r"girlfriend|friend|kid|child|children|baby|boy|girl|cousin|aunt|uncle|gran|grandma|grandad|nan|niece|nephew|colleague|"
    r"boss|dog|cat|twin)s?\b", re.IGNORECASE)


def _told_of_oneself(said: re.Pattern[str]) -> Callable[[str], bool]:
    """A condition or diet the speaker says with no one else before it in its sentence ("forgot to say im
    coeliac", "Lactose intolerant btw", "we keep kosher at home"): said of themselves."""
    def told(text: str) -> bool:
        for match in said.finditer(text):
            before = re.split(r"[.!?\n]\s*", text[: match.start()])[-1]
            if not _SOMEONE_ELSE.search(before) or _OF_ONESELF_RIGHT_BEFORE.search(before):
                return True
        return False
    return told


# Right before the condition, the speaker's own: "… she says it'll remember things … and I've got emphysema", a voice note
# that never ends its sentence.
_OF_ONESELF_RIGHT_BEFORE = re.compile(r"\b(?:i['’]?ve\s+got|i\s+(?:have|got|had)|i['’]?m|im|i\s+am)\s+(?:\w+\s+)?$", re.IGNORECASE)


def _trait(name: str, asked: str, words: frozenset[str], slots: str, told_of_oneself: Callable[[str], bool] | None = None,
           asked_in: str | None = None, said: re.Pattern[str] | None = None) -> Trait:
    said = said or _said(tuple(words))
    return Trait(name, frozenset(stem(word) for word in asked.split()), re.compile(asked_in, re.IGNORECASE) if asked_in else None,
                 frozenset(slots.split()), tuple(words), said, told_of_oneself or _told_of_oneself(said))


# "she taught English all those years": teaching a subject says what one does for work, as "a teacher" would.
_TEACHES_A_SUBJECT = (r"\b(?:taught|teaches|teaching)\s+(?:english|maths?|mathematics|science|history|music|art|french|german|"
                      r"spanish|biology|chemistry|physics|geography|latin|drama|pe|ict|economics|piano|violin|yoga|dance|"
                      # "She teaches Grade 3 at the laerskool": a class taught, or where, says it too.
                      r"(?:grade|year|form|class|standard|p)\s?\d{1,2}|kindergarten|reception|"
                      r"at\s+(?!(?:the\s+)?(?:moment|minute|weekends?|night|home|least|once|all|most)\b)(?:the\s+|a\s+)?\w+)\b")
_WORK_SAID = re.compile(f"{OCCUPATION_SAID.pattern}|{_TEACHES_A_SUBJECT}", re.IGNORECASE)


_TRAITS = (
    # "trade" only as the word itself: its stem is "trading"'s too ("Who is my contact at Al Noor Trading?").
    _trait("occupation", "job occupation profession career", OCCUPATIONS, "job", says_own_occupation, said=_WORK_SAID,
           asked_in=r"\bd(?:o|oes|id)\s+(?:[\w'’]+\s+){0,2}?do\s+for\s+work\b|\bwhat\s+(?:does|do|did)\s+(?:[\w'’]+\s+){1,2}(?-i:[A-Z][\w'’-]*\s+)?do\s*\?"
                    r"|\btrade\s*\?|\bwhat\s+trade\b"),
    _trait("health condition", "health condition medical illness disease",
           HEALTH_CONDITIONS | {"intolerant", "intolerance", "allergic", "allergy", "allergies"}, "health_condition allergy"),
    _trait("diet", "diet dietary intolerance allergy allergic",
           DIETS | {"coeliac", "celiac", "gluten", "intolerant", "intolerance", "allergic", "allergy", "allergies", "lactose",
                    "dairy", "nut", "nuts", "shellfish"}, "diet allergy"),
)


# "What do we call the water treatment job now?" asks the name of a thing one works on, not what anyone is.
_A_THING_NAMED = re.compile(r"\b(?:call|called|name|named)\b|\b(?:the|this|that)\s+(?:[\w-]+\s+){0,3}(?:job|project)\b", re.IGNORECASE)


def trait_asked(question: str, terms: tuple[str, ...]) -> Trait | None:
    """The trait ``question`` asks of someone, by its focus terms (stems) or its words, if it asks one."""
    if _A_THING_NAMED.search(question):
        return None
    return next((trait for trait in _TRAITS
                 if trait.asked & set(terms) or trait.asked_in is not None and trait.asked_in.search(question)), None)
