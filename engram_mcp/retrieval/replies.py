"""What leads when a reply would: a turn is indexed with the turn it answers (``context.index_text``),
so a reply can reach the top by the words of that turn alone; the person's turn goes before the
assistant's reply to it (``said_before_reply_first``). Pure, like the rest of ``leading``.
"""

from __future__ import annotations

from collections.abc import Callable

from engram_mcp.model import Memory
from engram_mcp.model.old_values import without_old_values
from engram_mcp.retrieval.focus import Focus, Scored, lead, specifics

__all__ = ["RepliedTo", "said_before_reply_first"]


RepliedTo = Callable[[Memory], Memory | None]
"""The person's turn an assistant's reply answers (the one just before it), else None."""


def said_before_reply_first(ranked: list[Scored], focus: Focus, replied_to: RepliedTo) -> list[Scored]:
    """"New hearing aids!! Signia Pure Charge&Go" then "That's wonderful, Gerhard. It usually takes a
    couple of weeks to adjust to new hearing aids": a reply can lead by the words of the turn it
    answers; what the person said is what answers a question about them, so their turn goes first,
    unless the question asks what the assistant said ("What did you suggest…?"), or the reply names
    what the turn does not ("Updated: Ramipril 5mg … Bedtime: Rosuvastatin 10mg", a list put together
    from several turns), besides what it marks as what it was."""
    if not ranked or focus.to_assistant or (said := replied_to(ranked[0][0])) is None:
        return ranked
    # What the reply marks as what it was ("Noted: from June the twins go to Kids Kingdom after school (was Sue Prentice)")
    # is no more than the turn said: the old value was said before, and the turn holds the new.
    if specifics(without_old_values(ranked[0][0].text)[0]) - specifics(said.text) - focus.speakers:
        return ranked
    return lead(ranked, next((pair for pair in ranked if pair[0].id == said.id), None) or (said, ranked[0][1]))

