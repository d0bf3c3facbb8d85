from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.people import last_person_named, people_named, someone_else, with_pronouns_named
from engram_mcp.model.predicates import normalise
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def test_the_speakers_people_are_known_by_how_they_were_introduced() -> None:
    assert people_named(["Our daughter, Isla, is a junior doctor.", "my sister Femke is coming down",
                         "Joost, my partner, thinks we should sell it."]) == {
        "Isla": "daughter", "Femke": "sister", "Joost": "partner"}


def test_which_one_of_several_still_introduces_the_person() -> None:
    assert people_named(["Third is Joon, my second son.", "Minnie is my eldest daughter.", "our middle child",
                         "Second is my daughter Min-ji."]) == {"Joon": "son", "Minnie": "daughter", "Min-ji": "daughter"}


def test_a_dash_says_who_the_one_person_its_clause_is_about_is() -> None:
    assert people_named(["Home. Jürgen cooked Himmel un Ääd tonight — my husband, he retired last year."]) == {"Jürgen": "husband"}
    assert people_named(["I took up woodcarving after Margareta passed in 2021 — my late wife, 41 years married."]) == {
        "Margareta": "wife"}
    assert people_named(["Lunch with Maria and Tom - my brother - at the pub."]) == {"Tom": "brother"}


def test_a_dash_after_a_clause_about_two_people_or_a_thing_names_no_one() -> None:
    assert people_named(["Maria said Tom was late again — my brother, I think."]) == {}
    assert people_named(["We went to Lisbon - my favourite city."]) == {}


def test_who_someone_is_is_kept_as_a_fact_when_the_turn_only_said_it_in_passing() -> None:
    facts = extract(turn("Busy with my carving today. I took up woodcarving after Margareta passed in 2021 — my wife, "
                         "41 years married.", speaker="Stellan"), [])
    assert "Stellan's wife is Margareta." in [f.statement for f in facts]


def test_she_after_one_of_the_speakers_people_is_that_person() -> None:
    read = with_pronouns_named(["Isla telephoned last night: she has moved up to Aberdeen."], {"Isla": "daughter"})
    assert read == ["Isla telephoned last night.", "My daughter Isla has moved up to Aberdeen."]


def test_she_is_no_one_when_two_people_or_none_were_named() -> None:
    people = {"Isla": "daughter", "Femke": "sister"}
    assert with_pronouns_named(["Isla rang Femke: she moved to Leeds."], people) == ["Isla rang Femke: she moved to Leeds."]
    assert with_pronouns_named(["It rained: she moved to Leeds."], people) == ["It rained: she moved to Leeds."]


def test_a_relatives_move_said_with_a_pronoun_is_the_relatives_new_home() -> None:
    earlier = [turn("Our daughter, Isla, shares a flat in Glasgow.", speaker="Freya")]
    said = turn("Isla telephoned: she has accepted a post at Aberdeen Royal Infirmary and moved up to Aberdeen.", speaker="Freya")
    [moved] = [f for f in extract(said, earlier) if f.predicate == "lives in"]
    assert moved.statement == "Freya's daughter Isla moved to Aberdeen."
    assert normalise(moved.subject, moved.predicate, moved.object) == normalise("Freya's daughter", "lives in", "Aberdeen")


def test_who_the_speakers_people_are_is_kept_however_it_is_said_in_passing() -> None:
    def said(text: str) -> list[str]:
        return [f.statement for f in extract(turn(text, speaker="Bilal"), [])]

    assert "Bilal's wife is Samira." in said("Samira (my wife) just forwarded this from the school board, what do I do?")
    assert "Bilal's daughter is Maeve." in said("Maeve's my daughter, she's 9, with me every other weekend.")
    assert "Bilal's boyfriend is Jonas." in said("Jonas (boyfriend) can take him Tuesday and Thursday.")
    assert "Bilal's twins are Olive and Arlo." in said("Dinner ideas that the twins (Olive and Arlo, 3) will eat?")
    assert "Bilal's sister is Priya." in said("Can you help me plan my sister Priya's birthday?")


def test_a_relation_the_turn_already_states_gives_no_second_fact() -> None:
    statements = [f.statement for f in extract(turn("My sister Priya lives in Manchester.", speaker="Bilal"), [])]
    assert statements == ["Bilal's sister Priya lives in Manchester."]
    assert not [f for f in extract(turn("This is my wife's car.", speaker="Bilal"), []) if f.predicate == "wife"]


