from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from engram_mcp.bench.extraction import evaluate, load_turns, main
from engram_mcp.extraction import RulesExtractor

VOCABULARY = ("lisbon", "moved", "pottery", "class", "dog", "hiking")


def bag_of_words(texts: Sequence[str]) -> list[list[float]]:
    """A tiny deterministic embedder: two facts match when they share the same keywords."""
    return [[float(word in text.lower()) for word in VOCABULARY] + [0.01] for text in texts]


@pytest.fixture
def locomo(tmp_path: Path) -> Path:
    sample = {
        "sample_id": "conv-x",
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ana", "dia_id": "D1:1", "text": "Hi Bo! How are you?"},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "I moved to Lisbon last month."},
                {"speaker": "Ana", "dia_id": "D1:3", "text": "I signed up for a pottery class."},
                {"speaker": "Bo", "dia_id": "D1:4", "text": "I adopted a dog yesterday."},
            ],
            "session_2_date_time": "2:00 pm on 9 June, 2023",
        },
        "observation": {
            "session_1_observation": {
                "Bo": [["Bo moved to Lisbon.", "D1:2"], ["Bo adopted a dog.", "D1:4"]],
                "Ana": [["Ana took a pottery class.", "D1:3"]],
            }
        },
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([sample]))
    return path


def test_recall_counts_only_gold_facts_whose_turns_were_processed(locomo: Path) -> None:
    turns, gold = load_turns(locomo, conversations=1, max_turns=3)
    report = evaluate(RulesExtractor(), turns, gold, bag_of_words, threshold=0.9)
    assert report.gold_facts == 2
    assert report.recall == 1.0
    assert report.precision == 1.0
    assert report.turns == 3 and report.facts == 2


def test_facts_about_something_else_are_not_precise(locomo: Path) -> None:
    turns, gold = load_turns(locomo, conversations=1, max_turns=4)
    gold = [fact for fact in gold if "dog" not in fact.text]
    report = evaluate(RulesExtractor(), turns, gold, bag_of_words, threshold=0.9)
    assert report.precision == pytest.approx(2 / 3)


def test_the_command_line_prints_a_table_and_writes_json(
    locomo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.json"
    assert main([str(locomo), "--extractor", "rules", "--out", str(out)], embed=bag_of_words) == 0
    assert "rules" in capsys.readouterr().out
    [report] = json.loads(out.read_text())["reports"]
    assert report["extractor"] == "rules" and report["types"]


def test_the_rules_certainty_levels_are_ordered_by_precision_on_the_labelled_set(embedder: object) -> None:
    from engram_mcp.bench.extraction import CERTAINTY_SET, certainty_buckets

    buckets = certainty_buckets(RulesExtractor(), CERTAINTY_SET, embedder.embed)  # type: ignore[attr-defined]
    assert set(buckets) == {"1.0", "0.7", "0.4"} and all(b["facts"] >= 20 for b in buckets.values())
    assert buckets["1.0"]["precision"] > buckets["0.7"]["precision"] > buckets["0.4"]["precision"]


def test_every_item_of_the_labelled_certainty_set_has_a_gold_fact_with_a_truth_on_the_scale() -> None:
    from engram_mcp.bench.extraction import CERTAINTY_SET

    items = json.loads(CERTAINTY_SET.read_text())["items"]
    assert len(items) >= 200
    assert all(item["facts"] and all(f["p"] in (0.0, 0.4, 0.7, 1.0) for f in item["facts"]) for item in items)
    assert {item["label"] for item in items} == {"stated", "strong", "weak", "hypothetical", "inferred"}


def test_a_spent_time_budget_scores_only_the_turns_done_and_says_how_many(
    locomo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import itertools
    import time

    ticks = itertools.count(0.0, 10.0)  # every look at the clock is ten seconds later
    monkeypatch.setattr(time, "monotonic", lambda: next(ticks))
    turns, gold = load_turns(locomo, conversations=1, max_turns=4)
    report = evaluate(RulesExtractor(), turns, gold, bag_of_words, threshold=0.9, time_budget=25.0)
    assert report.turns == 2 and report.facts == 1
    # Only the gold fact of a turn that was read counts against recall.
    assert report.gold_facts == 1 and report.recall == 1.0
