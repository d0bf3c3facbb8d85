from collections.abc import Sequence
from datetime import datetime, timedelta, timezone

import pytest

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.corrections import PUTS_RIGHT
from engram_mcp.retrieval.abstain import focus_words
from engram_mcp.retrieval.leading import (
    Focus,
    change_first,
    later_change_first,
    lead,
    named_first,
    said_before_reply_first,
    slot_first,
    times_meant,
    where_first,
    which_one_first,
)

NOV16 = datetime(2026, 11, 16, 9, tzinfo=timezone.utc)


def memory(memory_id: str, text: str, day: int = 0, **fields: object) -> Memory:
    kind = Kind.EPISODE if memory_id.startswith("t") else Kind.FACT
    when = NOV16 + timedelta(days=day)
    values: dict[str, object] = {"valid_at": when, "provenance": Provenance(speaker="Ngozi")} | fields
    return Memory(id=memory_id, kind=kind, type=MemoryType.SEMANTIC, text=text, created_at=when, **values)  # type: ignore[arg-type]


def focus_of(question: str, named: frozenset[str] = frozenset()) -> Focus:
    return _focus(question, named)


def _focus(question: str, named: frozenset[str]) -> Focus:
    def never_embedded(text: str) -> Sequence[float]:
        raise AssertionError("the rules that choose what leads read words, not vectors")

    return Focus(focus_words(question, frozenset({"Ngozi", *named})), never_embedded, named=frozenset(n.lower() for n in named),
                 speakers=frozenset({"ngozi"}), to_assistant=" you" in f" {question.lower()}",
                 when=question.startswith(("When", "What time", "What day")), where=question.startswith("Where"),
                 timing=times_meant(question))


def no_restatement(turn_id: str) -> Memory | None:
    return None


def test_a_later_turn_saying_the_thing_changed_goes_before_the_first_mention() -> None:
    first = memory("t-gig", "My Lagos orders go through GIG Logistics.")
    chatter = memory("t-chat", "Lagos traffic was mad today, orders piling up.", day=1)
    later = memory("t-kwik", "We ended up going with Kwik for all the Lagos orders.", day=4)
    ranked = [(first, 0.9), (chatter, 0.8), (later, 0.7)]
    order = later_change_first(ranked, focus_of("Who delivers my Lagos orders?"), set(), no_restatement)
    assert [m.id for m, _ in order] == ["t-kwik", "t-gig", "t-chat"]


def test_a_later_change_that_shares_only_a_name_and_speaks_of_another_topic_does_not_lead() -> None:
    car = memory("t-car", "Ray still drives that old Corolla.")
    medicine = memory("t-med", "Ray switched to a new medicine, metformin.", day=3)
    ranked = [(car, 0.9), (medicine, 0.8)]
    order = later_change_first(ranked, focus_of("What car does Ray drive?", frozenset({"Ray"})), set(), no_restatement)
    assert [m.id for m, _ in order] == ["t-car", "t-med"]


def test_a_later_change_that_shares_only_a_relation_and_speaks_of_another_topic_does_not_lead() -> None:
    respite = memory("t-respite", "mams booked into ashgrove house for respite the week of dec 7")
    dose = memory("t-dose", "saw dr moloney with mam, hes upping the donepezil to 10mg from monday", day=2)
    ranked = [(respite, 0.9), (dose, 0.9)]
    order = later_change_first(ranked, focus_of("Where was mam booked in for respite?"), set(), no_restatement)
    assert [m.id for m, _ in order] == ["t-respite", "t-dose"]


def test_a_later_change_that_says_no_time_does_not_answer_a_question_of_when() -> None:
    week = memory("t-week", "we're moving to york, completion is friday the 23rd")
    address = memory("t-address", "new address for all the forms: 14 Heworth Grove, York", day=1)
    pushed = memory("t-pushed", "moving's now monday the 26th, the buyer's money is late", day=1)
    asked = focus_of("When are we moving?")
    assert later_change_first([(week, 0.9), (address, 0.8)], asked, set(), no_restatement)[0][0] is week
    assert later_change_first([(week, 0.9), (address, 0.8), (pushed, 0.7)], asked, set(), no_restatement)[0][0] is pushed


