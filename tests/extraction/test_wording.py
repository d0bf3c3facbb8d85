from engram_mcp.extraction.wording import names_in


def test_the_speaker_standing_for_i_after_a_name_is_not_part_of_that_name() -> None:
    assert names_in("Inti told Wilber Inti will not take more groups from Andean Trails.", "Inti") == (
        "Inti", "Wilber", "Andean Trails")


def test_the_speaker_standing_for_me_before_a_name_is_not_part_of_that_name() -> None:
    assert names_in("Dagny's daughter Ingrid has informed Dagny Magnus is history.", "Dagny") == ("Dagny", "Ingrid", "Magnus")


def test_a_weekday_after_a_name_is_not_part_of_that_name() -> None:
    assert names_in("Inti is meeting Maria Monday at the Plaza.", "Inti") == ("Inti", "Maria", "Monday", "Plaza")


def test_names_of_several_words_stay_whole() -> None:
    assert names_in("Inti saw Mary Ann Smith at Qori Treks.", "Inti") == ("Inti", "Mary Ann Smith", "Qori Treks")
