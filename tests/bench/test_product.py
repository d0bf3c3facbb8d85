"""The benchmark through the product: a tiny synthetic dataset, the real embedder and index."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from engram_mcp.bench.datasets import BenchCase, BenchQuestion, BenchTurn
from engram_mcp.bench.embedder import CachedEmbedder
from engram_mcp.bench.harness import locomo_report, run, run_variants
from engram_mcp.bench.product import EngramBackend, PhasedEmbedder, abstention_calibration
from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.extraction.rules import RulesExtractor
from engram_mcp.model import Kind
from engram_mcp.retrieval.pipeline import RecallConfig

DAY = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def _case() -> BenchCase:
    turns = [
        ("D1:1", "Ann", "I adopted a cat named Miso last weekend!", 0),
        ("D1:2", "Bo", "Congrats! What colour is she?", 0),
        ("D1:3", "Ann", "Ginger with white paws.", 0),
        ("D2:1", "Bo", "My guitar lessons are going well, I can play three songs.", 9),
        ("D2:2", "Ann", "I started painting sunsets by the lake.", 9),
    ]
    return BenchCase(
        "conv-x",
        tuple(BenchTurn(i, f"session_{i[1]}", s, t, DAY + timedelta(days=d)) for i, s, t, d in turns),
        (
            BenchQuestion("conv-x:0", "What colour is Ann's cat?", "4", "ginger", ("D1:3",)),
            BenchQuestion("conv-x:1", "What instrument is Bo learning?", "4", "guitar", ("D2:1",)),
            BenchQuestion("conv-x:2", "What is the capital of Peru?", "5", "", ("D2:2",), abstention=True),
        ),
    )


def test_the_product_backend_ranks_dataset_turns_and_reports_context_and_confidence(
    tmp_path: Path, embedder: OnnxEmbedder
) -> None:
    def vectors(texts: object) -> np.ndarray:
        return np.asarray(embedder.embed(list(texts)), dtype=np.float32)  # type: ignore[call-overload]

    phased = PhasedEmbedder(CachedEmbedder(embedder), vectors, embedder.dimension)  # type: ignore[arg-type]
    backend = EngramBackend(phased, tmp_path / "bench")
    try:
        case = _case()
        result = run([case], backend, 5, "engram")
    finally:
        backend.close()
    report = locomo_report([case], result)
    assert report["groups"]["cat1-4"]["recall@5"] == 1.0
    ranked = result.questions[0].ranked_ids
    assert len(set(ranked)) == len(ranked) and set(ranked) <= {t.turn_id for t in case.turns}
    details = result.questions[0].details or {}
    assert 0 < details["context_tokens"] <= 1200 and details["context_records"] == 5
    assert len(backend.write_ms) == 5
    calibration = abstention_calibration([case], result, [0.3])
    assert calibration["abstention_questions"] == 1 and calibration["answerable_questions"] == 2
    assert calibration["sweep"][0]["abstains_on_abstention_questions"] == 1.0


def test_facts_in_the_benchmark_go_through_the_fact_service_as_in_the_server(
    tmp_path: Path, embedder: OnnxEmbedder
) -> None:
    def vectors(texts: object) -> np.ndarray:
        return np.asarray(embedder.embed(list(texts)), dtype=np.float32)  # type: ignore[call-overload]

    said = [("I live in Berlin.", 0), ("Still loving it here. I live in Berlin.", 5), ("I live in Lisbon.", 40)]
    case = BenchCase(
        "conv-f",
        tuple(BenchTurn(f"D{i}:1", f"session_{i}", "Ann", t, DAY + timedelta(days=d)) for i, (t, d) in enumerate(said)),
        (BenchQuestion("conv-f:0", "Where does Ann live?", "4", "Lisbon", ("D2:1",)),),
    )
    phased = PhasedEmbedder(CachedEmbedder(embedder), vectors, embedder.dimension)  # type: ignore[arg-type]
    backend = EngramBackend(phased, tmp_path / "bench", extractor=RulesExtractor())
    try:
        run([case], backend, 5, "engram-facts")
        facts = [m for m in backend.service.memories() if m.kind is Kind.FACT]
    finally:
        backend.close()
    # Said twice: one fact, reinforced. Moved: the old one superseded, not left current beside the new.
    assert sorted(m.text for m in facts) == ["Ann lives in Berlin.", "Ann lives in Lisbon."]
    assert [m.text for m in facts if m.is_current()] == ["Ann lives in Lisbon."]


def test_each_recall_variant_is_asked_after_one_ingest(tmp_path: Path, embedder: OnnxEmbedder) -> None:
    def vectors(texts: object) -> np.ndarray:
        return np.asarray(embedder.embed(list(texts)), dtype=np.float32)  # type: ignore[call-overload]

    phased = PhasedEmbedder(CachedEmbedder(embedder), vectors, embedder.dimension)  # type: ignore[arg-type]
    variants = {"engram": RecallConfig(), "engram-no-dense": RecallConfig(dense=False, sparse=False)}
    backend = EngramBackend(phased, tmp_path / "bench", variants=variants)
    try:
        results = run_variants([_case()], backend, 5, "engram", list(variants))
    finally:
        backend.close()
    assert set(results) == set(variants)
    assert len(backend.write_ms) == 5
    # With neither text channel nothing is found: the variants really differ.
    assert results["engram"].questions[0].ranked_ids and not results["engram-no-dense"].questions[0].ranked_ids
