"""What an extractor reads a turn with: the turns just before it in its session, after the earlier
turns that said who the people it names are to its speaker. "Third is Joon, my second son" said on
Monday lets "Joon started at Amazon today!" on Friday be read as said of the son. Pure: it reads a
catalogue and writes nothing.
"""

from __future__ import annotations

import re

from engram_mcp.index.payload import normalise_entity
from engram_mcp.model import Memory
from engram_mcp.retrieval.catalogue import Catalogue

__all__ = ["turns_to_read_with"]

# Whom an extractor takes a turn given no speaker to be said by (``RulesExtractor``'s default speaker).
_UNNAMED_SPEAKER = "user"

# Who someone is to the speaker, as a fact names them: "Joon", "Kevin Park", "Dr. Whitfield".
_WHO_IS_WHO = re.compile(r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?")
# Introductions read with a turn, at most: each is a whole turn in an extractor's context.
_INTRODUCTIONS_READ = 2


def turns_to_read_with(catalogue: Catalogue, turn: Memory, count: int) -> list[Memory]:
    """The ``count`` turns just before ``turn`` in its session, after at most two earlier turns
    that introduced someone it names, oldest first."""
    previous = catalogue.previous(turn, count)
    # A turn given no speaker is the user's, and so are the facts extractors draw from it ("user's sister
    # Ilka"): its people were introduced to "user" as much as to anyone named.
    speaker = turn.provenance.speaker_name or _UNNAMED_SPEAKER
    # Read only when the turn names someone or something the memory knows; a turn that names none costs nothing here.
    named = catalogue.entities_named_in(turn.text, turn.namespace) - {normalise_entity(speaker)}
    if not named:
        return previous
    seen = {turn.id, *(m.id for m in previous)}
    introduced: dict[str, Memory] = {}
    for fact in catalogue.facts_about_people_of(turn.namespace, speaker):
        if not fact.is_current() or not named & {normalise_entity(e) for e in fact.entities if _WHO_IS_WHO.fullmatch(e)}:
            continue
        for source in filter(None, map(catalogue.get, fact.provenance.turn_ids)):
            if source.id not in seen and source.event_time <= turn.event_time:
                introduced[source.id] = source
    told = sorted(introduced.values(), key=lambda m: (m.event_time, m.id))[-_INTRODUCTIONS_READ:]
    return [*told, *previous]
