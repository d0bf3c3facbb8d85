import pytest

from engram_mcp.retrieval.asked_abroad import in_english
from engram_mcp.retrieval.naming import asks_name


@pytest.mark.parametrize(("asked", "read"), [
    ("Gülşen'in doğum günü ne zaman?", "When is Gülşen's birthday?"),
    ("Hakan Bey'in telefon numarası ne?", "What is Hakan Bey's phone number?"),
    ("Hány éves Bence?", "How old is Bence?"),
    ("Mennyi Lajos vérnyomása?", "What is Lajos blood pressure?"),
    ("Mikor van Lajos következő neurológiai kontrollja?", "When is Lajos next neurology checkup?"),
    ("O que a Bruna faz da vida?", "What does Bruna do for a living?"),
    ("Quem é a namorada do Caio?", "Who is Caio's girlfriend?"),
    ("Anong oras ang potluck sa Chater Garden?", "What time is potluck at Chater Garden?"),
    ("Mera FSSAI number kya hai?", "What is my FSSAI number?"),
])
def test_a_question_in_another_language_is_read_as_the_english_it_asks(asked: str, read: str) -> None:
    assert in_english(asked) == read


def test_someone_asked_what_they_do_for_work_in_hindi_is_asked_of_by_name() -> None:
    assert in_english("Kabir भैया Bangalore में क्या काम करते हैं?").startswith("What does Kabir भैया Bangalore")


def test_a_question_word_inside_a_question_asks_which_not_what_is() -> None:
    assert in_english("Em qual categoria de peso o Caio vai lutar na Copa Paraná?").startswith("in which categoria")


@pytest.mark.parametrize("asked", ["What is Kim's birthday?", "Kim's birthday?", "Where does Ana live?",
                                   "แม่อยากให้พลอยกลับไปไหนช่วงลอยกระทง"])
def test_a_question_in_english_or_in_no_language_known_is_read_as_it_is(asked: str) -> None:
    assert in_english(asked) == asked


def test_a_name_asked_in_tagalog_asks_a_name() -> None:
    assert asks_name(in_english("Ano ang pangalan ng ops manager ko?"))
