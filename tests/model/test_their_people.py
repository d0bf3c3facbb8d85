from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.purge_plan import plan_purge_entity

NOW = datetime(2026, 10, 12, 8, tzinfo=timezone.utc)


def left_after_forgetting(name: str, *said: str | tuple[str, str]) -> list[str | None]:
    """Each turn's text once ``name`` is forgotten (turns a minute apart, by Dennis unless a (role, text)); None if it went."""
    memories = {}
    for minute, each in enumerate(said):
        role, text = each if isinstance(each, tuple) else ("user", each)
        memories[f"t-{minute}"] = Memory(id=f"t-{minute}", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text, created_at=NOW,
                                         valid_at=NOW + timedelta(minutes=minute),
                                         provenance=Provenance(speaker="Dennis" if role == "user" else None, role=role, session="s"))
    plan = plan_purge_entity(memories, name, "default")
    rewritten = {m.id: m.text for m in plan.rewritten}
    return [None if i in plan.remove else rewritten.get(i, m.text) for i, m in memories.items()]


def test_someone_known_only_as_their_family_goes_with_them() -> None:
    left = left_after_forgetting(
        "Ray", "remind me to call Ray's wife Marie and see how he is", "Called Marie. Ray is holding steady.",
        ("assistant", 'Want a text to Marie? "Marie, tell me the day they discharge Ray and I will drive. Dennis"'),
        "Bowled a 92 tonight.")
    assert left == [None, None, None, "Bowled a 92 tonight."]


def test_someone_named_on_their_own_elsewhere_or_a_colleague_of_theirs_stays() -> None:
    left = left_after_forgetting("Ray", "remind me to call Ray's wife Marie", "Called Marie. Ray is holding steady.",
                                 "Marie and I had lunch at noon.")
    assert left[1] == "Called Marie." and left[2] == "Marie and I had lunch at noon."
    left = left_after_forgetting("Ray", "Ray's colleague Marie moved to Porto.", "Called Marie. Ray is holding steady.")
    assert left == ["Marie moved to Porto.", "Called Marie."]
