"""Ranking: the index's channels fused, spread to neighbours, boosted and weighed by the prior.

1. channels: dense (the raw question's vector), sparse (BM25 of the question without its
   question words), entity (facts naming an entity the question names), time (the question's
   vector over the memories of the times it names) and, optionally, salience/recency (the
   candidates ordered by prior, then by newest);
2. fusion of the channels' scores, each scaled to [0, 1] over what it returned and added
   (``retrieval.fusion.weighted_scores``; reciprocal rank fusion is a switch);
3. neighbour expansion: a turn's session neighbours inherit 0.85 × its score, since the
   answer often sits in the reply to the turn that matches;
4. boosts: × 1.6 for memories of the one speaker the question names, × 1.6 for memories
   dated inside a time the question names ('last week', 'in May'), resolved against ``now``;
   facts × 0.5, since a short fact outscores the turns that prove it;
5. the per-memory prior (``Salience``; 1.0 unless the service plugs one in);
6. session evidence: each turn's fused score gains 0.3 × the mean of its session's three
   best, before the boosts; the match that is best without it stays first (``retrieval.sessions``);
7. memories whose own text holds every code or number the question quotes come first
   (``retrieval.identifiers``).

The method and its measurements: docs/retrieval-experiments.md, docs/BENCHMARKS.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from engram_mcp.index.base import MemoryFilter, ScoredId, VectorIndex
from engram_mcp.index.payload import admits
from engram_mcp.model import Kind, Memory
from engram_mcp.model.time_expr import TimeWindow, in_any_window, on_any_clock
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.config import RecallConfig
from engram_mcp.retrieval.fusion import ranked_first, weighted_rrf, weighted_scores
from engram_mcp.retrieval.identifiers import holds_all
from engram_mcp.retrieval.sessions import spread_over_sessions, with_session_evidence

__all__ = ["Evidence", "Hit", "Question", "Ranker", "Salience", "best_first", "no_salience"]

Salience = Callable[[Memory, datetime], float]
"""A memory's prior at ``now``: a factor on its score (1.0 = neutral), e.g. usage × importance × recency."""


def no_salience(memory: Memory, now: datetime) -> float:
    return 1.0


@dataclass(frozen=True, slots=True)
class Hit:
    memory: Memory
    score: float
    supports: str | None = None
    """Set on a turn included because a recalled fact was distilled from it: that fact's id."""


@dataclass(frozen=True, slots=True)
class Question:
    """The question as the channels read it."""

    vector: Sequence[float] | None
    keywords: str
    entity_hits: list[ScoredId]
    speaker: str | None
    windows: list[TimeWindow]
    now: datetime
    depth: int
    identifiers: tuple[str, ...] = ()
    parts: list[tuple[Sequence[float] | None, str]] = field(default_factory=list)


@dataclass(slots=True)
class Evidence:
    """What the channels saw: dense cosines and the ids any keyword or entity matched."""

    cosine: dict[str, float] = field(default_factory=dict)
    keyword_ids: set[str] = field(default_factory=set)

    def admits(self, memory_id: str, config: RecallConfig) -> bool:
        return memory_id in self.keyword_ids or self.cosine.get(memory_id, -1.0) >= config.abstain_below


def best_first(hit: Hit) -> tuple[float, datetime, str]:
    """Highest score first; of equal scores the earlier, then by id (a stable order)."""
    return (-hit.score, hit.memory.event_time, hit.memory.id)


