import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engram_mcp.bench.backends import BM25Backend, DenseBackend
from engram_mcp.bench.datasets import BenchCase, BenchQuestion, BenchTurn
from engram_mcp.bench.harness import format_date, locomo_report, longmemeval_report, run
from engram_mcp.bench.runner import main
from tests.bench.hashing import HashingEmbedder

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def _case() -> BenchCase:
    texts = [
        ("D1:1", "Ann", "I adopted a cat named Miso"),
        ("D1:2", "Bo", "That is lovely, what colour is Miso?"),
        ("D2:1", "Ann", "I started painting sunsets last week"),
        ("D2:2", "Bo", "My guitar lessons are going well"),
    ]
    turns = tuple(BenchTurn(i, f"session_{i[1]}", s, t, WHEN) for i, s, t in texts)
    questions = (
        BenchQuestion("conv:0", "Which cat named Miso did Ann adopt?", "4", "Miso", ("D1:1",)),
        BenchQuestion("conv:1", "When did Ann start painting sunsets?", "1", "sunsets", ("D2:1",)),
    )
    return BenchCase("conv", turns, questions)


def test_backends_see_opaque_ids_and_the_harness_maps_them_back() -> None:
    seen: list[str] = []

    class Recorder:
        def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
            seen.extend(t.turn_id for t in turns)

        def recall(self, namespace: str, query: str, k: int, asked_at: datetime | None = None) -> list[str]:
            return seen[:k]

    result = run([_case()], Recorder(), 2)
    assert all(s.startswith("t") and ":" not in s for s in seen)
    assert result.questions[0].ranked_ids == ("D1:1", "D1:2")


def test_every_backend_finds_the_evidence_of_an_easy_question() -> None:
    case = _case()
    for backend in (BM25Backend(), DenseBackend(HashingEmbedder())):
        report = locomo_report([case], run([case], backend, 2))
        assert report["groups"]["cat1-4"]["recall@1"] == 1.0


def test_longmemeval_report_skips_abstention_questions() -> None:
    turns = (
        BenchTurn("s1_1", "s1", "user", "my dog is called Rex", WHEN),
        BenchTurn("answer_x_1", "answer_x", "user", "I bought a red bike", WHEN),
    )
    questions = (BenchQuestion("q", "What bike did I buy?", "single-session-user", "red", ("answer_x_1",)),)
    abstain = (BenchQuestion("q_abs", "What car did I buy?", "single-session-user", "", (), abstention=True),)
    cases = [BenchCase("q", turns, questions), BenchCase("q_abs", turns, abstain)]
    report = longmemeval_report(cases, run(cases, BM25Backend(), 10))
    assert report["groups"]["all"]["n"] == 1
    assert report["groups"]["all"]["turn_recall_all@1"] == 1.0


def test_the_cli_writes_rankings_and_a_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = {
        "sample_id": "conv-t",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a cat named Miso"},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "My guitar lessons are going well"},
            ],
        },
        "qa": [{"question": "Which cat named Miso?", "answer": "Miso", "evidence": ["D1:1"], "category": 4}],
    }
    data = tmp_path / "locomo.json"
    data.write_text(json.dumps([sample]))
    rankings, out = tmp_path / "r.jsonl", tmp_path / "report.json"
    args = ["locomo", str(data), "--backends", "bm25", "--rankings", str(rankings), "--out", str(out)]
    assert main([*args, "--embedding-cache", str(tmp_path / "cache.pkl")]) == 0
    assert json.loads(rankings.read_text().splitlines()[0]) == {"question_id": "conv-t:0", "ranked_ids": ["D1:1"]}
    assert json.loads(out.read_text())["reports"][0]["groups"]["cat1-4"]["recall@10"] == 1.0
    assert "cat1-4" in capsys.readouterr().out


def test_dates_are_written_as_people_write_them_in_questions() -> None:
    assert format_date(WHEN) == "8 May 2023"
