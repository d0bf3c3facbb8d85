from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from tests.extraction.helpers import slots, turn

extract = RulesExtractor().extract


def test_selling_one_vehicle_and_buying_another_ends_the_first_and_starts_the_second() -> None:
    assert slots("I sold the Yaris and bought a Kia Niro.") == {
        ("drives", "yaris", True), ("drives", "kia niro", False)}


def test_a_car_said_to_be_sold_is_no_longer_driven_and_a_sold_out_car_is_not_sold() -> None:
    assert slots("car sold to a guy from Wakefield") == {("drives", "car", True)}
    assert slots("The Golf is sold!") == {("drives", "golf", True)}
    assert slots("the car sold out of petrol") == set()


def test_a_car_traded_in_for_another_is_the_new_car() -> None:
    assert slots("Traded the Corolla in for a Honda CR-V yesterday.") == {
        ("drives", "corolla", True), ("drives", "honda cr-v", False)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We ended up going with a 2019 Citroën Berlingo, white, 96,000 km.", ("drives", "2019 citroën berlingo", False)),
        ("Picked up my new truck this morning, a Volvo FH 500, 2025 model.", ("drives", "volvo fh 500", False)),
        ("Van's making a grinding noise again. It's a 2009 Toyota Hiace with 310,000 km on it.",
         ("drives", "2009 toyota hiace", False)),
        ("This morning we went to a dealer in Mölndal and bought a used Skoda Octavia estate, 2019.",
         ("drives", "skoda octavia estate", False)),
        ("The Premio is gone, Kevin's yard took it this morning and I drove home in the Vitz.", ("drives", "vitz", False)),
        ("Kirra's old Corolla is my ride now.", ("drives", "corolla", False)),
        ("My Toyota Premio is 14 years old, it drinks too much fuel.", ("drives", "toyota premio", False)),
        ("My car, the Corolla, 2011 model, the AC has packed up again.", ("drives", "corolla", False)),
        ("the Passat makes a noise from front left wheel when I brake.", ("drives", "passat", False)),
        ("picked up the Mazda3 today from the dealer in Scarborough! dark blue.", ("drives", "mazda3", False)),
    ],
)


def test_a_vehicle_said_in_passing_is_the_one_driven(text: str, expected: tuple[str, str, bool]) -> None:
    assert expected in slots(text)


@pytest.mark.parametrize("text", ["We went with the blue one.", "My car is making noises. It's a lovely day though.",
                                  "My car needs new tyres.", "My brother's Volvo is older than mine.",
                                  "The Tesla in front of me braked hard."])


def test_a_choice_or_someone_elses_car_is_no_vehicle_driven(text: str) -> None:
    assert not {slot for slot in slots(text) if slot[0] == "drives"}


@pytest.mark.parametrize(("text", "car"), [("bought it!! 2014 Ford Ranger, grey, 120k on the clock", "2014 ford ranger"),
                                           ("Yes, we bought it! Skoda Fabia estate, blue.", "skoda fabia estate")])


def test_a_vehicle_named_right_after_buying_it_is_the_one_driven(text: str, car: str) -> None:
    assert ("drives", car, False) in slots(text)


def test_something_else_bought_as_it_is_no_vehicle() -> None:
    assert not {slot for slot in slots("We bought it! Lovely little cottage, Rose Cottage.") if slot[0] == "drives"}


def test_a_car_someone_sells_the_speaker_is_the_one_driven_even_typed_in_lowercase() -> None:
    assert ("drives", "2016 golf", False) in slots("my aunt is selling me her 2016 golf for 3 grand")
    assert not {slot for slot in slots("played golf with dad on sunday") if slot[0] == "drives"}


def test_a_vehicle_named_after_its_typed_without_the_apostrophe_and_none_had_is_none_driven() -> None:
    assert ("drives", "2009 nissan caravan", False) in slots("want to sell the van. its a 2009 Nissan Caravan, white.")
    assert not {slot for slot in slots("sold it. now i have no van for the jobs on friday") if slot[0] == "drives"}


@pytest.mark.parametrize(
    ("said", "vehicle"),
    [("picked the vivaro up. sat in it 10 mins just enjoying the quiet", "Vivaro"), ("got the hilux today", "Hilux"),
     ("new one's a Scania, picked it up at the depot", None)],
)


def test_a_van_or_truck_typed_in_lowercase_and_picked_up_is_the_one_driven(said: str, vehicle: str | None) -> None:
    driven = [f.object for f in extract(turn(said, speaker="Gary"), []) if f.predicate == "drives"]
    assert driven == ([vehicle] if vehicle else [])


@pytest.mark.parametrize("said", ["picked the kids up from school", "we played golf today", "the transit of Venus was amazing"])


def test_an_everyday_word_that_is_also_a_model_names_no_vehicle(said: str) -> None:
    assert [f for f in extract(turn(said, speaker="Gary"), []) if f.predicate == "drives"] == []


def test_a_vehicle_named_and_then_bought_as_it_is_the_one_driven_and_one_gone_to_the_scrap_is_not() -> None:
    bought = "Clive find me a Honda Jazz automatic, 2019, silver. 11,200 pound from a dealer. BOUGHT IT. Pick up Monday"
    assert ("drives", "honda jazz", False) in slots(bought)
    assert not {slot for slot in slots("We looked at a Toyota Yaris. Then the dog ate my shoe. Got it.") if slot[0] == "drives"}
    assert ("drives", "micra", True) in slots("The old Micra gone to the scrapman this morning, 150 pound he give me.")


