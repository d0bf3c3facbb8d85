from engram_mcp.retrieval.covering import _holds_the_speakers_trait, _tells_detail_of_whom_asked
from engram_mcp.retrieval.details import detail_asked
from tests.retrieval.leading_cases import focus_of, memory


def test_an_age_said_by_its_ordinal_is_the_age_of_whose_it_is_not_of_someone_else_the_sentence_names() -> None:
    question = "What is Folasade's age?"
    detail = detail_asked(question)
    assert detail is not None
    focus = focus_of(question, frozenset({"Folasade"}))
    trip = memory("t-trip", "We wanted to go to Ilesha for my cousin's 60th birthday, but Folasade's knee is bad.")
    assert not _tells_detail_of_whom_asked(trip, detail, focus)
    assert _tells_detail_of_whom_asked(memory("t-party", "Folasade's 60th is in May, we are planning a party."), detail, focus)


def test_a_weight_said_of_no_one_is_the_speakers_own_and_tells_nothing_of_someone_else_asked_of() -> None:
    detail = detail_asked("How much does Mia weigh?")
    assert detail is not None
    of_mia = focus_of("How much does Mia weigh?", frozenset({"Mia"}))
    assert not _tells_detail_of_whom_asked(memory("t-note", "note: weight 82kg this morning"), detail, of_mia)
    assert _tells_detail_of_whom_asked(memory("t-checkup", "Mia had her checkup today, she's 21kg now"), detail, of_mia)
    assert _tells_detail_of_whom_asked(memory("t-she", "she's 21kg now, growing fast"), detail, of_mia)
    of_the_daughter = focus_of("How much does my daughter weigh?")
    assert not _tells_detail_of_whom_asked(memory("t-note", "note: weight 82kg this morning"), detail, of_the_daughter)
    own = focus_of("How much do I weigh?")
    assert _tells_detail_of_whom_asked(memory("t-note", "note: weight 82kg this morning"), detail, own)


def test_a_birthday_said_by_its_month_is_of_whom_the_memory_names_and_no_birthday_of_the_speaker() -> None:
    granddaughter = memory("t-kirsty", "my granddaughter Kirsty, she's 24, a nurse. her birthday is the 14th of February")
    asked_of_her = "When is Kirsty's birthday?"
    detail = detail_asked(asked_of_her)
    assert detail is not None
    assert _tells_detail_of_whom_asked(granddaughter, detail, focus_of(asked_of_her, frozenset({"Kirsty"})))
    own = "When is Ngozi's own birthday?"
    assert not _tells_detail_of_whom_asked(granddaughter, detail, focus_of(own), of_the_speaker=True)
    assert _tells_detail_of_whom_asked(memory("t-own", "my birthday is the 3rd of May, Kirsty always forgets"), detail,
                                       focus_of(own), of_the_speaker=True)


def test_a_birthday_said_of_a_name_opening_its_sentence_without_its_s_is_no_birthday_of_the_speaker() -> None:
    family = memory("t-family", "My wife Saba and my son Milkias are still in Kampala. Saba birthday is 19 of September")
    own = "When is Ngozi's own birthday?"
    detail = detail_asked(own)
    assert detail is not None
    assert not _tells_detail_of_whom_asked(family, detail, focus_of(own), of_the_speaker=True)
    # a word opening the sentence that the memory never writes as a name inside one is no one
    assert _tells_detail_of_whom_asked(memory("t-own", "Birthday is 19 of September, Saba forgets"), detail, focus_of(own),
                                       of_the_speaker=True)


def test_a_birthday_of_a_name_owning_what_its_sentence_opens_on_is_no_birthday_of_the_speaker() -> None:
    own = "When is Ngozi's own birthday?"
    detail = detail_asked(own)
    assert detail is not None
    gift = memory("t-kuba", "Kuba's birthday is 18 March. Need a gift. He likes bouldering and espresso.")
    assert not _tells_detail_of_whom_asked(gift, detail, focus_of(own), of_the_speaker=True)
    for said in ("It's my birthday on 3 May, finally 30", "Today's my birthday, 3 May!"):
        assert _tells_detail_of_whom_asked(memory("t-own", said), detail, focus_of(own), of_the_speaker=True), said


def test_a_name_set_off_by_commas_is_named_and_its_age_told_of_them() -> None:
    question = "How old is Amira?"
    detail = detail_asked(question)
    assert detail is not None
    assert _tells_detail_of_whom_asked(memory("t-eldest", "Our eldest, Amira, turned 9 today."), detail,
                                       focus_of(question, frozenset({"Amira"})))


def test_the_speakers_job_fact_holds_the_trade_asked_of_them_and_no_one_elses() -> None:
    job = memory("f-job", "Ngozi works as a tiler.", subject="Ngozi", predicate="job", object="tiler")
    assert _holds_the_speakers_trait(job, focus_of("What is Ngozi's trade?"))
    assert not _holds_the_speakers_trait(job, focus_of("What is Emeka's trade?", frozenset({"Emeka"})))
    assert not _holds_the_speakers_trait(job, focus_of("Where does Ngozi live?"))
