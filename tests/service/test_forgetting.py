from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.errors import NamespaceNotFound
from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.worker import fact_from
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.index.guarded import GuardedIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind
from engram_mcp.retrieval.status import CURRENT
from engram_mcp.service.facts import FactService
from engram_mcp.service.forgetting import ForgetMode, Forgetting
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock


def told(service: MemoryService, facts: FactService, clock: SteppingClock, *lines: str) -> None:
    """Each line remembered as Ana's turn, with the facts the rules extractor draws from it."""
    for text in lines:
        stored = service.remember(text, speaker="Ana")
        for extracted in RulesExtractor().extract(stored, []):
            facts.add_extracted(fact_from(extracted, stored, clock()))


def turns(service: MemoryService) -> list[str]:
    return sorted(m.text for m in service.memories() if m.kind is Kind.EPISODE)


def files(folder: Path) -> str:
    return "".join(page.read_text() for page in folder.rglob("*.md") if ".engram" not in page.parts)


def test_forgetting_a_name_leaves_no_mention_of_it_whichever_apostrophe_was_typed(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting, tmp_path: Path
) -> None:
    told(service, facts, clock, "Dr O'Brien is my GP.", "dr o'brien called me.",
         "Dr O’Brien sent a letter about my blood test. I booked the follow-up.")
    facts.state("O’Brien works at the Elm Street practice.", subject="O’Brien")
    forgetting.forget_entity("O'Brien")
    assert "brien" not in files(tmp_path).lower()
    assert turns(service) == ["I booked the follow-up."]


def test_forgetting_a_friend_keeps_the_doctor_the_film_star_and_the_city_that_share_their_name(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting
) -> None:
    told(service, facts, clock, "My friend Lee is moving to Glasgow.", "Appointment with Dr Lee on Friday at 3pm.",
         "Bruce Lee films are great.", "My friend Paris is a nurse.", "We're flying to Paris in May.")
    forgetting.forget_entity("Lee")
    forgetting.forget_entity("Paris")
    assert turns(service) == ["Appointment with Dr Lee on Friday at 3pm.", "Bruce Lee films are great.",
                              "We're flying to Paris in May."]


def test_forgetting_an_employer_keeps_a_recipe_with_the_fruit_of_its_name(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting
) -> None:
    told(service, facts, clock, "I work at Apple as a designer.", "Apple pie recipe: 6 apples, 200g butter.")
    forgetting.forget_entity("Apple")
    assert turns(service) == ["Apple pie recipe: 6 apples, 200g butter."]
    assert not [m for m in service.memories() if m.kind is Kind.FACT and "Apple" in m.text]


def test_retracting_a_name_ends_the_facts_whose_subject_writes_its_apostrophe_another_way(
    facts: FactService, forgetting: Forgetting
) -> None:
    stated = facts.state("O’Brien works at the Elm Street practice.", subject="O’Brien").memory
    receipt = forgetting.forget_entity("O'Brien", ForgetMode.RETRACT)
    assert stated is not None and receipt.retracted == (stated.id,)


def test_forgetting_a_company_named_with_an_abbreviation_takes_whole_sentences_and_leaves_no_fragment(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting, tmp_path: Path
) -> None:
    told(service, facts, clock, "I signed with ACME Ltd. yesterday.", "acme ltd. is slow to pay. Bob works at Initech.")
    forgetting.forget_entity("ACME Ltd.")
    assert turns(service) == ["Bob works at Initech."]
    assert "acme" not in files(tmp_path).lower()


def test_forgetting_a_given_name_keeps_the_place_and_the_double_name_that_begin_with_it(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting, tmp_path: Path
) -> None:
    told(service, facts, clock, "Ann is my accountant.", "We drove to Ann Arbor last summer.",
         "My manager is Ann-Marie Smith.", "Anna plays the violin.", "Ann Smith sent the invoice. Bob paid on Friday.")
    forgetting.forget_entity("Ann")
    assert turns(service) == ["Anna plays the violin.", "Bob paid on Friday.", "My manager is Ann-Marie Smith.",
                              "We drove to Ann Arbor last summer."]
    left = files(tmp_path)
    assert "Ann Smith" not in left and "Ann is" not in left and "Ann Arbor" in left and "Ann-Marie Smith" in left
    assert any("Ann-Marie Smith" in m.text for m in service.memories() if m.kind is Kind.FACT)