def test_what_a_correction_restates_leads_over_the_turn_that_names_both_values() -> None:
    turn = memory("t-fix", "Actually the bistro is in Vieux Lyon, not Croix-Rousse.", day=2)
    restated = memory("f-fix", "Ngozi's bistro is in Vieux Lyon.", day=2, predicate=PUTS_RIGHT,
                      provenance=Provenance(speaker="Ngozi", turn_ids=("t-fix",)))
    ranked = [(turn, 0.9)]
    order = change_first(ranked, focus_of("Where is the bistro?"), lambda turn_id: restated if turn_id == "t-fix" else None,
                         lambda turn_id: [restated] if turn_id == "t-fix" else [])
    assert [m.id for m, _ in order] == ["f-fix", "t-fix"]


def test_a_change_that_says_nothing_of_the_question_leaves_its_turn_first() -> None:
    turn = memory("t-mum", "Mum moved to Enugu last month, Keiko will drive up and get her on Saturday.", day=2)
    pickup = memory("f-pickup", "Keiko will drive up and get her on Saturday.", day=2, predicate=PUTS_RIGHT,
                    provenance=Provenance(speaker="Ngozi", turn_ids=("t-mum",)))
    ranked = [(turn, 0.9)]
    order = change_first(ranked, focus_of("Which city does my mum live in?"), lambda turn_id: pickup, lambda turn_id: [pickup])
    assert [m.id for m, _ in order] == ["t-mum"]


def test_leading_moves_one_memory_to_the_top_with_a_score_just_above_the_first() -> None:
    a, b, c = memory("t-a", "a"), memory("t-b", "b"), memory("t-c", "c")
    order = lead([(a, 0.5), (b, 0.4), (c, 0.3)], (c, 0.3))
    assert [m.id for m, _ in order] == ["t-c", "t-a", "t-b"] and order[0][1] > 0.5
    assert lead([(a, 0.5), (b, 0.4)], None) == [(a, 0.5), (b, 0.4)]


AIDS = memory("t-aids", "New hearing aids!! Signia Pure Charge&Go, fitted today.")
REPLY = memory("t-reply", "That's wonderful. It takes a couple of weeks to adjust to new hearing aids.",
               provenance=Provenance(speaker="assistant", role="assistant"))


def replied_to(reply: Memory) -> Memory | None:
    return AIDS if reply.id == "t-reply" else None


def test_the_persons_turn_goes_before_the_assistants_reply_to_it() -> None:
    order = said_before_reply_first([(REPLY, 0.9), (memory("t-other", "other"), 0.5)], focus_of("What hearing aids have I got?"),
                                    replied_to)
    assert [m.id for m, _ in order] == ["t-aids", "t-reply", "t-other"]


def test_a_question_about_what_the_assistant_said_keeps_its_reply_first() -> None:
    order = said_before_reply_first([(REPLY, 0.9), (AIDS, 0.8)], focus_of("What did you say about hearing aids?"), replied_to)
    assert [m.id for m, _ in order] == ["t-reply", "t-aids"]


def reply_ranked_first(turn_text: str, reply_text: str, question: str) -> list[str]:
    """The order ``said_before_reply_first`` gives a reply ranked above the person's turn it answers."""
    turn = memory("t-turn", turn_text)
    reply = memory("t-reply", reply_text, provenance=Provenance(speaker="assistant", role="assistant"))
    order = said_before_reply_first([(reply, 0.9), (turn, 0.8)], focus_of(question),
                                    lambda memory: turn if memory.id == "t-reply" else None)
    return [m.id for m, _ in order]


def test_a_reply_that_names_what_its_turn_does_not_keeps_its_place() -> None:
    assert reply_ranked_first("Saw Dr Mulcahy, she's taken me off the atorvastatin and put me on rosuvastatin 10mg instead.",
                              "Updated: Morning: Metformin 500mg. Bedtime: Rosuvastatin 10mg.",
                              "Which statin am I on now?") == ["t-reply", "t-turn"]


def test_a_day_a_reply_names_is_no_new_value_and_its_turn_goes_first() -> None:
    assert reply_ranked_first("I spoke with the choir director at St. Cyriak, they need basses, so I join the Kirchenchor there.",
                              "How nice to find a new choir so quickly! Enjoy Thursday's rehearsal.",
                              "Which choir am I singing in these days?") == ["t-turn", "t-reply"]


