from __future__ import annotations

import pytest

from engram_mcp.retrieval.details import detail_asked


@pytest.mark.parametrize(
    ("question", "detail"),
    [
        ("What's Ines's star sign?", "star sign"),
        ("what blood group is my dad?", "blood type"),
        ("What is Tomas's blood type?", "blood type"),
        ("What's my passport number again?", "passport number"),
        ("What is my NI number?", "National Insurance number"),
        ("What is Kemal's student ID?", "student number"),
        ("What is Sara's date of birth?", "date of birth"),
        ("What's my driving licence number?", "licence number"),
    ],
)
def test_a_question_asking_a_detail_told_only_whole_is_read_as_asking_it(question: str, detail: str) -> None:
    asked = detail_asked(question)
    assert asked is not None and asked.name == detail


@pytest.mark.parametrize(
    "question",
    ["What's in the tin?", "When is my mum's birthday?", "What did the blood test show?", "Which sign did Ola paint?",
     "What is my phone number?"],
)
def test_a_question_asking_no_such_detail_is_read_as_asking_none(question: str) -> None:
    assert detail_asked(question) is None


@pytest.mark.parametrize(
    ("question", "told", "untold"),
    [
        ("What is Tomas's blood type?", "turns out I'm O neg, they want me back for platelets", "the liver blood test is on friday"),
        ("What's Ines's star sign?", "Ines is such a Scorpio about it", "she signed up for the star jumps class"),
        ("What's my passport number?", "passport no. is 584120993, expires 2031", "my passport expires in march"),
        ("What is Sara's date of birth?", "Sara was born on 3 May 1990", "we set a date for the christening"),
    ],
)
def test_a_detail_is_told_by_its_whole_name_or_a_value_only_it_has_and_not_by_one_of_its_words(
    question: str, told: str, untold: str
) -> None:
    detail = detail_asked(question)
    assert detail is not None
    assert detail.told_in(told)
    assert not detail.told_in(untold)
