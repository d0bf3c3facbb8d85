"""An event moved by an amount of time rather than to a time: "dentist pushed my appointment back a week,
same time", "the meeting got brought forward two days", "they moved my interview to the day after",
"postponed the call by a day". Pure.

It becomes one fact with the predicate ``model.corrections.SHIFTS``; the fact service says the newest fact
that names the event and its day again with the day moved, which replaces it. An event moved to a time said
("moved my appointment to Thursday") is ``corrections.rescheduling_fact``.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.corrections import SHIFTS, shift_object
from engram_mcp.model.time_expr import count_said

__all__ = ["EVENT_WORDS", "shift_fact"]

EVENT_WORDS = (r"appointment|appt|meeting|call|interview|flight|dinner|lunch|party|wedding|exam|surgery|operation|session|"
           r"class|lesson|trip|visit|check-?up|booking|reservation|date|scan|test|viewing|consultation|treatment|"
           r"procedure|hearing|delivery|move|match|game|gig|concert|deadline|review|presentation|shift")
_WHOM = r"(?-i:(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)"
# "my dentist appointment", "the meeting with Dr Weiss", "it": what was moved, said before or after the verb.
_WHAT = (r"(?:(?:my|our|the)\s+(?:[a-z-]+\s+){0,2}?(?:" + EVENT_WORDS + r")(?:\s+with\s+" + _WHOM + ")?"
         r"|it|that|this|them)")
_EVENT = re.compile(r"\b(?P<whose>my|our|the)\s+(?P<event>(?:[a-z-]+\s+){0,2}?(?:" + EVENT_WORDS + r"))\b"
                    r"(?:\s+with\s+(?P<with>" + _WHOM + "))?", re.IGNORECASE)
_AMOUNT = (r"(?:by\s+)?(?P<count>a|an|one|two|three|four|five|six|seven|a\s+couple\s+of|a\s+few|\d{1,2})\s+"
           r"(?P<unit>days?|weeks?|fortnight)")
# "pushed my appointment back a week", "pushed back my appointment by a week", "got brought forward two days",
# "postponed the call by a day".
_BY_AN_AMOUNT = re.compile(
    r"\b(?:(?:pushed|moved|shifted|bumped|knocked|brought)\s+(?:" + _WHAT + r"\s+)?(?P<way>back|forward|forwards|later|earlier)"
    r"\s+(?:" + _WHAT + r"\s+)?|(?:postponed|delayed|deferred)\s+(?:" + _WHAT + r"\s+)?)" + _AMOUNT + r"\b(?!\s+ago\b)",
    re.IGNORECASE,
)
# "moved my interview to the day after", "pushed it to the following week".
_TO_THE_NEXT = re.compile(
    r"\b(?:moved|pushed|changed|rescheduled|shifted|bumped|postponed|put\s+off)\s+(?:" + _WHAT + r"\s+)?(?:back\s+)?to\s+the\s+"
    r"(?:(?P<unit>day|week)\s+(?P<side>after|before)|(?:next|following)\s+(?P<next>day|week))\b",
    re.IGNORECASE,
)
# Who moved it, right before the verb: "dentist pushed it back a week", "The clinic moved my scan …", "my dentist has …".
# Or what was moved, right before "was": "Physio's been pushed back a week".
_AGENT = re.compile(r"(?:^|\b(?:my|our|the)\s+)(?P<agent>[a-z]+)(?:['’]s\s+(?:office|surgery|practice|clinic|receptionist))?"
                    r"(?P<undergone>['’]s\s+been\s+|\s+(?:has|have)\s+been\s+|\s+(?:was|got|is|is\s+being)\s+)?"
                    r"(?(undergone)|\s+(?:has\s+|have\s+|just\s+|also\s+)*)$", re.IGNORECASE)
_NOT_AN_AGENT = frozenset({"i", "we", "they", "he", "she", "you", "it", "someone", "somebody", "office", "clinic", "surgery",
                           "practice", "receptionist", "hospital", "school", "boss", "company", "airline", "also", "then", "so",
                           "was", "is", "got", "been", "has", "have", "get", "gets", "were", "are", "be", "just", "and", "but"})


def shift_fact(sentence: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """The event the sentence moves by an amount of time ("pushed my appointment back a week"), or None."""
    said = sentence.replace("’", "'")
    if (match := _BY_AN_AMOUNT.search(said)) is not None:
        unit = match["unit"].lower()
        days = count_said(match["count"]) * (14 if unit.startswith("fortnight") else 7 if unit.startswith("week") else 1)
        if (match["way"] or "").lower() in {"forward", "forwards", "earlier"}:
            days = -days
    elif (match := _TO_THE_NEXT.search(said)) is not None:
        unit = (match["unit"] or match["next"]).lower()
        days = (7 if unit == "week" else 1) * (-1 if (match["side"] or "").lower() == "before" else 1)
    else:
        return None
    # What was moved: named in the sentence ("my appointment", "The meeting got …"), else whose it was ("dentist pushed it").
    named = _EVENT.search(said[: match.end()])
    agent = _AGENT.search(said[: match.start()])
    who = agent["agent"].lower() if agent is not None and agent["agent"].lower() not in _NOT_AN_AGENT else None
    if named is not None and agent is not None and agent["undergone"]:
        who = None  # "The meeting got brought forward": what was moved, not who moved it
    if named is not None:
        event = " ".join(named["event"].lower().split())
        if who is not None and who not in event:
            event = f"{who} {event}"  # "dentist pushed my appointment back": the dentist appointment
        owner = "The" if named["whose"].lower() == "the" and who is None else f"{speaker}'s"
        with_whom = f" with {named['with']}" if named["with"] else ""
        moved = f"{owner} {event}{with_whom} was moved"
    elif who is not None:
        event, named = who, None
        moved = f"{speaker}'s {who} {'was moved' if agent is not None and agent['undergone'] else 'moved it'}"
    else:
        return None
    weeks, left = divmod(abs(days), 7)
    amount = (f"{'a' if weeks == 1 else weeks} week{'s' if weeks > 1 else ''}" if not left
              else f"{'a' if abs(days) == 1 else abs(days)} day{'s' if abs(days) > 1 else ''}")
    return ExtractedFact(
        statement=f"{moved} {amount} {'later' if days > 0 else 'earlier'}.",
        type=MemoryType.EPISODIC,
        certainty=certainty,
        subject=speaker,
        predicate=SHIFTS,
        object=shift_object(event, days),
        entities=(speaker, *((named["with"],) if named is not None and named["with"] else ())),
    )
