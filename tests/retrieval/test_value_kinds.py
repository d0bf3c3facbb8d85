from __future__ import annotations

import pytest

from engram_mcp.retrieval.details import detail_asked
from engram_mcp.retrieval.value_kinds import kinds_not_asked, said_of_another_kind


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("What is Jitka's personal phone number?", "also new phone number for work from the new practice: 731 455 902."),
        ("What is Dewi's old WhatsApp number?", "nomor WA bisnis baru: 0812 2744 9051."),
        ("How much is Juma's shop rent?", "landlord ameongeza rent ya bedsitter to 9,500 from 8,000."),
        ("What was Oskar's previous email address?", "Oskar's new email is oskar.b@posteo.de"),
    ],
)
def test_a_value_said_to_be_of_a_kind_the_question_excludes_is_no_value_of_the_kind_asked(question: str, sentence: str) -> None:
    assert said_of_another_kind(kinds_not_asked(question, detail_asked(question)), sentence)


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("what's my new work number?", "also new phone number for work from the new practice: 731 455 902."),
        ("What's my business WhatsApp number?", "nomor WA bisnis baru: 0812 2744 9051."),
        ("What is Jitka's personal phone number?", "my number is 731 455 902"),
        ("What was Ana's old number?", "changed my number, the old 0612 334 556 is gone, new one 0687 112 909"),
        ("What is Layla's phone number?", "new UAE number because work gives me a line: 050 318 4472."),
    ],
)
def test_a_value_of_the_kind_asked_or_of_no_kind_said_may_tell_it(question: str, sentence: str) -> None:
    assert not said_of_another_kind(kinds_not_asked(question, detail_asked(question)), sentence)


def test_a_kind_asked_of_a_detail_one_has_only_one_of_excludes_nothing() -> None:
    question = "What colour are the new kitchen units?"
    assert not said_of_another_kind(kinds_not_asked(question, detail_asked(question)), "the old units were white, the shop has grey")
