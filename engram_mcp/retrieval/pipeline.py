"""The recall pipeline: channels from the index, fusion and post-processing from the catalogue.

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

All types are ranked together so that scores compare; then each type with real evidence
keeps a few places (searched on its own when the joint ranking holds too few of it), so a
hundred matching turns cannot crowd out the one instruction that matters. Facts come with
the turns they were distilled from, and recall abstains when the best dense match is weak.
The method and its measurements: docs/retrieval-experiments.md, docs/BENCHMARKS.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from engram_mcp.embedding.base import Embedder
from engram_mcp.index.base import MemoryFilter, ScoredId, VectorIndex
from engram_mcp.index.payload import admits
from engram_mcp.model import Kind, Memory, MemoryType
from engram_mcp.model.time_expr import TimeWindow, in_any_window, time_phrases, without_time_phrases
from engram_mcp.retrieval.abstain import Coverage, asks_for_instructions, should_abstain
from engram_mcp.retrieval.answering import Answering
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.config import RecallConfig
from engram_mcp.retrieval.context import ContextBlock, ContextItem, render_context
from engram_mcp.retrieval.decompose import sub_questions
from engram_mcp.retrieval.fusion import ranked_first, weighted_rrf, weighted_scores
from engram_mcp.retrieval.identifiers import holds_all, quoted_identifiers
from engram_mcp.retrieval.query import strip_question_words, with_speakers_named
from engram_mcp.retrieval.sessions import spread_over_sessions, with_session_evidence
from engram_mcp.retrieval.status import MemoryStatus

__all__ = ["Hit", "RecallConfig", "Retrieved", "Retriever", "Salience", "merge_by_type", "no_salience"]

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
class Retrieved:
    hits: tuple[Hit, ...]
    abstained: bool
    confidence: float
    """The best dense cosine of any candidate: how close the closest memory is in meaning."""
    context: ContextBlock
    statuses: Mapping[str, MemoryStatus] = field(default_factory=dict)
    """Each hit's status at the moment asked about (current, outdated, superseded...)."""
    coverage: Coverage | None = None
    """How well the store addresses the question (what abstention decided on)."""


@dataclass(frozen=True, slots=True)
class _Question:
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
class _Evidence:
    """What the channels saw: dense cosines and the ids any keyword or entity matched."""

    cosine: dict[str, float] = field(default_factory=dict)
    keyword_ids: set[str] = field(default_factory=set)

    def admits(self, memory_id: str, config: RecallConfig) -> bool:
        return memory_id in self.keyword_ids or self.cosine.get(memory_id, -1.0) >= config.abstain_below


