"""Whether a name that is an everyday word too ("Will", "May", "Grace") is the name or the word
where a text writes it. Pure.

"I will call the plumber" names no Will; "Will is my cousin" does. What decides is how the word is
written and what stands around it: capitals mid-sentence, a title before it, a verb a person's name
goes before after it ("Will said"), a word a name follows ("met will", "my cousin will"); not a
time's place ("in May"), a thing's ("the bill") or a quality's ("to be frank"). The words themselves
are ``name_words``; matching a name in a text is ``mentions``.
"""

from __future__ import annotations

import re

from engram_mcp.model.entities import APOSTROPHES, typed_without_capitals
from engram_mcp.model.name_words import (
    ADJECTIVES_THAT_ARE_NAMES,
    MOSTLY_NAMES,
    TIMES_THAT_ARE_NAMES,
    VERBS_THAT_ARE_NAMES,
)

__all__ = ["RELATIONS", "goes_on_as_after_a_subject", "opens_a_sentence", "opens_before_a_subject", "said_of_a_person", "written_as_a_name"]

_APOSTROPHE = f"[{APOSTROPHES}]"

_SENTENCE_START = re.compile(r"(?:^|[.!?…:;]|\n)[\s\"“”‘’'(\[*>•–—-]*$")
_TITLED = re.compile(r"\b(?:mr|mrs|ms|mx|dr|prof)\.?\s+$", re.IGNORECASE)
_POSSESSIVE = re.compile(rf"{_APOSTROPHE}s\b", re.IGNORECASE)
_A_WORD = re.compile(rf"[^\W\d_]+(?:{_APOSTROPHE}[^\W\d_]+)?")
# "in May", "3 June", "the end of May", "mid-April", "in the Summer": a time; "May 5", "June 2024" too.
_A_TIME_AFTER = re.compile(
    r"(?:\b(?:in|on|since|until|till|by|during|through|throughout|early|late|mid|next|last|this|every|each|over)"
    r"(?:\s+the)?"
    r"|\d|\b(?:end|start|beginning|middle|rest|half|\d+(?:st|nd|rd|th)?)\s+of)[\s-]*$",
    re.IGNORECASE,
)
_A_DATE_FOLLOWS = re.compile(r"[\s,]*\d")
# Opening a sentence, a name is followed by these no more than a greeting or an exclamation is:
# "Lucky me", "Hope you're well".
_PRONOUN_FOLLOWS = re.compile(r"\s+(?:i|me|you|we|us|they|them|it|he|she|him|that|this|there)\b", re.IGNORECASE)
# What follows a person's name, and no modal verb: "Will is", "Mark can", "Jack went", "Grace from work".
_SAID_OF_SOMEONE = frozenset(
    """is was has had does did isn't wasn't hasn't hadn't doesn't didn't will would can could should might must
    won't can't couldn't wouldn't shouldn't from who here went came took told got gave made said saw ran left
    felt found knew thought brought bought sent sat met lost won wrote drove rode flew spoke ate drank slept kept
    held heard paid began became broke chose fell forgot grew hung hid led lent meant rang rose sang sank shook
    shot sold stood stole stuck swam taught tore threw understood woke wore spent built caught fed fought fled
    forgave froze sought swore wept""".split()
)
# Words that may stand between a name and its verb: "Jack just called", "Will never calls".
_ADVERBS = frozenset(
    """just also always never still really finally already actually only even usually often sometimes recently
    now then probably apparently literally totally basically definitely obviously""".split()
)
# Words a sentence opens with before its subject: "Also Gosia started …", "Today Lee called".
_OPENING_WORDS = _ADVERBS | frozenset(
    """today yesterday tonight tomorrow anyway meanwhile plus besides oh ok okay well so and but or then btw lol sadly
    luckily honestly hopefully unfortunately fortunately seriously personally clearly again later earlier""".split()
)


def opens_before_a_subject(word: str) -> bool:
    """Whether a sentence may open with ``word`` before its subject, as an adverb or a joining word does ("Also",
    "Today", "Luckily"): no given name before a family name."""
    return word.casefold() in _OPENING_WORDS


