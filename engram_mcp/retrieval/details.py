"""Details a person is asked that are only ever told whole: a star sign, a blood type, a passport
or National Insurance number, a date of birth. "What is Prakash's blood group?" is not met by "a
liver blood test", nor "What's Joaquin's star sign?" by "signed up for uber eats": each word of the
detail is common alone, so lexical coverage and the focus's meaning find something, and recall
would answer with it. Pure.

Recall declines such a question when nothing recalled tells the detail (``abstain.Coverage.untold``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Detail", "detail_asked"]

_SIGNS = ("aries|taurus|gemini|cancer|leo|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces")


@dataclass(frozen=True, slots=True)
class Detail:
    """A detail a question asks for, and how a memory tells it."""

    name: str
    told: re.Pattern[str]

    def told_in(self, text: str) -> bool:
        """Whether ``text`` tells this detail (names it whole, or gives a value only it has)."""
        return self.told.search(text) is not None


def _detail(name: str, asked: str, told: str) -> tuple[re.Pattern[str], Detail]:
    return re.compile(rf"\b(?:{asked})\b", re.IGNORECASE), Detail(name, re.compile(rf"\b(?:{told})\b", re.IGNORECASE))


_NUMBER = r"(?:number|no\.?|#|num)"
_DETAILS = (
    _detail("star sign", r"star\s+sign|zodiac(?:\s+sign)?|horoscope\s+sign",
            rf"star\s+sign|zodiac|horoscope|(?:a|an)\s+(?:{_SIGNS})|(?:{_SIGNS})\s+(?:sun|rising|moon)"),
    _detail("blood type", r"blood\s+(?:type|group)",
            r"blood\s+(?:type|group)|(?-i:AB|A|B|O)\s?[+-](?!\w)|(?:ab|a|b|o)\s?(?:pos|neg)(?:itive|ative)?"),
    _detail("passport number", rf"passport\s+{_NUMBER}", rf"passport\s+{_NUMBER}"),
    _detail("National Insurance number", rf"national\s+insurance(?:\s+{_NUMBER})?|(?-i:NI)\s+{_NUMBER}",
            rf"national\s+insurance|(?-i:NI)\s+{_NUMBER}"),
    _detail("social security number", rf"social\s+security(?:\s+{_NUMBER})?|(?-i:SSN)", r"social\s+security|(?-i:SSN)"),
    _detail("student number", rf"student\s+(?:id|{_NUMBER}|card\s+{_NUMBER})", rf"student\s+(?:id|{_NUMBER}|card)"),
    _detail("date of birth", r"date\s+of\s+birth|(?-i:DOB)|birth\s*date", r"date\s+of\s+birth|(?-i:DOB)|birth\s*date|born|birthday"),
    _detail("licence number", rf"(?:driv(?:ing|er'?s)\s+)?licen[cs]e\s+{_NUMBER}", rf"licen[cs]e\s+{_NUMBER}"),
    _detail("NHS number", rf"(?-i:NHS)\s+{_NUMBER}", rf"(?-i:NHS)\s+{_NUMBER}"),
    _detail("tax number", rf"tax\s+(?:id|{_NUMBER}|file\s+{_NUMBER})|(?-i:TIN|PPSN|PPS\s+number)",
            rf"tax\s+(?:id|{_NUMBER}|file)|(?-i:TIN|PPSN?)"),
)


def detail_asked(question: str) -> Detail | None:
    """The detail told only whole that ``question`` asks for, if it asks one."""
    return next((detail for asked, detail in _DETAILS if asked.search(question)), None)
