"""The benchmark harness: run a dataset against recall backends, score, report.

A backend is anything with ``ingest(namespace, turns)`` and ``recall(namespace, query, k)``
(``engram_mcp.bench.backends.RecallBackend``). The harness hands it opaque turn and session
ids, in write order with real timestamps, then asks each question with its raw text and
maps the answer back to dataset ids for scoring.

    python -m engram_mcp.bench.harness locomo /work/shared/bench/locomo_dev5.json \
        --backends bm25,dense,hybrid --rankings /tmp/locomo.jsonl --out /tmp/locomo.json
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from engram_mcp.bench.backends import (
    PLAIN_RRF,
    BM25Backend,
    DenseBackend,
    HybridBackend,
    HybridConfig,
    RecallBackend,
)
from engram_mcp.bench.datasets import BenchCase, BenchTurn, load_locomo, load_longmemeval
from engram_mcp.bench.embedder import CachedEmbedder, Embedder, LiveQueryEmbedder, MiniLMEmbedder
from engram_mcp.bench.metrics import (
    estimate_tokens,
    evidence_recall,
    latency_summary,
    mean,
    retrieval_scores,
    session_scores,
)
from engram_mcp.bench.research.contextual import format_date

__all__ = ["QuestionResult", "RunResult", "context_tokens", "locomo_report", "longmemeval_report", "run", "main"]

log = logging.getLogger(__name__)

LOCOMO_KS = (1, 5, 10, 25, 50)
LME_KS = (1, 3, 5, 10, 30, 50)
CONTEXT_BUDGET = 25


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


def run(cases: Sequence[BenchCase], backend: RecallBackend, k: int, name: str = "backend") -> RunResult:
    """Ingest every case under its namespace, ask its questions, time both."""
    results: list[QuestionResult] = []
    ingest_seconds = 0.0
    turns_ingested = 0
    for case in cases:
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
        if not results and case.questions:
            # one untimed call so that lazy model loading is not counted as recall latency
            backend.recall(case.namespace, case.questions[0].question, k)
        for question in case.questions:
            started = time.perf_counter()
            ranked = backend.recall(case.namespace, question.question, k)
            elapsed_ms = (time.perf_counter() - started) * 1000
            if len(set(ranked)) != len(ranked):
                raise ValueError(f"{name} returned a turn twice for {question.question_id}")
            results.append(
                QuestionResult(
                    question_id=question.question_id,
                    namespace=case.namespace,
                    ranked_ids=tuple(to_dataset[r] for r in ranked),
                    latency_ms=elapsed_ms,
                    details=getattr(backend, "last_details", None),
                )
            )
    return RunResult(name, tuple(results), ingest_seconds, turns_ingested)


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


def _print_locomo(reports: Sequence[dict[str, Any]]) -> None:
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


def _print_lme(reports: Sequence[dict[str, Any]]) -> None:
    print(f"{'group':<28}{'n':>4}" + "".join(f"{r['backend'][:18]:>20}" for r in reports))
    print(f"{'':<32}" + "".join(f"{'sess@5 / turn@10':>20}" for _ in reports))
    for group in ["all"] + sorted(g for g in reports[0]["groups"] if g != "all"):
        cells = "".join(
            f"{r['groups'][group]['session_recall_all@5']:>11.3f} / {r['groups'][group]['turn_recall_all@10']:.3f}"
            for r in reports
        )
        print(f"{group:<28}{reports[0]['groups'][group]['n']:>4}{cells}")
    _print_costs(reports)


def _print_costs(reports: Sequence[dict[str, Any]]) -> None:
    for r in reports:
        lat = r["latency_ms"]
        print(
            f"{r['backend']}: recall p50 {lat['p50_ms']:.1f} ms, p95 {lat['p95_ms']:.1f} ms; "
            f"ingest {r['ingest_turns_per_second']:.0f} turns/s; "
            f"context {r['context_tokens_mean']:.0f} tokens at {r['context_budget']} records"
        )


def _backends(names: Sequence[str], embedder: Embedder) -> list[tuple[str, Callable[[], RecallBackend]]]:
    factories: dict[str, Callable[[], RecallBackend]] = {
        "bm25": BM25Backend,
        "dense": lambda: DenseBackend(embedder),
        "rrf": lambda: HybridBackend(embedder, PLAIN_RRF),
        "hybrid": lambda: HybridBackend(embedder),
        "hybrid-session": lambda: HybridBackend(embedder, HybridConfig(session_weight=1.0)),
    }
    unknown = [n for n in names if n not in factories]
    if unknown:
        raise SystemExit(f"unknown backend(s): {', '.join(unknown)}; choose from {', '.join(factories)}")
    return [(n, factories[n]) for n in names]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engram_mcp.bench.harness", description=__doc__.split("\n")[0])
    parser.add_argument("dataset", choices=["locomo", "longmemeval"])
    parser.add_argument("path", type=Path)
    parser.add_argument(
        "--backends", default="bm25,dense,rrf,hybrid", help="comma-separated: bm25, dense, rrf, hybrid, hybrid-session"
    )
    parser.add_argument("--only", default=None, help="comma-separated sample / question ids")
    parser.add_argument("--k", type=int, default=None, help="turns requested per question (default 50 / 100)")
    parser.add_argument("--rankings", type=Path, default=None, help="JSON lines of ranked ids (per backend)")
    parser.add_argument("--out", type=Path, default=None, help="JSON report")
    parser.add_argument("--embedding-cache", type=Path, default=Path("/tmp/engram_emb_cache.pkl"))
    parser.add_argument(
        "--live-queries", action="store_true", help="embed every question with the model (honest latency)"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)

    only = args.only.split(",") if args.only else None
    if args.dataset == "locomo":
        cases = load_locomo(args.path, only)
        k, report = args.k or 50, locomo_report
    else:
        cases = load_longmemeval(args.path, only)
        # session metrics need enough turns to cover 50 distinct sessions
        k, report = args.k or 300, longmemeval_report
    model = MiniLMEmbedder()
    cached = CachedEmbedder(model, args.embedding_cache)
    embedder: Embedder = LiveQueryEmbedder(cached, model) if args.live_queries else cached
    names = [n.strip() for n in args.backends.split(",") if n.strip()]
    reports = []
    for name, factory in _backends(names, embedder):
        result = run(cases, factory(), k, name)
        reports.append(report(cases, result))
        if args.rankings is not None:
            path = args.rankings if len(names) == 1 else args.rankings.with_name(
                f"{args.rankings.stem}.{name}{args.rankings.suffix}"
            )
            write_rankings(path, result)
    cached.save()
    (_print_locomo if args.dataset == "locomo" else _print_lme)(reports)
    if args.out is not None:
        args.out.write_text(json.dumps({"dataset": args.dataset, "path": str(args.path), "reports": reports}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