# Words a person's name follows: "met will", "hi may", "thanks mark".
_BEFORE_A_PERSON = frozenset(
    """met meet meeting see saw seeing told tell telling asked ask texted text called call rang ring visited visit
    visiting invited married dating hugged messaged emailed pinged thanks thank thx ty hi hey hello bye""".split()
)
# Words a name follows in chat typed without capitals ("with will", "w/ scout"), but a word too where
# a writer's capitals mark names ("with grace", "love hope").
_BEFORE_A_NAME_OR_WORD = frozenset("with w love miss".split())
# After these, a name is told from the word by what follows: "and mark said", "i think will is".
_BEFORE_A_CLAUSE = frozenset(
    "and but so because cos coz think thinks thought said says know knew heard guess reckon".split()
)
# A person's or a pet's word before their name: "my friend grace", "my dog rusty" ("my cousin will is").
RELATIONS = frozenset(
    """cousin sister brother friend mate aunt auntie uncle mum mom mam dad son daughter wife husband partner
    boyfriend girlfriend bf gf boss colleague neighbour neighbor niece nephew grandma grandpa gran nan roommate
    flatmate dog cat pup puppy kitten pony horse rabbit bunny hamster parrot budgie tortoise lab labrador spaniel
    terrier collie greyhound beagle""".split()
)
# Before these the word is a thing: "the bill", "a grace period", "my phone bill".
_DETERMINERS = frozenset(
    """the a an my your his her our their its this that these those some any no every each another such what
    which whose""".split()
)
# Before these the word says what something is like: "to be frank", "so lucky", "it's sunny".
_COPULAS = frozenset(
    """be is was are were been being am so very too really quite pretty bit feel feels felt look looks looked
    seem seems seemed it's that's he's she's i'm you're we're they're""".split()
)
# Words ending as a verb's "-s" or "-ed" form does that are none: "always", "shed", "hundred".
_NOT_A_VERB = frozenset(
    """yes this thus plus less unless always perhaps towards afterwards besides his hers its ours yours theirs
    was has does is as us whereas sometimes nowadays christmas shed bed wed red embed shred sled naked sacred
    wicked hundred kindred""".split()
)


def written_as_a_name(text: str, start: int, end: int, *, known_as_someone: bool = False) -> bool:
    """Whether a name that is also an everyday word, found at ``text[start:end]``, is written as a
    name there: capitalised mid-sentence ("I met Will", "with May on Friday"; not a time's place:
    "in May", "3 June", nor a thing's: "a Jack Russell"); opening a sentence as a person does
    ("Will is my cousin", "Mark called", "Jack and I"; not "Will you", "May I", "Mark the date",
    "Hope you're well"); after a title. In lower case, only where a name goes ("met will", "will
    is my cousin", "my cousin will said", "my friend grace"; not "I will call", "said grace", "the
    bill", "to be frank"), or, for a name chat types in lower case more often than the word
    ("dropped pickle at mum's", "we let rusty go"), anywhere but as a thing or a quality. With
    ``known_as_someone`` (the memories know someone by it and never write the word), capitalised
    opening a sentence it is the name ("Dale again, …") unless clearly the word: before a pronoun ("Will
    you", "May I") or, for a verb, before its object ("Mark the date", "Hope so")."""
    found, before, after = text[start:end], text[:start], text[end:]
    word = found.casefold()
    if _TITLED.search(before[-20:]):
        return True
    if word in TIMES_THAT_ARE_NAMES and _a_time_here(before, after):
        return False
    at_start = opens_a_sentence(text, start)
    last, second = _words_before(before)
    if found[:1].isupper() and not found.isupper():
        if _POSSESSIVE.match(after):
            return True
        if not at_start:
            return last not in {"the", "a", "an"}
        if word in MOSTLY_NAMES:
            return not _PRONOUN_FOLLOWS.match(after)
        if known_as_someone:
            return not (_PRONOUN_FOLLOWS.match(after) or word in VERBS_THAT_ARE_NAMES and _an_object_follows(after))
        return _goes_on_as_someone(after, closing=True)
    verb = word in VERBS_THAT_ARE_NAMES
    if last in _BEFORE_A_PERSON or (last in RELATIONS and not verb):
        return True
    if last in _BEFORE_A_NAME_OR_WORD and (word in MOSTLY_NAMES or typed_without_capitals(text)):
        return True
    if last in _DETERMINERS or (second in _DETERMINERS and last not in RELATIONS):
        return False
    if _POSSESSIVE.match(after):
        return True
    if word in ADJECTIVES_THAT_ARE_NAMES and last in _COPULAS:
        return False
    if word in MOSTLY_NAMES:
        return not (at_start and _PRONOUN_FOLLOWS.match(after))
    if at_start:
        return _goes_on_as_someone(after, closing=True)
    return last in RELATIONS | _BEFORE_A_CLAUSE and _goes_on_as_someone(after, closing=False)


