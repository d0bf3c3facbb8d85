"""States a person has one of at a time (employer, job, home, school, diet, partner, car, pet)
and the ordinary ways people announce that one began or ended. Pure.

Each recognised clause becomes a fact whose (subject, predicate, object) normalises to the
same slot as the plain statement of that state, so supersession works however the change
was put: "I work at Google" and later "I started at Meta today" share ``works_at``;
"I quit Google", "Today was my last day at Google" give ``works_at`` Google with negative
polarity, which ends the old fact without claiming a new one.

The grammar is a subject (I / we / a name), optional adverbs, a verb phrase from one of the
tables below and an object: a name for employers, places, schools and partners, a word from
a closed list for diets and vehicles. Objects are kept to their head ("Meta", "Dublin") so a
later restatement with more detail is the same slot; the detail stays in the statement.
Announcements of the future ("I'm going to move to Dublin", "I accepted the offer from
Meta") are plans, never the current state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import (
    LEAD_TIME,
    OCCUPATIONS,
    PET_WORDS,
    SCHOOL,
    STUDENTS,
    expand_contractions,
    mentions_pet,
    strip_tail,
    vehicle_name,
    with_dropped_subject,
)
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.predicates import DIETS, RELATIONSHIP_STATUSES, normalise
from engram_mcp.model.time_expr import upcoming_day

__all__ = ["dated_starts", "pet_names", "state_facts"]

_ADVERB = r"(?:(?:just|finally|officially|recently|now|also|actually|already|currently|still|since|"
_ADVERB += r"then|eventually|even|really|totally|happily|proudly|back)\s+)*"
_NAME = (r"[A-Z][\w&'’.-]*(?:\s+(?:(?:of|de|do|da|dos|das|du|del|della|di|van|von|der|den|la|le|the|&)\s+)?(?!I\b)[A-Z0-9][\w&'’.-]*)*"
         # "Ullevål hospital": an institution's name often ends in a lowercase word
         r"(?:\s+(?:hospital|university|uni|college|clinic|infirmary))?")
_THING = r"(?:(?:a|an|the|my|our)\s+)?(?:new\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?"
_BOUNDARY = r"(?=\s*(?:[,.;:!?]|$|\s(?:as|for|since|now|today|yesterday|this|last|next|and|but|so|because|with|in|on|"
_BOUNDARY += r"after|before|again|anymore|any more|at|from|where|which|who|when|though|too|there|here|to|every|daily)\b))"
# In a turn typed without capitals ("i moved to osaka"), a name is a short run of words that
# starts with no article or pronoun and stops at the words that end an object.
_UNCASED_NAME = (r"(?!(?:a|an|my|our|his|her|their|this|that|some|it|there|here|home|work|bed|school)\b)[a-z0-9][\w&'’.-]*"
                 r"(?:\s+(?!(?:as|for|since|now|today|yesterday|this|last|next|and|but|so|because|with|in|on|after|before|"
                 r"again|anymore|at|from|where|which|who|when|though|too|to|is|was|are|and)\b)[a-z0-9][\w&'’.-]*){0,3}")
_SUBJECT = (r"^(?P<subject>I|we|(?:my|our)\s+(?:[a-z]+\s+){0,2}?[a-z]+(?:\s+(?-i:[A-Z][\w'’-]+))?\s+and\s+I|"
            r"(?-i:[A-Z][\w'’-]+)\s+and\s+I)\s+" + _ADVERB)

_FUTURE = re.compile(r"\b(?:will|going to|gonna|plan(?:ning)? to|about to|next|soon|tomorrow|would|hope to|"
                     r"want to|intend to)\b", re.IGNORECASE)
_CONDITIONAL = re.compile(r"^(?:if|when|once|unless|in case)\b|\bif\b", re.IGNORECASE)

_Found = tuple[str, str, str, str, bool]
"""(statement, predicate, object, slot kind, ended) of one fact; the subject is the speaker."""


@dataclass(frozen=True, slots=True)
class _Rule:
    pattern: re.Pattern[str]
    build: Callable[[re.Match[str], str], list[_Found]]
    """(statement, predicate, object, slot-kind, ended) per fact; the subject is filled in later."""


def _rule(verbs: str, obj: str, build: Callable[[re.Match[str], str], list[_Found]],
          *, subject: str = _SUBJECT) -> _Rule:
    # Verbs match in any case; objects keep theirs, because a capital is what marks a name.
    return _Rule(re.compile("(?i:" + subject + verbs + r")\s*" + obj), build)




def _works_at(m: re.Match[str], who: str) -> list[_Found]:
    # Working at a school is a job there ("I work at Hillside Academy as a maths teacher"), not study.
    org = _head(m["obj"])
    return [(f"{who} works at {org}", "works at", org, "employer", False), *_job_details(m, who, org)]


_ROLE_TAIL = re.compile(r"^\s*,?\s*(?:now\s*,?\s*)?as\s+(?:an?\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
                        + _BOUNDARY)
_TEAM_TAIL = re.compile(r"^.*?\b(?:on|in|with)\s+(?:the\s+)?(?P<team>[\w-]+(?:\s+[\w-]+)?)\s+(?P<kind>team|ward|unit|department)\b",
                        re.IGNORECASE)
_PLACE_TAIL = re.compile(r"^.*?\bin\s+(?P<place>" + _NAME + r")")
_PLACE_TAIL_UNCASED = re.compile(r"^.*?\bin\s+(?P<place>" + _UNCASED_NAME + r")")


def _job_details(m: re.Match[str], who: str, org: str) -> list[_Found]:
    """What the rest of "I work at Google as an engineer in London, on the ads team" adds."""
    tail = m.string[m.end():]
    details: list[_Found] = []
    role = _ROLE_TAIL.match(tail)
    if role:
        name = strip_tail(role["role"])
        details.append((f"{who} works as {_article(name)} {name}", "works as", name, "job", False))
    team = _TEAM_TAIL.match(tail)
    if team:
        details.append((f"{who} is on the {_unit(team)} at {org}", "team", _unit(team), "team", False))
    return details + _based_in(m, who)


def _moved_team(m: re.Match[str], who: str) -> list[_Found]:
    return [(f"{who} moved to the {_unit(m)}", "team", _unit(m), "team", False)]


def _unit(m: re.Match[str]) -> str:
    """"the cardiology ward", "the ads team": a team by its name and its kind."""
    return f"{m['team']} {m['kind'].lower()}"


def _based_in(m: re.Match[str], who: str) -> list[_Found]:
    """The place after a job ("… as a nurse in Tokyo"), read in the rule table's own kind of name.

    Working in a city strongly suggests living there, but is not a statement of it."""
    uncased = m.re in _UNCASED_PATTERNS
    place = (_PLACE_TAIL_UNCASED if uncased else _PLACE_TAIL).match(m.string[m.end():])
    return [(f"{who} is based in {place['place']}", "is based in", place["place"], "home~", False)] if place else []


def _used_to(m: re.Match[str], who: str) -> list[_Found]:
    place = _head(m["obj"])
    verb = m["verb"].lower()
    if verb == "live":
        return [(f"{who} used to live in {place}", "no longer lives in", place, "home", True)]
    if verb == "study" or SCHOOL.search(place):
        return [(f"{who} used to study at {place}", "no longer studies at", place, "school", True)]
    return [(f"{who} used to work at {place}", "no longer works at", place, "employer", True)]


def _studies_at(m: re.Match[str], who: str) -> list[_Found]:
    school = _head(m["obj"])
    if "transferred" in m.group(0).lower() and not SCHOOL.search(school):
        # "I transferred to the Boots in York": a job moved, not a school.
        return [(f"{who} transferred to {school}", "works at", school, "employer", False), *_job_details(m, who, school)]
    field = (m.groupdict().get("field") or "").strip()
    # "I study architecture at …": what is studied is a slot of its own ("switched to engineering").
    studied = [(f"{who} studies {field}", "field of study", field, "field", False)] if field and not _NOT_A_FIELD.match(field) else []
    return [(f"{who} studies at {school}", "studies at", school, "school", False), *studied]


def _got_into(m: re.Match[str], who: str) -> list[_Found]:
    # "got into Leeds University", "got into medical school" (not "got into London late").
    return _studies_at(m, who) if SCHOOL.search(m["obj"]) else []


_NOT_A_FIELD = re.compile(r"^(?:abroad|here|there|hard|full|part|online|remotely|now|still|currently|also|again|in|a|an|the|"
                          r"nights?|evenings?|weekends?|phd|masters?|msc|mba|bsc|ba|doctoral|graduate|exchange|mature|"
                          r"international|part-time|full-time)\b", re.IGNORECASE)


def _started_at(m: re.Match[str], who: str) -> list[_Found]:
    org = _head(m["obj"])
    if SCHOOL.search(org):
        return [(f"{who} started studying at {org}", "studies at", org, "school", False)]
    return [(f"{who} started working at {org}", "works at", org, "employer", False), *_job_details(m, who, org)]


def _left_job(m: re.Match[str], who: str) -> list[_Found]:
    org = _head(m["obj"])
    said = m.group(0).lower()
    if "graduated" in said or "dropped out" in said or SCHOOL.search(org):
        verb = "graduated from" if "graduated" in said else "no longer studies at"
        return [(f"{who} {verb} {org}", "no longer studies at", org, "school", True)]
    verb = next((v for v in ("quit", "resigned from", "retired from") if v in said), "no longer works at")
    return [(f"{who} {verb} {org}", "no longer works at", org, "employer", True)]


def _last_day(m: re.Match[str], who: str) -> list[_Found]:
    org = _head(m["obj"])
    return [(f"{who} left {org}", "no longer works at", org, "employer", True)]


_ACCEPTED_OFFER = "accepted a job offer from"
_WILL_WORK_AS = "will work as"


def _accepted_offer(m: re.Match[str], who: str) -> list[_Found]:
    org = _head(m["obj"])
    offer: list[_Found] = [(f"{who} accepted a job offer from {org}", _ACCEPTED_OFFER, org, "plan", False)]
    role = strip_tail(m.groupdict().get("role") or "")
    return offer + ([(f"{who} will work as {_article(role)} {role}", _WILL_WORK_AS, role, "plan", False)] if role else [])


def _been_at(m: re.Match[str], who: str) -> list[_Found]:
    org, role = _head(m["obj"]), strip_tail(m["role"])
    return [(f"{who} works at {org}", "works at", org, "employer", False),
            (f"{who} works as {_article(role)} {role}", "works as", role, "job", False)]


def _notice(m: re.Match[str], who: str) -> list[_Found]:
    org = _head(m["obj"])
    return [(f"{who} handed in notice at {org}", "handed in notice at", org, "plan", False)]


def _left_for(m: re.Match[str], who: str) -> list[_Found]:
    """"I left Monzo for Wise": the old employer ended, the new one begun."""
    old, new = _head(m["obj"]), _head(m["new"])
    return [(f"{who} left {old}", "no longer works at", old, "employer", True),
            (f"{who} works at {new}", "works at", new, "employer", False)]


def _job(m: re.Match[str], who: str) -> list[_Found]:
    role = strip_tail(m["role"])
    if role.split()[-1].lower() in STUDENTS:
        return []  # "a law student at UCL" studies there (``_studies_at``); it is no job
    role = "freelance" if role.lower() == "freelancing" else role
    if role in _NOT_WORKING:
        said = f"is {role}"
    elif role.lower().startswith("retired "):
        said = f"is {_article(role)} {role}"  # "a retired history teacher" is what one was
    elif " of " in role:
        said = f"works as {role}"  # "head of the languages department" takes no article
    else:
        said = f"works as {_article(role)} {role}"
    facts = [(f"{who} {said}", "works as", role, "job", False)]
    if role not in _NOT_WORKING:
        facts += _based_in(m, who)
    if m.groupdict().get("org"):
        org = _head(m["org"])
        facts.append((f"{who} works at {org}", "works at", org, "employer", False))
    return facts


def _teaches(m: re.Match[str], who: str) -> list[_Found]:
    org = _head(m["obj"])
    role = f"{m['subject_taught']} teacher"
    return [(f"{who} works as {_article(role)} {role}", "works as", role, "job", False),
            (f"{who} teaches at {org}", "works at", org, "employer", False)]


def _tutors(m: re.Match[str], who: str) -> list[_Found]:
    """"I tutor maths to high schoolers now": the work one does, with no employer named."""
    taught = m["subject_taught"]
    if _NOT_TAUGHT.match(taught):
        return []
    role = f"{taught} {_TEACHER[m['verb'].lower()]}"
    return [(f"{who} works as {_article(role)} {role}", "works as", role, "job", False)]


_TEACHER = {"tutor": "tutor", "teach": "teacher", "coach": "coach"}
_NOT_TAUGHT = re.compile(r"^(?:them|him|her|us|you|me|myself|it|people|kids|children|students|classes|class|a|an|the|"
                         r"there|here|online|part-time|at|for)$", re.IGNORECASE)


def _home(m: re.Match[str], who: str) -> list[_Found]:
    place = _head(m["obj"])
    return [(f"{who} lives in {place}", "lives in", place, "home", False)]


def _moved(m: re.Match[str], who: str) -> list[_Found]:
    place = _head(m["obj"])
    return [(f"{who} moved to {place}", "lives in", place, "home", False)]


def _diet(m: re.Match[str], who: str) -> list[_Found]:
    diet = m["diet"].lower()
    return [(f"{who} is {diet}", "diet", diet, "diet", False)]


def _diet_ended(m: re.Match[str], who: str) -> list[_Found]:
    diet = m["diet"].lower()
    return [(f"{who} is no longer {diet}", "no longer diet", diet, "diet", True)]


def _meat_again(m: re.Match[str], who: str) -> list[_Found]:
    if "again" not in m.group(0).lower() and "start" not in m.group(0).lower():
        return []
    return [(f"{who} is no longer vegetarian", "no longer diet", "vegetarian", "diet", True)]


def _meat_free(m: re.Match[str], who: str) -> list[_Found]:
    return [(f"{who} is vegetarian", "diet", "vegetarian", "diet", False)]


def _partner(m: re.Match[str], who: str) -> list[_Found]:
    name = _head(m["obj"])
    if _DOCTOR.match(name):  # "I'm seeing Dr. Khan now": a doctor, not a date
        return [(f"{who}'s doctor is {name}", "doctor", name, "doctor", False)]
    relation = (m.groupdict().get("relation") or "partner").lower()
    return [(f"{who}'s {relation} is {name}", "partner", name, "partner", False)]


_DOCTOR = re.compile(r"^(?:Dr|Doctor|Prof|Professor)\b\.?", re.IGNORECASE)


def _married(m: re.Match[str], who: str) -> list[_Found]:
    name = _head(m["obj"])
    return [(f"{who} married {name}", "partner", name, "partner", False)]


def _broke_up(m: re.Match[str], who: str) -> list[_Found]:
    name = _head(m["obj"])
    return [(f"{who} broke up with {name}", "no longer partner", name, "partner", True)]


def _broke_up_with(name: str, who: str) -> list[_Found]:
    name = _head(name)
    return [(f"{who} broke up with {name}", "no longer partner", name, "partner", True)]


def _status(m: re.Match[str], who: str) -> list[_Found]:
    status = m["status"].lower()
    return [(f"{who} is {status}", "relationship status", status, "status", False)]


_NAMED_AFTER = re.compile(r"^\s*(?:,|-|–|:)\s*(?:a|an|the)\s+(?P<name>[\w.-]+(?:\s+[\w.-]+){0,2}?)" + _BOUNDARY)


def _vehicle_bought(m: re.Match[str], who: str) -> list[_Found]:
    # "Got a new car, a Mazda CX-5": the make named after the plain word is the car.
    named = _NAMED_AFTER.match(m.string[m.end():])
    car = (vehicle_name(named["name"]) if named else None) or vehicle_name(m["obj"])
    if car is None:
        return []
    verb = "bought" if re.search(r"\b(?:bought|got|picked up|leased|traded)\b", m.group(0), re.I) else "drives"
    return [(f"{who} {verb} {_article(car)} {car}", "drives", car, "vehicle", False)]


def _vehicle_sold(m: re.Match[str], who: str) -> list[_Found]:
    car = vehicle_name(m["obj"], sold=True)
    return [] if car is None else [(f"{who} sold the {car}", "no longer drives", car, "vehicle", True)]


def _pet(m: re.Match[str], who: str) -> list[_Found]:
    name, animal = m["name"], m["animal"].lower()
    return [(f"{who} has {_article(animal)} {animal} called {name}", "has pet", name, "pet", False)]


def _pet_gone(m: re.Match[str], who: str) -> list[_Found]:
    name = m["name"]
    said = " ".join(m.group(0).split()).lower()
    verb = next((v for v in ("passed away", "died", "ran away", "was put down", "was rehomed") if v in said), "")
    statement = f"{who}'s pet {name} {verb}" if verb else f"{who} no longer has {name}"
    return [(statement, "no longer has pet", name, "pet", True)]


_NOT_WORKING = frozenset({"retired", "unemployed", "self-employed", "freelance", "between jobs"})
_EMPLOYED = (r"(?:am\s+(?:now\s+|currently\s+|still\s+)?)?(?:work|works|working|employed)\s+(?:(?:remotely|full-time|part-time|now|currently|still|"
             r"weekends|nights|evenings|days|mornings|shifts|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\s+)?"
             r"(?:at|for|by)")
# "a café called Forno Brisa": the name, not the kind of place.
_CALLED = (r"(?:(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?(?:\s+in\s+(?-i:[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?))?"
           r"\s+(?:called|named)\s+)?")


def _rules_for(name: str) -> tuple[_Rule, ...]:
    """The rule table, with ``name`` as what marks a name (a capital, or in a turn written
    without capitals, a short run of words)."""
    name_obj = r"(?P<obj>(?:the\s+)?" + name + r")"
    org_obj = _CALLED + r"(?P<obj>(?:the\s+)?" + name + r"|(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?" + _BOUNDARY + r")"
    return (
        # employer and school
        _rule(r"(?:have\s+|had\s+)?(?:quit|left\s+my\s+(?:job|role|position)\s+(?:at|with)|resigned\s+from|retired\s+from|was\s+laid\s+off\s+(?:from|by)|(?:was|got)\s+made\s+redundant\s+(?:from|at|by)|"
              r"got\s+(?:fired|laid\s+off)\s+from|no\s+longer\s+work\s+(?:at|for)|stopped\s+working\s+(?:at|for)|"
              r"graduated\s+from|dropped\s+out\s+of)(?:\s+my\s+job\s+at)?", org_obj, _left_job),
        _rule(_EMPLOYED, org_obj, _works_at),
        # "I've been at Deloitte for six years as an auditor".
        _rule(r"(?:have\s+been|'ve\s+been)\s+(?:working\s+)?at", name_obj + r"(?=\s+(?:for|since)\s+[\w\s]{1,20}?\s+as\s+)"
              r"[^,.;]*?\s+as\s+(?:an?\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)" + _BOUNDARY, _been_at),
        _rule(r"(?:have\s+)?(?:started|began)\s+(?:(?:a|my)\s+new\s+(?:job|role|position|gig)\s+|working\s+|work\s+|"
              r"(?:sixth\s+form|college|uni|university|school|secondary\s+school|year\s+\d+|a\s+(?:phd|masters?|master's|degree)"
              r"(?:\s+in\s+[a-z]+(?:\s+[a-z]+)?)?)\s+)?(?:at|with)",
              org_obj, _started_at),
        _rule(r"(?:have\s+)?(?:joined|(?:got|landed)\s+(?:a|my)\s+(?:(?:new|second|part-time|weekend|first|dream|full-time)\s+)*(?:[\w-]+\s+)?"
              r"job\b(?!\s+(?:interview|offer|fair|application|hunting|search))[^.;]{0,45}?\s+(?:at|with)|"
              r"got\s+hired\s+(?:at|by)|"
              r"took\s+a\s+(?:new\s+)?job\s+(?:at|with)|am\s+now\s+at|moved\s+jobs?\s+to|switched\s+jobs?\s+to)",
              _CALLED + name_obj, _started_at),
        _rule(r"(?:study|studies|am\s+studying|am\s+a\s+student|go\s+to\s+school|transferred)(?P<field>(?:\s+[a-z]+){0,2}?)\s+(?:at|to)",
              name_obj, _studies_at),
        # "I'm a second-year law student at Bristol uni"
        _rule(r"am\s+an?\s+(?:(?:first|second|third|fourth|final|\d(?:st|nd|rd|th))[- ]year\s+)?(?P<field>(?:[a-z]+\s+){0,2}?)"
              r"(?:" + "|".join(STUDENTS) + r")\s+(?:at|in)", name_obj, _studies_at),
        # "I got into Oxford", "Noura got into medical school in Edinburgh": where one will study.
        _rule(r"(?:got\s+into|(?:was|have\s+been|got)\s+accepted\s+(?:to|into|at|by)|got\s+a\s+place\s+at)\s+",
              r"(?P<obj>(?:the\s+)?" + name + r"|(?-i:(?:medical|law|dental|vet|veterinary|art|drama|music|business|nursing)"
              r"\s+school)(?:\s+in\s+" + name + r")?)" + _BOUNDARY, _got_into),
        # "I'm doing a masters in robotics at TU Delft", "started a PhD in chemistry at UCL"
        _rule(r"(?:am\s+(?:now\s+)?doing|do|have\s+started|started|am\s+starting|began)\s+(?:a|an|my)\s+(?:(?:part-time|full-time|"
              r"two-year|one-year|new)\s+)?(?:master'?s|masters\s+degree|master'?s\s+degree|msc|ma|mba|phd|doctorate|bachelor'?s|"
              r"bachelors?\s+degree|degree|bsc|ba|diploma|llm|pgce)(?:\s+(?:in|on)(?P<field>(?:\s+[a-z]+){1,2}?))?\s+(?:at|with)",
              name_obj, _studies_at),
        _rule(r"(?:had\s+)?my\s+last\s+day\s+(?:at|with)", org_obj, _last_day),
        # "I transferred to the neonatal unit": another team at the same employer.
        _rule(r"(?:have\s+)?(?:transferred|moved|switched|been\s+moved|was\s+moved)\s+(?:over\s+)?to\s+the",
              r"\s*(?P<team>(?-i:[a-z][\w-]*)(?:\s+(?-i:[a-z][\w-]*))?)\s+(?P<kind>team|ward|unit|department)\b", _moved_team),
        _rule(r"(?:have\s+)?(?:accepted|took|signed)\s+(?:the|an?|their)\s+(?:(?:job\s+)?offer|(?:(?:new|remote|permanent|full-time|"
              r"part-time|senior|junior|hybrid)\s+)*(?:job|role|position))\s+(?:from|at|with)",
              name_obj + r"(?:(?:,?\s+starting\s+[^,.;]{1,25}?)?\s+as\s+(?:an?\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
              + _BOUNDARY + ")?", _accepted_offer),
        # "handed in my notice at Deloitte": leaving is planned, the job goes on until the last day.
        _rule(r"(?:have\s+|am\s+|will\s+)?(?:handed\s+in|handing\s+in|hand\s+in|gave|given|giving|give|put\s+in|putting\s+in)\s+"
              r"(?:my|our)\s+notice\s+(?:at|to)", org_obj, _notice),
        # "left Monzo for Wise": one employer for another.
        _rule(r"(?:have\s+)?left", name_obj + r"\s+for\s+(?P<new>" + name + r")", _left_for),
        # job
        _rule(r"(?:work|am\s+working)(?:\s+(?:nights|days|evenings|weekends|shifts|part-time|full-time|remotely|freelance))?\s+as\s+(?:an?\s+)?",
              r"(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)" + r"(?:\s+(?:at|for|with)\s+(?P<org>(?:the\s+)?" + name + r"))?"
              + _BOUNDARY, _job),
        _rule(r"(?:am\s+now|am|became|have\s+become|got\s+promoted\s+to|was\s+promoted\s+to)\s+(?:an?\s+)?",
              r"(?P<role>(?!(?:his|her|their|my|our|your|its)\b)(?:[a-z][\w-]*\s+){0,2}?(?:[a-z]+-)?(?:" + "|".join(sorted(OCCUPATIONS))
              + r"))(?:\s+(?:at|for)\s+(?P<org>" + name + r"))?" + _BOUNDARY, _job),
        # "I've been made head of the languages department"
        _rule(r"(?:have\s+been|was|got|been)\s+(?:made|appointed|named|promoted\s+to)\s+",
              r"(?P<role>(?:deputy\s+)?(?:head|director|chair|lead|manager)\s+of\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
              + _BOUNDARY, _job),
        # "I teach English at Lingo Kyoto": a teacher, and where.
        _rule(r"(?:teach|am\s+teaching)\s+(?P<subject_taught>(?-i:[A-Za-z][\w-]*)(?:\s+[a-z][\w-]*)?)\s+(?:at|for)",
              r"(?:(?:a|an|the)\s+[a-z][\w\s-]*?\s+(?:called|named)\s+)?" + org_obj, _teaches),
        # "I tutor maths to high schoolers", "I teach piano in the evenings": work with no employer.
        _rule(r"(?:now\s+)?(?P<verb>tutor|teach|coach)\s+(?P<subject_taught>(?-i:[A-Za-z][\w-]*))",
              r"(?=\s+(?:to|for|online|privately|part-time|on|in|at\s+home|now|$)|\s*[,.!]|$)(?!\s+at\s+(?!home))", _tutors),
        # home
        _rule(r"(?:now\s+)?(?:live|am\s+living|am\s+based|have\s+settled|settled)\s+(?:now\s+)?in"
              r"(?:\s+(?:a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:called|named))?", name_obj, _home),
        _rule(r"am\s+(?:now\s+)?(?:going\s+(?=freelance|self-employed))?",
              r"(?P<role>(?i:retired|unemployed|self-employed|freelance|freelancing|between\s+jobs))\b", _job),
        _rule(r"(?:have\s+)?(?:moved|relocated|settled)\s+(?:back\s+|out\s+|over\s+|away\s+|house\s+|in\s+)?(?:from\s+[\w\s-]+?\s+)?(?:to|into)"
              r"(?:\s+(?:a|an|the|our|my)\s+[\w\s-]+?\s+in|\s+(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?\s+(?:called|named))?",
              name_obj, _moved),
        # "moved in today, Dublin 8": the place named right after moving in.
        _rule(r"(?:have\s+)?moved\s+in(?:\s+(?:today|yesterday|at\s+last|finally|this\s+\w+|last\s+\w+))?\s*[,:–-]\s*(?:in\s+)?",
              name_obj, _moved),
        # "My boyfriend and I share a flat in Södermalm": where one lives, put as the home one has.
        _rule(r"(?:share|rent|are\s+renting|am\s+renting)\s+(?:a|an|the|our|my)\s+(?:[\w-]+\s+){0,2}?"
              r"(?:flat|apartment|house|place|home|room|studio|condo|bedsit)\s+in", name_obj, _home),
        # diet
        _rule(r"(?:am\s+no\s+longer|am\s+not|stopped\s+being|quit\s+being|gave\s+up\s+being)",
              r"(?:an?\s+)?(?P<diet>" + "|".join(DIETS) + r")\b", _diet_ended),
        # "going vegan from now on" is the diet; "going vegan for Lent" or "next month" is not yet.
        _rule(r"(?:am(?:\s+now)?|am\s+going(?![^.]*\b(?i:for\s+(?:the|a|one|lent)\b|next\s+\w+|tomorrow|soon|in\s+(?:a\s+|\d|"
              r"january|february|march|april|may|june|july|august|september|october|november|december)))|went|have\s+gone|have\s+been|became|have\s+become|turned|switched\s+to\s+being|"
              r"am\s+(?:on|eating|following)\s+an?|switched\s+to\s+an?|follow\s+an?|eat)",
              r"(?i:an?\s+)?(?i:fully\s+|strictly\s+|mostly\s+)?(?P<diet>(?i:" + "|".join(DIETS) + r"))\b(?!\s+(?:food|restaurant|"
              r"recipe|place|option|friend))", _diet),
        _rule(r"(?:have\s+)?(?:stopped|gave\s+up|quit|cut\s+out|no\s+longer\s+eat|do\s+not\s+eat)", r"(?i:(?:eating\s+)?meat)\b",
              _meat_free),
        _rule(r"(?:eat|am\s+eating|have\s+started\s+eating|started\s+eating)", r"(?i:meat\s+again|meat)\b(?!\s+(?:free|less))",
              _meat_again),
        # partner and status
        _rule(r"(?:am\s+(?:now\s+)?(?:dating|seeing|with|engaged\s+to|going\s+out\s+with|in\s+a\s+relationship\s+with)|"
              r"(?:have\s+)?(?:started\s+(?:dating|seeing)|got\s+together\s+with|got\s+engaged\s+to))"
              r"(?:\s+someone(?:\s+new)?\s*(?:,|-|–|:|called|named)\s*(?:(?:her|his|their)\s+name(?:\s+is|'s|’s)\s+)?)?", name_obj, _partner),
        _rule(r"(?:got\s+married\s+to|married|am\s+married\s+to)", name_obj, _married),
        _rule(r"(?:have\s+)?(?:broke\s+up|split\s+up|separated|divorced|am\s+divorced|got\s+divorced)(?:\s+(?:with|from))?",
              name_obj, _broke_up),
        _rule(r"(?:am\s+(?:now\s+)?|got\s+|became\s+)", r"(?P<status>(?i:" + "|".join(RELATIONSHIP_STATUSES) + r"))\b"
              r"(?!\s+(?:to|with))", _status),
        # vehicle
        _rule(r"(?:drive|am\s+driving|ride|am\s+riding|have|own|got|bought|have\s+bought|have\s+got|picked\s+up|leased|traded\s+up\s+to)",
              r"(?P<obj>(?i:a\s+|an\s+|the\s+|my\s+)?(?i:new\s+|used\s+|second-hand\s+|secondhand\s+|brand\s+new\s+)?"
              r"[\w.-]+(?:\s+[\w.-]+){0,2}?)" + _BOUNDARY, _vehicle_bought),
        _rule(r"(?:have\s+)?(?:sold|got\s+rid\s+of|traded\s+in|scrapped|gave\s+away)",
              r"(?P<obj>(?i:a\s+|an\s+|the\s+|my\s+|our\s+)?(?i:old\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)" + _BOUNDARY, _vehicle_sold),
        # pets
        _rule(r"(?:have|adopted|got|rescued|have\s+adopted|have\s+got|brought\s+home)\s+(?:a|an|our|my)\s+"
              r"(?:new\s+|little\s+|rescue\s+|young\s+|\w+-year-old\s+|(?!(?:called|named)\b)[a-z][\w-]*\s+){0,3}",
              r"(?P<animal>" + "|".join(sorted(PET_WORDS, key=len, reverse=True)) + r")\s*,?\s+(?:called|named)\s+"
              r"(?P<name>[A-Z][\w'-]*)", _pet),

    )


_RULES = _rules_for(_NAME)
_UNCASED_RULES = _rules_for(_UNCASED_NAME)
# "Our dog Max is 12", "my cat, Miso, …": a pet named as the subject.
_PET_HEAD = re.compile(r"^(?i:(?:my|our)\s+(?:\w+\s+)?(?P<animal>" + "|".join(sorted(PET_WORDS, key=len, reverse=True))
                       + r"))\s*,?\s+(?P<name>[A-Z][\w'-]*)\b")
# "We have two cats, Mochi and Tofu": a pet for each name.
_PETS_LISTED = re.compile(r"^(?i:(?:I|we)\s+(?:have|have\s+got|got|adopted)\s+(?:two|three|four|2|3|4)\s+)(?P<animal>(?i:"
                          + "|".join(sorted((w + "s" for w in PET_WORDS if not w.endswith("s")), key=len, reverse=True))
                          + r"))\s*(?:,|:|\s+called|\s+named|\s+-)\s*(?P<names>[A-Z][\w'-]*(?:\s*,\s*[A-Z][\w'-]*)*\s*,?\s+and\s+[A-Z][\w'-]*)")
# "on maternity leave until January, then back at Zalando": the job goes on through the leave.
_ON_LEAVE = re.compile(r"\b(?i:maternity|paternity|parental|sick|study)\s+(?i:leave)\b.*?\b(?i:back\s+(?:at|to)|returning\s+to|"
                       r"return\s+to)\s+(?P<obj>" + _NAME + r")")
# "Border collie named Loki" said after "Got a dog!!": the pet, its verb left in the sentence before.
_PET_PHRASE = re.compile(r"^(?i:(?:a|an|my|our)\s+)?(?i:[\w-]+\s+){0,2}?(?P<animal>(?i:" + "|".join(sorted(PET_WORDS, key=len, reverse=True))
                         + r"))\s*,?\s+(?i:called|named)\s+(?P<name>[A-Za-z][\w'-]*)\b")
_PET_NAMED = re.compile(r"(?i:\b(?:" + "|".join(sorted(PET_WORDS, key=len, reverse=True)) + r"))\s*,?\s+(?i:(?:called|named)\s+)?"
                        r"(?P<name>[A-Z][\w'-]*)\b")
_PET_GONE = re.compile(r"^(?i:(?:my|our)\s+(?:\w+\s+)?(?:" + "|".join(PET_WORDS) + r")\s+)?(?P<name>[A-Z][\w'-]*)\s+"
                       r"(?i:(?:has\s+)?(?:died|passed\s+away|passed|was\s+put\s+down|ran\s+away|was\s+rehomed))\b")
_PET_GONE_FIRST = re.compile(r"^(?i:(?:I|we)\s+(?:had\s+to\s+)?(?:put\s+down|rehomed|lost|gave\s+away|had\s+to\s+rehome)\s+"
                             r"(?:(?:my|our)\s+(?:\w+\s+)?(?:" + "|".join(PET_WORDS) + r")\s+)?)(?P<name>[A-Z][\w'-]*)")
_LAST_DAY = re.compile(r"(?:\b(?:today|yesterday|friday|this\s+was|that\s+was|it\s+was)\s+(?:was\s+)?my\s+|^(?:my\s+)?)"
                       r"last\s+day\s+(?:at|with)\s+(?P<obj>" + _NAME + ")", re.IGNORECASE)
# "I changed jobs, I'm at Canva now", "I've moved house, I'm in Brighton now": the change names
# what "I'm at / in" means.
_CHANGED_THEN = re.compile(r"\b(?i:(?P<job>changed\s+jobs?|switched\s+jobs?|new\s+job)|moved\s+(?:house|home|flats?|apartments?)"
                           r"|relocated)\b[^.!?]*?\bI\s+(?i:am|'m)\s+(?i:now\s+)?(?i:at|in|with)\s+(?P<obj>" + _NAME + r")")
# "I used to work at Fiat", "I used to live in Milan": a state that has ended.
# "My brother Idris lives in Leeds", "my sister just moved to Glasgow": someone else's state.
_THIRD_PARTY = re.compile(
    r"^(?i:my|our)\s+(?P<rel>(?i:brother|sister|mum|mom|mother|dad|father|son|daughter|cousin|aunt|uncle|best\s+friend|"
    r"friend|flatmate|roommate|housemate|grandma|grandpa|grandmother|grandfather|niece|nephew|"
    r"(?P<partner>partner|husband|wife|boyfriend|girlfriend|fianc[eé]e?)(?=\s*,?\s+[A-Z])))"
    r"(?:\s*,?\s+(?P<name>[A-Z][\w'’-]+))?\s*,?\s+(?!and\s+I\b)(?P<rest>(?:[a-z]+\s+){0,2}?[a-z]+s?\b.+)$"
)
_AND_THIRD_PERSON = re.compile(r",?\s+and\s+(?=(?:now\s+|also\s+)?[a-z]+s\b)")
_ADVERB_WORDS = frozenset("just now also recently finally still already currently officially".split())
_IRREGULAR = {"is": "am", "has": "have", "does": "do", "goes": "go", "was": "was"}
_MEMBERSHIP = re.compile(r"\b(?:gym|club|team|band|choir|class|league|society|membership|group|orchestra|union|party)\b",
                         re.IGNORECASE)
_USED_TO = re.compile(r"\bI\s+used\s+to\s+(?i:(?P<verb>work|live|study))\s+(?i:at|in|for)\s+(?P<obj>" + _NAME + r")")
# "…, but now I'm at Ferrari as a test engineer": "at" a name is a workplace when the sentence is about work.
# "I'm at Canva now", "now I'm doing pastry at a restaurant called Seed": where one works, when
# the sentence is about work (a cue below, or a job just left: "I left Flour Pot last week").
_AT_WORK = re.compile(r"\bI\s+(?i:am|'m)\s+(?i:now\s+)?(?:(?i:at|with)|(?i:doing|cooking|baking|teaching|managing|serving|nursing|"
                      r"coaching)\s+(?:[\w-]+\s+){0,2}?(?i:at))\s+" + _CALLED + r"(?P<obj>" + _NAME + r")")
_WORK_CUE = re.compile(r"\b(?:(?:work|works|worked|working|job|role|position|employer|company|hired|joined|colleagues?|"
                       r"as\s+an?\s+[a-z]+(?:\s+[a-z]+)?)\b|(?:left|quit|resigned\s+from)\s+(?-i:[A-Z]))", re.IGNORECASE)
# "First day at Stripe!", "my new job at Kansai Medical Center": a start, said without the verb.
_FIRST_DAY = re.compile(r"(?:^|\b(?i:my)\s+)(?i:first\s+(?:day|week|month)|new\s+(?:job|role|position)(?:\s+is)?)\s+(?i:at|with)\s+"
                        r"(?P<obj>" + _NAME + r")")
_FIRST_DAY_UNCASED = re.compile(r"(?:^|\bmy\s+)(?:first\s+(?:day|week|month)|new\s+(?:job|role|position)(?:\s+is)?)\s+(?:at|with)\s+"
                                r"(?P<obj>" + _UNCASED_NAME + r")")
# The patterns that read names without capitals, so a job's place is read the same way.
_UNCASED_PATTERNS = frozenset({*(rule.pattern for rule in _UNCASED_RULES), _FIRST_DAY_UNCASED})
_OFFER_ACCEPTED = re.compile(r"\b(?:got|received|had)\s+(?:the|an?)\s+(?:job\s+)?offer\s+(?:from|at)\s+(?P<obj>" + _NAME
                             + r")\s*,?\s+and\s+(?:I\s+)?(?:have\s+)?(?:accepted|took|signed)\b")
# In a turn typed without capitals ("frida and i broke up"), a person is one word that is no pronoun.
_UNCASED_PERSON = r"(?i:(?!(?:a|an|my|our|his|her|their|the|this|that|me|we|they|he|she|it|someone|somebody)\b)[a-z][\w'’-]+)"


def _couples(name: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """"My girlfriend Ada", "… with my husband Joaquim", "Ada and I broke up", "Ada and I are dating",
    with ``name`` as what marks a name."""
    relation = r"(?P<relation>(?i:partner|boyfriend|girlfriend|wife|husband|fianc[eé]e?|spouse))"
    head = re.compile(r"^(?i:(?:my|our)\s+(?:new\s+)?)" + relation + r"(?i:\s*,?\s+(?:is\s+(?:called\s+|named\s+)?)?)(?P<obj>"
                      + name + r")")
    with_ = re.compile(r"\bwith\s+(?i:my|our)\s+" + relation + r"\s*,?\s+(?P<obj>" + name + r")")
    ended = re.compile(r"^(?:(?P<obj>" + name + r")\s+and\s+(?:I|me)|(?i:me)\s+and\s+(?P<other>" + name + r"))\s+"
                       r"(?i:(?:have\s+)?(?:broke\s+up|split\s+up|separated|got\s+divorced|are\s+(?:over|divorced|separated)))")
    started = re.compile(r"^(?P<obj>" + name + r")\s+and\s+I\s+(?i:(?:are|have\s+been|started|got)\s+"
                         r"(?:now\s+)?(?:dating|together|engaged|seeing\s+each\s+other|married))")
    return head, with_, ended, started


_COUPLES = _couples(_NAME)
_UNCASED_COUPLES = _couples(_UNCASED_PERSON)
_SOLD_AND_BOUGHT = re.compile(r"\b(?:(?:sold|traded(?:\s+in)?|got\s+rid\s+of|swapped|part-exchanged)\s+(?:the|my|our|a)\s+"
                              r"(?P<old>[\w.-]+(?:\s+[\w.-]+){0,2}?)(?:\s+in)?"
                              r"\s+(?:(?:and|to)\s+(?:I\s+|we\s+)?(?:bought|got|buy|get)\s+|for\s+)|"
                              # "We finally replaced the Peugeot with a secondhand Renault Zoe"
                              r"replaced\s+(?:the|my|our)\s+(?P<replaced>[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+with\s+)"
                              r"(?:a|an|the)\s+(?:new\s+|used\s+|second-?hand\s+)?"
                              r"(?P<new>[\w.-]+(?:\s+[\w.-]+){0,2}?)" + _BOUNDARY, re.IGNORECASE)
# "Our car is a 2012 Peugeot 208": the car one drives, said of the car.
_CAR_IS = re.compile(r"^(?i:(?:my|our)\s+(?:new\s+|current\s+|family\s+)?car\s+is\s+(?:now\s+)?(?:an?\s+)?(?:\d{4}\s+)?)"
                     r"(?P<obj>[\w.-]+(?:\s+[\w.-]+){0,2}?)" + _BOUNDARY)


def state_facts(clause: str, speaker: str, *, certainty: float = Certainty.STATED.value,
                sentence: str | None = None, uncased: bool = False,
                pets: frozenset[str] = frozenset()) -> list[ExtractedFact]:
    """The state facts one first-person clause announces; [] when it announces none.

    ``sentence`` is the whole sentence the clause came from: a conditional or a plan there
    ("if I get the job I'll move to Dublin") makes the clause no statement of the present.
    ``uncased``: the person types without capitals ("i moved to osaka"), so a name is not
    marked by one. ``pets``: names the speaker gave pets earlier ("Max passed away" needs no
    "dog" when Max is known to be one).
    """
    text = _with_subject(expand_contractions(clause.strip().rstrip(".!")))
    context = expand_contractions(sentence or clause)
    if _CONDITIONAL.search(context) or _FUTURE.search(text):
        return []
    if _OFFER_ACCEPTED.search(text) is None and _OFFER_ACCEPTED.search(context):
        text = context
    found: list[_Found] = []
    head, with_partner, ended, started = _UNCASED_COUPLES if uncased else _COUPLES
    if (other := _THIRD_PARTY.match(text)) is not None:
        # "My partner Julien is a sous-chef": who Julien is to the speaker, then what he does.
        named = head.match(text) if other["partner"] else None
        partner = [_fact(statement, speaker, predicate, obj, certainty, kind)
                   for statement, predicate, obj, kind, _ in _partner(named, speaker)] if named else []
        return partner + _third_party_facts(other, speaker, certainty, uncased)
    who = speaker
    relation = head.match(text) or with_partner.search(text)
    if relation:
        found += _partner(relation, who)
    if couple := ended.match(text):
        found += _broke_up(couple, who) if couple["obj"] else _broke_up_with(couple["other"], who)
    if couple := started.match(text):
        found += _partner(couple, who)
    for rule in _UNCASED_RULES if uncased else _RULES:
        match = rule.pattern.search(text)
        if match is None:
            continue
        if "joined" in match.group(0).lower() and _MEMBERSHIP.search(context):
            continue  # "cancelled my gym membership and joined Movement Climbing": a gym, not an employer
        subject = match.groupdict().get("subject") or "I"
        if subject.lower() not in {"i", "we"} and not subject.lower().endswith(" and i"):
            continue
        found += rule.build(match, who)
    if (pet_named := _PET_HEAD.match(text) or _PET_PHRASE.match(text)) is not None and not _PET_GONE.match(text):
        found += _pet(pet_named, who)
    if (listed := _PETS_LISTED.match(text)) is not None:
        animal = listed["animal"].lower().removesuffix("s")
        found += [(f"{who} has {_article(animal)} {animal} called {name}", "has pet", name, "pet", False)
                  for name in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", listed["names"]) if name]
    if (leave := _ON_LEAVE.search(text)) is not None:
        org = _head(leave["obj"])
        found.append((f"{who} works at {org}", "works at", org, "employer", False))
    pet = _PET_GONE.match(text) or _PET_GONE_FIRST.match(text)
    if pet and (pet.re is _PET_GONE_FIRST or mentions_pet(context) or mentions_pet(text) or pet["name"] in pets):
        found += _pet_gone(pet, who)
    first_day = _FIRST_DAY_UNCASED if uncased else _FIRST_DAY
    if (used := _USED_TO.search(context)) is not None:
        found += _used_to(used, who)
    if (at_work := _AT_WORK.search(text)) is not None and _WORK_CUE.search(context):
        found += _started_at(at_work, who)
    if changed := _CHANGED_THEN.search(context):
        found += _started_at(changed, who) if changed["job"] else _moved(changed, who)
    for sentence_rule, build in ((_LAST_DAY, _last_day), (_OFFER_ACCEPTED, _accepted_offer), (first_day, _started_at)):
        whole = sentence_rule.search(context)
        if whole:
            found += build(whole, who)
    found += _sold_and_bought(context, who) + _arrived_home(context, who)
    if (car := _CAR_IS.match(text)) is not None and (driven := vehicle_name(car["obj"])) is not None:
        found.append((f"{who} drives {_article(driven)} {driven}", "drives", driven, "vehicle", False))
    return [_fact(statement, who, predicate, obj, certainty, kind) for statement, predicate, obj, kind, _ in _unique(found)]




# "I start on 1 November", "starting Monday", "my first day at Monzo is next Monday": when a
# job begins, said before it does ("started" is the past, read by the rules above).
_BEGINS = r"(?:(?:I|we)\s+(?:will\s+|'ll\s+|am\s+|'m\s+)?(?:start|begin)(?:ing)?|starting|(?:my\s+)?start\s+date\s+is|(?:my\s+)?first\s+day)"
_STARTS_AT = re.compile("(?i:" + _BEGINS + r"\s+(?:my\s+new\s+(?:job|role|position)\s+|(?:a\s+)?new\s+job\s+|work\s+|working\s+)?"
                        r"(?:at|with))\s+(?P<org>" + _NAME + r")(?P<when>[^.!?;]*)")
_NEW_JOB = re.compile(r"\bnew\s+(?:job|role|position|gig)\b", re.IGNORECASE)
_STARTS_ON = re.compile(r"\b(?:" + _BEGINS + r"|starts)\b(?P<when>[^.!?;]*)", re.IGNORECASE)


def dated_starts(facts: list[ExtractedFact], text: str, speaker: str, when: datetime) -> list[ExtractedFact]:
    """``facts`` with each job the turn says begins on a later day ("I start at Stripe on Monday",
    or a job offer accepted and "I start on 1 November") as the job from that day: "Lena works
    at Klarna from 1 November 2026", which becomes true, and supersedes the old employer, then."""
    begins: dict[str, tuple[datetime, tuple[str, ...], float]] = {}
    for m in _STARTS_AT.finditer(text):
        day = upcoming_day(m.group(0), when)
        org = _head(m["org"])
        if day is not None and org[:1].isupper() and not SCHOOL.search(org):
            begins.setdefault(org, (day, (speaker, org), Certainty.STATED.value))
    day = next((d for m in _STARTS_ON.finditer(text) if (d := upcoming_day(m.group(0), when)) is not None), None)
    if day is not None:
        news = _NEW_JOB.search(text) is not None
        for fact in facts:
            slot = normalise(speaker, fact.predicate, fact.object)
            offered = fact.predicate == _ACCEPTED_OFFER or news and slot.predicate == "works_at" and not slot.negated
            if offered and fact.subject == speaker:
                begins.setdefault(fact.object, (day, fact.entities, fact.certainty))
    if not begins:
        return facts
    # What the same clause said without its day ("Lena started working at Atlassian") gives way;
    # the role an accepted offer named is the job from that day too.
    kept = [f for f in facts if not (f.object in begins and normalise(speaker, f.predicate, f.object).predicate == "works_at")
            and f.predicate != _WILL_WORK_AS]
    first_day = min(day for day, _, _ in begins.values())
    roles = [
        replace(f, statement=f"{speaker} works as {_article(f.object)} {f.object} from {first_day.day} {first_day:%B %Y}.",
                predicate="works as",
                type=MemoryType.SEMANTIC, event_time=first_day)
        for f in facts if f.predicate == _WILL_WORK_AS
    ]
    return [*kept, *roles, *(
        ExtractedFact(
            statement=f"{speaker} works at {org} from {day.day} {day:%B %Y}.",
            type=MemoryType.SEMANTIC,
            certainty=certainty,
            subject=speaker,
            predicate="works at",
            object=org,
            entities=entities,
            event_time=day,
        )
        for org, (day, entities, certainty) in begins.items()
    )]


