"""How a turn is cut into clauses the rules can read alone (sentences written for these tests)."""

from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.clauses import clauses, sentences
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def statements(text: str, speaker: str = "Okonkwo") -> list[str]:
    return [fact.statement for fact in extract(turn(text, speaker), [])]


def test_a_purpose_clause_stays_with_the_plan_and_is_not_a_fact_of_its_own() -> None:
    assert clauses("I want to open a bakery so I can share my grandmother's recipes") == ["I want to open a bakery"]


def test_since_i_was_young_dates_the_clause_and_is_no_event() -> None:
    assert clauses("I've been into climbing since I was a teenager") == ["I've been into climbing"]


def test_since_followed_by_an_event_is_an_event_of_its_own() -> None:
    assert statements("It made me see how much I've grown since I moved to Halifax four years ago.") == [
        "Okonkwo moved to Halifax."
    ]


def test_a_leading_subordinate_event_is_read_as_its_own_fact() -> None:
    assert "Okonkwo failed the driving theory test recently." in statements(
        "Especially after I failed the driving theory test recently, I've been a bit down."
    )


def test_a_sentence_ending_in_a_quoted_title_still_ends() -> None:
    assert sentences('We staged a piece called "Low Tide." It was intense.') == [
        'We staged a piece called "Low Tide."', "It was intense.",
    ]


def test_me_and_my_team_is_one_subject() -> None:
    assert clauses("The final was on Sunday, and me and my team won it") == [
        "The final was on Sunday, and me and my team won it"
    ]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Researching language schools in Kyoto at the moment.", "Okonkwo is researching language schools in Kyoto at the moment."),
        ("Just building a treehouse for the kids.", "Okonkwo is just building a treehouse for the kids."),
    ],
)
def test_a_clause_opening_with_an_ing_verb_is_what_the_speaker_is_doing(text: str, kept: str) -> None:
    assert statements(text) == [kept]


@pytest.mark.parametrize(
    "text",
    ["Exciting times ahead for the whole street!", "Baking bread with friends makes me so happy.",
     "Painting landscapes looks like a great way to relax."],
)
def test_an_ing_word_that_is_a_feeling_or_the_subject_is_not_read_as_the_speaker_doing_it(text: str) -> None:
    assert not any(statement.startswith("Okonkwo is ") for statement in statements(text))


def test_a_named_place_makes_a_short_clause_worth_keeping() -> None:
    assert statements("Never had the chance to go there. Been only to Lagos once.") == ["Okonkwo has been only to Lagos once."]


def test_being_lucky_to_have_people_is_having_them() -> None:
    assert statements("I'm so lucky to have my wife and twin boys; they keep me going.") == [
        "Okonkwo has Okonkwo's wife and twin boys."
    ]


def test_a_titles_full_stop_ends_no_sentence() -> None:
    assert sentences("My dentist is Dr. Achebe in Ikeja. I see her twice a year.") == [
        "My dentist is Dr. Achebe in Ikeja.", "I see her twice a year.",
    ]


def test_an_abbreviation_closing_a_name_ends_no_sentence_that_goes_on_in_lower_case() -> None:
    assert sentences("I signed with ACME Ltd. yesterday. Bob was pleased.") == [
        "I signed with ACME Ltd. yesterday.", "Bob was pleased.",
    ]


def test_an_example_or_a_gloss_led_by_an_abbreviation_stays_in_its_sentence() -> None:
    assert sentences("I'm allergic to penicillin, e.g. amoxicillin. My brother Sven works at Volvo.") == [
        "I'm allergic to penicillin, e.g. amoxicillin.", "My brother Sven works at Volvo.",
    ]
    assert sentences("Bring the usual, i.e. Crisps and dip. Then we go.") == ["Bring the usual, i.e. Crisps and dip.", "Then we go."]
    assert sentences("Pens, paper etc. are in the drawer. I bought pens etc. Then I left.") == [
        "Pens, paper etc. are in the drawer.", "I bought pens etc.", "Then I left.",
    ]


def test_a_short_label_before_a_statement_is_not_part_of_it() -> None:
    assert clauses("Big news: I got the job at Ocado") == ["I got the job at Ocado"]
    assert clauses("Note to self: my passport expires in May") == ["my passport expires in May"]


