from dataclasses import replace
from datetime import datetime, timezone

import pytest

from engram_mcp.model import Kind, Memory, MemoryType, Provenance, Source
from engram_mcp.model.predicates import normalise
from engram_mcp.model.supersede import (
    Verdict,
    chain,
    compare,
    ended_by,
    reopen,
    retract,
    reword,
    slot_of,
    stands_against,
    still_worded,
    supersede,
    told_late,
    unsaid,
    was_unsaid,
)
from engram_mcp.model.temporal import believed_at, true_at

JAN = datetime(2026, 1, 1, tzinfo=timezone.utc)
MAR = datetime(2026, 3, 1, tzinfo=timezone.utc)
JUN = datetime(2026, 6, 1, tzinfo=timezone.utc)


def fact(memory_id: str, text: str, valid: datetime) -> Memory:
    return Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text, created_at=valid, valid_at=valid)


GOOGLE = fact("f-000000000001", "Ali works at Google.", JAN)
META = fact("f-000000000002", "Ali works at Meta.", MAR)


def test_another_value_of_a_single_valued_predicate_supersedes() -> None:
    assert compare(slot_of(META), slot_of(GOOGLE)) is Verdict.SUPERSEDES


def test_the_same_slot_is_a_duplicate_and_the_opposite_polarity_a_contradiction() -> None:
    likes, hates = normalise("Ali", "likes", "tea"), normalise("Ali", "doesn't", "like tea")
    assert compare(likes, normalise("Ali", "loves", "tea")) is Verdict.DUPLICATE
    assert compare(hates, likes) is Verdict.SUPERSEDES


def test_multi_valued_predicates_are_compatible_and_unknown_ones_ambiguous() -> None:
    assert compare(normalise("Ali", "likes", "chess"), normalise("Ali", "likes", "tea")) is Verdict.COMPATIBLE
    assert compare(normalise("Ali", "is", "a nurse"), normalise("Ali", "is", "a runner")) is Verdict.AMBIGUOUS
    assert compare(None, slot_of(GOOGLE)) is Verdict.AMBIGUOUS


def relative(memory_id: str, text: str, subject: str, obj: str, valid: datetime) -> Memory:
    return replace(fact(memory_id, text, valid), subject=subject, predicate="works at", object=obj)


def test_a_job_of_one_named_son_leaves_his_brothers_job_current_and_his_own_later_job_replaces_it() -> None:
    joon = relative("f-000000000011", "Young-hee's son Joon works at Boeing.", "Young-hee's son", "Boeing", JAN)
    minjun = relative("f-000000000012", "Young-hee's son Minjun works at Samsung.", "Young-hee's son", "Samsung", MAR)
    joon_later = relative("f-000000000013", "Young-hee's son Joon works at Amazon.", "Young-hee's son", "Amazon", JUN)
    assert compare(slot_of(minjun), slot_of(joon)) is Verdict.COMPATIBLE
    assert compare(slot_of(joon_later), slot_of(joon)) is Verdict.SUPERSEDES


def test_a_relatives_fact_that_names_no_one_is_about_whichever_of_them_was_named() -> None:
    joon = relative("f-000000000011", "Young-hee's son Joon works at Boeing.", "Young-hee's son", "Boeing", JAN)
    unnamed = relative("f-000000000014", "Young-hee's son works at Amazon.", "Young-hee's son", "Amazon", MAR)
    assert compare(slot_of(unnamed), slot_of(joon)) is Verdict.SUPERSEDES


def test_supersede_returns_new_values_and_leaves_the_originals_alone() -> None:
    old, new = supersede(GOOGLE, META, JUN)
    assert GOOGLE.invalid_at is None and META.supersedes == ()
    assert (old.invalid_at, old.expired_at, old.superseded_by) == (MAR, JUN, META.id)
    assert new.supersedes == (GOOGLE.id,)
    assert true_at(old, JAN) and not true_at(old, MAR) and believed_at(old, MAR) and not believed_at(old, JUN)


def test_a_late_report_about_an_earlier_time_arrives_already_superseded() -> None:
    current, late = supersede(META, GOOGLE, JUN)
    assert late.invalid_at == MAR and late.superseded_by == META.id and current.supersedes == (GOOGLE.id,)


