from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.model.predicates import normalise
from tests.extraction.helpers import slots, turn

extract = RulesExtractor().extract


def test_a_place_whose_name_has_a_lowercase_particle_is_kept_whole() -> None:
    assert slots("I moved to Vila Nova de Gaia in March.") == {("lives_in", "vila nova de gaia", False)}


def test_a_relative_who_moves_into_a_place_called_something_lives_there() -> None:
    [fact] = extract(turn("My dad moved into a care home called Maple House last week.", speaker="Parisa"), [])
    assert fact.statement == "Parisa's dad moved to Maple House."
    assert normalise(fact.subject, fact.predicate, fact.object).predicate == "lives_in"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Okay, big news: I got a studio in Kralingen, Rotterdam!", ("lives_in", "kralingen", False)),
        ("Good news on the housing front, we signed the lease on the Brunswick place this arvo!",
         ("lives_in", "brunswick", False)),
        ("Moved in! Sitting on the floor of my new place in Rotterdam.", ("lives_in", "rotterdam", False)),
        ("Fully moved into the Lekki flat today, Ayo has already picked his room.", ("lives_in", "lekki", False)),
        ("The Gaia flat is ours - lease signed, last box carried up this afternoon.", ("lives_in", "gaia", False)),
        ("Current flat is in Alfama (Rua dos Remédios, 3rd floor, no lift).", ("lives_in", "alfama", False)),
    ],
)
def test_a_new_home_said_in_passing_fills_its_slot(text: str, expected: tuple[str, str, bool]) -> None:
    assert expected in slots(text)


def test_the_home_one_says_one_got_by_its_place_is_a_new_home() -> None:
    assert slots("We got the Kaimuki apartment! $2,150 a month, 1BR. Move in tomorrow.", speaker="Kalani") >= {
        ("lives_in", "kaimuki", False)}
    assert not [slot for slot in slots("We got the Ikea bookcase up at last.", speaker="Kalani") if slot[0] == "lives_in"]


@pytest.mark.parametrize("text", ["I got a place in the team.", "We stayed at a lovely place in Porto last summer."])
def test_a_place_that_is_no_home_fills_no_slot(text: str) -> None:
    assert not {slot for slot in slots(text) if slot[0] in {"lives_in", "drives", "diet"}}


