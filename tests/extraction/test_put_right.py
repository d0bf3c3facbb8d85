from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.model.corrections import CORRECTS, PUTS_RIGHT
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def test_a_starred_word_mends_the_word_spelt_nearly_alike_in_the_message_before() -> None:
    before = turn("we have a new graduate engineer starting wed, Tinsahe", speaker="Tendai")
    facts = extract(turn("*Tinashe. typing with one thumb in traffic", speaker="Tendai"), [before])
    assert [(f.predicate, f.statement) for f in facts] == [
        (CORRECTS, "Tendai corrected Tinsahe to Tinashe."),
        (PUTS_RIGHT, "Tendai put it right: we have a new graduate engineer starting wed, Tinashe."),
    ]
    assert facts[1].also_from == (before.id,)


@pytest.mark.parametrize("said", ["*sorry", "*Thursday"])
def test_a_starred_word_like_no_word_before_mends_nothing(said: str) -> None:
    before = turn("we have a new graduate engineer starting wed, Tinsahe", speaker="Tendai")
    assert not [f for f in extract(turn(said, speaker="Tendai"), [before]) if f.predicate in (CORRECTS, PUTS_RIGHT)]


def test_a_star_after_the_word_mends_it_too() -> None:
    before = turn("the new trainee teacher (Referendar) in chemistry is Fabain Becker", speaker="Bettina")
    facts = extract(turn("Fabian*** sorry", speaker="Bettina"), [before])
    assert [f.statement for f in facts if f.predicate == PUTS_RIGHT] == [
        "Bettina put it right: the new trainee teacher (Referendar) in chemistry is Fabian Becker."]


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("The meeting is at 6pm. no wait, 7pm.", "Ada put it right: The meeting is at 7pm."),
        ("moved it from thurs 3pm to mon 16th 8.40am. no hang on, 8.20. i misheard her",
         "Ada put it right: moved it from thurs 3pm to mon 16th 8.20."),
        ("next semester is ₹1,85,000, due 30 sep. wait no — ₹1,65,000.", "Ada put it right: next semester is ₹1,65,000, due 30 sep."),
    ],
)
def test_a_value_put_right_after_a_word_that_says_so_is_said_again_in_its_sentence(said: str, restated: str) -> None:
    assert restated in [f.statement for f in extract(turn(said, speaker="Ada"), []) if f.predicate == PUTS_RIGHT]


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("days off at the cafe are monday and tuesday, so i can make tuesday training. wait no, sunday and monday",
         "Ada put it right: days off at the cafe are sunday and monday."),
        ("I'm off Tuesday. wait no, Wednesday and Thursday", "Ada put it right: Ada is off Wednesday and Thursday."),
    ],
)
def test_values_put_right_as_a_list_replace_the_list_or_the_value_said_before_whole(said: str, restated: str) -> None:
    assert restated in [f.statement for f in extract(turn(said, speaker="Ada"), []) if f.predicate == PUTS_RIGHT]


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("The date is Saturday 12 December. Sorry — no. It's Saturday 19 December.", "Ada put it right: The date is Saturday 19 December."),
        ("Party is on the 3rd of May. Wait. No. 10th of May.", "Ada put it right: Party is on the 10th of May."),
    ],
)
def test_a_date_put_right_after_cues_said_as_sentences_of_their_own_is_said_again(said: str, restated: str) -> None:
    assert restated in [f.statement for f in extract(turn(said, speaker="Ada"), []) if f.predicate == PUTS_RIGHT]


def test_a_value_put_right_in_the_next_message_restates_the_one_before_and_is_drawn_from_it() -> None:
    before = turn("sylt trip: 27 students going, hostel deposit is €145 per kid, due by 30 june", speaker="Ada")
    facts = extract(turn("ugh. make that €160 per kid, the hostel just emailed", speaker="Ada"), [before])
    [restated] = [f for f in facts if f.predicate == PUTS_RIGHT]
    assert restated.statement == "Ada put it right: sylt trip: 27 students going, hostel deposit is €160 per kid, due by 30 june."
    assert restated.also_from == (before.id,)