def test_a_later_start_goes_before_a_later_ending_of_the_same_thing() -> None:
    gym = memory("t-gym", "6am gym at anytime fitness tmrw, trying to be consistent this time", day=1)
    cancelled = memory("t-cancel", "cancelled anytime fitness. 17 a week for me to go twice a month", day=3)
    badminton = memory("t-badminton", "started badminton thursday nights at the sports centre instead", day=3)
    order = later_change_first([(gym, 0.9), (cancelled, 0.8), (badminton, 0.7)], focus_of("What does Aarav do for exercise?"),
                               set(), lambda turn_id: None)
    assert order[0][0].id == "t-badminton"


@pytest.mark.parametrize(("before", "after", "question"), [
    ("my IELTS score from september was 6.5 overall, result come this week", "IELTS result came: 7.5 overall!!!",
     "What's Takumi's IELTS score?"),
    ("Bernice rang, she's got to give up the cleaning, Friday is her last.",
     "A lady called Halina is coming to do my cleaning from Friday the 20th.", "Who does Winnie's cleaning now?"),
    ("im with swift staffing, the agency does nights at dhl", "induction done. apex agency put me on the brackmills site, starting tmrw",
     "which agency is ngozi with?"),
])
def test_news_that_settles_what_was_awaited_or_a_start_on_a_day_is_a_later_change(before: str, after: str,
                                                                                   question: str) -> None:
    order = later_change_first([(memory("t-before", before, day=1), 0.9), (memory("t-after", after, day=3), 0.8)],
                               focus_of(question), set(), lambda turn_id: None)
    assert order[0][0].id == "t-after"


def test_whom_a_reply_speaks_to_is_no_name_it_says() -> None:
    letter = memory("t-letter", "Got it, Winnie. I'll keep a note of your eye clinic appointment.", day=1,
                    provenance=Provenance(speaker="assistant", role="assistant"))
    sorry = memory("t-sorry", "I'm sorry, Winnie. Would you like help finding someone new?", day=3,
                   provenance=Provenance(speaker="assistant", role="assistant"))
    order = later_change_first([(letter, 0.9), (sorry, 0.8)], focus_of("When is Winnie's eye clinic appointment?", frozenset({"Winnie"})), set(),
                               lambda turn_id: None)
    assert order[0][0].id == "t-letter"


def test_the_fact_that_holds_the_asked_slot_leads_when_recall_missed_it() -> None:
    bluetooth = memory("t-bt", "1. Turn on Bluetooth on your phone. 2. On the car screen press Phone.")
    jazz = memory("f-jazz", "Ngozi now drives a Honda Jazz.", subject="Ngozi", predicate="drives", object="Honda Jazz")
    order = slot_first([(bluetooth, 0.9)], focus_of("What car am I driving these days?"), held=[jazz])
    assert [m.id for m, _ in order] == ["f-jazz", "t-bt"]
    assert slot_first([(bluetooth, 0.9)], focus_of("What phone have I got?"), held=[jazz]) == [(bluetooth, 0.9)]


def test_of_two_facts_that_answer_the_slot_the_one_in_the_slot_the_question_names_leads() -> None:
    town = memory("f-town", "Ngozi lives in York.", subject="Ngozi", predicate="lives in", object="York")
    address = memory("f-address", "Ngozi's address is 3 Oak Road, York.", subject="Ngozi", predicate="address",
                     object="3 Oak Road, York")
    order = slot_first([(town, 0.9), (address, 0.8)], focus_of("What is Ngozi's address?"))
    assert order[0][0].id == "f-address"
    assert slot_first([(town, 0.9), (address, 0.8)], focus_of("Where does Ngozi live?"))[0][0].id == "f-town"


def test_a_pasted_emails_wording_says_no_change_of_the_persons() -> None:
    first = memory("t-roster", "I drive city buses out of the Kotoni depot.", day=0)
    email = memory("t-email", "Got this from the depot office, ugh:\n\nFrom: Depot Operations\nSubject: Transfer notice\n"
                   "You will be transferred to Shiroishi depot with effect from Friday 20 November. Clear your locker at Kotoni.",
                   day=2)
    summary = memory("t-summary", "Summary: you are being transferred to Shiroishi depot; clear your old locker by Thursday.",
                     day=2, provenance=Provenance(speaker="assistant", role="assistant"))
    order = later_change_first([(first, 0.9), (email, 0.85), (summary, 0.8)], focus_of("Which depot does Ngozi work out of?"),
                               set(), lambda turn_id: None)
    assert order[0][0].id == "t-summary"


