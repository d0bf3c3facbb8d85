"""Whose word a memory is, and how far it is believed. Pure.

The order is the one recall tells a model to weigh memories by: a person (a hand edit) > the user
(an imported user turn too) > the assistant > a tool. A tool's output (a web page an agent read, an
API's answer) is no one speaking for the user: its "I live in Madrid" is the page's author.
"""

from __future__ import annotations

from engram_mcp.model.records import Certainty, Memory, Provenance, Source

__all__ = ["UNNAMED_USER", "a_persons_own", "believed_at_most", "gives_instructions", "speaks_of_themselves", "speaker_of", "trust"]

_PERSON, _USER, _ASSISTANT, _TOOL = 3, 2, 1, 0

UNNAMED_USER = "user"
"""Who a turn of the user's given no speaker is said by, as a name facts can be about: the extractors draw
"user's sister Ilka" from "my sister Ilka"."""


def trust(provenance: Provenance) -> int:
    """How far a memory's word goes: a fact never ends one of higher trust (``supersede.stands_against``)."""
    if provenance.source is Source.HUMAN_EDIT:
        return _PERSON
    if provenance.role == "assistant" or provenance.source is Source.ASSISTANT:
        return _ASSISTANT
    if provenance.role == "tool" or provenance.source is Source.TOOL:
        return _TOOL
    return _USER


def believed_at_most(provenance: Provenance) -> float:
    """The highest certainty a fact drawn from such a turn may carry: the assistant's word is at most
    a strong inference until the user says it; a tool's is a guess."""
    return {_ASSISTANT: Certainty.STRONG_INFERENCE.value, _TOOL: Certainty.WEAK_GUESS.value}.get(
        trust(provenance), Certainty.STATED.value
    )


def gives_instructions(provenance: Provenance) -> bool:
    """Whether what was said can be a standing instruction: only the user, live, or a person writing
    by hand. A tool's output, the assistant's reply and an imported history are kept word for word
    and never tell the assistant how to work."""
    return provenance.source is Source.HUMAN_EDIT or (
        provenance.source is Source.USER and provenance.role in (None, "user")
    )


def speaks_of_themselves(provenance: Provenance) -> bool:
    """Whether a turn's "I" is its speaker's, the user or a person: the assistant's "I will use British
    spelling" is about itself, and a tool's "I live in Madrid" is whoever wrote the page it returned."""
    return trust(provenance) >= _USER


def speaker_of(provenance: Provenance) -> str | None:
    """Who said a turn, as given; the user's turn given no name is said by ``UNNAMED_USER``, whose facts its
    "I" and "my" give. The assistant's and a tool's given no name are no one's."""
    if provenance.speaker:
        return provenance.speaker
    return UNNAMED_USER if speaks_of_themselves(provenance) else None


def a_persons_own(memory: Memory) -> bool:
    """What a person pinned or wrote by hand: only a person changes it, and it stands on their word, not
    on the turns it was drawn from (one deleted, corrected or forgotten leaves it as they keep it)."""
    return memory.pinned or memory.provenance.source is Source.HUMAN_EDIT
