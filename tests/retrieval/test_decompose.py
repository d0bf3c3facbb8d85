from engram_mcp.retrieval.decompose import sub_questions


def test_a_question_about_two_alternatives_is_asked_about_each() -> None:
    parts = sub_questions("Which did I buy first, the red kayak or the carbon fibre paddle?")
    assert "the red kayak" in parts and "the carbon fibre paddle" in parts


def test_a_question_relating_two_events_in_time_is_asked_about_each_event() -> None:
    parts = sub_questions("How many weeks after I adopted the puppy did I start the pottery course?")
    assert sorted(parts) == ["I adopted the puppy", "I start the pottery course"]


def test_a_question_about_one_thing_has_no_parts() -> None:
    assert sub_questions("What activities does Melanie partake in?") == []
    assert sub_questions("Where did I buy my new tennis racket from?") == []


def test_parts_without_two_content_words_of_their_own_are_not_queries() -> None:
    assert sub_questions("How many days before the trip did I pack?") == []
