"""Who the speaker says they are, said without a verb. Pure.

A self-introduction ("Quick context: Lena Vogel, 34, designer at Spotify, based in
Stockholm") names the speaker and then lists what they are, without an "I"; a job said alone
or as news ("Product manager at Paystack.", "New job: staff engineer at Stripe") and a pasted
signature or contact card say the same. Each is restated in the first person ("I work at
Spotify as a designer", "I live in Stockholm", "My email is …") for the state and attribute
rules to read. A name one asks to be called by ("call me kai everyone does", "I go by Liz")
is the speaker's name from then on (``nickname``).
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import OCCUPATIONS, STUDENTS, YEAR_OF_COURSE
from engram_mcp.extraction.state_grammar import NAME, UNCASED_NAME
from engram_mcp.model import Certainty, MemoryType

__all__ = ["GOT_THE_JOB", "contact_card", "introduction_clauses", "nickname", "self_description"]

_INTRO = re.compile(
    r"^(?:[^:]{0,40}:\s*)?(?i:(?:hi|hello|hey|hiya|morning|good\s+morning|evening)\b[,!.]?\s*)?(?i:(?:I'm|I am|my name is|this is|it's)\s+)?"
    # "Halvard here, I drive long-haul": a name said as a greeting, with what follows about the speaker
    r"(?P<name>(?i:[a-z])[\w'’-]+(?:\s+[A-Z][\w'’-]+)?)(?:\s+here)?"
    # "I am Jurgen from Augsburg, electrician", "I'm Anna from Berlin"
    r"(?:\s+from\s+(?P<origin>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?))?(?:\s*,\s*(?P<rest>.+)|(?<=[a-z])(?=$))$"
)

def _role_at(name: str) -> re.Pattern[str]:
    return re.compile(
        # "at the vet with Bongo" is where one is, not a role.
        r"^(?:an?\s+)?(?!(?:at|in|on|with|to|from|for|the|my|our|his|her|their|back|off|out|home)\b)"
        r"(?P<role>(?:" + YEAR_OF_COURSE + r"\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
        r"(?P<unit>\s+(?:on|in)\s+the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:ward|team|unit|department))?"
        r"\s+(?:at|for|with)\s+(?P<org>" + name + r"(?:\s+(?:hospital|university|uni|college|school|clinic|library|museum))?)"
        r"(?:\s+in\s+(?P<place>" + name + r"|[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?))?$")


_ROLE_AT = _role_at(NAME)
# "first yr criminology at cardiff uni": typed without capitals, a name is a short run of words.
_ROLE_AT_UNCASED = _role_at(UNCASED_NAME)
_ROLE = re.compile(r"^(?:an?\s+)?(?P<role>(?:[a-z][\w-]*\s+){0,2}(?:" + "|".join(sorted(OCCUPATIONS)) + r"))$")
_HOME = re.compile(r"^(?:(?:based|living|located|now)\s+in\s+(?P<place>" + NAME + r")|"
                   r"(?P<based>[A-Za-z][\w'-]+(?:\s+[A-Z][\w'-]+)?)[\s-]based)$")
_HOME_UNCASED = re.compile(r"^(?:based|living|located)\s+in\s+(?P<place>" + UNCASED_NAME + r")(?P<based>)$")
_ROLE_IN = re.compile(r"^(?:an?\s+)?(?P<role>(?:[a-z][\w-]*\s+){0,2}(?:" + "|".join(sorted(OCCUPATIONS)) + r"))\s+in\s+(?P<place>"
                      + NAME + r")$")
_WITH_ARTICLE = re.compile(r"(?:an?|the)\b", re.IGNORECASE)
_DESCRIBED = re.compile(r"^(?:(?:a|an)\s+)?(?:\d(?:st|nd|rd|th)|first|second|third|fourth|final)[- ]year\s+\S|"
                        r"^(?:a|an)\s+[a-z][\w-]*(?:\s+[\w-]+){0,6}$")
_FROM = re.compile(r"^(?:originally|born\s+and\s+raised|born)?\s*(?:from|in)\s+(?P<place>" + NAME + r")$")
# "New job: …", "New role -", "Job update:": what follows is the speaker's job.
_JOB_LABEL = re.compile(r"^(?:(?:big\s+)?news\s*[:!-]\s*)?(?:(?:my\s+)?new\s+(?:job|role|position|gig)|job\s+update)\s*[:–-]\s*",
                        re.IGNORECASE)
# "SRE at Monzo", "CTO at Lumen": a role said by its letters.
_ACRONYM_AT = re.compile(r"^(?P<role>[A-Z]{2,5}|(?i:sre|swe|cto|ceo|cfo|coo|vp|pm|tpm|em|qa|dev|devops|ux|hr))\s+(?:at|for|with)\s+"
                         r"(?P<org>" + NAME + r")"
                         r"(?:\s+in\s+(?P<place>" + NAME + r"|[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?))?$")


def introduction_clauses(sentence: str, speaker: str, *, uncased: bool = False) -> list[str]:
    """The first-person clauses a self-introduction stands for; [] when the sentence is not one."""
    match = _INTRO.match(sentence.strip().rstrip(".!"))
    if (match is None or match["name"].split()[0].casefold() != speaker.split()[0].casefold()
            or not (match["rest"] or match["origin"])):
        return []
    clauses = [f"I am from {match['origin']}"] if match["origin"] else []
    if not match["rest"]:
        return clauses
    # "from Sevilla but I live in Berlin": each part said, the first person's parts as they are.
    for place, fragment in enumerate(part.strip() for part in re.split(r",|\s+(?:but|and)\s+(?=(?:I|I'm|I've|my)\b)", match["rest"])):
        if role := _ROLE_AT.match(fragment) or (_ROLE_AT_UNCASED.match(fragment) if uncased else None):
            clauses.append(_working(role))
        elif role := _ROLE.match(fragment):
            clauses.append(f"I work as a {role['role']}")
        elif re.fullmatch(r"\d{1,3}", fragment) and 0 < int(fragment) < 130:
            clauses.append(f"I am {fragment}")
        elif home := _HOME.match(fragment) or (_HOME_UNCASED.match(fragment) if uncased else None):
            clauses.append(f"I live in {_place(home)}")
        elif role_in := _ROLE_IN.match(fragment):  # "pharmacist in Dubai"
            clauses += [f"I work as a {role_in['role']}", f"I live in {role_in['place']}"]
        elif origin := _FROM.match(fragment):  # "originally from Cairo"
            clauses.append(f"I am originally from {origin['place']}")
        elif re.match(r"^(?:(?:and|but|so)\s+)?(?:I|I'm|I am|I've|my)\b", fragment):
            clauses.append(re.sub(r"^(?:and|but|so)\s+", "", fragment))
        elif place == 0 and _DESCRIBED.match(fragment):
            # "I'm Idris, second-year PhD student …": what one is, said right after the name (later,
            # "at Hallam & Reid, a mid-sized firm" describes the firm).
            clauses.append(f"I am {fragment}" if _WITH_ARTICLE.match(fragment) else f"I am a {fragment}")
    return clauses


# "GOT THE LIBRARY JOB!!!", "took the spark bros job", "I'm hired!": news that the speaker has a new job.
GOT_THE_JOB = re.compile(r"\b(?:got|landed|accepted|took)\s+(?:the|a|my|that)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?(?:job|role|position|internship|apprenticeship|placement)\b"
                         r"(?!\s+(?:interview|offer|fair|application|hunting|search|ad|advert)\b)|\b(?:got|I\s+was|I\s+am|I'm|im)\s+hired\b",
                         re.IGNORECASE)


def self_description(sentence: str, *, uncased: bool = False, job_news: bool = False) -> list[str]:
    """"Product manager at Paystack." said on its own (the answer to "what do you do?"), or as
    news ("New job: staff engineer at Stripe, starting 1 July"; "SRE at Monzo, London based"; after
    ``job_news``, a sentence saying one got a job: "GOT THE LIBRARY JOB!!! student assistant at the gsu
    library north"): the first-person clauses it stands for; [] unless it is a job, by its last word
    or its label, at a name (after news of a job, a short run of words when the turn is typed without capitals)."""
    text = sentence.strip().rstrip(".!")
    label = _JOB_LABEL.match(text)
    first, *rest = (part.strip() for part in text[label.end() if label else 0:].split(","))
    role = next((m for m in (_ACRONYM_AT.match(first), _ROLE_AT.match(first), _ROLE_AT_UNCASED.match(first) if uncased and job_news else None)
                 if m is not None and (label or job_news or m.re is _ACRONYM_AT or m["role"].split()[-1] in OCCUPATIONS)), None)
    if role is None:
        return []
    homes = [f"I live in {_place(home)}" for fragment in rest if (home := _HOME.match(fragment))]
    # "…, working weekends at a bike shop called Spokes": what else one does, "I am" dropped.
    doing = [f"I am {fragment}" for fragment in rest if re.match(r"(?:working|studying|living|doing)\s", fragment)]
    if role.re is _ACRONYM_AT:
        return [f"I work at {role['org']} as {_article(role['role'])} {role['role'].upper()}", *homes, *doing]
    return [_working(role), *homes, *doing]


def _place(home: re.Match[str]) -> str:
    """Where ``_HOME`` says one lives; "london based" typed without its capital is still London."""
    return home["place"] or (home["based"] if home["based"][:1].isupper() else home["based"].title())


def _article(acronym: str) -> str:
    return "an" if acronym[:1].lower() in "aefhilmnorsx" else "a"


_YEAR_OF_STUDY = re.compile(r"^" + YEAR_OF_COURSE + r"\s+", re.IGNORECASE)


def _working(role: re.Match[str]) -> str:
    """"designer at Spotify in Stockholm" (``_ROLE_AT``) said in the first person; "law student
    at Bristol uni" is study."""
    place = f" in {role['place']}" if role["place"] else ""
    if role["role"].split()[-1] in STUDENTS:
        return f"I am {_article(role['role'])} {role['role']} at {role['org']}{place}"
    if _YEAR_OF_STUDY.match(role["role"]):
        # "first yr criminology at Cardiff Uni": a year of a course is study, not a job.
        return f"I am {_article(role['role'])} {role['role']} student at {role['org']}{place}"
    unit = f",{role['unit']}" if role["unit"] else ""
    return f"I work at {role['org']} as a {role['role']}{place}{unit}"


# A pasted signature or contact card: a line each for the role, the email and the phone number.
_CARD_LINES = 10
_CARD_EMAIL = re.compile(r"^(?:e-?mail\s*[:|]\s*)?(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)$", re.IGNORECASE)
_CARD_PHONE = re.compile(r"^(?:(?:tel|phone|mobile|mob|cell|m|t)\.?\s*[:|]?\s*)?(?P<phone>\+?\(?\d[\d\s().-]{6,}\d)$", re.IGNORECASE)
_CARD_ROLE = re.compile(r"^(?P<role>[A-Z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)\s*(?:\||@|,|–|—|\s-|\s+at)\s*(?P<org>" + NAME + r")$")


def contact_card(text: str) -> list[str]:
    """The first-person clauses a pasted signature or contact card stands for ("My email is …",
    "I work at Monzo as a senior product designer"); [] unless at least two of its lines are a
    card's (an email, a phone number, a role at an organisation), each a line of its own."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > _CARD_LINES:
        return []  # a long paste (a forwarded email, a document) carries other people's cards
    said: list[str] = []
    for line in lines:
        if (email := _CARD_EMAIL.match(line)) is not None:
            said.append(f"My email is {email['email']}")
        elif (phone := _CARD_PHONE.match(line)) is not None and sum(c.isdigit() for c in line) >= 7:
            said.append(f"My phone number is {' '.join(phone['phone'].replace('(', ' ').replace(')', ' ').split())}")
        elif (role := _CARD_ROLE.match(line)) is not None and role["role"].split()[-1].lower() in OCCUPATIONS:
            said.append(f"I work at {role['org']} as a {role['role'].lower()}")
    return said if len(said) >= 2 else []


_CALL_ME = re.compile(r"(?<!n't\s)(?<!not\s)(?<!never\s)\b(?:call\s+me|I\s+go\s+by|(?:every(?:one|body)|people|friends|my\s+friends)\s+"
                      r"calls?\s+me)\s+(?P<name>[^\W\d_][\w'’-]*)", re.IGNORECASE)
# "call me back", "call me crazy": what follows "call me" that names no one.
_NOT_A_NICKNAME = frozenset("""back later tomorrow tonight today now soon asap anytime when if at on after before once
    crazy old old-fashioned mad stupid silly a an the what whatever anything maybe please pls plz""".split())


def nickname(sentence: str, speaker: str, *, uncased: bool) -> ExtractedFact | None:
    """"call me kai everyone does", "I go by Liz": the name the speaker asks to be called by, as
    their name (the ``name`` slot), so a question that calls them by it is about them."""
    match = _CALL_ME.search(sentence)
    if match is None:
        return None
    name = match["name"]
    if name.casefold() in _NOT_A_NICKNAME or name.casefold() == speaker.casefold() or not (uncased or name[:1].isupper()):
        return None
    name = name[:1].upper() + name[1:]
    return ExtractedFact(statement=f"{speaker} goes by the name {name}.", type=MemoryType.SEMANTIC,
                         certainty=Certainty.STATED.value, subject=speaker, predicate="is called", object=name,
                         entities=(speaker, name))