def test_he_is_my_boyfriend_now_names_the_person_named_just_before() -> None:
    said = [f.statement for f in extract(turn("Ok Tunde is really nice. He's my boyfriend now I think??", speaker="Ifeoma"), [])]
    assert "Ifeoma's boyfriend is Tunde." in said
    assert not [f for f in extract(turn("Dr. Lee says he is my partner in this.", speaker="Ifeoma"), []) if f.predicate == "partner"]



def test_she_is_the_new_boss_names_the_whole_name_said_just_before() -> None:
    text = "first one on one with Hedvika Malá today, she is the new boss for all of QA and DevOps, very direct"
    assert "Ludmila's boss is Hedvika Malá." in [f.statement for f in extract(turn(text, speaker="Ludmila"), [])]
    elsewhere = extract(turn("Met Sarah at the gym. She's the new manager there.", speaker="Ludmila"), [])
    assert not [f for f in elsewhere if f.predicate == "manager"]

@pytest.mark.parametrize(
    ("before", "person"),
    [
        ("Tunde is really nice.", "Tunde"),
        ("Jo rang, then Tunde's sister came round.", "Tunde"),
        ("Miriam's follow-up. Dr. Levinson", "Miriam"),
        ("I met April at the climbing wall.", "April"),
        ("Miriam saw the cardiologist in May and", "Miriam"),
        ("Tunde came on Monday. Then", "Tunde"),
        ("Sam and I went out.", None),
    ],
)
def test_the_last_person_named_is_no_title_date_pronoun_or_the_speaker(before: str, person: str | None) -> None:
    assert last_person_named(before, speaker="Sam") == person


def test_one_of_the_speakers_people_named_alone_before_a_move_or_a_job_is_that_person() -> None:
    earlier = [turn("My sister Nnenna works at Unilever in Lagos.", speaker="Ada")]
    said = extract(turn("nnenna got a job at paystack!! so proud", speaker="Ada"), earlier)
    assert [(f.subject, f.predicate, f.object) for f in said if f.predicate == "works at"] == [
        ("Ada's sister", "works at", "paystack")]
    assert with_pronouns_named(["Ngozi moved to Abuja."], {"Nnenna": "sister"}) == ["Ngozi moved to Abuja."]


def test_a_person_named_in_lowercase_after_a_relation_is_known_only_when_a_verb_follows() -> None:
    assert people_named(["my brother karim texted, he quit RBC"]) == {"Karim": "brother"}
    assert people_named(["my brother texted me", "my friend today said hi", "my sister is a nurse"]) == {}


@pytest.mark.parametrize(
    ("said", "held"),
    [("femke (gf) says i undercharge", "Rutger's girlfriend is Femke."),
     ("zuzia (wife) says take it. she's always right", "Rutger's wife is Zuzia."),
     ("My sis Anna is coming over", "Rutger's sister is Anna."), ("Jonas (bf) is cooking tonight", "Rutger's boyfriend is Jonas.")],
)
def test_a_person_glossed_by_who_they_are_in_chat_shorthand_is_that_relation(said: str, held: str) -> None:
    assert held in [f.statement for f in extract(turn(said, speaker="Rutger"), [])]


@pytest.mark.parametrize(
    ("said", "held"),
    [("Live in Vantaa. Apartment. Partner Riikka, daughter Aino 6.", {"Jarkko's partner is Riikka.", "Jarkko's daughter is Aino."}),
     ("We live in a house in Sunnersta since 1982. Gunilla my wife and me.", {"Jarkko's wife is Gunilla."}),
     ("Wife Helka, two dogs, one cat.", {"Jarkko's wife is Helka."})],
)
def test_a_person_listed_tersely_by_who_they_are_is_that_relation(said: str, held: set[str]) -> None:
    assert {f.statement for f in extract(turn(said, speaker="Jarkko"), []) if "'s " in f.statement and " is " in f.statement} == held


def test_a_relation_before_a_name_and_a_verb_or_a_greeting_before_a_name_lists_no_one() -> None:
    assert people_named(["Thanks Anna my sister said hi.", "Son Tom starts school in May.", "Hi Ben my friend is here."]) == {}


def test_a_bracket_that_glosses_no_name_names_no_one() -> None:
    assert people_named(["the boss (manager) said no", "I bought a bike (my bro helped)"]) == {}


