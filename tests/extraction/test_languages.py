"""A move, a home or a job told in another language, read as the English the state rules read
(``engram_mcp/extraction/languages.py``)."""

from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.languages import in_english
from engram_mcp.model.predicates import normalise
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(("said", "english"), [
    ("Ich bin nach Berlin gezogen.", "I moved to Berlin."),
    ("Ich arbeite jetzt bei Siemens.", "I work at Siemens."),
    ("J'ai déménagé à Lyon.", "I moved to Lyon."),
    ("Je travaille maintenant chez Airbus.", "I work at Airbus."),
    ("Me mudé a Valencia.", "I moved to Valencia."),
    ("Ahora trabajo en Telefónica.", "I work at Telefónica."),
    ("mi hermano se mudó a Madrid.", "my brother moved to Madrid."),
    ("Ma sœur habite à Nantes.", "my sister lives in Nantes."),
    ("Mio fratello lavora da Ferrari.", "my brother works at Ferrari."),
    ("A minha irmã mudou-se para Lisboa.", "my sister moved to Lisboa."),
    ("Ik ben naar Utrecht verhuisd.", "I moved to Utrecht."),
    ("Tom ist nach Berlin gezogen.", "Tom moved to Berlin."),
])
def test_a_move_a_home_or_a_job_told_in_another_language_is_read_in_english(said: str, english: str) -> None:
    assert in_english(said) == english


@pytest.mark.parametrize("said", ["Mia works at Google.", "I moved to Berlin.", "Ma and Pa are visiting.",
                                  "Se mudó a Madrid.", "Vivo la vida loca.",
                                  "Brat mieszka w Gdyni.", "pindah gudang! yang lama kemahalan"])
def test_english_and_what_says_no_one_whose_move_it_is_are_read_as_they_are(said: str) -> None:
    assert in_english(said) == said


@pytest.mark.parametrize(("said", "subject", "predicate", "obj"), [
    ("Ich bin nach Berlin gezogen.", "Noor", "lives in", "Berlin"),
    ("Je travaille maintenant chez Airbus.", "Noor", "works at", "Airbus"),
    ("mi hermano se mudó a Madrid.", "Noor's brother", "lives in", "madrid"),
    ("Oma wohnt in Ulm.", "Noor's grandmother", "lives in", "Ulm"),
])
def test_a_change_told_in_another_language_fills_the_slot_of_the_same_change_told_in_english(
    said: str, subject: str, predicate: str, obj: str
) -> None:
    [fact] = extract(turn(said, speaker="Noor"), [])
    assert normalise(fact.subject, fact.predicate, fact.object) == normalise(subject, predicate, obj)


@pytest.mark.parametrize(("said", "english"), [
    ("nimehamia Eldoret jana!", "I moved to Eldoret jana!"),
    ("kaka yangu Baraka anaishi Nakuru.", "my brother Baraka lives in Nakuru."),
    ("aku udah pindah ke Medan.", "I moved to Medan."),
    ("suami saya Agus kerja di Bandung.", "my husband Agus works at Bandung."),
    ("adikku Wulan tinggal di Depok.", "Wulan lives in Depok."),
    ("fratele meu Mihai s-a mutat la Iași.", "my brother Mihai moved to Iași."),
    ("Mój brat Tomek mieszka w Gdyni.", "my brother Tomek lives in Gdyni."),
    ("moje sestra Eva bydlí v Olomouci.", "my sister Eva lives in Olomouci."),
    ("Marek se přestěhoval do Plzně.", "Marek moved to Plzně."),
])
def test_a_move_a_home_or_a_job_told_in_swahili_indonesian_romanian_polish_or_czech_is_read_in_english(
    said: str, english: str
) -> None:
    assert in_english(said) == english


def test_a_sibling_told_by_a_word_for_brother_or_sister_alike_moves_by_name() -> None:
    [fact] = extract(turn("Kakak saya Dimas udah pindah ke Surabaya.", speaker="Noor"), [])
    assert normalise(fact.subject, fact.predicate, fact.object) == normalise("Dimas", "lives in", "Surabaya")


