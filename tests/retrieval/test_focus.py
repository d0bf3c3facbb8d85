from engram_mcp.retrieval.focus import SENTENCE_END, about, counted_by, lead, specifics
from tests.retrieval.leading_cases import focus_of, memory


def test_leading_moves_one_memory_to_the_top_with_a_score_just_above_the_first() -> None:
    a, b, c = memory("t-a", "a"), memory("t-b", "b"), memory("t-c", "c")
    order = lead([(a, 0.5), (b, 0.4), (c, 0.3)], (c, 0.3))
    assert [m.id for m, _ in order] == ["t-c", "t-a", "t-b"] and order[0][1] > 0.5
    assert lead([(a, 0.5), (b, 0.4)], None) == [(a, 0.5), (b, 0.4)]


def test_the_abbreviation_of_a_number_ends_no_sentence() -> None:
    assert SENTENCE_END.split("Member: Rajesh Kulkarni No. 2291 Type: Senior. Next field meeting: Rutland Water") == [
        "Member: Rajesh Kulkarni No. 2291 Type: Senior.", "Next field meeting: Rutland Water"]
    assert SENTENCE_END.split("He said No. Then he left") == ["He said No.", "Then he left"]
    assert SENTENCE_END.split("my guide certificate no. GT-0931. busy week") == ["my guide certificate no. GT-0931.", "busy week"]


def test_a_name_of_several_words_is_spoken_of_where_its_words_stand_together() -> None:
    asked = focus_of("What's the Blue Badge reference number?", frozenset({"Blue Badge"}))
    assert "blue badge" in about("'Blue Badge renewal - reference BB-2291-KX.'", asked)
    assert "blue badge" not in about("Blue sky today, badge day at school", asked)


def test_a_name_of_several_words_is_spoken_of_with_its_last_word_spelled_as_the_text_spells_it() -> None:
    # the catalogue keeps "St Fagans" as "st fagan"
    asked = focus_of("How much does the St Fagans trip cost?", frozenset({"St Fagan"}))
    assert "st fagan" in about("the St Fagans trip now costs £14.50 per child", asked)
    assert "st fagan" in about("St Fagan's roundhouse", asked)
    assert "st fagan" not in about("St Fagansworth lane", asked)


def test_a_relation_an_amount_is_counted_by_is_no_relation_asked_of() -> None:
    assert focus_of("How much does the St Fagans trip cost per child?", frozenset({"St Fagans"})).relations == ()
    assert counted_by(("trip", "cost", "per", "child")) == {"child"}
    assert focus_of("How much does my child's trip cost?", frozenset()).relations == ("child",)


def test_a_name_after_a_titles_full_stop_is_a_name_and_a_word_opening_a_sentence_is_not() -> None:
    assert specifics("Noted: Mr. Fonoti is covering your classes on Friday the 23rd.") == {"fonoti", "23"}
    assert specifics("Mrs. Ige said yes. Then the sub fell through.") == {"ige"}
    assert specifics("Ask me Wednesday evening and I'll have it ready, I'm sure.") == set()
