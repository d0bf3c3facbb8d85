"""Whether what the memories say of someone holds the slot a question asks of them. Pure.

"What does Fiona's husband Liam do for a living?" may be declined although Liam is named: "liam,
thats fionas husband, is taking keeva to cork" says nothing of his work. What is said of someone is
read clause by clause, from the one that names them (by name, or by the relation they were named
with) to one that opens with someone else, and on through the sentences that go on about them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import takewhile

from engram_mcp.model import Kind, Memory
from engram_mcp.model.entities import typed_without_capitals
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.occupations import OCCUPATIONS
from engram_mcp.model.pronouns import THIRD_PERSON
from engram_mcp.model.sentences import sentences
from engram_mcp.model.supersede import slot_of
from engram_mcp.retrieval.abstain import (
    AT_A_PLACE,
    AT_A_PLACE_ASKED,
    RELATION_QUESTION_WORDS,
    WORD,
    lexical_coverage,
    prose,
    stem_of,
    words_of,
)
from engram_mcp.retrieval.focus import CLAUSE_END
from engram_mcp.retrieval.names_asked import without_compounds
from engram_mcp.retrieval.naming import NAME_INSIDE
from engram_mcp.retrieval.question_words import BELONGINGS, RELATION_WORDS, RELATIONS, TOPICS, stem
from engram_mcp.retrieval.schools import AT_NO_TIME
from engram_mcp.retrieval.slot_asked import about_topic

__all__ = ["unsaid_of", "without_others_ordinals", "workplace_given"]


# "What was Bence's job at the printing company?", "What does Jussi do at Ericsson?": where the work asked is done.
_WORKPLACE_GIVEN = re.compile(r"\b(?:job|do|role|title|position)\s+" + AT_A_PLACE_ASKED + r"(?:the\s+)?"
                              r"(?P<place>[^\W\d_][\w'’&-]*(?:\s+[^\W\d_][\w'’&-]*){0,3})\s*[?.!]*\s*$", re.IGNORECASE)


def workplace_given(question: str) -> tuple[str, ...]:
    """The words of the place a question says someone's work is done at, when it asks what that work is
    ("printing", "company" in "What was Bence's job at the printing company?")."""
    found = _WORKPLACE_GIVEN.search(question)
    return tuple(WORD.findall(found["place"])) if found is not None else ()


def unsaid_of(names: Iterable[str], focus: tuple[str, ...], memories: Iterable[Memory], *, where: bool = False,
              other_names: Iterable[str] = (), verbs: Iterable[str] = (),
              tells_detail: Callable[[str], bool] | None = None, workplace: Iterable[str] = (),
              named_after: bool = False) -> tuple[str, ...]:
    """The ``names`` a short question asks a slot of (a job, a school, a birthday, a manager) that
    no recalled memory naming them says anything of.

    What is asked is the focus without names and relations: "What does Fiona's husband Liam do
    for a living?" asks Liam's job, and "liam, thats fionas husband, is taking keeva to cork"
    names him and says nothing of it. A memory says it when it holds an asked word or one that
    meets it, or is a fact in the slot; for work, when it names an occupation ("fiona is a
    physio"); for a where-question, when it says at or in somewhere ("kasia's at Costa now").
    Only the slots people say in their words are held to this, not an age ("Misha, he is 4"),
    a home unless asked where ("Which city does Kerem live in?" by "kerem is in ankara"; "Where does Katrin live?"
    is said at or in somewhere, or by a home's words, never by "Katrin had her baby last night") or what else a question asks ("How many paying accounts does
    Groomly have?"). A name no recalled memory holds is left to the other rules; ``other_names``
    are the question's other names as written (its capitalised words), no part of what it asks; ``verbs``
    (stems) what the question asks them to do ("play" in "What position does Sione play?"): beside a slot's
    word they say only how it is asked, and "he plays in my U15s" says no position. A detail the question asks
    in a form of its own (``details.py``) is said by that form: "my cousin Makana gave me $3,500 for it" tells
    what Makana paid for the truck. Asked what someone's work is at a ``workplace`` the question gives ("What does Jussi
    do at Ericsson?"), the place is no part of what it asks, and where they work, or the word "job" ("Jussi took a job at
    Ericsson", "he lost his job"), says only that they work there: their work is said by what they are or do."""
    names = {stem(name.casefold()) for name in names}
    workplace = {stem_of(word.casefold()) for word in workplace}
    unasked = names | {stem(name.casefold()) for name in other_names} | workplace
    # A relation said before the name says who is meant ("Fiona's husband Liam"); one said after it is
    # what is asked ("Who is Arnel's family doctor?"), and so is one the name is said after (``named_after``: "Who is the
    # coach of the Island Bay Sharks?").
    last_name = -1 if named_after else max((index for index, term in enumerate(focus) if term in names), default=len(focus))
    asked = tuple(term for index, term in enumerate(focus)
                  if term not in unasked and (term not in RELATIONS or index > last_name))
    # "Where does Katrin live?" asks a home where it is said: at or in somewhere, or by the words of a home.
    about_home = where and any(term in _HOME_WORDS for term in asked)
    if (not names or not (about_home or any(term in _PERSONAL_SLOT_WORDS for term in asked))
            or len(asked) > RELATION_QUESTION_WORDS):
        return ()
    verbs = set(verbs) - _PERSONAL_SLOT_WORDS - (_HOME_WORDS if about_home else frozenset())
    asked = tuple(term for term in asked if term not in verbs)
    if not asked:
        return ()
    # "Who is Arnel's family doctor?" asks his doctor: "family stuff: husband arnel is a welder" says nothing of it.
    heads = tuple(term for term, after in zip(asked, (*asked[1:], ""), strict=True) if after not in _PERSONAL_SLOT_WORDS)
    # Someone is spoken of by the relation they were named with too: "my dad (papa, ernesto, 78)", then "papa's doctor".
    called = _relations_naming(names, memories := list(memories))
    # And by a short form of their name: "Maddo's mobile 0423 771 508" for Maddison.
    for name, short in _short_forms(names, memories).items():
        called[name] |= short
    about_work = any(term in _WORK_WORDS for term in asked)
    # "Which company does Nikhil work for?" asks whom he works for: "Nikhil is a civil engineer" is his job, not that.
    about_employer = any(term in _EMPLOYER_WORDS for term in asked)
    about_school = _SCHOOL in asked
    about_allergy = bool(set(asked) & _ALLERGY_WORDS)
    work_at_a_place = bool(workplace) and about_work and not about_employer
    if work_at_a_place:
        heads = tuple(term for term in heads if term not in _WORK_WORDS)
    said: dict[str, bool] = {}
    # "Lorna's mum's 75th" is of the relative asked, by whichever word for them ("Lorna's mother").
    asked_relations = set(focus).union(*(RELATIONS.get(term, ()) for term in focus))
    for memory in memories:
        parts = [memory.text] if memory.kind is Kind.FACT else sentences(memory.text)
        for index, part in enumerate(parts):
            named_here = words_of(without_compounds(_without_owners(part)))
            # Named only as whose a relative is ("Rob's parents want us in Cornwall"), they are named and nothing is said of
            # them, unless that relative is what is asked ("Ana's dentist is Dr Lind" for "Who is Ana's dentist?").
            for name in (names & words_of(without_compounds(part))) - named_here - _owners_of(part, asked_relations):
                said.setdefault(name, False)
            for name in (name for name in names if name in named_here or called[name] & named_here):
                passage = without_others_ordinals(_said_of({name} | called[name], part, parts[index + 1:index + 3], heads),
                                                   {name} | called[name])
                words = words_of(passage)
                said[name] = said.get(name, False) or (
                    # Whom someone works for is said only by an employer: "Tomek is electrician" and "Tomek finished
                    # big job in Swords" say his work, not his company.
                    not about_employer and bool(heads) and lexical_coverage(heads, [passage]) > 0
                    or about_employer and _in_slot(memory, "works_at")
                    or not about_employer and (_in_job_slot(memory) if work_at_a_place else about_topic(asked, memory))
                    or tells_detail is not None and tells_detail(passage)
                    or about_work and not about_employer and bool(words & _AT_WORK)
                    or about_allergy and _AN_ALLERGY.search(passage) is not None
                    or about_employer and _AT_AN_EMPLOYER.search(passage) is not None
                    # "Mateo is at St Joseph's": a school is said by where one goes.
                    or about_school and (_AT_A_SCHOOL.search(passage) is not None or bool(words & _SCHOOLS))
                    or where and AT_A_PLACE.search(passage if about_home else _A_HOME.sub(" ", passage)) is not None)
    # "Also important: he is allergic to sticking plasters", in a turn naming no one after one naming "my father Ernst":
    # an allergy said of "he" or "she" may be of anyone asked.
    if about_allergy and any(_AN_ALLERGY_OF_SOMEONE_UNNAMED.search(memory.text) for memory in memories):
        return ()
    return tuple(sorted(name for name, was in said.items() if not was))


def _in_job_slot(memory: Memory) -> bool:
    return _in_slot(memory, "job")


def _in_slot(memory: Memory, predicate: str) -> bool:
    slot = slot_of(memory) if memory.kind is Kind.FACT else None
    return slot is not None and not slot.negated and slot.predicate == predicate


# "driving to Eshowe with Thando … for Gogo's 85th!": the birthday is Gogo's, not Thando's.
_OWNED_ORDINAL = re.compile(r"\b([^\W\d_]+)['’]s\s+\d{1,3}(?:st|nd|rd|th)\b(?:\s+(?:birthday|bday|b-day)\b)?")


def without_others_ordinals(text: str, known_as: set[str]) -> str:
    """``text`` without another's birthday said by its ordinal ("Gogo's 85th", "my cousin's 60th birthday"), so it tells
    nothing of ``known_as``."""
    return _OWNED_ORDINAL.sub(lambda found: found[0] if stem(found[1].casefold()) in known_as else " ", text)


# "marta's cousin joanna does bookkeeping" speaks of the cousin, not of Marta.
_OWNER = re.compile(r"\b(?P<owner>[^\W\d_]+)['’]s\s+(?:(?:new|old|little|big|baby|eldest|youngest|older|younger|twin)\s+)?"
                    r"(?P<relative>[^\W\d_]+)")


def _owners_of(text: str, relations: set[str]) -> set[str]:
    """Whose ``relations`` (stems) ``text`` names ("ana" in "Ana's dentist is Dr Lind" for the dentist)."""
    return {stem_of(found["owner"].casefold()) for found in _OWNER.finditer(text)
            if stem_of(found["relative"].casefold()) in relations}


def _without_owners(text: str) -> str:
    """``text`` without the names said only as whose a relative is ("marta's cousin joanna")."""
    return _OWNER.sub(lambda found: found["relative"] if stem_of(found["relative"].casefold()) in RELATION_WORDS else found[0],
                      text)


def _said_of(known_as: set[str], sentence: str, after: Sequence[str], asked: Collection[str] = ()) -> str:
    """What ``sentence`` and those right after it say of someone ``known_as`` (stems): from the clause
    that names them to one that opens with someone else ("Arman is 16 and Daniyar plays hockey"),
    then the sentences that go on about someone ("Liam's back. He's a welder now."), unless one
    names another before it does ("amit is a pharmacist. his wife is priti"; "divorced from Sergio.
    my partner is Andrés, he's a vet"). A note opening on what is ``asked`` (stems) goes on about them too: "bride is Kiara.
    ceremony at the Boatshed" says where Kiara's wedding ceremony is."""
    # Typed without capitals, a clause's opening word says nothing of whom it is about ("teachers: rayan has
    # mrs kowalczyk, inaya has mr hollis"): the whole sentence speaks of them.
    clauses = [sentence] if typed_without_capitals(sentence) else CLAUSE_END.split(sentence)
    start = next((index for index, clause in enumerate(clauses) if known_as & words_of(clause)), 0)
    # A label says what each clause after it is ("teachers: rayan has mrs kowalczyk, inaya has mr hollis").
    label = _LABEL.match(sentence)
    kept = [label[0], clauses[start]] if label is not None and start > 0 else [clauses[start]]
    for clause in clauses[start + 1:]:
        if _opens_with_someone_else(clause, known_as):
            return " ".join(kept)
        kept.append(clause)
    return " ".join([*kept, *takewhile(lambda following: _goes_on(following, asked) and not _names_another_first(following, known_as),
                                       after)])


def _opens_with_someone_else(clause: str, known_as: set[str]) -> bool:
    # A word in capitals is no one's name: "ate ko si Jhoana, nasa Dubai, OFW nurse" goes on about her.
    opening = _OPENING_NAME.match(clause)
    return (opening is not None and opening[1].casefold() not in FUNCTION_WORDS and stem(opening[1].casefold()) not in known_as
            and not _ACRONYM.fullmatch(opening[1]))


def _names_another_first(sentence: str, known_as: set[str]) -> bool:
    """Whether ``sentence`` names someone else by who they are before it goes on about someone
    ("my partner is Andrés, he's a vet"; not "I was thinking Edinburgh, she taught English")."""
    pronoun = THIRD_PERSON.search(sentence)
    before = sentence[:pronoun.start()] if pronoun else sentence
    return any(word in RELATIONS for word in words_of(before)) and any(
        stem(re.sub(r"['’]s$", "", name).casefold()) not in known_as and name.casefold() not in FUNCTION_WORDS
        for name in NAME_INSIDE.findall(before))


_LABEL = re.compile(r"^\s*[^:.!?,;]{2,30}:")
_OPENING_NAME = re.compile(r"\s*([A-Z][\w'’-]*)")
_ACRONYM = re.compile(r"[A-Z]{2,6}")


def _relations_naming(names: set[str], memories: Sequence[Memory]) -> dict[str, set[str]]:
    """For each name (stem), the words for the relations said right before it in ``memories``
    ("my dad (papa, ernesto, 78)": dad, father, papa, …)."""
    called: dict[str, set[str]] = {name: set() for name in names}
    for sentence in (sentence for memory in memories for sentence in sentences(prose(memory.text))):
        said = WORD.findall(sentence.casefold())
        words = [stem_of(word) for word in said]
        for index, word in enumerate(words):
            if word in called:
                for at in range(max(0, index - _RELATION_NAMES_WITHIN), index):
                    # "his wife is priti" is someone else's wife: "my wife sunita" is not her.
                    if at == 0 or not _ANOTHERS.fullmatch(said[at - 1]):
                        called[word] |= RELATIONS.get(words[at], set())
    return called


def _short_forms(names: set[str], memories: Sequence[Memory]) -> dict[str, set[str]]:
    """For each name (stem), the shorter names written in ``memories`` that begin as it does ("Maddo", "Maddy" for
    "maddison"), as stems: a name is cut short as people call each other, never below its first four letters."""
    written = {word.casefold() for memory in memories for word in _CAPITALISED_WORD.findall(memory.text)}
    return {name: {stem(word) for word in written
                   if _SHORT_FORM_LETTERS <= len(word) < len(name) and word[:_SHORT_FORM_LETTERS] == name[:_SHORT_FORM_LETTERS]}
            for name in names}


_CAPITALISED_WORD = re.compile(r"\b[A-Z][^\W\d_]+")
_SHORT_FORM_LETTERS = 4
_RELATION_NAMES_WITHIN = 3
_ANOTHERS = re.compile(r"his|her|their|its|[\w-]+['’]s")
_SCHOOL = stem("school")
# "he is going to knighton fields primary": a school said by its kind.
_SCHOOLS = frozenset(stem(word) for word in (
    "primary", "secondary", "high", "academy", "college", "nursery", "kindergarten", "preschool", "montessori",
    "elementary", "grammar", "uni", "university", "daycare", "creche", "gymnasium", "lycee", "year", "grade", "class"))
_AT_A_SCHOOL = re.compile(r"\b(?:at|attends|attending|goes\s+to|started\s+at)\s+(?:the\s+)?" + AT_NO_TIME + "[A-Z]")
_WORK_WORDS = TOPICS["works_at"] | TOPICS["job"]
_EMPLOYER_WORDS = frozenset(stem(word) for word in ("company", "employer", "firm", "organisation", "organization", "agency"))
_AT_AN_EMPLOYER = re.compile(r"\b(?:at|for|with|by|joined|joining)\s+(?:the\s+)?[A-Z]")
_HOME_WORDS = frozenset(stem(word) for word in ("live", "lives", "living", "based", "home"))
_PERSONAL_SLOT_WORDS = frozenset().union(*(TOPICS[slot] for slot in (
    "works_at", "job", "studies_at", "field_of_study", "birthday", "doctor", "dentist", "manager", "spouse", "partner",
    "phone", "email", *BELONGINGS))).union(stem(word) for word in (
        # "Is Kiara allergic to anything?" is not told by "mia is allergic to peanuts"; "What is Dolores Quintero's per diem
        # rate?" not by "Dear Joana, … your full-day per diem increases to $410".
        # (Not "pay": "How many paying accounts does Groomly have?")
        "rate", "salary", "wage", "wages", "hourly", "diem",
        "coach", "school", "sport", "allergy", "allergies", "allergic", "intolerance", "intolerant"))
_ALLERGY_WORDS = frozenset(stem(word) for word in ("allergy", "allergies", "allergic"))
# An allergy in the languages chat mixes in too: "einai allergiki stis melisses", "alergia a la penicilina", "alerjisi var".
_ALLERGY_WORD = r"(?:allerg|alerg|alerj)\w*"
_AN_ALLERGY = re.compile(r"\b" + _ALLERGY_WORD, re.IGNORECASE)
_AN_ALLERGY_OF_SOMEONE_UNNAMED = re.compile(r"\b(?:he|she|he['’]s|she['’]s|his|her)\s+(?:[\w'’]+\s+){0,2}?" + _ALLERGY_WORD,
                                            re.IGNORECASE)
# What one is by one's work ("a physio") or does for it ("she taught English for thirty years").
_AT_WORK = frozenset(stem(word) for word in OCCUPATIONS | {"taught", "teaches", "teach", "teaching"})
# Where someone lives, was born or comes from: no answer to where they work or study.
_A_HOME = re.compile(r"\b(?:lives?|living|lived|moved|moving|based|born|grew\s+up|comes?\s+from|from|stays?|staying)"
                     r"\s+(?:\w+\s+){0,2}?(?:at|in)\s+\w+", re.IGNORECASE)
# Chat drops the subject when it goes on about the one just named: "Kudzai is the middle one. lives
# for rugby, plays flanker".
_SUBJECT_DROPPED = re.compile(r"^(?:also\s+|still\s+|now\s+|just\s+)?(?:is|was|has|had|does|did|lives|plays|works|studies|loves|"
                              r"likes|wants|goes|teaches|drives|hates|needs|started|gets|got|runs|coaches|sings|trains|speaks)\b",
                              re.IGNORECASE)


# A number given by its label right after the one named is theirs: "Steuerberaterin Frau Albers braucht die
# Belege bis 20.12. Tel 040 555 38 71", "Dr Okafor at the clinic. Mob: 07700 900123".
_CONTACT_LABEL = re.compile(r"^(?:tel|tlf|ph|phone|mob|mobile|cell|handy|whatsapp|number|no|nr|email|e-mail)\b\.?\s*:?\s*\+?\d",
                            re.IGNORECASE)


def _goes_on(sentence: str, asked: Collection[str] = ()) -> bool:
    said = sentence.strip()
    opening = WORD.match(said)
    return THIRD_PERSON.search(sentence) is not None or _SUBJECT_DROPPED.match(said) is not None or (
        _CONTACT_LABEL.match(said) is not None) or opening is not None and stem_of(opening[0].casefold()) in asked
