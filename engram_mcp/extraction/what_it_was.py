"""A change said with both values, the old one marked as what it was. Pure.

"Juliet roses (was peonies), burnt orange ranunculus", "so Sundays 10:15 now not Saturday 9am", "So we're
moving from Bluebird to Helping Hands", "Beamtime jetzt 19.10. statt 12.10.", "from next week ni 8,000 sio
7,500", "Price: $190 → $210": the turn names the old value only to say it no longer holds, so the turn can
never answer "what is it now?" without naming what no longer is. It is said again without what it marks as
the old value (``PUTS_RIGHT``), which recall answers with in place of the turn.

The old value is read by its marking alone (``model.old_values``). A turn that names the old value again
elsewhere says nothing this way.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.called_off import label_topic, restated_update
from engram_mcp.extraction.clauses import sentences
from engram_mcp.extraction.requests import is_request
from engram_mcp.model.old_values import without_old_values

__all__ = ["said_without_what_it_was"]


def said_without_what_it_was(text: str, speaker: str) -> list[ExtractedFact]:
    """What ``text`` says holds, said again without the values it marks as what things were (the speaker's update:
    "Philippa's update: Juliet roses, burnt orange ranunculus, …"): the whole turn when it is short enough to be
    one fact, else the sentences that mark them; none when it marks none, or names one of them again elsewhere
    ("Black Mountain out of stock till july" after "Wye Valley Queens instead of Black Mountain"). A request
    ("please show figures to the nearest pound, not pence") or a question marks no value that changed."""
    marked = [found for sentence in sentences(text) if not sentence.rstrip().endswith("?") and not is_request(sentence)
              and (found := without_old_values(sentence))[1]]
    if not marked:
        return []
    olds = [old for _, values in marked for old in values]
    topic = label_topic(text, set())
    # It names no one but the speaker: a capital opening a sentence or a pasted line is no name, and whom the turn
    # names it names itself, beside it.
    whole = restated_update(without_old_values(text)[0], speaker, topic, names_of="")
    # A statement is cut to a fact's length; one that had to be cut would lose what the turn ends by saying.
    said = whole if whole.statement.endswith(whole.object + ".") else restated_update(
        " ".join(cut for cut, _ in marked), speaker, topic, names_of="")
    return [] if any(_names(said.statement, old) for old in olds) else [said]


_WORD = re.compile(r"[^\W_]+")


def _names(text: str, old: str) -> bool:
    words = set(_WORD.findall(text.casefold()))
    return all(word in words for word in _WORD.findall(old.casefold()))
