"""Work and study as the rules extractor reads them: employer, job, team, school
(``engram_mcp/extraction/work.py``)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engram_mcp.extraction import RulesExtractor
from tests.extraction.helpers import slots, turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work at Brookfield Academy as a chemistry teacher.",
         {("works_at", "brookfield academy", False), ("job", "chemistry teacher", False)}),
        ("I work at Hospital da Luz as a radiographer.",
         {("works_at", "hospital da luz", False), ("job", "radiographer", False)}),
    ],
)
def test_working_at_a_school_or_a_many_word_name_is_a_job_there_under_its_whole_name(
    text: str, expected: set[tuple[str, str, bool]]
) -> None:
    assert slots(text) == expected


def test_studying_at_a_school_is_still_study() -> None:
    assert slots("I study at Escola Superior de Música.") == {("studies_at", "escola superior de música", False)}


def test_joining_a_gym_or_a_club_is_no_new_employer() -> None:
    said = "I cancelled my gym membership and joined Movement Climbing instead."
    assert not [slot for slot in slots(said) if slot[0] == "works_at"]
    assert ("works_at", "airbus", False) in slots("I've joined Airbus as a test pilot.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I got a second job, weekends at a wine bar called Prova.", {("works_at", "prova", False)}),
        ("I joined a travel club.", set()),
    ],
)
def test_a_second_job_at_a_place_called_something_is_that_place(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert {s for s in slots(text) if s[0] == "works_at"} == expected


def test_an_offer_accepted_without_its_subject_gives_the_title_from_the_first_day() -> None:
    said = datetime(2026, 6, 20, 10, 0, tzinfo=timezone.utc)
    text = "Accepted an offer from Klarna, starting 1 August as a senior product manager."
    dated = {(f.predicate, f.object) for f in extract(turn(text, speaker="Sara", when=said), []) if f.event_time}
    assert dated == {("works at", "Klarna"), ("works as", "senior product manager")}


def test_what_follows_quitting_a_job_now_is_the_work_one_does() -> None:
    assert {("works_at", "maersk", True), ("job", "freelance", False)} <= slots("quit maersk, freelancing now", speaker="Sven")


def test_a_student_studies_where_they_are_a_student_and_has_no_job_there() -> None:
    assert slots("I'm a PhD student at ETH.") == {("studies_at", "eth", False)}


def test_getting_into_a_place_that_is_no_school_is_no_study() -> None:
    assert not {slot for slot in slots("I got into London late.") if slot[0] == "studies_at"}


def test_the_place_after_a_job_is_read_as_a_name_the_way_the_turn_writes_names() -> None:
    assert ("lives_in", "leeds", False) in slots("I work as a nurse in Leeds.")
    assert ("lives_in", "leeds", False) in slots("i work as a nurse in leeds")
    assert not {slot for slot in slots("I work as a nurse in town.") if slot[0] == "lives_in"}


def test_where_one_works_is_only_a_guess_at_where_one_lives() -> None:
    [home] = [f for f in extract(turn("I work at Sonrisa Dental in Corona as a dental assistant.", speaker="Killa"), [])
              if f.predicate == "is based in"]
    assert (home.statement, home.certainty) == ("Killa is based in Corona.", 0.4)


def test_driving_for_a_firm_is_working_there_and_working_in_a_place_is_a_job_there() -> None:
    assert slots("I drive for Uber at weekends.") == {("works_at", "uber", False)}
    assert slots("I work in Leeds as a nurse.") == {("job", "nurse", False), ("lives_in", "leeds", False)}


def test_a_job_with_its_speciality_is_still_a_job_at_its_firm_and_a_firm_described_is_no_job() -> None:
    said = "My name is Freya, and I am a solicitor specialising in family law at Hallam & Reid, a mid-sized firm in Edinburgh."
    assert {("job", "solicitor", False), ("works_at", "hallam reid", False)} <= slots(said, speaker="Freya")
    assert not [s for s in slots(said, speaker="Freya") if "firm" in s[1]]


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("yo its kehinde, 22, south london. riding for deliveroo rn mostly evenings n weekends", "deliveroo"),
        ("I'm delivering for Amazon now", "amazon"),
        ("ya but tmrw. rn i do evening shifts at olive young in hongdae, 5 to 10", "olive young"),
        ("I picked up extra shifts at the Crown", "crown"),
    ],
)
def test_gig_work_and_shifts_name_an_employer(text: str, employer: str) -> None:
    assert ("works_at", employer, False) in slots(text, speaker="Kehinde")


@pytest.mark.parametrize("text", ["riding for charity next week", "im cycling for fun", "Riding my bike to work today"])
def test_riding_for_a_cause_or_for_fun_names_no_employer(text: str) -> None:
    assert not {s for s in slots(text, speaker="Kehinde") if s[0] == "works_at"}


def test_what_one_studies_said_without_where_is_the_field_of_study() -> None:
    assert ("field_of_study", "journalism", False) in slots(
        "TRANSFER APPROVED 🎉📰 im officially a journalism student, tutor sorted it all", speaker="Ffion")
    assert not {s for s in slots("I am a good student", speaker="Ffion") if s[0] == "field_of_study"}


def test_a_year_of_a_course_in_an_introduction_typed_without_capitals_is_study_and_a_home() -> None:
    found = slots("hiya im ffion, first yr criminology at cardiff uni, living in talybont north halls. need help w an essay",
                  speaker="Ffion")
    assert {("studies_at", "cardiff uni", False), ("field_of_study", "criminology", False),
            ("lives_in", "talybont north halls", False)} <= found
    assert not {s for s in found if s[0] in {"works_at", "job"}}


@pytest.mark.parametrize("text", ["quit netball", "I quit the choir", "I quit the Liederkranz choir"])
def test_quitting_a_sport_or_a_choir_ends_it_and_names_no_employer(text: str) -> None:
    assert not {s for s in slots(text, speaker="Ffion") if s[0] == "works_at"}


def test_quitting_a_job_at_a_gym_still_leaves_an_employer() -> None:
    assert ("works_at", "gym", True) in slots("quit my job at the gym", speaker="Ffion")


@pytest.mark.parametrize("text", ["I don't work at Tesco any more.", "I'm not working at Tesco anymore.",
                                  "I'm no longer working at Tesco.", "i dont work at tesco any more",
                                  "I'm not working for Tesco any longer."])
def test_a_job_said_to_be_over_ends_the_employer_with_no_new_one(text: str) -> None:
    assert {slot for slot in slots(text) if slot[0] == "works_at"} == {("works_at", "tesco", True)}


def test_a_job_a_relative_no_longer_has_is_theirs() -> None:
    [fact] = extract(turn("My wife doesn't work at Tesco any more.", speaker="Mara"), [])
    assert (fact.subject, fact.statement) == ("Mara's wife", "Mara's wife no longer works at Tesco.")


def test_being_selected_at_a_company_is_a_new_employer() -> None:
    assert slots("Got selected at Accenture!") == {("works_at", "accenture", False)}
    facts = RulesExtractor().extract(turn("My best friend Sneha got selected at Accenture!", speaker="Anjali"), [])
    assert [(f.subject, f.predicate, f.object) for f in facts] == [("Anjali's best friend", "works at", "Accenture")]


def test_a_job_at_an_unnamed_employer_in_a_named_place_says_where_the_work_is() -> None:
    facts = RulesExtractor().extract(turn("My sister Niamh got a job in an international school in Dubai!!", speaker="Ruairí"), [])
    assert [(f.statement, f.predicate, f.object) for f in facts] == [
        ("Ruairí's sister Niamh got a job at an international school in Dubai.", "is based in", "Dubai")]
    assert slots("I got a job at a small bakery in Leith.") == {("lives_in", "leith", False)}


@pytest.mark.parametrize(("text", "expected"), [
    ("I have a new job at Deloitte.", ("works_at", "deloitte", False)),
    ("My brother just got a job at the hospital in Cork.", ("works_at", "hospital in cork", False)),
])
def test_a_new_job_had_one_at_the_place_named_and_a_job_said_with_the_is_the_job(
    text: str, expected: tuple[str, str, bool]
) -> None:
    assert expected in slots(text)


def test_a_job_said_with_the_is_the_job_and_reads_without_the() -> None:
    assert [fact.statement for fact in extract(turn("I'm the chief pharmacist.", speaker="Noor"), [])] == [
        "Noor works as a chief pharmacist."]


@pytest.mark.parametrize(("text", "team"), [("I'm in the Payments team; my manager is Ingeborg Smit.", "payments team"),
                                            ("Reorg landed. As of today I'm in the Platform team.", "platform team"),
                                            ("im on the test team for hollowbrook, their farming game", "test team")])
def test_the_team_one_says_one_is_in_is_ones_team(text: str, team: str) -> None:
    assert ("team", team, False) in slots(text)


def test_being_in_the_same_team_as_someone_names_no_team() -> None:
    assert not [slot for slot in slots("i'm in the same team as my ex") if slot[0] == "team"]
