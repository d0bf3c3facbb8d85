"""Whom a question asks about, by the names it gives: "Nadia's blood type", "does Nadia", "Fiona's
husband Liam", "my daughter Lucía". Pure.

Recall declines a question about a name no memory holds (``covering.Covering.unknown_names``), reads
what is said of the one it asks of (``unsaid.unsaid_of``), and lets a relation given a name be met by a
memory naming them ("What does Gareth's daughter Cerys do?" by "our Cerys rang, she's made sergeant").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Set

from engram_mcp.model.entities import entity_key
from engram_mcp.model.time_expr import CALENDAR_NAMES
from engram_mcp.retrieval.question_words import RELATIONS, stem

__all__ = [
    "FRIENDS", "asks_anothers_relatives", "asks_of_a_name_after", "capitalised", "names_asked", "verbs_asked_of", "names_asked_of", "names_person",
    "owners_asked_of", "names_written_as_in", "relations_named", "relatives_asked_of",
    "relatives_given_names", "without_compounds",
]

# Who a question asks about: "Nadia's blood type", "does Nadia", "is Nadia".
# A double name is one name: "Mei-Lin" in "Where does Mei-Lin live?", not "Mei".
# A name's letters in any alphabet with capitals: "Tomáš", "Núria", "Łucja", Vietnamese "Thảo", Greek "Σταύρος" and
# Cyrillic "Ольга" are names as "Tomas" is.
_CASED_ALPHABETS = (range(0xC0, 0x250), range(0x370, 0x500), range(0x1E00, 0x1F00))
_UPPER = "A-Z" + "".join(c for block in _CASED_ALPHABETS for c in map(chr, block) if c.isupper())
_LOWER = "a-z" + "".join(c for block in _CASED_ALPHABETS for c in map(chr, block) if c.islower())
_NAME = rf"[{_UPPER}][{_LOWER}]{{2,}}(?:-[{_UPPER}][{_LOWER}]+)*"
_ASKED_NAME = re.compile(rf"\b({_NAME})(?:['’]s\b)|\b(?i:does|did|is|was|has|had|will|can|do) ({_NAME})\b")
_NOT_NAMES = CALENDAR_NAMES | frozenset("What Which Who When Where Why How".split())
# "my friend Gesa": whom the question asks of, though a friend is no relation a memory must name.
FRIENDS = frozenset({"friend", "mate", "pal", "bestie"})
_CAPITALISED = re.compile(rf"\b[{_UPPER}][{_LOWER}]{{2,}}\b")
# "pick up at gent-sint-pieters": a place named in a compound of three words or more names no Pieter
# ("Anne-Marie" still names Marie).
_COMPOUND = re.compile(r"\b\w+(?:-\w+){2,}\b")
_NAME_AFTER_RELATION = re.compile(rf"\b(?P<relation>[a-z]+)\s+(?P<name>[{_UPPER}][^\W\d_]{{2,}})\b")


# "Jasmine Grill's", "Qori Treks'": two or more capitalised words, a place's or a business's name, owning what is asked.
_NAME_OF_WORDS_OWNING = re.compile(r"(?<!^)(?<![.!?]\s)\b([A-Z][\w&-]*(?:\s+(?:of\s+|de\s+|la\s+)?[A-Z][\w&-]*)+)['’]s?(?=\s)")


def names_written_as_in(question: str, texts: Iterable[str]) -> set[str]:
    """The names of two or more capitalised words the question asks something of, written as ``texts`` write
    them ("What is Jasmine Grill's food hygiene rating?" beside "New weekend hours at Jasmine Grill"): a name,
    though no fact is about it, whose words say whom it asks of, not what. A name the question asks about
    otherwise ("How did we get on against Sutton Vale?") is what it asks."""
    texts = list(texts)
    runs = set(_NAME_OF_WORDS_OWNING.findall(question))
    return {run for run in runs if any(re.search(rf"(?<!\w){re.escape(run)}(?!\w)", text) for text in texts)}


def _given_names(question: str) -> list[tuple[str, str]]:
    """(the relation as a stem, the name) for each name a question gives right after a relation or a
    friend: ("husband", "Liam") in "Fiona's husband Liam"."""
    pairs = [(m["relation"].casefold(), m["name"]) for m in _NAME_AFTER_RELATION.finditer(question)]
    return [(stem(word), name) for word, name in pairs if stem(word) in RELATIONS or word in FRIENDS]


def _named_after_relation(question: str) -> set[str]:
    """The names a question gives right after a relation or a friend: "Liam" in "Fiona's husband Liam"."""
    return {name for _, name in _given_names(question)}


def names_asked(question: str) -> set[str]:
    """Every name the question asks about: "Nadia" in "What is Nadia's blood type?", "Megan" in "What does
    Gareth's daughter Megan do?"."""
    return ({a or b for a, b in _ASKED_NAME.findall(question)} | _named_after_relation(question)) - _NOT_NAMES


def names_asked_of(question: str, speakers: Set[str]) -> set[str]:
    """The names a question asks something of, other than the speakers' (entity keys): Camila in "What
    does Camila do for work?", Liam (not Fiona) in "What does Fiona's husband Liam do for a living?"."""
    names = (_named_after_relation(question) or {a or b for a, b in _ASKED_NAME.findall(question)} - _NOT_NAMES
             or _slot_of_a_name(question))
    return {name for name in names - _NOT_NAMES if entity_key(name) not in speakers}