@pytest.mark.parametrize(("said", "english"), [
    ("J'ai quitté Airbus, je travaille chez Thales maintenant.", "J'ai quitté Airbus, I work at Thales."),
    ("Me mudé a Valencia, trabajo en Telefónica ahora.", "I moved to Valencia, I work at Telefónica."),
    ("Ich bin nach Berlin gezogen und ich arbeite bei Siemens.", "I moved to Berlin und I work at Siemens."),
    ("Vivo la vida loca, y trabajo en Telefónica.", "Vivo la vida loca, y I work at Telefónica."),
])
def test_a_move_a_home_or_a_job_told_in_another_language_after_a_comma_or_an_and_is_read_in_english(said: str, english: str) -> None:
    assert in_english(said) == english


@pytest.mark.parametrize(("said", "english"), [
    # "kerja di" is said alike of anyone, "trabaja" of someone else: of whom the clause before was.
    ("Rudi udah pindah ke Batam, kerja di galangan kapal sekarang", "Rudi moved to Batam, Rudi works at galangan kapal"),
    ("mi hermano se mudó a Madrid, y trabaja en Indra.", "my brother moved to Madrid, y my brother works at Indra."),
    # "trabajo" is the speaker's own, whoever the clause before was of.
    ("mi hermano se mudó a Madrid, y trabajo en Indra.", "my brother moved to Madrid, y I work at Indra."),
    # After a clause that was not read, a verb said alike of anyone is of no one known.
    ("J'ai quitté Airbus, travaille chez Thales", "J'ai quitté Airbus, travaille chez Thales"),
])
def test_a_clause_that_names_no_one_is_of_whom_its_verb_or_the_clause_before_says(said: str, english: str) -> None:
    assert in_english(said) == english


def test_a_job_told_in_french_after_what_was_left_fills_the_job_slot() -> None:
    [fact] = extract(turn("J'ai quitté Airbus, je travaille chez Thales maintenant.", speaker="Noor"), [])
    assert normalise(fact.subject, fact.predicate, fact.object) == normalise("Noor", "works at", "Thales")


@pytest.mark.parametrize(("said", "english"), [
    ("Ich habe bei Siemens gekündigt, jetzt arbeite ich bei Bosch.", "Ich habe bei Siemens gekündigt, I work at Bosch."),
    ("Jetzt bin ich nach Köln gezogen.", "I moved to Köln."),
    ("Nu woon ik in Utrecht.", "I live in Utrecht."),
])
def test_a_german_or_dutch_i_said_after_its_verb_when_an_adverb_opens_is_read_in_english(said: str, english: str) -> None:
    assert in_english(said) == english


@pytest.mark.parametrize(("said", "english"), [
    ("vivo con mi tía en Jesús María.", "I live in Jesús María."),
    ("moro no Butantã", "I live in Butantã"),
    ("je suis déménagé à Laval", "I moved to Laval"),
    ("ci siamo trasferiti a Bologna", "I moved to Bologna"),
    ("trabajo medio tiempo en Juan Valdez", "I work at Juan Valdez"),
    ("lumipat na kami ng bahay sa Cavite", "I moved to Cavite"),
    ("nagtatrabaho ako sa BDO Ortigas", "I work at BDO Ortigas"),
    ("giờ nhà mình ở Long Biên", "I live in Long Biên"),
    ("chồng mình làm ở Viettel", "my husband works at Viettel"),
    ("em gái mình Mai Anh sống ở Huế", "my sister Mai Anh lives in Huế"),
    ("ate ko nakatira sa Dubai", "my sister lives in Dubai"),
    ("ma blonde habite à Longueuil", "my girlfriend lives in Longueuil"),
])
def test_a_move_a_home_or_a_job_told_in_portuguese_french_italian_tagalog_or_vietnamese_is_read_in_english(
    said: str, english: str
) -> None:
    assert in_english(said) == english


@pytest.mark.parametrize(("said", "english"), [
    ("pero ya conseguí chamba en la Librería Crisol", "I started working at Librería Crisol"),
    ("comecei a trabalhar na Nubank ontem", "I started working at Nubank"),
    ("j'ai commencé chez Desjardins lundi", "I started working at Desjardins lundi"),
    ("ho iniziato a lavorare da Luxottica", "I started working at Luxottica"),
    ("saya mulai kerja di Tokopedia", "I started working at Tokopedia"),
    ("renuncié a Juan Valdez", "I quit Juan Valdez"),
    ("pedi demissão da Ambev", "I quit Ambev"),
    ("j'ai démissionné de Bell", "I quit Bell"),
    ("aku resign dari Gojek", "I quit Gojek"),
    ("nag-resign na ako sa Accenture", "I quit Accenture"),
])
def test_a_job_started_or_quit_told_in_another_language_is_read_in_english(said: str, english: str) -> None:
    assert in_english(said) == english


