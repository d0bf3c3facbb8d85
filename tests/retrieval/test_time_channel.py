"""The time channel: a question that names a time finds that time's memories, whatever their words."""

from dataclasses import replace
from datetime import datetime, timedelta, timezone

from engram_mcp.retrieval.config import RecallConfig
from engram_mcp.service.memory import MemoryService

T0 = datetime(2024, 3, 1, 18, 0, tzinfo=timezone.utc)
DIARY = [
    "Did the laundry and then did the dishes.",
    "Did a yoga class in the morning, did some stretching after.",
    "Did my tax return, finally done.",
    "Did the weekly shop and did some batch cooking.",
    "Did nothing much, did a bit of reading.",
    "Did a long run and did the hill repeats.",
    "Did the school run and did some admin.",
    "Did the ironing and did the hoovering.",
    "Spent the afternoon repairing the garden fence with Tom.",  # 9 March
    "Did a swim and did a sauna.",
    "Did a pub quiz with friends, did badly.",
    "Did a cooking class, did a curry.",
]


def test_a_question_naming_a_day_finds_that_days_memory_beyond_the_other_channels_reach(
    service: MemoryService,
) -> None:
    for day, text in enumerate(DIARY):
        service.remember(text, speaker="me", role="user", session=f"d{day}", event_time=T0 + timedelta(days=day))
    question = "What did I do on 9 March 2024?"
    # A search depth of 3 stands in for a memory far larger than the channels' depth: the day's
    # memory shares no word with the question, so only the time channel can bring it in.
    service._retriever.config = replace(RecallConfig(), depth=3)
    assert service.recall(question, limit=3).memories[0].memory.text.startswith("Spent the afternoon repairing")
    service._retriever.config = replace(RecallConfig(), depth=3, time_weight=0.0)
    assert all("fence" not in m.memory.text for m in service.recall(question, limit=3).memories)


def test_a_question_about_a_day_is_answered_by_that_days_memories_and_declined_for_an_empty_day(
    service: MemoryService,
) -> None:
    for day, text in enumerate(DIARY):
        service.remember(text, speaker="me", role="user", session=f"d{day}", event_time=T0 + timedelta(days=day))
    for question in ("What did I do on 9 March 2024?", "What happened on 2024-03-09?"):
        found = service.recall(question, limit=3)
        assert not found.abstained and "garden fence" in found.memories[0].memory.text, question
    for question in ("What did I do on 20 March 2024?", "What happened in January 2024?"):
        assert service.recall(question, limit=3).abstained, question


def test_a_turn_told_in_its_own_offset_belongs_to_the_day_on_its_clock_and_a_utc_turn_to_its_utc_day(
    service: MemoryService,
) -> None:
    new_york, auckland = timezone(timedelta(hours=-5)), timezone(timedelta(hours=13))
    service.remember("Went bowling with Priya and Tom after dinner", speaker="Zoe",
                     event_time=datetime(2024, 3, 10, 21, 30, tzinfo=new_york))
    service.remember("Went to the farmers market and bought apples", speaker="Zoe",
                     event_time=datetime(2024, 3, 16, 10, 0, tzinfo=auckland))
    service.remember("Repotted the fern on the balcony", speaker="Zoe",
                     event_time=datetime(2024, 3, 12, 23, 30, tzinfo=timezone.utc))
    for day, said in (("10 March", "bowling"), ("16 March", "farmers market"), ("12 March", "fern")):
        found = service.recall(f"What did I do on {day} 2024?", limit=3)
        assert not found.abstained and said in found.memories[0].memory.text, day
    for day in ("11 March", "15 March", "13 March"):
        assert service.recall(f"What did I do on {day} 2024?", limit=3).abstained, day
