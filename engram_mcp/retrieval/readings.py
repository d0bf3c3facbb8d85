"""What leads when a person keeps a log: the newest of several readings of the same measure.

"note: weight 231 lb", "note: weight 229", "note: weight 224 this morning": each reading is true when
said and none says the last one ended, so no fact supersedes another and the ranking may put any of
them first. Asked "What is Hollis's weight?" (or his current, latest, most recent weight), the newest
reading that speaks of the measure asked, by the person asked of, goes first. Pure, like the rest of
``leading``.

A reading asked ("What is Senthil's blood pressure?", "What was Ilkka's cholesterol?"), not what is taken for it
("What was Ulla taking for her cholesterol?"), is a detail (``details.py``: "blood pressure", "level") told only by
a figure said of it ("BP at pharmacy: 145/95", "colesterol 245"; "sugar fasting 168" is no blood pressure).
"""

from __future__ import annotations

import re

from engram_mcp.model.pasted import own_words
from engram_mcp.model.time_expr import CALENDAR_NAMES
from engram_mcp.retrieval.focus import LEAD_DEPTH, SENTENCE_END, Focus, Scored, lead
from engram_mcp.retrieval.question_words import RELATION_WORDS, stem
from engram_mcp.retrieval.whom_asked import of_another_person

__all__ = ["BLOOD_PRESSURE", "BLOOD_PRESSURE_TOLD", "LEVELS", "LEVEL_TOLD", "latest_reading_first", "reading_asked", "says_a_reading"]

# A number as a reading gives it: "224", "132/84", "26:41", "€150", "6.4", "1,450".
_NUMBER = re.compile(r"^(?:[$€£¥₹]|Rs?\.?|kr)?\d+(?:[.,:/]\d+)*%?$")
_TOKEN = re.compile(r"[^\s,;()!?]+")
_LETTERS = re.compile(r"[^\W\d_]+")
_FIRST_PERSON = re.compile(r"I(?:['’]\w+)?$")
# What makes a number a date, a day or a year, not a reading: "17 December", "Oct 20-24", "the 23rd", "since 2011".
_CALENDAR = frozenset(word[:3].casefold() for word in CALENDAR_NAMES)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
# How near the word naming the measure a number must stand to be its reading ("weight 224 this morning",
# "Pressure today 146/92", "5k: 25:58"), so that a sentence's other numbers are not.
_NEAR = 3
# A question that asks for another reading than the newest: the best, the first, the one before.
_NOT_THE_NEWEST = frozenset(stem(word) for word in (
    "best worst highest lowest fastest slowest quickest longest shortest biggest smallest heaviest lightest first "
    "original initial previous earlier earliest old older starting start record personal peak maximum minimum max "
    "min average usual normal target goal").split())
# The words for a reading itself, which name no measure: "the most recent blood pressure reading".
_THE_READING = frozenset(stem(word) for word in "reading readings level levels result results score number figure value".split())
_MEASURE_WORDS = 2
# A name is said, not read: "What is the name of Ananya's fiancé?" beside "the engagement moved to the 16th".
_SAID_NOT_READ = frozenset({stem("name"), stem("names"), stem("called")})


def says_a_reading(text: str) -> bool:
    """Whether ``text``, in the person's own words, gives a number that is no date, day or year."""
    tokens = _TOKEN.findall(own_words(text))
    return any(_is_reading(tokens, at) for at in range(len(tokens)))


def _is_reading(tokens: list[str], at: int) -> bool:
    word = tokens[at].strip(".:'\"’")
    if not _NUMBER.match(word) or _YEAR.match(word):
        return False
    beside = {tokens[i].strip(".:'\"’").casefold()[:3] for i in (at - 1, at + 1) if 0 <= i < len(tokens)}
    return not beside & _CALENDAR


def _measures_read(text: str, focus: Focus, measure: set[str]) -> set[str]:
    """The measures asked that ``text`` gives a reading of: each named by its own word (not a word met by it: no
    "flat" for rent) standing near a number that is no date, in a sentence naming no one and nothing but whom the
    question names ("Pressure today 146/92"; not "works" in "5k: 25:58!!! the break-up cardio works", nor the wedding
    of "the wedding is on 17 December")."""
    read: set[str] = set()
    for sentence in SENTENCE_END.split(own_words(text)):
        tokens = _TOKEN.findall(sentence)
        # "The Loaf Lane Bakery two stalls down has started doing sourdough at £3.95", "Lena's gym costs €49", "my
        # brother earns £42k": another's measure.
        if _names_another(tokens, focus):
            continue
        numbers = [at for at in range(len(tokens)) if _is_reading(tokens, at)]
        for at, token in enumerate(tokens):
            if any(abs(at - number) <= _NEAR for number in numbers):
                word = token.strip(".:'\"’").casefold()
                read |= {term for term in measure if stem(word) == term or word.startswith(term)}
    return read