def test_a_value_told_late_for_a_time_between_two_known_ones_takes_its_place_in_the_history() -> None:
    paris, lisbon = fact("f-paris", "Ali lives in Paris.", JAN), fact("f-lisbon", "Ali lives in Lisbon.", JUN)
    paris, lisbon = supersede(paris, lisbon, JUN)
    oslo = fact("f-oslo", "Ali lives in Oslo.", MAR)
    changed, oslo = told_late(lisbon, oslo, {paris.id: paris, lisbon.id: lisbon}.get, JUN)
    by_id = {m.id: m for m in changed}
    paris, lisbon = by_id[paris.id], by_id[lisbon.id]
    assert [m.id for m in chain({m.id: m for m in (paris, lisbon, oslo)}, oslo.id)] == [paris.id, oslo.id, lisbon.id]
    assert true_at(paris, JAN) and not true_at(paris, MAR)
    assert true_at(oslo, MAR) and not true_at(oslo, JUN) and not believed_at(oslo, JUN)
    assert true_at(lisbon, JUN) and lisbon.supersedes == (oslo.id,)


def test_a_value_told_late_for_a_time_before_every_known_one_is_ended_by_the_first() -> None:
    changed, google = told_late(META, GOOGLE, {}.get, JUN)
    assert google.invalid_at == MAR and google.superseded_by == META.id
    assert [m.supersedes for m in changed] == [(GOOGLE.id,)]


def test_a_chain_is_walked_from_any_of_its_versions_oldest_first() -> None:
    old, new = supersede(GOOGLE, META, JUN)
    memories = {old.id: old, new.id: new}
    assert [m.id for m in chain(memories, old.id)] == [m.id for m in chain(memories, new.id)] == [old.id, new.id]


def test_retract_ends_now_and_never_true_leaves_an_empty_interval() -> None:
    ended = retract(GOOGLE, MAR)
    assert true_at(ended, JAN) and not true_at(ended, MAR) and not believed_at(ended, MAR)
    wrong = retract(GOOGLE, MAR, never_true=True)
    assert not true_at(wrong, JAN) and replace(wrong, expired_at=None).invalid_at == JAN


def test_a_fact_its_corrected_turn_no_longer_says_was_believed_until_then_never_true_and_is_told_from_other_endings() -> None:
    withdrawn = unsaid(GOOGLE, MAR)
    assert believed_at(withdrawn, JAN) and not believed_at(withdrawn, MAR) and not true_at(withdrawn, JAN)
    assert was_unsaid(withdrawn)
    superseded, _ = supersede(GOOGLE, META, MAR)
    assert not any(was_unsaid(m) for m in (GOOGLE, retract(GOOGLE, MAR), superseded))


def test_what_a_withdrawn_fact_ended_in_the_world_holds_again_and_what_was_believed_meanwhile_is_kept() -> None:
    AUG = datetime(2026, 8, 1, tzinfo=timezone.utc)
    google, meta = supersede(GOOGLE, META, MAR)
    withdrawn = unsaid(meta, JUN)
    memories = {m.id: m for m in (google, withdrawn)}
    [ended] = ended_by(withdrawn, memories.get)
    assert ended.id == GOOGLE.id
    kept, again = reopen(ended, "f-000000000009", JUN)
    assert again.text == GOOGLE.text and again.supersedes == (GOOGLE.id,) and kept.superseded_by == again.id
    assert believed_at(kept, JAN) and not believed_at(kept, MAR) and not believed_at(again, MAR)
    assert believed_at(withdrawn, MAR), "between the move and its withdrawal, the move was what was believed"
    assert believed_at(again, JUN) and again.is_current() and true_at(again, JAN) and true_at(again, AUG)


def test_a_wording_replaced_by_one_later_withdrawn_is_not_what_it_ended() -> None:
    old, new = reword(GOOGLE, "f-000000000009", "Ali works at Google as a welder.", MAR, source=Source.USER)
    assert ended_by(unsaid(new, JUN), {old.id: old}.get) == []


def test_the_users_word_stands_against_the_assistants_and_not_the_other_way_round() -> None:
    from engram_mcp.model import Provenance, Source

    base = Memory(id="f-0000000000aa", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Sam lives in Porto.",
                  created_at=datetime(2026, 1, 1, tzinfo=timezone.utc), valid_at=datetime(2026, 1, 1, tzinfo=timezone.utc))
    user = replace(base, provenance=Provenance(role="user", source=Source.USER))
    assistant = replace(base, id="f-0000000000bb", provenance=Provenance(role="assistant", source=Source.USER))
    person = replace(base, id="f-0000000000cc", provenance=Provenance(source=Source.HUMAN_EDIT))
    assert stands_against(user, assistant) and not stands_against(assistant, user)
    assert not stands_against(assistant, replace(assistant, id="f-0000000000dd"))
    assert stands_against(person, assistant) and stands_against(person, user) and not stands_against(user, person)


