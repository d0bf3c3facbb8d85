from engram_mcp.retrieval.named_as_first import called_off_as_first_called_it, moved_as_first_called_it


def test_a_thing_moved_to_a_time_is_named_by_the_words_before_the_verb_that_the_first_message_says() -> None:
    assert moved_as_first_called_it("clinic rang — the kontrola is moved to 19 March", "next kontrola is 12 March") == {"kontrola"}
    assert moved_as_first_called_it("Mads moved to Oslo last year", "Mads starts at Equinor on 3 March") == set()


def test_a_plan_called_off_is_named_by_its_word_without_its_day_and_only_if_the_first_gives_a_time() -> None:
    assert called_off_as_first_called_it("never mind the dentist on the 20th, cancelled it", "Dentist appointment on 20 April at 3pm") == {
        "dentist"}
    assert called_off_as_first_called_it("never mind the dentist, cancelled it", "my dentist is Dr Shah on Mill Road") == set()
    assert called_off_as_first_called_it("my sister's party is cancelled", "party at my sister's on 3 May at 7pm") == {"party"}
