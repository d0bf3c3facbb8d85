"""The values a sentence marks as what things were, and the sentence without them. Pure.

"Juliet roses (was peonies)", "so Sundays 10:15 now not Saturday 9am", "moving from Bluebird to Helping Hands",
"Beamtime jetzt 19.10. statt 12.10.", "from next week ni 8,000 sio 7,500", "Price: $190 → $210": the old value is
read by its marking alone, never by knowing what was said before: in brackets after a word saying so ("(was 9pm)",
"(before was $190)", "(previously £18,400)"), after a word ruling it out ("…, not blush", "instead of Eldoret",
"statt", "sio", "não", "không phải"), what a change went from ("moved from 3 February to 10 February", "95 cents, down from $1.10"), before
an arrow, or a number or an address called the old one ("old number 0433 201 774", "số cũ 0433 201 774").
Extraction says such a turn again without them; recall lets that restatement answer for the turn, and a reply
marking them gives way to the turn it answers.
"""

from __future__ import annotations

import re

__all__ = ["without_old_values"]

# A value, the words up to where its clause ends; a full stop inside a figure ("12.10.", "3.9%") does not end it.
_OLD = r"(?P<old>(?:[^,;.!?()\n]|(?<=\d)[.,](?=\d))+?)"
_ENDS = r"(?=\s*(?:,(?!\d)|[;!?()\n]|\.(?!\d)|$))"
# "(was 9pm)", "(before was $190)", "(previously £18,400)", "(ilikuwa Yaya)", "(not 14:00)".
_IN_BRACKETS = re.compile(
    r"\s*\(\s*(?:was|were|previously|prev\.?|formerly|originally|before(?:\s+(?:it\s+)?was)?|used\s+to\s+be|not|"
    r"instead\s+of|old|ilikuwa|era|war|antes|trước\s+(?:là|đây)|avant)\s*:?\s+(?P<old>[^()\n]{1,60}?)\s*\)", re.IGNORECASE)
# "…, not blush", "so Sundays 10:15 now not Saturday 9am", "agora sexta, não quarta": ruled out after the value.
_RULED_OUT = re.compile(
    r"(?:\s*,|(?<=\bnow))\s+(?:and\s+)?(?:not|não|nicht|không\s+phải|pas)\s+(?:the\s+|a\s+|an\s+)?" + _OLD
    + r"(?:\s+(?:any\s*more|any\s+longer|nữa|mehr|tena))?" + _ENDS, re.IGNORECASE)
# "instead of the flat chair rent", "19.10. statt 12.10.", "8,000 sio 7,500": a word that always rules out.
_IN_PLACE_OF = re.compile(
    r",?\s+(?:instead\s+of|rather\s+than|in\s+place\s+of|statt|anstatt|au\s+lieu\s+de|en\s+vez\s+de|en\s+lugar\s+de|"
    r"em\s+vez\s+de|thay\s+vì|sio|badala\s+ya)\s+(?:the\s+|a\s+|an\s+)?" + _OLD + _ENDS, re.IGNORECASE)
# "moving from Bluebird to Helping Hands", "move the audit fieldwork from 3 February to 10 February": what it went
# from, after a word of changing (not a range: "open from 9 to 5").
_CHANGED_FROM = re.compile(
    r"\b(?P<verb>moved|moving|move|moves|changed|changing|change|changes|switched|switching|switch|swapped|swapping|"
    r"went|going|goin|gone|goes|raised|raising|increased|increasing|dropped|dropping|cut|bumped|pushed|shifted|"
    r"rescheduled|transferred|upgraded|downgraded|reassigned|up|down)(?P<between>(?:\s+[\w'’&-]+){0,4}?)\s+from\s+"
    + _OLD + r"(?=\s+to\s+\S)", re.IGNORECASE)
