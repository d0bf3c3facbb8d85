"""A thing a person has one of, told in another language, read as the English the attribute rules read
(``engram_mcp/extraction/attributes_in_languages.py``)."""

from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.attributes_in_languages import attribute_in_english
from engram_mcp.model.predicates import normalise
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(("said", "english"), [
    ("Meine neue Handynummer ist 0176 999 8888.", "my new mobile number is 0176 999 8888."),
    ("Mi alquiler es 800 euros al mes.", "my rent is 800 euros al mes."),
    ("Ahora pago 950 euros de alquiler.", "my rent is now 950 euros."),
    ("Ich zahle jetzt 1.200 € Miete.", "my rent is now 1.200 €."),
    ("Mi nuevo número es el 612 345 678.", "my new phone number is 612 345 678."),
    ("Mein Gehalt beträgt 4.200 € brutto.", "my salary is 4.200 € brutto."),
    ("Il mio nuovo indirizzo è Via Roma 12, Milano.", "my new address is Via Roma 12, Milano."),
    ("Ma nouvelle adresse : 12 rue de la Paix, Paris", "my new address is 12 rue de la Paix, Paris"),
    ("meu salário é de 5.000 reais", "my salary is 5.000 reais"),
    ("Mijn huur is 1.250 euro per maand", "my rent is 1.250 euro per maand"),
    ("Mój nowy numer to 600 123 456.", "my new phone number is 600 123 456."),
    ("chiria mea este 2000 lei", "my rent is 2000 lei"),
    ("namba yangu mpya ni 0712 345 678", "my new phone number is 0712 345 678"),
    ("nomor HP baru aku 0812 3456 7890", "my new mobile number is 0812 3456 7890"),
    ("Mon loyer passe à 950 € en janvier.", "my rent has changed to 950 € en janvier."),
    ("Die Miete beträgt 1.200 € warm.", "the rent is 1.200 € warm."),
])
def test_an_attribute_of_ones_own_told_in_another_language_is_read_in_english(said: str, english: str) -> None:
    assert attribute_in_english(said) == english


@pytest.mark.parametrize("said", ["My phone number is 0151 555 1234.", "Le numéro de Paul est 06 12 34 56 78",
                                  "Vivo la vida loca.", "Das Handy ist kaputt."])
def test_english_and_what_gives_no_attribute_of_ones_own_are_read_as_they_are(said: str) -> None:
    assert attribute_in_english(said) == said


@pytest.mark.parametrize(("said", "predicate", "obj"), [
    ("Meine neue Handynummer ist 0176 999 8888.", "phone number", "0176 999 8888"),
    ("Mi alquiler es 800 euros al mes.", "rent", "800 euros al mes"),
    ("Ahora pago 950 euros de alquiler.", "rent", "950 euros"),
    ("Mi médico es el Dr. Pérez.", "doctor", "Dr. Pérez"),
])
def test_an_attribute_told_in_another_language_fills_the_slot_of_the_same_attribute_told_in_english(
    said: str, predicate: str, obj: str
) -> None:
    [fact] = extract(turn(said, speaker="Noor"), [])
    assert normalise(fact.subject, fact.predicate, fact.object) == normalise("Noor", predicate, obj)


@pytest.mark.parametrize("said", ["Mein Handy ist kaputt.", "Mon chef est super sympa.", "La dirección es importante."])
def test_what_holds_no_value_of_the_attribute_it_names_gives_no_fact(said: str) -> None:
    assert extract(turn(said, speaker="Noor"), []) == []


@pytest.mark.parametrize(("said", "english"), [
    ("mi cel es 998 317 402", "my mobile number is 998 317 402"),
    ("mi nuevo cel es 951 204 876", "my new mobile number is 951 204 876"),
    ("mon cell c'est le 514-555-7734", "my mobile number is 514-555-7734"),
    ("meu celular é 11 98765-4321", "my mobile number is 11 98765-4321"),
    ("il mio cellulare è 347 123 4567", "my mobile number is 347 123 4567"),
    ("số mới của mình là 0912 668 305", "my new phone number is 0912 668 305"),
    ("sweldo ko ay 25,000 a month", "my salary is 25,000 a month"),
    ("lương của mình là 15 triệu", "my salary is 15 triệu"),
    ("meu zap é 11 98888-7777", "my phone number is 11 98888-7777"),
    ("yeni telefon numaram 0532 418 77 90", "my new phone number is 0532 418 77 90"),
    ("kiram artık 22.000 TL", "my rent is now 22.000 TL"),
    ("maaşım: 85.000 TL", "my salary is 85.000 TL"),
])
def test_a_number_a_pay_or_an_email_of_ones_own_told_in_more_languages_is_read_in_english(said: str, english: str) -> None:
    assert attribute_in_english(said) == english


@pytest.mark.parametrize("said", ["numaram değişti", "yeni numaram 0532 418 77 90", "mi cel se malogró", "số tủ của mình là 37"])
def test_what_gives_no_value_of_ones_own_in_those_languages_is_read_as_it_is(said: str) -> None:
    assert attribute_in_english(said) == said


@pytest.mark.parametrize(("said", "english"), [
    ("gano 3,000 soles al mes", "my salary is 3,000 soles al mes"),
    ("pago 1,200 soles de alquiler", "my rent is now 1,200 soles"),
    ("je paye 1200$ de loyer", "my rent is now 1200$"),
    ("gaji aku sekarang 9 juta", "my salary is now 9 juta"),
    ("nombor baru saya 012-345 6789", "my new phone number is 012-345 6789"),
    ("sewa rumah saya RM1,200 sebulan", "my rent is RM1,200 sebulan"),
])
def test_a_pay_or_a_rent_said_by_what_one_earns_or_pays_or_in_malay_is_read_in_english(said: str, english: str) -> None:
    assert attribute_in_english(said) == english


def test_what_one_earns_with_no_time_it_is_earned_in_is_no_salary() -> None:
    assert attribute_in_english("gano 50 soles extra con las clases") == "gano 50 soles extra con las clases"


@pytest.mark.parametrize("said", ["pago 50 soles de alquiler de la cancha", "gano 200 al mes en propinas"])
def test_the_rent_of_something_else_or_what_one_earns_by_other_than_pay_is_no_rent_nor_salary(said: str) -> None:
    assert attribute_in_english(said) == said
