from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.purge_plan import plan_purge_entity

NOW = datetime(2026, 3, 2, 19, tzinfo=timezone.utc)


def turns(*said: str | tuple[str, str], session: str | None = "2026-03-02") -> dict[str, Memory]:
    """Turns said in order, each a minute after the one before, by Dana unless a (role, text) says otherwise."""
    memories = {}
    for minute, each in enumerate(said):
        role, text = each if isinstance(each, tuple) else ("user", each)
        memories[f"t-{minute}"] = Memory(
            id=f"t-{minute}", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text, created_at=NOW,
            valid_at=NOW + timedelta(minutes=minute),
            provenance=Provenance(speaker="Dana" if role == "user" else None, role=role, session=session),
        )
    return memories


def left_after_forgetting(name: str, memories: dict[str, Memory]) -> dict[str, str | None]:
    """Each turn's text once ``name`` is forgotten; None for a turn that went."""
    plan = plan_purge_entity(memories, name, "default")
    rewritten = {m.id: m.text for m in plan.rewritten}
    return {i: None if i in plan.remove else rewritten.get(i, m.text) for i, m in memories.items()}


def test_forgetting_someone_first_in_a_list_keeps_the_others_in_it_however_the_list_is_joined() -> None:
    said = turns(
        "Had dinner with Priya, Jonas and Mei at the Thai place.",
        "Priya and Jonas came over to help me paint the hallway.",
        "Priya & Tomasz drove me to the airport on Friday.",
        "Priya, Lars, and Odile joined the book club this month.",
        "Priya, Lars, Odile, and Ana joined the choir.",
        "Me and Priya went bouldering at the new gym in Leith.",
        "Priya and I are going to the match on Saturday.",
        "Priya and Jonas were late again.",
    )
    assert list(left_after_forgetting("Priya", said).values()) == [
        "Had dinner with Jonas and Mei at the Thai place.",
        "Jonas came over to help me paint the hallway.",
        "Tomasz drove me to the airport on Friday.",
        "Lars and Odile joined the book club this month.",
        "Lars, Odile, and Ana joined the choir.",
        "I went bouldering at the new gym in Leith.",
        "I am going to the match on Saturday.",
        "Jonas was late again.",
    ]


def test_forgetting_someone_in_the_middle_or_last_of_a_list_keeps_what_follows_the_list() -> None:
    said = turns("Had dinner with Jonas, Priya and Mei at the Thai place.", "Had dinner with Jonas, Mei and Priya at the Thai place.")
    assert set(left_after_forgetting("Priya", said).values()) == {"Had dinner with Jonas and Mei at the Thai place."}
    # Named again after the list: the sentence goes whole, so no mention of them stays.
    assert left_after_forgetting("Priya", turns("Priya and Jonas came over, Priya brought a cake."))["t-0"] is None


def test_a_name_first_in_what_is_no_list_of_people_takes_its_sentence() -> None:
    said = turns(
        "I told Priya, she was upset about it.",
        "May is my sister and she lives in Leeds.",
        "After lunch, Priya and the kids left.",
    )
    left = left_after_forgetting("Priya", said)
    assert left["t-0"] is None and left["t-2"] is None
    assert left_after_forgetting("May", said)["t-1"] is None


def test_the_speakers_next_turn_going_on_about_the_one_forgotten_by_pronoun_goes() -> None:
    said = turns(
        "My neighbour Gregor keeps parking in my spot.",
        "he did it again this morning, I left a note",
        "Anyway, the plumber comes on Friday.",
    )
    assert left_after_forgetting("Gregor", said) == {"t-0": None, "t-1": None, "t-2": "Anyway, the plumber comes on Friday."}


def test_a_next_turn_mixing_the_one_forgotten_with_the_speakers_own_matters_keeps_those() -> None:
    said = turns(
        "My colleague Ruth asked me to review her slides.",
        ("assistant", "That sounds like a lot on your plate."),
        "She wants them done by Friday, and I also need to book the dentist. My knee still hurts.",
    )
    left = left_after_forgetting("Ruth", said)
    assert left == {"t-0": None, "t-1": "That sounds like a lot on your plate.",
                    "t-2": "I also need to book the dentist. My knee still hurts."}


