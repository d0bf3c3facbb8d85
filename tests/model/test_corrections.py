from __future__ import annotations

from engram_mcp.model.corrections import (
    ONES_WORK,
    corrected,
    correction_object,
    ends,
    habit_restated,
    parse_correction,
    parse_shift,
    shift_object,
)


def test_a_corrected_value_replaces_the_old_one_without_repeating_the_words_around_it() -> None:
    text = "Lena is training for the Berlin half marathon in April."
    assert corrected(text, "Berlin", "the Copenhagen half marathon") == (
        "Lena is training for the Copenhagen half marathon in April."
    )


def test_a_text_that_does_not_name_the_old_value_is_not_corrected() -> None:
    assert corrected("Sam lives in Leeds.", "York", "Bristol") is None
    assert corrected("Sam lives in Yorkshire.", "York", "Bristol") is None


def test_a_correction_object_reads_back_as_old_and_new() -> None:
    assert parse_correction(correction_object("Tuesday", "Thursday")) == ("Tuesday", "Thursday")
    assert parse_correction("Tuesday") is None


def test_a_name_ended_ends_the_employer_school_or_home_it_names_and_a_plain_word_ends_only_habits() -> None:
    assert ends("Spotify", "works_at", "Spotify")
    assert ends("Leeds", "lives_in", "Leeds")
    assert ends("coffee", "drink", "coffee")
    assert not ends("coffee", "works_at", "Coffee Collective")
    assert not ends("Spotify", "job", "product designer")


def test_a_habit_is_restated_with_what_replaced_it_and_a_habits_frequency_names_the_habit() -> None:
    assert habit_restated("June", "play_golf_how_often", "lawn bowls") == ("June plays lawn bowls.", "plays")
    assert habit_restated("Eli", "drink", "green tea") == ("Eli drinks green tea.", "drinks")
    assert habit_restated("Eli", "works_at", "Monzo") is None
    assert ends("golf", "play_golf_how_often", "every Tuesday")


def test_a_habit_said_with_is_and_its_ing_form_is_ended_by_what_it_names() -> None:
    assert ends("Duolingo", "is", "learning Spanish on Duolingo, 300-day streak")
    assert not ends("Duolingo", "is", "happy with Duolingo")


def test_a_name_that_ended_ends_the_partner_or_pet_of_that_name_and_nothing_else() -> None:
    assert ends("Joaquim", "partner", "joaquim") and ends("Max", "pet", "max")
    assert not ends("Joaquim", "partner", "lukas") and not ends("Joaquim", "lives_in", "porto")


def test_a_thing_ended_ends_what_it_costs_and_the_one_held_under_its_name() -> None:
    assert ends("gym", "gym_membership_price", "£35") and ends("gym membership", "gym", "PureGym")
    assert ends("Netflix", "netflix_subscription_price", "£10.99")
    assert not ends("flat", "flat_white_price", "£3.40") and not ends("gym", "lives_in", "Gymea")


def test_ones_work_ended_ends_the_employer_the_job_and_the_team_and_no_habit() -> None:
    assert ends(ONES_WORK, "works_at", "siemens") and ends(ONES_WORK, "job", "engineer") and ends(ONES_WORK, "team", "platform")
    assert not ends(ONES_WORK, "play", "tennis") and not ends(ONES_WORK, "lives_in", "leeds")


def test_a_shift_object_reads_back_as_the_event_and_its_days() -> None:
    assert parse_shift(shift_object("dentist appointment", -3)) == ("dentist appointment", -3)
    assert parse_shift("appointment") is None
