"""Work and study: the employer, job, team and school a person has one of at a time, and the
ordinary ways people say one began or ended ("I started at Meta", "handed in my notice",
"made head of the languages department", "a second-year law student at Bristol"). Pure.

``work_rules`` is the part of the state rule table (``states``) about work and study; what only a
whole sentence says ("First day at Stripe!", "on maternity leave, then back at Zalando") is read by
``work_sentences``, with the same facts; a job said to begin later is dated by ``job_starts``.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.lexicon import ACTIVITIES, OCCUPATIONS, SCHOOL, STUDENTS, YEAR_OF_COURSE, strip_tail
from engram_mcp.extraction.state_grammar import (
    BOUNDARY,
    NAME,
    UNCASED_NAME,
    Found,
    Rule,
    article,
    object_head,
    rule,
)

__all__ = ["ACCEPTED_OFFER", "CALLED", "WILL_WORK_AS", "accepted_offer", "last_day", "started_at", "work_rules"]

_NOT_WORKING = frozenset({"retired", "unemployed", "self-employed", "freelance", "between jobs"})
_EMPLOYED = (r"(?:am\s+(?:now\s+|currently\s+|still\s+)?)?(?:work|works|working|employed)\s+(?:(?:remotely|full-time|part-time|now|currently|still|"
             r"weekends|nights|evenings|days|mornings|shifts|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\s+)?"
             r"(?:at|for|by)")
# "riding for charity", "cleaning for fun": what one does it for, not whom.
_NOT_AN_EMPLOYER = (r"(?!(?:fun|charity|free|money|cash|exercise|fitness|pleasure|a\s+living|a\s+cause|a\s+while|an?\s+hour|"
                    r"hours|ages|years|months|weeks|days|miles|myself|yourself|him|her|them|us|me|you|it|the\s+(?:day|weekend|week|night|"
                    r"first\s+time|last\s+time))\b)")
# "a café called Forno Brisa": the name, not the kind of place.
CALLED = (r"(?:(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?(?:\s+in\s+(?-i:[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?))?"
           r"\s+(?:called|named)\s+)?")



def work_rules(name: str) -> tuple[Rule, ...]:
    """The work and study rows of the state rule table, with ``name`` as what marks a name."""
    name_obj = r"(?P<obj>(?:the\s+)?" + name + r")"
    org_obj = CALLED + r"(?P<obj>(?:the\s+)?" + name + r"|(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?" + BOUNDARY + r")"
    return (
        # employer and school
        rule(r"(?:have\s+|had\s+)?(?:quit|left\s+my\s+(?:job|role|position)\s+(?:at|with)|resigned\s+from|retired\s+from|was\s+laid\s+off\s+(?:from|by)|(?:was|got)\s+made\s+redundant\s+(?:from|at|by)|"
              r"got\s+(?:fired|laid\s+off)\s+from|no\s+longer\s+work\s+(?:at|for)|am\s+no\s+longer\s+(?:working|employed)\s+(?:at|for|by)|stopped\s+working\s+(?:at|for)|"
              r"graduated\s+from|dropped\s+out\s+of)(?:\s+my\s+job\s+at)?", org_obj, _left_job),
        # "I don't work at Tesco any more", "I'm not working for Arup anymore": the job ended ("I don't work
        # at Tesco" alone may put a mistake right, which its slot's own correction reads).
        rule(r"(?:do\s+not\s+work|am\s+not\s+(?:working|employed))\s+(?:at|for|by)", org_obj + r"(?=\s+(?:any\s*more|any\s+longer|now)\b)",
             _left_job),
        rule(_EMPLOYED, org_obj, _works_at),
        # "I drive long-haul for Nordfrakt", "I drive for Uber at weekends": driving is the work.
        rule(r"(?:drive|am\s+driving)\s+(?:long-haul\s+|trucks\s+|lorries\s+|buses\s+|(?:a\s+)?(?:taxi|cab|bus|truck|lorry|van)\s+)?for",
             r"(?P<obj>(?:the\s+)?" + name + r")", _works_at),
        # "riding for Deliveroo rn", "I do evening shifts at Olive Young": gig work and shifts are work.
        rule(r"(?:am\s+)?(?:rid(?:e|ing)|deliver(?:ing)?|courier(?:ing)?|temp(?:ing)?|cleaning|nannying|waitressing|bartending)\s+for",
             _NOT_AN_EMPLOYER + r"(?P<obj>(?:the\s+)?" + name + r")", _works_at),
        rule(r"(?:do|am\s+doing|pick\s+up|picked\s+up|am\s+picking\s+up)\s+(?:(?:evening|night|weekend|morning|day|late|early|extra|"
              r"some|a\s+few|\d+|[a-z]+day)\s+)*shifts?\s+(?:at|for)", org_obj, _works_at),
        # "I work in Leeds as a nurse", "my son works in Toronto as a data analyst": where the work is.
        rule(r"(?:work|am\s+working)\s+(?=in\s+)", r"(?=in\s+" + name + r"\s*,?\s+as\s+)", _job_in),
        # "I've been at Deloitte for six years as an auditor".
        rule(r"(?:have\s+been|'ve\s+been)\s+(?:working\s+)?at", name_obj + r"(?=\s+(?:for|since)\s+[\w\s]{1,20}?\s+as\s+)"
              r"[^,.;]*?\s+as\s+(?:an?\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)" + BOUNDARY, _been_at),
        rule(r"(?:have\s+)?(?:started|began)\s+(?:(?:a|my)\s+new\s+(?:job|role|position|gig)\s+|working\s+|work\s+|"
              r"(?:sixth\s+form|college|uni|university|school|secondary\s+school|year\s+\d+|a\s+(?:phd|masters?|master's|degree)"
              r"(?:\s+in\s+[a-z]+(?:\s+[a-z]+)?)?)\s+)?(?:at|with)",
              org_obj, started_at),
        rule(r"(?:have\s+)?(?:joined|(?:got|landed|have)\s+(?:a|my|the)\s+(?:(?:new|second|part-time|weekend|first|dream|full-time)\s+)*(?:[\w-]+\s+)?"
              r"job\b(?!\s+(?:interview|offer|fair|application|hunting|search))[^.;]{0,45}?\s+(?:at|with)|"
              r"got\s+(?:hired|selected|taken\s+on)\s+(?:at|by)|"
              r"took\s+a\s+(?:new\s+)?job\s+(?:at|with)|am\s+now\s+at|moved\s+jobs?\s+to|switched\s+jobs?\s+to)",
              CALLED + name_obj, started_at),
        # "got a job in an international school in Dubai": an employer unnamed, in a place that is named;
        # "got a job at the hospital in Cork": the one there, the employer.
        rule(r"(?:have\s+)?(?:got|landed|found)\s+(?:a|the)\s+(?:(?:new|first|dream|teaching|nursing)\s+)?job\s+(?:at|in|with)\s+",
             r"(?P<org>(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+in\s+(?P<obj>" + name + r")", _job_somewhere),
        rule(r"(?:study|studies|am\s+studying|am\s+a\s+student|go\s+to\s+school|transferred)(?P<field>(?:\s+[a-z]+){0,2}?)\s+(?:at|to)",
              name_obj, _studies_at),
        # "I'm a second-year law student at Bristol uni"
        rule(r"am\s+an?\s+(?:" + YEAR_OF_COURSE + r"\s+)?(?P<field>(?:[a-z]+\s+){0,2}?)"
              r"(?:" + "|".join(STUDENTS) + r")\s+(?:at|in)", name_obj, _studies_at),
        # "im officially a journalism student": what one studies, said without where.
        rule(r"am\s+(?:(?:now|officially|currently|still|finally)\s+)?an?\s+(?:" + YEAR_OF_COURSE + r"\s+)?",
             r"(?P<field>[a-z]+(?:\s+[a-z]+)?)\s+(?:" + "|".join(STUDENTS) + r")\b(?!\s+(?:at|in|of|from|union|loan|card|visa|"
             r"accommodation|halls?|house|discount|rep|council)\b)", _studies_field),
        # "I got into Oxford", "Noura got into medical school in Edinburgh": where one will study.
        rule(r"(?:got\s+into|(?:was|have\s+been|got)\s+accepted\s+(?:to|into|at|by)|got\s+a\s+place\s+at)\s+",
              r"(?P<obj>(?:the\s+)?" + name + r"|(?-i:(?:medical|law|dental|vet|veterinary|art|drama|music|business|nursing)"
              r"\s+school)(?:\s+in\s+" + name + r")?)" + BOUNDARY, _got_into),
        # "I'm doing a masters in robotics at TU Delft", "started a PhD in chemistry at UCL"
        rule(r"(?:am\s+(?:now\s+)?doing|do|have\s+started|started|am\s+starting|began)\s+(?:a|an|my)\s+(?:(?:part-time|full-time|"
              r"two-year|one-year|new)\s+)?(?:master'?s|masters\s+degree|master'?s\s+degree|msc|ma|mba|phd|doctorate|bachelor'?s|"
              r"bachelors?\s+degree|degree|bsc|ba|diploma|llm|pgce)(?:\s+(?:in|on)(?P<field>(?:\s+[a-z]+){1,2}?))?\s+(?:at|with)",
              name_obj, _studies_at),
        rule(r"(?:had\s+)?my\s+last\s+day\s+(?:at|with)", org_obj, last_day),
        # "I'm in the Payments team", "As of today I'm on the Platform team": the team one is in now.
        rule(r"am\s+(?:now\s+|currently\s+|still\s+|officially\s+)?(?:in|on|part\s+of)\s+the",
              r"\s*(?!(?:same|other|whole|wrong|right|best|first|second|new|old)\b)(?P<team>(?-i:[A-Za-z][\w-]*)(?:\s+(?-i:[A-Za-z][\w-]*))?)"
              r"\s+(?P<kind>team|ward|unit|department|squad)\b", _in_team),
        # "I transferred to the neonatal unit": another team at the same employer.
        rule(r"(?:have\s+)?(?:transferred|moved|switched|been\s+moved|was\s+moved)\s+(?:over\s+)?to\s+the",
              r"\s*(?P<team>(?-i:[a-z][\w-]*)(?:\s+(?-i:[a-z][\w-]*))?)\s+(?P<kind>team|ward|unit|department)\b", _moved_team),
        rule(r"(?:have\s+)?(?:accepted|took|signed)\s+(?:the|an?|their)\s+(?:(?:job\s+)?offer|(?:(?:new|remote|permanent|full-time|"
              r"part-time|senior|junior|hybrid)\s+)*(?:job|role|position))\s+(?:from|at|with)",
              name_obj + r"(?:(?:,?\s+starting\s+[^,.;]{1,25}?)?\s+as\s+(?:an?\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
              + BOUNDARY + ")?", accepted_offer),
        # "handed in my notice at Deloitte": leaving is planned, the job goes on until the last day.
        rule(r"(?:have\s+|am\s+|will\s+)?(?:(?:handed\s+in|handing\s+in|hand\s+in|gave|given|giving|give|put\s+in|putting\s+in)\s+"
              r"(?:my|our)\s+notice|(?:handed|handing|hand|put|putting)\s+(?:my|our)\s+notice\s+in)\s+(?:at|to)", org_obj, _notice),
        # "left Monzo for Wise": one employer for another.
        rule(r"(?:have\s+)?left", name_obj + r"\s+for\s+(?P<new>" + name + r")", _left_for),
        # job
        rule(r"(?:work|am\s+working)(?:\s+(?:nights|days|evenings|weekends|shifts|part-time|full-time|remotely|freelance))?\s+as\s+(?:an?\s+)?",
              r"(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)" + r"(?:\s+(?:at|for|with)\s+(?P<org>(?:the\s+)?" + name + r"))?"
              + BOUNDARY, _job),
        rule(r"(?:am\s+now|am|became|have\s+become|got\s+promoted\s+to|was\s+promoted\s+to)\s+(?:an?\s+|the\s+)?",
              r"(?P<role>(?!(?:his|her|their|my|our|your|its)\b)(?:[a-z][\w-]*\s+){0,2}?(?:[a-z]+-)?(?:" + "|".join(sorted(OCCUPATIONS))
              # "a solicitor specialising in family law at Hallam & Reid"
              + r"))(?:\s+(?:specialising|specializing|working)\s+in\s+[a-z]+(?:\s+[a-z]+){0,2}?(?=\s+(?:at|for)\s))?"
              r"(?:\s+(?:at|for)\s+(?P<org>" + name + r"))?" + BOUNDARY, _job),
        # "I've been made head of the languages department"
        rule(r"(?:have\s+been|was|got|been)\s+(?:made|appointed|named|promoted\s+to)\s+",
              r"(?P<role>(?:deputy\s+)?(?:head|director|chair|lead|manager)\s+of\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
              + BOUNDARY, _job),
        # "I teach English at Lingo Kyoto": a teacher, and where.
        rule(r"(?:teach|am\s+teaching)\s+(?P<subject_taught>(?-i:[A-Za-z][\w-]*)(?:\s+[a-z][\w-]*)?)\s+(?:at|for)",
              r"(?:(?:a|an|the)\s+[a-z][\w\s-]*?\s+(?:called|named)\s+)?" + org_obj, _teaches),
        # "I tutor maths to high schoolers", "I teach piano in the evenings": work with no employer.
        rule(r"(?:now\s+)?(?P<verb>tutor|teach|coach)\s+(?P<subject_taught>(?-i:[A-Za-z][\w-]*))",
              r"(?=\s+(?:to|for|online|privately|part-time|on|in|at\s+home|now|$)|\s*[,.!]|$)(?!\s+at\s+(?!home))", _tutors),
        rule(r"am\s+(?:now\s+)?(?:going\s+(?=freelance|self-employed))?",
              r"(?P<role>(?i:retired|unemployed|self-employed|freelance|freelancing|between\s+jobs))\b", _job),
    )


def _job_in(m: re.Match[str], who: str) -> list[Found]:
    """"I work in Leeds as a nurse": the job, and the place it is in."""
    tail = m.string[m.end():]
    place = _PLACE_TAIL.match(tail) or _PLACE_TAIL_UNCASED.match(tail)
    role = re.match(r"^.*?\bas\s+(?:an?\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)" + BOUNDARY, tail)
    found: list[Found] = []
    if role:
        name = strip_tail(role["role"])
        found.append((f"{who} works as {article(name)} {name}", "works as", name, "job", False))
    if place:
        found.append((f"{who} is based in {place['place']}", "is based in", place["place"], "home?", False))
    return found


def _works_at(m: re.Match[str], who: str) -> list[Found]:
    # Working at a school is a job there ("I work at Hillside Academy as a maths teacher"), not study.
    org = object_head(m["obj"])
    return [(f"{who} works at {org}", "works at", org, "employer", False), *_job_details(m, who, org)]


_ROLE_TAIL = re.compile(r"^\s*,?\s*(?:now\s*,?\s*)?as\s+(?:an?\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
                        + BOUNDARY)
_TEAM_TAIL = re.compile(r"^.*?\b(?:on|in|with)\s+(?:the\s+)?(?P<team>[\w-]+(?:\s+[\w-]+)?)\s+(?P<kind>team|ward|unit|department)\b",
                        re.IGNORECASE)
_PLACE_TAIL = re.compile(r"^.*?\bin\s+(?P<place>" + NAME + r")")
_PLACE_TAIL_UNCASED = re.compile(r"^.*?\bin\s+(?P<place>" + UNCASED_NAME + r")")


def _job_details(m: re.Match[str], who: str, org: str) -> list[Found]:
    """What the rest of "I work at Google as an engineer in London, on the ads team" adds."""
    tail = m.string[m.end():]
    details: list[Found] = []
    role = _ROLE_TAIL.match(tail)
    if role:
        name = strip_tail(role["role"])
        details.append((f"{who} works as {article(name)} {name}", "works as", name, "job", False))
    team = _TEAM_TAIL.match(tail)
    if team:
        details.append((f"{who} is on the {_unit(team)} at {org}", "team", _unit(team), "team", False))
    return details + _based_in(m, who)


def _in_team(m: re.Match[str], who: str) -> list[Found]:
    return [(f"{who} is in the {_unit(m)}", "team", _unit(m), "team", False)]


def _moved_team(m: re.Match[str], who: str) -> list[Found]:
    return [(f"{who} moved to the {_unit(m)}", "team", _unit(m), "team", False)]


def _unit(m: re.Match[str]) -> str:
    """"the cardiology ward", "the ads team": a team by its name and its kind."""
    return f"{m['team']} {m['kind'].lower()}"


def _based_in(m: re.Match[str], who: str) -> list[Found]:
    """The place after a job ("… as a nurse in Tokyo"), read in the kind of name the rule that
    matched reads (a rule for turns typed without capitals is written with ``UNCASED_NAME``).

    Working somewhere suggests living nearby, but says little: a guess ("home?"), which never ends
    a home that was said ("I live in Jackson Heights" and "I work at a clinic in Corona")."""
    uncased = UNCASED_NAME in m.re.pattern
    place = (_PLACE_TAIL_UNCASED if uncased else _PLACE_TAIL).match(m.string[m.end():])
    return [(f"{who} is based in {place['place']}", "is based in", place["place"], "home?", False)] if place else []


def _studies_at(m: re.Match[str], who: str) -> list[Found]:
    school = object_head(m["obj"])
    if "transferred" in m.group(0).lower() and not SCHOOL.search(school):
        # "I transferred to the Boots in York": a job moved, not a school.
        return [(f"{who} transferred to {school}", "works at", school, "employer", False), *_job_details(m, who, school)]
    field = (m.groupdict().get("field") or "").strip()
    # "I study architecture at …": what is studied is a slot of its own ("switched to engineering").
    studied = [(f"{who} studies {field}", "field of study", field, "field", False)] if field and not _NOT_A_FIELD.match(field) else []
    return [(f"{who} studies at {school}", "studies at", school, "school", False), *studied]


def _studies_field(m: re.Match[str], who: str) -> list[Found]:
    field = m["field"].strip()
    if _NOT_A_FIELD.match(field) or field in {"good", "bad", "poor", "new", "former", "ex", "top", "model", "star", "fellow", "medical"}:
        return []
    return [(f"{who} studies {field}", "field of study", field, "field", False)]


def _got_into(m: re.Match[str], who: str) -> list[Found]:
    # "got into Leeds University", "got into medical school" (not "got into London late").
    return _studies_at(m, who) if SCHOOL.search(m["obj"]) else []


_NOT_A_FIELD = re.compile(r"^(?:abroad|here|there|hard|full|part|online|remotely|now|still|currently|also|again|in|a|an|the|"
                          r"nights?|evenings?|weekends?|phd|masters?|msc|mba|bsc|ba|doctoral|graduate|exchange|mature|"
                          r"international|part-time|full-time)\b", re.IGNORECASE)


def started_at(m: re.Match[str], who: str) -> list[Found]:
    org = object_head(m["obj"])
    if SCHOOL.search(org) and "shift" not in m.group(0).lower():  # a shift is work, wherever it is
        return [(f"{who} started studying at {org}", "studies at", org, "school", False)]
    return [(f"{who} started working at {org}", "works at", org, "employer", False), *_job_details(m, who, org)]


def _job_somewhere(m: re.Match[str], who: str) -> list[Found]:
    """"got a job in an international school in Dubai": where the new work is, a guess at where one will live."""
    place = object_head(m["obj"])
    based: list[Found] = [(f"{who} got a job at {m['org']} in {place}", "is based in", place, "home?", False)]
    if not m["org"].lower().startswith("the "):
        return based
    employer = f"{object_head(m['org'])} in {place}"
    return [(f"{who} works at {m['org']} in {place}", "works at", employer, "employer", False), *based]


def _left_job(m: re.Match[str], who: str) -> list[Found]:
    org = object_head(m["obj"])
    said = m.group(0).lower()
    if "graduated" in said or "dropped out" in said or SCHOOL.search(org):
        verb = "graduated from" if "graduated" in said else "no longer studies at"
        return [(f"{who} {verb} {org}", "no longer studies at", org, "school", True)]
    after = m.string[m.end():].split()
    if "job" not in said and (org.casefold().split()[-1] in ACTIVITIES and org[:1].islower()
                              or after and after[0].casefold().strip(".,!") in ACTIVITIES):
        return []  # "quit netball", "quit the Liederkranz choir": an activity ended, read as one (not an employer)
    verb = next((v for v in ("quit", "resigned from", "retired from") if v in said), "no longer works at")
    return [(f"{who} {verb} {org}", "no longer works at", org, "employer", True)]


def last_day(m: re.Match[str], who: str) -> list[Found]:
    org = object_head(m["obj"])
    return [(f"{who} left {org}", "no longer works at", org, "employer", True)]


# An accepted offer and the role it names are plans; ``job_starts.dated_starts`` makes them the job from its first day.
ACCEPTED_OFFER = "accepted a job offer from"
WILL_WORK_AS = "will work as"


def accepted_offer(m: re.Match[str], who: str) -> list[Found]:
    org = object_head(m["obj"])
    offer: list[Found] = [(f"{who} accepted a job offer from {org}", ACCEPTED_OFFER, org, "plan", False)]
    role = strip_tail(m.groupdict().get("role") or "")
    return offer + ([(f"{who} will work as {article(role)} {role}", WILL_WORK_AS, role, "plan", False)] if role else [])


def _been_at(m: re.Match[str], who: str) -> list[Found]:
    org, role = object_head(m["obj"]), strip_tail(m["role"])
    return [(f"{who} works at {org}", "works at", org, "employer", False),
            (f"{who} works as {article(role)} {role}", "works as", role, "job", False)]


def _notice(m: re.Match[str], who: str) -> list[Found]:
    org = object_head(m["obj"])
    return [(f"{who} handed in notice at {org}", "handed in notice at", org, "plan", False)]


def _left_for(m: re.Match[str], who: str) -> list[Found]:
    """"I left Monzo for Wise": the old employer ended, the new one begun."""
    old, new = object_head(m["obj"]), object_head(m["new"])
    return [(f"{who} left {old}", "no longer works at", old, "employer", True),
            (f"{who} works at {new}", "works at", new, "employer", False)]


def _job(m: re.Match[str], who: str) -> list[Found]:
    role = strip_tail(m["role"])
    if role.split()[-1].lower() in STUDENTS:
        return []  # "a law student at UCL" studies there (``_studies_at``); it is no job
    role = "freelance" if role.lower() == "freelancing" else role
    if role in _NOT_WORKING:
        said = f"is {role}"
    elif role.lower().startswith("retired "):
        said = f"is {article(role)} {role}"  # "a retired history teacher" is what one was
    elif " of " in role:
        said = f"works as {role}"  # "head of the languages department" takes no article
    else:
        said = f"works as {article(role)} {role}"
    facts = [(f"{who} {said}", "works as", role, "job", False)]
    if role not in _NOT_WORKING:
        facts += _based_in(m, who)
    if m.groupdict().get("org"):
        org = object_head(m["org"])
        facts.append((f"{who} works at {org}", "works at", org, "employer", False))
    return facts


def _teaches(m: re.Match[str], who: str) -> list[Found]:
    org = object_head(m["obj"])
    role = f"{m['subject_taught']} teacher"
    return [(f"{who} works as {article(role)} {role}", "works as", role, "job", False),
            (f"{who} teaches at {org}", "works at", org, "employer", False)]


def _tutors(m: re.Match[str], who: str) -> list[Found]:
    """"I tutor maths to high schoolers now": the work one does, with no employer named."""
    taught = m["subject_taught"]
    if _NOT_TAUGHT.match(taught):
        return []
    role = f"{taught} {_TEACHER[m['verb'].lower()]}"
    return [(f"{who} works as {article(role)} {role}", "works as", role, "job", False)]


_TEACHER = {"tutor": "tutor", "teach": "teacher", "coach": "coach"}
_NOT_TAUGHT = re.compile(r"^(?:them|him|her|us|you|me|myself|it|people|kids|children|students|classes|class|a|an|the|"
                         r"there|here|online|part-time|at|for)$", re.IGNORECASE)