def pet_names(texts: Iterable[str]) -> frozenset[str]:
    """The names ``texts`` give pets ("our dog Max", "a kitten named Luna")."""
    return frozenset(match["name"] for text in texts for match in _PET_NAMED.finditer(text))


def _third_party_facts(match: re.Match[str], speaker: str, certainty: float, uncased: bool) -> list[ExtractedFact]:
    """"My brother Idris moved to Glasgow": the same states, about someone in the speaker's life.

    The subject is the relation ("Zara's brother"), so the brother's later move supersedes his
    earlier home and never the speaker's; a name given is kept in the statement and entities.
    """
    who = f"{speaker}'s {' '.join(match['rel'].lower().split())}"
    name = match["name"]
    found: list[_Found] = []
    for part in _AND_THIRD_PERSON.split(match["rest"]):
        text = "I " + _base_form(part.strip(" ,"))
        for rule in _UNCASED_RULES if uncased else _RULES:
            rule_match = rule.pattern.search(text)
            if rule_match is not None and (rule_match.groupdict().get("subject") or "I").lower() == "i":
                found += rule.build(rule_match, who)
    facts = []
    for statement, predicate, obj, kind, _ in _unique(found):
        if kind in {"plan", "partner", "status", "pet"}:
            continue  # whose partner or pet is meant stays with the plain statement
        fact = _fact(statement.replace(who, f"{who} {name}", 1) if name else statement, who, predicate, obj, certainty, kind)
        named = (speaker, *((name,) if name else ()), *((obj,) if obj[:1].isupper() else ()))
        facts.append(replace(fact, entities=tuple(dict.fromkeys(named))))
    return facts


