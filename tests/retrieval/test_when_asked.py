from engram_mcp.retrieval.abstain import focus_terms, focus_words
from engram_mcp.retrieval.when_asked import says_a_time_of_day, says_when, time_asked


def asked(question: str, *known: str) -> tuple[str, ...] | None:
    found = time_asked(question, focus_terms(focus_words(question, known)))
    return None if found is None else found.thing


def test_what_a_question_asks_the_time_of_is_what_it_names_before_a_preposition_without_whose_it_is() -> None:
    assert asked("When is the next VvE meeting for the Lombokstraat building?") == ("vve", "meeting")
    assert asked("When is Stavros's mom's birthday?", "Stavros") == ("birthday",)
    assert asked("What time is the potluck at Chater Garden?", "Chater Garden") == ("potluck",)


def test_asked_what_someone_named_will_do_the_verb_is_the_thing_unless_it_only_says_a_coming_or_going() -> None:
    assert asked("When does Khánh graduate from nursing school?") == ("graduat",)
    assert asked("When is Senthil retiring?", "Senthil") == ("retir",)
    assert asked("When is chị Hai coming to Houston?") is None
    assert asked("When does Valeria move out of Oudegracht?") is None


def test_a_question_about_what_is_past_or_of_something_said_in_many_ways_asks_no_time_to_come() -> None:
    assert asked("When did Caroline go to the support group?") is None
    assert asked("When does Brennan's CPR certificate run out?", "Brennan") is None


def test_a_time_to_come_is_told_by_a_memory_naming_the_thing_with_a_time() -> None:
    meeting = time_asked("When is the next VvE meeting?", ("vve", "meeting"))
    assert meeting is not None
    assert meeting.told_in("VvE meeting for Lombokstraat is on 12 March")
    assert not meeting.told_in("Lombokstraat 31-bis, Sanne de Wit, €1.150, due on the 1st")
    graduating = time_asked("When does Khánh graduate from nursing school?", ("khánh", "graduat", "nurs", "school"))
    assert graduating is not None
    assert not graduating.told_in("Khánh (the nursing student at UH) says she can sit w/ Má on Oct 6")
    assert graduating.told_in("Khánh graduates in May!")


def test_asked_what_time_only_a_time_of_day_tells_it() -> None:
    potluck = time_asked("What time is the potluck at Chater Garden?", ("tim", "potluck"))
    assert potluck is not None and potluck.of_day
    assert not potluck.told_in("may potluck kami sa Chater Garden next week, dala ko pancit bihon")
    assert potluck.told_in("potluck starts 1pm sa Chater Garden")


def test_a_time_is_said_in_the_languages_chat_mixes_in() -> None:
    assert says_when("Pendik-Trieste Ro-Ro biletim Çarşamba 8 Ekim 23:00")
    assert says_when("Cuối tháng Mười chị bay qua Houston")
    assert says_when("Lajos gyógytornája jövő héttől hétfőn és szerdán")
    assert says_when("the defence is in two weeks")
    assert not says_when("Khánh (other cousin, the nursing student at UH)")
    assert says_a_time_of_day("weekly meeting Thursday 4 pm") and not says_a_time_of_day("next week")


def test_asked_when_someone_is_seeing_or_meeting_someone_the_appointment_says_it_in_its_own_words() -> None:
    assert asked("When is Kourosh seeing Dr Levine?", "Kourosh", "Levine") is None
    assert asked("When is Ana meeting Tom?", "Ana", "Tom") is None