def test_a_relation_with_a_verb_of_its_own_is_not_the_name_before_its_comma() -> None:
    facts = RulesExtractor().extract(turn("my boss is Sharon, my husband is Donal", speaker="Bridget"), [])
    assert not [f for f in facts if f.predicate in {"husband", "partner"} and f.object == "Sharon"]


@pytest.mark.parametrize("said", ["Finn, my other half, is sous chef at Ostra down on the Shore.",
                                  "Finn, my partner, is a sous chef at Ostra."])
def test_a_person_named_then_who_they_are_then_what_they_do_is_that_persons_job(said: str) -> None:
    facts = [(f.statement, f.predicate) for f in extract(turn(said, speaker="Chiara"), [])]
    assert ("Chiara's partner is Finn.", "partner") in facts
    assert ("Chiara's partner Finn works as a sous chef.", "works as") in facts


def test_she_after_a_sentence_naming_no_one_is_the_person_named_before_it() -> None:
    read = with_pronouns_named(["Agata sent a photo of her London flat.", "Small but nice.", "She lives in London now."],
                               {"Agata": "sister"})
    assert read[-1] == "My sister Agata lives in London now."


def test_she_is_no_one_when_someone_else_is_named_in_between() -> None:
    said = ["Young-ja and her husband came.", "Young-ja's husband's name is Chul-soo.", "He has moved to Busan."]
    assert with_pronouns_named(said, {"Young-ja": "sister"}) == said


def test_she_is_not_someone_named_in_a_sentence_already_said_of_her() -> None:
    said = ["She also wants to give Arjun a present.", "She has £25."]
    assert with_pronouns_named(said, {"Arjun": "son"}) == said


def test_she_is_not_someone_named_after_her_in_her_own_sentence() -> None:
    said = ["Kian's other grandmother is Linda, she lives in Kelowna and she sends Kian books."]
    assert with_pronouns_named(said, {"Kian": "son"}) == said


def test_a_name_with_is_run_into_it_before_a_state_is_that_person() -> None:
    earlier = [turn("and my buddy Denny's moving too, Akron to Tampa.", speaker="Hollis")]
    said = extract(turn("sure, later. Denny's officially in Tampa now, already sent me a beach selfie.", speaker="Hollis"), earlier)
    assert [(f.subject, f.predicate, f.object) for f in said if f.predicate == "lives in"] == [("Hollis's buddy", "lives in", "Tampa")]
    assert with_pronouns_named(["Mateo's training moved to Wednesdays."], {"Mateo": "son"}) == ["Mateo's training moved to Wednesdays."]


def test_a_buddy_is_one_of_the_speakers_people_and_no_pronoun_or_opening_word_is() -> None:
    assert people_named(["my buddy Denny is moving."]) == {"Denny": "buddy"}
    assert people_named(["Now, my brother Cian will be 12.", "Anika, our sister, she is 10."]) == {
        "Cian": "brother", "Anika": "sister"}


@pytest.mark.parametrize(("clause", "who", "name"), [
    ("my brother Idris moved to Glasgow", "Noor's brother", "Idris"),
    ("Dad has moved to Nottingham", "Noor's dad", None),
    ("Granny Pat moved into a care home in Bray", "Noor's grandma", "Pat"),
    ("Oma lives in Ulm", "Noor's grandmother", None),
    ("Tom works at KPMG", "Tom", None),
    ("Raj Patel has a new job", "Raj Patel", None),
])
def test_a_clause_opening_with_a_relative_or_a_name_is_about_them(clause: str, who: str, name: str | None) -> None:
    someone = someone_else(clause, "Noor")
    assert someone is not None and (someone.who, someone.name) == (who, name)


@pytest.mark.parametrize("clause", ["Current flat is in Alfama", "Day one at Vela done", "Bristol is my home now",
                                    "Traded the Corolla in for a Honda CR-V", "Giulia and me are together",
                                    "Tom's sister works at KPMG", "Car sold to a guy from Wakefield",
                                    "Brother Anders lives in Gothenburg"])
def test_a_clause_opening_with_a_capital_that_names_no_one_doing_anything_is_about_no_one_else(clause: str) -> None:
    assert someone_else(clause, "Noor") is None


def test_in_a_turn_typed_without_capitals_a_capital_marks_no_one_but_a_parent_said_as_a_name_still_does() -> None:
    assert someone_else("Dapo works for lewisham council", "Kemi", uncased=True) is None
    assert someone_else("Dad has moved to leeds", "Kemi", uncased=True) is not None
