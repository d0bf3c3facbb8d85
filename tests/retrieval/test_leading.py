from collections.abc import Sequence
from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.corrections import PUTS_RIGHT
from engram_mcp.retrieval.abstain import focus_words
from engram_mcp.retrieval.leading import Focus, change_first, later_change_first, lead

NOV16 = datetime(2026, 11, 16, 9, tzinfo=timezone.utc)


def memory(memory_id: str, text: str, day: int = 0, **fields: object) -> Memory:
    kind = Kind.EPISODE if memory_id.startswith("t") else Kind.FACT
    when = NOV16 + timedelta(days=day)
    values: dict[str, object] = {"valid_at": when, "provenance": Provenance(speaker="Ngozi")} | fields
    return Memory(id=memory_id, kind=kind, type=MemoryType.SEMANTIC, text=text, created_at=when, **values)  # type: ignore[arg-type]


def focus_of(question: str, named: frozenset[str] = frozenset()) -> Focus:
    def never_embedded(text: str) -> Sequence[float]:
        raise AssertionError("the rules that choose what leads read words, not vectors")

    return Focus(focus_words(question, frozenset({"Ngozi", *named})), never_embedded, named=frozenset(n.lower() for n in named),
                 speakers=frozenset({"ngozi"}))


def no_restatement(turn_id: str) -> Memory | None:
    return None


def test_a_later_turn_saying_the_thing_changed_goes_before_the_first_mention() -> None:
    first = memory("t-gig", "My Lagos orders go through GIG Logistics.")
    chatter = memory("t-chat", "Lagos traffic was mad today, orders piling up.", day=1)
    later = memory("t-kwik", "We ended up going with Kwik for all the Lagos orders.", day=4)
    ranked = [(first, 0.9), (chatter, 0.8), (later, 0.7)]
    order = later_change_first(ranked, focus_of("Who delivers my Lagos orders?"), set(), no_restatement)
    assert [m.id for m, _ in order] == ["t-kwik", "t-gig", "t-chat"]


def test_a_later_change_that_shares_only_a_name_and_speaks_of_another_topic_does_not_lead() -> None:
    car = memory("t-car", "Ray still drives that old Corolla.")
    medicine = memory("t-med", "Ray switched to a new medicine, metformin.", day=3)
    ranked = [(car, 0.9), (medicine, 0.8)]
    order = later_change_first(ranked, focus_of("What car does Ray drive?", frozenset({"Ray"})), set(), no_restatement)
    assert [m.id for m, _ in order] == ["t-car", "t-med"]


def test_what_a_correction_restates_leads_over_the_turn_that_names_both_values() -> None:
    turn = memory("t-fix", "Actually the bistro is in Vieux Lyon, not Croix-Rousse.", day=2)
    restated = memory("f-fix", "Ngozi's bistro is in Vieux Lyon.", day=2, predicate=PUTS_RIGHT,
                      provenance=Provenance(speaker="Ngozi", turn_ids=("t-fix",)))
    ranked = [(turn, 0.9)]
    order = change_first(ranked, focus_of("Where is the bistro?"), lambda turn_id: restated if turn_id == "t-fix" else None,
                         lambda turn_id: [restated] if turn_id == "t-fix" else [])
    assert [m.id for m, _ in order] == ["f-fix", "t-fix"]


def test_a_change_that_says_nothing_of_the_question_leaves_its_turn_first() -> None:
    turn = memory("t-mum", "Mum moved to Enugu last month, Keiko will drive up and get her on Saturday.", day=2)
    pickup = memory("f-pickup", "Keiko will drive up and get her on Saturday.", day=2, predicate=PUTS_RIGHT,
                    provenance=Provenance(speaker="Ngozi", turn_ids=("t-mum",)))
    ranked = [(turn, 0.9)]
    order = change_first(ranked, focus_of("Which city does my mum live in?"), lambda turn_id: pickup, lambda turn_id: [pickup])
    assert [m.id for m, _ in order] == ["t-mum"]


def test_leading_moves_one_memory_to_the_top_with_a_score_just_above_the_first() -> None:
    a, b, c = memory("t-a", "a"), memory("t-b", "b"), memory("t-c", "c")
    order = lead([(a, 0.5), (b, 0.4), (c, 0.3)], (c, 0.3))
    assert [m.id for m, _ in order] == ["t-c", "t-a", "t-b"] and order[0][1] > 0.5
    assert lead([(a, 0.5), (b, 0.4)], None) == [(a, 0.5), (b, 0.4)]
