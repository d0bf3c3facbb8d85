"""How often a person does a thing (read with the attributes: ``attribute_facts``) and a habit's days."""
import pytest

from engram_mcp.extraction.attributes import attribute_facts
from engram_mcp.extraction.habits import (
    corrected_habit_days,
    habit_moved_to_a_time_of_day,
    how_often_said,
    rescheduled_habit,
)


def test_a_habit_said_of_someone_else_or_aimed_at_is_no_habit_of_the_speakers() -> None:
    assert how_often_said("She runs three times a week.", "Temi") == {}
    assert how_often_said("I want to run three times a week.", "Temi") == {}
    assert how_often_said("I run three times a week.", "Temi") == {
        "run how often": ("Temi runs three times a week", "run how often", "three times a week")}


def test_how_often_one_does_a_thing_is_one_setting_per_thing() -> None:
    [weekly] = attribute_facts("I run three times a week, usually 5k.", "Temi")
    [daily] = attribute_facts("These days I run every morning, training for a marathon.", "Temi")
    assert weekly.statement == "Temi runs three times a week." and daily.statement == "Temi runs every morning."
    assert weekly.predicate == daily.predicate == "run how often"


def test_the_days_one_works_are_one_setting_and_being_moved_to_others_replaces_them() -> None:
    [saturdays] = attribute_facts("i work saturdays at tesco on the tills", "Jayden", uncased=True)
    [sundays] = attribute_facts("got moved to sundays at tesco", "Jayden", uncased=True)
    assert (saturdays.predicate, saturdays.object, sundays.object) == ("work how often", "on saturdays", "on sundays")


def test_a_habit_said_after_a_comma_is_the_habit() -> None:
    [four] = attribute_facts("I'm training for a half marathon in October, running four times a week.", "Tove")
    [two] = attribute_facts("Hurt my ankle, only running twice a week for now.", "Tove")
    assert (four.predicate, four.object, two.object) == ("run how often", "four times a week", "twice a week")


def test_how_much_of_a_thing_one_has_a_day_is_one_amount_the_later_replaces() -> None:
    [six] = attribute_facts("I drink way too much coffee, like six cups a day.", "Rashid")
    [three] = attribute_facts("Cut down to three coffees a day.", "Rashid")
    assert six.statement == "Rashid has six cups of coffee a day." and six.predicate == three.predicate == "coffee how often"
    assert attribute_facts("She drinks five cups a day.", "Rashid") == []
    assert attribute_facts("I'm trying to drink at least eight glasses of water a day.", "Rashid") == []


def test_someones_habit_is_theirs_and_its_kind_said_alone_is_the_habit_named_before() -> None:
    [tuesdays] = rescheduled_habit("Mateo's football training is on Tuesdays.", "Lucía")
    [wednesdays] = rescheduled_habit("Mateo's training moved to Wednesdays.", "Lucía", ["Mateo's football training is on Tuesdays."])
    assert (tuesdays.subject, tuesdays.predicate) == ("Mateo", "football how often")
    assert (wednesdays.predicate, wednesdays.statement) == ("football how often", "Mateo's football training is on Wednesdays.")


def test_when_a_group_meets_is_a_habit_and_a_single_day_is_not() -> None:
    [meets] = rescheduled_habit("Our bowls club meets on Saturdays.", "Gideon")
    [moved] = rescheduled_habit("Bouldering is now Wednesdays, the gym changed its schedule.", "Dalia")
    assert (meets.predicate, meets.object, meets.statement) == ("bowls how often", "on Saturdays", "Gideon's bowls club meets on Saturdays.")
    assert (moved.predicate, moved.object) == ("bouldering how often", "on Wednesdays")
    assert rescheduled_habit("My birthday is on Sunday.", "Gideon") == []
    assert rescheduled_habit("It is now Mondays.", "Gideon") == []


@pytest.mark.parametrize(("said", "held"), [
    ("Correction. Ice swimming is Thursdays now, not Tuesdays.", ("Jarkko", "ice swimming how often", "on Thursdays")),
    ("Correction: Nabila's badminton is Saturday mornings at 9, not Friday.", ("Nabila", "badminton how often", "on Saturday mornings")),
    ("the Sharks play on Saturdays so my long runs have to move to Sundays from now on", ("Jarkko", "long runs how often", "on Sundays")),
    ("sorry one correction from yesterday - Banjo's swimming is THURSDAYS not Tuesdays.", ("Banjo", "swimming how often", "on THURSDAYS")),
])
def test_a_habits_days_put_right_or_moved_are_its_days_now(said: str, held: tuple[str, str, str]) -> None:
    assert [(f.subject, f.predicate, f.object) for f in corrected_habit_days(said, "Jarkko")] == [held]


def test_one_day_put_right_is_no_habit_and_a_habit_the_rule_for_moves_reads_is_read_once() -> None:
    assert corrected_habit_days("Ice swimming is Thursday, not Tuesday.", "Jarkko") == []
    assert corrected_habit_days("Volleyball is Tuesdays, not Mondays.", "Jarkko") == []
    assert len(rescheduled_habit("Volleyball is Tuesdays, not Mondays.", "Jarkko")) == 1


@pytest.mark.parametrize(("said", "habit", "often"), [
    ("switching to evening runs, 6:30pm, and parkrun on saturdays", "I run every morning at 5:30", "in the evenings, at 6:30pm"),
    ("I've switched to lunchtime walks.", "I walk every evening", "at lunchtime"),
    ("We're moving to morning swims at 7am", "I swim every evening", "in the mornings, at 7am"),
])
def test_a_habit_moved_to_another_time_of_day_takes_the_slot_of_how_often_it_was_done(said: str, habit: str,
                                                                                     often: str) -> None:
    [moved] = habit_moved_to_a_time_of_day(said, "Thandiwe")
    [(_, slot, _)] = how_often_said(habit, "Thandiwe").values()
    assert (moved.predicate, moved.object) == (slot, often)


@pytest.mark.parametrize("said", ["switching to night shifts", "moving to evening classes", "I went to evening mass"])
def test_a_time_of_day_for_what_is_no_habit_done_or_no_switch_is_not_a_habit_moved(said: str) -> None:
    assert habit_moved_to_a_time_of_day(said, "Thandiwe") == []


def test_a_word_joining_a_sentence_to_the_one_before_is_no_part_of_the_habit_moved() -> None:
    [choir] = rescheduled_habit("So choir is Tuesdays now.", "Chidera")
    [swim] = rescheduled_habit("also Banjo's swimming lessons have moved to Tuesdays after school", "Kirra")
    assert (choir.predicate, choir.object) == ("choir how often", "on Tuesdays")
    assert (swim.subject, swim.predicate, swim.object) == ("Banjo", "swimming how often", "on Tuesdays")


def test_a_day_said_with_its_date_is_one_day_and_no_habits_days() -> None:
    assert rescheduled_habit("filming moved to monday 19th, 2pm.", "Haruto") == []
    assert rescheduled_habit("so the practical is now tuesday the 25th not wed the 19th.", "Dumisani") == []
    [sauna] = rescheduled_habit("Sauna group moved to Wednesdays 19:00.", "Ilkka")
    assert sauna.object == "on Wednesdays"
