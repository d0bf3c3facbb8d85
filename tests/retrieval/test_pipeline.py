from datetime import datetime, timedelta, timezone

from engram_mcp.index.base import MemoryFilter
from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.context import HEADER, ContextItem, estimate_tokens, index_text, render_context
from engram_mcp.retrieval.pipeline import Hit, admits, merge_by_type

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=timezone.utc)


def memory(memory_id: str, kind: Kind = Kind.EPISODE, type_: MemoryType = MemoryType.EPISODIC, **kw: object) -> Memory:
    fields = {"text": f"text of {memory_id}", "created_at": T0, "provenance": Provenance(speaker="Ann")} | kw
    return Memory(id=memory_id, kind=kind, type=type_, **fields)  # type: ignore[arg-type]


def test_a_turn_is_indexed_with_its_speaker_and_the_turn_it_replies_to() -> None:
    previous = memory("t-1", text="Did you go to the concert? " + "x" * 300, provenance=Provenance(speaker="Bo"))
    reply = memory("t-2", text="Yes, last Friday!")
    text = index_text(reply, previous)
    assert text.startswith("Ann: Yes, last Friday! [replying to Bo: Did you go to the concert? x")
    assert text.endswith("…]") and len(text) < 260
    assert index_text(reply) == "Ann: Yes, last Friday!"
    jazz = memory("f-1", Kind.FACT, MemoryType.SEMANTIC, text="Ann likes jazz.")
    assert index_text(jazz, previous) == "Ann likes jazz."


def test_each_type_with_evidence_keeps_its_quota_when_another_type_outscores_it() -> None:
    turns = [Hit(memory(f"t-{i}"), 1.0 - i / 100) for i in range(10)]
    rule = Hit(memory("f-r", Kind.FACT, MemoryType.PROCEDURAL), 0.01)
    noise = Hit(memory("f-n", Kind.FACT, MemoryType.SEMANTIC), 0.02)
    merged = merge_by_type(
        {MemoryType.EPISODIC: turns, MemoryType.PROCEDURAL: [rule], MemoryType.SEMANTIC: [noise]},
        eligible={"f-r"} | {h.memory.id for h in turns},
        limit=5,
        quota=1,
    )
    ids = [h.memory.id for h in merged]
    assert "f-r" in ids and "f-n" not in ids
    assert ids[:4] == ["t-0", "t-1", "t-2", "t-3"] and len(ids) == 5


def test_memories_reached_through_the_catalogue_obey_the_time_filter() -> None:
    old = memory("t-old", valid_at=T0 - timedelta(days=30))
    replaced = memory("f-x", Kind.FACT, MemoryType.SEMANTIC, valid_at=T0 - timedelta(days=10), invalid_at=T0)
    assert admits(MemoryFilter(valid_at=T0 - timedelta(days=1)), old)
    assert not admits(MemoryFilter(valid_at=T0 - timedelta(days=31)), old)
    assert not admits(MemoryFilter(current_only=True), replaced)
    assert admits(MemoryFilter(valid_at=T0 - timedelta(seconds=1)), replaced)
    assert not admits(MemoryFilter(types=(MemoryType.SEMANTIC,)), old)


def test_the_context_block_shows_dates_and_sources_and_stays_under_its_budget() -> None:
    fact = memory("f-1", Kind.FACT, MemoryType.SEMANTIC, text="Ann owns a cat named Miso.")
    source = memory("t-1", text="I adopted a kitten, her name is Miso! " * 40)
    items = [ContextItem(fact), ContextItem(source, supports="f-1")]
    block = render_context(items, max_tokens=1000, record_chars=100)
    lines = block.text.splitlines()
    assert lines[1] == '- [f-1] "Ann owns a cat named Miso." · 8 May 2023 · fact · Ann (user) · current'
    assert lines[2].startswith('- [t-1] "I adopted a kitten')
    assert lines[2].endswith('…" · 8 May 2023 · said (source of the fact above) · Ann (user)') and block.records == 2
    assert estimate_tokens(block.text) <= block.tokens <= 1000
    budget = estimate_tokens(HEADER) + 40
    tight = render_context([ContextItem(fact), ContextItem(source)], max_tokens=budget, record_chars=400)
    assert tight.records == 1 and tight.tokens <= budget
