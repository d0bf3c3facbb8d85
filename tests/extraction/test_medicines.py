from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.medicines import doses_said, listed_doses, switched_medicine
from engram_mcp.model.corrections import PUTS_RIGHT
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("hes taken me off the ramipril. on amlodipine 5mg now, once a day.", "Hamish's medication is now amlodipine 5mg."),
        ("She said it's the amlodipine, and she's switching me to losartan, 50 mg, once a day. So no more amlodipine.",
         "Hamish's medication is now losartan 50 mg."),
        ("He agrees the aches come from the simvastatin, so he is stopping it and I will take atorvastatin 10 mg instead.",
         "Hamish's medication is now atorvastatin 10 mg."),
        ("Ray saw his cardiologist, Dr. Brennan. She's taking him off the warfarin and putting him on Eliquis, 5 milligrams.",
         "Ray's medication is now Eliquis 5 milligrams."),
        ("o'halloran switched me off the ramipril, on amlodipine 5mg now, mornings.", "Hamish's medication is now amlodipine 5mg."),
        ("My INR has been all over the place, so she is taking me off Waran and putting me on Eliquis, 5 mg twice a day.",
         "Hamish's medication is now Eliquis 5 mg."),
        ("We were at the clinic for Miriam's follow-up. Dr. Levinson is stopping the clopidogrel and starting apixaban, 5 mg.",
         "Miriam's medication is now apixaban 5 mg."),
        ("I'm stopping the ramipril and starting losartan 50 mg.", "Hamish's medication is now losartan 50 mg."),
        ("The GP is stopping the sulphate and switching me to ferrous gluconate 300mg.",
         "Hamish's medication is now ferrous gluconate 300mg."),
        ("dr okoro switched me off ritalin to concerta 36mg, from monday", "Hamish's medication is now concerta 36mg."),
        ("Rang Mwangi at the surgery. The zolpidem is stopped; she prescribed melatonin instead.",
         "Hamish's medication is now melatonin."),
    ],
)
def test_a_medicine_taken_in_place_of_one_stopped_is_restated_alone(said: str, restated: str) -> None:
    fact = switched_medicine(said, "Hamish")
    assert fact is not None and (fact.statement, fact.predicate) == (restated, PUTS_RIGHT)


@pytest.mark.parametrize("said", ["No more nights, I'm on days now.", "I stopped the gym and switched to swimming now.",
                                  "I'm on ramipril 5mg for my blood pressure.", "She's taking him off the list and putting him on the rota."])
def test_no_medicine_stopped_or_none_started_gives_nothing(said: str) -> None:
    assert switched_medicine(said, "Hamish") is None


def test_what_the_medicine_is_for_is_kept_when_the_turn_says_it() -> None:
    fact = switched_medicine("My BP was 160 over 95 even with the nifedipine. So he has stopped it and switched me to "
                             "losartan 50 mg once a day.", "Wanjiru")
    assert fact is not None and fact.statement == "Wanjiru's medication for BP is now losartan 50 mg."


def test_a_routine_or_a_magazine_is_no_medicine() -> None:
    assert switched_medicine("I stopped the routine and now on a new magazine instead.", "Hamish") is None


def test_a_pasted_list_of_the_speakers_own_medicines_gives_each_ones_dose() -> None:
    said = "Can you check my meds list?\n\n- Bisoprolol 2.5mg - morning\n- Apixaban 5 mg twice a day\n- Vitamin D daily"
    assert [(f.predicate, f.object) for f in listed_doses(said, "Hamish")] == [("bisoprolol dose", "2.5mg"), ("apixaban dose", "5 mg")]
    assert [f.statement for f in listed_doses("New label: 'Ferrous fumarate 210mg tablets, one a day.'", "Hamish")] == [
        "Hamish takes ferrous fumarate 210mg."]


@pytest.mark.parametrize("said", ["Dad's tablets: Amlodipine 5mg, Ramipril 2.5mg", "My notes:\nRoom 5 mg\nMarch 20 mg"])
def test_someone_elses_list_or_words_that_are_no_medicines_give_no_dose(said: str) -> None:
    assert listed_doses(said, "Hamish") == []


