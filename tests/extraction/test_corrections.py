from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.corrections import correction_fact
from engram_mcp.extraction.endings import ending_fact
from engram_mcp.model.corrections import CORRECTS, ENDS, PUTS_RIGHT, RESCHEDULES, SWITCHES, parse_correction
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def test_its_a_not_b_is_a_correction_of_b_to_a() -> None:
    [fact] = extract(turn("Correction on the race: it's the Copenhagen half marathon, not Berlin.", speaker="Lena"), [])
    assert fact.predicate == CORRECTS
    assert parse_correction(fact.object) == ("Berlin", "the Copenhagen half marathon")
    assert fact.statement == "Lena corrected Berlin to Copenhagen half marathon."


def test_not_b_but_a_is_a_correction_only_when_the_sentence_says_it_corrects() -> None:
    fact = correction_fact("Sorry, the dinner is not on Tuesday but on Thursday.", "Ana")
    assert fact is not None and parse_correction(fact.object) == ("on Tuesday", "on Thursday")
    assert correction_fact("I'm not tired but hungry.", "Ana") is None


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("Actually, Julien's bistro is in Vieux Lyon, not Croix-Rousse, I always mix that up.", "Croix-Rousse", "Vieux Lyon"),
        ("Correction: the bowls club meets on Sundays now, not Saturdays.", "Saturdays", "Sundays"),
    ],
)
def test_a_value_then_not_the_old_one_is_a_correction_when_the_sentence_says_it_corrects(text: str, old: str, new: str) -> None:
    fact = correction_fact(text, "Farah")
    assert fact is not None and parse_correction(fact.object) == (old, new)
    assert correction_fact(text.replace("Actually, ", "").replace("Correction: ", ""), "Farah") is None


@pytest.mark.parametrize(
    "text",
    [
        "Actually, I need 120 stars to reach the gold level, not 300.",
        "Actually, it was my longest trip yet, in terms of time, not distance.",
        "It's fine, not a problem at all, the whole thing took far longer than planned.",
        "Not bad.",
        "Remember, it's all about progress, not perfection.",
        "It's a bummer that I didn't do well but I'm learning.",
    ],
)
def test_sentences_without_a_corrected_value_are_no_correction(text: str) -> None:
    assert correction_fact(text, "Ana") is None


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I've quit coffee completely.", "coffee"),
        ("I stopped playing tennis last year.", "tennis"),
        ("I left The Lumens, too much drama.", "Lumens"),
        ("I don't play chess anymore.", "chess"),
        ("I left the book club.", "book club"),
        ("Sold my bass last week.", "bass"),
        ("We gave away our piano.", "piano"),
        ("Joaquim passed away in March.", "Joaquim"),
        ("My Netflix subscription has been cancelled.", "Netflix"),
    ],
)
def test_an_ended_habit_or_membership_names_what_it_ends(text: str, thing: str) -> None:
    [fact] = extract(turn(text, speaker="Eli"), [])
    assert (fact.predicate, fact.object) == (ENDS, thing)


@pytest.mark.parametrize(
    "text",
    ["I just left for our European vacation!", "I left the office early on Friday.", "I don't like it much.",
     "I don't like jazz music anymore.", "I sold 15 jars of jam at the market."],
)
def test_leaving_a_place_or_a_dislike_ends_nothing(text: str) -> None:
    assert not [f for f in extract(turn(text, speaker="Eli"), []) if f.predicate == ENDS]


