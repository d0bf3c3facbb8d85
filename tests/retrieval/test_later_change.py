from datetime import timedelta

import pytest

from engram_mcp.model import Memory, Provenance
from engram_mcp.model.corrections import PUTS_RIGHT
from engram_mcp.retrieval.later_change import later_change_first, times_meant
from tests.retrieval.leading_cases import NOV16, focus_of, memory, no_restatement


def test_a_later_turn_saying_the_thing_changed_goes_before_the_first_mention() -> None:
    first = memory("t-gig", "My Lagos orders go through GIG Logistics.")
    chatter = memory("t-chat", "Lagos traffic was mad today, orders piling up.", day=1)
    later = memory("t-kwik", "We ended up going with Kwik for all the Lagos orders.", day=4)
    ranked = [(first, 0.9), (chatter, 0.8), (later, 0.7)]
    order = later_change_first(ranked, focus_of("Who delivers my Lagos orders?"), set(), no_restatement)
    assert [m.id for m, _ in order] == ["t-kwik", "t-gig", "t-chat"]


def test_a_figure_said_to_go_up_later_leads_over_the_first_one() -> None:
    first = memory("t-cover", "insurance on both buildings is West Bend Mutual, $3,240/yr, renews July 1.")
    later = memory("t-renewal", "Insurance renewal letter from West Bend Mutual came. $3,610 for next year. Every year it goes up.", day=2)
    order = later_change_first([(first, 0.9), (later, 0.8)], focus_of("What does Ngozi pay for building insurance?"), set(),
                               no_restatement)
    assert order[0][0] is later
    # a figure of another thing, said with what it was, is no change of what is asked
    heater = memory("t-heater", "Going with Hector at Brew City Plumbing for the Unit 2 water heater, told Rick no.")
    renewal = memory("t-renewal", "Renewal letter: your lease at Unit 2 ends July 31; renewal at $1,195/month (up from $1,150).", day=1)
    order = later_change_first([(heater, 0.9), (renewal, 0.8)], focus_of("Who is replacing the water heater in Unit 2?"), set(),
                               no_restatement)
    assert order[0][0] is heater
    # a plan from a month on is no change
    dispatcher = memory("t-marek", "Marek is the sea freight dispatcher, all the Gdańsk port containers go through him")
    plan = memory("t-plan", "they want 14 containers a month from june", day=1)
    order = later_change_first([(dispatcher, 0.9), (plan, 0.8)], focus_of("Who handles the sea freight containers?"), set(),
                               no_restatement)
    assert order[0][0] is dispatcher


def test_a_later_change_naming_the_thing_asked_by_the_name_said_before_its_word_leads() -> None:
    first = memory("t-daycare", "Nora goes to Little Acorns daycare on Lone Oak Rd, $1,465 a month")
    later = memory("t-letter", "Little Acorns sent the letter. Tuition goes up to $1,540 a month starting September. I want to scream",
                   day=4)
    order = later_change_first([(first, 0.9), (later, 0.8)], focus_of("How much is Nora's daycare tuition?", frozenset({"Nora"})),
                               set(), no_restatement)
    assert order[0][0] is later
    # one name before a thing's word is as often whose it is
    moved = memory("t-moved", "the coach messaged, Saturday's tournament is moved to the sports hall in Adamov, same time")
    played = memory("t-played", "we won two games, Vojta scored!! then we picked up the lease car, the Enyaq", day=1)
    listed = memory("t-list", "- pay the school fee by 20.11.\n- Vojta floorball tournament Sat 21.11. in Blansko, be there 8:30", day=-3)
    order = later_change_first([(listed, 0.9), (played, 0.8), (moved, 0.7)],
                               focus_of("Where is Vojta's floorball tournament on Saturday?", frozenset({"Vojta"})), set(), no_restatement)
    assert order[0][0] is moved


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


