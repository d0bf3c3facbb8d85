from engram_mcp.retrieval.names_asked import (
    asks_anothers_relatives,
    asks_of_a_name_after,
    capitalised,
    names_asked,
    names_asked_of,
    names_person,
    names_written_as_in,
    owners_asked_of,
    relations_named,
    relatives_asked_of,
    verbs_asked_of,
    without_compounds,
)
from engram_mcp.retrieval.question_words import stem


def test_the_names_a_question_asks_about_are_its_possessives_its_subjects_and_the_names_it_gives_relations() -> None:
    assert names_asked("What is Nadia's blood type?") == {"Nadia"}
    assert names_asked("Where does Nadia live?") == {"Nadia"}
    assert names_asked("What does Gareth's daughter Megan do?") == {"Gareth", "Megan"}
    assert names_asked("What is on Monday?") == set()


def test_a_question_asks_of_the_name_given_a_relation_not_of_whose_relation_it_is() -> None:
    assert names_asked_of("What does Fiona's husband Liam do for a living?", frozenset()) == {"Liam"}
    assert names_asked_of("What does Camila do for work?", frozenset()) == {"Camila"}
    assert names_asked_of("What does Camila do for work?", frozenset({"camila"})) == set()
    assert names_asked_of("Where does my daughter Lucía study?", frozenset()) == {"Lucía"}
    # a question asking yes or no opens on whom it asks of
    assert names_asked_of("Is Kiara allergic to anything?", frozenset()) == {"Kiara"}
    assert names_asked_of("Does Tyler still work there?", frozenset()) == {"Tyler"}


def test_a_relation_given_a_name_is_read_with_that_name() -> None:
    assert relations_named("Where does my daughter Lucía study?") == {stem("daughter"): "Lucía"}
    assert relations_named("What does Gareth's daughter Cerys do?") == {stem("daughter"): "Cerys"}
    assert relations_named("What does my friend Gesa do?") == {}
    assert relations_named("What does my daughter do?") == {}


def test_a_person_is_named_by_their_whole_name_in_any_case_and_never_inside_a_compound() -> None:
    assert names_person("Cerys", "our cerys rang, shes just made sergeant")
    assert names_person("Pieter", "Pieter's back tonight")
    assert not names_person("Pieter", "pick up at gent-sint-pieters 13:15")
    assert not names_person("Pieter", "the Pieterse family next door")


def test_a_compound_of_three_words_or_more_names_no_one_but_a_double_name_does() -> None:
    assert names_person("Marie", "Anne-Marie starts nights on Monday")
    assert not names_person("Avon", "a weekend in stratford-upon-avon")
    assert without_compounds("meet at gent-sint-pieters with Pieter") == "meet at   with Pieter"


def test_capitalised_words_are_read_whatever_they_are() -> None:
    assert capitalised("Is Sid still at UCL in London?") == ["Sid", "London"]


def test_a_name_of_several_capitalised_words_is_one_where_the_memories_write_it_so() -> None:
    texts = ["New weekend hours at Jasmine Grill: open until midnight", "I signed with Qori Treks today"]
    assert names_written_as_in("What is Jasmine Grill's food hygiene rating?", texts) == {"Jasmine Grill"}
    assert names_written_as_in("When is the Jasmine grill open?", texts) == set()
    assert names_written_as_in("Who owns Blue Lagoon?", texts) == set()
    assert names_written_as_in("How did we get on against Jasmine Grill?", texts) == set()


def test_someone_asked_of_by_their_relation_alone_is_the_name_memory_gives_it_else_the_relation() -> None:
    texts = ["My sister Ilka lives in Graz.", "I drive a red Skoda."]
    assert relatives_asked_of("What car does my sister drive?", texts) == {"Ilka"}
    assert relatives_asked_of("What colour is Mara's sister's car?", texts) == {"Ilka"}
    assert relatives_asked_of("What car does my brother drive?", texts) == {stem("brother")}
    assert relatives_asked_of("What car does my sister Ilka drive?", texts) == set()
    assert relatives_asked_of("What car do I drive?", texts) == set()



def test_the_verb_after_whom_a_question_asks_of_is_what_it_asks_them_to_do() -> None:
    assert verbs_asked_of("What position does Sione play?") == {stem("play")}
    assert verbs_asked_of("What car does my sister drive?") == set()


def test_a_question_asks_of_the_relatives_of_someone_named_who_is_not_the_speaker() -> None:
    assert asks_anothers_relatives("What are the names of Solveig's sons?", frozenset({"dagny"})) == {"solveig"}
    assert asks_anothers_relatives("What is Dagny's son called?", frozenset({"dagny"})) == set()
    assert asks_anothers_relatives("What is Solveig's job?", frozenset({"dagny"})) == set()


def test_a_double_name_is_one_name_asked_of() -> None:
    assert names_asked_of("Where does Mei-Lin live?", {"mei-lin"}) == set()
    assert names_asked_of("What does Anne-Marie do for work?", {"sam"}) == {"Anne-Marie"}
    assert names_asked("Where is Jean-Paul's bakery?") >= {"Jean-Paul"}


def test_a_name_written_with_letters_of_another_latin_alphabet_is_asked_of_as_any_name() -> None:
    assert names_asked_of("What is Tomáš's job?", frozenset({"jitka"})) == {"Tomáš"}
    assert names_asked("Where does Łucja live?") == {"Łucja"}
    assert "Núria" in capitalised("Where does Montse's daughter Núria live?")


def test_a_name_written_in_vietnamese_greek_or_cyrillic_letters_is_asked_of_as_any_name() -> None:
    assert names_asked_of("What does Thảo do for work?", frozenset({"quang"})) == {"Thảo"}
    assert names_asked("Where does Σταύρος live?") == {"Σταύρος"}
    assert names_asked("What is Ольга's job?") == {"Ольга"}


def test_whose_relative_or_thing_a_question_asks_of_is_read_by_their_name_not_a_relation_or_the_speaker() -> None:
    assert owners_asked_of("What is the name of Lwazi's husky?", {"liezl"}) == {"Lwazi"}
    assert owners_asked_of("What is Mila's mum's name?", {"liezl"}) == {"Mila"}
    assert owners_asked_of("What is Mum's doctor's name?", {"liezl"}) == set()
    assert owners_asked_of("What is Liezl's dog called?", {"liezl"}) == set()


def test_a_slot_asked_of_a_name_written_after_it_asks_of_that_name() -> None:
    assert names_asked_of("What's the phone number of Sparks Electric?", set()) == {"Sparks", "Electric"}
    assert names_asked_of("What is the email for Tamsin?", set()) == {"Tamsin"}
    assert names_asked_of("How should I format answers for Rafa?", set()) == set()
    assert names_asked_of("What is the rent for Kedzie 4B?", set()) == set()


def test_a_question_naming_whom_it_asks_a_slot_of_after_the_slot_is_told_apart() -> None:
    assert asks_of_a_name_after("Who is the coach of the Island Bay Sharks?")
    assert not asks_of_a_name_after("Who is Fiona's husband Liam?")
