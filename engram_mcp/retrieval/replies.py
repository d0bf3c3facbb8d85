"""What leads when a reply would: a turn is indexed with the turn it answers (``context.index_text``),
so a reply can reach the top by the words of that turn alone; the person's turn goes before the
assistant's reply to it (``said_before_reply_first``), unless the turn names again what was so before and the reply
says only what holds (``confirmed_first``). Pure, like the rest of ``leading``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engram_mcp.model import Kind, Memory
from engram_mcp.model.old_values import without_old_values
from engram_mcp.retrieval.focus import LEAD_DEPTH, Focus, Scored, about, lead
from engram_mcp.retrieval.values_said import (
    asked_of,
    is_figure,
    says_value,
    values_of,
    values_said_of,
)

__all__ = ["RepliedTo", "confirmed_first", "said_before_reply_first"]


RepliedTo = Callable[[Memory], Memory | None]
"""The person's turn an assistant's reply answers (the one just before it), else None."""
Reply = Callable[[Memory], Memory | None]
"""The assistant's reply to a person's turn (the one just after it), else None."""


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
    # is no more than the turn said: the old value was said before, and the turn holds the new. Nor is a figure the turn
    # wrote otherwise ("3,5 juta", "15h" for 3pm).
    reply = without_old_values(ranked[0][0].text)[0]
    turn_says = values_of(said.text)
    if any(not _written_otherwise(value, reply, turn_says) for value in values_of(reply) - turn_says - focus.speakers):
        return ranked
    return lead(ranked, next((pair for pair in ranked if pair[0].id == said.id), None) or (said, ranked[0][1]))


def _written_otherwise(value: str, reply: str, said: set[str]) -> bool:
    """Whether the turn saying ``said`` (its values) says the figure ``value`` of ``reply`` as written another way: "3,5" for
    "3.5", "15h" for "3pm", "14" for "14:00"."""
    if value.replace(".", ",") in said or value.replace(",", ".") in said:
        return True
    if value.endswith((":00", ".00")) and value[:-3] in said:
        return True
    afternoon = re.search(rf"(?<![\d.,:]){re.escape(value)}\s?(?:pm|p\.m\.)", reply, re.IGNORECASE)
    return afternoon is not None and value.isdigit() and int(value) < 12 and str(int(value) + 12) in said


def confirmed_first(ranked: list[Scored], focus: Focus, reply_to: Reply) -> list[Scored]:
    """"raising my deposit to $150 from now on, too many no-shows at $100" then "Deposit is $150 now.": a turn that
    changes something often names what it was ("$100", said in a memory before it) beside what it is; when the
    assistant's reply to it says again what the turn says of the question, a new value of the old one's kind, and names
    what was so before nowhere, the reply goes first, since it names only what holds."""
    first = ranked[0][0] if ranked else None
    if first is None or focus.to_assistant or first.kind is not Kind.EPISODE or first.said_by_assistant():
        return ranked
    reply = reply_to(first)
    if reply is None or not about(reply.text, focus) & set(focus.terms):
        return ranked
    reply_says = without_old_values(reply.text)[0]
    # What the reply says besides what the question names ("Okonjo-Lyle total is £3,915": "£3,915"; "Mr. Lim" asked of is
    # nothing confirmed), and only what the turn says.
    confirmed = {value for value in values_of(reply_says) if not asked_of(value, focus)}
    if not confirmed or not all(says_value(first.text, value) for value in confirmed):
        return ranked
    # Nor is what the question names an old value ("Brody" of "What dose of Biphentin is Brody taking?").
    left_out = {value for value in values_of(first.text) if not says_value(reply_says, value) and not asked_of(value, focus)}
    # What the reply leaves out is what a memory before the turn said of the question, in a sentence speaking of what is
    # asked ("deposit policy rn is $100"; not the "3km" of a swim, for a goal race): the turn names the old value beside
    # the new one. The reply names it nowhere, not even as what it was ("Kids Kingdom after school (was Sue Prentice)"),
    # and says a new value of its kind, a name for a name, a figure for a figure: "Your new business account:
    # 38-9021-…" says no bank in place of ANZ, nor "the 15 January date" a supervisor in place of Hartley.
    before = any(pair[0].event_time < first.event_time and (olds := values_said_of(pair[0].text, focus) & left_out)
                 and not any(says_value(reply.text, value) for value in olds)
                 and any(is_figure(value) in {is_figure(old) for old in olds} and not says_value(pair[0].text, value)
                         for value in confirmed)
                 for pair in ranked[1:LEAD_DEPTH])
    return lead(ranked, next((pair for pair in ranked if pair[0].id == reply.id), (reply, ranked[0][1]))) if before else ranked
