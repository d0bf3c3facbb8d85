from dataclasses import replace
from datetime import datetime, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.purge_plan import plan_purge, plan_purge_entity

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def memory(memory_id: str, text: str, turns: tuple[str, ...] = (), **fields: object) -> Memory:
    kind = Kind.EPISODE if memory_id.startswith("t") else Kind.FACT
    return Memory(
        id=memory_id, kind=kind, type=MemoryType.SEMANTIC, text=text, created_at=NOW,
        provenance=Provenance(speaker="Sam", turn_ids=turns), **fields,  # type: ignore[arg-type]
    )


def by_id(*memories: Memory) -> dict[str, Memory]:
    return {m.id: m for m in memories}


WEEK = by_id(
    memory("t-1", "Hi! I'm Sam. I work at Google in London."),
    memory("t-2", "I have a dog called Biscuit. He is a beagle."),
    memory("t-3", "I moved to Dublin today. Biscuit handled the ferry fine."),
    memory("t-4", "I live in Dublin now."),
    memory("f-google", "Sam works at Google in London.", ("t-1",), subject="Sam", superseded_by="f-meta"),
    memory("f-meta", "Sam works at Meta.", (), subject="Sam", supersedes=("f-google",)),
    memory("f-dog", "Sam has a dog called Biscuit.", ("t-2",), subject="Sam", entities=("Sam", "Biscuit")),
    memory("f-moved", "Sam moved to Dublin today.", ("t-3",), subject="Sam", superseded_by="f-lives"),
    memory("f-lives", "Sam lives in Dublin now.", ("t-4", "t-3"), subject="Sam", supersedes=("f-moved",)),
    memory("f-vet", "Biscuit's vet is Dr. Walsh.", (), subject="Biscuit", superseded_by="f-vet2"),
    memory("f-vet2", "Biscuit's vet is Dr. Kelly.", (), subject="Biscuit", supersedes=("f-vet",)),
)


def test_purging_a_turn_takes_only_the_facts_drawn_from_it_alone() -> None:
    plan = plan_purge(WEEK, ["t-3"])
    assert plan.remove == ("f-moved", "t-3")
    rewritten = {m.id: m for m in plan.rewritten}
    assert rewritten["f-lives"].provenance.turn_ids == ("t-4",) and rewritten["f-lives"].supersedes == ()


def test_purging_a_fact_cuts_the_sentences_stating_it_and_keeps_the_rest_of_the_turn() -> None:
    plan = plan_purge(WEEK, ["f-moved"])
    assert plan.remove == ("f-moved",)
    rewritten = {m.id: m for m in plan.rewritten}
    assert rewritten["t-3"].text == "Biscuit handled the ferry fine." and plan.redacted == ("t-3",)
    # The later version stays current and no longer points at a purged one.
    assert rewritten["f-lives"].supersedes == ()


def test_purging_a_fact_never_follows_its_chain_into_older_values() -> None:
    plan = plan_purge(WEEK, ["f-meta"])
    assert plan.remove == ("f-meta",)
    assert {m.id: m for m in plan.rewritten}["f-google"].superseded_by is None
    assert "t-1" not in plan.remove


def test_purging_an_entity_takes_its_facts_and_sentences_and_nothing_else() -> None:
    plan = plan_purge_entity(WEEK, "Biscuit", "default")
    assert set(plan.remove) == {"f-dog", "f-vet", "f-vet2", "t-2"}
    rewritten = {m.id: m for m in plan.rewritten}
    assert rewritten["t-3"].text == "I moved to Dublin today."
    assert {"t-4", "f-lives", "f-moved", "t-1"}.isdisjoint(plan.remove)


def test_purging_an_entity_named_in_a_list_keeps_the_rest_of_the_list() -> None:
    memories = by_id(
        memory("t-1", "My main clients are Lego and a small agency called Hvid. Invoices go out on the 25th."),
        memory("t-2", "Tom and I went hiking. The trail was closed."),
        memory("t-3", "My dog is Rex and my cat is Tom. He is grumpy."),
    )
    rewritten = {m.id: m.text for m in plan_purge_entity(memories, "Hvid", "default").rewritten}
    assert rewritten["t-1"] == "My main clients are Lego. Invoices go out on the 25th."
    # Named first in a list, the speaker beside it stays; followed by a sentence that may go on about it, none of that stays.
    tom = {m.id: m.text for m in plan_purge_entity(memories, "Tom", "default").rewritten}
    assert tom["t-2"] == "I went hiking. The trail was closed."
    assert tom["t-3"] == "My dog is Rex."


