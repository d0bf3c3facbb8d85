"""The text indexed for a turn: the turn itself, or the turn with its conversational context.

A short reply ('Yes, last Friday!') is unfindable on its own; with the speaker, the date and
the previous turn it carries the words a later question will use.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["TurnView", "contextual_text", "format_date"]


@dataclass(frozen=True, slots=True)
class TurnView:
    speaker: str
    text: str
    timestamp: datetime


def format_date(moment: datetime) -> str:
    """'8 May 2023': the form people use in questions."""
    return f"{moment.day} {moment:%B %Y}"


def contextual_text(
    turn: TurnView,
    previous: TurnView | None = None,
    following: TurnView | None = None,
    *,
    speaker: bool = True,
    date: bool = False,
    previous_chars: int = 200,
    following_chars: int = 0,
) -> str:
    """The turn first (so truncation cuts context, not content), then date and previous turn."""
    parts = [f"{turn.speaker}: {turn.text}" if speaker else turn.text]
    if date:
        parts.append(f"({format_date(turn.timestamp)})")
    if previous is not None and previous_chars > 0:
        prev = previous.text if len(previous.text) <= previous_chars else previous.text[:previous_chars] + "…"
        parts.append(f"[replying to {previous.speaker}: {prev}]" if speaker else f"[after: {prev}]")
    if following is not None and following_chars > 0:
        nxt = following.text if len(following.text) <= following_chars else following.text[:following_chars] + "…"
        parts.append(f"[answered by {following.speaker}: {nxt}]" if speaker else f"[before: {nxt}]")
    return " ".join(parts)