def _base_form(verb_phrase: str) -> str:
    """"just moves to Leeds" -> "just move to Leeds": the third person's verb as "I" would say it."""
    words = verb_phrase.split()
    for index, word in enumerate(words):
        lower = word.lower()
        if lower in _ADVERB_WORDS:
            continue
        words[index] = _IRREGULAR.get(lower) or (
            lower[:-3] + "y" if lower.endswith("ies") else lower[:-2] if lower.endswith(("ches", "shes", "sses", "xes"))
            else lower[:-1] if lower.endswith("s") and not lower.endswith(("ss", "us")) else word
        )
        break
    return " ".join(words)


def _with_subject(text: str) -> str:
    """Chat drops the subject ("Just started at Bosch!"); the speaker is meant. A leading time
    ("These days I live in ...") is not the subject either."""
    text = LEAD_TIME.sub("", text)
    return with_dropped_subject(text)


# "Finally in Valencia, the flat in Ruzafa is tiny but lovely": arrived somewhere, with a home there.
_ARRIVED = re.compile(r"^(?:(?:I\s+am|I'm|we\s+are|we're)\s+)?(?i:finally|now|at\s+last)\s+(?:here\s+)?in\s+(?P<place>" + _NAME + ")")
# "Finally moved, the house in Wieliczka is full of boxes": the move is done, the home is there.
_MOVED_IN = re.compile(r"^(?:(?:I|we)\s+(?:have\s+)?)?(?i:(?:finally|just|officially|all)\s+)?(?i:moved(?:\s+in)?)\s*(?:[,!;:–-]|$)")
_HOME_THERE = re.compile(r"\b(?i:the|my|our)\s+(?i:new\s+)?(?i:flat|apartment|house|place|home|studio)(?:\s+in\s+(?P<part>" + _NAME
                         + r"))?\s+(?i:is|has|feels|looks)\b")