def test_a_next_turn_going_on_about_them_after_a_few_words_of_the_speakers_own_goes_there() -> None:
    said = turns(
        "ok so theres this girl aaliyah in my chem class. she sits right next to me. idk man",
        ("assistant", "Ha, noted. Want help talking to her?"),
        "nah im good lol. just dont let me forget her bday is dec 12 if i ever get that far",
    )
    left = left_after_forgetting("Aaliyah", said)
    assert left["t-0"] == "idk man" and left["t-2"] == "nah im good lol."


def test_a_next_turns_pronoun_after_a_relation_or_another_name_is_theirs() -> None:
    for next_turn in ("ok thanks. my mum says she is coming on friday.", "ok thanks. Tomasz says he is coming on friday.",
                      "crazy news, noa took a job in berlin and flew out yesterday, she lives there now, i miss her"):
        said = turns("My neighbour Gregor keeps parking in my spot.", next_turn)
        assert left_after_forgetting("Gregor", said)["t-1"] == next_turn


def test_a_later_sentence_of_the_turn_opening_on_them_by_pronoun_goes_while_no_one_else_is_spoken_of_between() -> None:
    said = turns("ugh Tanvi followed me again. 2 years since the breakup. she's in Pune now, works at Infosys. whatever",
                 "Priya came by. The weather was awful. She brought cake.")
    left = left_after_forgetting("Tanvi", said)
    assert left["t-0"] == "2 years since the breakup. whatever"
    assert left_after_forgetting("Priya", said)["t-1"] == "The weather was awful."
    # typed without capitals, no name tells who a sentence between speaks of
    said = "ran into tom today. sarah from work says hi to everyone. she's pregnant"
    assert left_after_forgetting("Tom", turns(said))["t-0"] == "sarah from work says hi to everyone. she's pregnant"
    for between in ("Tom was there too.", "My sister was there too."):
        assert left_after_forgetting("Priya", turns(f"Priya came by. {between} She brought cake."))["t-0"] == f"{between} She brought cake."


def test_a_sentence_without_its_subject_right_after_one_naming_them_is_of_them() -> None:
    said = turns("3 people came. One guy, Tyrell Banks, applied on the spot. works at the Harley plant. not sure.")
    assert left_after_forgetting("Tyrell Banks", said)["t-0"] == "3 people came. not sure."
    # the speaker's next turn opening without its subject is the speaker's own
    said = turns("ngozi my bestie is coming over later. she always said he was never the one lol",
                 "viewed the roundhay flat. its lovely, quiet, 5 mins from the park. put the holding deposit down!!")
    assert left_after_forgetting("Ngozi", said)["t-1"] == said["t-1"].text


def test_a_sentence_going_on_without_its_subject_or_giving_their_number_after_one_about_them_is_of_them() -> None:
    said = turns("Cai came up after school to help with the frames. he's 16. lives out at Pontrilas, his mum drops him",
                 "mechanic wangu ni Kamau, Kirinyaga Road. number yake 0722 618 904. sawa")
    assert left_after_forgetting("Cai", said)["t-0"] is None
    assert left_after_forgetting("Kamau", said)["t-1"] == "sawa"


def test_a_next_turn_is_kept_when_its_pronoun_may_mean_someone_else() -> None:
    # It names someone else; the turn before ended on someone else; another session; the reply between named another.
    assert left_after_forgetting("Gregor", turns(
        "My neighbour Gregor keeps parking in my spot.", "he and Tomasz did it again this morning."))["t-1"] is not None
    assert left_after_forgetting("Gregor", turns(
        "Gregor keeps parking in my spot. My brother Tomasz visits today.", "he is bringing the kids."))["t-1"] is not None
    assert left_after_forgetting("Gregor", turns(
        "My neighbour Gregor keeps parking in my spot.", ("assistant", "Has Tomasz seen it?"), "he did it again."))["t-2"] is not None
    apart = {**turns("My neighbour Gregor keeps parking in my spot."), **{
        "t-9": turns("he did it again this morning.", session="2026-03-09")["t-0"]}}
    assert left_after_forgetting("Gregor", apart)["t-9"] == "he did it again this morning."
    assert left_after_forgetting("Gregor", turns("My neighbour Gregor keeps parking in my spot.", "it is raining again."))["t-1"]


def test_each_next_turn_going_on_about_them_goes_while_they_go_on() -> None:
    said = turns("My neighbour Gregor keeps parking in my spot.", "he did it again.", "he even blocked the bins.",
                 "The bins go out on Tuesdays now.")
    assert list(left_after_forgetting("Gregor", said).values()) == [None, None, None, "The bins go out on Tuesdays now."]