def _names_another(tokens: list[str], focus: Focus) -> bool:
    """Whether a sentence's words name someone or something the question does not: a capitalised word inside it, or
    opening it as a name does ("Lena's gym", "Harlow Furniture now sells …"), or a relation the question does not ask of."""
    def a_name(at: int) -> bool:
        word = tokens[at]
        if not word[:1].isupper() or _NUMBER.match(word) or word.strip(".:'\"’") in CALENDAR_NAMES or _FIRST_PERSON.match(word):
            return False
        if stem(_possessor(word)) in focus.written_as_names:
            return False
        opens_as_a_name = _possessor(word) != word.strip(".:'\"’").casefold() or at + 1 < len(tokens) and tokens[at + 1][:1].isupper()
        return at > 0 or opens_as_a_name

    relatives = {stem(_possessor(word)) for word in tokens} & RELATION_WORDS - set(focus.terms)
    return bool(relatives) or any(a_name(at) for at in range(len(tokens)))


def _possessor(word: str) -> str:
    return re.sub(r"['’]s$", "", word.strip(".:'\"’")).casefold()


def latest_reading_first(ranked: list[Scored], focus: Focus, outdated: set[str]) -> list[Scored]:
    """When the memories near the top give several readings of the measure asked, the newest goes first,
    for a question asking what or how much, not whether ("Is Aurelio still flying to Turin?"), when, where, who,
    at which time, or for another reading than the newest ("best")."""
    # "What phone does Anselm use?" asks for a thing (``Focus.asked_for``), whatever numbers are said beside it.
    if (not ranked or not focus.value or focus.asked_for or not focus.terms or focus.when or focus.where or focus.who or focus.timing
            or set(focus.terms) & (_NOT_THE_NEWEST | _SAID_NOT_READ)):
        return ranked
    first = ranked[0][0]
    # "How many guests are coming to the wedding?" counts guests: the wedding is only where.
    measure = set(focus.terms[:1]) if focus.value == "how many" else set(focus.terms) - RELATION_WORDS - _THE_READING
    # Whose the measure is names no measure: "almaz" of "What is Almaz's pet called?" beside "almaz is 82".
    measure -= focus.written_as_names
    # A measure is named in a word or two ("weight", "blood pressure"); a question naming more asks of a thing
    # ("How much does Lewis pay each month for the Clarendon Park flat?"), which other rules read.
    if not measure or len(measure) > _MEASURE_WORDS:
        return ranked
    # A reading of someone the question names, other than the person speaking, names them ("her rent will be R6,400
    # from May" in "Ek het gedink oor Nellie …", not Lwazi's rent).
    whose = focus.written_as_names - {stem(speaker) for speaker in focus.speakers}
    readings = [
        pair for pair in ranked[:LEAD_DEPTH]
        if pair[0].id not in outdated and not pair[0].said_by_assistant() and not of_another_person(pair[0], focus)
        and _measures_read(pair[0].text, focus, measure)
        and (not whose or whose & {stem(word) for word in _LETTERS.findall(pair[0].text.casefold())})
    ]
    if len(readings) < 2:
        return ranked
    newest = max(readings, key=lambda pair: pair[0].event_time)
    # What leads, said no earlier (a later change read before: "so the life list is 415 now"), already says
    # what holds.
    if first.event_time >= newest[0].event_time:
        return ranked
    return lead(ranked, newest)


# A reading asked as a detail, and the figure that tells it.
BLOOD_PRESSURE = r"blood\s+pressure|(?-i:BP)"
BLOOD_PRESSURE_TOLD = r"\d{2,3}\s?(?:/|over)\s?\d{2,3}"
LEVELS = r"blood\s+sugar|sugar|glucose|gula\s+darah|hba1c|a1c|cholesterol|colesterol|cholesterin|ldl|hdl"
LEVEL_TOLD = rf"(?:{LEVELS})\w*\W+(?:[^\W\d]+\W+){{0,3}}?\d+"


def reading_asked(reading: str) -> str:
    """How a question asks ``reading`` (a pattern): what it is or was, not a medicine, tablets or a target for it."""
    return (r"^\W*what(?:'s|’s|\s+is|\s+was|\s+were|\s+are)\s+"
            r"(?:(?!(?:taking|take|takes|took|on|for|medication|medicine|tablets?|pills?|meds)\b)[\w'’-]+\s+){0,4}?"
            rf"(?:{reading})\b(?!\s+(?:medication|medicine|tablets?|pills?|meds|drugs?|target|goal|machine|monitor|cuff)\b)")
