from engram_mcp.retrieval.fusion import ranked_first
from engram_mcp.retrieval.sessions import spread_over_sessions, with_session_evidence

SESSION = {"a1": "A", "a2": "A", "a3": "A", "b1": "B", "c1": "C", "fact": None}


def test_a_session_matching_in_several_places_outranks_one_lucky_turn() -> None:
    scores = {"a1": 0.5, "a2": 0.45, "a3": 0.4, "b1": 0.6, "c1": 0.7}
    lifted = with_session_evidence(scores, SESSION.get, weight=1.0)
    assert lifted["a1"] > lifted["b1"]


def test_the_best_match_can_be_kept_first_above_a_session_matching_in_several_places() -> None:
    scores = {"a1": 0.5, "a2": 0.45, "a3": 0.4, "b1": 0.6}
    lifted = ranked_first(with_session_evidence(scores, SESSION.get, weight=1.0), ["b1"])
    assert max(lifted, key=lambda k: lifted[k]) == "b1"
    assert lifted["a1"] > lifted["a2"] > lifted["a3"]


def test_keeping_first_what_is_first_already_changes_nothing() -> None:
    scores = {"a1": 0.5, "b1": 0.6}
    assert ranked_first(scores, ["b1"]) == scores


def test_turns_keep_their_order_inside_a_session_and_memories_outside_sessions_keep_their_score() -> None:
    scores = {"a1": 0.5, "a2": 0.45, "fact": 0.9}
    lifted = with_session_evidence(scores, SESSION.get, weight=0.3)
    assert lifted["a1"] > lifted["a2"]
    assert lifted["fact"] == 0.9


def test_no_weight_changes_nothing() -> None:
    scores = {"a1": 0.5, "b1": 0.6}
    assert with_session_evidence(scores, SESSION.get, weight=0.0) == scores


def test_a_sessions_further_turns_make_room_for_the_best_turn_of_another_session() -> None:
    ranked = [("a1", 1.0), ("a2", 0.95), ("a3", 0.9), ("b1", 0.8)]
    spread = spread_over_sessions(ranked, SESSION.get, decay=0.7)
    assert [i for i, _ in spread] == ["a1", "b1", "a2", "a3"]


def test_spreading_never_reorders_sessions_by_their_best_turn_nor_touches_memories_outside_sessions() -> None:
    ranked = [("fact", 1.2), ("b1", 1.0), ("a1", 0.9), ("a2", 0.1)]
    spread = dict(spread_over_sessions(ranked, SESSION.get, decay=0.5))
    assert spread["fact"] == 1.2 and spread["b1"] == 1.0 and spread["a1"] == 0.9
    assert spread["a2"] == 0.05
    assert spread_over_sessions(ranked, SESSION.get, decay=1.0) == ranked
