"""``engram-mcp bench locomo|longmemeval``: the one entry point of the recall benchmarks.

    engram-mcp bench locomo /work/shared/bench/locomo_dev5.json --rankings /tmp/locomo.jsonl --out /tmp/locomo.json
    engram-mcp bench longmemeval /work/shared/bench/longmemeval_s_dev95.json --backends engram-facts \\
        --ablate all --warm-cache --out /tmp/lme.json

Backends: ``bm25`` and ``dense`` (baselines over raw turns), ``engram`` (the product, turns
only) and ``engram-facts`` (the product with the default rules extractor running). Ablations
(``--ablate``) are variants of the product's recall pipeline asked after the same ingest.
Progress goes to stderr; the table to stdout; rankings and the report to the given files.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from engram_mcp.bench.backends import BM25Backend, DenseBackend, RecallBackend
from engram_mcp.bench.datasets import load_locomo, load_longmemeval
from engram_mcp.bench.embedder import CachedEmbedder, LiveQueryEmbedder, MiniLMEmbedder
from engram_mcp.bench.harness import (
    locomo_report,
    longmemeval_report,
    print_lme,
    print_locomo,
    run_variants,
    write_rankings,
)
from engram_mcp.bench.product import EngramBackend, PhasedEmbedder, product_report, warm_cache
from engram_mcp.extraction.rules import RulesExtractor
from engram_mcp.model.salience import SalienceWeights
from engram_mcp.retrieval.pipeline import RecallConfig

__all__ = ["ABLATIONS", "main"]

log = logging.getLogger(__name__)

_CERTAINTY = "certainty"

ABLATIONS: dict[str, dict[str, Any]] = {
    "no-dense": {"dense": False},
    "no-sparse": {"sparse": False},
    "no-entities": {"entities": False},
    "no-neighbours": {"neighbours": False},
    "no-speaker-boost": {"speaker_boost": 0.0},
    "no-time-boost": {"time_boost": 0.0},
    "no-per-type": {"per_type": False},
    "no-fact-sources": {"fact_sources": False},
    "with-salience": {"salience_channel": True},
    "fact-weight-1": {"fact_weight": 1.0},
    "no-sessions": {"session_weight": 0.0},
    "sessions-0.3": {"session_weight": 0.3},
    "sessions-1": {"session_weight": 1.0},
    "sessions-0.5": {"session_weight": 0.5},
    "sessions-0.3-parts-0.5": {"session_weight": 0.3, "part_weight": 0.5},
    "session-top-2": {"session_top": 2},
    "depth-200": {"depth": 200},
    "neighbour-top-100": {"neighbour_top": 100},
    "rrf-k-60": {"fusion": "rrf", "rrf_k": 60.0},
    "spread-0.7": {"session_spread": 0.7},
    "spread-0.85": {"session_spread": 0.85},
    "parts-0.5": {"part_weight": 0.5},
    "parts-1": {"part_weight": 1.0},
    "no-speaker-keyword": {"sparse_without_speaker": True},
    "no-exact-identifiers": {"exact_identifiers": False},
    "rrf": {"fusion": "rrf"},
    "dense-1.5": {"dense_weight": 1.5},
    "dense-2": {"dense_weight": 2.0},
    "sparse-1.5": {"sparse_weight": 1.5},
    "sparse-2": {"sparse_weight": 2.0},
    "entity-0.5": {"entity_weight": 0.5},
    "neighbours-0.7": {"neighbour_decay": 0.7},
    "neighbours-0.9": {"neighbour_decay": 0.9},
    "fact-weight-0.3": {"fact_weight": 0.3},
    "fact-weight-0.7": {"fact_weight": 0.7},
    "speaker-boost-0.3": {"speaker_boost": 0.3},
    "speaker-boost-1": {"speaker_boost": 1.0},
    "time-boost-0.3": {"time_boost": 0.3},
    "time-boost-1": {"time_boost": 1.0},
    "no-time-channel": {"time_weight": 0.0},
    "time-channel-0.5": {"time_weight": 0.5},
    "depth-50": {"depth": 50},
    "no-certainty": {_CERTAINTY: 0.0},
    "certainty-0.5": {_CERTAINTY: 0.5},
    "certainty-1": {_CERTAINTY: 1.0},
}
"""Each switches one step of the default pipeline (``RecallConfig``) off, or an optional one on;
``certainty`` sets how strongly a memory's certainty weighs in its prior (``SalienceWeights``)."""

_PRODUCT = ("engram", "engram-facts")