def _an_object_follows(after: str) -> bool:
    """Whether what follows a verb is its object or what it says: "… the date", "… so", "… not"."""
    first = _A_WORD.match(after.lstrip())
    return first is not None and first.group(0).casefold() in _DETERMINERS | {"so", "not", "be", "to"}


def _words_before(before: str) -> tuple[str, str]:
    """The last two words before a place in its sentence, in lower case ("" where there are none)."""
    sentence = re.split(r"[.!?…;:\n]", before[-60:])[-1]
    words = [found.group(0).casefold().replace("’", "'") for found in _A_WORD.finditer(sentence)]
    return (words[-1] if words else "", words[-2] if len(words) > 1 else "")


def _a_time_here(before: str, after: str) -> bool:
    return _A_TIME_AFTER.search(before[-30:]) is not None or _A_DATE_FOLLOWS.match(after) is not None


def _goes_on_as_someone(after: str, *, closing: bool) -> bool:
    """Whether what follows a name goes on as it does after a person ("… is", "… called", "… and I",
    "… (my aunt)"), not as after a modal verb or a verb told to do something ("… you", "… call",
    "… the date"); with ``closing``, a name closing its sentence or followed by a comma is one too."""
    rest = after.lstrip()
    if not rest or rest[0] in "(&":
        return True
    if rest[0] in ",.!?:;)":
        return closing
    for found in _A_WORD.finditer(rest[:80]):
        word = found.group(0).casefold().replace("’", "'")
        if word in _ADVERBS:
            continue
        if word in {"and", "or"} or word in _SAID_OF_SOMEONE:
            return True
        if found.group(0)[:1].isupper() and word != "i":
            return True  # a family name: "Will Turner"
        return _third_person_or_past(word)
    return closing


def _third_person_or_past(word: str) -> bool:
    """Whether ``word`` is a verb's "-s" or "-ed" form ("calls", "called"), which no modal verb
    goes before."""
    if word in _NOT_A_VERB or len(word) < 4:
        return False
    if word.endswith("s"):
        return not word.endswith(("ss", "us", "is", "ys"))
    return word.endswith("ed") and not word.endswith("eed")


def said_of_a_person(after: str) -> bool:
    """Whether what follows a word opening a sentence is said only of a person: a possessive or a
    verb a person's name goes before ("… said", "… told me", "… is", "… recommended")."""
    if _POSSESSIVE.match(after):
        return True
    word = _first_word_but_adverbs(after)
    return word is not None and (word in _SAID_OF_SOMEONE or (word.endswith("ed") and _third_person_or_past(word)))


def goes_on_as_after_a_subject(after: str) -> bool:
    """Whether what follows a name goes on as after a sentence's subject: a verb said of someone or a
    verb's "-s" or "-ed" form ("… said", "… films are great"); not a possessive, "and", an adverb of
    time or an object ("Remind Lee tomorrow", "Pick Lee up", "Drive Lee and Sam")."""
    if _POSSESSIVE.match(after):
        return False
    word = _first_word_but_adverbs(after)
    return word is not None and (word in _SAID_OF_SOMEONE or _third_person_or_past(word))


def _first_word_but_adverbs(after: str) -> str | None:
    """The first word of ``after`` that is no adverb, in lower case ("… just told me": "told")."""
    for found in _A_WORD.finditer(after[:80]):
        word = found.group(0).casefold().replace("’", "'")
        if word not in _ADVERBS:
            return word
    return None


def opens_a_sentence(text: str, start: int) -> bool:
    """Whether ``text[start:]`` opens a sentence (after a full stop, a colon, a line break, a quote)."""
    return _SENTENCE_START.search(text[max(0, start - 20) : start]) is not None
