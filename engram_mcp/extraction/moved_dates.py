"""A date moved, read in the turn that moves it: the clause giving the new date where the turn says the old one no
longer holds ("not the 14th anymore, we fly to Bergen on the 21st", "she now lands on the 19th, not the 12th", "she
can't come on the 12th after all. Her new flight lands on 19 December"), and a thing said to be moved to a date ("the
statica exam of 14 january is moved to 3 february", "they moved the wedding to september", "move date is now 5
December"). ``called_off.py`` restates what these read, with what was moved. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["date_moved_to", "new_date_said", "thing_moved"]

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|"
          r"nov(?:ember)?|dec(?:ember)?)")
_DAY = r"\d{1,2}(?:st|nd|rd|th)"
# "Thursday the 17th", "Saturday, 14 June", "Thursday, Nov 27": a weekday may go before any of them.
_DATE = (r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?:(?:the\s+)?(?:" + _DAY + r"(?:\s+of)?(?:\s+" + _MONTH
         + r")?|\d{1,2}\s+" + _MONTH + r")|" + _MONTH + r"(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)\b")
_A_DATE = re.compile(r"\b" + _DATE, re.IGNORECASE)
# "not the 14th anymore", "not in January anymore", "can't come on the 12th after all": the date that no longer holds.
_DATE_DROPPED = re.compile(r"\bnot\s+(?:on\s+|in\s+)?(?P<old>" + _DATE + r")|\b(?:can't|cannot|can\s+not|won't)\s+\w+(?:\s+\w+)?\s+"
                           r"(?:on|in)\s+(?P<missed>" + _DATE + r")(?=\s+after\s+all)", re.IGNORECASE)
_DATE_CHANGE = re.compile(r"\b(?:now|instead|new|moved|pushed|changed|rebooked|postponed|rescheduled|later|earlier)\b", re.IGNORECASE)
# "My operation is changed", "airline changed mum's flight", "we're pushing the trip a week": what was moved.
_MOVED_THING = re.compile(
    r"\b(?P<thing>(?:the|my|our|[^\W\d_]+'s)\s+[a-z]+)\s+(?:is|was|has\s+been|got)\s+(?:changed|moved|postponed|"
    r"rescheduled|pushed(?:\s+back)?)\b|\b(?:changed|moved|postponed|rescheduled|pushing|pushed)\s+(?P<object>(?:the|my|our|"
    r"[^\W\d_]+'s)\s+[a-z]+)\b", re.IGNORECASE)


# "the statica exam of 14 january is moved to 3 february", "Our flight has been pushed back to the 21st",
# "Spark Demo Day has been rescheduled to Thursday, Nov 27": the thing, the date it had, and the one it has now.
_MOVED_TO = re.compile(
    r"(?:^|\b)(?P<thing>(?:the|my|our|his|her|their|[a-z]+'s)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?"
    r"|(?-i:(?!I\b)[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}))(?:\s+(?:of|on|from|for)\s+"
    + _DATE + r")?\s+(?:is|was|has\s+been|have\s+been|got|'s)\s+(?:now\s+|officially\s+)?(?:moved|postponed|pushed(?:\s+back)?|"
    r"rescheduled|changed|brought\s+forward|put\s+back)\s+(?:to|until|till)\s+(?P<new>" + _DATE + ")|"
    # "move date is now 5 December"
    r"(?:^|[:;,.]\s*)(?P<dated>[a-z]+(?:\s+[a-z]+)?\s+date)\s+is\s+now\s+(?P<now>" + _DATE + ")|"
    # "they moved the wedding to september"
    r"\b(?:moved|postponed|pushed(?:\s+back)?|rescheduled|changed|put\s+back)\s+(?P<object>(?:the|my|our|his|her|their|[a-z]+'s)\s+"
    r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:to|until|till)\s+(?P<to>" + _DATE + ")", re.IGNORECASE)


def new_date_said(sentences_said: list[str], clauses_of: Callable[[str], list[str]]) -> str | None:
    """The clause (of a sentence's ``clauses_of``) that gives a new date where a sentence says an old one no longer holds."""
    said = [sentence for sentence in sentences_said if not sentence.rstrip().endswith("?")]
    for at, sentence in enumerate(said):
        dropped = _DATE_DROPPED.search(sentence)
        if dropped is None:
            continue
        old = " ".join((dropped["old"] or dropped["missed"]).lower().split())
        # In the same sentence either side of it ("now on the 19th, not the 12th"), or after it.
        candidates = [(part, True) for part in clauses_of(sentence) if part and not _DATE_DROPPED.search(part)]
        candidates += [(part, False) for later in said[at + 1:] for part in clauses_of(later) if part]
        for part, beside in candidates:
            dates = {" ".join(d.lower().split()) for d in _A_DATE.findall(part)}
            if dates and old not in dates and not any(old in d or d in old for d in dates) and (beside or _DATE_CHANGE.search(part)):
                return part
        return None
    return None


def date_moved_to(text: str) -> tuple[str, str] | None:
    """A thing ``text`` says was moved to a new date, and that date as it holds now: ("the exam", "now on 3 february")."""
    if (moved := _MOVED_TO.search(text)) is None:
        return None
    thing = _as_the(" ".join((moved["thing"] or moved["object"] or f"the {moved['dated'].lower()}").split()))
    new = moved["new"] or moved["now"] or moved["to"]
    return thing, f"now {'on' if re.search(r'[0-9]', new) else 'in'} {new}"


def thing_moved(text: str) -> str:
    """What a turn says was moved ("My operation is changed" → "the operation"); "" when it says none."""
    moved = _MOVED_THING.search(text)
    if moved is None:
        return ""
    return _as_the(moved["thing"] or moved["object"])


def _as_the(thing: str) -> str:
    """"my operation" as the update says it: "the operation"."""
    return re.sub(r"^(?i:my|our)\s+", "the ", thing)