def main(argv: Sequence[str] | None = None) -> int:
    from engram_mcp.config import default_cache_dir

    parser = argparse.ArgumentParser(prog="engram-mcp bench", description=__doc__.split("\n")[0])
    parser.add_argument("dataset", choices=["locomo", "longmemeval"])
    parser.add_argument("path", type=Path)
    parser.add_argument(
        "--backends",
        default="bm25,dense,engram-facts",
        help="comma-separated: bm25, dense, engram (turns only), engram-facts (with the rules extractor, the default)",
    )
    parser.add_argument(
        "--ablate", default="", help=f"comma-separated ablations of the product, or 'all': {', '.join(ABLATIONS)}"
    )
    parser.add_argument("--only", default=None, help="comma-separated sample / question ids")
    parser.add_argument("--k", type=int, default=None, help="turns requested per question (default 50 / 200)")
    parser.add_argument("--rankings", type=Path, default=None, help="JSON lines of ranked ids (one file per backend)")
    parser.add_argument("--out", type=Path, default=None, help="JSON report")
    parser.add_argument("--embedding-cache", type=Path, default=Path("/tmp/engram_product_emb_cache.pkl"))
    parser.add_argument("--model-cache", type=Path, default=default_cache_dir() / "models")
    parser.add_argument("--threads", type=int, default=2, help="ONNX threads")
    parser.add_argument(
        "--warm-cache",
        action="store_true",
        help="batch-embed the indexed texts first (ingest throughput then excludes embedding)",
    )
    args = parser.parse_args(argv)

    only = args.only.split(",") if args.only else None
    if args.dataset == "locomo":
        cases = load_locomo(args.path, only)
        k, report = args.k or 50, locomo_report
    else:
        cases = load_longmemeval(args.path, only)
        k, report = args.k or 200, longmemeval_report
    names = [n.strip() for n in args.backends.split(",") if n.strip()]
    ablations = list(ABLATIONS) if args.ablate == "all" else [a for a in args.ablate.split(",") if a]
    unknown = [a for a in ablations if a not in ABLATIONS] + [
        n for n in names if n not in ("bm25", "dense", *_PRODUCT)
    ]
    if unknown:
        raise SystemExit(f"unknown backend(s) or ablation(s): {', '.join(unknown)}")
    live = MiniLMEmbedder(args.model_cache, args.threads)
    cached = CachedEmbedder(live, args.embedding_cache)
    if args.warm_cache:
        extractor = RulesExtractor() if "engram-facts" in names else None
        warmed = warm_cache(cases, cached, extractor)
        print(f"warmed the embedding cache with {warmed} texts", file=sys.stderr, flush=True)
    reports: list[dict[str, Any]] = []
    one_file = len(names) + len(ablations) * sum(n in _PRODUCT for n in names) == 1
    with tempfile.TemporaryDirectory(prefix="engram-bench-") as scratch:
        for name in names:
            product: EngramBackend | None = None
            backend: RecallBackend
            variants: dict[str, RecallConfig] = {}
            if name == "bm25":
                backend = BM25Backend()
            elif name == "dense":
                backend = DenseBackend(LiveQueryEmbedder(cached, live))
            else:
                variants = {name: RecallConfig()} | {f"{name}-{a}": _recall_config(a) for a in ablations}
                weights = {f"{name}-{a}": _salience_weights(a) for a in ablations}
                extractor = RulesExtractor() if name == "engram-facts" else None
                embedder = PhasedEmbedder(cached, live.embed, live.model.dimension)
                product = EngramBackend(
                    embedder, Path(scratch) / name, name=name, extractor=extractor, variants=variants, weights=weights
                )
                backend = product
            try:
                results = run_variants(cases, backend, k, name, list(variants) if len(variants) > 1 else ())
            finally:
                if product is not None:
                    product.close()
                cached.save()
            for variant, result in results.items():
                entry = report(cases, result)
                if product is not None:
                    entry["product"] = product_report(product, result, cases)
                reports.append(entry)
                if args.rankings is not None:
                    suffix = "" if one_file else f".{variant}"
                    write_rankings(args.rankings.with_name(f"{args.rankings.stem}{suffix}{args.rankings.suffix}"), result)
    (print_locomo if args.dataset == "locomo" else print_lme)(reports)
    for entry in reports:
        if "product" in entry:
            _print_product(entry["backend"], entry["product"])
    if args.out is not None:
        args.out.write_text(json.dumps({"dataset": args.dataset, "path": str(args.path), "reports": reports}, indent=1))
    return 0


def _recall_config(ablation: str) -> RecallConfig:
    fields = {k: v for k, v in ABLATIONS[ablation].items() if k != _CERTAINTY}
    return replace(RecallConfig(), **fields)


def _salience_weights(ablation: str) -> SalienceWeights:
    certainty = ABLATIONS[ablation].get(_CERTAINTY)
    return SalienceWeights() if certainty is None else replace(SalienceWeights(), certainty=certainty)


def _print_product(name: str, product: dict[str, Any]) -> None:
    write = product["write_latency_ms"]
    print(
        f"{name}: remember p50 {write['p50_ms']:.1f} ms, p95 {write['p95_ms']:.1f} ms; {product['facts_written']} facts; "
        f"context at {product['context_budget_records']} records: {product['context_tokens_mean']:.0f} tokens mean, "
        f"{product['context_tokens_p95']:.0f} p95 ({product['context_records_mean']:.1f} records fit the "
        f"{product['context_token_budget']}-token budget; uncapped {product['context_tokens_uncapped_mean']:.0f} "
        f"mean, {product['context_tokens_uncapped_p95']:.0f} p95)"
    )
    calibration = product["abstention"]
    declined = calibration.get("declined")
    if declined:
        print(
            f"  declined with the product's abstention: {declined['abstention_questions']:.3f} of "
            f"{calibration['abstention_questions']} abstention questions, {declined['answerable_questions']:.3f} of "
            f"{calibration['answerable_questions']} answerable ones"
        )
    if calibration["abstention_questions"]:
        cells = ", ".join(
            f"{row['threshold']:.2f}: {row['abstains_on_abstention_questions']:.2f}/"
            f"{row['abstains_on_answerable_questions']:.2f}"
            for row in calibration["sweep"]
        )
        print(f"  abstention (threshold: share declined of abstention / answerable questions): {cells}")


if __name__ == "__main__":
    raise SystemExit(main())