def test_a_moved_appointment_names_the_event_and_its_new_time() -> None:
    [fact] = extract(turn("The dentist moved my appointment to Thursday at 11.", speaker="Ines"), [])
    assert (fact.predicate, fact.object) == (RESCHEDULES, "appointment")
    assert fact.statement == "Ines's appointment was moved to Thursday at 11."
    [theirs] = [f for f in extract(turn("Yasaman called. they moved the wedding to 12 september, same hotel.", speaker="Ines"), [])
                if f.predicate == RESCHEDULES]
    assert theirs.statement == "The wedding was moved to 12 september."


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I start on 1 November, so Spotify is done.", "Spotify"),
        ("Well, Siemens is history now.", "Siemens"),
        ("The Lumens is over for me.", "Lumens"),
        ("I'm done with Duolingo for good.", "Duolingo"),
        ("I'm finished with coffee.", "coffee"),
    ],
)
def test_a_name_said_to_be_over_is_ended(text: str, thing: str) -> None:
    ended = [f for f in extract(turn(text, speaker="Lena"), []) if f.predicate == ENDS]
    assert [f.object for f in ended] == [thing]


@pytest.mark.parametrize(
    "text",
    ["Laundry is done.", "The report is done.", "I'm done with you.", "So Monday is over.", "Spotify is done.",
     "I'm so done with this week."],
)
def test_a_task_finished_or_a_capital_that_only_opens_the_sentence_ends_nothing(text: str) -> None:
    assert not [f for f in extract(turn(text, speaker="Lena"), []) if f.predicate == ENDS]


@pytest.mark.parametrize(
    ("text", "new"),
    [("I've quit coffee completely. Only green tea now.", "green tea"), ("I gave up Netflix. Books instead!", "Books"),
     ("I've given up golf. I've taken up lawn bowls instead.", "lawn bowls"),
     ("Sold my bass, I'm focusing on cello now.", "cello")],
)
def test_what_an_ending_leaves_in_its_place_is_kept_as_a_switch(text: str, new: str) -> None:
    [ended, switched] = extract(turn(text, speaker="Eli"), [])
    assert ended.predicate == ENDS
    assert (switched.predicate, switched.object) == ("switched to", new)
    # The old value is the ending's to name; the switch says only what is so now.
    assert new in switched.statement and ended.object not in switched.statement


@pytest.mark.parametrize("text", ["I quit smoking. Only once in a while.", "I quit coffee. Just kidding.",
                                  "I love coffee. Only green tea now."])
def test_a_fragment_that_names_no_replacement_or_follows_no_ending_is_no_switch(text: str) -> None:
    assert not [f for f in extract(turn(text, speaker="Eli"), []) if f.predicate == "switched to"]


def test_a_change_said_as_one_names_the_old_and_the_new_value() -> None:
    [fact] = extract(turn("I switched from architecture to engineering, architecture wasn't for me.", speaker="Sofia"), [])
    assert (fact.predicate, parse_correction(fact.object)) == (SWITCHES, ("architecture", "engineering"))
    assert not [f for f in extract(turn("I moved from Leeds to York.", speaker="Sofia"), []) if f.predicate == SWITCHES]


@pytest.mark.parametrize(
    ("text", "thing"),
    [("I'm not at Forno Brisa anymore, I tutor maths to high schoolers now.", "Forno Brisa"),
     ("No more night shifts for me.", "night shifts"), ("I'm not in London anymore.", "London")],
)
def test_being_somewhere_no_longer_or_no_more_of_a_thing_ends_it(text: str, thing: str) -> None:
    assert [f.object for f in extract(turn(text, speaker="Sofia"), []) if f.predicate == ENDS] == [thing]


def test_someone_else_switching_the_speaker_is_a_switch_too() -> None:
    [fact] = extract(turn("The doctor switched me from sertraline to citalopram, 20mg.", speaker="Tom"), [])
    assert (fact.predicate, parse_correction(fact.object)) == (SWITCHES, ("sertraline", "citalopram"))


def test_an_ending_said_without_its_subject_is_the_speakers() -> None:
    [left, home] = extract(turn("Left Founders House, I work from home now to save money.", speaker="Lars"), [])
    assert (left.predicate, left.object, left.statement) == (ENDS, "Founders House", "Lars left Founders House.")
    assert "from home" in home.statement