TENANTS = by_id(
    memory("t-1", "Flat 4 is Ricardo Fortuin. He plays bass in a band."),
    memory("t-2", "Flat 1 Lwazi, Flat 4 Ricardo. The roof needs work."),
    memory("t-3", "Ricardo's rent is late again. Simone paid hers."),
    memory("t-4", "I wrote to Mr. Fortuin about the blind."),
    memory("f-rent", "Ricardo's rent is R6,900.", ("t-3",), subject="Ricardo"),
    memory("f-simone", "Simone's rent is R7,200.", (), subject="Simone"),
)


def test_purging_a_full_name_takes_what_calls_the_person_by_given_name_or_title() -> None:
    plan = plan_purge_entity(TENANTS, "ricardo fortuin", "default")
    rewritten = {m.id: m.text for m in plan.rewritten}
    assert set(plan.remove) == {"t-1", "t-4", "f-rent"}
    assert rewritten == {"t-2": "Flat 1 Lwazi. The roof needs work.", "t-3": "Simone paid hers."}


def test_a_given_name_another_full_name_shares_is_not_taken_for_the_person() -> None:
    memories = {**TENANTS, **by_id(memory("t-5", "Ricardo Silva fixed the gate."))}
    plan = plan_purge_entity(memories, "Ricardo Fortuin", "default")
    assert set(plan.remove) == {"t-1", "t-4"}
    assert "f-rent" not in plan.remove and "t-3" not in {m.id for m in plan.rewritten}


def test_a_given_name_signing_a_pasted_letter_is_the_person_so_every_mention_of_it_goes() -> None:
    memories = by_id(
        memory("t-1", "I met Henrik Madsen, who runs the mass spectrometry side of the Core."),
        memory("t-2", "News in my inbox:\n\n'Dear colleagues,\nI will be leaving at the end of November.\nWarm regards,\nHenrik'"
                      "\n\nThe timing is not ideal."),
        memory("t-3", "Henrik's farewell gathering this afternoon. Lovely kringle."),
        memory("t-4", "Henrik'll be missed. The printer won't."),
    )
    plan = plan_purge_entity(memories, "Henrik Madsen", "default")
    rewritten = {m.id: m.text for m in plan.rewritten}
    assert plan.remove == ("t-1",)
    assert "Henrik" not in rewritten["t-2"] and "Henrik" not in rewritten["t-3"] and "The timing is not ideal." in rewritten["t-2"]
    assert rewritten["t-4"] == "The printer won't."


def test_a_two_word_name_never_written_in_part_mid_sentence_takes_only_itself() -> None:
    memories = by_id(
        memory("t-1", "Coffee at Blue Bottle again."),
        memory("t-2", "Blue skies today, so I walked."),
    )
    plan = plan_purge_entity(memories, "Blue Bottle", "default")
    assert plan.remove == ("t-1",) and not plan.rewritten


def test_a_list_item_with_commas_in_brackets_goes_whole() -> None:
    memories = by_id(memory("t-1", "Got it - Bubba (GK, asthma), Kai (CB, moving end of June), Teo (injured)."))
    [redacted] = plan_purge_entity(memories, "Kai", "default").rewritten
    assert redacted.text == "Got it - Bubba (GK, asthma) and Teo (injured)."


def test_purging_an_entity_named_first_keeps_a_later_clause_about_the_speaker_alone() -> None:
    memories = by_id(
        memory("t-1", "moved out of the flat w jan, living alone in rotterdam now"),
        memory("t-2", "Had lunch with Jan, we talked for hours, he is moving to Oslo."),
        memory("f-1", "Felix is living alone in rotterdam now.", ("t-1",), subject="Felix"),
        memory("f-2", "Felix moved out of the flat w jan.", ("t-1",), subject="Felix"),
    )
    plan = plan_purge_entity(memories, "jan", "default")
    assert {m.id: m.text for m in plan.rewritten}["t-1"] == "living alone in rotterdam now."
    assert set(plan.remove) == {"t-2", "f-2"}
    pat = by_id(memory("t-1", "Our neighbour Pat is feeding the cat while we're away, the cat's called Smudge."))
    assert plan_purge_entity(pat, "Pat", "default").rewritten[0].text == "the cat's called Smudge."