def _arrived_home(text: str, who: str) -> list[_Found]:
    arrived, home = _ARRIVED.match(text), _HOME_THERE.search(text)
    if home is not None and home["part"] and _MOVED_IN.match(text):
        return [(f"{who} lives in {_head(home['part'])}", "lives in", _head(home["part"]), "home~", False)]
    if arrived is None or home is None:
        return []
    place = _head(arrived["place"])
    where = f"{_head(home['part'])}, {place}" if home["part"] else place
    return [(f"{who} lives in {where}", "lives in", where, "home~", False)]


def _sold_and_bought(text: str, who: str) -> list[_Found]:
    """"I sold the Golf and bought a Tesla": when either side is a vehicle, both are."""
    match = _SOLD_AND_BOUGHT.search(text)
    if match is None:
        return []
    old, new = strip_tail(match["old"] or match["replaced"]), strip_tail(match["new"])
    if vehicle_name(old, sold=True) is None and vehicle_name(new) is None:
        return []
    return [(f"{who} sold the {old}", "no longer drives", old, "vehicle", True),
            (f"{who} bought {_article(new)} {new}", "drives", new, "vehicle", False)]


def _fact(statement: str, who: str, predicate: str, obj: str, certainty: float, kind: str) -> ExtractedFact:
    inferred = kind.endswith("~")
    return ExtractedFact(
        statement=statement[0].upper() + statement[1:] + ".",
        type=MemoryType.EPISODIC if kind == "plan" else MemoryType.SEMANTIC,
        certainty=min(certainty, Certainty.STRONG_INFERENCE.value) if inferred else certainty,
        subject=who,
        predicate=predicate,
        object=obj,
        entities=tuple(dict.fromkeys(name for name in (who, obj) if name[:1].isupper())),
    )


def _unique(found: list[_Found]) -> list[_Found]:
    seen: dict[tuple[str, str], tuple[str, str, str, str, bool]] = {}
    for item in found:
        seen.setdefault((item[1].removeprefix("no longer ").casefold(), item[2].casefold()), item)
    return list(seen.values())


def _head(obj: str) -> str:
    """The object's head: "Ranelagh, Dublin" keeps both; trailing time words and commas go."""
    return strip_tail(re.sub(r"^(?:the|a|an)\s+", "", obj.strip(" ,.;")))


def _article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"