@pytest.mark.parametrize(("text", "expected"), [
    ("all my stuff is at jacks now. first night in sandy bay tonight. the cat is under the bed",
     {("lives_in", "sandy bay", False)}),
    ("Now the movers have taken the last boxes and tonight we sleep the first time in Luthagen. Fourth floor.",
     {("lives_in", "luthagen", False)}),
    ("Keys collected! First night at the new flat in Portobello, no curtains yet.", {("lives_in", "portobello", False)}),
    ("Unpacked the suitcase, first night in Lisbon, the hotel is by the river.", set()),
    ("First night in Oslo for the conference. Slept badly.", set()),
    ("Papa's moved!! Van came at 8, we carried 60 boxes up, and he slept his first night in Amersfoort.", set()),
    ("The movers took the last boxes and tonight she can sleep the first time in Luthagen.", set()),
    ("First night in the new place! Everything's in boxes, we're eating pizza on the floor.", set()),
    ("Move done!! Everything is in the casita in Pasadena except my plants. Left my Montrose keys with Vale.",
     {("lives_in", "pasadena", False)}),
    ("Everything is in the cottage in Harlech, ready for the holiday week. Keys from the owner.", set()),
])
def test_a_first_night_somewhere_in_a_turn_about_moving_is_the_new_home(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert {slot for slot in slots(text) if slot[0] == "lives_in"} == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Packing day. The townhouse in Westville is ours from tomorrow, two bedrooms and a garden.", {("lives_in", "westville", False)}),
    ("The cottage in Harlech is ours at last.", {("lives_in", "harlech", False)}),
])
def test_a_home_in_a_place_said_to_be_ours_is_a_new_home(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert {slot for slot in slots(text) if slot[0] == "lives_in"} == expected


@pytest.mark.parametrize(("text", "expected"), [("Moved in! First night in Stockbridge, boxes everywhere.", {("lives_in", "stockbridge", False)}),
                                                ("moved!! first night in leith, no curtains yet", {("lives_in", "leith", False)}),
                                                ("We moved in today. Our new flat on Rua Augusta is tiny but bright.",
                                                 {("lives_in", "rua augusta", False)}),
                                                ("moved in. sleeping on a camping mat in neukölln, no wifi yet",
                                                 {("lives_in", "neukölln", False)}),
                                                ("Moved!! Graduate House room is small but very quiet.",
                                                 {("lives_in", "graduate house", False)}),
                                                ("shifted!!! the Kothrud flat is tiny but no curfew", {("lives_in", "kothrud", False)}),
                                                ("MOVED. Boxes everywhere. The Chapel Allerton flat is lovely, kitchen is tiny though.",
                                                 {("lives_in", "chapel allerton", False)}),
                                                ("Moved in! Boxes everywhere. Pizza on the floor in Leith.", set()),
                                                ("Landed! First night in Rome, the hotel is lovely.", set())])
def test_the_first_night_or_the_home_said_after_a_move_is_the_new_home(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert {slot for slot in slots(text) if slot[0] == "lives_in"} == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I no longer live in Leeds.", {("lives_in", "leeds", True)}),
    ("I'm not living in Leeds any more.", {("lives_in", "leeds", True)}),
    ("I don't live in Hull anymore.", {("lives_in", "hull", True)}),
    ("I'm no longer living in Cork.", {("lives_in", "cork", True)}),
    ("I moved out of Leeds.", {("lives_in", "leeds", True)}),
    ("We moved away from Dundee last year.", {("lives_in", "dundee", True)}),
    ("i no longer live in leeds", {("lives_in", "leeds", True)}),
    ("I moved out of Leeds to York.", {("lives_in", "leeds", True), ("lives_in", "york", False)}),
    ("I don't live in Leeds any longer.", {("lives_in", "leeds", True)}),
    ("I'm no longer based in Leeds.", {("lives_in", "leeds", True)}),
])
def test_a_home_said_to_be_left_ends_with_no_new_one_made_up(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert {slot for slot in slots(text) if slot[0] == "lives_in"} == expected


def test_a_home_left_by_a_relative_is_theirs() -> None:
    [fact] = extract(turn("My brother moved out of Leeds.", speaker="Mara"), [])
    assert (fact.statement, normalise(fact.subject, fact.predicate, fact.object).negated) == ("Mara's brother moved out of Leeds.", True)


@pytest.mark.parametrize(("text", "place"), [
    ("I've been living in Bristol since March.", "bristol"),
    ("I have lived in Leeds for six years.", "leeds"),
    ("I'm back in Bristol now.", "bristol"),
    ("I'm back living in Derry.", "derry"),
    ("Home is Glasgow these days.", "glasgow"),
    ("Home's Ghent now.", "ghent"),
    ("My home is in Leith now.", "leith"),
    ("These days home is Glasgow.", "glasgow"),
    ("Bristol is my home now.", "bristol"),
    ("I call Bristol home now.", "bristol"),
    ("I'm now back in Bristol.", "bristol"),
    ("I'm back home in Bristol.", "bristol"),
    ("I'm back in Bristol for good.", "bristol"),
    ("I've been living in Bristol for two years now.", "bristol"),
    ("i'm back in bristol now", "bristol"),
    ("I'm back in The Hague now.", "hague"),
])
def test_the_home_said_in_everyday_words_fills_the_home_slot(text: str, place: str) -> None:
    assert {slot for slot in slots(text) if slot[0] == "lives_in"} == {("lives_in", place, False)}


@pytest.mark.parametrize("text", [
    "I'm back in Bristol for the weekend.",
    "I'm back in Bristol now for the wedding.",
    "I've been living in Bristol for the summer.",
    "Home is Glasgow now, for the summer.",
    "Home is Glasgow now, for the next few months.",
    "I'm back home in Lagos for Christmas.",
    "I'm back in Bristol now, visiting Mum.",
    "I'm back in Bristol.",
    "Ben is home now.",
    "Leeds is my home town.",
    "i'm back in the office now",
    "i'm back in business now",
    "i've been living in denial for years",
    "I've lived in Paris, Rome and Tokyo.",
    "Home is where the heart is.",
])
def test_a_stay_or_a_past_home_is_no_current_home(text: str) -> None:
    assert not {slot for slot in slots(text) if slot[0] == "lives_in"}


def test_a_relative_who_has_been_living_somewhere_lives_there_and_the_speaker_does_not() -> None:
    [fact] = extract(turn("My sister has been living in Bristol since March.", speaker="Mara"), [])
    assert (fact.subject, fact.statement) == ("Mara's sister", "Mara's sister lives in Bristol.")


def test_a_room_rented_on_a_street_is_the_home_not_the_rent() -> None:
    assert slots("I rent a room on Kapahulu Ave with two other guys.") == {("lives_in", "kapahulu ave", False)}


@pytest.mark.parametrize(("text", "place"), [
    ("handed my keys back to the landlord on Kapahulu this morning, got my deposit back. boxes at Tutu's now", "tutu's"),
    ("Last box in. The new apartment at Finch has a real window. Handed the Scarborough key back to the landlady.",
     "finch"),
    ("Made it to Aoife's. Room is lovely though. The old keys went back in the post to the landlord.", "aoife's"),
])
def test_a_turn_giving_the_old_homes_keys_back_makes_where_one_is_now_the_home(text: str, place: str) -> None:
    assert {slot for slot in slots(text) if slot[0] == "lives_in"} == {("lives_in", place, False)}


@pytest.mark.parametrize("text", [
    "boxes at Tutu's now, moving on Saturday.",
    "Made it to the airport, keys went back to the landlord. Two weeks of holiday!",
    "Gave Mum's keys back to her. Her boxes are at Jack's now.",
])
def test_where_ones_boxes_are_with_no_keys_given_back_or_on_a_trip_or_someone_elses_is_no_home(text: str) -> None:
    assert not {slot for slot in slots(text) if slot[0] == "lives_in"}


def test_a_first_night_somewhere_right_after_the_speakers_turn_about_moving_is_the_new_home() -> None:
    keys = turn("Handed the keys back to the landlord this afternoon. Kept EUR 200 of the deposit.", speaker="Fionnuala")
    night = turn("First night in the Oranmore house. No curtains yet.", speaker="Fionnuala")
    assert [fact.statement for fact in extract(night, [keys])] == ["Fionnuala lives in Oranmore."]
    trip = turn("Booked the camping trip, keys to the van from Dad.", speaker="Fionnuala")
    assert extract(night, [trip]) == []


def test_moving_in_with_someone_somewhere_is_a_home_there_and_moving_in_today_is_none_in_day() -> None:
    assert ("lives_in", "leeds", False) in slots("I moved in with my boyfriend in Leeds.")
    assert not {s for s in slots("I moved in with my boyfriend in March.") if s[0] == "lives_in"}
    assert not {s for s in slots("paloma moved in today!! brought a plant for every room lol") if s[0] == "lives_in"}


@pytest.mark.parametrize(("text", "expected"), [
    ("Moved in!! Aroha's house in Ponsonby is our home now, boxes everywhere.", {("lives_in", "ponsonby", False)}),
    ("MOVED. Jonas's flat in Kreuzberg is ours too now, third floor, no lift.", {("lives_in", "kreuzberg", False)}),
])
def test_a_home_named_by_whose_it_was_after_a_move_is_where_it_is_not_whose(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert {slot for slot in slots(text) if slot[0] == "lives_in"} == expected