def test_a_tools_output_ends_no_fact_of_the_user_or_the_assistant_however_sure_it_is() -> None:
    from engram_mcp.model import Provenance, Source

    base = Memory(id="f-0000000000aa", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Sam lives in Porto.",
                  created_at=datetime(2026, 1, 1, tzinfo=timezone.utc), valid_at=datetime(2026, 1, 1, tzinfo=timezone.utc))
    user = replace(base, provenance=Provenance(role="user", source=Source.USER))
    imported = replace(base, id="f-0000000000ab", provenance=Provenance(role="user", source=Source.IMPORT))
    assistant = replace(base, id="f-0000000000bb", provenance=Provenance(role="assistant", source=Source.ASSISTANT))
    tool = replace(base, id="f-0000000000cc", certainty=1.0, provenance=Provenance(role="tool", source=Source.TOOL))
    assert stands_against(user, tool) and stands_against(imported, tool) and stands_against(assistant, tool)
    assert not stands_against(tool, user) and not stands_against(tool, assistant)
    assert not stands_against(tool, replace(tool, id="f-0000000000dd"))


def test_a_surer_fact_stands_against_a_guess_and_a_strong_inference_ends_what_was_said() -> None:
    stated = replace(GOOGLE, certainty=1.0)
    inferred = replace(GOOGLE, id="f-0000000000ee", certainty=0.7)
    guessed = replace(GOOGLE, id="f-0000000000ff", certainty=0.4)
    assert stands_against(stated, guessed) and stands_against(inferred, guessed)
    assert not stands_against(stated, inferred) and not stands_against(guessed, stated)
    assert not stands_against(guessed, replace(guessed, id="f-0000000000ab"))


def test_a_habits_days_said_of_the_thing_are_the_habits_days_and_another_habit_is_not() -> None:
    teaching = normalise("Leila", "teach yoga how often", "on Mondays")
    assert teaching.predicate == "teach_yoga_how_often"
    assert compare(normalise("Leila", "yoga how often", "on Tuesdays"), teaching) is Verdict.SUPERSEDES
    assert compare(normalise("Leila", "golf how often", "on Tuesdays"), teaching) is Verdict.AMBIGUOUS
    assert compare(normalise("Leila", "practise yoga how often", "daily"), teaching) is Verdict.AMBIGUOUS


def test_a_habit_said_by_its_gerund_is_the_habit_said_by_its_verb() -> None:
    running = normalise("Ingrid", "running how often", "on Tuesday evenings")
    assert compare(running, normalise("Ingrid", "run how often", "on Thursday evenings")) is Verdict.SUPERSEDES
    assert compare(normalise("Ingrid", "cycling how often", "daily"), normalise("Ingrid", "cycle how often", "weekly")) is Verdict.SUPERSEDES
    assert compare(running, normalise("Ingrid", "swim how often", "weekly")) is not Verdict.SUPERSEDES


def test_a_habits_kind_said_alone_is_that_habit() -> None:
    assert compare(normalise("Mateo", "training how often", "on Wednesdays"),
                   normalise("Mateo", "football how often", "on Tuesdays")) is Verdict.SUPERSEDES


def test_a_fact_reworded_by_hand_says_the_object_its_new_words_say() -> None:
    welder = replace(fact("f-000000000003", "Ana works at Zqacme as a welder.", JAN), subject="Ana", predicate="works",
                     object="at Zqacme as a welder")

    def reworded(text: str) -> str | None:
        return reword(welder, "f-000000000004", text, MAR, source=Source.HUMAN_EDIT)[1].object

    assert reworded("Ana works at Zqacme as a plumber.") == "at Zqacme as a plumber"
    assert reworded("Ana works at Zqacme as a welder, nights.") == "at Zqacme as a welder"
    assert reworded("Ana has retired.") is None


