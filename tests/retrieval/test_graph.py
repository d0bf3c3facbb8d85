from engram_mcp.retrieval.graph import entity_hops

FACTS = {
    "f1": {"caroline", "lgbtq support group"},
    "f2": {"caroline", "lgbtq support group", "counseling"},
    "f3": {"caroline", "counseling"},
    "f4": {"caroline", "painting"},
}


def _naming(entity: str) -> set[str]:
    return {f for f, names in FACTS.items() if entity in names}


def _count(entity: str) -> int:
    return len(_naming(entity))


def test_a_fact_linked_to_a_hit_by_a_specific_entity_joins_with_part_of_its_score() -> None:
    reached = entity_hops([("f1", 1.0, FACTS["f1"])], _naming, _count, {"caroline"}, decay=0.5)
    assert reached == {"f2": 0.5}


def test_no_hop_through_an_entity_the_question_names_or_that_too_many_facts_name() -> None:
    # 'caroline' is named by the question; with max_facts=1 'lgbtq support group' is too common.
    assert entity_hops([("f1", 1.0, FACTS["f1"])], _naming, _count, {"caroline"}, max_facts=1) == {}
    assert "f4" not in entity_hops([("f1", 1.0, FACTS["f1"])], _naming, _count, set(), max_facts=3)


def test_only_the_best_seeds_pass_their_score_on() -> None:
    ranked = [("f4", 1.0, FACTS["f4"]), ("f1", 0.9, FACTS["f1"])]
    assert entity_hops(ranked, _naming, _count, {"caroline"}, seeds=1) == {}
