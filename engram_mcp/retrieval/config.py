"""Every switch of the recall pipeline (``retrieval.pipeline``); the defaults are the measured configuration."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["RecallConfig"]


@dataclass(frozen=True, slots=True)
class RecallConfig:
    """Every switch of the pipeline; the defaults are the measured configuration."""

    dense: bool = True
    sparse: bool = True
    entities: bool = True
    salience_channel: bool = False
    """Off by default: with a neutral prior it ranks by recency, which cost LoCoMo multi-hop 0.018."""
    neighbours: bool = True
    speaker_boost: float = 0.6
    time_boost: float = 0.6
    time_weight: float = 1.0
    """Weight of the time channel: when the question names a time ('on 25 May 2022', 'last
    week'), the memories of that time nearest to it by dense similarity, found even when
    their words are not the question's (the time boost only lifts what other channels found).
    0 = off. Needs ``time_boost`` > 0, which reads the question's times."""
    per_type: bool = True
    fact_sources: bool = True
    depth: int = 100
    fusion: Literal["scores", "rrf"] = "scores"
    """How channels combine: 'scores' (each channel's scores scaled to [0, 1] over what it
    returned, weighted: ``retrieval.fusion.weighted_scores``) or 'rrf' (reciprocal ranks,
    ``rrf_k``). Scores won LoCoMo multi-hop by 0.015 in two runs and tied on LongMemEval
    (docs/BENCHMARKS.md, issue #12)."""
    rrf_k: float = 20.0
    dense_weight: float = 1.0
    sparse_weight: float = 1.0
    entity_weight: float = 1.0
    salience_weight: float = 0.3
    fact_weight: float = 0.5
    """Factor on facts' scores against turns'. Short distilled facts match a question's names
    more easily than the turns that prove them; at 1.0 they crowd the evidence out
    (docs/BENCHMARKS.md, 'with facts')."""
    neighbour_decay: float = 0.85
    neighbour_top: int = 50
    type_quota: int = 3
    """Places each type with real evidence keeps in the final list, whatever the other types score."""
    abstain_below: float = 0.2
    """Best dense cosine under which recall abstains; below 0 it never does (benchmarks). Abstention
    also reads the question's focus (retrieval/abstain.py), calibrated in docs/BENCHMARKS.md."""
    lexical_floor: float = 0.5
    focus_floor: float = 0.35
    instruction_places: int = 10
    context_tokens: int = 1200
    context_record_chars: int = 400
    session_weight: float = 0.3
    """Share of its session's evidence each turn gains before the cut (``retrieval.sessions``);
    the match that is best without it stays first. 0.3 won on LongMemEval dev95 and LoCoMo dev5
    together (docs/BENCHMARKS.md, issue #12); 0 = off."""
    session_top: int = 3
    session_spread: float = 1.0
    """Factor on each further turn of a session already ranked (``retrieval.sessions``); 1 = off."""
    part_weight: float = 0.0
    """Weight of each part of a question that asks about several things (``retrieval.decompose``):
    every part adds a dense and a sparse channel beside the whole question's; 0 = off."""
    exact_identifiers: bool = True
    """Memories whose own text holds every identifier the question quotes (a code, an order
    number: ``retrieval.identifiers``) rank first; the reply indexed with one as its context does not."""
    sparse_without_speaker: bool = False
    """Leave the one speaker the question names out of its keywords: every turn of theirs carries
    the name, so it matches all of them (the speaker boost already favours them)."""
