"""More details told in a form of their own (``details.py`` has the first): a thing's number, told by a code beside
the thing's word; what something is worth, told by an amount said as its worth; a share, told by a percentage; a time
of day, told by a clock time; a street address, told by one. Pure.

"What is Dr. Iyer's office room number?" is not told by "Weekly meeting with Dr. Iyer: Thursday 4 pm in her office",
nor by "QM-II midsem on 3 Sep, Room 24" (a room, of no one asked); "What is Jonalyn's HKID number?" not by her
introduction; "What is the WOZ value of the Oudegracht flat?" not by its rent; "What equity percentage does Kawin own
in Talaad?" not by an angel's "20% discount". Each question shares words with what is stored, so lexical coverage and
the focus's meaning find something, and recall would answer with it. Recall declines it when nothing recalled tells
the detail (``abstain.Coverage.untold``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from engram_mcp.retrieval.details import MONEY, Detail, detail_asked
from engram_mcp.retrieval.question_words import stem

__all__ = ["any_detail_asked"]


def _told(pattern: str) -> re.Pattern[str]:
    # Not \b: a value may start or end with a sign ("20%", "€1.480").
    return re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE)


def _only_asking(words: str) -> frozenset[str]:
    return frozenset(stem(word) for word in words.split())


# Numbers one has of a thing, each asked by the thing's word before "number": "office room number", "HKID number",
# "locker number", "membership no.", "PDB ID" (not those ``details.py`` knows by their own words: a phone, a passport, a
# licence).
_NUMBER_ASKED = re.compile(r"^\W*what(?:'s|’s|\s+is|\s+was|\s+are|\s+were)\s+(?:[\w'’.-]+\s+){0,5}?(?P<thing>[^\W\d_][\w-]*)\s+"
                           r"(?:number|no\.?|num|nr\.?|#|id)(?=\s*[?.!]|\s*$|\s+(?:of|at|for|in|on)\b)", re.IGNORECASE)
# A code told beside the thing's word, a few words after it at most: "Room 24", "locker 214", "flat 4B", "HKID A123456(7)".
_CODE = r"(?:[A-Z]{0,4}[-\s]?)?\d[\w./()-]*"
# A word written with a capital after the question's first: "Iyer" in "What is Dr. Iyer's office room number?".
_NAME = re.compile(r"(?<=\s)[A-Z][^\W\d_]+")
_PRICE = "price"
# A name a thing is called by, after its article: "the Mtskheta half-day tour", "the Netflix subscription".
_THINGS_NAME = re.compile(r"\b(?i:the|a|an|this|that)\s+([A-Z][^\W\d_]+)(?![\w'’])")
_THINGS_SUFFIX = re.compile(r"(?<=\w{4})(?:ship|hood)$", re.IGNORECASE)
_CLIPPED_LETTERS = 3
"""The fewest letters of a thing's word a clipped form keeps ("reg", "rego", "lic")."""

# What a thing is worth: "What is the WOZ value of the Oudegracht flat?", "How much is the house worth?".
_WORTH_ASKED = re.compile(r"^\W*what(?:'s|’s|\s+is|\s+was)\s+(?:[\w'’-]+\s+){0,4}?(?:value|valuation|worth)\b"
                          r"|^\W*how\s+much\s+(?:is|was|are|were)\b[^?]*\bworth\b", re.IGNORECASE)
_WORTH = Detail(
    "worth", _told(MONEY),
    alongside=_told(r"valu\w*|waarde|worth|apprais\w*|assess\w*|woz|taxatie|wert|valeur|valor|valore|wartość|değer\w*|érték\w*"),
    only_asking=_only_asking("value values valuation worth much"))

# A share of something: "What equity percentage does Kawin own?", "What share of the company does Ilse have?".
_SHARE_ASKED = re.compile(r"\b(?:what|which|how\s+much)\s+(?:[\w'’-]+\s+){0,2}?(?:percentage|percent|per\s+cent|stake|equity|"
                          r"shareholding)\b|\bwhat\s+(?:[\w'’-]+\s+){0,2}?share\s+of\b", re.IGNORECASE)
_SHARE = Detail(
    "share", _told(r"\d+(?:[.,]\d+)?\s?(?:%|percent|per\s?cent|pct)|half|a\s+third|a\s+quarter|fifty[\s-]fifty|50/50"),
    only_asking=_only_asking("percentage percent per cent stake equity shareholding share own owns owned much"))


# A time of day asked ("What time is Esi's pottery class?", "What time does homecoming start?") is told by a clock time
# said with what is asked: "she wants the pottery class at Clay Club" tells none, nor "homecoming is sat oct 26"; a date
# ("OP am 14.12.") is no time.
_TIME_OF_DAY_ASKED = re.compile(r"\bwhat\s+time\b(?!\s+(?:zone|format|frame|slot|of\s+(?:the\s+)?(?:year|month|week)))|"
                                r"\bat\s+what\s+hour\b", re.IGNORECASE)
_CLOCK = (r"\d{1,2}:[0-5]\d|\d{1,2}\.[0-5]\d(?![.\d])|\d{1,2}h[0-5]\d|\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.|o['’]clock|uhr|h|hrs)|"
          r"midnight|noon|midday|half\s+past|quarter\s+(?:past|to)|\d{1,2}\s+past\s+\d{1,2}(?![\d/,.:])|(?:at|to|@|from|till|until|by|um|klo|kl\.|saa)\s+\d{1,2}(?![/,.:-]?\d)|"
          r"(?:[01]\d|2[0-3])[0-5]\d\s*(?:-|–|to)\s*(?:[01]\d|2[0-3])[0-5]\d|(?:at|to|@|from)\s+(?:[01]\d|2[0-3])[0-5]\d")