def test_a_name_dropped_ends_it_and_a_dropped_errand_ends_nothing() -> None:
    facts = extract(turn("Dropped Duolingo, I'm taking evening classes at the Instituto Cervantes instead.", speaker="Ahmed"), [])
    assert [(f.predicate, f.object) for f in facts if f.predicate == ENDS] == [(ENDS, "Duolingo")]
    assert any("Cervantes" in f.statement for f in facts)
    assert not [f for f in extract(turn("I dropped the kids at school.", speaker="Ahmed"), []) if f.predicate == ENDS]


def test_a_switch_said_before_the_ending_of_the_old_thing_takes_its_place() -> None:
    ended, instead = extract(turn("Switched to memoQ, Trados licence cancelled.", speaker="Farah"), [])
    assert (ended.predicate, ended.object, ended.statement) == (ENDS, "Trados", "Farah's Trados licence was cancelled.")
    assert (instead.predicate, instead.object) == ("switched to", "memoQ")


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("I told you lisinopril, but I just checked the pack - it's amlodipine 5 mg.",
         "Emeka corrected lisinopril to amlodipine 5 mg."),
        ("Wait, I got Luana's birthday wrong - I said 3 November but it's 3 December.", "Emeka corrected 3 November to 3 December."),
        ("Meera just put me right - the meeting isn't Thursday at all, it's Saturday at 10:30.",
         "Emeka corrected Thursday to Saturday at 10:30."),
        ("Small correction from the other day: the parent who complained was Mr. Bouchard, not Gagnon.",
         "Emeka corrected Gagnon to Mr. Bouchard."),
    ],
)
def test_a_value_said_wrongly_and_put_right_is_a_correction(said: str, statement: str) -> None:
    assert [f.statement for f in extract(turn(said, speaker="Emeka"), []) if f.predicate == CORRECTS] == [statement]


@pytest.mark.parametrize("said", ["I said I'd come, but it's raining.", "It isn't cheap, it's expensive."])
def test_a_plan_given_up_or_a_description_is_no_correction(said: str) -> None:
    assert not [f for f in extract(turn(said, speaker="Emeka"), []) if f.predicate == CORRECTS]


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("Meera just put me right - the parent-teacher meeting isn't Thursday at all, it's Saturday at 10:30.",
         "Rahul put it right: the parent-teacher meeting is on Saturday at 10:30."),
        ("Small correction: the parent who complained was Mr. Bouchard, not Gagnon.",
         "Rahul put it right: the parent who complained was Mr. Bouchard."),
    ],
)
def test_a_correction_of_a_named_thing_is_restated_with_only_the_value_that_holds(said: str, restated: str) -> None:
    statements = [f.statement for f in extract(turn(said, speaker="Rahul"), [])]
    assert restated in statements and len(statements) == 2


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("correction from yesterday, locum is Sofie not Sophie!! she wrote it on the whiteboard", "Rahul put it right: locum is Sofie."),
        ("sorry, the venue is Hollis Hall not Grange Hall", "Rahul put it right: the venue is Hollis Hall."),
        ("sorry my bad, dinner is at 7 not 8", "Rahul put it right: dinner is at 7."),
        ("Correction: the rent is 950 not 900.", "Rahul put it right: the rent is 950."),
    ],
)
def test_a_correction_typed_without_its_comma_or_article_is_restated_too(said: str, restated: str) -> None:
    statements = [f.statement for f in extract(turn(said, speaker="Rahul"), [])]
    assert restated in statements


@pytest.mark.parametrize("said", ["Sorry, this is Sam not a bot.", "The locum is Sofie not Sophie.",
                                  "Sorry, I think it is lovely not awful."])
def test_a_value_not_another_without_the_comma_needs_a_word_that_corrects_and_two_named_values(said: str) -> None:
    assert not [f for f in extract(turn(said, speaker="Rahul"), []) if f.predicate == CORRECTS]


def test_a_correction_that_names_no_thing_is_not_restated() -> None:
    assert [f.predicate for f in extract(turn("It's the Copenhagen half marathon, not Berlin.", speaker="Rahul"), [])] == [
        CORRECTS]


