"""Whether a memory is said of whom a question asks: not the speaker's own ("I drive a red Skoda") for a
question asked of someone else, nor the speaker's word of another person they name; and whether it says
the trait asked (their work, a condition, a diet) of the one asked. Pure."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence, Set

from engram_mcp.model import Kind, Memory
from engram_mcp.model.entities import entity_key
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.pasted import own_words
from engram_mcp.model.pronouns import THIRD_PERSON
from engram_mcp.retrieval.abstain import WORD, lexical_coverage, stem_of, words_of
from engram_mcp.retrieval.focus import CALENDAR, NAME_IN_TEXT, SENTENCE_END, VOCATIVE, Focus, about, name_keys
from engram_mcp.retrieval.names_asked import names_person
from engram_mcp.retrieval.naming import NAME_INSIDE
from engram_mcp.retrieval.question_words import RELATION_WORDS, asks_a_belonging

__all__ = [
    "may_be_of_whom_asked", "names_no_one_asked", "of_another_person", "opens_with_someone_else", "said_only_as_anothers",
    "of_someone_else", "opens_on_someone_else", "says_trait_of_whom_asked", "tells_trait_of_another_asked", "told_of_them",
    "the_speakers_for_another",
]


def the_speakers_for_another(fact: Memory, focus: Focus) -> bool:
    """Whether ``fact`` is the speaker's own while the question names someone else and not them: "Which city
    is Olesya in?" is not answered by "Yevgenia lives in Neukölln", whose slot it holds."""
    asked = focus.named - focus.speakers
    return (bool(asked) and not focus.named & focus.speakers and entity_key(fact.subject or "") in focus.speakers
            and not asked & about(fact.text, focus))