_TIME_OF_DAY = Detail("time of day", _told(_CLOCK),
                      only_asking=_only_asking("what time hour start starts begin begins end ends finish finishes"), of_an_event=True,
                      asked_share=0.5)


# A street address asked ("What is Gonzalo's address in Barcelona?", "What's the address of Huong's studio?"), not an
# email's, a website's, nor how to address someone, is told by one: a number and a street ("14 Heworth Grove", "112/3
# Moda Cad."), a street named by its word first or last ("Avenida da Liberdade 40", "Bergheimer Str."), a unit or flat,
# a postcode. "Gonzalo lives in Barcelona" tells none.
_ADDRESS_ASKED = re.compile(r"^\W*(?:what|which)(?:['’]s|\s+is|\s+was|\s+are|\s+were|\s+will\s+be)\s+(?:[\w'’.-]+\s+){0,5}?"
                            r"(?<!e-mail\s)(?<!email\s)(?<!web\s)(?<!website\s)(?<!ip\s)address(?:es)?\b", re.IGNORECASE)
_STREET = (r"street|road|avenue|lane|drive|grove|close|court|place|way|crescent|terrace|boulevard|parade|square|row|gardens|"
           r"walk|mews|circle|highway|trail|(?-i:St|Rd|Ave|Ln|Dr|Ct|Pl|Cres|Tce|Blvd|Sq|Gdns|Hwy)\.?")
_STREET_LAST = r"stra(?:ße|sse)|str\.|gasse|weg|laan|straat|gracht|vej|gade|gatan|vägen|veien|katu|utca|caddesi|cad\.|sokak|sk\."
_ADDRESS_FORMS = (
    r"|(?:Calle|Rua|Rue|Via|Viale|Avenida|Avda\.?|Av\.|Carrer|Paseo|Plaza|Praça|Largo|ul\.|ulica|aleja|al\.)\s+[^\W\d_][^\n,;]{1,40}"
    rf"|[^\W\d_]+(?:{_STREET_LAST})|(?-i:[A-Z])[^\W\d_]+\s(?=(?-i:[A-Z]))(?:{_STREET_LAST})"
    r"|(?:unit|flat|apt|apartment|suite)\s+\d+\w*|p\.?\s?o\.?\s+box\s+\d+|(?-i:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})")
_A_NUMBER_ON_A_STREET = r"\d+[a-z]?(?:/\d+)?,?\s+"
_ADDRESS = Detail(
    "street address", _told(rf"{_A_NUMBER_ON_A_STREET}(?:(?:(?-i:[A-Z])[\w'’.-]*|\d+(?:st|nd|rd|th)?)\s+){{1,3}}(?:{_STREET}){_ADDRESS_FORMS}"),
    # Typed without capitals, a street's words are written so too: "14 heworth grove".
    told_uncased=_told(rf"{_A_NUMBER_ON_A_STREET}(?:[^\W\d_][\w'’.-]*\s+){{1,2}}(?:{_STREET}){_ADDRESS_FORMS}"),
    only_asking=_only_asking("address new street home postal mailing full"))


def any_detail_asked(question: str) -> Detail | None:
    """The detail told in a form of its own that ``question`` asks for, if it asks one: one ``details.py`` knows, else
    one of these."""
    known = detail_asked(question)
    if known is not None and known.name == _PRICE:
        # A thing's price asked by the name before its word is told only by a memory saying that name: "How much does
        # the Mtskheta half-day tour cost?" is not told by "Kakheti wine tour i sell for 70 USD". (Whose it is, "Mia's
        # dress", or where, "the fuel at Villach", may go unsaid beside the amount.)
        return replace(known, names_written=frozenset(stem(name.casefold()) for name in _THINGS_NAME.findall(question)))
    if known is not None:
        return known
    if (number := _NUMBER_ASKED.search(question)) is not None:
        # The thing's word before what makes it an abstract noun: a "membership number" is told as "Member: … No. 2291".
        # Or its word cut short, as people write it: "AHPRA rego … NMW0001734562" tells "the AHPRA registration number".
        word = _THINGS_SUFFIX.sub("", number["thing"])
        clipped = "|".join(re.escape(word[:end]) + "o?" for end in range(len(word) - 1, _CLIPPED_LETTERS - 1, -1))
        thing = rf"{re.escape(word)}\w*" + (rf"|(?:{clipped})(?!\w)" if clipped else "")
        told = _told(rf"(?:{thing})\W+(?:[^\W\d]+\W+){{0,5}}?(?:(?:number|no\.?|nr\.?|#|id)\W*)?{_CODE}")
        # A code beside the thing's word tells it, whatever else the question says of the thing: "policy DS-448210 for
        # Marula" tells "the policy number of Marula's pet insurance"; whose it is, recall reads from the line.
        return Detail(f"{number['thing'].casefold()} number", told, told_alone=told,
                      only_asking=_only_asking(f"number no num nr id {number['thing'].casefold()}"),
                      names_written=frozenset(stem(name.casefold()) for name in _NAME.findall(question)))
    if _WORTH_ASKED.search(question) is not None:
        return _WORTH
    if _SHARE_ASKED.search(question) is not None:
        return _SHARE
    if _TIME_OF_DAY_ASKED.search(question) is not None:
        return _TIME_OF_DAY
    if _ADDRESS_ASKED.search(question) is not None:
        return _ADDRESS
    return None