def test_a_turn_left_saying_nothing_of_its_own_but_going_on_about_the_one_forgotten_goes_whole() -> None:
    memories = by_id(
        memory("t-1", "daisuke (my ex) messaged me again asking to meet. i said no. why does he still do this"),
        memory("t-2", "yeah. daisuke is in the past. ok back to pipetting"),
        memory("t-3", "Daisuke texted. Allergic to cats."),
        memory("t-4", "Daisuke called. Tom laughed at him, he thinks it is funny."),
        memory("t-5", "Daisuke wrote to me again. I said no. Why does he still do this?"),
    )
    plan = plan_purge_entity(memories, "Daisuke", "default")
    assert {"t-1", "t-5"} <= set(plan.remove)
    assert {m.id: m.text for m in plan.rewritten} == {
        "t-2": "yeah. ok back to pipetting", "t-3": "Allergic to cats.", "t-4": "Tom laughed at him, he thinks it is funny."}


def test_a_titles_full_stop_ends_no_sentence_so_forgetting_a_fact_leaves_no_name_behind() -> None:
    memories = by_id(
        memory("t-1", "My boss is Mr. Adeyemi, he wants the bridge report by Friday. I drive a Honda."),
        memory("f-boss", "Sam's boss is Mr. Adeyemi.", ("t-1",), subject="Sam"),
    )
    [turn] = plan_purge(memories, ["f-boss"]).rewritten
    assert turn.text == "I drive a Honda."


def test_forgetting_a_name_takes_its_facts_and_sentences_whichever_apostrophe_they_use() -> None:
    memories = by_id(
        memory("t-1", "Dr O’Brien sent a letter about my blood test. I booked a follow-up."),
        memory("t-2", "dr o'brien called me."),
        memory("f-gp", "Sam's GP is Dr O’Brien.", (), subject="Sam", entities=("Sam", "O’Brien")),
        memory("f-clinic", "The clinic is on Elm Street.", (), subject="O´Brien"),
    )
    plan = plan_purge_entity(memories, "O'Brien", "default")
    assert set(plan.remove) == {"t-2", "f-gp", "f-clinic"}
    assert {m.id: m.text for m in plan.rewritten} == {"t-1": "I booked a follow-up."}


def test_forgetting_a_name_closed_by_an_abbreviation_takes_its_whole_sentence_and_no_fragment_stays() -> None:
    memories = by_id(
        memory("t-1", "I signed with ACME Ltd. yesterday."),
        memory("t-2", "acme ltd. is slow to pay. Bob works at Initech."),
        memory("t-3", "I signed with ACME Ltd. Bob was pleased."),
        memory("f-signed", "Sam signed with ACME Ltd. yesterday.", ("t-1",), subject="Sam", entities=("Sam", "ACME Ltd")),
    )
    for asked in ("ACME Ltd.", "ACME Ltd"):
        plan = plan_purge_entity(memories, asked, "default")
        assert set(plan.remove) == {"t-1", "f-signed"}
        assert {m.id: m.text for m in plan.rewritten} == {"t-2": "Bob works at Initech.", "t-3": "Bob was pleased."}


def test_no_sentence_ends_inside_the_name_forgotten() -> None:
    memories = by_id(memory("t-1", "Lunch with Mum. I met J. Smith at the bank. Bob came too."))
    [turn] = plan_purge_entity(memories, "J. Smith", "default").rewritten
    assert turn.text == "Lunch with Mum. Bob came too."


def test_a_double_name_holding_the_name_forgotten_is_someone_elses() -> None:
    memories = by_id(
        memory("t-1", "Ann is my accountant."),
        memory("t-2", "My manager is Ann-Marie Smith."),
        memory("t-3", "Mary-Ann starts on Monday."),
        memory("t-4", "The Ann-approved budget went through."),
        memory("f-manager", "Sam's manager is Ann-Marie Smith.", ("t-2",), subject="Sam"),
    )
    plan = plan_purge_entity(memories, "Ann", "default")
    assert set(plan.remove) == {"t-1", "t-4"} and not plan.rewritten


