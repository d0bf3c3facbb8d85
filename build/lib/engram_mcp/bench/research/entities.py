"""The entity channel, cheapest form: people the query names.

When a question names exactly one of the people who speak in the store ('What are
Joanna's hobbies?'), that person's own turns are the likely evidence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

__all__ = ["boost_named_speaker", "named_speakers"]


def named_speakers(query: str, speakers: Sequence[str]) -> set[str]:
    """Speakers whose name appears in the query as a whole word (possessive included)."""
    return {
        s for s in set(speakers) if s and re.search(rf"\b{re.escape(s)}\b", query, flags=re.IGNORECASE)
    }


def boost_named_speaker(
    scores: Mapping[int, float], speaker_of: Sequence[str], query: str, boost: float
) -> dict[int, float]:
    """Multiply the scores of turns spoken by the one named speaker by ``1 + boost``."""
    named = named_speakers(query, speaker_of)
    if len(named) != 1:
        return dict(scores)
    (who,) = named
    return {p: s * (1 + boost) if speaker_of[p] == who else s for p, s in scores.items()}