@pytest.mark.parametrize(("said", "english"), [
    ("Kadıköy'de oturuyorum", "I live in Kadıköy"),
    ("ben artık Aselsan'da çalışıyorum", "I work at Aselsan"),
    ("annem Ankara'da yaşıyor", "my mother lives in Ankara"),
    ("kız kardeşim Elif Berlin'e taşındı", "my sister Elif moved to Berlin"),
    ("Trendyol'da işe başladım", "I started working at Trendyol"),
    ("Getir'den istifa ettim", "I quit Getir"),
    # What follows the verb is left out: "for 8 years".
    ("Ekin Lojistik'te çalışıyorum 8 senedir.", "I work at Ekin Lojistik"),
])
def test_a_move_a_home_or_a_job_told_in_turkish_the_verb_last_is_read_in_english(said: str, english: str) -> None:
    assert in_english(said) == english


@pytest.mark.parametrize("said", ["Ebru Aksoy istifa etti", "Ankara'da yaşıyor", "Kadıköy'de kendi kliniğim var",
                                  "làm ở đây mệt quá thì nghỉ", "sống ở Hà Nội đắt lắm"])
def test_a_verb_naming_no_one_in_turkish_or_vietnamese_or_what_says_no_move_is_read_as_it_is(said: str) -> None:
    assert in_english(said) == said


def test_the_clauses_after_a_move_read_in_english_that_are_not_read_are_left_out() -> None:
    assert in_english("dato: mi mamá vive en Arequipa, en Cayma, viene a verme") == "dato: my mum lives in Arequipa"


@pytest.mark.parametrize(("said", "english"), [
    ("el número de mi hermana es 987 654 321", "my sister's phone number is 987 654 321"),
    ("le numéro de ma sœur Julie c'est le 514-555-1111", "my sister Julie's phone number is 514-555-1111"),
    ("sdt của chồng mình là 0912 668 304", "my husband's phone number is 0912 668 304"),
    ("el cel de mi tía Gladys es 998 111 222", "my aunt Gladys's mobile number is 998 111 222"),
])
def test_an_attribute_of_one_of_the_speakers_people_told_in_another_language_is_read_in_english(said: str, english: str) -> None:
    assert in_english(said) == english


@pytest.mark.parametrize(("said", "statement"), [
    ("renuncié a Juan Valdez", "Noor quit Juan Valdez."),
    ("pero ya conseguí chamba en la Librería Crisol del Jockey Plaza, solo sábados",
     "Noor started working at Librería Crisol del Jockey Plaza."),
    ("hiện tại nhà mình vẫn ở Đống Đa, ngõ 82 Chùa Láng, nhưng cuối tuần này chuyển", "Noor lives in Đống Đa."),
])
def test_a_job_or_a_home_told_in_another_language_gives_the_fact_the_english_gives(said: str, statement: str) -> None:
    assert [fact.statement for fact in extract(turn(said, speaker="Noor"), [])] == [statement]


@pytest.mark.parametrize(("said", "english"), [
    ("Me cambié de casa a Miraflores.", "I moved to Miraflores."),
    ("me contrataron en Rimac", "I started working at Rimac"),
    ("j'ai une nouvelle job chez Hydro-Québec", "I started working at Hydro-Québec"),
    ("mình mới chuyển sang làm ở Viettel", "I started working at Viettel"),
])
def test_a_new_home_or_job_said_by_a_new_house_a_hiring_or_a_switch_is_read_in_english(said: str, english: str) -> None:
    assert in_english(said) == english


@pytest.mark.parametrize("said", ["mudei para o plano anual da Claro", "me mudé al turno de noche", "renuncié al gimnasio",
                                  "renuncié a la idea de viajar", "lumipat na ako sa Globe kasi mahina signal",
                                  "mình chuyển về quê ăn Tết", "tôi làm ở nhà hôm nay", "trabajo en casa",
                                  "me contrataron de mesero"])
def test_a_switch_a_trip_home_a_habit_left_or_work_at_home_is_no_move_and_no_job(said: str) -> None:
    assert in_english(said) == said
