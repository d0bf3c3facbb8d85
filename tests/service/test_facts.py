from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from engram_mcp.model import Kind, Memory
from engram_mcp.model.temporal import Axis
from engram_mcp.service.facts import FactService
from engram_mcp.service.forgetting import ForgetMode, Forgetting
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock

JAN = datetime(2026, 1, 1, tzinfo=timezone.utc)
MAR = datetime(2026, 3, 1, tzinfo=timezone.utc)


@pytest.fixture
def facts(service: MemoryService, clock: SteppingClock) -> FactService:
    return FactService(service, clock)


@pytest.fixture
def forgetting(service: MemoryService, facts: FactService, clock: SteppingClock) -> Forgetting:
    return Forgetting(service, facts, clock)


def current_facts(service: MemoryService) -> list[str]:
    return sorted(m.text for m in service.memories() if m.kind is Kind.FACT and m.is_current())


def fact_texts(found: object) -> list[str]:
    return [i.memory.text for i in found.memories if i.memory.kind is Kind.FACT]  # type: ignore[attr-defined]


def test_a_new_employer_supersedes_the_old_one_and_links_them(facts: FactService, service: MemoryService) -> None:
    google = facts.state("Ali works at Google.", event_time=JAN).memory
    meta = facts.state("Ali works at Meta.", event_time=MAR)
    assert meta.action == "superseded" and meta.superseded == (google.id,)
    old = service.get(google.id)
    assert old.invalid_at == MAR and old.expired_at is not None and old.superseded_by == meta.memory.id
    assert meta.memory.supersedes == (google.id,)
    assert current_facts(service) == ["Ali works at Meta."]


def test_multi_valued_predicates_do_not_supersede_each_other(facts: FactService, service: MemoryService) -> None:
    facts.state("Ali likes tea.")
    facts.state("Ali likes chess.")
    facts.state("Ali visited Paris.")
    facts.state("Ali visited Rome.")
    assert len(current_facts(service)) == 4


def test_a_preference_flip_supersedes_but_is_never_merged(facts: FactService, service: MemoryService) -> None:
    facts.state("Ali likes coffee.")
    flip = facts.state("Ali doesn't like coffee.")
    assert flip.action == "superseded"
    assert current_facts(service) == ["Ali doesn't like coffee."]


def test_ten_repeats_leave_one_fact_with_reinforced_counts(facts: FactService, service: MemoryService) -> None:
    first = facts.state("Ali is allergic to peanuts.", certainty=0.7).memory
    for _ in range(9):
        assert facts.state("Ali is allergic to peanuts.", certainty=0.7).action == "reinforced"
    assert current_facts(service) == ["Ali is allergic to peanuts."]
    kept = service.get(first.id)
    assert kept.certainty > 0.99 and kept.importance >= 0.9
    assert service.usage.get(first.id).confirmations == 9


def test_a_paraphrase_reinforces_when_similar_and_the_slot_agrees(facts: FactService, service: MemoryService) -> None:
    facts.state("Ali works at Google.")
    assert facts.state("Ali is working at Google.").action == "reinforced"


def test_as_of_on_both_axes_honours_the_chain(
    facts: FactService, service: MemoryService, clock: SteppingClock
) -> None:
    clock.jump_to(datetime(2026, 1, 2, tzinfo=timezone.utc))
    facts.state("Ali works at Google.", event_time=JAN)
    clock.jump_to(datetime(2026, 4, 1, tzinfo=timezone.utc))
    facts.state("Ali works at Meta.", event_time=MAR)
    feb = datetime(2026, 2, 1, tzinfo=timezone.utc)
    march_15 = datetime(2026, 3, 15, tzinfo=timezone.utc)
    assert fact_texts(service.as_of(feb)) == ["Ali works at Google."]
    assert fact_texts(service.as_of(march_15)) == ["Ali works at Meta."]
    # In mid-March the memory had not yet heard of the move.
    assert fact_texts(service.as_of(march_15, axis=Axis.KNOWN)) == ["Ali works at Google."]
    assert fact_texts(service.as_of(march_15, "Where does Ali work?", axis=Axis.KNOWN)) == ["Ali works at Google."]
    assert fact_texts(service.recall("Where does Ali work?")) == ["Ali works at Meta."]