def of_another_person(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` is the speaker's word of someone else they name, not of whom the question names: "My
    mother Galina … She live in Riga now" for "Which city is Olesya in?" ("my sister moved to Manchester",
    naming no one else, may be of Olesya). Not for a question asking who: its answer is someone else ("Who is my
    contact at the Proteomics Core?" by "I met Camilla Juhl today, who now manages our mass spectrometry samples")."""
    asked = focus.named - focus.speakers
    if not asked or focus.who or focus.named & focus.speakers or asked & about(memory.text, focus):
        return False
    people = _A_PLACE_GONE_TO.sub(" ", _A_THING_OR_PLACE.sub(" ", VOCATIVE.sub(",", memory.text)))
    if not name_keys(NAME_INSIDE.findall(people)) - focus.named - focus.speakers - CALENDAR:
        return False
    return bool(_FIRST_PERSON.search(memory.text) or words_of(memory.text) & RELATION_WORDS - set(focus.terms))


_A_PLACE_GONE_TO = re.compile(r"\b(?:to|from)\s+[A-Z][\w'’-]*(?:\s+[A-Z0-9][\w'’-]*)*")


def may_be_of_whom_asked(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` may be said of whom the question names (the speakers aside): "What does
    Hina want for her birthday?" is not answered by "Aoi wants a new shinai", which names someone
    else and not her, however alike the words; nor "What car does my sister drive?" by the speaker's
    own "I drive a red Skoda"; a memory naming no one may be said of them."""
    asked = focus.named - focus.speakers
    if asked and asked <= about(memory.text, focus):
        return True
    # Asked of the speaker too ("What car do Ngozi and Bengt drive?"), their own answers for them; named only as whose
    # relative is asked ("How old is Linh's mum?"), they are not asked, and "Linh is 29 years old." is no answer.
    # Only of a person asked by relation or a belonging of theirs: "Where does La Chispa do its lunch service?" asks of
    # the speaker's own truck, which their own "springdale general said yes!!" answers.
    if ((asked or not focus.relations_met(memory.text)) and (focus.relations or asks_a_belonging(focus.terms))
            and (focus.relations or not focus.named & focus.speakers) and _the_speakers_own(memory, focus)):
        return False
    if not asked:
        return True
    # A capitalised word after an article or "in"/"at" is a thing or a place ("Ulla drives a Volvo V70",
    # "Yuki lives in Dulwich Hill"), no one else; nor are the letters of a code ("reference BB-2291-KX").
    people = _A_CODE.sub(" ", _A_THING_OR_PLACE.sub(" ", VOCATIVE.sub(",", memory.text)))
    # A month or a day is no one: "her birthday is the 14th of February".
    others = name_keys(NAME_INSIDE.findall(people)) - focus.named - focus.speakers - CALENDAR
    return not others


def names_no_one_asked(memory: Memory, focus: Focus) -> bool:
    """Whether the question asks of someone else (by name or relation) and ``memory`` names none of them and says no
    "he", "she" or "they" that may be one: "note: weight 82kg this morning" is no word of Mia's weight."""
    asked = focus.named - focus.speakers
    if not asked and not focus.relations:
        return False
    # Named anywhere, as whom a line speaks to too: "Our eldest, Amira, turned 9 today." names her.
    named = about(memory.text, focus) | name_keys(NAME_IN_TEXT.findall(memory.text))
    return (not asked & named and not (focus.relations and focus.relations_met(memory.text))
            and THIRD_PERSON.search(memory.text) is None)


def opens_with_someone_else(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` opens a sentence with someone else's name and "'s" and never names whom the question
    does: "Dana's sister helped her move, she's officially living in Columbus now" is not where Denny lives."""
    asked = focus.named - focus.speakers
    return bool(asked) and not asked & about(memory.text, focus) and bool(
        name_keys(_OPENS_WITH_SOMEONES.findall(memory.text)) - focus.named - focus.speakers)


# "Dana's sister helped her move": a name opening a sentence with "'s" is someone's (a name inside one may be a place's).
_OPENS_WITH_SOMEONES = re.compile(r"(?:^|(?<=[.!?]\s))(?!(?:He|She|It|That|There|Here|What|Let|Who|Where|How)['’])"
                                  r"([A-Z][a-z][\w-]*)['’]s\s+(?=[a-z])")


def _the_speakers_own(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` says something of the speaker: a fact about them ("Mara drives a red Skoda"), or
    their turn in the first person that speaks of no one else ("I drive a red Skoda"). Asked of Ilka, it is
    no answer, however alike its words."""
    if memory.kind is Kind.FACT:
        return entity_key(memory.subject or "") in focus.speakers
    return (not memory.said_by_assistant() and _FIRST_PERSON.search(memory.text) is not None
            and THIRD_PERSON.search(memory.text) is None)


_FIRST_PERSON = re.compile(r"\b(?:I|I['’]m|I['’]ve|my|me|mine)\b", re.IGNORECASE)


def of_someone_else(sentence: str) -> bool:
    """Whether ``sentence`` speaks of someone by "he", "she" or "they" and not of the speaker: "her birthday is the 14th
    of February" is no birthday of the one who says it."""
    return THIRD_PERSON.search(sentence) is not None and _FIRST_PERSON.search(sentence) is None


def opens_on_someone_else(sentence: str, text: str, focus: Focus) -> bool:
    """Whether ``sentence`` (of ``text``) opens on someone other than the speaker, as its subject or whose, by a name
    ``text`` writes as one inside a sentence too: "My wife Saba … Saba birthday is 19 of September" (chat dropping the
    "'s") tells no birthday of the speaker."""
    sentence = sentence.lstrip(" -•*")
    opening = _OPENING_NAME.match(sentence)
    # "Kuba's birthday is 18 marca": a name owning what the sentence opens on is someone's, though no sentence writes it
    # inside ("It's my birthday", "Today's the day" own nothing).
    owner = _OPENING_OWNER.match(sentence)
    return (opening is not None and (opening[1] in NAME_INSIDE.findall(text)
                                     or owner is not None and owner[1].casefold() not in FUNCTION_WORDS | _NO_ONE)
            and not name_keys([opening[1]]) & (focus.speakers | CALENDAR))


_OPENING_NAME = re.compile(r"([A-Z][a-z][\w-]*)(?:['’]s)?\s+[a-z]")
_OPENING_OWNER = re.compile(r"([A-Z][a-z][\w-]*)['’]s\s+(?!(?:my|your|his|her|our|their|a|an|the|not|no|been|got|gonna|going|just|also|"
                            r"so|very|really|on|in|at|today|tomorrow|tonight|this|that|here|there|over|off|back|out|up|down|done|"
                            r"finally|almost|still|now|ok|okay|fine|great|good|all|coming|next)\b)[a-z]")
_NO_ONE = frozenset("today tomorrow tonight yesterday everyone everybody nobody someone somebody let".split())


def told_of_them(sentence: str, memory: Memory, asked: Set[str], focus: Focus) -> bool:
    """Whether ``sentence`` of ``memory`` speaks of everyone ``asked`` (entity keys): by name, or by "he", "she" or
    "they" in a memory that names them ("My brother Gil moved to Tel Aviv … Pay him ₪60 per hour, cash.")."""
    return asked <= about(sentence, focus) or (
        THIRD_PERSON.search(sentence) is not None and asked <= about(memory.text, focus))


_A_THING_OR_PLACE = re.compile(r"\b(?:a|an|the|in|at|into|near|on)\s+[A-Z][\w'’-]*(?:\s+[A-Z0-9][\w'’-]*)*")
_A_CODE = re.compile(r"[\w/-]*\d[\w/-]*")


def says_trait_of_whom_asked(memory: Memory, focus: Focus) -> bool:
    """Whether ``memory`` says the trait asked (``focus.trait``) of whom it is asked: of someone else, where
    they are named, with the relation asked ("my son"); of the speaker, one they say is theirs ("im coeliac")."""
    trait = focus.trait
    if trait is None or not trait.said_in(memory.text):
        return False
    relations = focus.relations
    if not focus.relations_met(memory.text):
        return False
    if others := focus.named - focus.speakers:
        return _said_where_named(memory.text, others, focus)
    if memory.kind is Kind.FACT:
        return relations != () or entity_key(memory.subject or "") in focus.speakers
    return relations != () or trait.told_of_oneself(memory.text)


_SAID_OF_THE_ONE_BEFORE = re.compile(r"^\W*(?:she|he|they)\b", re.IGNORECASE)


def _said_where_named(text: str, others: frozenset[str], focus: Focus) -> bool:
    """Whether the trait asked is said in a sentence naming one of ``others``, or in the next, said of them
    ("My sister Parvin called. she is a florist"); not of a mechanic three sentences after "Ingrid keeps the
    radiator on full"."""
    assert focus.trait is not None
    said = SENTENCE_END.split(text)
    for at, sentence in enumerate(said):
        if not focus.trait.said_in(sentence):
            continue
        if others & about(sentence, focus) or at > 0 and _SAID_OF_THE_ONE_BEFORE.match(sentence) and others & about(said[at - 1], focus):
            return True
    return False


def tells_trait_of_another_asked(memory: Memory, focus: Focus) -> bool:
    """Whether a sentence of ``memory`` says the trait asked of someone else, naming them or the relation
    asked ("partner is Jase, he's an electrician" for "What is Jase's trade?"); what a person says of
    themselves is left to the words of the question (a fact "Wiremu asked: … the assistant …" says no work)."""
    trait = focus.trait
    others, relations = focus.named - focus.speakers, focus.relations
    if trait is None or not (others or relations) or memory.said_by_assistant():
        return False
    return any(trait.said_in(sentence) and others <= about(sentence, focus) and focus.relations_met(sentence)
               for sentence in SENTENCE_END.split(own_words(memory.text)))


def said_only_as_anothers(names: Iterable[str], focus: Focus, memories: Sequence[Memory]) -> tuple[str, ...]:
    """The ``names`` a question asks something of (Leo in "Who is Leo's teacher?") when every recalled memory
    saying the thing asked says it as another named person's ("My daughter Mia's teacher is Mrs Hartley") and
    none names them: what is said is no one's but that other's. A thing said as no one's, or as whose "my", a
    pronoun or a relation says ("my lead is kostas", "her teacher", "my son's teacher"), may be theirs."""
    names = [name for name in names if name]
    asked = {stem_of(name.casefold()) for name in names}
    thing = tuple(term for term in focus.terms
                  if term not in RELATION_WORDS and term not in asked and term not in focus.speakers)
    if not names or not thing:
        return ()
    holding = [memory for memory in memories if lexical_coverage(thing, [memory.text]) > 0]
    if not holding or any(names_person(name, memory.text) or not _only_anothers(memory.text, set(thing), asked, focus.speakers)
                          for memory in holding for name in names):
        return ()
    return tuple(sorted(entity_key(name) for name in names))


_POSSESSIVE = re.compile(r"[^\W\d_][\w-]*['’]s")
_OWNED_WITHIN = 3
"""How many words may stand between whose a thing is and the thing ("Mia's new class teacher")."""


def _only_anothers(text: str, thing: set[str], asked: set[str], speakers: frozenset[str]) -> bool:
    """Whether each time ``text`` says a word of ``thing`` (stems), it is the thing of a name written so, not asked."""
    said = False
    for sentence in SENTENCE_END.split(text):
        words = WORD.findall(sentence)
        for at, word in enumerate(words):
            if stem_of(word.casefold()) not in thing:
                continue
            said = True
            owner = next((before for before in reversed(words[max(0, at - _OWNED_WITHIN):at])
                          if _POSSESSIVE.fullmatch(before)), None)
            if owner is None or not _anothers(owner, asked, speakers):
                return False
    return said


def _anothers(owner: str, asked: set[str], speakers: frozenset[str]) -> bool:
    """Whether a thing said as ``owner``'s ("Mia's") is a named person's other than whom is asked: not a relation's
    ("my son's teacher" may be Leo's), nor the speaker's, whose facts say "Kaito's lead" of whom they call Kai."""
    name = re.sub(r"['’]s$", "", owner)
    key = stem_of(name.casefold())
    return key not in asked and key not in RELATION_WORDS and entity_key(name) not in speakers and name[:1].isupper()