def test_a_longer_name_written_where_only_a_place_goes_is_that_place_wherever_it_is_written() -> None:
    memories = by_id(
        memory("t-1", "Ann is my accountant."),
        memory("t-2", "We drove to Ann Arbor last summer."),
        memory("t-3", "Ann Arbor has great bagels."),
        memory("t-4", "Ann Smith sent the invoice. The total was fine."),
        memory("t-5", "I went to Ann Smith's office."),
        memory("f-drove", "Sam drove to Ann Arbor last summer.", ("t-2",), subject="Sam", entities=("Sam", "Ann Arbor")),
    )
    plan = plan_purge_entity(memories, "Ann", "default")
    # A surname after the given name is still Ann, and so is a name followed by a possessive after "to".
    assert set(plan.remove) == {"t-1", "t-5"}
    assert {m.id: m.text for m in plan.rewritten} == {"t-4": "The total was fine."}


def test_a_longer_name_the_memory_knows_as_someone_else_is_not_taken_with_the_name_forgotten() -> None:
    memories = by_id(
        memory("t-1", "Ivan fixed my bike. Ivan Petrov moved to Sofia."),
        memory("f-ivan", "Ivan is my neighbour.", ("t-1",), subject="Ivan"),
        memory("f-petrov", "Ivan Petrov lives in Sofia.", ("t-1",), subject="Ivan Petrov"),
        memory("f-maria", "Мария Петрова works at Yandex.", (), subject="Мария Петрова"),
        memory("f-masha", "Мария lives in Kazan.", (), subject="Мария"),
    )
    ivan = plan_purge_entity(memories, "Ivan", "default")
    assert "f-ivan" in ivan.remove and "f-petrov" not in ivan.remove
    assert {m.id: m.text for m in ivan.rewritten} == {"t-1": "Ivan Petrov moved to Sofia."}
    assert set(plan_purge_entity(memories, "Мария", "default").remove) == {"f-masha"}
    # Known only in its longer form, a short name may be that person's: it takes them as before.
    assert "f-maria" in plan_purge_entity(by_id(memories["f-maria"]), "Мария", "default").remove


def test_forgetting_a_place_takes_no_one_who_shares_its_first_word() -> None:
    memories = by_id(
        memory("t-1", "I called Ann yesterday about the tax return."),
        memory("t-2", "We moved to Ann Arbor in May."),
    )
    assert plan_purge_entity(memories, "Ann Arbor", "default").remove == ("t-2",)


def test_forgetting_a_person_named_will_keeps_sentences_where_will_is_a_verb() -> None:
    memories = by_id(
        memory("t-1", "Will is my cousin. I will call the plumber on Friday."),
        memory("t-2", "I may come tomorrow to fix the fence."),
        memory("t-3", "May is my sister and she lives in Leeds."),
        memory("f-cousin", "Sam's cousin is Will.", ("t-1",), subject="Sam", entities=("Sam", "Will")),
        memory("f-plumber", "Sam will call the plumber on Friday.", ("t-1",), subject="Sam"),
        memory("f-fence", "Sam may come tomorrow to fix the fence.", ("t-2",), subject="Sam"),
    )
    will = plan_purge_entity(memories, "Will", "default")
    assert will.remove == ("f-cousin",)
    assert {m.id: m.text for m in will.rewritten} == {"t-1": "I will call the plumber on Friday."}
    assert plan_purge_entity(memories, "May", "default").remove == ("t-3",)


def test_forgetting_a_person_takes_every_turn_they_spoke_whole_and_the_facts_drawn_from_them() -> None:
    def said_by(memory_id: str, text: str, speaker: str, turns: tuple[str, ...] = (), **fields: object) -> Memory:
        spoken = memory(memory_id, text, turns, **fields)
        return replace(spoken, provenance=replace(spoken.provenance, speaker=speaker))

    memories = by_id(
        said_by("t-1", "Hi, it's me, about the boiler repair.", "Quentin Zarvelli"),
        said_by("t-2", "I live in Harrogate and I fix boilers.", "quentin zarvelli"),
        said_by("t-3", "My van is blue.", "Mr Zarvelli"),
        said_by("t-4", "The boiler is fixed. Search results below.", "Zarvelli Search"),
        said_by("t-5", "Booked the boiler repair for Friday.", "Sam"),
        said_by("f-home", "Quentin Zarvelli lives in Harrogate.", "Quentin Zarvelli", ("t-2",), subject="Quentin Zarvelli"),
        said_by("f-trade", "The caller fixes boilers.", "Quentin Zarvelli", ("t-2", "t-5")),
    )
    plan = plan_purge_entity(memories, "Quentin Zarvelli", "default")
    assert plan.remove == ("f-home", "f-trade", "t-1", "t-2", "t-3")
    assert not plan.rewritten


