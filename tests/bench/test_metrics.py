import math

import pytest

from engram_mcp.bench.metrics import (
    estimate_tokens,
    evidence_recall,
    latency_summary,
    ndcg_any,
    retrieval_scores,
    session_of_turn,
    session_scores,
    whole_session_scores,
)


def test_evidence_recall_counts_the_fraction_found_in_the_top_k() -> None:
    assert evidence_recall(["a", "b", "c"], ["b", "z"], 2) == (0.5, 1.0, 0.0)
    assert evidence_recall(["a", "b", "c"], ["a", "c"], 3) == (1.0, 1.0, 1.0)


def test_evidence_recall_refuses_questions_without_evidence() -> None:
    with pytest.raises(ValueError):
        evidence_recall(["a"], [], 1)


def test_recall_all_is_vacuously_true_without_gold_as_in_the_official_code() -> None:
    scores = retrieval_scores(["a", "b"], [], ["a", "b", "c"], 1)
    assert (scores.recall_any, scores.recall_all, scores.ndcg_any) == (0.0, 1.0, 0.0)


def test_ndcg_is_one_when_the_gold_leads_and_discounted_when_later() -> None:
    corpus = ["a", "b", "c"]
    assert ndcg_any(["a", "b", "c"], {"a"}, corpus, 3) == 1.0
    assert ndcg_any(["b", "a", "c"], {"a"}, corpus, 3) == pytest.approx(1 / math.log2(3))


def test_session_scores_widen_k_until_it_covers_k_distinct_sessions() -> None:
    ranked = ["s1_1", "s1_3", "s2_1", "answer_s3_2"]
    corpus = ranked + ["s4_1"]
    assert session_of_turn("answer_s3_2") == "answer_s3"
    assert session_scores(ranked, ["answer_s3_2"], corpus, 2).recall_all == 0.0
    assert session_scores(ranked, ["answer_s3_2"], corpus, 3).recall_all == 1.0


def test_a_gold_sessions_unmarked_turn_takes_a_place_officially_but_counts_as_its_session_in_the_diagnostic() -> None:
    # The gold session's unmarked turn ranks first: the official scoring makes it a session
    # of its own, which fills one of the two places; the diagnostic counts it as the gold one.
    ranked = ["noans_s1_3", "s2_1", "answer_s1_1", "answer_s3_1"]
    gold = ["answer_s1_1", "answer_s3_1"]
    assert session_scores(ranked, gold, ranked, 3).recall_all == 0.0
    assert whole_session_scores(ranked, gold, ranked, 3).recall_all == 1.0
    assert whole_session_scores(["s2_1", "s4_1", "noans_s1_3"], gold, ranked, 2).recall_any == 0.0


def test_latency_percentiles_use_the_nearest_rank() -> None:
    summary = latency_summary([float(i) for i in range(1, 101)])
    assert (summary.p50_ms, summary.p95_ms, summary.max_ms) == (50.0, 95.0, 100.0)


def test_token_estimate_counts_words_and_punctuation() -> None:
    assert estimate_tokens("Hello, world!") == 4
    assert estimate_tokens("") == 0


def test_the_percentile_is_a_value_that_was_observed() -> None:
    from engram_mcp.bench.metrics import percentile

    samples = [5.0, 1.0, 3.0, 2.0, 4.0]
    assert percentile(samples, 50) == 3.0
    assert percentile(samples, 95) == 5.0
    assert math.isnan(percentile([], 50))
