"""What leads when a reply would: a turn is indexed with the turn it answers (``context.index_text``),
so a reply can reach the top by the words of that turn alone. Pure, like the rest of ``leading``.

- ``said_before_reply_first``: the person's turn over the assistant's reply to it;
- ``answered_first``: the turn a reply answers, over a reply whose own words hold nothing asked.
"""

from __future__ import annotations

from collections.abc import Callable

from engram_mcp.model import Memory
from engram_mcp.retrieval.abstain import lexical_coverage
from engram_mcp.retrieval.leading import Focus, Scored, lead, specifics

__all__ = ["RepliedTo", "answered_first", "said_before_reply_first"]


RepliedTo = Callable[[Memory], Memory | None]
"""The turn a reply answers (the one just before it, in another voice), else None."""


def said_before_reply_first(ranked: list[Scored], focus: Focus, replied_to: RepliedTo) -> list[Scored]:
    """"New hearing aids!! Signia Pure Charge&Go" then "That's wonderful, Gerhard. It usually takes a
    couple of weeks to adjust to new hearing aids": a reply can lead by the words of the turn it
    answers; what the person said is what answers a question about them, so their turn goes first,
    unless the question asks what the assistant said ("What did you suggest…?"), or the reply names
    what the turn does not ("Updated: Ramipril 5mg … Bedtime: Rosuvastatin 10mg", a list put together
    from several turns)."""
    if not ranked or focus.to_assistant or (said := replied_to(ranked[0][0])) is None:
        return ranked
    if specifics(ranked[0][0].text) - specifics(said.text) - focus.speakers:
        return ranked
    return lead(ranked, next((pair for pair in ranked if pair[0].id == said.id), None) or (said, ranked[0][1]))


def answered_first(ranked: list[Scored], focus: Focus, answers: RepliedTo) -> list[Scored]:
    """"Please. And thank you for not giving me a number." after the assistant's "Freeze-all with a
    Decapeptyl trigger is a safety decision": when the first memory's own words hold nothing the
    question asks and the turn it answers says some of it, that turn goes first."""
    if not ranked or not focus.terms or (answered := answers(ranked[0][0])) is None:
        return ranked
    first = ranked[0][0]
    if lexical_coverage(focus.terms, [first.text]) > 0 or not lexical_coverage(focus.terms, [answered.text], by_topic=False):
        return ranked
    return lead(ranked, next((pair for pair in ranked if pair[0].id == answered.id), None) or (answered, ranked[0][1]))
