from engram_mcp.bench.research.expansion import expand_neighbours, rank, session_boost


def test_a_hit_lends_its_neighbours_a_decayed_score_within_its_session_only() -> None:
    sessions = ["s1", "s1", "s2"]
    expanded = expand_neighbours({1: 1.0}, sessions, window=1, decay=0.5)
    assert expanded == {1: 1.0, 0: 0.5}


def test_expansion_never_lowers_a_turn_that_scored_on_its_own() -> None:
    expanded = expand_neighbours({0: 1.0, 1: 0.9}, ["s", "s"], window=1, decay=0.5)
    assert expanded[1] == 0.9


def test_session_boost_lifts_turns_of_sessions_with_many_hits() -> None:
    boosted = session_boost({0: 1.0, 1: 1.0, 2: 1.1}, ["a", "a", "b"], weight=1.0, depth=2)
    assert rank(boosted, 3) == [0, 1, 2]
