"""Time expressions in a query, resolved to UTC intervals, without an LLM.

Handles absolute dates ('on 1 February, 2023', 'October 13, 2023', '2023-02-01', and without a
year, '9 March', 'the 9th of March', 'March 9th': the latest such day not after ``now``), months
with or without a year ('in June', 'in July 2023'), bare years ('in 2022') and a few relative
forms ('yesterday', 'last week', 'last month', 'last year', 'N days/weeks/months ago', 'a couple
of days ago', 'last Saturday', 'last weekend', 'in the past two weeks'). Two of them joined as
a range ('between 11 August and 15 August', 'from May to July') are one interval. A month
without a year resolves to its latest occurrence not after ``now``. ``now`` is passed in."""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

__all__ = ["CALENDAR_NAMES", "MONTH_WORD", "WEEKDAY_NAMES", "TimePhrase", "TimeWindow", "count_said", "in_any_window", "on_any_clock", "parse_time_windows", "says_a_time",
           "day_said_before", "named_days", "past_day_said", "time_phrases", "upcoming_day", "without_time_phrases"]

_MONTHS = (
    "January February March April May June July August September October November December".split()
)
_MONTH_RE = "|".join(_MONTHS)
_MONTH_NUM = {m: i + 1 for i, m in enumerate(_MONTHS)}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "couple of": 2, "few": 3}
# 'N weeks ago' further back than this names no time a memory holds ('999999 weeks ago').
_LONGEST_SPAN_DAYS = 36_500
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WEEKDAY_NAMES = frozenset(day.capitalize() for day in _WEEKDAYS)
"""Weekdays as written: capitalised words that name no one."""
CALENDAR_NAMES = frozenset(_MONTHS) | WEEKDAY_NAMES
"""Months and weekdays as written (a month may be a name too: "April", "May")."""
MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
"""A month as a pattern, cut short or whole ("sept", "March"); the caller sets case and word bounds."""


_SAYS_A_TIME = re.compile(
    r"\b(?:(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?s?|wednesdays?|saturdays?|thursdays?|tuesdays?|"
    r"(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?|" + "|".join(m.lower() for m in _MONTHS) + r"|"
    r"\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{1,2}[:.]\d{2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{4}-\d{2}-\d{2}|"
    r"today|tonight|tomorrow|tmrw|tmr|yesterday|weekend|next\s+(?:week|month|year))\b",
    re.IGNORECASE,
)


def says_a_time(text: str) -> bool:
    """Whether ``text`` says when: a day, a date, a month or a clock time ("pushed to mon 26th",
    "swim's weds now, 4:30"); "14 Heworth Grove, York" says none, nor "a note for this week"."""
    return _SAYS_A_TIME.search(text) is not None


@dataclass(frozen=True, slots=True)
class TimeWindow:
    start: datetime
    end: datetime  # exclusive


