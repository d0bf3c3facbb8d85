"""A statement said again with the day it names moved by a number of days: "My dentist appointment is on
1 December at 10am", pushed back a week, is "… on 8 December at 10am". Pure: the moment the statement was
told is passed in, and reads a day without a year ("1 December", "on Tuesday") as the next one from then.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from engram_mcp.model.time_expr import named_days, upcoming_day

__all__ = ["shifted"]

_WEEKDAY = re.compile(r"\b(?:on\s+)?(?P<day>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|tomorrow)\b(?!\s+\d)")


def shifted(text: str, days: int, told_at: datetime) -> str | None:
    """``text`` with the first day it names by its date or weekday moved by ``days`` (the rest, a time of day too,
    as it was); None when it names no day."""
    for (start, end), year, month, number in named_days(text):
        said = text[start:end]
        try:
            day = datetime(int(year), month, number, tzinfo=told_at.tzinfo) if year else upcoming_day(said, told_at)
        except ValueError:
            continue
        if day is None:
            continue
        moved = day + timedelta(days=days)
        # The year is said when it was, or when the move takes the day into another one.
        with_year = year is not None or moved.year != day.year
        if re.match(r"\d{4}-", said):
            written = f"{moved:%Y-%m-%d}"
        elif said[:1].isdigit():
            written = f"{moved.day} {moved:%B}" + (f" {moved.year}" if with_year else "")
        else:
            written = f"{moved:%B} {moved.day}" + (f", {moved.year}" if with_year else "")
        return text[:start] + written + text[end:]
    weekday = _WEEKDAY.search(text)
    if weekday is None:
        return None
    day = upcoming_day(f"on {weekday['day'].lower()}" if weekday["day"] != "tomorrow" else "tomorrow", told_at)
    if day is None:
        return None
    moved = day + timedelta(days=days)
    on = "on " if weekday.group(0).startswith("on ") or weekday["day"] == "tomorrow" else ""
    return text[: weekday.start()] + f"{on}{moved:%A} {moved.day} {moved:%B}" + text[weekday.end():]
