from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, Source, new_memory_id
from engram_mcp.model.entities import entity_key
from engram_mcp.model.supersede import slot_of
from engram_mcp.service.fact_lookup import FactLookup
from engram_mcp.service.facts import FactService
from engram_mcp.service.forgetting import ForgetMode, Forgetting
from engram_mcp.service.memory import MemoryService
from engram_mcp.sync.last_good import LastGood
from engram_mcp.sync.reconciler import Reconciler
from tests.conftest import SteppingClock

JAN = datetime(2026, 1, 1, tzinfo=timezone.utc)
_NAMES = ["Ali", "ali", "ALI", "Bo", "bo", "Caro", "Alis"]
_TEXTS = ["works at Google.", "works at Meta.", "likes tea.", "lives in Oslo.", "doesn't like tea.", "has a cat."]


def _fact(rng: random.Random, number: int) -> Memory:
    subject = rng.choice(_NAMES)
    return Memory(
        id=new_memory_id(Kind.FACT, seed=f"lookup-{number}"),
        kind=Kind.FACT,
        type=MemoryType.SEMANTIC,
        text=f"{subject} {rng.choice(_TEXTS)}",
        created_at=JAN,
        valid_at=JAN,
        provenance=Provenance(namespace=rng.choice(["default", "work"]), source=Source.USER),
        subject=subject,
        entities=tuple(rng.sample(_NAMES, 2)),
        invalid_at=JAN if rng.random() < 0.3 else None,
    )


def _turn(rng: random.Random, number: int) -> Memory:
    return Memory(
        id=new_memory_id(Kind.EPISODE, seed=f"lookup-turn-{number}"),
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text="Hello there.",
        created_at=JAN,
        valid_at=JAN,
        provenance=Provenance(
            namespace=rng.choice(["default", "work"]), speaker=rng.choice(["Ana", "Ben", None]),
            role=rng.choice(["user", "user", "assistant"]), source=Source.USER,
        ),
    )


def _main_user(held: dict[str, Memory], namespace: str) -> str | None:
    counts: dict[str, int] = {}
    for m in held.values():
        if m.kind is Kind.EPISODE and m.namespace == namespace and m.provenance.role == "user":
            counts[m.provenance.speaker or ""] = counts.get(m.provenance.speaker or "", 0) + 1
    return max(counts, key=lambda s: (counts[s], s == "", s)) or None if counts else None


def _scanned(held: dict[str, Memory], namespace: str, subject: str) -> list[str]:
    return [
        m.id for m in held.values()
        if m.kind is Kind.FACT and m.namespace == namespace and m.is_current()
        and (slot := slot_of(m)) is not None and slot.subject == subject
    ]


def _first_spelling(held: dict[str, Memory], namespace: str, name: str) -> str | None:
    known: dict[str, str] = {}
    for m in held.values():
        if m.kind is Kind.FACT and m.namespace == namespace:
            for n in (*(s for s in (m.subject,) if s), *m.entities):
                known.setdefault(entity_key(n), n)
    return known.get(entity_key(name))


@pytest.mark.parametrize("seed", range(3))
def test_the_lookup_answers_what_a_scan_of_every_memory_answers_after_writes_rewrites_and_removals(seed: int) -> None:
    rng = random.Random(seed)
    held: dict[str, Memory] = {}
    lookup = FactLookup()
    for step in range(150):
        action = rng.random()
        if action < 0.45 or not held:
            memory = _fact(rng, step) if rng.random() < 0.7 else _turn(rng, step)
            held[memory.id] = memory
            lookup.add(memory)
        elif action < 0.75:
            # A rewrite under the same id (superseded, renamed, edited by hand) keeps its place.
            old = held[rng.choice(list(held))]
            new = replace(_fact(rng, step) if old.kind is Kind.FACT else _turn(rng, step), id=old.id)
            held[old.id] = new
            lookup.add(new)
        elif action < 0.95:
            gone = rng.choice(list(held))
            del held[gone]
            lookup.remove(gone)
        else:
            # A reload keeps the order the memories are held in.
            lookup.reset(held.values())
        subjects = {slot.subject for m in held.values() if (slot := slot_of(m)) is not None} | {"nobody"}
        for namespace in ("default", "work"):
            assert lookup.main_user(namespace) == _main_user(held, namespace)
            for subject in subjects:
                found = [m.id for m in lookup.current_about(namespace, subject)]
                assert found == _scanned(held, namespace, subject)
            for name in (*_NAMES, "Dana"):
                assert lookup.spelling(namespace, name) == _first_spelling(held, namespace, name)