# "What's the phone number of Sparks Electric?", "Who is the coach of the Island Bay Sharks?": a slot of whom is named
# after it, as "Sparks Electric's phone number" names them before it.
_SLOT_OF_A_NAME = re.compile(rf"\b(?:number|phone|mobile|address|e-?mail|birthday|coach|manager|boss|doctor|dentist|GP)\s+(?:of|for)\s+"
                             rf"(?:the\s+)?(?P<name>{_NAME}(?:\s+{_NAME})*)\s*[?.!]*\s*$")


def asks_of_a_name_after(question: str) -> bool:
    """Whether a question names whom it asks a slot of after the slot ("the coach of the Island Bay Sharks")."""
    return bool(_slot_of_a_name(question))


def _slot_of_a_name(question: str) -> set[str]:
    """The words of the name a question asks a slot of after it ("Sparks", "Electric")."""
    found = _SLOT_OF_A_NAME.search(question)
    return set(found["name"].split()) if found is not None else set()


# "my sister", "our son", "Mara's sister": someone asked of by who they are to the speaker or to someone named,
# no name given after ("my sister Ilka" gives one: ``names_asked_of``).
_OWNED_RELATION = re.compile(r"\b(?:(?i:my|our)|[A-Z][^\W\d_][\w-]*['’]s)\s+(?P<relation>[a-z]+)\b(?!\s+[A-Z])")


def relatives_given_names(question: str, texts: Iterable[str]) -> dict[str, set[str]]:
    """For each relation a question asks of alone ("What car does my sister drive?"), the names ``texts`` give
    it right after it ("My sister Ilka lives in Graz" gives {"Ilka"}); a relation none names maps to no name."""
    asked = {stem(m["relation"]) for m in _OWNED_RELATION.finditer(question)} & set(RELATIONS)
    texts = list(texts)
    given: dict[str, set[str]] = {}
    for relation in sorted(asked):
        words = sorted({relation, *RELATIONS[relation]}, key=len, reverse=True)
        named = re.compile(r"\b(?i:" + "|".join(map(re.escape, words)) + r")\s+([A-Z][^\W\d_]{2,})\b")
        given[relation] = {m[1] for text in texts for m in named.finditer(text)} - _NOT_NAMES
    return given


def relatives_asked_of(question: str, texts: Iterable[str]) -> set[str]:
    """Whom a question asks of by their relation alone: the names ``texts`` give that relation
    (``relatives_given_names``), else the relation's word itself, so what is said of them, not of the
    speaker, is what answers."""
    return {name for relation, names in relatives_given_names(question, texts).items() for name in names or {relation}}


def relations_named(question: str) -> dict[str, str]:
    """The relations a question gives a name (stems), with the name as written: "daughter" as "Lucía" in
    "Where does my daughter Lucía study?". A memory that names her speaks of the daughter without the word
    for her (``names_person``)."""
    return {relation: name for relation, name in _given_names(question) if relation in RELATIONS}


def without_compounds(text: str) -> str:
    """``text`` with its compounds of three words or more blanked out: what is left can name people."""
    return _COMPOUND.sub(" ", text)


def names_person(name: str, text: str) -> bool:
    """Whether ``text`` names someone called ``name``: the whole name, in any case, and not inside a
    compound ("pick up at gent-sint-pieters" names no Pieter, "Pieterse" no Pieter either)."""
    return re.search(rf"\b{re.escape(name)}\b", without_compounds(text), re.IGNORECASE) is not None


def capitalised(question: str) -> list[str]:
    """The capitalised words of a question, names or not."""
    return _CAPITALISED.findall(question)


# "What position does Sione play?": the verb after whom the question asks of.
_VERB_AFTER_NAME = re.compile(r"\b(?:do|does|did|will|can|would|should)\s+[A-Z][^\W\d_][\w'’-]*\s+([a-z]+)\b")


def verbs_asked_of(question: str) -> set[str]:
    """The verbs (stems) a question asks of whom it names: "play" in "What position does Sione play?"."""
    return {stem(verb) for verb in _VERB_AFTER_NAME.findall(question)}


_ANOTHERS_RELATION = re.compile(r"\b([A-Z][^\W\d_][\w-]*)['’]s?\s+([a-z]+)\b")


def owners_asked_of(question: str, speakers: Set[str]) -> set[str]:
    """Whose relative or thing a question asks of by their name, when they are not the speakers, as written: "Lwazi"
    in "What is the name of Lwazi's husky?" (not a relation written with a capital: "Mum's doctor")."""
    return {owner for owner, _ in _ANOTHERS_RELATION.findall(question)
            if entity_key(owner) not in speakers and owner not in _NOT_NAMES and stem(owner.casefold()) not in RELATIONS}


def asks_anothers_relatives(question: str, speakers: Set[str]) -> set[str]:
    """Whose relatives a question asks of, when it names them and they are not the speakers (entity keys),
    casefolded: "solveig" in "What are the names of Solveig's sons?"."""
    return {owner.casefold() for owner, relation in _ANOTHERS_RELATION.findall(question)
            if stem(relation) in RELATIONS and entity_key(owner) not in speakers and owner not in _NOT_NAMES}