@pytest.mark.parametrize(
    ("text", "holds", "ruled_out"),
    [
        ("Change of plan: my sister Inês will be my maid of honour, not Rita.", "Inês will be Mira's maid of honour", "Rita"),
        ("And my daughter's name is Anika, not Anita. Autocorrect!", "daughter's name is Anika", "Anita"),
        ("I drink oat milk now, not cow's milk.", "drinks oat milk", "cow"),
    ],
)
def test_a_statement_that_ends_by_ruling_a_value_out_is_kept_as_what_holds(text: str, holds: str, ruled_out: str) -> None:
    facts = RulesExtractor().extract(turn(text, speaker="Mira"), [])
    assert any(holds in fact.statement for fact in facts)
    assert not any(ruled_out in fact.statement for fact in facts)


def test_a_plain_statement_said_without_what_it_rules_out_is_the_turns_word_on_what_holds() -> None:
    [fact] = RulesExtractor().extract(turn("Change of plan: my sister Inês will be my maid of honour, not Rita.", speaker="Mira"), [])
    assert fact.predicate == PUTS_RIGHT


@pytest.mark.parametrize("text", ["The new job is fine, not bad.", "It's all about progress, not perfection."])
def test_a_contrast_that_names_no_value_is_not_read_as_one_ruled_out(text: str) -> None:
    assert all(fact.predicate != PUTS_RIGHT for fact in RulesExtractor().extract(turn(text, speaker="Mira"), []))


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [("I swapped the violin for the cello.", "violin", "cello"), ("I gave up coffee for green tea.", "coffee", "green tea"),
     ("We've ditched Spotify for Tidal.", "Spotify", "Tidal"), ("I traded tennis for squash.", "tennis", "squash"), ("I switched from the violin to the cello.", "violin", "cello")],
)
def test_a_thing_given_up_or_swapped_for_another_is_a_switch_from_the_one_to_the_other(text: str, old: str, new: str) -> None:
    [switch] = RulesExtractor().extract(turn(text, speaker="Mara"), [])
    assert switch.predicate == SWITCHES and parse_correction(switch.object) == (old, new)


@pytest.mark.parametrize("text", ["I gave up sugar for Lent.", "I gave up meat for a month.", "I gave up my seat for her.",
                                  "I swapped shifts with Tom."])
def test_what_one_gives_something_up_for_is_no_switch(text: str) -> None:
    assert not [f for f in RulesExtractor().extract(turn(text, speaker="Mara"), []) if f.predicate == SWITCHES]


@pytest.mark.parametrize(("said", "thing"), [("Cancelled my gym membership", "gym membership"),
                                             ("I cancelled my phone contract", "phone contract")])
def test_a_membership_or_contract_cancelled_is_ended(said: str, thing: str) -> None:
    fact = ending_fact(said, "Ana")
    assert fact is not None and fact.object == thing


@pytest.mark.parametrize("said", ["The clinic rang, appointment moved to 4 July.", "My appointment got pushed back to 4 July."])
def test_an_event_said_to_have_been_moved_by_whoever_is_rescheduled(said: str) -> None:
    facts = RulesExtractor().extract(turn(said, speaker="Ada"), [])
    assert [(f.object, f.statement) for f in facts if f.predicate == RESCHEDULES] == [
        ("appointment", "Ada's appointment was moved to 4 July.")]


def test_someone_elses_event_said_moved_reschedules_nothing_of_the_speakers() -> None:
    assert not [f for f in RulesExtractor().extract(turn("his flight was moved to Monday", speaker="Ada"), []) if f.predicate == RESCHEDULES]


def test_an_appointment_moved_says_whom_it_is_with() -> None:
    [fact] = [f for f in extract(turn("My appointment with Dr Weiss has been rescheduled to 14 January at 09:30.", speaker="Noor"), [])
              if f.predicate == RESCHEDULES]
    assert fact.statement == "Noor's appointment with Dr Weiss was moved to 14 January at 09:30."
    assert fact.entities == ("Noor", "Dr Weiss")
