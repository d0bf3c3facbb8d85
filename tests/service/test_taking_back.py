"""What a person takes back (an ending, a correction, a plan moved or called off), through the fact pipeline."""

from __future__ import annotations

from datetime import datetime, timezone

from engram_mcp.model import Kind
from engram_mcp.model.corrections import (
    CALLS_OFF,
    CORRECTS,
    ENDS,
    ONES_WORK,
    RESCHEDULES,
    SHIFTS,
    correction_object,
    shift_object,
)
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService

JAN = datetime(2026, 1, 1, tzinfo=timezone.utc)
MAR = datetime(2026, 3, 1, tzinfo=timezone.utc)


def current_facts(service: MemoryService) -> list[str]:
    return sorted(m.text for m in service.memories() if m.kind is Kind.FACT and m.is_current())


def test_a_correction_restates_the_fact_its_words_fit_and_supersedes_it_alone(
    facts: FactService, service: MemoryService
) -> None:
    race = facts.state("Lena is training for the Berlin half marathon in April.", subject="Lena", event_time=JAN).memory
    facts.state("Lena lives in Berlin.", subject="Lena", event_time=JAN)
    later = datetime(2026, 1, 2, tzinfo=timezone.utc)
    outcome = facts.state(
        "Lena corrected Berlin to the Copenhagen half marathon.", subject="Lena", predicate=CORRECTS,
        obj=correction_object("Berlin", "the Copenhagen half marathon"), event_time=later,
    )
    assert outcome.action == "superseded"
    assert outcome.memory.text == "Lena is training for the Copenhagen half marathon in April."
    assert outcome.superseded == (race.id,)
    assert current_facts(service) == ["Lena is training for the Copenhagen half marathon in April.", "Lena lives in Berlin."]


def test_a_correction_may_be_of_what_was_said_of_the_speakers_people(facts: FactService, service: MemoryService) -> None:
    bistro = facts.state("Farah's partner Julien is based in Croix-Rousse.", subject="Farah's partner", predicate="is based in",
                         obj="Croix-Rousse", event_time=JAN).memory
    outcome = facts.state(
        "Farah corrected Croix-Rousse to Vieux Lyon.", subject="Farah", predicate=CORRECTS,
        obj=correction_object("Croix-Rousse", "Vieux Lyon"), event_time=MAR,
    )
    assert outcome.superseded == (bistro.id,)
    assert (outcome.memory.text, outcome.memory.subject) == ("Farah's partner Julien is based in Vieux Lyon.", "Farah's partner")


def test_a_correction_of_a_value_no_fact_names_changes_nothing(facts: FactService, service: MemoryService) -> None:
    facts.state("Ana lives in Leeds.", subject="Ana")
    outcome = facts.state(
        "Ana corrected Tuesday to Thursday.", subject="Ana", predicate=CORRECTS, obj=correction_object("Tuesday", "Thursday")
    )
    assert outcome.action == "dropped" and current_facts(service) == ["Ana lives in Leeds."]


def test_an_ending_supersedes_the_facts_whose_object_names_what_ended(facts: FactService, service: MemoryService) -> None:
    coffee = facts.state("Eli drinks four flat whites a day, all coffee.", subject="Eli", predicate="drinks",
                         obj="four flat whites a day, all coffee", event_time=JAN).memory
    facts.state("Eli's partner Robin runs a coffee shop.", subject="Eli", event_time=JAN)
    outcome = facts.state("Eli has quit coffee completely.", subject="Eli", predicate=ENDS, obj="coffee", event_time=MAR)
    assert outcome.action == "superseded" and outcome.superseded == (coffee.id,)
    assert current_facts(service) == ["Eli has quit coffee completely.", "Eli's partner Robin runs a coffee shop."]


def test_an_ending_with_nothing_to_end_is_kept_as_a_plain_statement(facts: FactService, service: MemoryService) -> None:
    outcome = facts.state("Eli left the book club.", subject="Eli", predicate=ENDS, obj="book club")
    assert outcome.action == "added" and outcome.memory.predicate == "states"
    assert current_facts(service) == ["Eli left the book club."]


def test_a_rescheduled_event_replaces_the_newest_fact_that_names_it(facts: FactService, service: MemoryService) -> None:
    tuesday = facts.state("Ines's dentist appointment is on Tuesday at 3pm.", subject="Ines", event_time=JAN).memory
    outcome = facts.state("Ines's appointment was moved to Thursday at 11.", subject="Ines", predicate=RESCHEDULES,
                          obj="appointment", event_time=MAR)
    assert outcome.action == "superseded" and outcome.superseded == (tuesday.id,)
    assert current_facts(service) == ["Ines's appointment was moved to Thursday at 11."]


