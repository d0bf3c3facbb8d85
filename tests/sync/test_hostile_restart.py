"""Hostile input through the service and a restart: every accepted input comes back exactly,
the canary beside it stays intact, a second restart changes no byte, and check is clean."""

from __future__ import annotations

import pytest

from engram_mcp.errors import InvalidInput
from engram_mcp.model import Memory
from tests.markdown.hostile import CATEGORIES, SPEAKERS
from tests.markdown.test_hostile import a_fact
from tests.sync.conftest import Opener


def files(opener: Opener) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in opener.folder.rglob("*.md") if ".engram" not in p.parts}


@pytest.mark.parametrize("category", list(CATEGORIES))
def test_hostile_input_survives_restarts_exactly_and_costs_no_other_memory(category: str, open_memory: Opener) -> None:
    memory = open_memory()
    service = memory.service
    stored: list[Memory] = [service.remember("The canary is yellow.", speaker="Ana", session="s1")]
    for number, text in enumerate(CATEGORIES[category]):
        label = text[:200]
        stored.append(service.remember(text, speaker=label, session=label))
        fact = a_fact(number + 1, text)
        service.add(fact)
        stored.append(fact)
    stored.append(service.remember("The second canary is green.", speaker="Ana", session="s1"))

    restarted = open_memory()
    assert {m.id: m for m in restarted.service.memories()} == {m.id: m for m in stored}
    assert restarted.reconciler.problems == []
    assert restarted.check_lines() == []
    before = files(open_memory)
    again = open_memory()
    assert files(open_memory) == before
    assert {m.id: m for m in again.service.memories()} == {m.id: m for m in stored}


def test_hostile_speakers_and_sessions_survive_a_restart(open_memory: Opener) -> None:
    service = open_memory().service
    stored = [service.remember("hello", speaker=speaker, session=speaker) for speaker in SPEAKERS]
    stored.append(service.remember("The canary is yellow.", speaker="Ana"))
    restarted = open_memory()
    assert {m.id: m for m in restarted.service.memories()} == {m.id: m for m in stored}


@pytest.mark.parametrize(
    ("field", "value"), [("text", "a\x00b"), ("text", "lone \ud800"), ("speaker", "A\x00"), ("session", "\udfff")]
)
def test_what_no_file_can_mean_is_refused_in_one_line_and_nothing_is_written(
    field: str, value: str, open_memory: Opener
) -> None:
    memory = open_memory()
    arguments = {"text": "hello", field: value}
    text = arguments.pop("text")
    with pytest.raises(InvalidInput) as raised:
        memory.service.remember(text, **arguments)
    assert field in str(raised.value) and "\n" not in str(raised.value)
    assert files(open_memory) == {} and memory.service.memories() == []
