"""Closed word lists the state rules lean on: vehicles, pets, occupations, contractions. Pure.

Open classes (employers, places, names) are recognised by their capital letters instead; a
list is only used where English gives no such mark ("I drive a Polo", "I'm a nurse now").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from engram_mcp.model.belongings import EVERYDAY_NAMES, VEHICLE_MAKES, VEHICLE_WORDS
from engram_mcp.model.occupations import OCCUPATIONS
from engram_mcp.model.predicates import PET_WORDS
from engram_mcp.model.time_expr import MONTH_WORD

__all__ = ["NOT_YET", "with_dropped_subject", "alternation", "ASSISTANT_ACTS", "LEAD_TIME", "FROM_DAY", "OUTPUT_FORM_WORDS", "OUTPUT_FORMS", "UNITS", "SCHOOL", "STUDENTS", "OCCUPATIONS", "PET_WORDS", "VEHICLE_MAKES", "VEHICLE_WORDS", "expand_contractions", "mentions_pet",
           "strip_tail", "vehicle_name"]

# A value said as planned, possible or conditional ("I might move to 10mg", "if they give me the
# job"), not as what holds: attributes and doses are not taken from it.
# "May" written with its capital inside a sentence is the month ("I moved to York back in May"), not the modal.
NOT_YET = re.compile(r"\b(?:will|going to|gonna|plan(?:ning)? to|about to|might|(?-i:may)|^\s*May|would|if)\b", re.IGNORECASE)


def alternation(words: Iterable[str]) -> str:
    """``words`` as a regex alternation, longest first, so "migraines" is tried before "migraine"."""
    return "|".join(sorted(words, key=len, reverse=True))


# "keep everything in euros", "in kilometres": the units and currencies a person asks for.
UNITS = r"euros|dollars|pounds|rupees|naira|cedis|yen|kilometres|kilometers|km|miles|grams|kilos|hectares"
# What the assistant writes for the person: a taste for these ("I prefer metric units", "I hate
# emojis in replies") is a standing instruction, not a fact of their life.
OUTPUT_FORM_WORDS = (r"metric|imperial|units?|celsius|fahrenheit|emojis?|emoticons|bullet(?:\s+points|s)?|"
                     r"answers?|replies|repl(?:y|ies)|responses?|spellings?|formatting|jargon|summaries|tl;?drs?|essays?|"
                     r"(?:numbered\s+)?steps|step[- ]by[- ]step|"
                     r"type\s+hints|(?:12|24)[- ]hour\s+(?:clock|time)|(?:plain|simple)\s+(?:language|english|words)|tone|waffle|"
                     r"in\s+(?:" + UNITS + r"|acres)")
OUTPUT_FORMS = re.compile(r"\b(?:" + OUTPUT_FORM_WORDS + r")\b", re.IGNORECASE)

# What the assistant does for the person: "when you suggest recipes, …", "if you write code for
# me, …" set the scope of a standing request; they are no condition on the world.
ASSISTANT_ACTS = (r"(?:write|reply|answer|respond|explain|tell|show|suggest|recommend|give|send|draft|summari[sz]e|plan|book|schedule|cook|"
                  r"cite|quote|translate|calculate|convert|list|mention|create|help)")

ACTIVITIES = frozenset(
    "netball football soccer rugby hockey cricket tennis badminton squash basketball volleyball baseball softball golf "
    "swimming running athletics cycling rowing climbing bouldering boxing karate judo taekwondo fencing yoga pilates "
    "crossfit zumba aerobics spin dance dancing ballet derby darts snooker bowls bowling padel pickleball surfing sailing "
    "choir band orchestra gym club classes class lessons league team chess bridge".split()
)
"""What one takes up and gives up that is no employer: "quit netball", "quit the choir"."""
YEAR_OF_COURSE = r"(?:\d(?:st|nd|rd|th)|first|second|third|fourth|final)[- ](?:year|yr)"
"""A year of a course: "second-year", "2nd year", "first yr"."""
STUDENTS = frozenset({"student", "undergrad", "undergraduate", "postgrad", "postgraduate"})
"""What one is where one studies ("a law student at UCL"): no job there."""

SCHOOL = re.compile(r"\b(?:university|college|school|academy|institute|uni|polytechnic|conservatory|"
                     r"[A-Z]{2,5}U|MIT|UCL|UCLA|LSE|KCL|ETH)\b", re.IGNORECASE)
_DROPPED_I = re.compile(r"^(?:just|finally|recently|officially|fully|all)?\s*(?:started|moved|relocated|quit|joined|got|bought|handed|accepted|"
                        r"sold|scrapped|adopted|went|became|switched|left|graduated|transferred|broke|married|settled|picked)\b|"
                        # "rent a room on Kapahulu Ave": a home one has, said without "I".
                        r"^(?:rent|share)\s+(?=(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:flat|apartment|house|room|studio|bedsit|condo)\b)",
                        re.IGNORECASE)
# "Promoted to staff engineer today", "Allergic to shellfish btw", "Working at Cloudflare now":
# chat drops "I was" or "I'm" as well as "I".
_DROPPED_WAS = re.compile(r"^(?:(?:just|finally|recently|officially)\s+)?(?:promoted|hired|made\s+redundant|laid\s+off|"
                          r"diagnosed|headhunted|poached)\b", re.IGNORECASE)
_DROPPED_AM = re.compile(r"^(?:(?:just|finally|recently|now|currently|still|officially)\s+)?(?:allergic|intolerant|lactose\s+intolerant|"
                         r"vegan|vegetarian|pescatarian|pescetarian|pregnant|engaged|divorced|retired|freelancing|self-employed|unemployed|based\s+in|"
                         r"(?:type\s+[12]\s+)?diabetic|coeliac|celiac|asthmatic|epileptic|"
                         r"(?:working|moving|living|renting|training|studying|dating|running|swimming|cycling|walking|riding|"
                         r"delivering|temping|nannying)\s+|"
                         r"going\s+(?:fully\s+|full\s+)?(?:vegan|vegetarian|pescatarian|pescetarian|flexitarian|plant-based|keto|"
                         r"gluten-free|dairy-free)\b)",
                         re.IGNORECASE)

# "Wife is Birgit.", "Dog is Bamse.": chat drops "my" before the person or pet it names.
_DROPPED_MY = re.compile(r"^(?:wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|son|daughter|sister|brother|mum|mom|dad|"
                         r"mother|father|dog|cat|gp|doctor|dentist|boss|manager|landlord|landlady)\s+(?:is|'s)\s+(?-i:[A-Z])",
                         re.IGNORECASE)
# "Working from home has been great": the -ing word is the subject, and a verb of its own follows.
_GERUND_SUBJECT = re.compile(r"^\w+ing\b[^,.;]*?\s(?:(?:is|are|was|were|has|have|had|does|do|did|ca|wo)n't|is|are|was|were|has|"
                             r"have|had|must|can|could|will|would|should|makes?|made|helps?|helped|brings?|brought|gives?|"
                             r"gave|keeps?|kept|means?|meant|feels?|felt|takes?|took|seems?|looks?|sounds?|gets?|got)\b",
                             re.IGNORECASE)


def with_dropped_subject(text: str) -> str:
    """The speaker's subject, when chat drops it: "Switched from vim to helix" is "I switched …",
    "Promoted to lead" is "I was promoted …", "Allergic to shellfish" is "I am allergic …"."""
    lowered = text[:1].lower() + text[1:]
    if _DROPPED_I.match(text):
        return f"I {lowered}"
    if _DROPPED_WAS.match(text):
        return f"I was {lowered}"
    if _DROPPED_AM.match(text) and not _GERUND_SUBJECT.match(text):
        return f"I am {lowered}"
    if _DROPPED_MY.match(text):
        return f"My {lowered}"
    return text


# "From Monday I work at Tesco", "from 1 December I'm on nights": when what follows begins (``FROM_DAY``).
_FROM_DAY = (r"from\s+(?:now\s+on|today|tomorrow|tonight|next\s+\w+|this\s+\w+|\w+day|the\s+\d{1,2}(?:st|nd|rd|th)?(?:\s+of\s+\w+)?|"
             r"\d{1,2}(?:st|nd|rd|th)?\s+" + MONTH_WORD + r"|" + MONTH_WORD + r"(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)\b")
FROM_DAY = re.compile(r"^\s*" + _FROM_DAY + r"\s*[,:]?\s+(?=(?:I|we|my|our)\b)|\s" + _FROM_DAY + r"(?:\s+(?:on|onwards))?\s*[.!]*\s*$",
                      re.IGNORECASE)
"""When what a sentence says begins: opening it ("From Monday I work at Tesco") or closing it ("gym's gone up to £42 from January")."""
LEAD_TIME = re.compile(r"^(?:these\s+days|nowadays|as\s+of\s+(?:today|now|this\s+\w+)|since\s+\w+|now|today|"
                       r"yesterday|last\s+\w+|this\s+\w+|so|well|anyway|update|" + _FROM_DAY + r")\s*[,:]?\s+(?=(?:I|we|my|our)\b)",
                       re.IGNORECASE)


_CONTRACTIONS = (
    (re.compile(r"\bI'm\b", re.I), "I am"), (re.compile(r"\bI've\b", re.I), "I have"),
    (re.compile(r"\bI'll\b", re.I), "I will"), (re.compile(r"\bI'd\b", re.I), "I would"),
    (re.compile(r"\bwe're\b", re.I), "we are"), (re.compile(r"\bwe've\b", re.I), "we have"),
    (re.compile(r"\bwe'll\b", re.I), "we will"), (re.compile(r"\bdon't\b", re.I), "do not"),
    (re.compile(r"\bdoesn't\b", re.I), "does not"), (re.compile(r"\bdidn't\b", re.I), "did not"),
    (re.compile(r"\bisn't\b", re.I), "is not"), (re.compile(r"\baren't\b", re.I), "are not"),
    (re.compile(r"\bcan't\b", re.I), "cannot"), (re.compile(r"\bwon't\b", re.I), "will not"),
)


# "Graham's my manager now": before "my" or "our", a name's "'s" is "is" (no possessive is followed by them).
_NAME_IS_MY = re.compile(r"\b([A-Z][\w-]+)'s\s+(?=(?:now\s+|officially\s+)?(?:my|our)\b)")


# "Tom's got a new job", "my sister's just started at Google", "Dad's moved": before a past participle, "'s" is "has";
# "Raj's at Infosys now", "Mum's living in Leeds": before where one is or what one is doing, "is".
_SAYS_ADVERB = r"(?:(?:just|finally|also|recently|officially|already|now|since|actually)\s+)*"
_NAME_HAS = re.compile(r"\b([A-Za-z][\w-]*)'s\s+(?=" + _SAYS_ADVERB + r"(?:got|gotten|been|gone|moved|started|joined|left|quit|"
                       r"relocated|settled|landed|accepted|retired|switched|changed|taken|found|bought|sold|become|split|broken)\b)")
_NAME_IS = re.compile(r"\b([A-Za-z][\w-]*)'s\s+(?=" + _SAYS_ADVERB + r"(?:at|in|with|living|working|based|moving|staying|"
                      r"studying|starting|joining|leaving|settled|engaged|married)\b)")


def expand_contractions(text: str) -> str:
    text = text.replace("’", "'")
    for pattern, full in _CONTRACTIONS:
        text = pattern.sub(_keep_case(full), text)
    text = _NAME_HAS.sub(_someones("has"), _NAME_IS.sub(_someones("is"), text))
    return _NAME_IS_MY.sub(r"\1 is ", text)


def _someones(verb: str) -> Callable[[re.Match[str]], str]:
    """"'s" read as ``verb`` after someone: a name ("Tom's got"), "he" or "she", one of the speaker's people ("my sister's
    started"), or any word opening a sentence ("dad's moved"); not a thing ("a master's in data science")."""
    def replace(match: re.Match[str]) -> str:
        word, before = match.group(1), match.string[: match.start()]
        if (word[:1].isupper() or word.lower() in {"he", "she"} or re.search(r"\b(?:my|our)\s+(?:[a-z]+\s+)?$", before, re.IGNORECASE)
                or re.search(r"(?:^|[.!?,;:—–-])\s*$", before)):
            return f"{word} {verb} "
        return match.group(0)

    return replace