@pytest.mark.parametrize(("said", "dose"), [("I am on sertraline 50mg", ("sertraline dose", "50mg")),
                                            ("she's putting my levothyroxine up to 75 mcg", ("levothyroxine dose", "75 mcg")),
                                            ("My amlodipine has been increased to 10mg", ("amlodipine dose", "10mg")),
                                            ("she raises the losartan to 100mg, one pill in the morning", ("losartan dose", "100mg")),
                                            ("Dr Vaughan is putting the metformin up to 1000mg twice a day",
                                             ("metformin dose", "1000mg twice a day")),
                                            ("I am type 2 diabetic on metformin 500mg", ("metformin dose", "500mg"))])
def test_a_dose_taken_prescribed_or_changed_is_one_slot_per_medicine(said: str, dose: tuple[str, str]) -> None:
    assert [(slot, amount) for _, slot, amount in doses_said(said, "Hamish")] == [dose]



@pytest.mark.parametrize(
    ("said", "medicine", "dose"),
    [("I take amlodipine for my blood pressure, 5mg every morning with breakfast.", "amlodipine", "5mg"),
     ("She spoke to the doctor and I am to go up to 10mg of amlodipine, starting tomorrow morning.", "amlodipine", "10mg"),
     ("saw the sleep clinic doc. she wants me down to 2mg melatonin, says less is more", "melatonin", "2mg")],
)
def test_a_dose_said_after_what_it_is_for_or_as_where_it_goes_is_the_dose(said: str, medicine: str, dose: str) -> None:
    doses = [(f.predicate, f.object) for f in extract(turn(said, speaker="Ann"), []) if f.predicate.endswith(" dose")]
    assert doses == [(f"{medicine} dose", dose)]


@pytest.mark.parametrize("said", ["my dad is going down to 5mg of warfarin", "I will go down to 5mg of sertraline if it works",
                                  "Mum's GP is putting the metformin up to 1000mg", "his doctor raised the losartan to 100mg"])
def test_someone_elses_or_a_planned_new_dose_is_not_the_speakers(said: str) -> None:
    assert [f for f in extract(turn(said, speaker="Ann"), []) if f.predicate.endswith(" dose")] == []


@pytest.mark.parametrize("said", ["My doctor put me on 50mg of sertraline.", "I take 50mg sertraline every morning",
                                  "Now on 50mg sertraline", "taking 50mg of sertraline from today"])
def test_a_dose_said_before_the_medicine_is_its_dose(said: str) -> None:
    assert [(f.predicate, f.object) for f in extract(turn(said, speaker="Ann"), [])] == [("sertraline dose", "50mg")]


@pytest.mark.parametrize("said", ["sertraline dose went up to 100mg", "the sertraline got bumped up to 100mg",
                                  "Sertraline increased to 100mg last week", "my sertraline dosage is going up to 100mg"])
def test_a_medicine_said_to_go_up_without_my_is_the_speakers_new_dose(said: str) -> None:
    assert [(slot, amount) for _, slot, amount in doses_said(said, "Ann")] == [("sertraline dose", "100mg")]


@pytest.mark.parametrize("said", ["the dose went up to 100mg", "the tablets went up to 100mg", "Mum's sertraline went up to 100mg",
                                  "Dad has diabetes; the metformin went up to 1000mg"])
def test_a_dose_going_up_of_no_medicine_named_or_of_someone_elses_is_no_dose_of_the_speaker(said: str) -> None:
    assert doses_said(said, "Ann") == []


def test_a_dose_halved_with_no_new_amount_fills_the_medicines_dose_so_the_old_dose_ends() -> None:
    facts = RulesExtractor().extract(turn("GP halved my ramipril this week.", speaker="Ada"), [])
    assert [(f.predicate, f.object) for f in facts] == [("ramipril dose", "half the dose before")]


def test_a_dose_doubled_with_its_new_amount_said_is_no_share_of_the_dose_before() -> None:
    said = "Saw Dr. Kulkarni today. She's doubled my metformin - 1000 mg twice a day from now on."
    assert not [f for f in RulesExtractor().extract(turn(said, speaker="Rahul"), []) if "the dose before" in f.object]