@pytest.mark.parametrize("said", ["Actually, I love it.", "sorry, 3 of us are coming", "no wait, 2pm."])
def test_a_word_that_corrects_with_no_value_of_the_same_kind_before_puts_nothing_right(said: str) -> None:
    before = turn("We went to the lake.", speaker="Ada")
    assert not [f for f in extract(turn(said, speaker="Ada"), [before]) if f.predicate in (CORRECTS, PUTS_RIGHT)]


@pytest.mark.parametrize(
    ("before", "said", "restated"),
    [
        ("the wedding at Hacienda Santa Lucía, 120 centerpieces with white peonies", "ok no, 112 centerpieces. they cut the guest list",
         "Ada put it right: the wedding at Hacienda Santa Lucía, 112 centerpieces with white peonies."),
        ("Yolanda says the hacienda wants the flowers delivered saturday at 11am", "no wait, she re-read the email, 9:30am.",
         "Ada put it right: Yolanda says the hacienda wants the flowers delivered saturday at 9:30am."),
    ],
)
def test_a_value_put_right_after_a_clause_or_an_ok_no_is_said_again_too(before: str, said: str, restated: str) -> None:
    facts = extract(turn(said, speaker="Ada"), [turn(before, speaker="Ada")])
    assert restated in [f.statement for f in facts if f.predicate == PUTS_RIGHT]


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("welsh class tuesday, i mean wednesday, 7pm, canton library.", "Ada put it right: welsh class wednesday, 7pm, canton library."),
        ("client meeting for the kitchen is tuesday, no wait, thursday at 10.",
         "Ada put it right: client meeting for the kitchen is thursday at 10."),
        ("the bill is due on the 28th no wait 26th, remind me.", "Ada put it right: the bill is due on the 26th, remind Ada."),
        ("Ren's check is Friday no wait Thursday, Thursday the 26th at 11.",
         "Ada put it right: Ren's check is Thursday, Thursday the 26th at 11."),
    ],
)
def test_a_value_put_right_inside_its_own_sentence_is_said_again_with_what_follows_it(said: str, restated: str) -> None:
    facts = extract(turn(said, speaker="Ada"), [])
    assert [f.statement for f in facts if f.predicate == PUTS_RIGHT] == [restated]
    assert len([f for f in facts if f.predicate == CORRECTS]) == 1


def test_what_a_sentence_puts_right_in_itself_is_all_the_rest_of_it_reads() -> None:
    facts = extract(turn("said yes to owen. i start at penarth joinery on monday, no, friday.", speaker="Gwilym"), [])
    assert not [f for f in facts if "monday" in f.statement and f.predicate != CORRECTS]
    assert "Gwilym put it right: Gwilym start at penarth joinery on friday." in [f.statement for f in facts]


def test_a_cue_inside_a_sentence_puts_right_only_a_value_of_its_kind_said_just_before_it() -> None:
    def put_right(said: str) -> list[str]:
        return [f.statement for f in extract(turn(said, speaker="Ada"), []) if f.predicate in (PUTS_RIGHT, CORRECTS)]

    assert put_right("Dinner on Friday, no wait, Saturday.") == ["Ada corrected Friday to Saturday.", "Ada put it right: Dinner on Saturday."]
    assert not put_right("I paid 40 for the class, i mean the yoga one.")
    assert not put_right("I moved here in 2019, I mean who wouldn't, it's lovely.")
    assert not put_right("Dinner on Friday with Ana at 8, no wait, I need to check with her.")
    assert not put_right("Dinner on Friday with Ana and her parents at the place on the corner, no wait, Saturday.")