def test_a_later_turn_that_says_all_the_question_asks_and_names_someone_new_goes_before_the_slots_fact() -> None:
    client = memory("f-client", "Ngozi's main client is Lindqvist Legal.", subject="Ngozi", predicate="main_client",
                    object="Lindqvist Legal")
    later = memory("t-bramble", "Meeting went well!! Bramblewood want me on a retainer, 15,000 words a month. They'll be my "
                   "main client from now on.", day=3)
    same = memory("t-same", "Lindqvist Legal sent another batch; my main client keeps me busy now.", day=4)
    focus = focus_of("Who is Ngozi's main client?", frozenset({"Ngozi"}))
    assert [m.id for m, _ in later_change_first([(client, 0.9), (later, 0.8)], focus, set(), no_restatement)] == [
        "t-bramble", "f-client"]
    assert later_change_first([(client, 0.9), (same, 0.8)], focus, set(), no_restatement)[0][0].id == "f-client"


@pytest.mark.parametrize(("said", "replaced"), [("Ngozi drives a Toyota Proace.", ("f-transit",)),
                                               ("Ngozi now drives a Toyota Proace.", ())])
def test_a_slots_fact_that_replaced_another_or_was_said_as_a_change_keeps_the_lead(said: str, replaced: tuple[str, ...]) -> None:
    van = memory("f-van", said, subject="Ngozi", predicate="drives", object="Toyota Proace", supersedes=replaced)
    later = memory("t-kyle", "all set. kyle's my apprentice now, picking him up in the new van mon 8am", day=3)
    focus = focus_of("What van does Ngozi drive?", frozenset({"Ngozi"}))
    assert later_change_first([(van, 0.9), (later, 0.8)], focus, set(), no_restatement)[0][0].id == "f-van"


def test_a_question_only_of_what_it_names_is_answered_by_the_later_change_to_it() -> None:
    first = memory("t-jan", "Harjit and I are planning to visit Amritsar in January, to see my brother.")
    later = memory("t-march", "Harjit must be able to walk properly after her operation, so we will now go to Amritsar in late March.",
                   day=3)
    focus = focus_of("When is Ngozi going to Amritsar?", frozenset({"Amritsar"}))
    assert [m.id for m, _ in later_change_first([(first, 0.9), (later, 0.8)], focus, set(), no_restatement)] == [
        "t-march", "t-jan"]
    assert focus_of("When is Ngozi going?").terms == ()
    assert later_change_first([(first, 0.9), (later, 0.8)], focus_of("When is Ngozi going?"), set(), no_restatement)[0][0].id == "t-jan"


def test_a_slots_fact_drawn_from_a_turn_that_said_a_change_keeps_the_lead() -> None:
    laptop = memory("f-laptop", "Ngozi's laptop is a MacBook Air M3.", subject="Ngozi", predicate="laptop", object="MacBook Air M3")
    later = memory("t-week", "Week sorted: Bramblewood consent forms in Phrase, new laptop set up, new rate on the website.", day=3)
    focus = focus_of("What laptop does Ngozi use?", frozenset({"Ngozi"}))
    bought = "Bought a MacBook Air M3 this morning at John Lewis."
    assert later_change_first([(laptop, 0.9), (later, 0.8)], focus, set(), no_restatement,
                              lambda m: bought if m.id == "f-laptop" else m.text)[0][0].id == "f-laptop"


@pytest.mark.parametrize("later", [
    "day shifts = no more energy drinks for me. swapped to green tea, 3 cups before 2pm and thats it",
    "My brother just moved to Glasgow for a new job at STV, so the family WhatsApp is chaos.",
    "reorg email landed last night, I'm being moved to the lending squad, starting Monday, the lead there is Farida",
])
def test_a_later_turn_whose_change_is_not_the_one_asked_leaves_the_slots_fact_first(later: str) -> None:
    works = memory("f-works", "Ngozi started working at Bytewick.", subject="Ngozi", predicate="works at", object="Bytewick")
    lives = memory("f-lives", "Ngozi lives in Bristol.", subject="Ngozi", predicate="lives in", object="Bristol")
    for fact, question in ((works, "Where's Ngozi working these days?"), (lives, "Where's Ngozi based these days?"),
                           (lives, "Where do we live?")):
        ranked = [(fact, 0.9), (memory("t-later", later, day=3), 0.8)]
        assert later_change_first(ranked, focus_of(question, frozenset({"Ngozi"})), set(), no_restatement)[0][0].id == fact.id