class Ranker:
    """Ranks the memories a filter admits against a question, over a vector index and the catalogue."""

    def __init__(self, index: VectorIndex, catalogue: Catalogue, salience: Salience = no_salience) -> None:
        self._index = index
        self._catalogue = catalogue
        self._salience = salience

    def rank(self, where: MemoryFilter, asked: Question, evidence: Evidence, config: RecallConfig) -> list[Hit]:
        """Channels, fusion, neighbours, boosts and prior for the memories ``where`` admits, best first.

        ``evidence`` gathers what the channels saw, for the caller's quotas and abstention.
        """
        c = config
        channels: dict[str, list[tuple[str, float]]] = {}
        if c.dense and asked.vector is not None:
            dense = self._index.search_dense(asked.vector, where, asked.depth)
            evidence.cosine.update({h.memory_id: h.score for h in dense})
            channels["dense"] = [(h.memory_id, h.score) for h in dense]
        if c.sparse:
            sparse = self._index.search_sparse(asked.keywords, where, asked.depth)
            evidence.keyword_ids.update(h.memory_id for h in sparse)
            channels["sparse"] = [(h.memory_id, h.score) for h in sparse]
        for number, (part_vector, part_keywords) in enumerate(asked.parts):
            if c.dense and part_vector is not None:
                channels[f"part-dense-{number}"] = [
                    (h.memory_id, h.score) for h in self._index.search_dense(part_vector, where, asked.depth)
                ]
            if c.sparse:
                channels[f"part-sparse-{number}"] = [
                    (h.memory_id, h.score) for h in self._index.search_sparse(part_keywords, where, asked.depth)
                ]
        if c.dense and c.time_weight > 0 and asked.vector is not None and asked.windows:
            channels["time"] = self._within_windows(asked.vector, where, asked.windows, asked.depth)
            for memory_id, cosine in channels["time"]:
                evidence.cosine.setdefault(memory_id, cosine)
        if asked.entity_hits:
            channels["entity"] = [
                (h.memory_id, h.score)
                for h in asked.entity_hits
                if (m := self._catalogue.get(h.memory_id)) is not None and (not where.types or m.type in where.types)
            ]
        if c.salience_channel:
            candidates = list(dict.fromkeys(i for r in channels.values() for i, _ in r))
            salient = self._by_salience(candidates, asked.now)
            channels["salience"] = [(memory_id, 1.0 / (1 + rank)) for rank, memory_id in enumerate(salient)]
        weights = {
            **{channel: c.part_weight for channel in channels if channel.startswith("part-")},
            "dense": c.dense_weight,
            "sparse": c.sparse_weight,
            "entity": c.entity_weight,
            "salience": c.salience_weight,
            "time": c.time_weight,
        }
        if c.fusion == "scores":
            combined = weighted_scores(channels, weights)
        else:
            ranks = {name: [memory_id for memory_id, _ in scored] for name, scored in channels.items()}
            combined = weighted_rrf(ranks, weights, c.rrf_k)
        scores = {k: v for k, v in combined.items() if self._catalogue.get(k)}
        if c.neighbours:
            scores = self._expand_neighbours(scores, where, c)
        factors = self._factors(scores, asked.speaker, asked.windows, asked.now, c)
        plain = {memory_id: scores[memory_id] * factor for memory_id, (_, factor) in factors.items()}
        final = plain
        if c.session_weight > 0 and plain:
            # The evidence is shared on the fused scores (before the speaker and time boosts,
            # which would otherwise count twice), and never moves the best plain match from first.
            fused = with_session_evidence(scores, self._catalogue.session_of, c.session_weight, c.session_top)
            lifted = {memory_id: fused[memory_id] * factor for memory_id, (_, factor) in factors.items()}
            final = ranked_first(lifted, [max(plain, key=lambda memory_id: plain[memory_id])])
        if asked.identifiers:
            final = ranked_first(final, (i for i, (m, _) in factors.items() if holds_all(m.text, asked.identifiers)))
        hits = [Hit(memory, final[memory_id]) for memory_id, (memory, _) in factors.items()]
        hits.sort(key=best_first)
        if c.session_spread < 1.0:
            by_id = {h.memory.id: h for h in hits}
            spread = spread_over_sessions(
                [(h.memory.id, h.score) for h in hits], self._catalogue.session_of, c.session_spread
            )
            hits = [replace(by_id[i], score=score) for i, score in spread]
        return hits

    def _within_windows(
        self, vector: Sequence[float], where: MemoryFilter, windows: Sequence[TimeWindow], depth: int
    ) -> list[tuple[str, float]]:
        """The memories of the times the question names, nearest first (best cosine over the windows);
        a memory is of a time by its own clock (``Memory.wall_time``)."""
        best: dict[str, float] = {}
        for window in windows:
            for hit in self._index.search_dense(vector, replace(where, happened_within=on_any_clock(window)), depth):
                memory = self._catalogue.get(hit.memory_id)
                if memory is not None and in_any_window(memory.wall_time, [window]):
                    best[hit.memory_id] = max(hit.score, best.get(hit.memory_id, -1.0))
        return sorted(best.items(), key=lambda item: -item[1])

    def _by_salience(self, candidates: Sequence[str], now: datetime) -> list[str]:
        memories = [m for m in (self._catalogue.get(i) for i in candidates) if m is not None]
        memories.sort(key=lambda m: (-self._salience(m, now), -m.event_time.timestamp()))
        return [m.id for m in memories]

    def _expand_neighbours(self, scores: Mapping[str, float], where: MemoryFilter, c: RecallConfig) -> dict[str, float]:
        out = dict(scores)
        for memory_id, score in sorted(scores.items(), key=lambda item: -item[1])[: c.neighbour_top]:
            for distance, neighbour in self._catalogue.neighbours(memory_id, 1):
                inherited = score * c.neighbour_decay**distance
                if inherited > out.get(neighbour.id, 0.0) and admits(where, neighbour):
                    out[neighbour.id] = inherited
        return out

    def _factors(
        self,
        scores: Mapping[str, float],
        speaker: str | None,
        windows: list[TimeWindow],
        now: datetime,
        c: RecallConfig,
    ) -> dict[str, tuple[Memory, float]]:
        """Each catalogued memory, with its factor on its fused score: boosts, facts' weight and the prior."""
        factors = {}
        for memory_id in scores:
            memory = self._catalogue.get(memory_id)
            if memory is None:
                continue
            factor = 1.0
            if speaker is not None and memory.provenance.speaker == speaker:
                factor *= 1 + c.speaker_boost
            if windows and in_any_window(memory.wall_time, windows):
                factor *= 1 + c.time_boost
            if memory.kind is Kind.FACT:
                factor *= c.fact_weight
            factors[memory_id] = (memory, factor * self._salience(memory, now))
        return factors