def test_a_fact_restating_only_what_was_cut_from_its_turn_goes_with_it() -> None:
    said = turns("My colleague Ruth asked me to review her slides.",
                 "She wants them done by Friday, and I also need to book the dentist.")
    facts = {
        "f-friday": Memory(id="f-friday", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="She wants the slides done by Friday.",
                           created_at=NOW, provenance=Provenance(speaker="Dana", turn_ids=("t-1",))),
        "f-dentist": Memory(id="f-dentist", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Dana needs to book the dentist.",
                            created_at=NOW, subject="Dana", provenance=Provenance(speaker="Dana", turn_ids=("t-1",))),
    }
    plan = plan_purge_entity({**said, **facts}, "Ruth", "default")
    assert "f-friday" in plan.remove and "f-dentist" not in plan.remove


def test_who_they_are_to_the_speaker_goes_with_them_and_what_is_left_agrees_with_one() -> None:
    said = turns("My boyfriend Lukas and I are going to Portugal in May.", "Maya and I aren't speaking anymore, long story.",
                 "Had dinner with my friend Priya, Jonas and Mei.")
    assert list(left_after_forgetting("Lukas", said).values())[0] == "I am going to Portugal in May."
    assert list(left_after_forgetting("Maya", said).values())[1] == "I am not speaking anymore, long story."
    assert list(left_after_forgetting("Priya", said).values())[2] == "Had dinner with Jonas and Mei."


def test_a_list_is_not_rewritten_where_what_follows_it_may_go_on_about_them_or_two_clauses_are_joined() -> None:
    said = turns("Jodie and I had our pizza night, she cried, I cried.",
                 "Write a text for Raf: swim at Brunswick Baths, and Dusty can't have dinner until the vet calls back.")
    assert left_after_forgetting("Jodie", said)["t-0"] is None
    assert left_after_forgetting("Dusty", said)["t-1"] == "Write a text for Raf: swim at Brunswick Baths."


def test_a_turn_left_going_on_about_them_goes_whole_with_what_a_sentence_kept() -> None:
    said = turns("Small problem with Gunnar. He says he will keep my deposit, but I cleaned everything twice. "
                 "Can you help me write to him?")
    assert left_after_forgetting("Gunnar", said)["t-0"] is None


def test_forgetting_someone_said_in_passing_keeps_what_is_said_of_others() -> None:
    memories = turns("Tom Baker is my landlord.", "Ana works with Tom at Deloitte.", "Tom's colleague Ana moved to Porto.",
                     "Mia (Tom's daughter) started school in Leeds.", "I went to Lisbon with my brother Tom last May.",
                     "I had lunch with Tom at noon, he was late.", "I cooked a curry for Tom last night.", session=None)
    assert left_after_forgetting("Tom Baker", memories) == {
        "t-0": None, "t-1": "Ana works at Deloitte.", "t-2": "Ana moved to Porto.", "t-3": "Mia started school in Leeds.",
        "t-4": "I went to Lisbon last May.", "t-5": None, "t-6": "I cooked a curry last night."}


def test_what_someone_is_said_before_their_name_goes_with_them() -> None:
    said = turns("my wife Morag passed 3 year ago so its just me and the budgie, Wee Jock",
                 "its just me and the budgie, Wee Jock. he sings all day")
    assert left_after_forgetting("Wee Jock", said) == {"t-0": "my wife Morag passed 3 year ago so its just me.", "t-1": None}


def test_a_sentence_going_on_about_them_in_another_language_goes_with_them() -> None:
    said = turns("Denis Gagnon, mon helper depuis 3 ans, m'a texté à matin. il lâche, il part travailler en Alberta. "
                 "ça me fait de quoi",
                 "ate ko si Jhoana, nasa Dubai. siya ang nagbabayad ng tuition ni bunso. ok lang")
    assert left_after_forgetting("Denis Gagnon", said)["t-0"] == "ça me fait de quoi"
    assert left_after_forgetting("Jhoana", said)["t-1"] == "ok lang"


def test_a_sentence_opening_on_a_thing_between_leaves_whom_a_later_pronoun_means_as_it_was() -> None:
    said = turns("Tolani again: Lisbon is confirmed for 16-19 Oct. Flights about £140 with a bag. She wants £200 deposit by Friday")
    assert left_after_forgetting("Tolani", said) == {"t-0": "Flights about £140 with a bag."}