def test_a_where_question_is_answered_first_by_a_memory_that_says_where_the_thing_is() -> None:
    intro = memory("t-intro", "Hello, I'm Ngozi and I live in Leeds. I am planning a family reunion for the bank holiday.")
    venue = memory("t-venue", "Booked it. The reunion will be at the lake house in Keswick.", day=2)
    ranked = [(intro, 2.0), (venue, 1.8)]
    assert [m.id for m, _ in where_first(ranked, focus_of("Where is the family reunion?"))] == ["t-venue", "t-intro"]
    assert where_first(ranked, focus_of("Who is coming to the family reunion?")) == ranked


def test_a_where_question_keeps_first_a_memory_that_says_where_or_names_nothing_asked() -> None:
    old = memory("t-old", "The reunion is at a cabin in Big Bear.")
    new = memory("t-new", "Booked it. The reunion will be at the lake house.", day=2)
    assert where_first([(old, 2.0), (new, 1.8)], focus_of("Where is the family reunion?"))[0][0] is old
    said_next = memory("t-next", "so i need a new part time thing. got a trial at anthracite sat morning")
    hired = memory("t-hired", "told my manager at work im done after this shift", day=1)
    assert where_first([(said_next, 2.0), (hired, 1.8)], focus_of("where do i work part time"))[0][0] is said_next
    booked = memory("t-booked", "anyway what do i pack for respite, mams booked into ashgrove house for the week of dec 7")
    intro = memory("t-intro", "im siobhan, i mind my mam nuala, she still lives in her own house in corofin", day=-1)
    assert where_first([(booked, 2.0), (intro, 1.8)], focus_of("Where was mam booked in for respite?"))[0][0] is booked
    other = memory("t-other", "Lovely weather today.")
    assert where_first([(other, 2.0), (new, 1.8)], focus_of("Where is the family reunion?"))[0][0] is other


def test_a_question_about_one_of_several_siblings_is_answered_first_by_a_memory_about_that_one() -> None:
    elder = memory("t-elder", "family: I've got two sisters. Ananya is the elder one, 31, data analyst in Bengaluru")
    youngest = memory("t-youngest", "Ishita is the youngest of us, 21, final year architecture at CEPT", day=1)
    ranked = [(elder, 2.0), (youngest, 1.8)]
    assert [m.id for m, _ in which_one_first(ranked, focus_of("What does my younger sister study?"))] == ["t-youngest", "t-elder"]
    assert which_one_first(ranked, focus_of("What does my older sister do?")) == ranked
    assert which_one_first(ranked, focus_of("What do my sisters do?")) == ranked
    unsaid = memory("t-unsaid", "Ishita's fee reminder came, next semester is due 30 sep", day=2)
    assert which_one_first([(unsaid, 2.0), (youngest, 1.8)], focus_of("What does my younger sister study?"))[0][0] is unsaid


def test_a_question_naming_someone_is_answered_first_by_a_memory_that_names_them() -> None:
    twin = memory("t-aoi", "for the twins birthday (12 december) Aoi wants a new shinai")
    asked = memory("t-hina", "Hina wants a proper brush set from a shop in Nara", day=0)
    ranked = [(twin, 2.0), (asked, 1.8)]
    question = focus_of("What does Hina want for her birthday?", frozenset({"Hina"}))
    assert [m.id for m, _ in named_first(ranked, question, set())] == ["t-hina", "t-aoi"]
    assert named_first(ranked, focus_of("What does Aoi want for his birthday?", frozenset({"Aoi"})), set()) == ranked