def at(year: int, month: int) -> datetime:
    return datetime(year, month, 1, tzinfo=timezone.utc)


HOMES = by_id(
    memory("f-leeds", "Sam lives in Leeds.", (), subject="Sam", valid_at=at(2025, 1), invalid_at=at(2026, 6),
           expired_at=at(2026, 6), superseded_by="f-york"),
    memory("f-york", "Sam lives in York.", (), subject="Sam", valid_at=at(2026, 6), invalid_at=at(2026, 9),
           expired_at=at(2026, 9), supersedes=("f-leeds",), superseded_by="f-hull"),
    replace(memory("f-hull", "Sam lives in Hull.", (), subject="Sam", valid_at=at(2026, 9), supersedes=("f-york",)),
            created_at=at(2026, 10)),
)


def test_purging_the_newest_value_of_a_chain_leaves_the_one_before_current_again_with_no_end_dated_by_it() -> None:
    memories = {key: value for key, value in HOMES.items() if key != "f-hull"}
    memories["f-york"] = replace(memories["f-york"], invalid_at=None, expired_at=None, superseded_by=None)
    [york] = [m for m in plan_purge(memories, ["f-leeds"]).rewritten]
    assert york.supersedes == () and york.is_current()  # forgetting the older value leaves the newer as it was
    [leeds] = plan_purge(memories, ["f-york"]).rewritten
    assert (leeds.superseded_by, leeds.invalid_at, leeds.expired_at) == (None, None, None) and leeds.is_current()


def test_purging_a_value_inside_a_chain_ends_the_one_before_where_the_next_begins() -> None:
    rewritten = {m.id: m for m in plan_purge(HOMES, ["f-york"]).rewritten}
    leeds, hull = rewritten["f-leeds"], rewritten["f-hull"]
    assert (leeds.superseded_by, leeds.invalid_at, leeds.expired_at) == ("f-hull", at(2026, 9), at(2026, 10))
    assert hull.supersedes == ("f-leeds",) and hull.is_current()


def test_forgetting_whom_something_was_done_with_keeps_what_was_done() -> None:
    memories = by_id(memory("t-1", "I moved to York with my partner Sven. The flat is tiny."),
                     memory("t-2", "Had lunch with Sven, we talked for hours, he is moving to Oslo."))
    plan = plan_purge_entity(memories, "Sven", "default")
    assert {m.id: m.text for m in plan.rewritten} == {"t-1": "I moved to York. The flat is tiny."}
    assert "t-2" in plan.remove


def test_forgetting_what_a_turn_named_keeps_a_fact_drawn_from_it_that_a_person_made_their_own() -> None:
    from engram_mcp.model import Source

    said = memory("t-1", "My brother Tom works at KPMG.")
    drawn = memory("f-kpmg", "Tom works at KPMG.", ("t-1",), subject="Tom", entities=("Tom", "KPMG"),
                   superseded_by="f-deloitte")
    reworded = memory("f-deloitte", "Tom works at Deloitte.", ("t-1",), subject="Tom", entities=("Tom", "Deloitte"),
                      supersedes=("f-kpmg",))
    reworded = replace(reworded, provenance=replace(reworded.provenance, source=Source.HUMAN_EDIT))
    pinned = memory("f-pinned", "Tom is my brother.", ("t-1",), subject="Tom", pinned=True)
    plan = plan_purge_entity(by_id(said, drawn, reworded, pinned), "KPMG", "default")
    assert plan.remove == ("f-kpmg", "t-1")
    kept = {m.id: m for m in plan.rewritten}
    assert kept["f-deloitte"].provenance.turn_ids == () and kept["f-pinned"].provenance.turn_ids == ()


def test_a_fact_drawn_from_a_sentence_naming_the_one_forgotten_stays_when_it_does_not_name_them() -> None:
    said = memory("t-1", "Malton won the final. Tariq's truck is back with him, and we did the dinner, Samira insisted on paying.")
    dinner = memory("f-dinner", "Sam and others did the dinner, Samira insisted on paying.", ("t-1",), subject="Sam")
    plan = plan_purge_entity(by_id(said, dinner), "Tariq", "default")
    assert plan.remove == ()
    assert [m.text for m in plan.rewritten] == ["Malton won the final."]


