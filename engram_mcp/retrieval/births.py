"""When and where someone was born, as a question asks it and a memory tells it: details told in a form of
their own (``details.py``), so that "When is my sister's birthday?" is declined when only the speaker's own
("My birthday is 14 March.") is told, and "Where was I born?" when only a birthday is. Pure.
"""

from __future__ import annotations

__all__ = ["BIRTHDAY_ASKED", "BIRTHDAY_SAID", "BIRTHDAY_TOLD", "BIRTHPLACE_ASKED", "BIRTHPLACE_TOLD"]

_MONTHS = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|(?-i:May)|may(?=\s+\d)|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
           r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
_BIRTHDAY_WORDS = (r"birthdays?|bdays?|b-days?|b['’]days?|cumpleaños|cumple|geburtstag|compleanno|verjaardag|urodziny|anniversaire|"
                   r"aniversário")
_SMALL_NUMBER = (r"\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
                 r"seventeen|eighteen|nineteen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|"
                 r"four|five|six|seven|eight|nine))?|a\s+hundred")
# "turns 7 on 14 September", "turning thirty", "Gogo's 85th": an age one turns is a birthday.
_AGE_TURNED = rf"turn(?:s|ed|ing)?\s+(?:{_SMALL_NUMBER})(?![:.]\d)|['’]s\s+\d{{1,3}}(?:st|nd|rd|th)"

BIRTHDAY_ASKED = (
    r"(?:^\W*when(?:['’]s|\s+is|\s+was|\s+will\s+be|\s+are)|^\W*what\s+(?:day|date)\s+(?:is|was))\s+(?:[\w'’-]+\s+){0,4}?"
    rf"(?:{_BIRTHDAY_WORDS})"
    # "When is Mia's birthday party?", "When is Graciela's birthday dinner?" ask a day out, not the birthday.
    r"(?!\s+(?:party|parties|dinner|lunch|meal|drinks|trip|weekend|present|gift|cake|celebration|do|bash|plans?|card)\b)"
    r"|^\W*when\s+(?:was|were|is|are)\s+(?:[\w'’-]+\s+){1,4}?born"
)
"""A question asking when someone's birthday is, or when they were born."""

BIRTHDAY_TOLD = (
    rf"{_BIRTHDAY_WORDS}|born|{_AGE_TURNED}"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTHS})\b|(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?!\d)"
    rf"|(?:in|on|of|early|late|mid)\s+(?:{_MONTHS})\b|\d{{1,2}}[/.]\d{{1,2}}(?:[/.]\d{{2,4}})?(?![\d:])"
)
"""What tells a birthday in a sentence of whom it is said: a day ("Tania is 23 november"), an age turned, being
born, or the birthday itself ("his birthday is tomorrow")."""

BIRTHDAY_SAID = rf"{_BIRTHDAY_WORDS}|born|{_AGE_TURNED}|date\s+of\s+birth|(?-i:DOB)|birth\s*date"
"""What must be said with it somewhere in the memory: a day alone ("My flight leaves on 18 December") is no birthday."""

BIRTHPLACE_ASKED = (r"^\W*where\s+(?:was|were|is|are|am)\s+(?:[\w'’-]+\s+){1,4}?born\b|birth\s*place|place\s+of\s+birth"
                    r"|home\s*town")
"""A question asking where someone was born ("Where was I born?", "What is Ilka's birthplace?")."""

BIRTHPLACE_TOLD = (
    rf"born\s+(?:and\s+(?:raised|bred)\s+)?(?:in|at)\s+(?!\d)(?!(?:{_MONTHS}|the\s+(?:\d|year|spring|summer|autumn|winter))\b)\w+"
    r"|birth\s*place|place\s+of\s+birth|home\s*town|native\s+of|grew\s+up\s+in"
    r"|(?:originally|came|comes?|am|i['’]m|is|are|was|were)\s+(?:originally\s+)?from\s+(?!(?:work|home|school|the\s+office)\b)\w+"
)
"""What tells where someone was born: born in a place (not "born in 1988", "born in March"), a birthplace, a home
town, where one comes from or grew up."""
