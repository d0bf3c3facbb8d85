"""Behaviour every VectorIndex must show; each backend's test module subclasses this."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import pytest

from engram_mcp.errors import InvalidInput
from engram_mcp.index.base import IndexEntry, MemoryFilter, VectorIndex
from engram_mcp.model import Kind, Memory, MemoryType
from tests.index.conftest import COOKING, HIKING, MUSIC, WORK, day, entry, fact

EVERYTHING = MemoryFilter()


def ids(hits: list) -> list[str]:  # type: ignore[type-arg]
    return [hit.memory_id for hit in hits]


class VectorIndexContract:
    """Subclasses provide an ``index`` fixture: an empty index with 4-d vectors."""

    def test_search_dense_ranks_the_nearest_memory_first(
        self, index: VectorIndex, entries: list[IndexEntry], memories: dict[str, Memory]
    ) -> None:
        index.upsert(entries)
        hits = index.search_dense((0.9, 0.1, 0.0, 0.0), EVERYTHING, limit=2)
        assert ids(hits) == [memories["hiking"].id, memories["cooking"].id]
        assert hits[0].score > hits[1].score

    def test_search_sparse_finds_a_memory_by_another_form_of_its_words(
        self, index: VectorIndex, entries: list[IndexEntry], memories: dict[str, Memory]
    ) -> None:
        index.upsert(entries)
        assert ids(index.search_sparse("who hiked?", EVERYTHING, limit=5)) == [memories["hiking"].id]

    def test_search_sparse_ranks_the_rarer_term_higher(
        self, index: VectorIndex, entries: list[IndexEntry], memories: dict[str, Memory]
    ) -> None:
        index.upsert(entries)
        hits = index.search_sparse("Alice cello", EVERYTHING, limit=5)
        assert ids(hits) == [memories["music"].id, memories["hiking"].id]

    def test_search_sparse_with_only_stopwords_returns_nothing(
        self, index: VectorIndex, entries: list[IndexEntry]
    ) -> None:
        index.upsert(entries)
        assert index.search_sparse("what is the", EVERYTHING, limit=5) == []

    def test_upsert_of_the_same_memory_replaces_it(
        self, index: VectorIndex, memories: dict[str, Memory]
    ) -> None:
        original = memories["work"]
        index.upsert([entry(original, WORK)])
        index.upsert([entry(replace(original, text="Carol now sings in a choir"), MUSIC)])
        assert index.count() == 1
        assert ids(index.search_sparse("choir", EVERYTHING, limit=5)) == [original.id]
        assert index.search_sparse("bakery", EVERYTHING, limit=5) == []

    def test_delete_removes_memories_from_both_searches(
        self, index: VectorIndex, entries: list[IndexEntry], memories: dict[str, Memory]
    ) -> None:
        index.upsert(entries)
        index.delete([memories["hiking"].id, "f-000000000000"])
        assert index.count() == 3
        assert memories["hiking"].id not in ids(index.search_dense(HIKING, EVERYTHING, limit=4))
        assert index.search_sparse("hiking", EVERYTHING, limit=4) == []

    def test_filter_by_namespace_keeps_other_namespaces_out(self, index: VectorIndex) -> None:
        mine, theirs = fact("mine", "tea", namespace="me"), fact("theirs", "tea", namespace="them")
        index.upsert([entry(mine, COOKING), entry(theirs, COOKING)])
        assert ids(index.search_dense(COOKING, MemoryFilter(namespace="me"), limit=5)) == [mine.id]
        assert ids(index.search_sparse("tea", MemoryFilter(namespace="them"), limit=5)) == [theirs.id]

    def test_filter_by_kind_and_type_keeps_only_matching_memories(self, index: VectorIndex) -> None:
        turn = replace(fact("turn", "I went hiking"), kind=Kind.EPISODE, type=MemoryType.EPISODIC)
        rule = replace(fact("rule", "Always answer briefly"), type=MemoryType.PROCEDURAL)
        plain = fact("plain", "Hiking boots are brown")
        index.upsert([entry(turn, HIKING), entry(rule, HIKING), entry(plain, HIKING)])
        episodes = MemoryFilter(kinds=(Kind.EPISODE,))
        facts = MemoryFilter(kinds=(Kind.FACT,), types=(MemoryType.SEMANTIC, MemoryType.EPISODIC))
        assert ids(index.search_dense(HIKING, episodes, limit=5)) == [turn.id]
        assert ids(index.search_dense(HIKING, facts, limit=5)) == [plain.id]

    def test_filter_by_entity_matches_any_entity_whatever_its_case(
        self, index: VectorIndex, entries: list[IndexEntry], memories: dict[str, Memory]
    ) -> None:
        index.upsert(entries)
        alice = MemoryFilter(entities=("ALICE ",))
        assert set(ids(index.search_dense(HIKING, alice, limit=5))) == {
            memories["hiking"].id,
            memories["music"].id,
        }
        bob_or_carol = MemoryFilter(entities=("bob", "Carol"))
        assert set(ids(index.search_dense(HIKING, bob_or_carol, limit=5))) == {
            memories["cooking"].id,
            memories["work"].id,
        }

    def test_filter_by_ids_keeps_only_those_memories(
        self, index: VectorIndex, entries: list[IndexEntry], memories: dict[str, Memory]
    ) -> None:
        index.upsert(entries)
        only = MemoryFilter(ids=(memories["work"].id, memories["music"].id))
        assert set(ids(index.search_dense(HIKING, only, limit=5))) == {memories["work"].id, memories["music"].id}

    def test_search_dense_with_valid_at_returns_only_memories_true_at_that_moment(
        self, index: VectorIndex
    ) -> None:
        lyon = fact("lyon", "lives in Lyon", valid_at=day(10), invalid_at=day(20), created_at=day(30))
        paris = fact("paris", "lives in Paris", valid_at=day(20), created_at=day(30))
        undated = fact("undated", "lives somewhere", created_at=day(5))
        index.upsert([entry(lyon, WORK), entry(paris, WORK), entry(undated, WORK)])

        def true_on(n: float) -> set[str]:
            return set(ids(index.search_dense(WORK, MemoryFilter(valid_at=day(n)), limit=5)))

        assert true_on(4) == set()
        assert true_on(5) == {undated.id}
        assert true_on(15) == {lyon.id, undated.id}
        assert true_on(20) == {paris.id, undated.id}

    def test_what_is_still_open_is_true_and_believed_at_the_last_second_a_datetime_can_say(self, index: VectorIndex) -> None:
        lyon = fact("lyon", "lives in Lyon", valid_at=day(10), invalid_at=day(20), created_at=day(30))
        paris = fact("paris", "lives in Paris", valid_at=day(20), created_at=day(30))
        index.upsert([entry(lyon, WORK), entry(paris, WORK)])
        end_of_time = datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone.utc)
        found = index.search_dense(WORK, MemoryFilter(valid_at=end_of_time, known_at=end_of_time), limit=5)
        assert set(ids(found)) == {paris.id}

    def test_search_dense_within_a_time_keeps_the_memories_that_happened_in_it(self, index: VectorIndex) -> None:
        before = fact("before", "went hiking", valid_at=day(9), created_at=day(30))
        during = fact("during", "fixed the fence", valid_at=day(10), created_at=day(30))
        learned = fact("learned", "likes jazz", created_at=day(10.5))
        after = fact("after", "went swimming", valid_at=day(11), created_at=day(30))
        index.upsert([entry(m, HIKING) for m in (before, during, learned, after)])
        within = MemoryFilter(happened_within=(day(10), day(11)))
        assert set(ids(index.search_dense(HIKING, within, limit=5))) == {during.id, learned.id}

    def test_search_dense_with_known_at_excludes_memories_learned_later_or_retracted(
        self, index: VectorIndex
    ) -> None:
        early = fact("early", "likes jazz", created_at=day(1), expired_at=day(10))
        late = fact("late", "likes opera", created_at=day(5))
        index.upsert([entry(early, MUSIC), entry(late, MUSIC)])

        def known_on(n: float) -> set[str]:
            return set(ids(index.search_dense(MUSIC, MemoryFilter(known_at=day(n)), limit=5)))

        assert known_on(0) == set()
        assert known_on(3) == {early.id}
        assert known_on(7) == {early.id, late.id}
        assert known_on(10) == {late.id}

    def test_current_only_excludes_invalidated_and_expired_memories(self, index: VectorIndex) -> None:
        current = fact("current", "drinks tea")
        invalidated = fact("invalidated", "drinks coffee", invalid_at=day(3))
        expired = fact("expired", "drinks milk", expired_at=day(4))
        index.upsert([entry(m, COOKING) for m in (current, invalidated, expired)])
        assert ids(index.search_dense(COOKING, MemoryFilter(current_only=True), limit=5)) == [current.id]
        assert ids(index.search_sparse("drinks", MemoryFilter(current_only=True), limit=5)) == [current.id]

    def test_current_at_a_present_keeps_a_fact_ending_later_and_one_beginning_later(self, index: VectorIndex) -> None:
        ends_later = fact("meta", "works at Meta", valid_at=day(0), invalid_at=day(90))
        begins_later = fact("klarna", "works at Klarna", valid_at=day(90))
        ended = fact("google", "works at Google", valid_at=day(0), invalid_at=day(5), expired_at=day(5))
        index.upsert([entry(m, COOKING) for m in (ends_later, begins_later, ended)])
        where = MemoryFilter(current_only=True, present=day(10))
        assert set(ids(index.search_dense(COOKING, where, limit=5))) == {ends_later.id, begins_later.id}
        assert set(ids(index.search_sparse("works", where, limit=5))) == {ends_later.id, begins_later.id}
        later = MemoryFilter(current_only=True, present=day(90))
        assert ids(index.search_dense(COOKING, later, limit=5)) == [begins_later.id]

    def test_content_hashes_follow_upserts_and_deletes(
        self, index: VectorIndex, entries: list[IndexEntry], memories: dict[str, Memory]
    ) -> None:
        index.upsert(entries)
        assert index.content_hashes() == {m.id: m.content_hash() for m in memories.values()}
        changed = replace(memories["work"], text="Carol works at a library")
        index.upsert([entry(changed, WORK)])
        index.delete([memories["music"].id])
        hashes = index.content_hashes()
        assert hashes[changed.id] == changed.content_hash() != memories["work"].content_hash()
        assert memories["music"].id not in hashes

    def test_content_hashes_of_one_namespace_leave_out_the_others(self, index: VectorIndex) -> None:
        mine, theirs = fact("mine", "tea", namespace="me"), fact("theirs", "tea", namespace="them")
        index.upsert([entry(mine, COOKING), entry(theirs, COOKING)])
        assert index.content_hashes("me") == {mine.id: mine.content_hash()}

    def test_content_hashes_page_through_more_memories_than_one_scroll(self, index: VectorIndex) -> None:
        many = [fact(f"m{i}", f"note {i}") for i in range(1500)]
        index.upsert([entry(m, WORK) for m in many])
        assert len(index.content_hashes()) == 1500 == index.count()

    def test_a_vector_of_the_wrong_dimension_is_rejected(
        self, index: VectorIndex, memories: dict[str, Memory]
    ) -> None:
        with pytest.raises(InvalidInput):
            index.upsert([entry(memories["work"], (1.0, 0.0))])
        with pytest.raises(InvalidInput):
            index.search_dense((1.0, 0.0, 0.0), EVERYTHING, limit=3)

    def test_a_memory_without_searchable_words_is_still_found_by_its_vector(
        self, index: VectorIndex
    ) -> None:
        silent = fact("silent", "...")
        index.upsert([entry(silent, MUSIC)])
        assert ids(index.search_dense(MUSIC, EVERYTHING, limit=1)) == [silent.id]