def test_of_two_later_changes_the_one_speaking_of_the_thing_a_question_asks_for_leads() -> None:
    run = memory("t-run", "I drive long-haul for Nordfrakt. My regular run is Trondheim to Oslo and back on the E6.")
    route = memory("t-route", "Dispatcher rang. They're putting me on the Bodø route now.", day=2)
    truck = memory("t-truck", "Ngozi now drives a Volvo FH 500.", day=4)
    order = later_change_first([(run, 0.9), (truck, 0.8), (route, 0.7)], focus_of("Which route does Ngozi drive now?"), set(),
                               no_restatement)
    assert order[0][0] is route


def test_a_later_change_saying_only_the_word_a_question_asks_for_a_time_by_is_about_another_thing() -> None:
    dentist = memory("t-dentist", "dentist appointment is thursday at 3pm, finally")
    dinner = memory("t-dinner", "half his friends can't do friday. dinner moved to saturday, same time", day=2)
    order = later_change_first([(dentist, 0.9), (dinner, 0.8)], focus_of("What time was my dentist appointment?"), set(),
                               no_restatement)
    assert order[0][0] is dentist


def test_a_later_change_that_says_no_time_does_not_answer_a_question_of_when() -> None:
    week = memory("t-week", "we're moving to york, completion is friday the 23rd")
    address = memory("t-address", "new address for all the forms: 14 Heworth Grove, York", day=1)
    pushed = memory("t-pushed", "moving's now monday the 26th, the buyer's money is late", day=1)
    asked = focus_of("When are we moving?")
    assert later_change_first([(week, 0.9), (address, 0.8)], asked, set(), no_restatement)[0][0] is week
    assert later_change_first([(week, 0.9), (address, 0.8), (pushed, 0.7)], asked, set(), no_restatement)[0][0] is pushed


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
    ("training: tuesdays 6-7pm on the floodlit pitch at hough end",
     "council came back: the under 10s tuesday session moves to chorlton park, pitch 2, same time", "Where do the under 10s train on Tuesdays?"),
])
def test_news_that_settles_what_was_awaited_a_start_on_a_day_or_a_move_is_a_later_change(before: str, after: str,
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


def test_a_later_change_that_put_two_things_right_leads_with_the_one_the_question_asks_of() -> None:
    booked = memory("t-booked", "mum's hip operation is on friday 20th at the Hospital Privado")
    moved = memory("t-moved", "mum's surgery was moved!! Now it's thursday 26th. And the hospital changed too. "
                              "They're doing it at Clínica Pueyrredón", day=3)
    date = memory("f-date", "Ngozi's update on mum's surgery: now it's thursday 26th.", day=3, predicate=PUTS_RIGHT,
                  provenance=Provenance(speaker="Ngozi", turn_ids=("t-moved",)))
    hospital = memory("f-hospital", "Ngozi's update on the hospital: they're doing it at Clínica Pueyrredón.", day=3,
                      predicate=PUTS_RIGHT, provenance=Provenance(speaker="Ngozi", turn_ids=("t-moved",)))
    ranked = [(booked, 0.9), (moved, 0.8), (date, 0.7), (hospital, 0.6)]
    assert later_change_first(ranked, focus_of("Which hospital is mum's operation at?"), set(), no_restatement)[0][0] is hospital
    assert later_change_first(ranked, focus_of("When is mum's hip operation?"), set(), no_restatement)[0][0] is date


def test_a_later_turn_whose_time_is_of_something_else_does_not_answer_when() -> None:
    moved = memory("f-moved", "Ngozi's update on mum's hip operation: now it's thursday 26th.", day=3, predicate=PUTS_RIGHT)
    after = memory("t-after", "surgery went well!!! the surgeon said the new hip is perfect. she's sleeping. I'm staying till sunday",
                   day=6)
    when = focus_of("When is mum's hip operation?")
    assert later_change_first([(moved, 0.9), (after, 0.8)], when, set(), no_restatement)[0][0] is moved
    pushed = memory("t-pushed", "mum's hip operation update!! the surgeon is ill. it's now on monday the 30th", day=6)
    assert later_change_first([(moved, 0.9), (pushed, 0.8)], when, set(), no_restatement)[0][0] is pushed
    told_wrong = memory("t-wrong", "ugh sorry i told you wrong. i misread the email. mum's hip operation is friday nov 27 at 3:40pm. "
                                   "now i have to re-swap the day off AGAIN", day=6)
    assert later_change_first([(moved, 0.9), (told_wrong, 0.8)], when, set(), no_restatement)[0][0] is told_wrong


def test_a_thing_spoken_of_later_by_the_name_it_was_given_moves_with_it() -> None:
    bakery = memory("t-bakery", "I am owner of one small bakery, Golden Crust, in Yaba, Lagos.")
    van = memory("t-van", "My delivery van broke down again on the way to the shop.", day=1)
    moving = memory("t-moving", "We sign the lease! This weekend Golden Crust is moving from Yaba to Ikeja.", day=4)
    order = later_change_first([(bakery, 0.9), (van, 0.8), (moving, 0.7)], focus_of("Where is my bakery located?"), set(),
                               no_restatement)
    assert [m.id for m, _ in order] == ["t-moving", "t-bakery", "t-van"]


@pytest.mark.parametrize(("first", "later", "question"), [
    ("v2.0 ships Tue Oct 27.", "Found a DST bug. v2.0 slips to Tue Nov 3.", "When is v2.0 shipping?"),
    ("Thierry coaches our running group on Tuesdays.", "Thierry is handing the running group over to Sandrine.",
     "Who coaches the running group?"),
    ("I charge 25 pounds an hour for lessons.", "I've put my hourly rate for lessons up to 28 pounds.",
     "How much do I charge an hour for lessons?"),
    ("I go to the Pilates class on Mondays.", "Tried the aquagym class today and I sign up, Monday and Thursday.",
     "Which class do I go to?"),
    ("Quote from Rune for the bathroom: 185 000 kr.", "Revised bathroom quote from Rune: 212 000 inkl. mva.",
     "How much is the bathroom going to cost?"),
    ("The Parkinson's nurse says two Sinemet doses a day.", "The nurse says increase the Sinemet doses to four times a day.",
     "How many Sinemet doses a day?"),
    ("I drive a bus for BVG, line M41.", "From this week I drive bus 200, through Tiergarten.", "Which bus line do I drive?"),
    ("I'm a porter on the orthopaedic ward, nights.", "first shift on Ward 9 done, the surgical ward upstairs, way busier",
     "Which ward does Kofi work on?"),
    ("Marta sent the allotment agreement: plot 14 is £65 a year, it was £50 last year.", "signed it. £65. Marta is a gem",
     "How much does Tomasz pay Marta for the allotment?"),
])
def test_a_later_turn_saying_it_changed_in_other_words_leads(first: str, later: str, question: str) -> None:
    order = later_change_first([(memory("t-first", first), 0.9), (memory("t-later", later, day=3), 0.8)], focus_of(question),
                               set(), no_restatement)
    assert order[0][0].id == "t-later"


def test_a_pronoun_after_a_thing_gives_it_no_name() -> None:
    choir = memory("t-choir", "Saturday morning I am singing in the Turkish choir, Lale Korosu.")
    doctor = memory("t-doctor", "Doctor said my blood pressure is high. No more sucuk every breakfast, I am sad.", day=1)
    order = later_change_first([(choir, 0.9), (doctor, 0.8)], focus_of("What does Ngozi do on Saturday mornings?"), set(),
                               no_restatement)
    assert order[0][0].id == "t-choir"


@pytest.mark.parametrize(("first", "later", "question"), [
    ("It's amlodipine 5 mg for my blood pressure, not lisinopril.",
     "My first full week at Ikoyi starts tomorrow. Can you plan gym days and blood pressure readings?",
     "What blood pressure medication do I take?"),
    ("My full day wedding package is $4,200.", "Golden Hour Co just put their full day package up to $5,000.",
     "How much is my full day wedding package?"),
    ("I work three days a week at the pharmacy.", "We're moving to Nottingham in the summer for my husband's job.",
     "How many days a week do I work?"),
])
def test_a_change_said_of_something_else_beside_the_question_does_not_lead(first: str, later: str, question: str) -> None:
    order = later_change_first([(memory("t-first", first), 0.9), (memory("t-later", later, day=3), 0.8)], focus_of(question),
                               set(), no_restatement)
    assert order[0][0].id == "t-first"


def test_a_later_change_that_tells_no_amount_does_not_lead_for_a_price_asked() -> None:
    quote = memory("t-quote", "Revised bathroom quote from Rune: 212 000 inkl. mva.", day=1)
    done = memory("t-done", "Bad news. With the new plumber starting later, Rune says the bathroom is done 22 Jan.", day=5)
    order = later_change_first([(quote, 0.9), (done, 0.8)], focus_of("How much is the bathroom going to cost?"), set(),
                               no_restatement)
    assert order[0][0].id == "t-quote"
    assert later_change_first([(quote, 0.9), (done, 0.8)], focus_of("When is the bathroom going to be done?"), set(),
                              no_restatement)[0][0].id == "t-done"


def test_the_days_of_the_habit_a_when_question_asks_are_not_led_by_a_later_wish_about_it() -> None:
    days = memory("f-days", "Ngozi's ice swimming is on Thursdays.", day=2, subject="Ngozi", predicate="ice swimming how often",
                  object="on Thursdays")
    wish = memory("t-wish", "Kuusijärvi is far now. Ice swimming near Porvoo? Club that meets Thursdays ideal.", day=5)
    order = later_change_first([(days, 0.9), (wish, 0.8)], focus_of("What day does Ngozi go ice swimming?"), set(), no_restatement)
    assert order[0][0].id == "f-days"


def test_a_later_change_about_another_of_the_speakers_people_and_not_whom_the_question_asks_of_does_not_lead() -> None:
    friend = memory("f-friend", "Ngozi's best friend Olesya lives in Hamburg.", subject="Ngozi's best friend Olesya",
                    predicate="lives in", object="Hamburg")
    mother = memory("t-mother", "My mother Galina want to come to Berlin for Lev birthday. She live in Riga now.", day=2)
    ranked = [(friend, 0.9), (mother, 0.8)]
    question = focus_of("Which city is Olesya in?", frozenset({"Olesya"}))
    assert later_change_first(ranked, question, set(), no_restatement) == ranked
    moved = memory("t-moved", "Olesya call me, she is in Leipzig now! She move there yesterday.", day=3)
    assert later_change_first([(friend, 0.9), (moved, 0.8)], question, set(), no_restatement)[0][0].id == "t-moved"


def test_a_later_turn_saying_old_of_an_age_says_no_change() -> None:
    site = memory("f-site", "Ngozi is site foreman from next week, moving to the Papatoetoe job.", subject="Ngozi",
                  predicate="is", object="site foreman from next week, moving to the Papatoetoe job")
    walking = memory("t-walk", "she wants me to start walking every morning. 6am round the domain before work. "
                               "day 1 done, feel like an old man", day=1)
    ranked = [(site, 0.9), (walking, 0.8)]
    assert later_change_first(ranked, focus_of("Which site is Ngozi working on?"), set(), no_restatement) == ranked
    van = memory("t-van", "the old van goes to the wreckers, I'm on the vivaro for work", day=1)
    assert later_change_first([(site, 0.9), (van, 0.8)], focus_of("Which van does Ngozi drive for work?"), set(),
                              no_restatement)[0][0] is van


def test_a_later_turn_saying_the_thing_was_called_off_goes_before_the_first_mention() -> None:
    booked = memory("t-booked", "booked camping on the gower saturday night, rhossili, just me and the kids")
    off = memory("t-off", "gower camping tonight is called off, met office says 40mm of rain.", day=3)
    ranked = [(booked, 0.9), (off, 0.8)]
    assert later_change_first(ranked, focus_of("Is the gower camping trip still on?"), set(), no_restatement)[0][0].id == "t-off"


def test_a_later_change_saying_the_new_time_is_not_replaced_by_its_restatement_of_another_thing_saying_none() -> None:
    first = memory("t-first", "My mother needs a hip operation, the hospital say 24 May. Before this we plan a weekend on Balaton.")
    moved = memory("t-moved", "Hospital is calling: operation of my mother is moved earlier, to 12 May. So Balaton is not "
                   "happening, we go to Debrecen instead.", day=1)
    instead = memory("f-instead", "Ngozi's update: we go to Debrecen instead.", day=1, predicate=PUTS_RIGHT,
                     provenance=Provenance(speaker="Ngozi", turn_ids=("t-moved",)))
    ranked = [(first, 0.9), (moved, 0.8)]
    order = later_change_first(ranked, focus_of("When is my mother's hip operation?"), set(),
                               lambda turn_id: instead if turn_id == "t-moved" else None)
    assert order[0][0].id == "t-moved"


def test_a_later_change_of_someone_else_does_not_go_before_the_fact_of_whom_a_question_names() -> None:
    denny = memory("f-denny", "Ngozi's buddy Denny lives in Tampa.", subject="Ngozi's buddy", predicate="lives in", object="Tampa")
    dana = memory("t-dana", "Dana's sister helped her move yesterday, she's officially living in Columbus now.", day=2)
    focus = focus_of("Where does Ngozi's friend Denny live now?", frozenset({"Denny"}))
    assert later_change_first([(denny, 0.9), (dana, 0.8)], focus, set(), no_restatement)[0][0].id == "f-denny"


def test_a_later_message_moving_the_thing_by_the_word_the_first_called_it_leads() -> None:
    first = memory("t-first", "my orthodontist is dr Kaur at Mill Road clinic. next kontrola is 12 March at 9:00")
    moved = memory("t-moved", "clinic rang. the kontrola is moved to 19 March, same hour", day=2)
    other = memory("t-other", "book club moved to 20 March, we read Solaris", day=3)
    asked = focus_of("When is my orthodontist appointment?")
    assert later_change_first([(first, 0.9), (other, 0.8), (moved, 0.7)], asked, set(), no_restatement)[0][0] is moved
    assert later_change_first([(first, 0.9), (other, 0.8)], asked, set(), no_restatement)[0][0] is first


def test_a_person_moved_to_a_place_is_no_thing_moved_to_a_time() -> None:
    first = memory("t-first", "the band is my joy. fr declan is our leader, he's great")
    moved = memory("t-moved", "sad news. fr declan is being moved to a parish in sligo, the letter came today", day=2)
    assert later_change_first([(first, 0.9), (moved, 0.8)], focus_of("Who leads the band?"), set(), no_restatement)[0][0] is first


def test_a_plan_a_later_message_calls_off_by_the_word_it_was_named_with_does_not_lead() -> None:
    plan = memory("t-plan", "Dentist appointment on 20 April at 3pm.")
    off = memory("t-off", "never mind the dentist on the 20th, cancelled it.", day=6)
    assert later_change_first([(plan, 0.9), (off, 0.8)], focus_of("What appointments do I have coming up?"), set(),
                              no_restatement)[0][0] is off
    haircut = memory("t-haircut", "Haircut booked for Saturday 11am")
    not_going = memory("t-not", "cancelled my haircut, will go next month", day=2)
    assert later_change_first([(haircut, 0.9), (not_going, 0.8)], focus_of("Any appointments coming up?"), set(),
                              no_restatement)[0][0] is not_going


def test_a_later_message_calling_off_something_else_or_a_first_saying_no_time_keeps_the_first_leading() -> None:
    plan = memory("t-plan", "Dentist appointment on 20 April at 3pm.")
    gym = memory("t-gym", "cancelled my gym membership, too dear", day=2)
    assert later_change_first([(plan, 0.9), (gym, 0.8)], focus_of("Any appointments coming up?"), set(), no_restatement)[0][0] is plan
    barber = memory("t-barber", "my haircut place is Snips on Mill Road, lovely staff")
    not_going = memory("t-not", "cancelled my haircut, will go next month", day=2)
    assert later_change_first([(barber, 0.9), (not_going, 0.8)], focus_of("Any appointments coming up?"), set(),
                              no_restatement)[0][0] is barber


def test_a_message_calling_off_another_line_of_a_schedule_does_not_lead_over_the_line_asked_of() -> None:
    week = memory("t-week", "the normal week:\nMON - 16:00 - Ayanda - swimming\nTHU - 15:00 - Lwazi - soccer practice")
    off = memory("t-off", "same as now but Thursday soccer is cancelled (end of season)", day=4)
    assert later_change_first([(week, 0.9), (off, 0.7)], focus_of("What time does Ayanda have swimming?"), set(),
                              no_restatement)[0][0] is week
    assert later_change_first([(week, 0.9), (off, 0.7)], focus_of("When does Lwazi have soccer practice?"), set(),
                              no_restatement)[0][0] is off


@pytest.mark.parametrize(("first", "later", "question"), [
    ("Bilet aldım: Bodrum otobüsü Cuma 07:30.", "Firma aradı, Bodrum otobüsü Cumartesi 09:00'a ertelendi.", "Bodrum otobüsü ne zaman?"),
    ("aula de violão na terça às 19h", "a aula de violão agora é na quinta às 18h", "Quando é a aula de violão?"),
    ("Tanítás a Petőfi iskolában kedden.", "Mostantól a Petőfi iskolában szerdán tanítok.", "Melyik napon tanít a Petőfi iskolában?"),
    ("pączek u nas $2.25", "masło znów droższe. od poniedziałku pączek $2.50, nie ma wyjścia", "Ile kosztuje pączek?"),
    ("Rohan ki shaadi Lotus Banquet mein hai, 12 Dec", "banquet wale ne cancel kiya, ab shaadi Green Valley Resort mein hogi",
     "Where is Rohan's wedding?"),
])
def test_a_later_turn_saying_it_changed_in_another_language_leads(first: str, later: str, question: str) -> None:
    order = later_change_first([(memory("t-first", first), 0.9), (memory("t-later", later, day=3), 0.8)], focus_of(question),
                               set(), no_restatement)
    assert order[0][0].id == "t-later"


def test_an_offer_signed_minutes_after_it_was_read_out_leads_over_the_turn_giving_the_old_and_new_values() -> None:
    offer = memory("t-offer", "Marta sent the allotment agreement: plot 14 is £65 a year, it was £50 last year.")
    signed = memory("t-signed", "signed it. £65. Marta is a gem", valid_at=NOV16 + timedelta(minutes=10))
    question = focus_of("How much does Tomasz pay Marta for the allotment?")
    assert later_change_first([(offer, 0.9), (signed, 0.8)], question, set(), no_restatement)[0][0].id == "t-signed"
    chat = memory("t-chat", "Marta is a gem, she gave us £65 of seedlings", valid_at=NOV16 + timedelta(minutes=10))
    assert later_change_first([(offer, 0.9), (chat, 0.8)], question, set(), no_restatement)[0][0].id == "t-offer"


def test_a_later_change_is_not_replaced_by_its_restatement_of_another_clause_saying_nothing_of_the_question() -> None:
    first = memory("t-first", "School pick-up duty today, our grandson Arjun, Year 5 at Brocks Hill Primary School.")
    moved = memory("t-moved", "First day at the new school for Arjun, St Cuthbert's Primary in Great Glen. Pick-up is 3.20 pm now.",
                   day=7)
    pick_up = memory("f-pickup", "Prakash's update: Pick-up is 3.20 pm now.", day=7, predicate=PUTS_RIGHT,
                     provenance=Provenance(speaker="Prakash", turn_ids=("t-moved",)))
    ranked = [(first, 0.9), (moved, 0.8), (pick_up, 0.7)]
    order = later_change_first(ranked, focus_of("Which school does Arjun go to now?", frozenset({"Arjun"})), set(),
                               lambda turn_id: pick_up if turn_id == "t-moved" else None)
    assert order[0][0].id == "t-moved"


def test_a_restatement_naming_only_whom_a_question_asks_of_does_not_lead() -> None:
    ankles = memory("t-ankles", "Dad's ankles are really swollen today. Is that something to mention to the GP?")
    neurology = memory("f-neuro", "Meera's update: Dad's neurology appointment is now Thursday 10 December at 10:40am.", day=2,
                       predicate=PUTS_RIGHT, provenance=Provenance(speaker="Meera", turn_ids=("t-neuro",)))
    turn = memory("t-neuro", "The hospital rang. Dr Fenwick's clinic on the 1st has been cancelled, so Dad's neurology "
                  "appointment is now Thursday 10 December at 10:40am.", day=2)
    ranked = [(ankles, 0.9), (neurology, 0.8), (turn, 0.7)]
    order = later_change_first(ranked, focus_of("Who is Dad's GP?", frozenset({"Dad"})), set(),
                               lambda turn_id: neurology if turn_id == "t-neuro" else None)
    assert order[0][0].id != "f-neuro"


def _led_after_restating(first: Memory, turn: Memory, restatement: str, question: str) -> str:
    """The id of what leads when ``turn``, said after ``first``, was restated as ``restatement`` (id "f-restated")."""
    restated = memory("f-restated", restatement, day=3, predicate=PUTS_RIGHT,
                      provenance=Provenance(speaker="Ngozi", turn_ids=(turn.id,)))
    order = later_change_first([(first, 0.9), (turn, 0.8)], focus_of(question), set(),
                               lambda turn_id: restated if turn_id == turn.id else None)
    return order[0][0].id


@pytest.mark.parametrize(("first", "turn", "restatement", "question"), [
    # a correction restated as the time alone still answers a question of when
    ("ok flight update, parents now land monday the 23rd instead.",
     "ugh sorry i told you wrong about the flight. it's NOT the 23rd, it's the 27th. they land friday nov 27 at 3:40pm. "
     "now i have to re-swap the day off again",
     "Ngozi's update: it's the 27th.", "When do Ngozi's parents land in Toronto?"),
    # a new plan restated as the place alone still answers a question of where
    ("Matilda's party is at Rocks Riverside Park on Saturday, the bouncy castle is booked.",
     "rain forecast all weekend so Rocks Riverside is off for Matilda's party. new plan: picnic at New Farm Park under "
     "the big fig trees, same time",
     "Kirra's update: picnic at New Farm Park.", "Where is Matilda's birthday party?"),
])
def test_a_change_restated_as_the_time_or_place_alone_still_answers_a_question_of_when_or_where(
    first: str, turn: str, restatement: str, question: str
) -> None:
    assert _led_after_restating(memory("t-first", first), memory("t-fixed", turn, day=3), restatement, question) == "f-restated"


def test_a_restatement_of_something_else_saying_a_time_does_not_stand_in_for_a_turn_on_a_question_of_when() -> None:
    ferry = memory("t-ferry", "ferry to santander booked, tuesday 7 july sailing, 15:45, cabin booked")
    completion = memory("t-completion", "so completion is 3rd july now, friday again. bit tight with the ferry but doable", day=3)
    assert _led_after_restating(ferry, completion, "Graham's update: completion is 3rd july now.",
                                "When is the ferry to Santander?") != "f-restated"


def test_a_later_change_giving_no_figure_of_what_is_asked_does_not_answer_how_many() -> None:
    first = memory("t-first", "barbecue at Riverside Park shelter 3, noon till 6. about 45 people coming, I'm on the grill")
    moved = memory("t-moved", "council says shelter 3 is closed for repairs!! so the barbecue is at Elm Park instead. same time.", day=2)
    order = later_change_first([(first, 0.9), (moved, 0.8)], focus_of("How many people are coming to the barbecue?"), set(),
                               no_restatement)
    assert order[0][0] is first
    grown = memory("t-grown", "the barbecue is now more like 70 people, cousins from Tulsa are coming", day=3)
    order = later_change_first([(first, 0.9), (moved, 0.8), (grown, 0.7)], focus_of("How many people are coming to the barbecue?"),
                               set(), no_restatement)
    assert order[0][0] is grown


@pytest.mark.parametrize(("first", "later"), [
    ("right need to mind the chiropodist is Tuesday 10.40 at Ryehill clinic",
     "Ryehill phoned. they've shifted me to Thursday, quarter past two, 2.15."),
    ("chiropodist appointment with Smile Studio on Tuesday 10.40", "Smile Studio rang, moved to Wednesday 11am."),
])
def test_a_later_change_naming_again_what_the_first_memory_named_speaks_of_the_same_thing(first: str, later: str) -> None:
    moved = memory("t-moved", later, day=3)
    order = later_change_first([(memory("t-first", first), 0.9), (moved, 0.8)], focus_of("When is Morag's chiropodist appointment?"),
                               set(), no_restatement)
    assert order[0][0] is moved


def test_a_later_change_naming_again_only_what_another_clause_of_the_first_memory_named_does_not_speak_of_it() -> None:
    first = memory("t-first", "My blood pressure medicines: amlodipine 5 mg every morning, and Dr. Adeyemi at Sacred Heart is "
                              "my physician.")
    moved = memory("t-moved", "Dr. Adeyemi's nurse called. My appointment is moved forward to Monday 24 August, 9 am.", day=3)
    order = later_change_first([(first, 0.9), (moved, 0.8)], focus_of("What dose of amlodipine does Ngozi take?"), set(),
                               no_restatement)
    assert order[0][0] is first


def test_a_later_change_naming_only_another_place_does_not_speak_of_the_first_memory() -> None:
    first = memory("t-first", "right need to mind the chiropodist is Tuesday 10.40 at Ryehill clinic")
    moved = memory("t-moved", "Lochee Park phoned. they've shifted football to Thursday, quarter past two.", day=3)
    order = later_change_first([(first, 0.9), (moved, 0.8)], focus_of("When is Morag's chiropodist appointment?"), set(),
                               no_restatement)
    assert order[0][0] is first


def test_a_later_change_speaking_of_the_one_seen_for_an_appointment_asked_of_speaks_of_the_appointment() -> None:
    first = memory("t-first", "back's in bits the day. physio at Stobhill on Thursday 10:15, GP finally referred me")
    moved = memory("t-moved", "physio phoned, they've had a shuffle n aw. I'm noo Friday at 9 instead o the day. so much fer bookin it aff",
                   day=2)
    order = later_change_first([(first, 0.9), (moved, 0.8)], focus_of("When is Ngozi's physio appointment?"), set(), no_restatement)
    assert order[0][0] is moved


def test_whoever_told_what_the_first_memory_says_is_no_name_a_later_change_speaks_of_it_by() -> None:
    first = memory("f-first", "Paloma put it right: Yolanda says the hacienda wants the flowers delivered saturday at 9:30am.")
    brakes = memory("t-brakes", "Yolanda got the van's brake pads changed this afternoon, 2,300 pesos, ready for tomorrow", day=2)
    order = later_change_first([(first, 0.9), (brakes, 0.8)], focus_of("What time do the flowers need to be delivered to the hacienda?"),
                               set(), no_restatement)
    assert order[0][0] is first


def test_a_later_change_giving_only_an_amount_of_money_does_not_answer_how_many() -> None:
    first = memory("t-first", "Updated: the parish order is now 450 pączki for Saturday.")
    price = memory("t-price", "Noted: pączki go up to $2.50 from Monday; the parish order stays at the old price.", day=2)
    order = later_change_first([(first, 0.9), (price, 0.8)], focus_of("How many pączki did the parish order for the festival?"), set(),
                               no_restatement)
    assert order[0][0] is first


def test_a_currency_before_its_amount_is_no_name_a_later_change_speaks_of_the_first_memory_by() -> None:
    first = memory("t-first", "So Tujengane has 12 members at KSh 5,000 each and this month's meeting is at Wanjiru's in Kahawa Sukari.")
    quote = memory("t-quote", "Kioko amepiga simu. Anasema timber bei imepanda, so quote ni KSh 420,000 sasa.", day=2)
    order = later_change_first([(first, 0.9), (quote, 0.8)], focus_of("Where was the Tujengane chama meeting held this month?"),
                               set(), no_restatement)
    assert order[0][0] is first


def test_whose_the_place_is_is_no_name_a_later_change_speaks_of_it_by() -> None:
    first = memory("t-first", "so I'm moving to Otávio's lab at Unifesp, Vila Clementino campus")
    supervisor = memory("t-sup", "first day done. Otávio Ramos is officially my supervisor now, we'll meet tuesdays 10am", day=2)
    order = later_change_first([(first, 0.9), (supervisor, 0.8)], focus_of("Where is Renata's lab now?"), set(), no_restatement)
    assert order[0][0] is first