@pytest.mark.parametrize(
    "said",
    [
        "Sorry, the dentist is on 22 April not 20.",
        "the dentist is on the 22nd, not the 20th",
        "oops, 22 April not 20",
        "not the 20th, the 22nd",
        "It's on the 22nd not the 20th",
    ],
)
def test_a_value_said_beside_the_one_it_is_not_mends_the_message_before_and_is_drawn_from_it(said: str) -> None:
    before = turn("Dentist appointment on 20 April at 3pm.", speaker="Ada")
    facts = extract(turn(said, speaker="Ada"), [before])
    assert ("Ada put it right: Dentist appointment on 22 April at 3pm.", (before.id,)) in [
        (f.statement, f.also_from) for f in facts if f.predicate == PUTS_RIGHT]
    assert "Ada corrected 20 April to 22 April." in [f.statement for f in facts if f.predicate == CORRECTS]


@pytest.mark.parametrize("said", ["*Caron, not Karen", "Caron*, not Karen", "sorry, Caron not Karen", "her name is Caron not Karen",
                                  "Caron, not Karen, sorry"])
def test_a_name_said_beside_the_one_it_is_not_corrects_that_name_in_the_message_before(said: str) -> None:
    before = turn("My boss is Karen and Sharon is her deputy.", speaker="Ada")
    facts = extract(turn(said, speaker="Ada"), [before])
    assert [(f.predicate, f.object) for f in facts if f.predicate == CORRECTS] == [(CORRECTS, "Karen → Caron")]
    assert [f.also_from for f in facts if f.predicate == PUTS_RIGHT] == [(before.id,)]


def test_a_weekday_put_right_keeps_no_day_of_the_month_that_went_with_the_old_one() -> None:
    before = turn("braai at my place on sunday the 15th, like 10 ppl.", speaker="Ada")
    facts = extract(turn("wait no the braai is saturday not sunday.", speaker="Ada"), [before])
    assert "Ada put it right: braai at Ada's place on saturday, like 10 ppl." in [f.statement for f in facts]


@pytest.mark.parametrize(
    ("before", "said"),
    [
        ("My brother supports Spurs.", "I support Arsenal, not Spurs."),
        ("Dentist appointment on 20 April at 3pm.", "I ran 22 km not 20 km, I think."),
        ("Lunch with Karen and Caron on Friday.", "sorry, Caron not Karen"),
    ],
)
def test_a_value_beside_one_it_is_not_mends_nothing_said_of_something_else_or_already_said(before: str, said: str) -> None:
    facts = extract(turn(said, speaker="Ada"), [turn(before, speaker="Ada")])
    assert not [f for f in facts if f.also_from]


@pytest.mark.parametrize("said", ["*Caron", "Caron* sorry"])
def test_a_starred_name_mends_a_name_spelt_less_alike_than_a_word(said: str) -> None:
    facts = extract(turn(said, speaker="Ada"), [turn("My boss is Karen.", speaker="Ada")])
    assert [f.object for f in facts if f.predicate == CORRECTS] == ["Karen → Caron"]


def test_a_day_put_right_with_its_time_takes_the_time_too() -> None:
    before = turn("Lunch with Oskar on Monday at 1.", speaker="Ada")
    facts = extract(turn("scratch that, Thursday at 2", speaker="Ada"), [before])
    assert [f.statement for f in facts if f.predicate == PUTS_RIGHT] == ["Ada put it right: Lunch with Oskar on Thursday at 2."]


def test_a_time_put_right_of_the_thing_the_message_before_names_is_said_again_in_its_sentence() -> None:
    before = turn("The ferry to Oslo leaves on 3 March at 6am.", speaker="Ada")
    facts = extract(turn("Actually the ferry is at 8:15am, same day.", speaker="Ada"), [before])
    assert [f.statement for f in facts if f.predicate == PUTS_RIGHT] == [
        "Ada put it right: The ferry to Oslo leaves on 3 March at 8:15am."]
