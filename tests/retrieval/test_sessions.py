from engram_mcp.retrieval.sessions import with_session_evidence

SESSION = {"a1": "A", "a2": "A", "a3": "A", "b1": "B", "fact": None}


def test_a_session_matching_in_several_places_outranks_one_lucky_turn() -> None:
    scores = {"a1": 0.5, "a2": 0.45, "a3": 0.4, "b1": 0.6}
    lifted = with_session_evidence(scores, SESSION.get, weight=1.0)
    assert lifted["a1"] > lifted["b1"]


def test_turns_keep_their_order_inside_a_session_and_memories_outside_sessions_keep_their_score() -> None:
    scores = {"a1": 0.5, "a2": 0.45, "fact": 0.9}
    lifted = with_session_evidence(scores, SESSION.get, weight=0.3)
    assert lifted["a1"] > lifted["a2"]
    assert lifted["fact"] == 0.9


def test_no_weight_changes_nothing() -> None:
    scores = {"a1": 0.5, "b1": 0.6}
    assert with_session_evidence(scores, SESSION.get, weight=0.0) == scores
