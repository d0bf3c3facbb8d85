"""Work said by a whole sentence, not by one clause of it: "First day at Stripe!", "on maternity
leave until January, then back at Zalando", "I used to work at Fiat", "I changed jobs, I'm at Canva
now" ("I'm at" a name is a workplace only when the sentence is about work). The facts are those of
the work rules (``work``). Pure.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.lexicon import SCHOOL, strip_tail
from engram_mcp.extraction.state_grammar import NAME, UNCASED_NAME, Found, article, object_head
from engram_mcp.extraction.work import CALLED, accepted_offer, last_day, started_at
from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["OFFER_ACCEPTED", "work_in_sentence"]

# "on maternity leave until January, then back at Zalando": the job goes on through the leave.
_ON_LEAVE = re.compile(r"\b(?i:maternity|paternity|parental|sick|study)\s+(?i:leave)\b.*?\b(?i:back\s+(?:at|to)|returning\s+to|"
                       r"return\s+to)\s+(?P<obj>" + NAME + r")")
_LAST_DAY = re.compile(r"(?:\b(?:today|yesterday|friday|this\s+was|that\s+was|it\s+was)\s+(?:was\s+)?my\s+|^(?:my\s+)?)"
                       r"last\s+day\s+(?:at|with)\s+(?P<obj>" + NAME + ")", re.IGNORECASE)
# "I used to work at Fiat", "I used to live in Milan": a state that has ended.
_USED_TO = re.compile(r"\bI\s+used\s+to\s+(?i:(?P<verb>work|live|study))\s+(?i:at|in|for)\s+(?P<obj>" + NAME + r")")
# "…, but now I'm at Ferrari as a test engineer": "at" a name is a workplace when the sentence is about work.
# "I'm at Canva now", "now I'm doing pastry at a restaurant called Seed": where one works, when
# the sentence is about work (a cue below, or a job just left: "I left Flour Pot last week").
_AT_WORK = re.compile(r"\bI\s+(?i:am|'m)\s+(?i:now\s+)?(?:(?i:at|with)|(?i:doing|cooking|baking|teaching|managing|serving|nursing|"
                      r"coaching)\s+(?:[\w-]+\s+){0,2}?(?i:at))\s+" + CALLED + r"(?P<obj>" + NAME + r")")
_WORK_CUE = re.compile(r"\b(?:(?:work|works|worked|working|job|role|position|employer|company|hired|joined|colleagues?|"
                       r"as\s+an?\s+[a-z]+(?:\s+[a-z]+)?)\b|(?:left|quit|resigned\s+from)\s+(?-i:[A-Z]))", re.IGNORECASE)
_CALENDAR_WORD = r"(?:" + "|".join(sorted(CALENDAR_NAMES)) + r"|Mon|Tues?|Wed|Thu|Thurs|Fri|Sat|Sun|Today|Tomorrow|Back|Of|On|In|Done)\b"
# "First day at Stripe!", "my new job at Kansai Medical Center": a start, said without the verb.
# "day 1 at the marine institute done", "first shift at padaria flor done" likewise.
_FIRST = r"(?:first\s+(?:(?:full|proper|real)\s+)?(?:day|week|month|shift)|(?:day|week|shift)\s+(?:1|one)|new\s+(?:job|role|position)(?:\s+is)?)"
# "first proper day at Little Wattle for Hina" is someone else's start.
_FOR_ANOTHER = r"(?!(?:[\w'’&-]+\s+){1,4}(?i:for)\s+(?:[A-Z]|(?i:my|our|his|her|their)\b))"
# "First day as floor supervisor at Harbour Kitchen": the job too.
_AS_ROLE = r"(?:\s+(?i:as)\s+(?:(?i:an?)\s+)?(?P<first_role>(?-i:[a-z][\w-]*)(?:\s+(?!(?:at|with|in|on|for|from)\b)(?-i:[a-z][\w-]*)){0,2}?))?"
# "First day Bittium.", "First shift Danderyd done": the place named, its "at" dropped (not a day: "First day Monday").
_FIRST_DAY = re.compile(r"(?:^|\b(?i:my)\s+)(?i:" + _FIRST + r")" + _AS_ROLE + r"(?:\s+(?i:at|with)\s+(?i:the\s+)?|\s+(?!" + _CALENDAR_WORD
                        + r"))" + _FOR_ANOTHER + r"(?P<obj>" + NAME + r")")
_FIRST_DAY_UNCASED = re.compile(r"(?:^|\bmy\s+)" + _FIRST + _AS_ROLE + r"\s+(?:at|with)\s+(?:the\s+)?" + _FOR_ANOTHER
                                + r"(?P<obj>" + UNCASED_NAME + r")")
OFFER_ACCEPTED = re.compile(r"\b(?:got|received|had)\s+(?:the|an?)\s+(?:job\s+)?offer\s+(?:from|at)\s+(?P<obj>" + NAME
                             + r")\s*,?\s+and\s+(?:I\s+)?(?:have\s+)?(?:accepted|took|signed)\b")

# "I changed jobs, I'm at Canva now": the change names what "I'm at" means.
_CHANGED_JOB = re.compile(r"\b(?i:changed\s+jobs?|switched\s+jobs?|new\s+job)\b[^.!?]*?\bI\s+(?i:am|'m)\s+(?i:now\s+)?"
                          r"(?i:at|in|with)\s+(?P<obj>" + NAME + r")")


def _used_to(m: re.Match[str], who: str) -> list[Found]:
    place = object_head(m["obj"])
    verb = m["verb"].lower()
    if verb == "live":
        return [(f"{who} used to live in {place}", "no longer lives in", place, "home", True)]
    if verb == "study" or SCHOOL.search(place):
        return [(f"{who} used to study at {place}", "no longer studies at", place, "school", True)]
    return [(f"{who} used to work at {place}", "no longer works at", place, "employer", True)]


def work_in_sentence(text: str, context: str, who: str, *, uncased: bool) -> list[Found]:
    """What ``context``, the whole sentence around the clause ``text``, says of work that no
    one clause does."""
    found: list[Found] = []
    if (leave := _ON_LEAVE.search(text)) is not None:
        org = object_head(leave["obj"])
        found.append((f"{who} works at {org}", "works at", org, "employer", False))
    if (used := _USED_TO.search(context)) is not None:
        found += _used_to(used, who)
    if (at_work := _AT_WORK.search(text)) is not None and _WORK_CUE.search(context):
        found += started_at(at_work, who)
    if (changed := _CHANGED_JOB.search(context)) is not None:
        found += started_at(changed, who)
    first_day = _FIRST_DAY_UNCASED if uncased else _FIRST_DAY
    for sentence_rule, build in ((_LAST_DAY, last_day), (OFFER_ACCEPTED, accepted_offer), (first_day, started_at)):
        if (whole := sentence_rule.search(context)) is not None:
            found += build(whole, who)
            if (role := whole.groupdict().get("first_role")) and (role := strip_tail(role)):
                found.append((f"{who} works as {article(role)} {role}", "works as", role, "job", False))
    return found
