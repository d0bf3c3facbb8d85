"""When a question asks when something still to come is, what tells it: a memory that names the thing asked and
says a time (asked "what time", a time of day). Pure.

"When is the next VvE meeting for the Lombokstraat building?" is not told by a memory that says nothing of a VvE
meeting, though "Lombokstraat" and a date are said together in a list of rents; "What time is the potluck at Chater
Garden?" not by "potluck next week" (a day, no time of day); "When does Khánh graduate from nursing school?" not by
"Khánh (the nursing student at UH) can sit with Má on Oct 6", which says nothing of graduating. Each has words that
lexical coverage and the focus's meaning find, and recall would answer with what they find.

Only a question about what is to come ("when is", "when does", "what time is"): "When did Caroline go to the support
group?" is told by the day the memory saying so was told, which no word of it says.

The thing asked is what the question names before any preposition ("the next VvE meeting", not "for the Lombokstraat
building"), without whose it is ("Ananya's weekly meeting"): a memory tells it when it holds half its words and says a
time. Asked of someone by name what they do ("When does Khánh graduate?"), the verb is the thing, unless it only
says a coming or going ("When is chị Hai coming to Houston?" is told by "At the end of October I'm flying to Houston").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engram_mcp.model.time_expr import says_a_time
from engram_mcp.retrieval.abstain import WORD, lexical_coverage, stem_of

__all__ = ["TimeAsked", "says_a_time_of_day", "says_when", "time_asked"]


@dataclass(frozen=True, slots=True)
class TimeAsked:
    """What a question asks the time of."""

    thing: tuple[str, ...]
    """The words (stems) naming the thing asked: "vve", "meeting"; for a verb asked of someone, the verb: "graduat"."""
    of_day: bool = False
    """Whether it asks a time of day ("What time is the potluck?"), not only a day."""

    def told_in(self, text: str) -> bool:
        """Whether ``text`` names the thing asked and says a time (of day, when one is asked)."""
        says = says_a_time_of_day(text) if self.of_day else says_when(text)
        return says and lexical_coverage(self.thing, [text], by_topic=False) >= _HELD


_HELD = 0.5
"""The share of the thing's words a memory must hold to name it."""


# "When is …", "When's …", "When does …", "What time is …", "What day is …": a time to come. Not "When did …", "When was …".
_WHEN_TO_COME = re.compile(
    r"^\W*(?:(?P<of_day>what\s+time)|when|what\s+(?:day|date)|which\s+(?:day|date))"
    r"(?:['’]s\s+|\s+(?P<verb>is|are|does|do|will)\s+)(?P<rest>[^?.!]*)", re.IGNORECASE)
# Where the thing named ends: a preposition or a clause ("the ferry to Santander", "the meeting for the building").
_THING_ENDS = re.compile(r"\s(?:to|for|with|at|in|on|of|from|about|by|into|after|before|between|during|near|over|under|"
                         r"so|if|when|while)\s", re.IGNORECASE)
# What only says a coming or going (or being, or seeing someone), whose place in a memory other words take ("flying to
# Houston", "appointment with Dr Levine").
_COMING_OR_GOING = frozenset(stem_of(word) for word in """come comes coming go goes going get gets getting arrive arrives arriving
    fly flies flying land lands landing visit visits visiting travel travels travelling traveling leave leaves leaving head heads
    heading be being back home return returns returning move moves moving drive drives driving take takes taking have has having
    need needs need supposed expected due happen happens happening see sees seeing meet meets meeting""".split())
_POSSESSIVE = re.compile(r"[\w-]+['’]s?\b(?=\s)|\b(?:my|our|his|her|their|your|the|a|an)\b", re.IGNORECASE)


def time_asked(question: str, focus: tuple[str, ...]) -> TimeAsked | None:
    """What ``question`` asks the time of, if it asks when something to come is; ``focus`` (stems) its content words,
    known names taken out."""
    asked = _WHEN_TO_COME.match(question)
    if asked is None:
        return None
    of_day, rest = asked["of_day"] is not None, asked["rest"].strip()
    named = _NAMED_DOING.match(rest)
    if asked["verb"] in ("does", "do", "will") or named is not None and named["verb"].casefold().endswith("ing"):
        # "When does Khánh graduate …?", "When is Senthil retiring?": the verb is the thing. Of something else ("When does
        # Brennan's CPR certificate run out?") the words are said in too many ways ("cert expires in June") to ask them.
        verb = stem_of(named["verb"].casefold()) if named is not None else None
        return TimeAsked((verb,), of_day) if verb is not None and verb in focus and verb not in _COMING_OR_GOING else None
    thing_said = _THING_ENDS.split(f" {rest} ", maxsplit=1)[0]
    words = {stem_of(word.casefold()) for word in WORD.findall(_POSSESSIVE.sub(" ", thing_said))}
    thing = tuple(term for term in focus if term in words)
    return TimeAsked(thing, of_day) if thing else None