def test_a_fact_listing_a_place_that_shares_a_friends_name_stays_when_the_friend_is_forgotten() -> None:
    memories = by_id(
        memory("t-1", "My friend Jordan lives in Leeds."),
        memory("t-2", "Planning a trip to Jordan to see Petra next spring."),
        memory("f-friend", "User's friend Jordan lives in Leeds.", ("t-1",), subject="user's friend", entities=("Jordan", "Leeds")),
        memory("f-trip", "User is planning a trip to Jordan to see Petra.", ("t-2",), subject="user", entities=("Jordan", "Petra")),
    )
    assert plan_purge_entity(memories, "Jordan", "default").remove == ("f-friend", "t-1")


def test_forgetting_a_fact_keeps_the_other_facts_told_in_its_sentence_and_the_words_that_tell_them() -> None:
    memories = by_id(
        memory("t-1", "I work at Tesco as a cashier, and my dog is called Biscuit."),
        memory("f-tesco", "Sam works at Tesco.", ("t-1",), subject="Sam", object="Tesco"),
        memory("f-cashier", "Sam works as a cashier.", ("t-1",), subject="Sam", object="cashier"),
        memory("f-dog", "Sam's dog is called Biscuit.", ("t-1",), subject="Sam's dog", object="Biscuit"),
    )
    plan = plan_purge(memories, ["f-tesco"])
    assert plan.remove == ("f-tesco",)
    assert [(m.id, m.text) for m in plan.rewritten] == [("t-1", "I work as a cashier, and my dog is called Biscuit.")]


def test_forgetting_a_fact_takes_every_turn_saying_it_again_and_the_facts_that_restate_it() -> None:
    memories = by_id(
        memory("t-1", "I'm allergic to penicillin."),
        memory("t-2", "I had a rash, so reminder: allergic to penicillin!"),
        memory("t-3", "My penicillin allergy flared up."),
        memory("t-4", "My sister is allergic to penicillin too."),
        memory("f-allergy", "Sam is allergic to penicillin.", ("t-1",), subject="Sam", object="penicillin"),
        memory("f-again", "Sam has a penicillin allergy.", ("t-3",), subject="Sam", object="penicillin allergy"),
        memory("f-flare", "Sam had a flare-up.", ("t-3",), subject="Sam", object="flare-up"),
    )
    plan = plan_purge(memories, ["f-allergy"])
    assert plan.remove == ("f-again", "f-allergy", "t-1", "t-3")
    assert {m.id: m.text for m in plan.rewritten} == {"t-2": "I had a rash.", "f-flare": "Sam had a flare-up."}
    # What was told beside it stays, though nothing is left of the turn it was drawn from.
    assert {m.id: m for m in plan.rewritten}["f-flare"].provenance.turn_ids == ()


def said(memory_id: str, text: str, minute: int, role: str = "user") -> Memory:
    """A turn of one session, by Sam or, with ``role`` "assistant", the assistant's reply."""
    return Memory(id=memory_id, kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text, created_at=NOW,
                  valid_at=NOW.replace(minute=minute),
                  provenance=Provenance(speaker="assistant" if role == "assistant" else "Sam", role=role, session="s-1"))


def test_forgetting_someone_takes_what_the_reply_says_only_of_what_was_said_of_them() -> None:
    week = by_id(
        said("t-1", "Lucan messaged, he's selling his spare Diamante for £900. Tempting, mine's 7 years old.", 0),
        said("t-2", "A Diamante for £900 could be decent value if it's looked after. A service for yours is cheaper.", 1, "assistant"),
        said("t-3", "Booked the dentist for Friday, and Marlowe's rate stays at £3.90.", 2),
        said("t-4", "Noted, dentist on Friday.", 3, "assistant"),
    )
    plan = plan_purge_entity(week, "Lucan", "default")
    rewritten = {m.id: m.text for m in plan.rewritten}
    assert rewritten == {"t-1": "Tempting, mine's 7 years old.", "t-2": "A service for yours is cheaper."}
    assert plan.remove == ()


def test_a_reply_sharing_words_with_what_the_turn_kept_stays_when_someone_is_forgotten() -> None:
    week = by_id(
        said("t-1", "Tita Baby is selling her chest freezer, 6,500. Good for ice candy at the store.", 0),
        said("t-2", "A freezer could pay for itself with ice candy.", 1, "assistant"),
    )
    plan = plan_purge_entity(week, "Tita Baby", "default")
    assert {m.id: m.text for m in plan.rewritten} == {"t-1": "Good for ice candy at the store."}
    assert plan.remove == ()