def test_forgetting_a_person_named_will_keeps_sentences_where_will_is_a_verb(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting, tmp_path: Path
) -> None:
    told(service, facts, clock, "Will is my cousin.", "I will call the plumber on Friday about the leak.",
         "May is my sister.", "I may come tomorrow to fix the fence.")
    forgetting.forget_entity("Will")
    forgetting.forget_entity("May")
    assert turns(service) == ["I may come tomorrow to fix the fence.", "I will call the plumber on Friday about the leak."]
    left = files(tmp_path)
    assert "Will is" not in left and "May is" not in left and "plumber" in left and "fence" in left
    assert any("plumber" in m.text for m in service.memories() if m.kind is Kind.FACT)


def test_a_name_that_is_also_a_function_word_is_forgotten_though_no_fact_is_about_it(
    service: MemoryService, forgetting: Forgetting
) -> None:
    service.remember("Will is my cousin.", speaker="Sam")
    service.remember("I will call the plumber on Friday.", speaker="Sam")
    receipt = forgetting.forget_entity("Will")
    assert [item.action for item in receipt.items] == ["removed"]
    assert turns(service) == ["I will call the plumber on Friday."]


def test_forgetting_a_fact_takes_it_out_of_a_sync_tools_conflict_copy_of_its_page_and_the_preview_says_so(
    service: MemoryService, facts: FactService, forgetting: Forgetting, tmp_path: Path
) -> None:
    pin = facts.state("Ana's PIN code is 4821.", subject="Ana").memory
    facts.state("Ana works at Google.", subject="Ana")
    assert pin is not None
    shutil.copy(tmp_path / "facts" / "ana.md", tmp_path / "facts" / "ana (conflicted copy 2024-06-01).md")
    service.reconcile()  # the copy is read, as at a restart: check reports its blocks as repeated
    pages = ("markdown:facts/ana (conflicted copy 2024-06-01).md", "markdown:facts/ana.md")
    preview = forgetting.forget(pin.id, dry_run=True)
    assert preview.removed_from[:2] == pages and "4821" in files(tmp_path)
    receipt = forgetting.forget(pin.id)
    assert receipt.removed_from[:2] == pages
    assert "4821" not in files(tmp_path) and files(tmp_path).count("Ana works at Google.") == 2
    assert pin.id not in MarkdownStore(tmp_path).load_all().memories  # nothing of it comes back at a restart


def test_forgetting_a_name_cuts_its_sentence_from_every_copy_of_the_turn(
    service: MemoryService, facts: FactService, forgetting: Forgetting, tmp_path: Path
) -> None:
    turn = service.remember("Ana is my cousin. I fixed the fence.", speaker="Sam")
    page = tmp_path / str(service.file_of(turn.id))
    copy = page.with_name(f"{page.stem}.sync-conflict-20240601-101010-ABCDEFG.md")
    shutil.copy(page, copy)
    service.reconcile()
    preview = forgetting.forget_entity("Ana", dry_run=True)
    assert len([place for place in preview.removed_from if place.startswith("markdown:")]) == 2
    forgetting.forget_entity("Ana")
    for path in (page, copy):
        assert "Ana" not in path.read_text() and "I fixed the fence." in path.read_text()
    assert set(service.files_of(turn.id)) == {PurePosixPath(p.relative_to(tmp_path).as_posix()) for p in (page, copy)}


def test_forgetting_a_full_name_takes_the_sentences_opening_with_the_given_name_alone_but_not_another_of_that_name(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting, tmp_path: Path
) -> None:
    told(service, facts, clock, "My coach is Ricardo Fortuin. Ricardo said I should run more. Mr Fortuin is strict.",
         "Ylva told me to stretch. I bought new shoes.", "My therapist is Ylva Strand.")
    forgetting.forget_entity("Ricardo Fortuin")
    forgetting.forget_entity("Ylva Strand")
    assert turns(service) == ["I bought new shoes."]
    assert "Ricardo" not in files(tmp_path) and "Ylva" not in files(tmp_path)
    # Another known full name with the same given name keeps the sentences calling someone by it.
    told(service, facts, clock, "My coach is Ines Valdez.", "My neighbour is Ines Moreau.", "Ines said hi.")
    forgetting.forget_entity("Ines Valdez")
    assert turns(service) == ["I bought new shoes.", "Ines said hi.", "My neighbour is Ines Moreau."]