def _month_window(year: int, month: int, now: datetime, months: int = 1) -> TimeWindow:
    """``months`` calendar months from the first of ``month`` (12 from January: a year)."""
    start = now.replace(year=year, month=month, day=1, hour=0, minute=0, second=0, microsecond=0)
    later = month - 1 + months
    return TimeWindow(start, start.replace(year=year + later // 12, month=later % 12 + 1))


TimePhrase = tuple[int, int, TimeWindow]
"""Where a phrase naming a time starts and ends in the query, and the interval it names."""


def parse_time_windows(query: str, now: datetime) -> list[TimeWindow]:
    """Every interval the query refers to, in order of appearance; [] when it names no time."""
    return [window for _, _, window in time_phrases(query, now)]


def without_time_phrases(query: str, phrases: Sequence[TimePhrase]) -> str:
    """The query with its ``time_phrases`` blanked out (what it asks about, not when)."""
    kept = list(query)
    for start, end, _ in phrases:
        kept[start:end] = " " * len(kept[start:end])
    return "".join(kept)


def time_phrases(query: str, now: datetime) -> list[TimePhrase]:
    """Each phrase of ``query`` that names a time, in order of appearance."""
    windows: list[TimePhrase] = []
    taken: list[tuple[int, int]] = []

    def free(match: re.Match[str]) -> bool:
        return all(match.end() <= a or match.start() >= b for a, b in taken)

    def add(match: re.Match[str], window: Callable[..., TimeWindow], *args: Any) -> None:
        try:
            windows.append((match.start(), match.end(), window(*args)))
        except (ValueError, OverflowError):  # '31 February 2023', '9999-12-31': a time the calendar does not hold
            pass

    for m, (y, mo, d) in _named_days(query):
        if free(m):
            taken.append((m.start(), m.end()))
            add(m, _day_window, y, mo, d, now)
    for m in re.finditer(rf"\b({_MONTH_RE})(?:,?\s+(\d{{4}}))?\b", query):
        # 'May' opening a question is the verb, not the month
        if not free(m) or (m[1] == "May" and m.start() == 0):
            continue
        month = _MONTH_NUM[m[1]]
        year = int(m[2]) if m[2] else (now.year if month <= now.month else now.year - 1)
        taken.append((m.start(), m.end()))
        add(m, _month_window, year, month, now)
    for m in re.finditer(r"\b(?:in|of|during|since)\s+((?:19|20)\d{2})\b", query):
        if free(m):
            add(m, _month_window, int(m[1]), 1, now, 12)
    # Lowercased character by character, so that a phrase found here is at the same place in ``query``.
    lowered = "".join(c if len(c.lower()) > 1 else c.lower() for c in query)
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    # Days back from today to where each starts and to where it ends.
    relative = {"yesterday": (1, 0), "last week": (14, 0), "last month": (62, 0), "last year": (730, 180)}
    for phrase, (back_to_start, back_to_end) in relative.items():
        if found := re.search(rf"\b{phrase}\b", lowered):  # 'last week' is not 'last weekend'
            add(found, _days_back, day, back_to_start, back_to_end)
    for m in re.finditer(rf"\b(?:last|past|this past)\s+({'|'.join(_WEEKDAYS)}|weekend)\b", lowered):
        # The latest such day strictly before today; a weekend is its Saturday and Sunday.
        target = 5 if m[1] == "weekend" else _WEEKDAYS.index(m[1])
        back = (day.weekday() - target) % 7 or 7
        length = 2 if m[1] == "weekend" else 1
        add(m, _days_back, day, back, back - length)
    for m in re.finditer(
        r"\b(\d+|a|an|one|two|three|four|five|six|couple of|few)\s+(day|week|month)s?\s+ago\b", lowered
    ):
        span = {"day": 1, "week": 7, "month": 30}[m[2]] * _count(m[1])
        if span <= _LONGEST_SPAN_DAYS:
            slack = max(2, span // 3)
            add(m, _days_back, day, span + slack, span - slack)
    for m in re.finditer(
        r"\b(?:in\s+|over\s+|during\s+|within\s+)?(?:the\s+)?(?:past|last)\s+"
        r"(\d+|two|three|four|five|six|couple of|few)\s+(day|week|month)s\b",
        lowered,
    ):
        # 'in the past two weeks': everything from that long ago up to now.
        span = {"day": 1, "week": 7, "month": 31}[m[2]] * _count(m[1])
        if span <= _LONGEST_SPAN_DAYS:
            add(m, _days_back, day, span, -1)
    return _ranges(query, sorted(windows, key=lambda item: item[0]))


_OPTIONAL_YEAR = r"(?:(?:,\s*|\s+)(\d{4}))?"
_DAYS = (
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), "ymd"),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RE}){_OPTIONAL_YEAR}\b"), "dmy"),
    (re.compile(rf"\b({_MONTH_RE})\s+(\d{{1,2}})(?:st|nd|rd|th)?{_OPTIONAL_YEAR}\b"), "mdy"),
)


def _named_days(text: str) -> list[tuple[re.Match[str], tuple[str | None, int, int]]]:
    """Each day ``text`` names by its date ('2024-03-09', '9 March 2024', 'March 9th'): (year or None, month, day)."""
    found = []
    for pattern, order in _DAYS:
        for m in pattern.finditer(text):
            y, mo, d = {"ymd": (m[1], m[2], m[3]), "dmy": (m[3], m[2], m[1]), "mdy": (m[3], m[1], m[2])}[order]
            found.append((m, (y, int(mo) if mo.isdigit() else _MONTH_NUM[mo], int(d))))
    return found


def named_days(text: str) -> list[tuple[tuple[int, int], str | None, int, int]]:
    """Each day ``text`` names by its date, in order: ((start, end) in the text, year or None, month, day)."""
    return sorted((m.span(), year, month, day) for m, (year, month, day) in _named_days(text))