def test_a_memory_naming_a_thing_or_a_place_is_not_taken_for_one_naming_someone_else() -> None:
    car = memory("f-car", "Ngozi drives a Volvo V70.")
    turn = memory("t-car", "Now a car question. Our Volvo V70 is old. Bengt wants another Volvo.")
    ranked = [(car, 2.0), (turn, 1.8)]
    assert named_first(ranked, focus_of("What car do Ngozi and Bengt drive?", frozenset({"Bengt"})), set()) == ranked
    home = memory("f-home", "Ngozi lives in Dulwich Hill.")
    cat = memory("t-cat", "Mochi the cat is going to Claire's parents in Ashfield for the move")
    ranked = [(home, 2.0), (cat, 1.8)]
    assert named_first(ranked, focus_of("Where do Ngozi and Claire live?", frozenset({"Claire"})), set()) == ranked
    someone = memory("f-aoi", "Ngozi says Aoi wants a new shinai.")
    asked = memory("t-hina", "Hina wants a proper brush set from a shop in Nara")
    question = focus_of("What does Hina want?", frozenset({"Hina"}))
    assert named_first([(someone, 2.0), (asked, 1.8)], question, set())[0][0] is asked


def test_a_later_change_that_shares_only_when_with_the_question_does_not_lead() -> None:
    braai = memory("t-braai", "family braai this saturday at ours after the rugby")
    email = memory("t-email", "pasting the client's email: Gate access is now from the Mutare Road side only. No Sunday work.", day=1)
    moved = memory("t-moved", "ok braai is back on but sunday 1pm, at Rumbidzai's place in Avondale instead of ours", day=2)
    question = focus_of("Where is the family braai this weekend?")
    assert later_change_first([(braai, 0.9), (email, 0.8)], question, set(), no_restatement)[0][0] is braai
    assert later_change_first([(braai, 0.9), (email, 0.8), (moved, 0.7)], question, set(), no_restatement)[0][0] is moved
    cluj = memory("t-cluj", "this year we're doing Christmas in Cluj, it's mum's turn")
    teacher = memory("t-teacher", "Mrs Hartley is starting her maternity leave. The new class teacher is Mr Okafor, he's been teaching "
                     "year 6 at another school", day=1)
    christmas = focus_of("Where is the family spending Christmas this year?")
    assert later_change_first([(cluj, 0.9), (teacher, 0.8)], christmas, set(), no_restatement)[0][0] is cluj
    choir = memory("t-choir", "Saturday morning I am singing in the Turkish choir, Lale Korosu")
    swim = memory("t-swim", "I stopped the choir, now on Saturday mornings I swim at the lido instead", day=3)
    saturdays = focus_of("What does Ngozi do on Saturday mornings now?")
    assert later_change_first([(choir, 0.9), (swim, 0.8)], saturdays, set(), no_restatement)[0][0] is swim


def test_a_later_turn_restated_about_something_else_does_not_go_before_one_sharing_more_of_the_question() -> None:
    booked = memory("t-booked", "kitchen renovation: the contractor Kairat starts on monday, 16th")
    later = memory("t-later", "Kairat called, his team is stuck. He will start our kitchen on the 26th now.", day=2)
    rink = memory("t-rink", "the team changed rink because the ice has renovation until march. Now all trainings are at Halyk Arena",
                  day=10)
    trainings = memory("f-rink", "Bolat's update: now all trainings are at Halyk Arena.", day=10, predicate=PUTS_RIGHT)

    def restated(turn_id: str) -> Memory | None:
        return trainings if turn_id == "t-rink" else None

    question = focus_of("When does the kitchen renovation start?")
    assert later_change_first([(booked, 0.9), (rink, 0.8), (later, 0.7)], question, set(), restated)[0][0] is later


def test_the_times_a_question_says_it_means_are_read_apart_from_what_it_asks() -> None:
    assert times_meant("Where is the family braai this weekend?") == frozenset({"weekend"})
    assert times_meant("Where is the family spending Christmas this year?") == frozenset({"year"})
    assert times_meant("What does Burak do on Saturday mornings now?") == frozenset()


