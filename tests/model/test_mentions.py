from engram_mcp.model.mentions import goes_by, mentions


def test_a_name_matches_as_whole_words_in_any_case_with_its_possessive() -> None:
    assert mentions("Biscuit's vet", "biscuit") and not mentions("Biscuits are nice", "Biscuit")
    assert mentions("cormacs leaving do is next sat", "Cormac") and not mentions("cormack rang", "Cormac")


def test_a_name_in_a_script_written_without_spaces_matches_inside_a_run_of_words() -> None:
    assert mentions("我昨天见了王芳。", "王芳") and mentions("王芳说她很好", "王芳")
    assert mentions("昨日は田中さんに会った", "田中")
    assert not mentions("我昨天见了王芳。", "李娜")
    assert not mentions("Annabel called", "Ann")  # words with spaces still need their boundaries


def test_a_name_matches_however_its_apostrophe_is_typed_or_left_out() -> None:
    for written in ("Dr O'Brien called.", "Dr O’Brien called.", "Dr O‘Brien called.", "Dr O´Brien called.", "Dr OBrien called."):
        assert mentions(written, "O'Brien") and mentions(written, "O’Brien")
    assert mentions("Dr O’Brien called.", "OBrien")
    # Only the name's own apostrophe is loose: Shell is never "She'll", nor ID "I'd".
    assert not mentions("She'll be late.", "Shell") and not mentions("I'd say so.", "ID")


def test_a_name_matches_with_or_without_its_abbreviations_full_stop() -> None:
    assert mentions("ACME Ltd is slow to pay.", "ACME Ltd.") and mentions("I signed with ACME Ltd. yesterday.", "acme ltd")


def test_a_double_name_holding_a_name_is_another_name() -> None:
    assert not mentions("My manager is Ann-Marie Smith.", "Ann") and not mentions("Mary-Ann starts Monday.", "Ann")
    # Typed without capitals, a name part is not told from a word: "dev-proof" names Dev.
    assert mentions("a meal prep list, pescatarian and dev-proof", "Dev")
    assert mentions("The Ann-approved budget went through.", "Ann") and mentions("Ann-Marie Smith called.", "Ann-Marie")


def test_a_longer_name_some_memory_writes_where_only_a_place_goes_is_that_place_everywhere() -> None:
    texts = ["Ann is my accountant.", "We drove to Ann Arbor last summer.", "Ann Smith sent the invoice."]
    ann = goes_by("Ann", texts)
    assert not ann.in_("Ann Arbor has great bagels.") and not ann.in_("we flew back from ann arbor")
    assert ann.in_("Ann Smith sent the invoice.") and ann.in_("Ann lives in Ann Arbor.")
    # Said with a possessive after "to", a longer name is a person's: "went to Ann Smith's office".
    assert goes_by("Ann", ["I went to Ann Smith's office."]).in_("I went to Ann Smith's office.")


def test_a_name_written_where_only_a_place_goes_has_no_given_name() -> None:
    texts = ["I called Ann yesterday about the tax return.", "We moved to Ann Arbor in May."]
    assert goes_by("Ann Arbor", texts).keys == frozenset({"ann arbor"})
    assert goes_by("Ricardo Fortuin", ["Flat 4 is Ricardo Fortuin.", "I paid Ricardo today."]).in_("I paid Ricardo today.")


def test_a_name_that_is_also_a_verb_names_no_one_where_it_is_the_verb() -> None:
    assert mentions("Will is my cousin.", "Will") and mentions("Thanks, Will!", "Will") and mentions("Will's car", "Will")
    assert not mentions("I will call the plumber on Friday.", "Will") and not mentions("Will you call me?", "Will")
    assert not mentions("I may come tomorrow.", "May") and not mentions("May I come in?", "May")
    assert not mentions("I hope so.", "Hope") and not mentions("Prices rose again.", "Rose")
    assert mentions("Mark called, then Rose and I left.", "Mark") and not mentions("Mark the date.", "Mark")


def test_a_full_names_given_name_that_is_a_word_is_taken_only_where_written_as_a_name() -> None:
    will = goes_by("Will Turner", ["Will Turner is my cousin.", "I saw Will at the match.", "Will you call me?"])
    assert will.in_("I saw Will at the match.") and not will.in_("Will you call me?")


def test_a_name_said_after_a_word_of_respect_goes_by_the_name_alone_too() -> None:
    texts = ["My lace supplier is Alhaji Musa at Balogun market.", "Musa can keep his stock.", "Musa Bello fixed my car."]
    musa = goes_by("Alhaji Musa", texts, ["Alhaji Musa", "Musa Bello"])
    assert [musa.in_(text) for text in texts] == [True, True, False]
    assert goes_by("Uncle Tunde", ["Uncle Tunde rang.", "Tunde says hi."]).in_("Tunde says hi.")


def test_a_name_after_mama_is_someone_else_not_a_word_of_respect() -> None:
    assert not goes_by("Mama Tobi", ["Mama Tobi delivers the lace.", "Tobi is at school."]).in_("Tobi is at school.")


def test_a_longer_name_that_is_the_name_beside_another_known_name_is_no_one_else() -> None:
    texts = ["Inti told Wilber Inti will not take more groups.", "My boss is Wilber."]
    assert goes_by("Wilber", texts, ["Inti", "Wilber", "Wilber Inti"]).in_(texts[0])
    assert not goes_by("Ivan", ["Ivan Petrov called."], ["Ivan", "Ivan Petrov"]).in_("Ivan Petrov called.")


