from __future__ import annotations

import pytest

from engram_mcp.retrieval.abstain import lexical_coverage
from engram_mcp.retrieval.instances import MET_BY
from engram_mcp.retrieval.question_words import ANIMALS, RELATIONS, stem, thing_asked_for, topic_words


@pytest.mark.parametrize("words", [("lives", "lived", "living", "live"), ("studies", "study"), ("classes", "class"),
                                   ("care", "cares", "cared", "caring")])
def test_the_forms_of_one_word_share_a_stem(words: tuple[str, ...]) -> None:
    assert len({stem(word) for word in words}) == 1


def test_a_weekday_cut_short_is_the_day_but_a_word_of_its_own_is_not() -> None:
    assert stem("fri") == stem("friday") and stem("tues") == stem("tuesday") and stem("thurs") == stem("thursday")
    assert stem("sat") != stem("saturday") and stem("sun") != stem("sunday") and stem("weds") == stem("wed")


def test_a_booking_and_a_meeting_keep_their_own_stems() -> None:
    assert stem("booked") != stem("book")
    assert stem("meeting") != stem("meet")


def test_care_is_no_car_and_is_met_by_a_carer() -> None:
    assert stem("care") != stem("car")
    assert stem("scared") != stem("scar")
    assert stem("carer") in MET_BY[stem("care")]


def test_every_medicines_dose_is_asked_about_in_the_words_of_medication() -> None:
    assert topic_words("amlodipine_dose") == topic_words("medication")
    assert stem("meds") in (topic_words("ramipril_dose") or ())


def test_a_slot_no_question_word_names_has_no_topic() -> None:
    assert topic_words("favourite_number_of_ducks") is None


def test_a_kind_is_met_by_its_instances_and_a_relation_by_its_other_names() -> None:
    assert stem("guitar") in MET_BY[stem("instrument")]
    assert stem("mama") in RELATIONS[stem("mother")]
    assert stem("instrument") not in MET_BY.get(stem("guitar"), frozenset())


def test_who_supplies_asks_for_the_supplier_and_exercise_is_met_by_aqua_aerobics() -> None:
    assert stem("supplies") in (topic_words("supplier") or ())
    assert {stem("aerobics"), stem("walking")} <= MET_BY[stem("exercise")]


def test_the_thing_a_which_or_what_question_asks_for_is_the_word_after_it() -> None:
    assert thing_asked_for("Which hospital is my mother's operation at?", ("hospital", "mother", "operat")) == "hospital"
    assert thing_asked_for("What car does Ray drive?", ("car", "drive")) == "car"
    assert thing_asked_for("What is my mum's address?", ("mum", "address")) == ""
    assert thing_asked_for("When is the operation?", ("operat",)) == ""


def test_a_spouse_or_child_is_met_by_its_word_in_the_languages_chat_mixes_in() -> None:
    assert stem("vrouw") in RELATIONS[stem("wife")] and stem("vrou") in RELATIONS[stem("wife")]
    assert stem("echtgenoot") in RELATIONS[stem("husband")]
    assert stem("seun") in RELATIONS[stem("son")] and stem("hija") in RELATIONS[stem("daughter")]
    assert stem("vrouw") not in RELATIONS[stem("husband")]


def test_a_wife_is_met_by_the_missus_and_family_by_their_words_in_greek_and_romanian_chat() -> None:
    assert stem("missus") in RELATIONS[stem("wife")] and stem("missus") not in RELATIONS[stem("husband")]
    assert stem("gynaika") in RELATIONS[stem("wife")] and stem("soția") in RELATIONS[stem("wife")]
    assert stem("gios") in RELATIONS[stem("son")] and stem("fiica") in RELATIONS[stem("daughter")]
    assert stem("pikin") in RELATIONS[stem("child")] and stem("giagia") in RELATIONS[stem("grandmother")]


def test_a_girlfriend_is_met_by_brazilian_chats_word_for_her() -> None:
    assert stem("mina") in RELATIONS[stem("girlfriend")] and stem("mina") not in RELATIONS[stem("wife")]


@pytest.mark.parametrize(("past", "verb"), [("paid", "pay"), ("bought", "buying"), ("sold", "sells"), ("flew", "flying"),
                                            ("taught", "teach"), ("written", "writes")])
def test_a_past_said_apart_from_its_verb_shares_its_stem(past: str, verb: str) -> None:
    assert stem(past) == stem(verb)


def test_a_past_that_is_a_word_of_its_own_keeps_its_stem() -> None:
    assert stem("left") != stem("leave") and stem("fell") != stem("fall") and stem("made") != stem("make")


def test_how_often_by_a_span_of_time_is_that_span() -> None:
    assert stem("monthly") == stem("month") and stem("weekly") == stem("weeks") and stem("nightly") == stem("night")


def test_a_spouse_parent_or_one_to_be_married_is_met_by_its_word_in_vietnamese_and_swahili() -> None:
    assert stem("chồng") in RELATIONS[stem("husband")] and stem("husband") not in RELATIONS[stem("mum")]
    assert stem("vợ") in RELATIONS[stem("wife")] and stem("mke") not in RELATIONS[stem("husband")]
    assert stem("mchumba") in RELATIONS[stem("fiance")] and stem("mẹ") in RELATIONS[stem("mother")]


def test_a_carer_called_by_the_word_cut_short_is_met_by_either_word() -> None:
    assert stem("physio") in RELATIONS[stem("physiotherapist")] and stem("physiotherapist") in RELATIONS[stem("physio")]
    assert stem("ortho") in RELATIONS[stem("orthodontist")]


def test_a_word_is_met_by_it_cut_short_as_people_text_it() -> None:
    assert lexical_coverage(("band", "ticket"), ["bought ocean alley tix for the riverstage"]) == 0.5
    assert lexical_coverage(("bus", "campus"), ["the 412 to uni is always packed"]) == 0.5
    assert lexical_coverage(("personal", "best", "tally"), ["437 today. new pb"]) == 1 / 3


def test_a_conference_is_met_by_a_summit_or_a_congress() -> None:
    assert {stem("summit"), stem("congress")} <= MET_BY[stem("conference")]


def test_an_hourly_rate_is_no_opening_hour() -> None:
    assert stem("hourly") != stem("hours")


def test_a_dentist_is_met_by_its_word_in_the_languages_chat_mixes_in() -> None:
    assert {stem("dentista"), stem("zahnarzt")} <= RELATIONS[stem("dentist")]


def test_a_hound_of_a_kind_is_a_dog() -> None:
    assert any({stem("coonhound"), stem("dog")} <= kind for kind in ANIMALS)


def test_a_parent_or_child_is_met_by_its_word_in_tagalog() -> None:
    assert stem("nanay") in RELATIONS[stem("mother")] and stem("tatay") in RELATIONS[stem("father")]
    assert stem("anak") in RELATIONS[stem("daughter")] and stem("anak") in RELATIONS[stem("son")]
    assert stem("tatay") not in RELATIONS[stem("mother")]


def test_money_sent_home_is_met_by_a_remittance() -> None:
    assert {stem("remittance"), stem("padala")} <= MET_BY[stem("send")]
