import pytest

from engram_mcp.retrieval.covering import _tells_detail_of_whom_asked
from engram_mcp.retrieval.details import detail_asked
from tests.retrieval.leading_cases import focus_of, memory


@pytest.mark.parametrize(("question", "detail"), [
    ("When is my sister's birthday?", "birthday"),
    ("when's kalani's bday?", "birthday"),
    ("When was Elsa born?", "birthday"),
    ("What date is Tamsin's brother's birthday?", "birthday"),
    ("Where was I born?", "place of birth"),
    ("What is Ilka's birthplace?", "place of birth"),
    ("What's my hometown?", "place of birth"),
])
def test_a_birthday_or_a_birthplace_is_a_detail_asked(question: str, detail: str) -> None:
    asked = detail_asked(question)
    assert asked is not None and asked.name == detail


@pytest.mark.parametrize("question", [
    "When is Mia's birthday party?", "When is Graciela's birthday dinner?", "What does Eirik want for his birthday?",
    "Where is Mia's birthday party?",
])
def test_a_day_out_for_a_birthday_is_no_birthday_asked(question: str) -> None:
    asked = detail_asked(question)
    assert asked is None or asked.name != "birthday"


@pytest.mark.parametrize("told", [
    "My birthday is 14 March.", "Tania is 23 november, sharon's is in march. bdays!", "Poppy turns nine on 28 November.",
    "brother Cai. Cardiff. bday 9 Feb.", "Our baby Elsa was born on 2 December.", "he had his birthday in March",
])
def test_a_birthday_is_told_by_a_day_said_with_a_birthday_an_age_turned_or_a_birth(told: str) -> None:
    birthday = detail_asked("When is my birthday?")
    assert birthday is not None and birthday.told_in(told)


def test_a_day_said_of_something_else_tells_no_birthday() -> None:
    birthday = detail_asked("When is Ilka's birthday?")
    assert birthday is not None and not birthday.told_in("Ilka arrives on 18 December.")


def test_the_speakers_own_birthday_is_not_told_of_the_sister_asked_by_her_relation() -> None:
    question = "When is my sister's birthday?"
    birthday = detail_asked(question)
    assert birthday is not None
    sister = focus_of(question)
    assert not _tells_detail_of_whom_asked(memory("t-own", "My birthday is 14 March."), birthday, sister)
    assert not _tells_detail_of_whom_asked(memory("f-own", "Ngozi's birthday is 14 March.", subject="Ngozi"), birthday, sister)
    assert _tells_detail_of_whom_asked(memory("t-hers", "my sister turns 40 on 3 May!"), birthday, sister)


def test_a_birthplace_is_told_by_where_one_was_born_or_comes_from_not_by_a_birthday() -> None:
    birthplace = detail_asked("Where was I born?")
    assert birthplace is not None
    assert birthplace.told_in("I was born in Sheffield.") and birthplace.told_in("I'm originally from Cork.")
    assert not birthplace.told_in("My birthday is 14 March.")
    assert not birthplace.told_in("I was born in 1988.") and not birthplace.told_in("Elsa was born in March.")
