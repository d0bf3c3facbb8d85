from engram_mcp.model.sentences import sentences


def test_a_turn_is_split_into_sentences() -> None:
    assert sentences("I moved to Dublin today. Biscuit handled the ferry fine.") == [
        "I moved to Dublin today.", "Biscuit handled the ferry fine."
    ]


def test_an_abbreviations_full_stop_before_lower_case_ends_no_sentence() -> None:
    assert sentences("I signed with ACME Ltd. yesterday. acme ltd. is slow to pay. Ann B. called.") == [
        "I signed with ACME Ltd. yesterday.", "acme ltd. is slow to pay.", "Ann B. called."
    ]
    # Before a capital it may end one: the sentence after it is kept when the name is forgotten.
    assert sentences("I work at Acme Inc. It's big.") == ["I work at Acme Inc.", "It's big."]
