"""The benchmark harness: run a dataset against recall backends, score, report.

A backend is anything with ``ingest(namespace, turns)`` and ``recall(namespace, query, k, asked_at)``
(``engram_mcp.bench.backends.RecallBackend``). The harness hands it opaque turn and session
ids, in write order with real timestamps, then asks each question with its raw text (at the
question's date when the dataset has one) and maps the answer back to dataset ids for
scoring. The one entry point is ``engram-mcp bench locomo|longmemeval`` (``bench/runner.py``).
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from engram_mcp.bench.backends import RecallBackend
from engram_mcp.bench.datasets import BenchCase, BenchTurn
from engram_mcp.bench.metrics import (
    estimate_tokens,
    evidence_recall,
    latency_summary,
    mean,
    retrieval_scores,
    session_scores,
    whole_session_scores,
)

__all__ = [
    "QuestionResult",
    "RunResult",
    "context_tokens",
    "format_date",
    "locomo_report",
    "longmemeval_report",
    "print_lme",
    "print_locomo",
    "run",
    "run_variants",
    "write_rankings",
]

log = logging.getLogger(__name__)

LOCOMO_KS = (1, 5, 10, 25, 50)
LME_KS = (1, 3, 5, 10, 30, 50)
CONTEXT_BUDGET = 25
_PROGRESS_SECONDS = 15.0


@dataclass(frozen=True, slots=True)
class QuestionResult:
    question_id: str
    namespace: str
    ranked_ids: tuple[str, ...]
    latency_ms: float
    details: dict[str, float] | None = None
    """What a backend reports beside its ranking (``last_details``), e.g. the product's context size."""


@dataclass(frozen=True, slots=True)
class RunResult:
    backend: str
    questions: tuple[QuestionResult, ...]
    ingest_seconds: float
    turns_ingested: int

    @property
    def ingest_turns_per_second(self) -> float:
        return self.turns_ingested / self.ingest_seconds if self.ingest_seconds > 0 else float("inf")


def format_date(moment: datetime) -> str:
    """'8 May 2023': the form people use in questions."""
    return f"{moment.day} {moment:%B %Y}"


def run(cases: Sequence[BenchCase], backend: RecallBackend, k: int, name: str = "backend") -> RunResult:
    """Ingest every case under its namespace, ask its questions, time both."""
    return run_variants(cases, backend, k, name, ())[name]


