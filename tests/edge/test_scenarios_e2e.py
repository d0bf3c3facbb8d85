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
from tests.stdio_client import run_session, wait_until_idle

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