def _keep_case(full: str) -> Callable[[re.Match[str]], str]:
    def replace(match: re.Match[str]) -> str:
        return full[0].upper() + full[1:] if match.group(0)[0].isupper() and full[0] != "I" else full

    return replace


# "got poached by BMW", "has joined BMW", "got a job at BMW": the maker is an employer there, the verb's
# object after a preposition or a past participle, not a vehicle one has.
_NO_VEHICLE = re.compile(r"(?i:^[a-z]{3,}ed\s+(?-i:[A-Z])|\b(?:by|at|for|with|from|to|of)\b)")


def vehicle_name(obj: str, *, sold: bool = False) -> str | None:
    """The vehicle an object names ("a new Tesla Model 3" -> "Tesla Model 3"), or None."""
    words = re.sub(r"^(?:a|an|the|my|our)\s+", "", obj.strip(), flags=re.IGNORECASE).split()
    words = [w for w in words if w.lower() not in {"new", "used", "old", "second-hand", "secondhand", "brand"}]
    if not words or _NO_VEHICLE.search(" ".join(words)):
        return None
    # "the Mazda3": a make with its model number glued on is the make; "a RAV4", "an i3": a model whose name ends in one.
    lowered = [bare if (bare := w.lower().strip(".,")) in VEHICLE_MAKES else re.sub(r"(?<=[a-z])\d{1,2}$", "", bare) for w in words]
    # A make in lowercase is a make when a model year goes before it ("his 2015 corolla"), or when it is no
    # everyday word ("picked the vivaro up"; not "golf").
    if any(w in VEHICLE_MAKES for w in lowered) and (any(w[:1].isupper() for w in words) or re.fullmatch(r"(?:19|20)\d\d", lowered[0])
                                                    or any(w in VEHICLE_MAKES - EVERYDAY_NAMES for w in lowered)):
        return strip_tail(" ".join(w.capitalize() if w.islower() and w in VEHICLE_MAKES else w for w in words))
    if lowered[-1] in VEHICLE_WORDS:
        return strip_tail(" ".join(words))
    del sold
    return None


def strip_tail(text: str) -> str:
    return re.sub(r"(?:\s+(?:now|today|yesterday|again|anymore|any more|too|recently|officially))+$", "",
                  text.strip(" ,.;!"))


def mentions_pet(text: str) -> bool:
    return any(word in PET_WORDS for word in re.findall(r"[a-z]+", text.lower()))