def test_the_entity_page_shows_current_facts_first_and_history_below(
    facts: FactService, service: MemoryService, tmp_path: Path
) -> None:
    facts.state("Ali works at Google.", event_time=JAN)
    facts.state("Ali likes tea.")
    facts.state("Ali works at Meta.", event_time=MAR)
    page = (tmp_path / "facts" / "ali.md").read_text()
    current, history = page.split("## History")
    assert "Ali works at Meta." in current and "Ali likes tea." in current
    assert "*2026-01-01 → 2026-03-01* — Ali works at Google." in history
    service.reconcile()
    assert current_facts(service) == ["Ali likes tea.", "Ali works at Meta."]


def test_names_differing_only_by_case_merge_and_near_matches_are_listed(facts: FactService) -> None:
    facts.state("Ali works at Google.")
    facts.state("ali likes tea.", subject="ali", predicate="likes", obj="tea")
    facts.state("Alii likes chess.", subject="Alii", predicate="likes", obj="chess")
    infos, near = facts.entities()
    names = {i.name: i.facts for i in infos}
    assert names["Ali"] == 2 and "ali" not in names
    assert [(m.name, m.other) for m in near] == [("Ali", "Alii")]


def test_retract_ends_a_fact_now_and_keeps_its_history(
    facts: FactService, forgetting: Forgetting, service: MemoryService
) -> None:
    fact = facts.state("Ali works at Google.", event_time=JAN).memory
    receipt = forgetting.forget(fact.id, ForgetMode.RETRACT)
    assert receipt.retracted == (fact.id,)
    assert current_facts(service) == []
    assert fact_texts(service.as_of(datetime(2026, 2, 1, tzinfo=timezone.utc))) == ["Ali works at Google."]


def test_purge_removes_the_chain_and_the_source_turns_from_every_file(
    facts: FactService, forgetting: Forgetting, service: MemoryService, tmp_path: Path
) -> None:
    turn = service.remember("I work at Initech.", speaker="Ali")
    derived = Memory(
        id="f-0000000000aa", kind=Kind.FACT, type=turn.type.SEMANTIC, text="Ali works at Initech.",
        created_at=turn.created_at, subject="Ali", predicate="works", object="at Initech",
        provenance=turn.provenance.__class__(speaker="Ali", turn_ids=(turn.id,)),
    )
    facts.write(derived)
    newer = facts.state("Ali works at Globex.").memory
    receipt = forgetting.forget(newer.id)
    assert set(receipt.removed) == {turn.id, derived.id, newer.id}
    for word in (b"Initech", b"Globex"):
        assert not any(word in p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    assert service.recall("Where does Ali work?").abstained


def test_a_fact_from_a_purged_turn_is_dropped(facts: FactService, service: MemoryService) -> None:
    turn = service.remember("I work at Initech.", speaker="Ali")
    service.remove_many([turn.id])
    late = Memory(
        id="f-0000000000bb", kind=Kind.FACT, type=turn.type.SEMANTIC, text="Ali works at Initech.",
        created_at=turn.created_at, provenance=turn.provenance.__class__(turn_ids=(turn.id,)),
    )
    assert facts.write(late).action == "dropped"


def test_the_history_command_prints_a_chain_from_the_markdown(
    facts: FactService, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from engram_mcp.cli import main

    monkeypatch.setenv("ENGRAM_CONFIG", str(tmp_path / "none.toml"))
    facts.state("Ali works at Google.", event_time=JAN)
    meta = facts.state("Ali works at Meta.", event_time=MAR).memory
    assert main(["history", meta.id, "--memory-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "2026-01-01 00:00:00Z .. 2026-03-01 00:00:00Z" in lines[0] and "Google" in lines[0]
    assert lines[1].endswith("Ali works at Meta.") and ".. now" in lines[1]
