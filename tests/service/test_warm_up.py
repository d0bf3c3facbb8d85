from engram_mcp.service.memory import MemoryService


def test_a_few_questions_are_asked_of_each_namespace_and_no_use_is_counted(service: MemoryService) -> None:
    service.remember("I moved to Berlin last week.", speaker="Ana")
    service.remember("The quarterly report is due on Friday.", speaker="Ben", namespace="work")
    assert service.warm_up() == 2 * 8
    assert all(service.usage.get(m.id).access_count == 0 for m in service.memories())
    service.recall("Where did Ana move?")
    assert any(service.usage.get(m.id).access_count == 1 for m in service.memories())


def test_many_namespaces_share_a_budget_of_one_question_each(service: MemoryService) -> None:
    for number in range(40):
        service.remember(f"Note {number} about the garden.", speaker="Ana", namespace=f"n{number}")
    assert service.warm_up() == 32