# Someone asked what they do, by name: "Khánh graduate", "chị Hai coming" (a word of kinship before the name is theirs).
_NAMED_DOING = re.compile(r"^(?:(?!(?:the|a|an|my|our|his|her|their|your|this|that|next|last|new)\b)[a-zà-ỹ]+\s+){0,2}?(?-i:[A-ZÀ-Ỹ])[\w-]+(?:\s+(?-i:[A-ZÀ-Ỹ])[\w-]+)?\s+(?P<verb>[a-z]+)\b",
                          re.IGNORECASE)


# A time in the languages chat mixes in besides the days, dates and clock times any text may say: a year, "this month",
# "in two weeks", a season or a feast, and the months and weekdays of other languages ("9 Ekim", "1 augustus", "hétfőn").
_NAMES_ABROAD = """januar februar märz mai juni juli oktober dezember montag dienstag mittwoch donnerstag freitag samstag sonntag
    janvier février mars avril juin juillet août septembre octobre novembre décembre lundi mardi mercredi jeudi vendredi samedi
    dimanche enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre lunes martes
    miércoles jueves viernes sábado domingo janeiro fevereiro março maio junho julho setembro outubro novembro dezembro segunda
    terça quarta quinta sexta gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre lunedì martedì mercoledì
    giovedì venerdì sabato januari februari maart mei augustus maandag dinsdag woensdag donderdag vrijdag zaterdag zondag ocak
    şubat nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık pazartesi salı çarşamba perşembe cuma cumartesi pazar január
    február március április május június július augusztus szeptember október hétfő kedd szerda csütörtök péntek szombat vasárnap
    stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia poniedziałek wtorek środa
    czwartek piątek sobota niedziela ianuarie februarie martie aprilie iunie iulie septembrie octombrie noiembrie decembrie
    huwebes biyernes linggo""".split()
# Vietnamese months and weekdays are numbered: "tháng Mười" (October), "thứ Năm" (Thursday).
_VIETNAMESE = r"tháng\s+(?:\d{1,2}|một|hai|ba|tư|năm|sáu|bảy|tám|chín|mười(?:\s+(?:một|hai))?)|thứ\s+(?:hai|ba|tư|năm|sáu|bảy)|chủ\s+nhật"
_WHEN_ELSE = re.compile(
    r"\b(?:(?:19|20)\d{2}|this\s+(?:week|month|year|weekend|summer|winter|spring|autumn|fall|term|semester|morning|afternoon|"
    r"evening)|(?:in|within)\s+(?:a|an|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+(?:days?|weeks?|months?|years?)|"
    r"(?:end|start|beginning|middle)\s+of\s+(?:the\s+)?(?:week|month|year|term|semester)|every\s+(?:day|morning|evening|night|week|"
    r"month|year|other)|mornings|evenings|nights|weekly|monthly|daily|christmas|easter|new\s+year|half[\s-]term|"
    r"summer|winter|spring|autumn|eid|diwali|ramadan|hanukkah|passover|rosh\s+hashanah|lunar\s+new\s+year|tết|" + _VIETNAMESE + "|"
    # With the endings agglutinating languages add ("hétfőn", "márciustól", "Perşembeye"), when long enough to be no other word.
    + "|".join(name + (r"\w*" if len(name) >= 5 else "") for name in _NAMES_ABROAD) + r")\b",
    re.IGNORECASE)
_TIME_OF_DAY = re.compile(
    r"(?<![\d.:])\d{1,2}[:.]\d{2}(?![\d.:])|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.|o['’]clock|uhr|h\b|hrs\b)|\b(?:noon|midday|midnight|"
    r"lunchtime|morning|afternoon|evening|tonight|night)\b", re.IGNORECASE)


def says_when(text: str) -> bool:
    """Whether ``text`` says a time: a day, a date, a month, a year, a clock time, "this month", "in two weeks", a feast,
    in English or in a language chat mixes in."""
    return says_a_time(text) or _WHEN_ELSE.search(text) is not None


def says_a_time_of_day(text: str) -> bool:
    """Whether ``text`` says a time of day: "7:30", "6pm", "19 Uhr", "at noon", "in the evening"."""
    return _TIME_OF_DAY.search(text) is not None
