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
