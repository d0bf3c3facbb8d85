"""Contact details told by their shape, whatever the sentence calls them: an email address or a phone
number the speaker says they switched to or use now ("I've switched to jo@smithmail.net for everything
now"), and a phone number listed under whose it is ("Updated my contacts:\n- Mum: 555-0101\n- Plumber:
555-7777"). Pure.

Each is a fact in the slot the plain statement fills ("Jo's email is …", "Jo's mum's phone number is …"),
so it supersedes the value told before.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.attributes import CARERS
from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.people import RELATIONS, relation_called
from engram_mcp.model import Certainty, MemoryType

__all__ = ["listed_number", "switched_to_contact"]

_EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_PHONE = r"\+?\d[\d ().-]{5,}\d"


def _contact(group: str, shapes: str = rf"{_EMAIL}|{_PHONE}") -> str:
    return rf"(?P<{group}>{shapes})(?![\w@])"



# "I've switched to jo@smithmail.net for everything now", "we moved over to 0161 555 0199", "I use jo@new.net now",
# "reach me on 07700 111222 from now on": a value one has now, said by what one did with it.
_NOW = r"(?:now|from\s+now\s+on|for\s+everything|these\s+days|instead|going\s+forward|from\s+today)"
_SWITCHED_TO = re.compile(
    r"\b(?:(?:I|we)(?:\s+have|'ve)?\s+(?:just\s+|finally\s+|now\s+)?(?:switched|changed|moved|swapped|migrated)\s+(?:over\s+)?to\s+"
    + _contact("switched") + r"|(?:I|we)(?:\s+am|'m|\s+are|'re)?\s+(?:now\s+)?(?:use|using)\s+" + _contact("used") + r"(?=\s+" + _NOW + r")|"
    r"(?:reach|contact|email|text|call|message)\s+me\s+(?:at|on)\s+" + _contact("reached") + r"(?=\s+" + _NOW + r"))",
    re.IGNORECASE,
)
# "- Mum: 555-0101", "Plumber - 555 7777", "Dr Kim: 020 7946 0000", "New number for mum: 07123 456789": a number alone on
# its line, under whose it is.
_PEOPLE = "|".join(sorted(map(re.escape, CARERS | {"doctor", "gp", "dentist", "therapist", "landlord", "landlady", "boss",
                                                    "manager"}), key=len, reverse=True))
_LISTED = re.compile(r"^\s*(?:[-*•]\s*)?(?:(?i:(?:new\s+)?(?:number|phone\s+number|mobile|phone)\s+for)\s+)?(?:(?i:my|our)\s+)?(?:(?P<relation>(?i:" + RELATIONS + r"))|(?P<carer>(?i:" + _PEOPLE + r"))|"
                     r"(?P<name>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?))"
                     r"\s*(?:['’]s\s+(?i:(?:new\s+)?(?:number|phone|mobile|cell)))?\s*[:–—,-]\s*" + _contact("value", _PHONE) + r"\s*[.;,]?\s*$")
# Labels of a number that is no one's phone ("Order: 1234567") or is the speaker's own ("Mobile: 07700 …", a signature's).
_NOT_WHOSE = frozenset("""total order ref reference account flight booking room case invoice balance amount price cost code pin
    tel telephone phone mobile cell fax office work home landline number no id policy ticket serial tracking customer member
    card sort iban meter vat tax nhs claim patient staff employee student whatsapp signal emergency main direct date datum
    fecha data time period due issued invoice receipt reg registration vessel berth""".split())
_A_DATE = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}")


def switched_to_contact(sentence: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """The email address or phone number the speaker says they switched to or use now, as theirs; None when none."""
    said = _SWITCHED_TO.search(sentence.replace("’", "'"))
    if said is None:
        return None
    value = (said["switched"] or said["used"] or said["reached"]).strip()
    email = "@" in value
    if not email and sum(c.isdigit() for c in value) < 7:
        return None
    kind = "email" if email else "phone number"
    return ExtractedFact(statement=f"{speaker}'s {kind} is {value}.", type=MemoryType.SEMANTIC, certainty=certainty,
                         subject=speaker, predicate=kind, object=value, entities=(speaker,))


def listed_number(line: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """The phone number a line lists under whose it is ("- Mum: 555-0101"), as theirs; None for any other line."""
    said = _LISTED.match(line)
    if said is None or sum(c.isdigit() for c in said["value"]) < 7 or _A_DATE.fullmatch(said["value"].strip()):
        return None
    named: tuple[str, ...] = (speaker,)
    if said["relation"]:
        whose = f"{speaker}'s {relation_called(said['relation'])}"
    elif said["carer"]:
        whose = f"{speaker}'s {said['carer'].lower()}"
    elif said["name"].split()[0].casefold() in _NOT_WHOSE or not re.search(r"[a-z]", said["name"]):
        return None  # "Order: 55512345", "Datum: 2026-10-16", "ML: 26-08833": no one's name
    else:
        whose = said["name"]
        named = (speaker, whose)
    number = said["value"].strip()
    return ExtractedFact(statement=f"{whose}'s phone number is {number}.", type=MemoryType.SEMANTIC, certainty=certainty,
                         subject=whose, predicate="phone number", object=number, entities=named)