def test_forgetting_a_person_takes_every_turn_they_spoke_from_the_pages_and_recall(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting, tmp_path: Path
) -> None:
    for text in ("Hi, it's me, I'm calling about the boiler repair.", "I live in Harrogate and I fix boilers."):
        stored = service.remember(text, speaker="Quentin Zarvelli")
        for extracted in RulesExtractor().extract(stored, []):
            facts.add_extracted(fact_from(extracted, stored, clock()))
    service.remember("Booked the boiler repair for Friday.", speaker="Ana")
    assert any(m.subject == "Quentin Zarvelli" for m in service.memories())
    forgetting.forget_entity("Quentin Zarvelli")
    assert "Zarvelli" not in files(tmp_path) and "Harrogate" not in files(tmp_path)
    assert turns(service) == ["Booked the boiler repair for Friday."]
    recalled = service.recall("Who fixes boilers in Harrogate?")
    assert all("Harrogate" not in m.memory.text and m.memory.provenance.speaker == "Ana" for m in recalled.memories)


def test_forgetting_the_newest_value_of_a_chain_leaves_the_one_before_current_on_the_page_and_in_recall(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting, tmp_path: Path
) -> None:
    for text, day in (("I live in Leeds.", datetime(2025, 1, 1, tzinfo=timezone.utc)),
                      ("I moved to York.", datetime(2026, 6, 1, tzinfo=timezone.utc))):
        stored = service.remember(text, speaker="Ana", event_time=day)
        for extracted in RulesExtractor().extract(stored, []):
            facts.add_extracted(fact_from(extracted, stored, clock()))
    [york] = [m for m in service.memories() if m.kind is Kind.FACT and "York" in m.text]
    forgetting.forget(york.id)
    [leeds] = [m for m in MarkdownStore(tmp_path).load_all().memories.values() if m.kind is Kind.FACT]
    assert "Leeds" in leeds.text and leeds.is_current() and leeds.superseded_by is None
    assert "York" not in files(tmp_path) and "2026-06-01" not in files(tmp_path)
    recalled = service.recall("Where does Ana live?")
    assert [m.memory.id for m in recalled.memories if m.memory.kind is Kind.FACT] == [leeds.id]
    assert all(m.status == CURRENT for m in recalled.memories)


def test_forgetting_after_the_state_folder_was_deleted_succeeds_and_says_the_index_was_not_compacted(
    tmp_path: Path, embedder: OnnxEmbedder, clock: SteppingClock
) -> None:
    folder = tmp_path / ".engram" / "index"
    index = GuardedIndex(lambda: EdgeIndex(folder, embedder.dimension), folder)
    service = MemoryService(MarkdownStore(tmp_path), index, embedder, clock)
    service.reconcile()
    try:
        service.remember("I work at Fennick Tools.", speaker="Mara")
        service.remember("My daughter Wren plays the cello.", speaker="Mara")
        index.flush()
        shutil.rmtree(tmp_path / ".engram")  # "derived, hidden, safe to delete", even while serving
        receipt = Forgetting(service, FactService(service, clock), clock).forget_entity("Fennick Tools")
        assert [item.text for item in receipt.items] == ["I work at Fennick Tools."]
        assert "index-segments" not in receipt.removed_from and "markdown:journal/2026-11-30.md" in receipt.removed_from
        assert "Fennick" not in files(tmp_path) and turns(service) == ["My daughter Wren plays the cello."]
    finally:
        index.close()


