from datetime import datetime, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.purge_plan import plan_purge

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def memory(memory_id: str, turns: tuple[str, ...] = (), **links: object) -> Memory:
    kind = Kind.EPISODE if memory_id.startswith("t") else Kind.FACT
    return Memory(
        id=memory_id, kind=kind, type=MemoryType.SEMANTIC, text=memory_id, created_at=NOW,
        provenance=Provenance(turn_ids=turns), **links,  # type: ignore[arg-type]
    )


MEMORIES = {
    m.id: m
    for m in (
        memory("t-1"),
        memory("t-2"),
        memory("f-old", ("t-1",), superseded_by="f-new"),
        memory("f-new", (), supersedes=("f-old",)),
        memory("f-shared", ("t-1", "t-2")),
    )
}


def test_purging_a_fact_takes_its_chain_and_its_turns() -> None:
    plan = plan_purge(MEMORIES, ["f-new"])
    assert plan.remove == ("f-new", "f-old", "t-1")
    assert [(m.id, m.provenance.turn_ids) for m in plan.trimmed] == [("f-shared", ("t-2",))]


def test_purging_every_source_turn_takes_the_facts_derived_from_them() -> None:
    assert set(plan_purge(MEMORIES, ["t-1", "t-2"]).remove) == set(MEMORIES)