def test_a_full_names_given_name_opening_a_sentence_is_taken_though_no_sentence_has_it_in_the_middle() -> None:
    ricardo = goes_by("Ricardo Fortuin", ["My coach is Ricardo Fortuin.", "Ricardo said I should run more."])
    assert ricardo.in_("Ricardo said I should run more.") and ricardo.in_("Ricardo put me on a new plan.")
    # After the full name in the same text, the given name opening a sentence is that person whatever follows.
    ines = goes_by("Ines Valdez", ["My physio is Ines Valdez. Ines put me on a new plan."])
    assert ines.in_("Ines put me on a new plan.")
    will = goes_by("Will Turner", ["Will Turner is my cousin.", "Will said the match was off."])
    assert will.in_("Will said the match was off.") and not will.in_("Will you call me?")


def test_a_word_opening_a_sentence_is_not_a_full_names_given_name() -> None:
    # "Blue skies" and "Will you" say nothing of a person: the given name alone stays unknown.
    assert not goes_by("Blue Bottle", ["Coffee at Blue Bottle again.", "Blue skies today."]).in_("Blue skies today.")
    assert not goes_by("Will Turner", ["Will Turner is my cousin.", "Will you call me?"]).in_("I saw Will.")


def test_a_full_names_given_name_is_not_taken_when_a_known_entity_has_it_with_another_family_name() -> None:
    texts = ["My physio is Ines Valdez.", "Ines said I should stretch."]
    assert not goes_by("Ines Valdez", texts, ["Ines Valdez", "Ines Moreau"]).in_(texts[1])
    assert goes_by("Ines Valdez", texts, ["Ines Valdez", "Ines"]).in_(texts[1])


def test_a_given_name_after_a_title_or_another_given_name_is_someone_elses_family_name() -> None:
    texts = ["My friend Lee is moving to Glasgow.", "Appointment with Dr Lee on Friday at 3pm.", "Bruce Lee films are great."]
    lee = goes_by("Lee", texts, ["Lee"])
    assert [lee.in_(text) for text in texts] == [True, False, False]
    # Opening a sentence, a word before the name may be a verb told to do something: the name is still theirs.
    assert lee.in_("Remind Lee tomorrow.") and lee.in_("Poor Lee has the flu.") and lee.in_("Uncle Lee rang.")
    assert lee.in_('Try: "Hey Lee, can we settle the bill?"')
    # Known by title alone, the name is that person's wherever the title stands.
    assert goes_by("Lee", ["Appointment with Dr Lee on Friday."]).in_("Dr Lee called.")


def test_a_word_a_sentence_opens_with_before_its_subject_makes_no_longer_name_with_a_given_name() -> None:
    texts = ["My friend Gosia from work is moving to Galway.", "Also Gosia started her new job in Galway."]
    gosia = goes_by("Gosia", texts, ["Gosia"])
    assert all(gosia.in_(text) for text in texts)
    assert gosia.in_("Today Gosia called about the flat.") and gosia.in_("Luckily Gosia found a flat.")


def test_a_given_name_written_where_only_a_place_goes_is_the_place() -> None:
    texts = ["My friend Paris is a nurse.", "We're flying to Paris in May.", "Planning a trip to Paris next spring."]
    paris = goes_by("Paris", texts, ["Paris"])
    assert [paris.in_(text) for text in texts] == [True, False, False]
    assert paris.in_("Paris's flat is in Leeds.")
    # A name no one is called by as a given name is the place it is: forgetting it takes the trip.
    assert goes_by("Paris", texts[1:]).in_(texts[1])


def test_a_name_the_memories_write_as_an_everyday_word_opening_a_sentence_is_the_word() -> None:
    texts = ["I work at Apple as a designer.", "Apple pie recipe: 6 apples, 200g butter."]
    apple = goes_by("Apple", texts, ["Apple"])
    assert [apple.in_(text) for text in texts] == [True, False]
    assert apple.in_("Apple is hiring again.") and apple.in_("Apple announced layoffs.")
    assert goes_by("Apple", texts[:1]).in_("Apple pie recipe: 6 eggs.")  # no word "apple" in the memory
    # A name typed in lower case once ("told ana") is no everyday word.
    assert goes_by("Ana", ["My friend Ana is here.", "I told ana about it."]).in_("Ana tomorrow?")


def test_a_name_that_is_a_word_too_opening_a_sentence_is_the_one_the_memories_know_unless_clearly_the_word() -> None:
    texts = ["Heath rang from the depot about the night shift.", "Heath once more, wants me on Sunday too.",
             "Heath you can ignore, I told myself.", "I said no to Heath."]
    heath = goes_by("Heath", texts, ["Heath"])
    assert heath.in_(texts[1]) and not heath.in_(texts[2])
    # the word the memories also write: an opening "Heath" is read as before
    moor = goes_by("Heath", [*texts, "we walked over the heath at dawn."], ["Heath"])
    assert not moor.in_(texts[1])
    # and the verb, opening a sentence before its object
    mark = goes_by("Mark", ["Mark rang about the van.", "Mark the date in the calendar."], ["Mark"])
    assert not mark.in_("Mark the date in the calendar.") and mark.in_("Mark again, asking for the van.")