@pytest.fixture
def synced(tmp_path: Path, embedder: OnnxEmbedder, clock: SteppingClock) -> Iterator[tuple[MemoryService, Reconciler]]:
    """A service whose files a person may edit, taken in by sync as the server does."""
    index = EdgeIndex(tmp_path / ".engram" / "index", embedder.dimension)
    store = MarkdownStore(tmp_path)
    service = MemoryService(store, index, embedder, clock)
    reconciler = Reconciler(store, service, LastGood(tmp_path / ".engram" / "last-good"), clock)
    reconciler.start_up()
    yield service, reconciler
    index.close()


def test_a_fact_edited_by_hand_is_what_the_next_contradiction_meets(
    synced: tuple[MemoryService, Reconciler], clock: SteppingClock, tmp_path: Path
) -> None:
    service, reconciler = synced
    facts = FactService(service, clock)
    google = facts.state("Ali works at Google.", event_time=JAN).memory
    assert google is not None
    relative = service.file_of(google.id)
    assert relative is not None
    page = tmp_path / relative
    page.write_text(page.read_text(encoding="utf-8").replace("Google", "Amazon"), encoding="utf-8")
    assert reconciler.sync([relative]).revised == 1
    (amazon,) = [m for m in service.memories() if m.kind is Kind.FACT and m.is_current()]
    assert amazon.text == "Ali works at Amazon."
    # Another's claim is kept beside what a person wrote: disputed, not superseding it.
    meta = facts.state("Ali works at Meta.")
    assert (meta.action, meta.superseded, meta.disputes) == ("added", (), (amazon.id,))
    # A person's own correction ends both current claims, and never the version the edit ended.
    netflix = facts.state("Ali works at Netflix.", source=Source.HUMAN_EDIT)
    assert netflix.action == "superseded"
    assert meta.memory is not None and set(netflix.superseded) == {amazon.id, meta.memory.id}
    assert [m.text for m in service.memories() if m.kind is Kind.FACT and m.is_current()] == ["Ali works at Netflix."]


def test_a_forgotten_fact_is_not_superseded_again_and_its_spelling_is_not_kept(
    service: MemoryService, clock: SteppingClock
) -> None:
    facts = FactService(service, clock)
    forgetting = Forgetting(service, facts, clock)
    oslo = facts.state("Bo lives in Oslo.", subject="Bo").memory
    assert oslo is not None
    forgetting.forget(oslo.id, ForgetMode.PURGE)
    rome = facts.state("BO lives in Rome.", subject="BO")
    assert (rome.action, rome.superseded) == ("added", ())
    assert rome.memory is not None and rome.memory.subject == "BO"
    # The spelling in use now is the one that stayed.
    lisbon = facts.state("bo lives in Lisbon.", subject="bo")
    assert lisbon.superseded == (rome.memory.id,) and lisbon.memory is not None and lisbon.memory.subject == "BO"


def test_a_reload_from_the_files_keeps_the_lookup_in_step(
    service: MemoryService, clock: SteppingClock, tmp_path: Path
) -> None:
    facts = FactService(service, clock)
    google = facts.state("Ali works at Google.").memory
    meta = facts.state("Bo works at Meta.").memory
    assert google is not None and meta is not None
    relative = service.file_of(google.id)
    assert relative is not None
    (tmp_path / relative).unlink()  # gone from the files while nothing watched
    service.reconcile()
    again = facts.state("Ali works at Amazon.")
    assert (again.action, again.superseded) == ("added", ())
    assert facts.state("Bo works at IBM.").superseded == (meta.id,)