def test_the_car_bought_and_named_in_the_next_sentence_is_the_one_driven_and_unnamed_it_names_none() -> None:
    said = "We bought the car! A silver 2019 Honda Jazz from a dealer in Burton. Picking it up this afternoon."
    assert ("drives", "2019 honda jazz", False) in slots(said, speaker="Ada")
    assert not [slot for slot in slots("We bought the car! It was cheap.", speaker="Ada") if slot[0] == "drives"]


def test_ones_own_car_picked_up_from_the_garage_is_no_new_one_but_a_new_one_picked_up_is() -> None:
    assert not [slot for slot in slots("picked up car. $950 hurts.", speaker="Nadine") if slot[0] == "drives"]
    assert ("drives", "car", False) in slots("picked up my new car from the dealer", speaker="Nadine")
    assert ("drives", "skoda octavia", False) in slots("picked up a used Skoda Octavia today", speaker="Nadine")


def test_the_new_one_named_after_a_vehicle_sold_is_the_one_driven() -> None:
    assert ("drives", "kia niro", False) in slots("Sold the old car. New one is a Kia Niro. Electric.", speaker="Soren")


@pytest.mark.parametrize(("text", "vehicle"), [
    ("my van is a white ford transit custom 2017 it's got 140 thousand miles on it", "white ford transit custom 2017"),
    ("My truck is a 2015 Toyota Hilux.", "toyota hilux"),
    ("My car is a red Skoda Fabia.", "red skoda fabia"),
])


def test_a_van_or_truck_said_to_be_a_make_is_the_vehicle_driven(text: str, vehicle: str) -> None:
    assert {slot for slot in slots(text) if slot[0] == "drives"} == {("drives", vehicle, False)}


@pytest.mark.parametrize(("text", "vehicle"), [
    ("bought pawel's vivaro eleven thousand two hundred in the end he knocked a bit off", "vivaro"),
    ("I bought my brother's Golf.", "golf"),
    ("I bought a Golf for £3,000.", "golf"),
    ("I bought a Tesla Model 3 last weekend.", "tesla model 3"),
])


def test_a_vehicle_bought_from_someone_or_with_its_price_said_after_is_the_one_driven(text: str, vehicle: str) -> None:
    assert {slot for slot in slots(text) if slot[0] == "drives"} == {("drives", vehicle, False)}


@pytest.mark.parametrize("text", ["My truck is a mess.", "I bought Mum's birthday present.", "my van is a nightmare to park"])


def test_what_is_said_of_a_van_or_bought_of_someone_that_names_no_vehicle_is_none(text: str) -> None:
    assert not {slot for slot in slots(text) if slot[0] == "drives"}


def test_a_relative_who_sold_their_vehicle_no_longer_drives_it_said_without_whose_it_was() -> None:
    [fact] = extract(turn("My brother sold his Tesla.", speaker="Dagny"), [])
    assert (fact.statement, fact.object) == ("Dagny's brother sold the Tesla.", "Tesla")


def test_a_vehicle_bought_by_its_kind_and_named_in_the_next_sentence_is_the_named_one() -> None:
    assert slots("Bought a new bakkie! Isuzu D-Max 3.0 double cab, demo model from the dealer in Malmesbury.") == {
        ("drives", "isuzu d-max 3 0 double cab", False)}


def test_a_ute_sold_is_no_longer_driven() -> None:
    assert ("drives", "ute", True) in slots("sold my ute to a bloke in mandurah today")


@pytest.mark.parametrize("said", ["Jonas has joined BMW.", "My brother got poached by BMW.", "I got a job at Volvo."])


def test_a_maker_named_as_an_employer_is_no_vehicle_one_drives(said: str) -> None:
    assert not [f for f in RulesExtractor().extract(turn(said, speaker="Ada"), []) if "drives" in f.predicate]


def test_a_car_traded_in_for_another_said_as_it_makes_the_new_one_driven() -> None:
    facts = RulesExtractor().extract(turn("so I traded it in for a Kia Niro lol", speaker="Ada"), [])
    assert [(f.predicate, f.object) for f in facts] == [("drives", "Kia Niro")]


@pytest.mark.parametrize(("text", "car"), [("I'm driving my sister's RAV4 for now till I find a used Tacoma.", "rav4"),
                                          ("We bought a used ID3 from a dealer in Leeds.", "id3")])


def test_a_model_whose_name_ends_in_a_number_is_a_vehicle_driven(text: str, car: str) -> None:
    assert {slot for slot in slots(text) if slot[0] == "drives"} == {("drives", car, False)}


@pytest.mark.parametrize(
    ("said", "statement"),
    [("I don't have a car anymore.", "Jo no longer has a car."), ("I no longer drive.", "Jo no longer drives."),
     ("Scrapped the Golf.", "Jo scrapped the Golf.")],
)


def test_a_car_given_up_is_driven_no_longer_said_as_it_went(said: str, statement: str) -> None:
    [fact] = extract(turn(said, speaker="Jo"), [])
    assert (fact.statement, fact.predicate) == (statement, "no longer drives")
