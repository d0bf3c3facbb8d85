from engram_mcp.model.entities import canonical, entity_id, entity_key, near_matches
from engram_mcp.model.predicates import subject_key


def test_case_spacing_possessives_and_plurals_share_one_key_and_id() -> None:
    assert entity_key("Ana ") == entity_key("ana") == entity_key("Ana's")
    assert entity_key("Dogs") == entity_key("dog")
    assert entity_id("Ana") == entity_id("ANA") != entity_id("Ana", kind="place")


def test_a_name_is_one_entity_however_its_apostrophe_or_its_abbreviation_is_typed() -> None:
    assert entity_key("O'Brien") == entity_key("O’Brien") == entity_key("o´brien") == entity_key("OBrien")
    assert entity_key("O’Brien’s") == entity_key("O'Brien")
    assert entity_key("ACME Ltd.") == entity_key("ACME Ltd") and entity_key("J. Smith") == entity_key("J Smith")
    assert entity_key("Node.js") != entity_key("Nodejs")


def test_names_that_look_the_same_are_one_entity_however_they_are_encoded() -> None:
    composed, decomposed = "Jos\u00e9 Garc\u00eda", "Jose\u0301 Garci\u0301a"  # macOS types the second
    assert entity_key(composed) == entity_key(decomposed) and entity_id(composed) == entity_id(decomposed)
    assert entity_key("\uff2d\uff41\uff52\uff59 \uff2c\uff45\uff45") == entity_key("Mary Lee")  # fullwidth
    assert entity_key("\u200f\u0645\u062d\u0645\u062f") == entity_key("\u0645\u062d\u0645\u062f")  # a right-to-left mark
    assert subject_key(decomposed) == subject_key(composed)
    assert entity_key("Jose Garcia") != entity_key(composed)


def test_a_known_spelling_wins_over_a_variant() -> None:
    assert canonical("ana", {"ana": "Ana"}) == "Ana"
    assert canonical("Bea", {"ana": "Ana"}) == "Bea"


def test_near_matches_are_listed_not_merged() -> None:
    pairs = near_matches(["Katherine", "Katharine", "Bob", "katherine"])
    assert [(m.name, m.other) for m in pairs] == [("Katharine", "Katherine")]
    assert near_matches(["Ana", "Bob"]) == []
