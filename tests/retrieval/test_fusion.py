import pytest

from engram_mcp.retrieval.fusion import weighted_rrf


def test_rrf_sums_reciprocal_ranks_across_channels() -> None:
    fused = weighted_rrf({"dense": ["a", "b"], "sparse": ["b"]}, k=10)
    assert fused["b"] == pytest.approx(1 / 12 + 1 / 11)
    assert fused["a"] == pytest.approx(1 / 11)


def test_rrf_weights_scale_a_channel_and_zero_drops_it() -> None:
    fused = weighted_rrf({"dense": ["a"], "sparse": ["b"]}, {"dense": 2.0, "sparse": 0.0}, k=0)
    assert fused == {"a": 2.0}