def test_a_sentence_opening_on_someone_else_between_keeps_a_later_pronoun_theirs() -> None:
    for between in ("Jodie and I went for pizza.", "Dr Smith rang about the results.", "Tom's van is fixed."):
        said = turns(f"Tolani again: Lisbon is confirmed. {between} She wants £200 by Friday.")
        assert left_after_forgetting("Tolani", said) == {"t-0": f"{between} She wants £200 by Friday."}


def test_a_message_they_wrote_quoted_after_a_sentence_introducing_it_goes_with_them() -> None:
    said = turns("Mrs Price from upstairs brought a note:\n'Please keep quiet before 6am. I am 82 and my back is bad. G. Price, flat 2B'\n"
                 "Poor woman. I'll move the mixer to later.")
    assert left_after_forgetting("Mrs Price", said) == {"t-0": "Poor woman. I'll move the mixer to later."}


def test_a_quotation_after_a_sentence_naming_them_that_introduces_nothing_stays() -> None:
    said = turns("Mrs Price from upstairs complained again.\n'Mixers at 4am' is fair, I suppose. I'll move the mixer.")
    assert left_after_forgetting("Mrs Price", said) == {"t-0": "'Mixers at 4am' is fair, I suppose. I'll move the mixer."}


def test_what_someone_asks_said_as_an_amount_without_a_subject_goes_with_them() -> None:
    said = turns("Farmer Gallagher called - wants to rent me his top field. €240 an acre, cash only, wants it kept quiet. "
                 "I'd have to ask the co-op first.")
    assert left_after_forgetting("Gallagher", said)["t-0"] == "I'd have to ask the co-op first."


def test_an_amount_the_speaker_says_of_their_own_after_them_stays() -> None:
    said = turns("Tomasz is selling his road bike. £140 for the helmet, I bought mine already.")
    assert left_after_forgetting("Tomasz", said)["t-0"] == "£140 for the helmet, I bought mine already."


def test_a_currency_opening_a_sentence_is_no_one_else_so_a_later_pronoun_still_means_them() -> None:
    said = turns("Swali: Wekesa hajalipa for 2 months. KSh 10,000 arrears. Yeye yuko Thika sasa. Nifanye nini?")
    assert left_after_forgetting("Wekesa", said)["t-0"] == "Nifanye nini?"


def test_a_clause_without_its_subject_going_on_from_one_whose_subject_is_the_one_forgotten_goes_with_them() -> None:
    said = turns("rough shift. Dr Hollis on ward 6 was in a foul mood, shouted at the porter twice. the coffee machine is broken")
    assert left_after_forgetting("Hollis", said)["t-0"] == "rough shift. the coffee machine is broken"
    # the speaker's own clause after it stays, and so does one going on from a sentence the speaker opens
    said = turns("Dr Hollis on ward 6 was in a foul mood, the ward was packed all night.",
                 "moved out of the flat w hollis, living alone in bath now")
    left = left_after_forgetting("Hollis", said)
    assert left["t-0"] == "the ward was packed all night." and left["t-1"] == "living alone in bath now."


def test_a_message_written_to_the_one_forgotten_goes_whole() -> None:
    said = turns(("assistant", 'Try this: "Dzień dobry Oksana, mam nadzieję, że przeprowadzka poszła dobrze. Te 450 zł za busa '
                               'nadal czeka. Czy możesz przelać do piątku? Dzięki!"'),
                 "'Oksana, good day! The €450 for the van is still open.' I sent that at noon. The van is parked outside.")
    left = left_after_forgetting("Oksana", said)
    assert left["t-0"] is None and left["t-1"] == "The van is parked outside."
    # a quotation merely naming them, written to no one, takes nothing after it
    said = turns("'Oksana will pay' she kept saying. The €450 for the van is still open.")
    assert left_after_forgetting("Oksana", said)["t-0"] == "The €450 for the van is still open."


