"""A job said to begin on a later day ("I start at Stripe on Monday", an offer accepted and "I
start on 1 November", "my first day at Monzo is next Monday"): the employer, and the role an
accepted offer named, hold from that day, and supersede the old job only then. Pure.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.introductions import GOT_THE_JOB
from engram_mcp.extraction.lexicon import SCHOOL
from engram_mcp.extraction.state_grammar import NAME, article, object_head
from engram_mcp.extraction.work import ACCEPTED_OFFER, WILL_WORK_AS
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.predicates import normalise
from engram_mcp.model.time_expr import upcoming_day

__all__ = ["dated_starts"]


# "I start on 1 November", "starting Monday", "my first day at Monzo is next Monday": when a
# job begins, said before it does ("started" is the past, read by the rules above).
_BEGINS = r"(?:(?:I|we)\s+(?:will\s+|'ll\s+|am\s+|'m\s+)?(?:start|begin)(?:ing)?|starting|(?:^|(?<=[.!?]\s))start|(?:my\s+)?start\s+date\s+is|(?:my\s+)?first\s+day)"
_STARTS_AT = re.compile("(?i:" + _BEGINS + r"\s+(?:my\s+new\s+(?:job|role|position)\s+|(?:a\s+)?new\s+job\s+|work\s+|working\s+)?"
                        r"(?:at|with))\s+(?P<org>" + NAME + r")(?P<when>[^.!?;]*)")
# "starting at Klarna monday": the day right after the employer, said without "on".
_DAY_AFTER = re.compile(r"^\s*,?\s*(?P<day>(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE)
# "gave notice at Spotify", "quit Spotify", "handed in my notice", "last day at Spotify": the speaker leaves a job,
# so a start named beside it with no day is the job from now.
_LEAVES = re.compile(r"\b(?:notice|quit|quitting|resign(?:ed|ing)?|last\s+day|left\s+my\s+(?:job|role|position))\b", re.IGNORECASE)
_NEW_JOB = re.compile(r"\bnew\s+(?:job|role|position|gig)\b", re.IGNORECASE)
_STARTS_ON = re.compile(r"\b(?:" + _BEGINS + r"|starts)\b(?P<when>[^.!?;]*)", re.IGNORECASE)


def dated_starts(facts: list[ExtractedFact], text: str, speaker: str, when: datetime) -> list[ExtractedFact]:
    """``facts`` with each job the turn says begins on a later day ("I start at Stripe on Monday",
    or a job offer accepted and "I start on 1 November") as the job from that day: "Lena works
    at Klarna from 1 November 2026", which becomes true, and supersedes the old employer, then."""
    begins: dict[str, tuple[datetime, tuple[str, ...], float]] = {}
    for m in _STARTS_AT.finditer(text):
        day = upcoming_day(m.group(0), when) or _day_right_after(m["when"], when)
        if day is None and _LEAVES.search(text):
            day = when  # "quit Spotify, starting at Klarna": one job for the other, now
        org = object_head(m["org"])
        if day is not None and org[:1].isupper() and not SCHOOL.search(org):
            begins.setdefault(org, (day, (speaker, org), Certainty.STATED.value))
    day = next((d for m in _STARTS_ON.finditer(text) if (d := upcoming_day(m.group(0), when)) is not None), None)
    if day is not None:
        news = _NEW_JOB.search(text) is not None or GOT_THE_JOB.search(text) is not None
        for fact in facts:
            slot = normalise(speaker, fact.predicate, fact.object)
            offered = fact.predicate == ACCEPTED_OFFER or news and slot.predicate == "works_at" and not slot.negated
            if offered and fact.subject == speaker:
                begins.setdefault(fact.object, (day, fact.entities, fact.certainty))
    if not begins:
        return facts
    # What the same clause said without its day ("Lena started working at Atlassian") gives way;
    # the role an accepted offer named is the job from that day too.
    kept = [f for f in facts if not (f.object in begins and normalise(speaker, f.predicate, f.object).predicate == "works_at")
            and f.predicate != WILL_WORK_AS]
    first_day = min(day for day, _, _ in begins.values())
    roles = [
        replace(f, statement=f"{speaker} works as {article(f.object)} {f.object} from {first_day.day} {first_day:%B %Y}.",
                predicate="works as",
                type=MemoryType.SEMANTIC, event_time=first_day)
        for f in facts if f.predicate == WILL_WORK_AS
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



def _day_right_after(said: str, now: datetime) -> datetime | None:
    """The weekday said right after where a job begins ("starting at Klarna monday"), if one is."""
    bare = _DAY_AFTER.match(said)
    return upcoming_day(f"on {bare['day']}", now) if bare is not None else None
