from dataclasses import replace
from datetime import datetime, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.abstain import focus_terms, focus_words, lexical_coverage
from engram_mcp.retrieval.slot_asked import (
    about_topic,
    answers_slot,
    holds_another_slot,
    holds_asked_slot,
    speaks_of_another_topic,
)

WHEN = datetime(2026, 11, 30, tzinfo=timezone.utc)


def fact(text: str, subject: str = "Sam") -> Memory:
    return Memory(
        id="f-000000000001", kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text, created_at=WHEN,
        subject=subject, provenance=Provenance(speaker=subject),
    )


def test_a_fact_in_the_asked_slot_answers_only_when_it_covers_the_rest_of_the_focus() -> None:
    job = fact("Kofi works for Vodafone now.", "Kofi")
    assert about_topic(focus_terms(("employer",)), job) and answers_slot(focus_terms(("employer",)), job)
    lives = fact("Maya lives in Porto now.", "Maya")
    assert answers_slot(focus_terms(("live",)), lives)
    assert not answers_slot(focus_terms(("brother", "live")), lives)


def test_a_relatives_state_never_answers_the_speakers_slot() -> None:
    sister = replace(fact("Sam's sister Priya lives in Manchester."), subject="Sam's sister", predicate="lives in",
                     object="Manchester")
    assert not answers_slot(focus_terms(focus_words("Where does Sam live?", ["Sam"])), sister)
    assert answers_slot(focus_terms(focus_words("Where does Sam's sister live?", ["Sam"])), sister)


def test_the_speakers_state_never_holds_a_relatives_slot() -> None:
    home = replace(fact("Sam lives in Rosario."), predicate="lives in", object="Rosario")
    doctor = replace(fact("Sam's doctor is Dr Quiroga."), predicate="doctor", object="Dr Quiroga")
    assert not holds_asked_slot(focus_terms(focus_words("Where is Sam's father living?", ["Sam"])), home)
    assert holds_asked_slot(focus_terms(focus_words("Where is Sam living?", ["Sam"])), home)
    assert holds_asked_slot(focus_terms(focus_words("Who is Sam's doctor?", ["Sam"])), doctor)


def test_a_favourite_answers_a_question_about_its_kind() -> None:
    band = replace(fact("Ines's favourite band is Radiohead."), subject="Ines", predicate="favourite band", object="Radiohead")
    assert about_topic(focus_terms(focus_words("What music does Ines like?", ["Ines"])), band)
    assert not about_topic(focus_terms(focus_words("What food does Ines like?", ["Ines"])), band)


def test_an_email_address_is_asked_as_an_email_and_never_met_by_a_home() -> None:
    assert focus_words("What is Rosa's email address?", ["Rosa"]) == ("email",)
    assert focus_words("What is Rosa's IP address?", ["Rosa"]) == ("ip",)
    home = replace(fact("Rosa lives in Porto.", "Rosa"), predicate="lives in", object="Porto")
    assert not about_topic(focus_terms(focus_words("What is Rosa's email address?", ["Rosa"])), home)


def test_a_car_driven_and_a_medicines_dose_answer_the_questions_about_them() -> None:
    car = replace(fact("Ben bought a Skoda Octavia estate.", "Ben"), predicate="drives", object="Skoda Octavia estate")
    dose = replace(fact("Ben takes amlodipine 10mg.", "Ben"), predicate="amlodipine dose", object="10mg")
    assert about_topic(focus_terms(focus_words("What car does Ben drive?", ["Ben"])), car)
    assert about_topic(focus_terms(focus_words("What medication is Ben on?", ["Ben"])), dose)
    assert not about_topic(focus_terms(focus_words("What medication is Ben on?", ["Ben"])), car)


def test_a_memory_about_another_slot_speaks_of_another_topic() -> None:
    assert speaks_of_another_topic(focus_terms(("vehicle",)), "Ray's medication is now Eliquis 5 milligrams.")
    assert not speaks_of_another_topic(focus_terms(("work",)), "Carlos switched to Vueling, fewer long-haul trips now.")
    assert not speaks_of_another_topic(focus_terms(("medication",)), "Ray's medication is now Eliquis.")