def test_a_sentence_whose_subject_stands_for_them_after_a_word_or_two_right_after_goes() -> None:
    said = turns("my brother-in-law Marcus came by asking to borrow $300 for his rent. again. last time he took a year to pay "
                 "it back. also he left his drill here, a yellow DeWalt")
    assert left_after_forgetting("Marcus", said)["t-0"] == "again."
    said = turns("Ufff. Carla, la mia vicina, called me. She says the fence is on her side. Also she wants the hedge cut. "
                 "Meanwhile my tomatoes are finally red")
    assert left_after_forgetting("Carla", said)["t-0"] == "Ufff. Meanwhile my tomatoes are finally red"
    # the speaker's own sentence after a word or two stays
    said = turns("Marcus came by asking for money. also I need to book the dentist")
    assert left_after_forgetting("Marcus", said)["t-0"] == "also I need to book the dentist"


def test_a_sentence_going_on_about_them_by_a_pronoun_of_another_language_after_them_goes() -> None:
    said = turns("ugh Bayu chat lagi. katanya mau pinjam kamera aku buat hari Sabtu. btw aku kerja dari rumah hari ini")
    assert left_after_forgetting("Bayu", said)["t-0"] == "btw aku kerja dari rumah hari ini"
    said = turns("ugh Bayu chat lagi. dia mau pinjam kamera aku. btw aku kerja dari rumah hari ini")
    assert left_after_forgetting("Bayu", said)["t-0"] == "btw aku kerja dari rumah hari ini"
    said = turns("Rohan ka call aaya, school wala dost. Kehta hai naya cafe kholna hai, 3 lakh chahiye. Aaj kitchen mein rush tha.")
    assert left_after_forgetting("Rohan", said)["t-0"] == "Aaj kitchen mein rush tha."
    # Portuguese "dia" is a day
    said = turns("a Bruna ligou ontem. dia 12 tenho consulta no dentista")
    assert left_after_forgetting("Bruna", said)["t-0"] == "dia 12 tenho consulta no dentista"


def test_a_sentence_opening_a_message_to_them_goes_whole_with_what_leads_into_it() -> None:
    said = turns(("assistant", 'Sorry about that. For example: "Hey Marcus, the $300 from June is still open. Can you send it by '
                               'Friday?" Happy to help.'),
                 ("assistant", 'What a lot of opinions! Maybe: "Carla cara, grazie, but the hedge is ours. See you Sunday!"'),
                 ("assistant", "Something like: « Bonjour M. Gagnon, je comprends. Je passe demain. — Luc »"))
    assert left_after_forgetting("Marcus", said)["t-0"] == "Sorry about that."
    assert left_after_forgetting("Carla", said)["t-1"] == "What a lot of opinions!"
    assert left_after_forgetting("Gagnon", said)["t-2"] is None


def test_a_later_sentence_speaking_of_someone_by_pronoun_anywhere_is_of_them_when_only_they_were_spoken_of_since() -> None:
    said = turns("Back at 6. Tired. Rosalind rang the bell again, this time for eggs. Eggs I can spare. "
                 "I asked her about the $40 and she said next week. Bed now.")
    assert left_after_forgetting("Rosalind", said)["t-0"] == "Back at 6. Tired. Eggs I can spare. Bed now."
    # their given name before the name forgotten is no one else
    said = turns("Gerry Thibodaux was by the dock again. Rain all day. I told him the traps are mine. The boat engine is fixed now, finally.")
    assert left_after_forgetting("Thibodaux", said)["t-0"] == "Rain all day. The boat engine is fixed now, finally."
    # after another named, or beside someone else in the sentence naming them, the pronoun may be theirs
    said = turns("Rosalind rang the bell again. Eggs I can spare. Tomasz came too, I asked him about the van.",
                 "Tomasz thinks Rosalind owes us. I asked him to drop it. The van needs fixing first.")
    left = left_after_forgetting("Rosalind", said)
    assert left["t-0"] == "Eggs I can spare. Tomasz came too, I asked him about the van." and left["t-1"] == "I asked him to drop it. The van needs fixing first."


def test_a_sum_in_a_currency_written_with_its_country_letters_is_what_they_owe() -> None:
    said = turns("Desmond still hasn't paid for the amp I fixed. NZ$450 outstanding. The gig went well though, we played till 2.")
    assert left_after_forgetting("Desmond", said)["t-0"] == "The gig went well though, we played till 2."


def test_a_message_to_them_by_title_and_name_after_a_greeting_goes_whole() -> None:
    said = turns(("assistant", '"Good morning Mrs Achterberg, I hope you are well. Your curtains are ready. Please collect them '
                               'by Friday. Kind regards, Lotte"'))
    assert left_after_forgetting("Achterberg", said)["t-0"] is None
