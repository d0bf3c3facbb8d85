import pytest

from engram_mcp.retrieval.change_words import CHANGED_HERE, says_a_start, says_changed


@pytest.mark.parametrize("said", ["we ended up going with Kwik for all the Lagos orders", "Ryehill phoned. they've shifted me to Thursday",
                                  "I'm noo Friday at 9 instead o the day", "09.10 Perşembe 18:00'e ertelenmiştir"])
def test_a_change_said_in_english_or_another_language_is_read_as_one(said: str) -> None:
    assert says_changed(said)


def test_an_ending_alone_says_no_start() -> None:
    assert says_changed("sold the van") and not says_a_start("sold the van")
    assert says_a_start("picked up the Sony A7 IV from Orms")


def test_a_move_of_the_thing_itself_is_a_change_only_where_it_is_said() -> None:
    assert CHANGED_HERE.search("Golden Crust is moving from Yaba to Ikeja")
    assert not says_changed("My first full week at Ikoyi")