def test_a_medicines_dose_answers_a_question_about_what_it_is_taken_for() -> None:
    dose = replace(fact("Paavo takes zopiclone 7.5 mg.", "Paavo"), predicate="zopiclone dose", object="7.5 mg")
    assert answers_slot(focus_terms(focus_words("What sleep medication does Paavo take?", ["Paavo"])), dose)
    assert not answers_slot(focus_terms(focus_words("What blood pressure medication does Paavo take?", ["Paavo"])), dose)


def test_a_supervisor_and_a_main_client_are_slots_a_question_asks_about() -> None:
    supervisor = replace(fact("Sid's supervisor is Dr Mbeki.", "Sid"), predicate="supervisor", object="Dr Mbeki")
    client = replace(fact("Rutger's main client is Kadaster.", "Rutger"), predicate="main client", object="Kadaster")
    assert holds_asked_slot(focus_terms(focus_words("Who is Sid's PhD supervisor?", ["Sid"])), supervisor)
    assert holds_asked_slot(focus_terms(focus_words("Who's supervising Sid these days?", ["Sid"])), supervisor)
    assert holds_asked_slot(focus_terms(focus_words("Who is Rutger's main client at the moment?", ["Rutger"])), client)
    assert not holds_asked_slot(focus_terms(focus_words("Where does Sid live?", ["Sid"])), supervisor)


def test_a_fact_in_a_slot_the_question_does_not_ask_about_holds_another_slot() -> None:
    home = replace(fact("Sid lives in Leith.", "Sid"), predicate="lives in", object="Leith")
    medicine = replace(fact("Gideon takes gliclazide for type 2 diabetes.", "Gideon"), predicate="takes",
                       object="gliclazide for type 2 diabetes")
    assert holds_another_slot(focus_terms(focus_words("Who is Sid's PhD supervisor?", ["Sid"])), home)
    assert not holds_another_slot(focus_terms(focus_words("Where's Sid living these days?", ["Sid"])), home)
    assert not holds_another_slot(focus_terms(focus_words("What medication does Gideon take?", ["Gideon"])), medicine)


def test_a_habits_slot_is_another_slot_than_the_one_asked_unless_the_question_names_the_habit() -> None:
    runs = replace(fact("Thandiwe runs in the evenings, at 6:30pm now.", "Thandiwe"), predicate="run how often",
                   object="in the evenings, at 6:30pm")
    assert holds_another_slot(focus_terms(focus_words("What company is Thandiwe joining?", ["Thandiwe"])), runs)
    assert not holds_another_slot(focus_terms(focus_words("When does Thandiwe go running?", ["Thandiwe"])), runs)


def test_how_one_has_a_thing_asks_nothing_more_than_the_slot_that_holds_it() -> None:
    laptop = replace(fact("Sam's laptop is a MacBook Air M3."), predicate="laptop", object="MacBook Air M3")
    camera = replace(fact("Sam's camera is a canon r5 mark ii."), predicate="camera", object="canon r5 mark ii")
    assert answers_slot(focus_terms(focus_words("What laptop does Sam use?", {"Sam"})), laptop)
    assert answers_slot(focus_terms(focus_words("What camera does Sam shoot with?", {"Sam"})), camera)
    assert not answers_slot(focus_terms(focus_words("What software does Sam use?", {"Sam"})), laptop)


def test_a_shift_speaks_of_work_but_a_question_about_shifts_is_not_about_an_employer() -> None:
    assert lexical_coverage(focus_terms(focus_words("Where does Kai work?", ["Kai"])),
                            ["just off shift at the parcelwise depot"]) == 1.0
    job = replace(fact("Rafa works at La Fe.", "Rafa"), predicate="works_at", object="La Fe")
    assert not answers_slot(focus_terms(focus_words("What shifts does Rafa work?", ["Rafa"])), job)