def merge_by_type(
    ranked: Mapping[MemoryType, Sequence[Hit]],
    eligible: set[str],
    limit: int,
    quota: int,
    fill: Sequence[Hit] | None = None,
) -> list[Hit]:
    """One list under ``limit``: each type's best ``quota`` eligible hits first, then the best
    of ``fill`` (default: of every type's hits). Returned best first by score.
    """
    reserved = [[h for h in hits if h.memory.id in eligible] for hits in ranked.values()]
    reserved = [hits for hits in reserved if hits]
    # A small budget is shared fairly rather than spent on whichever type comes first.
    share = min(quota, limit // len(reserved)) if reserved else 0
    chosen: dict[str, Hit] = {}
    for hits in reserved:
        for hit in hits[: max(share, 1) if quota else 0]:
            if len(chosen) < limit:
                chosen[hit.memory.id] = hit
    everything = fill if fill is not None else sorted((h for hits in ranked.values() for h in hits), key=_best_first)
    for hit in everything:
        if len(chosen) >= limit:
            break
        chosen.setdefault(hit.memory.id, hit)
    return sorted(chosen.values(), key=_best_first)


def _without_name(keywords: str, name: str) -> str:
    return re.sub(rf"\b{re.escape(name)}(?:'s)?\b", " ", keywords, flags=re.IGNORECASE).strip() or keywords


def _best_first(hit: Hit) -> tuple[float, datetime, str]:
    return (-hit.score, hit.memory.event_time, hit.memory.id)


class Retriever:
    """Hybrid recall over a vector index and the service's catalogue of memories."""

    def __init__(
        self,
        index: VectorIndex,
        embedder: Embedder,
        catalogue: Catalogue,
        config: RecallConfig | None = None,
        salience: Salience = no_salience,
    ) -> None:
        self._index = index
        self._embedder = embedder
        self._catalogue = catalogue
        self.config = config or RecallConfig()
        self._salience = salience
        self._answering = Answering(index, embedder, catalogue, self.config.lexical_floor, self.config.focus_floor)

    def recall(self, query: str, where: MemoryFilter, limit: int, now: datetime) -> Retrieved:
        """The memories ``where`` admits that best answer ``query``, at most ``limit`` of them."""
        c = self.config
        namespace = where.namespace or ""
        query = with_speakers_named(query, self._catalogue.nicknames(namespace))
        parts = sub_questions(query) if c.part_weight > 0 else []
        vectors = self._embedder.embed([query, *parts]) if c.dense or c.entities else []
        vector = vectors[0] if vectors else None
        entity_hits: list[ScoredId] = []
        depth = max(c.depth, limit)
        named = self._catalogue.entities_named_in(query, namespace) if c.entities else set()
        if vector is not None and named:
            entity_hits = self._index.search_dense(vector, replace(where, entities=tuple(sorted(named))), depth)
        speaker = self._named_speaker(query, namespace) if c.speaker_boost > 0 or c.sparse_without_speaker else None
        keywords = strip_question_words(query)
        times = time_phrases(query, now)  # read once: the channels' windows, and what the focus leaves out
        if speaker is not None and c.sparse_without_speaker:
            keywords = _without_name(keywords, speaker)
        asked = _Question(
            vector=vector,
            keywords=keywords,
            entity_hits=entity_hits,
            speaker=speaker if c.speaker_boost > 0 else None,
            windows=[window for _, _, window in times] if c.time_boost > 0 else [],
            now=now,
            depth=depth,
            identifiers=quoted_identifiers(query) if c.exact_identifiers else (),
            parts=[(vectors[i + 1] if vectors else None, strip_question_words(p)) for i, p in enumerate(parts)],
        )
        evidence = _Evidence(keyword_ids={h.memory_id for h in entity_hits})
        # One ranking over every type keeps scores comparable; the per-type searches only make
        # sure that each type with real evidence is represented.
        joint = self._rank(where, asked, evidence)
        hits = self._with_type_quotas(joint, where, asked, evidence, limit) if c.per_type else joint[:limit]
        instructions = (
            asks_for_instructions(query)
            and MemoryType.PROCEDURAL in self._catalogue.types(namespace)
            and (not where.types or MemoryType.PROCEDURAL in where.types)
        )
        if instructions:
            hits = self._instructions_first(hits, where, asked, evidence, limit)
        focus = self._answering.focus(without_time_phrases(query, times), where)
        supports = {h.memory.id: h.supports for h in hits}
        ranked = self._answering.current_first(
            [(h.memory, h.score) for h in hits], where, now, focus, lambda m: admits(where, m)
        )
        hits = [Hit(m, score, supports.get(m.id)) for m, score in ranked[:limit]]
        if c.fact_sources:
            hits = self._with_sources(hits, where, limit)
        confidence = max(evidence.cosine.values(), default=0.0)
        recalled = [h.memory for h in hits]
        coverage = self._answering.coverage(query, where, recalled, confidence, focus, instructions)
        if asked.windows:
            coverage = replace(coverage, in_time=any(in_any_window(m.event_time, asked.windows) for m in recalled))
        abstained = not hits or (
            c.dense and c.abstain_below >= 0
            and should_abstain(coverage, c.abstain_below, c.lexical_floor, c.focus_floor)
            and not self._known_at_some_time(query, where, coverage, limit, now)
        )
        if abstained:
            return Retrieved((), True, confidence, render_context(()), coverage=coverage)
        statuses = self._answering.statuses([h.memory for h in hits], where, now)
        context = render_context(
            [ContextItem(h.memory, h.supports, statuses[h.memory.id]) for h in hits],
            c.context_tokens,
            c.context_record_chars,
        )
        return Retrieved(tuple(hits), False, confidence, context, statuses, coverage)

    def _instructions_first(
        self, hits: Sequence[Hit], where: MemoryFilter, asked: _Question, evidence: _Evidence, limit: int
    ) -> list[Hit]:
        """A question about standing instructions is answered by the stored instructions first."""
        procedural = self._rank(replace(where, types=(MemoryType.PROCEDURAL,)), asked, evidence)
        chosen = procedural[: min(self.config.instruction_places, limit)]
        top = max((h.score for h in hits), default=0.0)
        first = [Hit(h.memory, top + h.score + 1e-9) for h in chosen]
        seen = {h.memory.id for h in first}
        return (first + [h for h in hits if h.memory.id not in seen])[:limit]

    def present(self, memories: Sequence[Memory], where: MemoryFilter, now: datetime) -> Retrieved:
        """Memories chosen without a question (e.g. the latest at a moment), with statuses and context."""
        c = self.config
        statuses = self._answering.statuses(memories, where, now)
        context = render_context(
            [ContextItem(m, None, statuses[m.id]) for m in memories], c.context_tokens, c.context_record_chars
        )
        hits = tuple(Hit(m, 1.0) for m in memories)
        return Retrieved(hits, not hits, 1.0 if hits else 0.0, context, statuses)

    def _rank(self, where: MemoryFilter, asked: _Question, evidence: _Evidence) -> list[Hit]:
        """Channels, fusion, neighbours, boosts and prior for the memories ``where`` admits."""
        c = self.config
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
            scores = self._expand_neighbours(scores, where)
        factors = self._factors(scores, asked.speaker, asked.windows, asked.now)
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
        hits.sort(key=_best_first)
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
        """The memories of the times the question names, nearest first (best cosine over the windows)."""
        best: dict[str, float] = {}
        for window in windows:
            for hit in self._index.search_dense(vector, replace(where, happened_within=(window.start, window.end)), depth):
                best[hit.memory_id] = max(hit.score, best.get(hit.memory_id, -1.0))
        return sorted(best.items(), key=lambda item: -item[1])

    def _with_type_quotas(
        self, joint: list[Hit], where: MemoryFilter, asked: _Question, evidence: _Evidence, limit: int
    ) -> list[Hit]:
        c = self.config
        present = self._catalogue.types(where.namespace or "")
        wanted = [t for t in MemoryType if t in present and (not where.types or t in where.types)]
        if len(wanted) < 2:
            return joint[:limit]
        by_type = {t: [h for h in joint if h.memory.type is t] for t in wanted}
        floor = joint[min(limit, len(joint)) - 1].score if joint else 0.0
        for memory_type in wanted:
            shown = [h for h in joint[:limit] if h.memory.type is memory_type and evidence.admits(h.memory.id, c)]
            if len(shown) >= c.type_quota:
                continue
            seen = {h.memory.id for h in by_type[memory_type]}
            extra = self._rank(replace(where, types=(memory_type,)), asked, evidence)
            # Found only by the type's own search: placed after what the joint ranking chose.
            by_type[memory_type] += [Hit(h.memory, min(h.score, floor)) for h in extra if h.memory.id not in seen]
        eligible = {h.memory.id for hits in by_type.values() for h in hits if evidence.admits(h.memory.id, c)}
        return merge_by_type(by_type, eligible, limit, c.type_quota, fill=joint)

    def _known_at_some_time(self, query: str, where: MemoryFilter, coverage: Coverage, limit: int, now: datetime) -> bool:
        """Looking back ("When was Wendy's Portugal trip, as of 7 July?"), whether what is asked is known at
        some time, though what was said then shares none of its words ("Roy and I are off to Portugal on the
        15th"; "The Portugal trip is now on the 18th" came later): the question addresses the memory, and
        what held then answers it. Only a question declined for its focus alone is asked again."""
        if (where.valid_at is None and where.known_at is None) or coverage.asks_what_nothing_holds:
            return False
        return not self.recall(query, replace(where, valid_at=None, known_at=None, current_only=False), limit, now).abstained

    def _named_speaker(self, query: str, namespace: str) -> str | None:
        named = [
            s
            for s in self._catalogue.speakers(namespace)
            if re.search(rf"\b{re.escape(s)}\b", query, flags=re.IGNORECASE)
        ]
        return named[0] if len(named) == 1 else None

    def _by_salience(self, candidates: Sequence[str], now: datetime) -> list[str]:
        memories = [m for m in (self._catalogue.get(i) for i in candidates) if m is not None]
        memories.sort(key=lambda m: (-self._salience(m, now), -m.event_time.timestamp()))
        return [m.id for m in memories]

    def _expand_neighbours(self, scores: Mapping[str, float], where: MemoryFilter) -> dict[str, float]:
        c = self.config
        out = dict(scores)
        for memory_id, score in sorted(scores.items(), key=lambda item: -item[1])[: c.neighbour_top]:
            for distance, neighbour in self._catalogue.neighbours(memory_id, 1):
                inherited = score * c.neighbour_decay**distance
                if inherited > out.get(neighbour.id, 0.0) and admits(where, neighbour):
                    out[neighbour.id] = inherited
        return out

    def _factors(
        self, scores: Mapping[str, float], speaker: str | None, windows: list[TimeWindow], now: datetime
    ) -> dict[str, tuple[Memory, float]]:
        """Each catalogued memory, with its factor on its fused score: boosts, facts' weight and the prior."""
        c = self.config
        factors = {}
        for memory_id in scores:
            memory = self._catalogue.get(memory_id)
            if memory is None:
                continue
            factor = 1.0
            if speaker is not None and memory.provenance.speaker == speaker:
                factor *= 1 + c.speaker_boost
            if windows and in_any_window(memory.event_time, windows):
                factor *= 1 + c.time_boost
            if memory.kind is Kind.FACT:
                factor *= c.fact_weight
            factors[memory_id] = (memory, factor * self._salience(memory, now))
        return factors

    def _with_sources(self, hits: Sequence[Hit], where: MemoryFilter, limit: int) -> list[Hit]:
        """Each fact followed by the turns it came from, unless they are listed above it already.

        A fact whose turns no longer fit in ``limit`` is left out rather than shown without them.
        """
        source_filter = replace(where, types=(), kinds=())
        out: list[Hit] = []
        listed: set[str] = set()
        for hit in hits:
            if len(out) >= limit:
                break
            if hit.memory.id in listed:
                continue
            sources = []
            if hit.memory.kind is Kind.FACT:
                for turn_id in hit.memory.provenance.turn_ids:
                    turn = self._catalogue.get(turn_id)
                    # A source ranked lower is pulled up next to its fact (and not listed twice).
                    if turn is not None and turn_id not in listed and admits(source_filter, turn):
                        sources.append(Hit(turn, hit.score, supports=hit.memory.id))
            if len(out) + 1 + len(sources) > limit:
                continue
            out.append(hit)
            listed.add(hit.memory.id)
            for source in sources:
                out.append(source)
                listed.add(source.memory.id)
        return out

