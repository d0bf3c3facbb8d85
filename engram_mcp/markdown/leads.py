"""The lead the writer puts in front of a memory's text on its page, so the page reads without tools:
who said a turn and when ("**Ana** 10:00 UTC — "), over what time a fact held ("*2023-05-08 → 2024-01-02* — ",
"*retracted 2024-01-02* — ", "*from 2027-01-01* — "). Read back, the lead is no part of the text, and a turn's
lead a person corrected is who said it and when. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime, timezone

from engram_mcp.markdown.escape import decode_text
from engram_mcp.model import Kind, Memory
from engram_mcp.model.temporal import begins_after_told

__all__ = ["TurnLead", "as_written", "lead_of", "read_text", "turn_lead"]

# The lead of a turn as a person may correct it: "**Bob** 10:30 UTC — " for "**Ana** 10:00 UTC — ".
_TURN_LEAD = re.compile(r"^\*\*(?P<who>[^*\n]+)\*\* (?P<hour>\d{1,2}):(?P<minute>\d{2})(?: UTC)? — ")


def lead_of(memory: Memory) -> str:
    """The readable lead of a block: '**speaker** HH:MM UTC — ' for a turn in the journal,
    '*from → until* — ' for a fact that is no longer current, so history reads without tools, and
    '*from day* — ' for one told before the day it begins."""
    return _leads(memory)[0]


def _leads(memory: Memory) -> tuple[str, ...]:
    """The lead the writer puts in front of a memory's text, then the leads older versions wrote."""
    if memory.kind is Kind.FACT:
        return _interval(memory, " UTC"), _interval(memory, "")
    who = memory.provenance.speaker or memory.provenance.role
    if not who or "*" in who or "\n" in who:
        return ("",)
    # The journal's days and times are UTC (the record keeps no offset): say so on the page.
    clock = memory.event_time.strftime("%H:%M")
    return f"**{who}** {clock} UTC — ", f"**{who}** {clock} — "


def _interval(memory: Memory, zone: str) -> str:
    start = memory.event_time
    if memory.is_current():
        # A date, not a status: still true when the day has come and gone.
        return f"*from {_day(start, zone)}* — " if begins_after_told(memory) else ""
    if memory.invalid_at is None or memory.invalid_at <= start:
        return f"*retracted {_day(memory.expired_at or start, zone)}* — "
    return f"*{_day(start, zone)} → {_day(memory.invalid_at, zone)}* — "


def _day(moment: datetime, zone: str) -> str:
    moment = moment.astimezone(timezone.utc)
    if moment.time() == datetime.min.time():
        return moment.strftime("%Y-%m-%d")
    return moment.strftime("%Y-%m-%d %H:%M") + zone


def read_text(written: str, memory: Memory) -> str:
    """The memory text that written (escaped) text stands for, without the lead the writer puts in front."""
    text = decode_text(written)
    for prefix in _leads(memory):
        if prefix and text.startswith(prefix):
            return text[len(prefix) :]
    return text


def as_written(written: str, memory: Memory) -> Memory:
    """``memory`` with the text ``written`` stands for; a turn's lead a person corrected ("**Bob** 10:30 UTC — "
    where the server wrote Ana at 10:00) is who said it and when, not part of what was said."""
    text = read_text(written, memory)
    # Only where the server writes a lead at all: a turn with no speaker or role has none to correct.
    corrected = memory.kind is Kind.EPISODE and _leads(memory)[0] and text == decode_text(written)
    lead = _TURN_LEAD.match(text) if corrected else None
    if lead is None:
        return replace(memory, text=text)
    hour, minute = int(lead["hour"]), int(lead["minute"])
    if hour > 23 or minute > 59:
        # Never read as another time: the block is reported and keeps the time it had.
        raise ValueError(f"its time {lead['hour']}:{lead['minute']} is no time of day (00:00 to 23:59 UTC)")
    said_at = memory.event_time.astimezone(timezone.utc).replace(hour=hour, minute=minute)
    return replace(memory, text=text[lead.end():], valid_at=said_at if memory.valid_at is not None else None,
                   provenance=replace(memory.provenance, speaker=lead["who"].strip()))


@dataclass(frozen=True, slots=True)
class TurnLead:
    """Who said a turn and at what time of day (UTC), as the journal writes it in front of the text."""

    who: str
    hour: int
    minute: int
    text: str


def turn_lead(text: str) -> TurnLead | None:
    """The lead a journal turn opens with ("**Ana** 10:00 UTC — I moved."), typed by a person too; None
    when there is none or its time is no time of day."""
    lead = _TURN_LEAD.match(text)
    if lead is None or int(lead["hour"]) > 23 or int(lead["minute"]) > 59 or not lead["who"].strip():
        return None
    return TurnLead(lead["who"].strip(), int(lead["hour"]), int(lead["minute"]), text[lead.end():])
