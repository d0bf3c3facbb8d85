"""A week of one person's life through the real server over stdio: current truth first, honest
abstention, exact forgetting with a preview, recalled text quoted as data, compact answers.

Each file in tests/scenarios/ is another person with other phrasings; the checks are
described in ``scenario_checks``. Extraction runs (the rules extractor, the default), so
supersession comes from what the person said, as it would in use.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client

from tests.edge.scenario_checks import Outcome, Runner, load
from tests.stdio_client import call, run_session, wait_until_idle

pytestmark = pytest.mark.slow

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").glob("*.json"))
RECALL_TEXT_TOKENS = 1200


def test_there_are_at_least_four_everyday_scenarios() -> None:
    assert len(SCENARIOS) >= 4


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_check_of_an_everyday_scenario_holds(path: Path, tmp_path: Path, model_cache: Path) -> None:
    scenario = load(path)
    memories = tmp_path / "memories"

    async def week(client: Client) -> tuple[list[Outcome], list[float]]:
        runner = Runner(client, memories)
        await runner.remember_all(scenario)
        await wait_until_idle(client)
        outcomes = [await runner.check(check) for check in scenario["checks"]]
        return outcomes, runner.recall_tokens

    outcomes, tokens = run_session(memories, model_cache, week)
    failed = [f"{o.kind} {o.subject!r}: {o.detail}" for o in outcomes if not o.ok]
    assert not failed, "\n".join(failed)
    assert sum(tokens) / len(tokens) <= RECALL_TEXT_TOKENS


def test_the_recall_limit_and_context_budget_settings_reach_the_tools(tmp_path: Path, model_cache: Path) -> None:
    config = tmp_path / "engram.toml"
    config.write_text("recall_limit = 2\ncontext_tokens = 150\n", encoding="utf-8")
    memories = tmp_path / "memories"

    async def session(client: Client) -> None:
        for i, city in enumerate(["Oslo", "Lima", "Pune", "Kyiv", "Cork"]):
            await call(client, "remember", text=f"My friend number {i} lives in {city}.", speaker="Ana",
                       event_time=f"2026-01-0{i + 1}T10:00:00Z")
        found = await call(client, "recall", query="Where do Ana's friends live?")
        assert found["count"] <= 2 and 0 < found["context_tokens"] <= 150
        then = await client.call_tool("as_of", {"at": "2026-01-03T12:00:00Z"})
        text = "\n".join(getattr(block, "text", "") for block in then.content)
        assert "Lima" in text and "Cork" not in text and text == (then.structured_content or {})["context"]

    run_session(memories, model_cache, session, "--extractor", "none", "--config", str(config))