def test_a_later_change_that_says_no_place_does_not_answer_where() -> None:
    first = memory("t-goodstart", "Hina's at Goodstart on Illawarra Road for daycare")
    todo = memory("t-todo", "To-do for the weekend:\n- cancel the old daycare direct debit\n- buy a second car seat", day=3)
    moved = memory("t-wattle", "we moved Hina's daycare to Little Wattle, she loves it", day=2)
    question = focus_of("Where does Hina go to daycare these days?", frozenset({"Hina"}))
    assert later_change_first([(first, 0.9), (todo, 0.8)], question, set(), no_restatement)[0][0] is first
    assert later_change_first([(first, 0.9), (todo, 0.8), (moved, 0.7)], question, set(), no_restatement)[0][0] is moved
    assert later_change_first([(first, 0.9), (todo, 0.8)], focus_of("What about Hina's daycare?", frozenset({"Hina"})),
                              set(), no_restatement)[0][0] is todo
    home = memory("t-hilo", "howzit! kalani here. been serving at ken's house of pancakes in hilo 4 yrs")
    moved = memory("t-kona", "moved!! living kona now, mochi hiding under da bed", day=3)
    where = focus_of("Where does Kalani live?", frozenset({"Kalani"}))
    assert later_change_first([(home, 0.9), (moved, 0.8)], where, set(), no_restatement)[0][0] is moved
    desk = memory("t-desk", "I work at a coworking space called Founders House.")
    left = memory("t-left", "Left Founders House, I work from home now to save money.", day=3)
    restated = memory("f-home", "Ngozi works from home now to save money.", day=3)
    work = focus_of("Where does Ngozi work from?")
    assert later_change_first([(desk, 0.9), (left, 0.8), (restated, 0.7)], work, set(), no_restatement)[0][0] is not desk
    assert later_change_first([(desk, 0.9), (restated, 0.7)], work, set(), no_restatement)[0][0] is restated
    booked = memory("t-redpath", "Can you draft a letter about our field trip to the Redpath Museum on October 29?")
    grabbed = memory("t-insect", "Change of plan for the field trip. The gallery is closing. The Insectarium had a slot, so I grabbed it.",
                     day=4)
    trip = focus_of("Where is Ngozi's class going on its field trip?")
    assert later_change_first([(booked, 0.9), (grabbed, 0.8)], trip, set(), no_restatement)[0][0] is grabbed


def test_a_message_that_puts_a_place_right_minutes_later_goes_before_the_first() -> None:
    first = memory("t-chuo", "Aoi has kendo tournament on sunday at Chuo ward sports center, 10am")
    minutes_later = NOV16 + timedelta(minutes=1)
    mended = memory("t-naniwa", "scratch that, it's Naniwa ward gym. the Chuo one is under repair", valid_at=minutes_later)
    chatter = memory("t-chat", "Aoi has been practising every night for the tournament", valid_at=minutes_later)
    question = focus_of("Where is Aoi's kendo tournament?", frozenset({"Aoi"}))
    assert later_change_first([(first, 0.9), (mended, 0.7)], question, set(), no_restatement)[0][0] is mended
    assert later_change_first([(first, 0.9), (chatter, 0.7)], question, set(), no_restatement)[0][0] is first
    centerpieces = memory("t-120", "big job this saturday: 120 centerpieces, and Yolanda drives the van")
    fewer = memory("t-112", "ok no, 112 centerpieces. the bride's mom just texted", valid_at=minutes_later)
    driver = focus_of("Which assistant drives the van for deliveries?")
    assert later_change_first([(centerpieces, 0.9), (fewer, 0.7)], driver, set(), no_restatement)[0][0] is centerpieces


def test_what_mends_the_message_before_leads_over_its_turn_only_when_it_says_again_what_the_turn_says_of_the_question() -> None:
    turn = memory("t-wait", "no wait, its wednesday not tuesday. tue is the msasa walk with Nyasha", day=1)
    mended = memory("f-wed", "Ngozi put it right: site meeting with Farai tomorrow wednesday 10am at the borrowdale site office.",
                    day=1, predicate=PUTS_RIGHT, provenance=Provenance(speaker="Ngozi", turn_ids=("t-wait", "t-tue")))
    ranked = [(turn, 0.9), (mended, 0.5)]

    def order(question: str) -> list[str]:
        return [m.id for m, _ in change_first(ranked, focus_of(question), lambda turn_id: mended, lambda turn_id: [mended])]

    assert order("Which site manager runs the msasa warehouse job?") == ["t-wait", "f-wed"]
    assert order("When is the site meeting?") == ["f-wed", "t-wait"]