def upcoming_day(text: str, now: datetime) -> datetime | None:
    """The first day ``text`` names looking ahead from ``now`` ('I start on 1 November', 'on
    Monday', 'start monday', 'tomorrow'): a date without a year is its next occurrence from ``now``'s day on, a
    weekday the next one after it, next week or month its first day, 'the 1st' its next one, 'in two weeks' that many days on. Midnight of that day; None when it names none."""
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    found: list[tuple[int, datetime]] = []
    for m, (year, month, number) in _named_days(text):
        try:
            if year is not None:
                found.append((m.start(), day.replace(year=int(year), month=month, day=number)))
                continue
            this_year = day.replace(month=month, day=number)
            next_year = this_year if this_year >= day else day.replace(year=day.year + 1, month=month, day=number)
            found.append((m.start(), next_year))
        except (ValueError, OverflowError):  # '31 February', '29 February' in a year without one
            continue
    lowered = text.lower()
    # "from January": the first of that month, the next time it comes.
    for m in re.finditer(rf"\b(?:from|starting)\s+({_MONTH_RE})\b(?!\s+\d)", text, re.IGNORECASE):
        month = _MONTH_NUM[m[1].capitalize()]
        first = day.replace(day=1, month=month) if month > day.month else day.replace(year=day.year + 1, month=month, day=1)
        found.append((m.start(), first))
    ahead = [(m.start(), (_WEEKDAYS.index(m[1]) - day.weekday()) % 7 or 7)
             for m in re.finditer(rf"\b(?:on|next|this|from|starting|starts?)\s+({'|'.join(_WEEKDAYS)})\b", lowered)]
    if (tomorrow := re.search(r"\btomorrow\b", lowered)) is not None:
        ahead.append((tomorrow.start(), 1))
    # "I start there next week", "starting next month": the week or month begins on its first day.
    ahead += [(period.start(), 7 - day.weekday() if period[1] == "week" else monthrange(day.year, day.month)[1] - day.day + 1)
              for period in re.finditer(r"\bnext\s+(week|month)\b", lowered)]
    # "Starting at Intercom on the 1st": that day of the month, this month's if it is still ahead, else the next's.
    for ordinal in re.finditer(r"\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?[a-z])", lowered):
        number, length = int(ordinal[1]), monthrange(day.year, day.month)[1]
        if 1 <= number <= 28:
            ahead.append((ordinal.start(), number - day.day if number > day.day else length - day.day + number))
    # "starting at Klarna in two weeks", "in 10 days".
    ahead += [(span.start(), _count(span[1]) * (7 if span[2] == "week" else 1))
              for span in re.finditer(r"\bin\s+(a|one|two|three|four|five|six|\d{1,2})\s+(week|day)s?\b", lowered)]
    for at, days in ahead:
        try:
            found.append((at, day + timedelta(days=days)))
        except OverflowError:  # past the calendar's last day
            continue
    return min(found, key=lambda item: item[0])[1] if found else None


def day_said_before(text: str, now: datetime) -> datetime | None:
    """The day ``text`` names by its date ('on 1 March') as it last fell on or before ``now``'s day: a date
    without a year is this year's, or last year's when this year's is still ahead. Midnight; None when it names none."""
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    for _match, (year, month, number) in _named_days(text):
        try:
            said = day.replace(year=int(year) if year is not None else day.year, month=month, day=number)
            if year is None and said > day:
                said = said.replace(year=day.year - 1)
        except (ValueError, OverflowError):
            continue
        return said if said <= day else None
    return None


_PAST_SPAN = re.compile(r"\b(?P<n>a|an|one|two|three|four|five|six|\d{1,2}|a\s+couple\s+of|a\s+few)\s+(?P<unit>day|week|month|year)s?\s+ago\b"
                        r"|\blast\s+(?P<last>week|month|year)\b|\b(?P<yesterday>yesterday)\b"
                        rf"|\b(?:in|back\s+in|since|during)\s+(?:(?P<month>{_MONTH_RE})(?:\s+(?P<of_year>(?:19|20)\d{{2}}))?"
                        r"|(?P<year>(?:19|20)\d{2}))\b", re.IGNORECASE)


