"""Asking through the service: recall a question, as_of a moment with or without one."""

from datetime import datetime, timezone

import pytest

from engram_mcp.errors import InvalidInput, NamespaceNotFound
from engram_mcp.model import Kind
from engram_mcp.model.temporal import Axis, visible_at
from engram_mcp.service.facts import FactService
from engram_mcp.service.inputs import MAX_QUERY_CHARS
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock


def texts(found: object) -> list[str]:
    return [item.memory.text for item in found.memories]  # type: ignore[attr-defined]


def test_recall_finds_a_turn_by_meaning_and_by_speaker(service: MemoryService) -> None:
    service.remember("I moved to Berlin last week with my dog Rex.", speaker="Ana")
    service.remember("The quarterly report is due on Friday.", speaker="Ben")
    found = service.recall("Where does Ana live now?")
    assert texts(found)[0] == "I moved to Berlin last week with my dog Rex."
    assert not found.abstained


def test_recall_abstains_when_nothing_relevant_is_stored(service: MemoryService) -> None:
    service.remember("I moved to Berlin last week with my dog Rex.", speaker="Ana")
    found = service.recall("lattice gauge theory of quarks")
    assert found.abstained
    assert found.memories == ()


def test_a_query_holding_half_an_emoji_is_refused_in_one_line_naming_where(service: MemoryService) -> None:
    service.remember("My wifi password is KX-4471.")
    with pytest.raises(InvalidInput) as refused:
        service.recall("wifi password \ud83d")
    assert str(refused.value) == (
        "query holds a lone surrogate (U+D83D) at position 14; it is not a character and cannot be searched for"
    )


def test_a_query_longer_than_a_question_is_refused_in_one_line_and_the_space_around_it_does_not_count(
    service: MemoryService,
) -> None:
    service.remember("My wifi password is KX-4471.")
    question = "What is my wifi password? ".ljust(MAX_QUERY_CHARS, "?")
    assert texts(service.recall(f"   {question}   ")) == ["My wifi password is KX-4471."]
    with pytest.raises(InvalidInput) as refused:
        service.recall(question + "?")
    assert str(refused.value) == f"query is {MAX_QUERY_CHARS + 1} characters; at most {MAX_QUERY_CHARS} are searched for"


def test_as_of_without_a_query_lists_what_had_happened_by_then(service: MemoryService) -> None:
    service.remember("We adopted a cat.", event_time=datetime(2024, 3, 1, tzinfo=timezone.utc))
    service.remember("We moved to Lisbon.", event_time=datetime(2025, 6, 1, tzinfo=timezone.utc))
    then = service.as_of(datetime(2024, 12, 31, tzinfo=timezone.utc))
    assert texts(then) == ["We adopted a cat."]


def test_as_of_without_a_query_takes_facts_then_the_latest_turns_visible_then_on_either_axis(
    service: MemoryService, clock: SteppingClock
) -> None:
    facts = FactService(service, clock)
    day = datetime(2025, 1, 1, tzinfo=timezone.utc)
    for n in range(12):
        service.remember(f"Turn number {n}.", event_time=day.replace(month=1 + n % 12, day=1 + n), memory_id=f"t-{n:012x}")
    service.remember("A turn in another namespace.", namespace="work", event_time=day)
    facts.state("Ali works at Google.", event_time=day)
    clock.jump_to(datetime(2026, 12, 5, tzinfo=timezone.utc))
    facts.state("Ali works at Meta.", event_time=day.replace(month=6))
    # Learned last, so read first from the latest back, yet ranked after turn 3 by its id.
    service.remember("A twin of turn 3, said at the same moment.", event_time=day.replace(month=4, day=4), memory_id="t-ffffffffffff")

    def by_rule(moment: datetime, axis: Axis, limit: int) -> list[str]:
        held = [m for m in service.memories() if m.namespace == "default" and visible_at(m, moment, axis)]
        held.sort(key=lambda m: (m.kind is Kind.EPISODE, -m.event_time.timestamp(), m.id))
        return [m.id for m in held[:limit]]

    moments = (day.replace(month=4, day=10), day.replace(month=7, day=2), datetime(2026, 11, 30, 10, tzinfo=timezone.utc), clock.now)
    for moment in moments:
        for axis in Axis:
            for limit in (1, 2, 3, 5, 30):
                found = [item.memory.id for item in service.as_of(moment, axis=axis, limit=limit).memories]
                assert found == by_rule(moment, axis, limit), (moment, axis, limit)