def test_what_stays_of_a_reply_sentence_naming_the_one_forgotten_goes_when_it_speaks_only_of_what_went() -> None:
    week = by_id(
        said("t-1", "Tolani again: Lisbon is confirmed for 16-19 Oct. Flights about £140 with a bag.", 0),
        said("t-2", "Noted for the hen do: Lisbon 16-19 October, £200 deposit to Tolani by Friday.", 1, "assistant"),
    )
    plan = plan_purge_entity(week, "Tolani", "default")
    assert {m.id: m.text for m in plan.rewritten} == {"t-1": "Flights about £140 with a bag."}
    assert plan.remove == ("t-2",)


def said_on(memory_id: str, text: str, day: int) -> Memory:
    """A turn by Sam on ``day``, in that day's session."""
    return Memory(id=memory_id, kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text, created_at=NOW,
                  valid_at=NOW.replace(day=1 + day), provenance=Provenance(speaker="Sam", role="user", session=f"s-{day}"))


GUS_DRAFT = said_on("t-1", "Gus sent over a contract draft, he gets final say on 'hero moments'.", 0)


def test_forgetting_someone_takes_what_a_later_turn_says_again_of_what_went_with_them_by_pronoun() -> None:
    later = said_on("t-2", "Not doing the thing. The 'hero moments' clause was too controlling. Told him thanks but no.", 3)
    plan = plan_purge_entity(by_id(GUS_DRAFT, later), "Gus", "default")
    assert plan.remove == ("t-1",)
    assert {m.id: m.text for m in plan.rewritten} == {"t-2": "Not doing the thing."}


def test_a_later_turn_saying_again_what_another_turn_that_stays_says_too_stays() -> None:
    own = said_on("t-3", "I'm adding a 'hero moments' section to my own contract.", 1)
    later = said_on("t-2", "Not doing the thing. The 'hero moments' clause was too controlling. Told him thanks but no.", 3)
    plan = plan_purge_entity(by_id(GUS_DRAFT, own, later), "Gus", "default")
    assert plan.remove == ("t-1",) and plan.rewritten == ()


def test_a_later_turn_naming_someone_else_stays() -> None:
    later = said_on("t-2", "The 'hero moments' clause was too much. Told Sam thanks but no, he was fine.", 3)
    plan = plan_purge_entity(by_id(GUS_DRAFT, later), "Gus", "default")
    assert plan.remove == ("t-1",) and plan.rewritten == ()


def test_a_reply_saying_again_what_turns_that_stay_say_too_stays_when_someone_is_forgotten() -> None:
    week = by_id(
        said("t-1", "Serkan sent the new unloading address: Neuss, Hansastraße 12, ramp 3.", 0),
        said("t-2", "Noted: unloading is now at Neuss, Hansastraße 12, ramp 3.", 1, "assistant"),
        said("t-3", "Parked before Nürnberg, off to Neuss'a early tomorrow.", 2),
    )
    plan = plan_purge_entity(week, "Serkan", "default")
    assert plan.remove == ("t-1",) and plan.rewritten == ()


def test_a_later_turn_speaking_of_a_relation_stays() -> None:
    later = said_on("t-2", "Mum saw it too: the 'hero moments' clause is odd, she said.", 3)
    plan = plan_purge_entity(by_id(GUS_DRAFT, later), "Gus", "default")
    assert plan.remove == ("t-1",) and plan.rewritten == ()


def test_a_later_turn_saying_again_only_a_small_number_stays() -> None:
    draft = said_on("t-1", "Gus sent over a contract draft, 15 percent each way.", 0)
    later = said_on("t-2", "Turned 15 today, she's thrilled.", 3)
    plan = plan_purge_entity(by_id(draft, later), "Gus", "default")
    assert plan.remove == ("t-1",) and plan.rewritten == ()


def test_forgetting_someone_takes_a_fact_told_of_them_by_pronoun_in_the_turn_naming_them() -> None:
    memories = by_id(
        memory("t-1", "Bubba Thibodaux came by the dock today. I told him in front of everybody I saw him at my traps. "
                      "The weather was fine for the boat."),
        memory("f-told", "Sam told him in front of everybody Sam saw him at Sam's traps.", ("t-1",), subject="Sam"),
        memory("f-weather", "The weather was fine for the boat.", ("t-1",), subject="Sam"),
    )
    plan = plan_purge_entity(memories, "Thibodaux", "default")
    assert "f-told" in plan.remove and "f-weather" not in plan.remove