def test_a_plan_called_off_replaces_the_newest_fact_that_names_it(facts: FactService, service: MemoryService) -> None:
    flight = facts.state("Mara's flight to Rome is on Friday.", subject="Mara", event_time=JAN).memory
    facts.state("Mara works at Tesco.", subject="Mara", event_time=JAN)
    outcome = facts.state("Mara's flight to Rome is cancelled.", subject="Mara", predicate=CALLS_OFF, obj="flight to Rome",
                          event_time=MAR)
    assert outcome.action == "superseded" and outcome.superseded == (flight.id,)
    assert current_facts(service) == ["Mara works at Tesco.", "Mara's flight to Rome is cancelled."]


def test_a_plan_called_off_that_names_no_fact_is_kept_as_said(facts: FactService, service: MemoryService) -> None:
    outcome = facts.state("Mara is not moving to York after all.", subject="Mara", predicate=CALLS_OFF, obj="moving to York")
    assert outcome.action == "added" and current_facts(service) == ["Mara is not moving to York after all."]


def test_a_correction_puts_right_a_date_said_of_the_speakers_sisters_wedding(facts: FactService, service: MemoryService) -> None:
    wedding = facts.state("Amara's sister Chioma's wedding is on 14 June.", subject="Amara", event_time=JAN).memory
    outcome = facts.state(
        "Amara corrected 14 June to 21 June.", subject="Amara", predicate=CORRECTS,
        obj=correction_object("14 June", "21 June"), event_time=MAR,
    )
    assert outcome.superseded == (wedding.id,)
    assert current_facts(service) == ["Amara's sister Chioma's wedding is on 21 June."]


NOV_20 = datetime(2026, 11, 20, 9, tzinfo=timezone.utc)
NOV_25 = datetime(2026, 11, 25, 9, tzinfo=timezone.utc)


def test_an_event_pushed_back_a_week_is_said_again_on_the_day_a_week_later(facts: FactService, service: MemoryService) -> None:
    first = facts.state("Noor's dentist appointment is on 1 December at 10am.", subject="Noor", event_time=NOV_20).memory
    outcome = facts.state("Noor's dentist appointment was moved a week later.", subject="Noor", predicate=SHIFTS,
                          obj=shift_object("dentist appointment", 7), event_time=NOV_25)
    assert outcome.action == "superseded" and outcome.superseded == (first.id,)
    assert current_facts(service) == ["Noor's dentist appointment is on 8 December at 10am."]


def test_an_event_moved_by_days_with_no_day_known_is_kept_as_said(facts: FactService, service: MemoryService) -> None:
    outcome = facts.state("Noor's interview was moved a day later.", subject="Noor", predicate=SHIFTS,
                          obj=shift_object("interview", 1), event_time=NOV_25)
    assert outcome.action == "added" and outcome.memory.predicate == "states"
    assert current_facts(service) == ["Noor's interview was moved a day later."]


def test_an_appointment_moved_replaces_the_fact_naming_whom_it_is_with(facts: FactService, service: MemoryService) -> None:
    eye_test = facts.state("Noor's eye test is on 7 January at 11:00 with Dr Weiss.", subject="Noor", event_time=NOV_20).memory
    facts.state("Noor's dentist is Dr Kim.", subject="Noor", event_time=NOV_20)
    outcome = facts.state("Noor's appointment with Dr Weiss was moved to 14 January at 09:30.", subject="Noor",
                          predicate=RESCHEDULES, obj="appointment", event_time=NOV_25)
    assert outcome.action == "superseded" and outcome.superseded == (eye_test.id,)


def test_ones_work_ended_ends_the_employer_and_the_job_but_not_the_home(facts: FactService, service: MemoryService) -> None:
    facts.state("Jo works at Siemens.", subject="Jo", event_time=JAN)
    facts.state("Jo works as an engineer.", subject="Jo", event_time=JAN)
    facts.state("Jo lives in Leeds.", subject="Jo", event_time=JAN)
    outcome = facts.state("Jo retired last Friday.", subject="Jo", predicate=ENDS, obj=ONES_WORK, event_time=MAR)
    assert outcome.action == "superseded" and len(outcome.superseded) == 2
    assert current_facts(service) == ["Jo lives in Leeds.", "Jo retired last Friday."]