def test_as_of_on_the_known_axis_excludes_what_was_learned_later(
    service: MemoryService, clock: SteppingClock
) -> None:
    service.remember("Ana's favourite tea is oolong.")
    learned_first = clock.now
    clock.jump_to(datetime(2026, 12, 5, tzinfo=timezone.utc))
    service.remember("Ana's favourite tea is sencha now.")
    believed = service.as_of(learned_first, "What tea does Ana like?", axis=Axis.KNOWN)
    assert texts(believed) == ["Ana's favourite tea is oolong."]


def test_looking_back_answers_what_was_said_then_of_a_topic_known_though_only_later_words_name_it(
    service: MemoryService
) -> None:
    july = datetime(2026, 7, 6, 11, tzinfo=timezone.utc)
    for hour, text in enumerate(["Sunday: long run, 16k, the half marathon is on 22 Nov", "Olive's swimming Sat 9am",
                                 "dusty to the groomer on tuesday"]):
        service.remember(text, speaker="Wendy", event_time=july.replace(hour=11 + hour))
    service.remember("Switched my race entry from the half marathon to the 10k, my training is behind.", speaker="Wendy",
                     event_time=july.replace(day=8))
    then = service.as_of(july.replace(day=7), "What was Wendy training for?")
    assert not then.abstained and any("half marathon" in m.memory.text for m in then.memories[:3])
    assert service.as_of(july.replace(day=7), "What is Wendy's star sign?").abstained
    assert service.as_of(july.replace(day=7), "Which football club does Wendy support?").abstained


def test_looking_back_at_now_ranks_as_recall_does_so_facts_weigh_the_same_then_as_now(
    service: MemoryService, clock: SteppingClock
) -> None:
    # At full weight looking back, a fact that only names the person ("Yewande runs Adunni Prints")
    # went before what answers the question; the scenario weeks show it (docs/BENCHMARKS.md).
    facts = FactService(service, clock)
    monday = datetime(2026, 11, 2, 7, tzinfo=timezone.utc)
    service.remember("Hi, I'm Yewande, I run Adunni Prints from my workshop in Bodija.", speaker="Yewande",
                     event_time=monday)
    facts.state("Yewande runs Adunni Prints from Yewande's workshop in Bodija.", event_time=monday)
    service.remember("Right now all my Lagos orders go through GIG Logistics. They're okay but two parcels came late.",
                     speaker="Yewande", event_time=monday.replace(day=3))
    facts.state("Yewande's nephew Tunde helps on Saturdays.", event_time=monday.replace(day=4))
    question = "Which courier does Yewande use?"

    then = service.as_of(clock.now, question)
    now = service.recall(question)

    assert texts(then) == texts(now)


def test_a_question_asked_of_a_namespace_that_does_not_exist_is_refused_naming_those_that_do(service: MemoryService) -> None:
    service.remember("The deploy script needs --force on Fridays.", namespace="work")
    moment = datetime(2030, 1, 1, tzinfo=timezone.utc)
    for ask in (lambda: service.recall("deploy script", namespace="wrok"),
                lambda: service.as_of(moment, "deploy script", namespace="wrok"),
                lambda: service.as_of(moment, namespace="wrok")):
        with pytest.raises(NamespaceNotFound) as refused:
            ask()
        assert str(refused.value) == (
            "no namespace 'wrok' (did you mean 'work'?); nothing is stored there. Namespaces: default, work")
    with pytest.raises(NamespaceNotFound, match="^no namespace 'personal'; nothing is stored there"):
        service.recall("deploy script", namespace="personal")
    # The default namespace is asked though it holds nothing; one remembered into is there from then on.
    assert service.recall("deploy script").abstained
    service.remember("Buy oat milk.", namespace="personal")
    assert texts(service.recall("oat milk", namespace="personal")) == ["Buy oat milk."]
