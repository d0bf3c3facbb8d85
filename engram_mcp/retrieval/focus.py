"""What a question asks, as the rules that choose what leads a recall read it: its ``Focus``, what a
text says of it (``about``, ``specifics``), and ``lead``, which moves one memory to the top. Pure."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping, Sequence, Set
from typing import TYPE_CHECKING

from engram_mcp.model import Memory
from engram_mcp.model.entities import entity_key
from engram_mcp.model.time_expr import CALENDAR_NAMES
from engram_mcp.retrieval.abstain import focus_terms, lexical_coverage
from engram_mcp.retrieval.names_asked import names_person
from engram_mcp.retrieval.naming import NAME_INSIDE
from engram_mcp.retrieval.question_words import RELATION_WORDS, stem

if TYPE_CHECKING:
    from engram_mcp.retrieval.details import Detail
    from engram_mcp.retrieval.traits import Trait

__all__ = ["CALENDAR", "CLAUSE_END", "LEAD_DEPTH", "NAME_IN_TEXT", "SENTENCE_END", "VOCATIVE", "Focus", "Scored", "about", "counted_by", "lead",
           "name_keys", "specifics"]


Scored = tuple[Memory, float]


LEAD_DEPTH = 10
"""How far down the ranked list a rule looks for what should lead."""


# A title's full stop opens no sentence: "Mr. Fonoti is covering" names Fonoti; "I'll" names no one.
_SPECIFIC = re.compile(r"(?:(?<=\b(?:Mr|Ms|Dr|St)\.\s)|(?<=\bMrs\.\s)|(?<=\bProf\.\s)|(?<![.!?:]\s)(?<!^))\b(?!I['’]\w)[A-Z][\w'’-]+|\b\d[\d.,:]*")


# Where a sentence's clauses meet: "Arman is 16 and Daniyar plays hockey", "amlodipine 5 mg every morning, and Dr. Adeyemi …".
CLAUSE_END = re.compile(r"[,;]\s+|\s+(?:and|but|while|whereas)\s+")


# Whom a reply speaks to is nothing it says: "I'm sorry, Winnie." "Hi Kehinde!"
VOCATIVE = re.compile(r"(?:,\s*|\b(?:Hi|Hello|Hey|Dear|Thanks|Sorry)\s+)[A-Z][\w'’-]+(?=\s*[,.!?])")


# A day or month a reply names is when, not a new value: "Enjoy Thursday's rehearsal."
CALENDAR = frozenset(entity_key(name) for name in CALENDAR_NAMES)


def specifics(text: str) -> set[str]:
    """The names and figures a text says, as keys ("Ramipril", "5mg" → "5"); words that open a sentence are no names."""
    return name_keys(_SPECIFIC.findall(VOCATIVE.sub(",", text.strip()))) - CALENDAR


def name_keys(words: list[str]) -> set[str]:
    """Names as entity keys, a possessive's "'s" dropped ("Ray's" → "ray")."""
    return {entity_key(re.sub(r"['’]s$", "", word)) for word in words}


# "No. 2291", "Nr. 5", "no. GT-0931": the abbreviation of a number ends no sentence.
SENTENCE_END = re.compile(r"(?<=[.!?])(?!(?<=\b[Nn][or]\.)\s+(?:[A-Z]{1,4}[-\s]?)?\d)\s+|\n+")


# A capitalised word anywhere in a text, opening a sentence too: a name wherever it stands.
NAME_IN_TEXT = re.compile(r"\b[A-Z][\w'’-]+")


# "per child", "each kid", "every person": what an amount is counted by, no one asked of.
_COUNTING = frozenset({"per", "each", "every"})


def counted_by(words: Sequence[str]) -> frozenset[str]:
    """The words (stems) a question counts an amount by: "child" in "How much does the trip cost per child?"."""
    return frozenset(stem(after) for before, after in zip(words, words[1:], strict=False) if before in _COUNTING)


def about(text: str, focus: Focus) -> set[str]:
    """What of the question ``text`` speaks of: each focus word it meets, and each name the
    question names that it names."""
    met = {term for term in focus.terms if lexical_coverage((term,), [text]) > 0}
    # Someone the question asks about counts wherever they are named ("Big day. Ray saw …", "Ray's
    # medication"); a speaker only inside a sentence, since every fact about them opens with their name.
    spoken_of = VOCATIVE.sub(",", text)
    anywhere, inside = name_keys(NAME_IN_TEXT.findall(spoken_of)), name_keys(NAME_INSIDE.findall(spoken_of))
    # A name of several words ("the Blue Badge", "Hebridean Star") is met where its words stand together, its last as
    # the text spells it ("St Fagans", kept as "st fagan").
    return met | {name for name in focus.named if name in (inside if name in focus.speakers else anywhere)
                  or " " in name and re.search(rf"(?<!\w){re.escape(name)}(?:['’]?s)?(?!\w)", text.casefold()) is not None}


