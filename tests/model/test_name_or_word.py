import re

from engram_mcp.model.name_or_word import opens_a_sentence, said_of_a_person, written_as_a_name


def _names(text: str, word: str) -> bool:
    """Whether some place ``text`` writes ``word`` is written as a name."""
    found = re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE)
    return any(written_as_a_name(text, *place.span()) for place in found)


def test_a_name_that_is_also_a_thing_or_a_quality_names_no_one_where_it_is_that_word() -> None:
    assert not _names("I paid the phone bill.", "Bill") and _names("Bill paid me back.", "Bill")
    assert not _names("There's a 30-day grace period.", "Grace") and _names("We saw Grace at church.", "Grace")
    assert not _names("To be frank, I hated it.", "Frank") and not _names("We walked on a sandy beach.", "Sandy")
    assert not _names("I need a jack for the car.", "Jack") and _names("Jack went home early.", "Jack")
    assert not _names("Add olive oil to the pan.", "Olive") and not _names("Olive oil is great.", "Olive")
    assert not _names("She handled it with grace.", "Grace") and _names("Grace from work called.", "Grace")
    assert not _names("We got a Jack Russell.", "Jack") and _names("my friend grace is here", "Grace")


def test_a_month_or_season_that_is_also_a_name_names_no_one_where_it_is_the_time() -> None:
    assert not _names("We're moving in June.", "June") and not _names("On 3 May we flew.", "May")
    assert not _names("May 2024 was busy.", "May") and not _names("Back mid-April.", "April")
    assert _names("I had lunch with June.", "June") and _names("I met May in May.", "May")
    assert not _names("We went there this Summer.", "Summer") and _names("Summer is my niece.", "Summer")


def test_a_name_that_is_also_a_word_typed_without_capitals_is_named_where_only_a_name_goes() -> None:
    assert _names("met will for lunch", "Will") and _names("will is my cousin", "Will")
    assert _names("my cousin will said hi", "Will") and _names("dr may called", "May")
    assert not _names("i will call the plumber", "Will") and not _names("my sister may come", "May")
    # A pet's name that is a word, typed in lower case, is still the pet where no verb or thing goes.
    assert _names("dropped pickle at mum's. The cattery is booked.", "Pickle") and _names("we let rusty go", "Rusty")
    assert _names("long walk w/ scout", "Scout") and not _names("the old gate is rusty", "Rusty")


def test_a_word_opening_a_sentence_is_said_of_a_person_by_a_possessive_or_a_persons_verb() -> None:
    assert said_of_a_person("'s clinic is shut") and said_of_a_person(" just told me") and said_of_a_person(" recommended it")
    assert not said_of_a_person(" skies today") and not said_of_a_person(" you call me?")


def test_a_sentence_opens_after_a_full_stop_a_line_break_or_a_quote_and_at_the_start() -> None:
    assert opens_a_sentence("Will said so", 0) and opens_a_sentence("Done. Will said so", 6)
    assert opens_a_sentence('hi\n"Will said so', 4) and not opens_a_sentence("I saw Will", 6)