def past_day_said(text: str, now: datetime) -> datetime | None:
    """The day a past time ``text`` names begins, at its first phrase: 'yesterday', 'two weeks ago', 'last week'
    (seven days before), 'last month' (its first day), 'back in May' (the first of the latest May not after ``now``),
    'in 2019', 'since March 2024'. Midnight of ``now``'s clock; None when it names none, or none before ``now``."""
    found = _PAST_SPAN.search(text)
    if found is None:
        return None
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    try:
        if found["yesterday"]:
            said = day - timedelta(days=1)
        elif found["unit"]:
            count = count_said(found["n"])
            unit = found["unit"].casefold()
            said = (day - timedelta(days=count * {"day": 1, "week": 7}[unit]) if unit in ("day", "week")
                    else _months_back(day, count * (12 if unit == "year" else 1)))
        elif found["last"]:
            unit = found["last"].casefold()
            said = (day - timedelta(days=7) if unit == "week" else _months_back(day, 1).replace(day=1) if unit == "month"
                    else day.replace(year=day.year - 1, month=1, day=1))
        elif found["month"]:
            month = _MONTH_NUM[found["month"].capitalize()]
            year = int(found["of_year"]) if found["of_year"] else day.year if month <= day.month else day.year - 1
            said = day.replace(year=year, month=month, day=1)
        else:
            said = day.replace(year=int(found["year"]), month=1, day=1)
    except (ValueError, OverflowError):
        return None
    return said if said <= day else None


def _months_back(day: datetime, months: int) -> datetime:
    """The same day ``months`` months before (the month's last day when it has fewer)."""
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return day.replace(year=year, month=month + 1, day=min(day.day, monthrange(year, month + 1)[1]))


_RANGE_OPENS = re.compile(r"\b(?:between|from)\s+$", re.IGNORECASE)
_RANGE_JOINS = re.compile(r"^\s*(?:and|to|until|till|-|–)\s*$", re.IGNORECASE)


def _ranges(query: str, phrases: list[TimePhrase]) -> list[TimePhrase]:
    """'between 11 August and 15 August', 'from May to July': one interval, from the first to the last."""
    joined: list[TimePhrase] = []
    for phrase in phrases:
        if joined:
            start, end, first = joined[-1]
            if (
                _RANGE_OPENS.search(query[:start]) and _RANGE_JOINS.match(query[end : phrase[0]])
                and first.start < phrase[2].end
            ):
                joined[-1] = (start, phrase[1], TimeWindow(first.start, phrase[2].end))
                continue
        joined.append(phrase)
    return joined


def _days_back(day: datetime, to_start: int, to_end: int) -> TimeWindow:
    """From ``to_start`` days before ``day`` to ``to_end`` days before it (-1: through ``day``)."""
    return TimeWindow(day - timedelta(days=to_start), day - timedelta(days=to_end))


def _day_window(year: str | None, month: int, day: int, now: datetime) -> TimeWindow:
    """One day; without a year, its latest occurrence not after ``now`` ('9 March')."""
    if year is None:
        number = now.year if (month, day) <= (now.month, now.day) else now.year - 1
    else:
        number = int(year)
    start = now.replace(year=number, month=month, day=day, hour=0, minute=0, second=0, microsecond=0)
    return TimeWindow(start, start + timedelta(days=1))


def count_said(words: str) -> int:
    """A small count said in figures or in words: "3", "two", "a couple of", "a few"."""
    said = " ".join(words.casefold().split()).removeprefix("a ")
    return int(said) if said.isdigit() else _NUMBERS[said]


def _count(word: str) -> int:
    return int(word) if word.isdigit() and len(word) <= 6 else _NUMBERS.get(word, _LONGEST_SPAN_DAYS + 1)


# The offsets clocks keep from UTC, west to east (Baker Island to Kiribati).
_WESTMOST, _EASTMOST = timedelta(hours=-12), timedelta(hours=14)


def on_any_clock(window: TimeWindow) -> tuple[datetime, datetime]:
    """``[start, end)`` in UTC of every moment some clock reads as within ``window``: a turn told
    in its own offset belongs to the day on its clock (``Memory.wall_time``), so the day named in
    a question takes in the UTC hours its evening in New York or its morning in Auckland fall on."""
    return window.start - _EASTMOST, window.end - _WESTMOST


def in_any_window(moment: datetime, windows: list[TimeWindow], slack: timedelta = timedelta(0)) -> bool:
    """True when ``moment`` falls in a window, extended by ``slack`` after its end.

    The slack admits turns that report an event after the fact ('last week I went camping').
    """
    return any(w.start <= moment < w.end + slack for w in windows)
