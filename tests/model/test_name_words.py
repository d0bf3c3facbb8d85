from engram_mcp.model.name_words import is_a_word


def test_a_name_is_a_word_when_every_word_of_it_is_an_everyday_word_too() -> None:
    assert is_a_word("Will") and is_a_word("may") and is_a_word("Summer Rose")
    assert not is_a_word("Cormac") and not is_a_word("Grace Okafor") and not is_a_word("")