def run_variants(
    cases: Sequence[BenchCase], backend: RecallBackend, k: int, name: str, variants: Sequence[str]
) -> dict[str, RunResult]:
    """Like ``run``, asking every question once per variant of ``backend`` (``use_variant``)
    after one ingest: ablations of the recall pipeline then cost one ingest, not one each.

    Returns one result per variant name (``name`` alone when there are no variants).
    Progress goes to stderr every few seconds, since a dataset runs for many minutes.
    """
    names = list(variants) or [name]
    results: dict[str, list[QuestionResult]] = {n: [] for n in names}
    ingest_seconds = 0.0
    turns_ingested = 0
    began = last_report = time.perf_counter()
    warmed = False
    for number, case in enumerate(cases, start=1):
        opaque_session: dict[str, str] = {}
        to_dataset: dict[str, str] = {}
        opaque_turns: list[BenchTurn] = []
        for position, turn in enumerate(case.turns):
            opaque = f"t{position:06d}"
            to_dataset[opaque] = turn.turn_id
            session = opaque_session.setdefault(turn.session_id, f"s{len(opaque_session):04d}")
            opaque_turns.append(replace(turn, turn_id=opaque, session_id=session))
        started = time.perf_counter()
        backend.ingest(case.namespace, opaque_turns)
        ingest_seconds += time.perf_counter() - started
        turns_ingested += len(opaque_turns)
        if not warmed and case.questions:
            # one untimed call so that lazy model loading is not counted as recall latency
            backend.recall(case.namespace, case.questions[0].question, k, case.questions[0].question_date)
            warmed = True
        for question in case.questions:
            for variant in names:
                if variants:
                    backend.use_variant(variant)  # type: ignore[attr-defined]
                started = time.perf_counter()
                ranked = backend.recall(case.namespace, question.question, k, question.question_date)
                elapsed_ms = (time.perf_counter() - started) * 1000
                if len(set(ranked)) != len(ranked):
                    raise ValueError(f"{variant} returned a turn twice for {question.question_id}")
                results[variant].append(
                    QuestionResult(
                        question_id=question.question_id,
                        namespace=case.namespace,
                        ranked_ids=tuple(to_dataset[r] for r in ranked),
                        latency_ms=elapsed_ms,
                        details=getattr(backend, "last_details", None),
                    )
                )
        now = time.perf_counter()
        if now - last_report >= _PROGRESS_SECONDS or number == len(cases):
            last_report = now
            print(
                f"[{name}] case {number}/{len(cases)}: {turns_ingested} turns stored, "
                f"{sum(len(c.questions) for c in cases[:number])} questions asked, {now - began:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    return {n: RunResult(n, tuple(r), ingest_seconds, turns_ingested) for n, r in results.items()}


def context_tokens(case: BenchCase, ranked_ids: Sequence[str], budget: int = CONTEXT_BUDGET) -> int:
    """Estimated tokens of the top ``budget`` turns rendered as '[8 May 2023] Caroline: text'."""
    by_id = {t.turn_id: t for t in case.turns}
    return sum(
        estimate_tokens(f"[{format_date(by_id[r].timestamp)}] {by_id[r].speaker}: {by_id[r].text}")
        for r in ranked_ids[:budget]
    )


def _common(cases: Sequence[BenchCase], result: RunResult) -> dict[str, Any]:
    case_of = {c.namespace: c for c in cases}
    questions = [q for q in result.questions if q.namespace in case_of]
    tokens = [context_tokens(case_of[q.namespace], q.ranked_ids) for q in questions]
    return {
        "latency_ms": asdict(latency_summary([q.latency_ms for q in questions])),
        "ingest_turns_per_second": result.ingest_turns_per_second,
        "context_tokens_mean": mean(tokens),
        "context_budget": CONTEXT_BUDGET,
    }


def locomo_report(cases: Sequence[BenchCase], result: RunResult) -> dict[str, Any]:
    """Evidence recall / any / all at each k per category, for 1–4 together, and per conversation."""
    ranked = {q.question_id: q.ranked_ids for q in result.questions}
    rows: dict[str, dict[str, list[float]]] = {}
    for case in cases:
        for question in case.questions:
            if not question.evidence:
                continue
            groups = [f"cat{question.category}"]
            if question.category in {"1", "2", "3", "4"}:
                groups += ["cat1-4", f"{case.namespace}/cat1-4"]
            for k in LOCOMO_KS:
                recall, any_hit, all_hit = evidence_recall(ranked[question.question_id], question.evidence, k)
                for group in groups:
                    row = rows.setdefault(group, {})
                    row.setdefault(f"recall@{k}", []).append(recall)
                    row.setdefault(f"any@{k}", []).append(any_hit)
                    row.setdefault(f"all@{k}", []).append(all_hit)
    summary = {g: {m: mean(v) for m, v in row.items()} | {"n": len(row["recall@1"])} for g, row in sorted(rows.items())}
    return {"backend": result.backend, "groups": summary} | _common(cases, result)


def longmemeval_report(cases: Sequence[BenchCase], result: RunResult) -> dict[str, Any]:
    """Official turn- and session-level recall_all / recall_any / ndcg_any, abstention excluded."""
    ranked = {q.question_id: q.ranked_ids for q in result.questions}
    rows: dict[str, dict[str, list[float]]] = {}
    for case in cases:
        corpus = [t.turn_id for t in case.turns]
        for question in case.questions:
            if question.abstention:
                continue
            for k in LME_KS:
                for level, score in (
                    ("turn", retrieval_scores(ranked[question.question_id], question.evidence, corpus, k)),
                    ("session", session_scores(ranked[question.question_id], question.evidence, corpus, k)),
                    ("whole_session", whole_session_scores(ranked[question.question_id], question.evidence, corpus, k)),
                ):
                    for group in ("all", question.category):
                        row = rows.setdefault(group, {})
                        row.setdefault(f"{level}_recall_all@{k}", []).append(score.recall_all)
                        row.setdefault(f"{level}_recall_any@{k}", []).append(score.recall_any)
                        row.setdefault(f"{level}_ndcg_any@{k}", []).append(score.ndcg_any)
    summary = {
        g: {m: mean(v) for m, v in row.items()} | {"n": len(row["turn_recall_all@1"])} for g, row in sorted(rows.items())
    }
    return {"backend": result.backend, "groups": summary} | _common(cases, result)


def write_rankings(path: Path, result: RunResult) -> None:
    with path.open("w", encoding="utf-8") as f:
        for q in result.questions:
            f.write(json.dumps({"question_id": q.question_id, "ranked_ids": list(q.ranked_ids)}) + "\n")


def print_locomo(reports: Sequence[dict[str, Any]]) -> None:
    groups = ["cat1-4", "cat1", "cat2", "cat3", "cat4", "cat5"]
    groups += sorted({g for r in reports for g in r["groups"] if "/" in g})
    print(f"{'group':<22}{'n':>5}" + "".join(f"{r['backend'][:18]:>20}" for r in reports))
    print(f"{'':<27}" + "".join(f"{'R@10 / R@25':>20}" for _ in reports))
    for group in groups:
        if group not in reports[0]["groups"]:
            continue
        cells = "".join(
            f"{r['groups'][group]['recall@10']:>11.3f} / {r['groups'][group]['recall@25']:.3f}" for r in reports
        )
        print(f"{group:<22}{reports[0]['groups'][group]['n']:>5}{cells}")
    _print_costs(reports)


def print_lme(reports: Sequence[dict[str, Any]]) -> None:
    print(f"{'group':<28}{'n':>4}" + "".join(f"{r['backend'][:18]:>20}" for r in reports))
    print(f"{'':<32}" + "".join(f"{'sess@5 / turn@10':>20}" for _ in reports))
    for group in ["all"] + sorted(g for g in reports[0]["groups"] if g != "all"):
        cells = "".join(
            f"{r['groups'][group]['session_recall_all@5']:>11.3f} / {r['groups'][group]['turn_recall_all@10']:.3f}"
            for r in reports
        )
        print(f"{group:<28}{reports[0]['groups'][group]['n']:>4}{cells}")
    whole = "".join(f"{r['groups']['all']['whole_session_recall_all@5']:>20.3f}" for r in reports)
    print(f"{'sess@5, unmarked turns kept':<32}{whole}  (not official: a gold session's unmarked turns count as it)")
    _print_costs(reports)


def _print_costs(reports: Sequence[dict[str, Any]]) -> None:
    for r in reports:
        lat = r["latency_ms"]
        print(
            f"{r['backend']}: recall p50 {lat['p50_ms']:.1f} ms, p95 {lat['p95_ms']:.1f} ms; "
            f"ingest {r['ingest_turns_per_second']:.0f} turns/s; "
            f"context {r['context_tokens_mean']:.0f} tokens at {r['context_budget']} records"
        )
