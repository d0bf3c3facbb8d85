from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.introductions import introduction_clauses
from tests.extraction.helpers import slots, turn

extract = RulesExtractor().extract


def test_a_self_introduction_is_read_as_where_the_speaker_works_and_lives() -> None:
    said = "Morning. Quick context about me: Lena Vogel, 34, product designer at Spotify, based in Stockholm."
    statements = [f.statement for f in extract(turn(said, speaker="Lena"), [])]
    assert statements == [
        "Lena is 34 years old.", "Lena works at Spotify.", "Lena works as a product designer.", "Lena lives in Stockholm."
    ]


def test_a_sentence_that_starts_with_someone_elses_name_is_no_self_introduction() -> None:
    assert introduction_clauses("Jonas, my ex, designer at Spotify, based in Stockholm.", "Lena") == []
    assert introduction_clauses("Hi, I'm Sam, a software engineer at Google, living in London", "Sam") == [
        "I work at Google as a software engineer",
        "I live in London",
    ]


def test_an_introduction_goes_on_in_the_first_person_after_the_name() -> None:
    said = "I'm Zara, I live in Bristol with my husband and kids, and I work as an architect at Foster Partners."
    statements = [f.statement for f in extract(turn(said, speaker="Zara"), [])]
    assert "Zara lives in Bristol." in statements and "Zara works at Foster Partners." in statements


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("kwame here. sre at Monzo, london based", {("works at", "Monzo"), ("lives in", "London")}),
        ("New job: staff engineer at Stripe.", {("works at", "Stripe"), ("works as", "staff engineer")}),
        ("Kwame, 30, designer at IDEO, London based",
         {("age", "30"), ("works at", "IDEO"), ("works as", "designer"), ("lives in", "London")}),
    ],
)
def test_a_terse_self_description_is_read_as_the_job_and_the_home_it_names(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert {(f.predicate, f.object) for f in extract(turn(text, speaker="Kwame"), [])} == expected


def test_an_at_sign_between_words_is_at_and_an_email_keeps_it() -> None:
    [job, _] = extract(turn("Product manager @ Paystack.", speaker="Olu"), [])
    assert job.object == "Paystack"
    [email] = extract(turn("My email is olu@example.com", speaker="Olu"), [])
    assert email.object == "olu@example.com"


def test_an_introduction_reads_a_role_in_a_place_and_where_one_is_from() -> None:
    facts = extract(turn("Note for future: I'm Ahmed, pharmacist in Dubai, originally from Cairo.", speaker="Ahmed"), [])
    assert {("works as", "pharmacist"), ("lives in", "Dubai")} <= {(f.predicate, f.object) for f in facts}
    assert any("from Cairo" in f.statement for f in facts)


def test_a_pasted_signature_gives_the_role_the_employer_the_email_and_the_number() -> None:
    text = ("Hi, here's my email signature so you have my details:\n\nFatima Rahman\nSenior Product Designer | Monzo\n"
            "fatima.rahman@example.com\n+44 7700 900123")
    said = {(f.predicate, f.object) for f in extract(turn(text, speaker="Fatima"), [])}
    assert {("works at", "Monzo"), ("works as", "senior product designer"), ("email", "fatima.rahman@example.com"),
            ("phone number", "+44 7700 900123")} <= said


def test_a_long_paste_with_someone_elses_signature_gives_no_contact_details() -> None:
    forwarded = "\n".join(["Forwarded message", "to me, Erwin, Mark", *["Quarterly figures attached."] * 10,
                           "Jeff Moss", "Sales Director | Acme", "jeff@acme.example", "(707) 682-9473"])
    said = {f.predicate for f in extract(turn(forwarded, speaker="Sam"), [])}
    assert not said & {"email", "phone number", "works at"}


def test_an_introduction_reads_each_part_and_a_name_typed_in_lowercase() -> None:
    assert introduction_clauses("I'm Ana, from Sevilla but I live in Berlin since 2021", "Ana") == [
        "I am originally from Sevilla", "I live in Berlin since 2021"]
    said = {(f.predicate, f.object) for f in extract(turn("hey! quick intro: im nadia, 29, barista at Monmouth Coffee in "
                                                         "borough market", speaker="Nadia"), [])}
    assert {("age", "29"), ("works at", "Monmouth Coffee"), ("works as", "barista")} <= said


def test_an_introduction_with_where_one_is_from_before_the_comma_is_read_whole() -> None:
    said = [f.statement for f in RulesExtractor().extract(turn("Good morning. I am Jurgen from Augsburg, electrician.",
                                                                speaker="Jurgen"), [])]
    assert said == ["Jurgen is from Augsburg.", "Jurgen works as an electrician."]


@pytest.mark.parametrize(
    ("said", "name"),
    [("first thing. keep it short pls. and call me kai everyone does", "Kai"), ("Please call me Liz.", "Liz"),
     ("Everyone calls me Jojo.", "Jojo"), ("I go by Sandy at work.", "Sandy")],
)
def test_the_name_one_asks_to_be_called_by_is_ones_name(said: str, name: str) -> None:
    speaker = "Kaito" if said.islower() else "Elizabeth"
    assert f"{speaker} goes by the name {name}." in [f.statement for f in extract(turn(said, speaker=speaker), [])]


@pytest.mark.parametrize("said", ["Call me back tomorrow.", "Call me crazy, but I like it.", "Don't call me Elizabeth."])
def test_what_follows_call_me_is_no_name_unless_it_is_one(said: str) -> None:
    assert not [f for f in extract(turn(said, speaker="Elizabeth"), []) if f.predicate == "is called"]


@pytest.mark.parametrize("said", ["at the vet with Bongo, he's 36 kilos", "at the nurse with Ren, all good"])
def test_where_one_is_with_someone_is_no_job_and_no_employer(said: str) -> None:
    facts = RulesExtractor().extract(turn(said, speaker="Thabo"), [])
    assert not [f for f in facts if f.predicate in {"works at", "works as"}]


@pytest.mark.parametrize("text", ["GOT THE LIBRARY JOB!!! 😭🙏🏾 student assistant at the gsu library north, $13.50/hr",
                                  "got the job!! junior designer at Pentagram.", "Landed the job. Weekend runner at Hawksmoor, £12/hr."])
def test_a_role_at_a_place_said_right_after_getting_a_job_is_the_new_job(text: str) -> None:
    found = slots(text)
    assert {slot[0] for slot in found if not slot[2]} >= {"works_at", "job"}


def test_a_role_at_a_place_typed_without_capitals_and_no_news_of_a_job_is_no_job() -> None:
    assert not [slot for slot in slots("told my manager at olive young, tmrw is my last shift there") if slot[0] in {"works_at", "job"}]
