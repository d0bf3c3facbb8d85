import pytest

from engram_mcp.retrieval.fusion import reciprocal_rank_fusion


def test_an_item_ranked_well_by_both_lists_beats_one_ranked_first_by_one() -> None:
    fused = reciprocal_rank_fusion([["a", "b", "c"], ["b", "c", "a"]])
    assert [item for item, _ in fused][0] == "b"


def test_weights_favour_one_ranking() -> None:
    fused = reciprocal_rank_fusion([["a"], ["b"]], weights=[1.0, 2.0])
    assert [item for item, _ in fused] == ["b", "a"]


def test_weights_must_match_the_rankings() -> None:
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([["a"]], weights=[1.0, 2.0])