# "Price is now 95 cents a pound, down from $1.10", "rent is $900, up from $850": a figure it went from, said after the
# one it went to.
_WENT_FROM = re.compile(r",?\s+(?:(?:way|slightly|a\s+bit|sharply)\s+)?(?:down|up)\s+from\s+" + _OLD + _ENDS, re.IGNORECASE)
# "my old number 0433 201 774 is gone", "số cũ 0433 201 774 bỏ rồi", "alte Nummer 0151 2234 556", "namba ya zamani …": a
# number or an address called the old one.
_CALLED_OLD = re.compile(
    r"\s*\b(?:(?:old|previous|former|alte|alten)\s+(?:phone\s+|mobile\s+|cell\s+|e-?mail\s+)?(?:number|no\.?|nummer|handynummer|"
    r"address|e-?mail|mobile|phone)|(?:số|número|numero|nummer|namba\s+ya|correo)\s+(?:cũ|antigo|anterior|viejo|vecchio|zamani|alt))"
    r"\s*(?:is|was|war|era|:|=)?\s*(?P<old>\+?\d[\d \t().-]{5,}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)", re.IGNORECASE)
# "Price: $190 → $210", "Kingstone -> Bredwardine".
_ARROW = re.compile(r"(?P<old>[$€£]?\d[\w.,:/%]*|[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})\s*(?:→|->|=>|⇒)\s*(?=\S)")
# What "not" rules out that is no value: "not bad", "not sure", "not that", "not yet", "not me".
_NO_VALUE = frozenset("""bad sure really yet much too so that this these those to for me you him her us them it just only even
                         always never great good ideal ideally cheap easy fun ok okay happy right now anymore all everyone
                         everything quite exactly necessarily likely because since unless if when while as how what why who
                         sorry als como comme fair enough worth possible allowed ready finished done again either one any mine yours
                         ours theirs his hers urgent important""".split())
_GOING = frozenset("went going goin gone goes up down".split())
_A_FIGURE = re.compile(r"\d")
_A_FIGURE_OR_NAME = re.compile(r"\d|(?-i:[A-Z])")
_NOW = re.compile(r"\b(?:now|jetzt|agora|ahora|maintenant|sasa|bây\s+giờ)\b", re.IGNORECASE)
_TWO_STOPS = re.compile(r"(?<!\.)\.\.(?!\.)")
_MOST_WORDS = 5


def without_old_values(text: str) -> tuple[str, list[str]]:
    """``text`` without the values it marks as what things were, and those values ("Juliet roses (was peonies)" →
    ("Juliet roses", ["peonies"])); ``text`` as it is and no values when it marks none."""
    olds: list[str] = []

    def cut(found: re.Match[str], keep: str = "") -> str:
        old = found["old"].strip()
        words = old.split()
        if not words or len(words) > _MOST_WORDS or words[0].casefold() in _NO_VALUE:
            return found[0]
        olds.append(old)
        return keep

    text = _IN_BRACKETS.sub(cut, text)
    text = _IN_PLACE_OF.sub(cut, text)
    # "…, not perfection" is a contrast: a value ruled out is a figure or a name, or rules out what held before "now".
    text = _RULED_OUT.sub(lambda found: cut(found) if _A_FIGURE_OR_NAME.search(found["old"]) or _NOW.search(text) else found[0],
                          text)
    # Going up, down or somewhere from one place to another is a journey ("driving down from Ibadan to look after our
    # daughter"); from one figure to another, a change ("went from 4.5% to 3.9%").
    text = _CHANGED_FROM.sub(lambda found: cut(found, found["verb"] + found["between"])
                             if found["verb"].casefold() not in _GOING or _A_FIGURE.search(found["old"]) else found[0], text)
    text = _WENT_FROM.sub(lambda found: cut(found) if _A_FIGURE.search(found["old"]) else found[0], text)
    text = _ARROW.sub(cut, text)
    text = _CALLED_OLD.sub(cut, text)
    # "19.10. statt 12.10." leaves the full stop of the date beside the sentence's own.
    return (_TWO_STOPS.sub(".", text) if olds else text), olds
