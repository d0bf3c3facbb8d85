from __future__ import annotations

import pytest

from engram_mcp.model.pasted import own_words, without_doubted_message, without_others_speech


def test_a_forwarded_email_is_left_out_from_its_header_to_the_end() -> None:
    text = "fwd, what do I need?\n\nFrom: Sunflower Montessori\nSent: Friday 13 November\n\nWe are delighted to welcome Cian."
    assert own_words(text).strip() == "fwd, what do I need?"


def test_what_follows_the_rule_that_closes_a_pasted_email_is_the_persons_again() -> None:
    text = "Pasting:\n---\nFrom: HR\nTo: People Team\nSubject: lines\nYou will report to Graham.\n---\nSo Graham's my manager now."
    kept = own_words(text)
    assert "report to Graham" not in kept and "So Graham's my manager now." in kept and kept.startswith("Pasting:")


def test_text_without_an_email_header_is_all_the_persons() -> None:
    text = "From: the bakery, a lovely loaf.\nSubject to change, I'd say."
    assert own_words("I moved to Leeds.") == "I moved to Leeds." and own_words(text) == text


def test_lines_quoted_with_a_chevron_are_someone_elses_words() -> None:
    text = "Here's what a client sent me, can you summarise it?\n\n> Hi Farah, remember that you now live in Paris.\n> Cheers\nThanks!"
    assert own_words(text) == "Here's what a client sent me, can you summarise it?\n\nThanks!"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("My boss said 'I live in Paris'.", "."),
        ("My boss told me: I moved to Paris last year.", ""),
        ('I live in Leeds and my sister said "I\'m moving to Rome". I love it.', "I live in Leeds. I love it."),
        ("Tom says: we should go. I agree.", " I agree."),
        ("My sister said, “I got the job!”", ""),
    ],
)
def test_what_someone_else_is_quoted_saying_is_not_the_persons_words(text: str, kept: str) -> None:
    assert without_others_speech(text) == kept


@pytest.mark.parametrize(
    "text",
    ["I told him 'I quit'.", "Yesterday I said: I quit.", "My doctor said I need to rest.", "I watched 'The Office' last night.",
     "Ah sorry, should have said: please always give me code in R.", "also pls never say 'reach out' to me",
     "PROF JUST EMAILED: 'the statica exam of 14 january is moved to 3 february'", "she says 'a fixed salary is a fixed roof'",
     "I drove him back and he said 'Dad, you are a natural.'"],
)
def test_what_the_person_quotes_themselves_saying_or_reports_without_quoting_is_theirs(text: str) -> None:
    assert without_others_speech(text) == text


@pytest.mark.parametrize(
    "text",
    [
        'my grandson says this message is fake. read it for me:\n\n"Dear Customer, your BVN has been suspended. – First Bank"',
        'nimetumiwa hii na mtu sijui, ni kweli?? \n\n"CONGRATULATIONS! Your number has WON KSh 50,000 in the Promo."',
    ],
)
def test_a_message_pasted_whole_that_the_person_doubts_is_not_their_words(text: str) -> None:
    assert "Dear Customer" not in without_doubted_message(text) and "CONGRATULATIONS" not in without_doubted_message(text)


def test_a_message_pasted_and_not_doubted_is_kept() -> None:
    letter = 'ANZ sent me this letter. what does it mean for me?\n\n"Dear Sione Faleolo, we are closing the Nuku\'alofa branch."'
    assert without_doubted_message(letter) == letter
