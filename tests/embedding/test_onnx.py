import math

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.embedding.sentence import SentenceEmbedder


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_vectors_are_unit_length_and_384_wide(embedder: OnnxEmbedder) -> None:
    (vector,) = embedder.embed(["I moved to Berlin last week."])
    assert len(vector) == embedder.dimension == 384
    assert math.isclose(sum(x * x for x in vector), 1.0, rel_tol=1e-5)


def test_related_texts_are_closer_than_unrelated_ones(embedder: OnnxEmbedder) -> None:
    city, moved, quarks = embedder.embed(["Which city does Ana live in?", "Ana moved to Berlin.", "Quarks have colour."])
    assert cosine(city, moved) > cosine(city, quarks) + 0.2


@pytest.mark.slow
def test_onnx_vectors_match_sentence_transformers_on_torch(embedder: OnnxEmbedder) -> None:
    texts = ["hello", "a long text " * 300]
    for ours, reference in zip(embedder.embed(texts), SentenceEmbedder().embed(texts), strict=True):
        assert max(abs(x - y) for x, y in zip(ours, reference, strict=True)) < 1e-4
