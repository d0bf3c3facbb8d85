from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.purge_plan import plan_purge_entity

NOW = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)


def week(*said: str) -> dict[str, Memory]:
    """Turns of one speaker, a day apart."""
    return {f"t-{day}": Memory(id=f"t-{day}", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text, created_at=NOW,
                               valid_at=NOW + timedelta(days=day), provenance=Provenance(speaker="Lena", role="user"))
            for day, text in enumerate(said)}


def left_after_forgetting(name: str, memories: dict[str, Memory]) -> list[str | None]:
    """Each turn's text once ``name`` is forgotten; None for a turn that went."""
    plan = plan_purge_entity(memories, name, "default")
    rewritten = {m.id: m.text for m in plan.rewritten}
    return [None if i in plan.remove else rewritten.get(i, m.text) for i, m in memories.items()]


DRILL = "Herr Baumann vom dritten Stock hat mir seine Bohrmaschine geliehen, die Akkus sind schon kaputt."


def test_a_sentence_right_after_one_naming_them_saying_again_a_thing_only_what_went_told_goes() -> None:
    said = week(DRILL, "bitte vergiss alles über Baumann. ich will nichts mehr von der Bohrmaschine hören. heute gehe ich laufen")
    assert left_after_forgetting("Baumann", said) == [None, "heute gehe ich laufen"]


def test_a_sentence_right_after_them_stays_when_what_it_says_again_stays_elsewhere_or_someone_else_is_spoken_of() -> None:
    forgotten = "bitte vergiss alles über Baumann. ich will nichts mehr von der Bohrmaschine hören"
    kept = "ich will nichts mehr von der Bohrmaschine hören"
    assert left_after_forgetting("Baumann", week(DRILL, "die alte Bohrmaschine liegt im Keller.", forgotten))[2] == kept
    said = week(DRILL, "bitte vergiss alles über Baumann. Jonas will die Bohrmaschine auch")
    assert left_after_forgetting("Baumann", said)[1] == "Jonas will die Bohrmaschine auch"
    # told only later, in what went: nothing is said again
    said = week("Baumann kommt morgen vorbei. ich brauche eine neue Bohrmaschine", "vergiss Baumann und seine Bohrmaschine.")
    assert left_after_forgetting("Baumann", said) == ["ich brauche eine neue Bohrmaschine", None]


def test_a_relation_spoken_of_beside_them_is_no_one_else_when_the_next_sentence_says_again_what_went() -> None:
    drone = "Kwame wants his DJI drone back, says I broke the gimbal."
    said = week(drone, "Kwame came round to my dad's place, I hid upstairs. dad handed him the DJI drone he left")
    assert left_after_forgetting("Kwame", said) == [None, "I hid upstairs."]
    said = week(drone, "Kwame came round, I hid upstairs. dad handed him the DJI drone he left")
    assert left_after_forgetting("Kwame", said)[1] == "I hid upstairs. dad handed him the DJI drone he left"


def test_a_sentence_right_after_them_saying_again_only_a_small_number_stays() -> None:
    said = week("Baumann kam um 10 mit dem Anhänger.", "vergiss Baumann bitte. morgen laufe ich um 10.")
    assert left_after_forgetting("Baumann", said)[1] == "morgen laufe ich um 10."


def test_a_later_sentence_of_a_turn_naming_them_saying_again_a_thing_only_what_went_told_goes_after_words_of_no_one() -> None:
    said = week("kev turned up sunburnt again, fell asleep on the bales lol",
                "kev didnt show after smoko. shed was chaos. sunburnt again probs", "new kid starts tmrw")
    assert left_after_forgetting("Kev", said) == [None, "shed was chaos.", "new kid starts tmrw"]
    # a sentence cut between ends the turn's going on
    said = week("kev the new packer turned up sunburnt", "also kev's gone. the foreman sent him packing. new packer starts tmrw")
    assert left_after_forgetting("Kev", said)[1] == "new packer starts tmrw"