def lead(ranked: list[Scored], best: Scored | None) -> list[Scored]:
    if best is None or best is ranked[0]:
        return ranked
    return [(best[0], ranked[0][1] * 1.0001 + 1e-9), *(pair for pair in ranked if pair[0].id != best[0].id)]


class Focus:
    """What a question asks once known names are taken out, with its vector computed at most once."""

    def __init__(self, words: tuple[str, ...], embed: Callable[[str], Sequence[float]], where: bool = False,
                 named: frozenset[str] = frozenset(), speakers: frozenset[str] = frozenset(), to_assistant: bool = False,
                 asked_of: tuple[str, ...] = (), when: bool = False, timing: frozenset[str] = frozenset(),
                 asked_for: str = "", trait: Trait | None = None, who: bool = False, detail: Detail | None = None,
                 relatives: Mapping[str, str] | None = None, value: str = "",
                 written_as_names: frozenset[str] = frozenset()) -> None:
        self.words = words
        self.counted = counted_by(words)
        """The words (stems) it counts an amount by ("child" in "per child"): no relation asked of."""
        self.value = value
        """How it asks for a value, if it does ("what", "how", "how much", "how many"; "" for "Is …?", "Does …?")."""
        self.written_as_names = written_as_names
        """The words the question writes with a capital inside it, as stems ("almaz" in "What is Almaz's pet
        called?"), names whether or not the memories know them."""
        self.terms = focus_terms(words)
        self.where = where
        """Whether it asks where: "Where does Sofia study?" is her university, "What does she study?" her subject."""
        self.who = who
        """Whether it asks who: "Who is my line manager?" is answered by the fact that names them."""
        self.when = when
        """Whether it asks when: "When is our moving day?", "What time is swim?"."""
        self.timing = timing
        """Which time it means, not what it asks (stems): "weekend" in "Where is the braai this weekend?"."""
        self.asked_for = asked_for
        """The thing a which- or what-question asks for (a stem): "hospital" in "Which hospital is it at?"."""
        self.trait = trait
        """What the question asks someone is, if it asks one: their work, a health condition, their diet."""
        self.detail = detail
        """A detail told in a form of its own that it asks, if any: a price, a phone number, a school."""
        self.named = named
        """The known names the question names, as entity keys ("julien" in "Where is Julien's bistro?")."""
        self.speakers = speakers
        """The namespace's speakers, as entity keys."""
        self.to_assistant = to_assistant
        """Whether it asks about what the assistant said or does ("What did you recommend?")."""
        self.asked_of = asked_of
        """Whom it asks about, as named: those it names, else the one speaker ("What car am I driving?")."""
        self.relatives = dict(relatives or {})
        """The relations it gives a name (stems), with the name: "partner" as "Riikka" in "What does Jarkko's partner
        Riikka do?" (the pipeline adds the one name memory gives a relation)."""
        self._embed = embed
        self._vector: Sequence[float] | None = None

    @property
    def relations(self) -> tuple[str, ...]:
        """The relations it asks of (stems): "son" in "What does my son do?"."""
        return tuple(term for term in self.terms if term in RELATION_WORDS and term not in self.counted)

    def relations_met(self, text: str) -> bool:
        """Whether ``text`` speaks of every relation asked: by its word, or by the name the question gives it
        in a sentence saying the trait asked, if one is ("Riikka is ER nurse" for "What does Jarkko's partner
        Riikka do?"; not "Musti ate Aino's mitten. Vet?" for "What does Jarkko's daughter Aino do?")."""
        def named(relation: str) -> bool:
            name = self.relatives.get(relation)
            return name is not None and any(
                names_person(name, sentence) and (self.trait is None or self.trait.said_in(sentence))
                for sentence in SENTENCE_END.split(text))

        return lexical_coverage(tuple(relation for relation in self.relations if not named(relation)), [text]) == 1.0

    def also_naming(self, names: Set[str]) -> Focus:
        """This focus with ``names`` (entity keys) among those it names: a name no fact holds yet is still someone's."""
        named = copy.copy(self)
        named.named = self.named | names
        return named

    def vector_of(self, text: str) -> Sequence[float]:
        """The vector of ``text``, some of the question's words (its focus without a name)."""
        return self._embed(text)

    @property
    def vector(self) -> Sequence[float]:
        if self._vector is None:
            self._vector = self._embed(" ".join(self.words))
        return self._vector
