"""The recall pipeline: a ranking cut to a few memories of each type, current truth first, then abstention.

The memories are ranked by ``retrieval.ranking`` (channels, fusion, neighbours, boosts,
prior, session evidence, quoted identifiers).

All types are ranked together so that scores compare; then each type with real evidence
keeps a few places (searched on its own when the joint ranking holds too few of it), so a
hundred matching turns cannot crowd out the one instruction that matters. Facts come with
the turns they were distilled from, and recall abstains when the best dense match is weak.
The method and its measurements: docs/retrieval-experiments.md, docs/BENCHMARKS.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from engram_mcp.embedding.base import Embedder
from engram_mcp.index.base import MemoryFilter, ScoredId, VectorIndex
from engram_mcp.index.payload import admits
from engram_mcp.model import Kind, Memory, MemoryType
from engram_mcp.model.time_expr import in_any_window, time_phrases, without_time_phrases
from engram_mcp.retrieval.abstain import Coverage, asks_for_instructions, should_abstain
from engram_mcp.retrieval.answering import Answering
from engram_mcp.retrieval.asked_abroad import in_english
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.config import RecallConfig
from engram_mcp.retrieval.context import ContextBlock, ContextItem, render_context
from engram_mcp.retrieval.covering import Covering
from engram_mcp.retrieval.decompose import sub_questions
from engram_mcp.retrieval.identifiers import quoted_identifiers
from engram_mcp.retrieval.query import (
    strip_question_words,
    with_relations_other_words,
    with_relatives_named,
    with_speakers_named,
)
from engram_mcp.retrieval.ranking import Evidence, Hit, Question, Ranker, Salience, best_first, no_salience
from engram_mcp.retrieval.status import MemoryStatus

__all__ = ["Hit", "RecallConfig", "Retrieved", "Retriever", "Salience", "merge_by_type", "no_salience"]


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
    everything = fill if fill is not None else sorted((h for hits in ranked.values() for h in hits), key=best_first)
    for hit in everything:
        if len(chosen) >= limit:
            break
        chosen.setdefault(hit.memory.id, hit)
    return sorted(chosen.values(), key=best_first)


def _without_name(keywords: str, name: str) -> str:
    return re.sub(rf"\b{re.escape(name)}(?:'s)?\b", " ", keywords, flags=re.IGNORECASE).strip() or keywords


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
        self._ranker = Ranker(index, catalogue, salience)
        self._answering = Answering(index, embedder, catalogue, self.config.lexical_floor, self.config.focus_floor)
        self._covering = Covering(index, catalogue, self.config.lexical_floor)

    def recall(self, query: str, where: MemoryFilter, limit: int, now: datetime) -> Retrieved:
        """The memories ``where`` admits that best answer ``query``, at most ``limit`` of them."""
        c = self.config
        namespace = where.namespace or ""
        query = with_speakers_named(query, self._catalogue.nicknames(namespace))
        speakers = self._catalogue.speakers(namespace)
        me = next(iter(speakers)) if len(speakers) == 1 else None
        # Asked now, the relatives who are so now; looking back, as before.
        at = now if where.current_only else None
        query = with_relatives_named(query, lambda owner, relation: self._catalogue.relatives(namespace, owner, relation, at), me)
        parts = sub_questions(query) if c.part_weight > 0 else []
        vectors = self._embedder.embed([query, *parts]) if c.dense or c.entities else []
        vector = vectors[0] if vectors else None
        entity_hits: list[ScoredId] = []
        depth = max(c.depth, limit)
        named = self._catalogue.entities_named_in(query, namespace) if c.entities else set()
        if vector is not None and named:
            entity_hits = self._index.search_dense(vector, replace(where, entities=tuple(sorted(named))), depth)
        speaker = self._named_speaker(query, namespace) if c.speaker_boost > 0 or c.sparse_without_speaker else None
        keywords = with_relations_other_words(strip_question_words(query))
        times = time_phrases(query, now)  # read once: the channels' windows, and what the focus leaves out
        if speaker is not None and c.sparse_without_speaker:
            keywords = _without_name(keywords, speaker)
        asked = Question(
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
        evidence = Evidence(keyword_ids={h.memory_id for h in entity_hits})
        # One ranking over every type keeps scores comparable; the per-type searches only make
        # sure that each type with real evidence is represented.
        joint = self._ranker.rank(where, asked, evidence, c)
        hits = self._with_type_quotas(joint, where, asked, evidence, limit) if c.per_type else joint[:limit]
        # A question about how to answer the person is never declined: an instruction the extractor did not
        # read ("Then keep things brief, my eyes tire quickly") is still in the turn that said it.
        instructions = asks_for_instructions(query) and (not where.types or MemoryType.PROCEDURAL in where.types)
        if instructions and MemoryType.PROCEDURAL in self._catalogue.types(namespace):
            hits = self._instructions_first(hits, where, asked, evidence, limit)
        # What is asked and whether it is told are read in English: "Gülşen'in doğum günü ne zaman?" asks a birthday.
        read = in_english(query)
        focus = self._answering.focus(without_time_phrases(read, times if read == query else time_phrases(read, now)), where,
                                      [h.memory for h in hits])
        supports = {h.memory.id: h.supports for h in hits}
        ranked = self._answering.current_first(
            [(h.memory, h.score) for h in hits], where, now, focus, lambda m: admits(where, m)
        )
        hits = [Hit(m, score, supports.get(m.id)) for m, score in ranked[:limit]]
        if c.fact_sources:
            hits = self._with_sources(hits, where, limit)
        confidence = max(evidence.cosine.values(), default=0.0)
        recalled = [h.memory for h in hits]
        opened_with = query.split(maxsplit=1)[0].strip("¿¡\"'“”«»") if read != query and query.split() else None
        coverage = self._covering.coverage(read, where, recalled, confidence, focus, instructions, opened_with)
        if asked.windows:
            coverage = replace(coverage, in_time=any(in_any_window(m.wall_time, asked.windows) for m in recalled))
        abstained = not hits or (
            c.dense
            and c.abstain_below >= 0
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
        self, hits: Sequence[Hit], where: MemoryFilter, asked: Question, evidence: Evidence, limit: int
    ) -> list[Hit]:
        """A question about standing instructions is answered by the stored instructions first."""
        procedural = self._ranker.rank(replace(where, types=(MemoryType.PROCEDURAL,)), asked, evidence, self.config)
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

    def _with_type_quotas(
        self, joint: list[Hit], where: MemoryFilter, asked: Question, evidence: Evidence, limit: int
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
            extra = self._ranker.rank(replace(where, types=(memory_type,)), asked, evidence, c)
            # Found only by the type's own search: placed after what the joint ranking chose.
            by_type[memory_type] += [Hit(h.memory, min(h.score, floor)) for h in extra if h.memory.id not in seen]
        eligible = {h.memory.id for hits in by_type.values() for h in hits if evidence.admits(h.memory.id, c)}
        return merge_by_type(by_type, eligible, limit, c.type_quota, fill=joint)

    def _known_at_some_time(
        self, query: str, where: MemoryFilter, coverage: Coverage, limit: int, now: datetime
    ) -> bool:
        """Looking back ("When was Wendy's Portugal trip, as of 7 July?"), whether what is asked is known at
        some time, though what was said then shares none of its words ("Roy and I are off to Portugal on the
        15th"; "The Portugal trip is now on the 18th" came later): the question addresses the memory, and
        what held then answers it. Only a question declined for its focus alone is asked again."""
        if (where.valid_at is None and where.known_at is None) or coverage.asks_what_nothing_holds:
            return False
        return not self.recall(
            query, replace(where, valid_at=None, known_at=None, current_only=False), limit, now
        ).abstained

    def _named_speaker(self, query: str, namespace: str) -> str | None:
        named = [
            s
            for s in self._catalogue.speakers(namespace)
            if re.search(rf"\b{re.escape(s)}\b", query, flags=re.IGNORECASE)
        ]
        return named[0] if len(named) == 1 else None

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
