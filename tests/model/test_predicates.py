import pytest

from engram_mcp.model.predicates import is_single_valued, normalise, parse_statement


@pytest.mark.parametrize(
    ("predicate", "obj", "key", "value", "negated"),
    [
        ("works", "at Google", "works_at", "google", False),
        ("is working", "for Meta", "works_at", "meta", False),
        ("moved", "to Lisbon", "lives_in", "lisbon", False),
        ("is", "allergic to peanuts", "allergic_to", "peanuts", False),
        ("doesn't", "like coffee anymore", "likes", "coffee", True),
        ("hates", "coffee", "likes", "coffee", True),
        ("is", "34 years old", "age", "34", False),
        ("is", "married", "relationship_status", "married", False),
        ("favorite colour", "blue", "favourite_color", "blue", False),
        ("works as", "a teacher", "job", "teacher", False),
    ],
)
def test_free_text_predicates_normalise_to_one_slot_key(
    predicate: str, obj: str, key: str, value: str, negated: bool
) -> None:
    slot = normalise("Ana", predicate, obj)
    assert (slot.subject, slot.predicate, slot.object, slot.negated) == ("ana", key, value, negated)


def test_employers_homes_and_favourites_are_single_valued_but_likes_are_not() -> None:
    assert is_single_valued("works_at") and is_single_valued("lives_in") and is_single_valued("favourite_food")
    assert not is_single_valued("likes") and not is_single_valued("visited")


def test_plain_and_possessive_statements_are_read_into_triples() -> None:
    assert parse_statement("Ali works at Google.") == ("Ali", "works", "at Google")
    assert parse_statement("Ali's favourite colour is blue.") == ("Ali", "favourite colour", "blue")
    assert parse_statement("lower case starts say nothing") is None


def test_a_statement_may_open_with_a_name_in_any_script() -> None:
    assert parse_statement("Мария Иванова lives in Moscow.") == ("Мария Иванова", "lives", "in Moscow")
    assert parse_statement("王芳 works at Huawei.") == ("王芳", "works", "at Huawei")
    assert parse_statement("Dr. Ørsted is my dentist.") == ("Dr. Ørsted", "is my", "dentist")
    assert parse_statement("Jose\u0301 works at Acme.") == ("Jos\u00e9", "works", "at Acme")
    assert parse_statement("мария lives in Moscow.") is None  # lower case names no one, in any script


@pytest.mark.parametrize(
    ("predicate", "obj", "key", "value", "negated"),
    [
        ("is", "vegan", "diet", "vegan", False),
        ("is", "a vegetarian", "diet", "vegetarian", False),
        ("no longer diet", "pescatarian", "diet", "pescatarian", True),
        ("drives", "a Kia Niro", "drives", "kia niro", False),
        ("no longer drives", "the Polo", "drives", "polo", True),
        ("partner", "Jess", "partner", "jess", False),
        ("is married to", "Tom", "partner", "tom", False),
        ("has pet", "Biscuit", "pet", "biscuit", False),
        ("had", "an interview at Meta", "had", "interview at meta", False),
    ],
)
def test_states_announced_in_other_words_share_one_slot(
    predicate: str, obj: str, key: str, value: str, negated: bool
) -> None:
    slot = normalise("Noor", predicate, obj)
    assert (slot.predicate, slot.object, slot.negated) == (key, value, negated)


def test_diet_car_and_partner_hold_one_value_but_pets_and_events_many() -> None:
    assert all(is_single_valued(key) for key in ("diet", "drives", "partner", "team"))
    assert not is_single_valued("pet") and not is_single_valued("had")


def test_a_gp_and_a_doctor_are_one_single_valued_slot_and_so_are_a_number_and_a_phone_number() -> None:
    assert normalise("Ana", "gp", "Dr. Lind").predicate == normalise("Ana", "doctor", "Dr. Byrne").predicate == "doctor"
    assert normalise("Ana", "phone number", "0611").predicate == normalise("Ana", "number", "0622").predicate == "phone"
    assert is_single_valued("doctor") and is_single_valued("phone") and is_single_valued("editor")


def test_how_often_and_the_people_who_look_after_one_are_single_valued() -> None:
    assert normalise("Temi", "run how often", "every morning").single_valued
    assert normalise("Temi", "accountant", "Mei Lin").single_valued and normalise("Temi", "rent", "£1,350").single_valued


def test_a_supplier_a_main_client_and_an_items_price_are_one_at_a_time() -> None:
    assert normalise("Jamal", "coffee supplier", "North Star").predicate == normalise("Jamal", "supplier", "Dark Woods").predicate
    assert normalise("Jamal", "supplier", "Dark Woods").single_valued
    assert normalise("Farah", "main client", "Orange").single_valued
    assert normalise("Jamal", "flat white price", "£3.60").single_valued


def test_a_new_favourite_is_the_same_favourite_slot() -> None:
    assert normalise("Greta", "new favourite band", "boygenius").predicate == "favourite_band"
    assert normalise("Greta", "favourite band", "Florence").predicate == "favourite_band"


def test_after_all_said_to_take_a_value_back_is_no_part_of_the_value() -> None:
    assert normalise("Jo", "is not allergic to", "cats after all") == normalise("Jo", "is not allergic to", "cats")
