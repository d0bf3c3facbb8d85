from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.temporal import Axis
from engram_mcp.retrieval.status import CURRENT, MemoryStatus, State, current_first, status_of

NOV16 = datetime(2026, 11, 16, tzinfo=timezone.utc)
NOV22 = NOV16 + timedelta(days=6)
NOW = NOV22 + timedelta(days=8)


def memory(memory_id: str, text: str, **fields: object) -> Memory:
    kind = Kind.EPISODE if memory_id.startswith("t") else Kind.FACT
    values: dict[str, object] = {"valid_at": NOV16, "provenance": Provenance(speaker="Sam")} | fields
    return Memory(
        id=memory_id, kind=kind, type=MemoryType.SEMANTIC, text=text, created_at=NOV16, **values,  # type: ignore[arg-type]
    )


GOOGLE_TURN = memory("t-google", "I work at Google.")
OLD = memory(
    "f-google", "Sam works at Google.", invalid_at=NOV22, expired_at=NOV22, superseded_by="f-meta",
    provenance=Provenance(speaker="Sam", turn_ids=("t-google",)),
)
NEW = memory("f-meta", "Sam works at Meta.", valid_at=NOV22, supersedes=("f-google",))
ALL = {m.id: m for m in (GOOGLE_TURN, OLD, NEW)}


def derived(turn_id: str) -> list[Memory]:
    return [m for m in ALL.values() if turn_id in m.provenance.turn_ids]


def test_a_turn_whose_fact_was_superseded_is_outdated_and_names_what_replaced_it() -> None:
    status = status_of(GOOGLE_TURN, NOW, Axis.VALID, ALL.get, derived)
    assert status.state is State.OUTDATED and status.since == NOV22 and status.replaced_by == NEW
    assert status_of(OLD, NOW, Axis.VALID, ALL.get, derived).state is State.SUPERSEDED
    assert status_of(NEW, NOW, Axis.VALID, ALL.get, derived) == CURRENT


def test_a_turn_a_person_corrected_is_not_outdated_by_the_fact_its_old_text_gave() -> None:
    from engram_mcp.model.supersede import unsaid

    turn = memory("t-fixed", "I work at Spotify.")
    withdrawn = unsaid(memory("f-google", "Sam works at Google.", provenance=Provenance(turn_ids=("t-fixed",))), NOV22)
    spotify = memory("f-spotify", "Sam works at Spotify.", provenance=Provenance(turn_ids=("t-fixed",)))
    facts = {m.id: m for m in (withdrawn, spotify)}
    assert status_of(turn, NOW, Axis.VALID, facts.get, lambda _: list(facts.values())) == CURRENT
    assert status_of(turn, NOW, Axis.KNOWN, facts.get, lambda _: list(facts.values())) == CURRENT


def test_before_the_change_the_same_turn_was_current() -> None:
    assert status_of(GOOGLE_TURN, NOV16 + timedelta(days=1), Axis.VALID, ALL.get, derived) == CURRENT


def test_the_replacement_is_placed_first_when_the_outdated_memory_leads() -> None:
    other = memory("t-other", "Honestly I'm thinking about leaving Google.")
    ranked = [(other, 1.0), (GOOGLE_TURN, 0.9)]
    statuses = {"t-google": MemoryStatus(State.OUTDATED, NOV22, NEW, (NEW,)), "t-other": CURRENT}
    order = [m.id for m, _ in current_first(ranked, statuses, lambda m: True)]
    assert order == ["f-meta", "t-other", "t-google"]
    assert [m.id for m, _ in current_first(ranked, statuses, lambda m: False)] == ["t-other", "t-google"]


def test_a_turn_is_wholly_outdated_only_when_every_fact_it_gave_has_ended() -> None:
    assert status_of(GOOGLE_TURN, NOW, Axis.VALID, ALL.get, derived).wholly
    both = memory("t-both", "I work at Google and live in London.")
    london = memory("f-london", "Sam lives in London.", provenance=Provenance(speaker="Sam", turn_ids=("t-both",)))
    google = memory("f-google2", "Sam works at Google.", invalid_at=NOV22, expired_at=NOV22, superseded_by="f-meta",
                    provenance=Provenance(speaker="Sam", turn_ids=("t-both",)))
    facts = {m.id: m for m in (both, london, google, NEW)}
    status = status_of(both, NOW, Axis.VALID, facts.get, lambda turn: [m for m in facts.values() if turn in m.provenance.turn_ids])
    assert status.state is State.OUTDATED and not status.wholly


def test_a_turn_still_backing_a_current_fact_is_not_outdated_by_another_fact_of_it_taken_back() -> None:
    turn = memory("t-both", "I work at Tesco as a cashier, and my dog is called Biscuit.")
    tesco = memory("f-tesco", "Sam works at Tesco.", invalid_at=NOV22, expired_at=NOV22,
                   provenance=Provenance(speaker="Sam", turn_ids=("t-both",)))
    dog = memory("f-dog", "Sam's dog is called Biscuit.", provenance=Provenance(speaker="Sam", turn_ids=("t-both",)))
    facts = {m.id: m for m in (tesco, dog)}
    assert status_of(turn, NOW, Axis.VALID, facts.get, lambda _: [tesco, dog]) == CURRENT
    # Once nothing it said holds, it is outdated.
    assert status_of(turn, NOW, Axis.VALID, facts.get, lambda _: [tesco]).state is State.OUTDATED


def test_a_fact_that_begins_after_the_moment_is_upcoming_and_names_the_fact_holding_until_then() -> None:
    meta = memory("f-meta", "Sam works at Meta.", invalid_at=NOW + timedelta(days=300), superseded_by="f-klarna")
    klarna = memory("f-klarna", "Sam works at Klarna.", valid_at=NOW + timedelta(days=300), supersedes=("f-meta",))
    chain = {m.id: m for m in (meta, klarna)}
    assert status_of(meta, NOW, Axis.VALID, chain.get, derived) == CURRENT
    ahead = status_of(klarna, NOW, Axis.VALID, chain.get, derived)
    assert ahead.state is State.UPCOMING and ahead.since == klarna.valid_at and ahead.replaced_by == meta
    assert status_of(klarna, NOW + timedelta(days=300), Axis.VALID, chain.get, derived) == CURRENT


def test_a_turn_whose_fact_a_person_reworded_is_outdated_since_the_wording_holds_not_since_the_edit() -> None:
    from engram_mcp.model import Source
    from engram_mcp.model.supersede import reword

    kpmg = memory("f-kpmg", "Sam works at KPMG.", provenance=Provenance(speaker="Sam", turn_ids=("t-kpmg",)))
    old, new = reword(kpmg, "f-deloitte", "Sam works at Deloitte.", NOW, source=Source.HUMAN_EDIT)
    facts = {m.id: m for m in (old, new)}
    turn = memory("t-kpmg", "I work at KPMG.")
    status = status_of(turn, NOW + timedelta(days=1), Axis.VALID, facts.get, lambda _: list(facts.values()))
    assert status.state is State.OUTDATED and status.since == NOV16 and status.replaced_by == new
    between = status_of(turn, NOV22, Axis.VALID, facts.get, lambda _: list(facts.values()))
    assert between.state is State.OUTDATED and between.replaced_by == new
    believed = status_of(turn, NOV22, Axis.KNOWN, facts.get, lambda _: list(facts.values()))
    assert believed == CURRENT
