import pytest

from engram_mcp.retrieval.fusion import ranked_first, weighted_rrf, weighted_scores


def test_rrf_sums_reciprocal_ranks_across_channels() -> None:
    fused = weighted_rrf({"dense": ["a", "b"], "sparse": ["b"]}, k=10)
    assert fused["b"] == pytest.approx(1 / 12 + 1 / 11)
    assert fused["a"] == pytest.approx(1 / 11)


def test_rrf_weights_scale_a_channel_and_zero_drops_it() -> None:
    fused = weighted_rrf({"dense": ["a"], "sparse": ["b"]}, {"dense": 2.0, "sparse": 0.0}, k=0)
    assert fused == {"a": 2.0}


def test_score_fusion_scales_each_channel_to_its_own_range_before_adding() -> None:
    fused = weighted_scores(
        {"dense": [("a", 0.62), ("b", 0.60), ("c", 0.30)], "sparse": [("c", 14.0), ("b", 4.0), ("d", 2.0)]}
    )
    assert fused["a"] == pytest.approx(1.0)
    assert fused["b"] == pytest.approx(0.30 / 0.32 + 2.0 / 12.0)
    assert fused["c"] == pytest.approx(0.0 + 1.0)
    assert fused["d"] == pytest.approx(0.0)


def test_score_fusion_keeps_the_gap_that_rank_fusion_loses() -> None:
    # Dense finds 'a' far closer than anything; sparse ranks 'b' first by a hair.
    channels = {"dense": [("a", 0.9), ("b", 0.3), ("c", 0.29)], "sparse": [("b", 5.1), ("a", 5.0), ("c", 1.0)]}
    by_scores = weighted_scores(channels)
    by_ranks = weighted_rrf({name: [key for key, _ in scored] for name, scored in channels.items()}, k=20)
    assert by_scores["a"] > by_scores["b"]
    assert by_ranks["a"] == pytest.approx(by_ranks["b"])


def test_score_fusion_weights_scale_a_channel_and_a_single_hit_counts_whole() -> None:
    fused = weighted_scores({"dense": [("a", 0.4)], "sparse": [("b", 3.0), ("a", 1.0)]}, {"dense": 2.0, "sparse": 0.0})
    assert fused == {"a": 2.0}


def test_chosen_ids_rise_above_all_others_in_their_own_order() -> None:
    scores = {"reply": 0.9, "other": 0.5, "note": 0.1, "second-note": 0.05}
    lifted = ranked_first(scores, ["second-note", "note"])
    assert sorted(lifted, key=lambda k: -lifted[k]) == ["note", "second-note", "reply", "other"]
    assert ranked_first(scores, []) == scores
    assert ranked_first({"note": 0.3}, ["note"]) == {"note": 0.3}