def test_forgetting_in_a_namespace_that_does_not_exist_is_refused_naming_those_that_do_and_nothing_is_lost(
    service: MemoryService, facts: FactService, forgetting: Forgetting, tmp_path: Path
) -> None:
    turn = service.remember("My manager Ivo approved my raise.", namespace="work")
    facts.state("Ivo manages the platform team.", subject="Ivo", namespace="work")
    before = files(tmp_path)
    for forget in (lambda: forgetting.forget_entity("Ivo", namespace="wrok"),
                   lambda: forgetting.forget_entity("Ivo", namespace="wrok", dry_run=True),
                   lambda: forgetting.forget(turn.id, namespace="wrok"),
                   lambda: facts.entities("wrok")):
        with pytest.raises(NamespaceNotFound, match=r"^no namespace 'wrok' \(did you mean 'work'\?\); .* Namespaces: default, work$"):
            forget()
    assert files(tmp_path) == before


def test_forgetting_someone_first_in_a_list_and_the_next_turn_going_on_about_them_through_the_service(
    service: MemoryService, forgetting: Forgetting, tmp_path: Path
) -> None:
    for text in ("Had dinner with Priya, Jonas and Mei at the Thai place.", "My neighbour Priya keeps parking in my spot.",
                 "she did it again this morning, I left a note", "The bins go out on Tuesdays now."):
        service.remember(text, speaker="Dana", session="2026-03-02")
    preview = forgetting.forget_entity("Priya", dry_run=True)
    forgetting.forget_entity("Priya")
    assert turns(service) == ["Had dinner with Jonas and Mei at the Thai place.", "The bins go out on Tuesdays now."]
    assert "Priya" not in files(tmp_path) and "left a note" not in files(tmp_path)
    assert {(item.action, item.text) for item in preview.items} == {
        ("redacted", "Priya"),
        ("removed", "My neighbour Priya keeps parking in my spot."),
        ("removed", "she did it again this morning, I left a note"),
    }


def test_a_namespace_whose_last_memory_was_forgotten_is_asked_of_as_empty_not_refused(
    service: MemoryService, forgetting: Forgetting
) -> None:
    """A client set up for a namespace keeps working once everything in it is forgotten: recall and as_of find
    nothing there (an abstention), rather than a tool error saying the namespace does not exist."""
    turn = service.remember("My PIN hint is blue whale.", namespace="bank")
    forgetting.forget(turn.id, namespace="bank")

    assert service.recall("What is my PIN hint?", namespace="bank").abstained
    assert service.as_of(datetime(2030, 1, 1, tzinfo=timezone.utc), namespace="bank").memories == ()
    with pytest.raises(NamespaceNotFound, match=r"^no namespace 'bnak' \(did you mean 'bank'\?\)"):
        service.recall("What is my PIN hint?", namespace="bnak")


def test_forgetting_a_fact_keeps_what_its_sentence_told_besides_and_takes_it_from_every_turn_saying_it(
    service: MemoryService, facts: FactService, clock: SteppingClock, forgetting: Forgetting, tmp_path: Path
) -> None:
    told(service, facts, clock, "I work at Tesco as a cashier, and my dog is called Biscuit.", "I'm allergic to penicillin.",
         "I had a rash, so reminder: allergic to penicillin!")
    [tesco] = [m for m in service.memories() if m.kind is Kind.FACT and "Tesco" in m.text]
    [allergy] = [m for m in service.memories() if m.kind is Kind.FACT and "penicillin" in m.text]
    tesco_receipt, allergy_receipt = forgetting.forget(tesco.id), forgetting.forget(allergy.id)
    assert turns(service) == ["I had a rash.", "I work as a cashier, and my dog is called Biscuit."]
    assert sorted(m.text for m in service.memories() if m.kind is Kind.FACT) == ["Ana works as a cashier.", "Ana's dog is called Biscuit."]
    assert "Tesco" not in files(tmp_path) and "penicillin" not in files(tmp_path)
    # The receipt says what was cut out of a sentence that stays.
    assert [(i.action, i.text) for i in tesco_receipt.items] == [("removed", "Ana works at Tesco."), ("redacted", "at Tesco")]
    assert {(i.action, i.text) for i in allergy_receipt.items} == {
        ("removed", "Ana is allergic to penicillin."), ("removed", "I'm allergic to penicillin."),
        ("redacted", "so reminder: allergic to penicillin!")}