def test_a_fact_reworded_by_hand_names_what_its_new_words_name() -> None:
    kpmg = replace(fact("f-000000000003", "Tom works at KPMG in Leeds.", JAN), subject="Tom", predicate="works at",
                   object="KPMG", entities=("Tom", "KPMG", "Leeds"))

    def named(text: str) -> tuple[str, ...]:
        return reword(kpmg, "f-000000000004", text, MAR, source=Source.HUMAN_EDIT)[1].entities

    assert named("Tom works at Deloitte in Leeds.") == ("Tom", "Leeds", "Deloitte")
    assert named("Tom's at KPMG, in York now.") == ("Tom", "KPMG")
    assert named("He retired.") == ()


def test_a_thing_named_after_its_owner_holds_its_own_slot_and_ends_no_job_or_partner() -> None:
    job = fact("f-000000000003", "Lucía's job is floor supervisor.", JAN)
    spreadsheet = fact("f-000000000004", "Lucía's job search spreadsheet has 40 rows now.", MAR)
    married = fact("f-000000000005", "Ali is married to Tom.", JAN)
    husbands_work = fact("f-000000000006", "Ali's husband Tom works at Google.", MAR)
    manager_left = fact("f-000000000007", "Ali's manager Priya left.", MAR)
    assert compare(slot_of(spreadsheet), slot_of(job)) is not Verdict.SUPERSEDES
    assert compare(slot_of(husbands_work), slot_of(married)) is not Verdict.SUPERSEDES
    assert slot_of(manager_left) != slot_of(fact("f-000000000008", "Ali's manager is Priya.", JAN))


def test_a_thing_of_someones_keeps_them_as_its_subject_so_their_corrections_find_it() -> None:
    wedding = slot_of(replace(fact("f-000000000009", "Amara's sister Chioma's wedding is on 14 June.", JAN), subject="Amara"))
    assert wedding is not None and wedding.subject == "amara" and wedding.object == "14 june"


def test_a_name_with_s_standing_for_is_or_has_still_reads_as_its_subject_and_verb() -> None:
    moving = slot_of(fact("f-000000000010", "Ali's moving to Leeds.", MAR))
    got = slot_of(fact("f-000000000011", "Ali's got a new bike.", MAR))
    assert moving is not None and (moving.subject, moving.predicate, moving.object) == ("ali", "moving_to", "leeds")
    assert got is not None and (got.subject, got.predicate) == ("ali", "got")


def test_a_successor_that_begins_after_the_present_ends_the_old_fact_ahead_without_withdrawing_it() -> None:
    klarna = fact("f-000000000003", "Ali works at Klarna.", JUN)
    meta, klarna = supersede(META, replace(klarna, created_at=MAR), MAR, present=MAR)
    assert meta.invalid_at == JUN and meta.expired_at is None and meta.superseded_by == klarna.id
    assert true_at(meta, MAR) and believed_at(meta, MAR)
    begun, _ = supersede(META, klarna, JUN, present=JUN)
    assert begun.expired_at == JUN, "a successor that has begun withdraws the old fact as before"


@pytest.mark.parametrize(
    ("statement", "value", "corrected", "held"),
    [("Sam lives in Leeds.", "in Leeds", "I live in York now.", False),
     ("Sam lives in Leeds.", "in Leeds", "i live in leeds, near the station", True),
     ("Sam works at Siemens.", "at Siemens", "I work at Bosch.", False),
     ("Sam loves hiking.", None, "I love hiking in the hills", True),
     ("Sam loves hiking.", None, "I love swimming", False),
     ("Sam's mum is Rita.", "Rita", "My mum is Rita", True),
     ("Sam asked: always answer in British English.", "always answer in British English",
      "Please always answer in British English!", True)],
)
def test_a_facts_value_is_still_worded_by_a_corrected_turn_only_when_every_word_of_it_is_there(
    statement: str, value: str | None, corrected: str, held: bool
) -> None:
    drawn = replace(fact("f-00000000000a", statement, JAN), subject="Sam", object=value, entities=("Sam", "Leeds"),
                    provenance=Provenance(speaker="Sam"))
    assert still_worded(drawn, corrected) is held


def test_a_car_sold_by_part_of_its_name_or_by_its_kind_ends_the_car_driven() -> None:
    driven = normalise("Jo", "drives", "blue VW Golf")
    assert compare(normalise("Jo", "no longer drives", "Golf"), driven) is Verdict.SUPERSEDES
    assert compare(normalise("Jo", "no longer drives", "car"), driven) is Verdict.SUPERSEDES
    assert compare(normalise("Jo", "no longer drives", "Tesla"), driven) is Verdict.COMPATIBLE