def test_a_pasted_lists_items_about_the_speaker_are_sentences_and_a_documents_bullets_are_not_read() -> None:
    assert sentences("Some things about me:\n- I live in Osaka\n* I work nights\n2) my cat is Sora") == [
        "Some things about me:", "I live in Osaka", "I work nights", "my cat is Sora"]
    assert not RulesExtractor().extract(turn("Key responsibilities\n- Leading large-scale change\n- Aligning teams",
                                             speaker="Sam"), [])


def test_a_list_under_a_heading_of_the_speakers_own_day_is_read_as_their_own_log() -> None:
    assert sentences("Done today:\n- picked up the Octavia\n- bigger boot") == ["Done today:", "picked up the Octavia", "bigger boot"]
    assert sentences("Sunday update:\n* moved into the flat in Leith") == ["Sunday update:", "moved into the flat in Leith"]
    said = [fact.statement for fact in RulesExtractor().extract(turn("Today:\n- picked up the Octavia", speaker="Tomasz"), [])]
    assert said == ["Tomasz now drives an Octavia."]


def test_a_list_someone_sent_or_the_speaker_pasted_is_not_their_log_whatever_its_heading() -> None:
    assert sentences("Update from the school, pasting:\n- moved to a new building") == [
        "Update from the school, pasting:", "- moved to a new building"]
    assert sentences("Today:\n- picked up the Octavia\nOctopus:\n- switched supplier") == [
        "Today:", "picked up the Octavia", "Octopus:", "- switched supplier"]


def test_what_one_did_then_a_statement_with_its_subject_are_two_clauses() -> None:
    assert clauses("I sold my bass, I'm focusing on cello now") == ["I sold my bass", "I'm focusing on cello now"]


def test_ones_person_named_before_and_i_is_said_alone_and_as_part_of_the_subject() -> None:
    assert clauses("My boyfriend Lukas and I are going to Portugal in May") == [
        "My boyfriend Lukas", "My boyfriend Lukas and I are going to Portugal in May"]


def test_a_request_after_a_comma_is_a_clause_of_its_own() -> None:
    assert clauses("Forget the Spanish thing, reply in English from now on.") == [
        "Forget the Spanish thing", "reply in English from now on."]


def test_two_statements_joined_by_a_comma_alone_are_two_clauses() -> None:
    assert clauses("the vegan thing didn't last, I'm eating fish again") == ["the vegan thing didn't last", "I'm eating fish again"]
    assert clauses("After dinner, I'm going to bed") == ["After dinner, I'm going to bed"]


def test_a_state_after_a_comma_has_its_dropped_i_am_back() -> None:
    assert clauses("I'm eating fish again, pescatarian now") == ["I'm eating fish again", "I'm pescatarian now"]
    assert clauses("I moved out, back home now") == ["I moved out, back home now"]


def test_one_and_i_are_is_one_plural_subject_not_a_clause_of_its_own() -> None:
    assert clauses("Since my husband and I are expecting a baby, I'm also worried") == [
        "Since my husband and I are expecting a baby", "I'm also worried"]


def test_a_request_ending_in_please_then_a_statement_are_two_clauses() -> None:
    assert clauses("Use British English please, my team is in London.") == ["Use British English please", "my team is in London."]


def test_what_one_used_to_do_but_now_does_are_two_clauses() -> None:
    assert clauses("I used to love sushi but now I can't stand raw fish") == ["I used to love sushi", "I can't stand raw fish"]
    assert clauses("Acting was my first passion, but now I really shine in writing") == [
        "Acting was my first passion, but now I really shine in writing"]


def test_how_often_one_does_a_thing_after_a_comma_is_a_clause_with_its_i_am_back() -> None:
    assert clauses("Hurt my ankle, only running twice a week for now") == ["Hurt my ankle", "I'm only running twice a week for now"]
    assert clauses("I've been busy lately, having posted 5 times on Instagram") == [
        "I've been busy lately, having posted 5 times on Instagram"]


def test_a_job_left_then_another_joined_after_a_comma_are_two_statements() -> None:
    assert clauses("I quit Meta, joined Stripe this week.") == ["I quit Meta", "I joined Stripe this week."]


def test_a_job_left_then_where_one_is_now_are_two_statements() -> None:
    assert clauses("Left Google last month, now at Meta.") == ["Left Google last month", "I'm now at Meta."]
