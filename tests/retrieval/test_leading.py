

from engram_mcp.model import Provenance
from engram_mcp.model.corrections import PUTS_RIGHT
from engram_mcp.retrieval.leading import (
    change_first,
    named_first,
    relation_fact_aside,
    slot_first,
    speaks_most_of,
    told_first,
    where_first,
    which_one_first,
)
from tests.retrieval.leading_cases import focus_of, memory


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


def test_a_change_naming_only_whom_the_question_asks_of_leaves_its_turn_first() -> None:
    turn = memory("t-neuro", "The hospital rang, so Dad's neurology appointment is now Thursday 10 December at 10:40am.", day=2)
    moved = memory("f-neuro", "Meera's update: Dad's neurology appointment is now Thursday 10 December at 10:40am.", day=2,
                   predicate=PUTS_RIGHT, provenance=Provenance(speaker="Meera", turn_ids=("t-neuro",)))
    order = change_first([(turn, 0.9)], focus_of("Who is Dad's GP?", frozenset({"Dad"})), lambda turn_id: moved,
                         lambda turn_id: [moved])
    assert [m.id for m, _ in order] == ["t-neuro"]


def test_a_memory_telling_the_amount_a_price_question_asks_leads_over_one_telling_none() -> None:
    done = memory("t-done", "Bad news. With the joists, Rune says the bathroom is done 22 Jan.", day=3)
    quote = memory("t-quote", "Revised bathroom quote from Rune: 212 000 inkl. mva.", day=2)
    tiles = memory("t-tiles", "Tiles for the bathroom cost 480 kr a box.", day=1)
    ranked = [(done, 0.9), (quote, 0.8), (tiles, 0.7)]
    assert told_first(ranked, focus_of("How much is the bathroom job going to cost?"), set())[0][0] is quote
    assert told_first(ranked, focus_of("How much is the bathroom job going to cost?"), {quote.id})[0][0] is tiles
    first_quote = memory("t-first", "Quote from Rune for the bathroom: 185 000 kr.", day=0)
    later = told_first([(done, 0.9), (first_quote, 0.85), (quote, 0.8)], focus_of("How much is the bathroom job going to cost?"), set())
    assert later[0][0] is quote
    assert told_first(ranked, focus_of("When will the bathroom be done?"), set()) == ranked


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


def test_what_mends_the_message_before_leads_over_its_turn_only_when_it_says_again_what_the_turn_says_of_the_question() -> None:
    turn = memory("t-wait", "no wait, its wednesday not tuesday. tue is the msasa walk with Nyasha", day=1)
    mended = memory("f-wed", "Ngozi put it right: site meeting with Farai tomorrow wednesday 10am at the borrowdale site office.",
                    day=1, predicate=PUTS_RIGHT, provenance=Provenance(speaker="Ngozi", turn_ids=("t-wait", "t-tue")))
    ranked = [(turn, 0.9), (mended, 0.5)]

    def order(question: str) -> list[str]:
        return [m.id for m, _ in change_first(ranked, focus_of(question), lambda turn_id: mended, lambda turn_id: [mended])]

    assert order("Which site manager runs the msasa warehouse job?") == ["t-wait", "f-wed"]
    assert order("When is the site meeting?") == ["f-wed", "t-wait"]


def test_of_two_things_a_message_put_right_the_one_saying_what_is_asked_answers_not_the_one_saying_whose() -> None:
    date = memory("f-date", "Ngozi's update on mamá's surgery: now it's thursday 26th.", predicate=PUTS_RIGHT)
    hospital = memory("f-hospital", "Ngozi's update on the hospital: they're doing it at Clínica Pueyrredón.", predicate=PUTS_RIGHT)
    assert speaks_most_of([date, hospital], focus_of("Which hospital is my mother's operation at?")) is hospital
    assert speaks_most_of([date, hospital], focus_of("When is my mum's surgery?")) is date
    assert speaks_most_of([], focus_of("When is my mum's surgery?")) is None


def test_of_a_question_asking_when_a_memory_naming_all_its_words_but_no_time_does_not_lead() -> None:
    days = memory("f-days", "Ngozi works on sundays.", subject="Ngozi", predicate="work how often", object="on sundays")
    shop = memory("f-shop", "Ngozi works at tesco.", subject="Ngozi", predicate="works at", object="tesco")
    ranked = [(days, 0.9), (shop, 0.9)]
    assert named_first(ranked, focus_of("When does Ngozi work at Tesco?"), set()) == ranked
    assert named_first(ranked, focus_of("Does Ngozi work at Tesco?"), set())[0][0].id == "f-shop"


def test_of_a_question_asking_when_a_fact_in_the_slot_that_says_no_time_does_not_lead() -> None:
    turn = memory("t-moved", "got moved to sundays at tesco")
    shop = memory("f-shop", "Ngozi works at tesco.", subject="Ngozi", predicate="works at", object="tesco")
    assert slot_first([(turn, 0.9), (shop, 0.8)], focus_of("When does Ngozi work at Tesco?"))[0][0].id == "t-moved"
    assert slot_first([(turn, 0.9), (shop, 0.8)], focus_of("Where does Ngozi work?"))[0][0].id == "f-shop"


def test_of_a_question_asking_when_a_habit_is_done_the_fact_holding_its_days_leads() -> None:
    far = memory("t-far", "Kuusijärvi is far now. Ice swimming near Porvoo? Club that meets Thursdays ideal.", day=3)
    fix = memory("t-fix", "Correction. Ice swimming is Thursdays now, not Tuesdays.", day=2)
    yoga = memory("f-yoga", "Ngozi's yoga is on Mondays.", subject="Ngozi", predicate="yoga how often", object="on Mondays")
    days = memory("f-days", "Ngozi's ice swimming is on Thursdays.", day=2, subject="Ngozi", predicate="ice swimming how often",
                  object="on Thursdays")
    ranked = [(far, 0.9), (fix, 0.8), (yoga, 0.7), (days, 0.6)]
    assert slot_first(ranked, focus_of("What day does Ngozi go ice swimming?"))[0][0].id == "f-days"
    assert slot_first(ranked, focus_of("What day does Ngozi go to the pool?"))[0][0].id == "t-far"
    assert slot_first(ranked, focus_of("Where does Ngozi go ice swimming?"))[0][0].id == "t-far"
    assert slot_first(ranked, focus_of("What time does Ngozi go ice swimming?"))[0][0].id == "t-far"
    assert slot_first(ranked, focus_of("What date does Ngozi go ice swimming?"))[0][0].id == "t-far"


def test_the_days_of_the_habit_asked_stay_first_over_a_reply_that_says_day_in_its_words() -> None:
    days = memory("f-days", "Ngozi's long runs are on Sundays.", subject="Ngozi", predicate="long runs how often", object="on Sundays")
    reply = memory("t-reply", "Done: long runs on Sunday, with an easy shakeout on Saturday morning when match day allows.")
    assert named_first([(days, 0.9), (reply, 0.8)], focus_of("What day are Ngozi's long runs?"), set())[0][0].id == "f-days"


def test_a_memory_naming_all_that_is_asked_of_a_thing_leads_one_that_only_names_the_thing() -> None:
    intro = memory("t-intro", "ok hi. i run a food truck in austin called La Chispa, birria + tacos")
    moved = memory("t-moved", "Congratulations! So from the 19th your lunch service moves to Springdale General, Tuesday to Thursday.")
    question = focus_of("Where does La Chispa do its weekday lunch service?", frozenset({"La Chispa"}))
    assert named_first([(intro, 0.9), (moved, 0.8)], question, set())[0][0].id == "t-moved"


def test_what_is_said_of_someone_leads_over_the_fact_that_only_says_who_they_are() -> None:
    wife = memory("f-wife", "Ngozi's wife is Miriam.", subject="Ngozi", predicate="wife", object="Miriam")
    candle = memory("t-candle", "Miriam lit the candle herself tonight.", day=1)
    medicine = memory("f-med", "Miriam's medication is now apixaban 5 mg.", day=2)
    ranked = [(wife, 0.9), (candle, 0.8), (medicine, 0.7)]
    order = relation_fact_aside(ranked, focus_of("What medication is Ngozi's wife taking?"), set())
    assert [m.id for m, _ in order] == ["f-med", "f-wife", "t-candle"]


def test_the_fact_saying_who_someone_is_still_answers_who_they_are_and_what_they_are_called() -> None:
    son = memory("f-son", "Ngozi's son is Archie.", subject="Ngozi", predicate="son", object="Archie")
    fishing = memory("t-fish", "taking archie fishing off the groyne this arvo", day=1)
    for question in ("Who is Ngozi's son?", "What's the name of Ngozi's son?", "Who is Ngozi's son at school?"):
        assert relation_fact_aside([(son, 0.9), (fishing, 0.8)], focus_of(question), set())[0][0].id == "f-son"


def test_an_outdated_memory_of_someone_does_not_lead_over_who_they_are() -> None:
    wife = memory("f-wife", "Ngozi's wife is Miriam.", subject="Ngozi", predicate="wife", object="Miriam")
    old = memory("t-old", "Miriam takes clopidogrel 75 mg in the morning.")
    order = relation_fact_aside([(wife, 0.9), (old, 0.8)], focus_of("What medication is Ngozi's wife taking?"), {"t-old"})
    assert order[0][0].id == "f-wife"


def test_a_question_asking_who_is_answered_by_the_fact_that_names_them_whatever_else_it_says() -> None:
    manager = memory("f-manager", "Ngozi's manager is Graham.", subject="Ngozi", predicate="manager", object="Graham")
    email = memory("t-email", "Pasting Graham's email about the work rota for the line.", day=1)
    order = relation_fact_aside([(manager, 0.9), (email, 0.8)], focus_of("Who is my line manager at work?"), set())
    assert order[0][0].id == "f-manager"


def test_a_thing_asked_of_someone_else_is_not_answered_first_by_the_speakers_own() -> None:
    own_fact = memory("f-own", "Ngozi drives a Skoda.", subject="Ngozi")
    own_turn = memory("t-own", "I drive a red Skoda.")
    hers = memory("t-hers", "Ilka just bought a Tesla.")
    asked = focus_of("What car does Ilka drive?", frozenset({"Ilka"}))
    assert named_first([(own_fact, 2.0), (own_turn, 1.9), (hers, 1.8)], asked, set())[0][0] is hers


def test_a_pay_rate_leads_a_question_asking_it_though_it_says_no_word_the_question_asks() -> None:
    job = memory("t-job", "Tevita works as a carpenter.", day=0)
    rate = memory("t-rate", "boss called me in. site foreman from next week. $38 an hour up from $32", day=1)
    ranked = [(job, 0.9), (rate, 0.8)]
    assert told_first(ranked, focus_of("What's Tevita's new pay rate?"), set())[0][0] is rate


def test_the_speakers_own_fact_in_the_slot_does_not_lead_for_a_question_naming_someone_else() -> None:
    friend = memory("f-friend", "Ngozi's best friend Olesya lives in Hamburg.", subject="Ngozi's best friend Olesya",
                    predicate="lives in", object="Hamburg")
    own = memory("f-own", "Ngozi lives in Neukölln.", subject="Ngozi", predicate="lives in", object="Neukölln")
    ranked = [(friend, 0.9), (own, 0.8)]
    assert slot_first(ranked, focus_of("Which city is Olesya in?", frozenset({"Olesya"}))) == ranked
    assert slot_first([(friend, 0.9), (own, 0.8)], focus_of("Which city does Ngozi live in?"))[0][0].id == "f-own"


def test_a_first_memory_sharing_only_a_word_that_asks_when_gives_way_to_one_naming_the_thing_asked() -> None:
    gym = memory("t-gym", "mornings not working. gym 7pm from now on, same days.", day=2)
    moved = memory("t-moved", "dentist moved. Fri 11:00 now.", day=2)
    first = memory("t-first", "note: dentist Thu 14:30, Dr Okafor.")
    question = focus_of("What day is Ngozi's dentist appointment?")
    assert [m.id for m, _ in named_first([(gym, 0.9), (moved, 0.8), (first, 0.7)], question, set())][0] == "t-moved"
    # A first memory naming the thing asked keeps the lead, and so does one sharing no word at all.
    assert named_first([(first, 0.9), (gym, 0.8)], question, set())[0][0] is first
    vague = memory("t-vague", "Sorted for Friday.", day=2)
    assert named_first([(vague, 0.9), (moved, 0.8)], question, set())[0][0] is vague


def test_a_fact_that_says_the_date_asked_keeps_the_lead_over_the_reply_naming_the_thing() -> None:
    fact = memory("f-date", "Ngozi put it right: The date is Saturday 19 December.", day=2)
    reply = memory("t-reply", "Got it: the wedding is on Saturday 19 December.", day=2,
                   provenance=Provenance(speaker=None, role="assistant"))
    question = focus_of("What date is the wedding?")
    assert named_first([(fact, 0.9), (reply, 0.8)], question, set())[0][0] is fact


def test_a_memory_with_all_the_words_asked_but_of_someone_else_does_not_go_before_one_of_whom_asked() -> None:
    temi = memory("f-temi", "Ngozi's little sister Temi is doing her master's at Leeds.", subject="Ngozi's little sister Temi",
                  predicate="states", object="doing her master's at Leeds")
    mum = memory("t-mum", "My mum Folake thinks I made it up in England because back home in Ibadan nobody had heard of it, "
                          "she lives on milk powder.")
    ranked = [(temi, 0.9), (mum, 0.8)]
    assert named_first(ranked, focus_of("Where does Temi live?", frozenset({"Temi"})), set()) == ranked


def test_of_a_question_asking_when_a_first_memory_naming_all_it_asks_but_no_time_gives_way_to_one_saying_a_time() -> None:
    good = memory("t-good", "welsh class was good. tutor's called delyth, she's terrifying and great", day=2)
    when = memory("t-when", "welsh class wednesday, 7pm, canton library on cowbridge road.", day=1)
    ranked = [(good, 0.9), (when, 0.8)]
    assert named_first(ranked, focus_of("When is Ngozi's welsh class?"), set())[0][0].id == "t-when"
    assert named_first(ranked, focus_of("Who teaches Ngozi's welsh class?"), set()) == ranked


def test_the_latest_memory_naming_a_make_answers_what_car_someone_drives() -> None:
    voice = memory("t-voice", "I'm gonna be using the voice thing cos I'm usually driving or doing the kids breakfast", day=0)
    old = memory("t-old", "the car's making that grinding noise again the Zafira I mean it's a 2011", day=0)
    new = memory("t-new", "got it then the Skoda it's an Octavia estate 2017 silver", day=3)
    ranked = [(voice, 0.9), (old, 0.8), (new, 0.7)]
    assert told_first(ranked, focus_of("What car is Ngozi driving these days?"), set())[0][0] is new
    assert told_first([(voice, 0.9), (old, 0.8)], focus_of("What car does Ngozi drive?"), set())[0][0] is old


def test_a_car_still_had_leads_over_a_first_memory_naming_only_one_let_go() -> None:
    sold = memory("t-sold", "Ngozi sold the Transit.", day=3)
    vivaro = memory("t-vivaro", "picked the vivaro up from the dealer, lovely and quiet", day=2)
    scrap = memory("t-scrap", "the old Transit's going to the scrapman on monday", day=4)
    reply = memory("t-reply", "Worth test-driving: Kia Niro EV, MG4, VW ID.3.", day=5, provenance=Provenance(speaker="", role="assistant"))
    ranked = [(sold, 0.9), (scrap, 0.85), (reply, 0.82), (vivaro, 0.8)]
    assert told_first(ranked, focus_of("What van does Ngozi drive?"), set())[0][0] is vivaro
    assert told_first([(vivaro, 0.9), (sold, 0.8)], focus_of("What van does Ngozi drive?"), set())[0][0] is vivaro


def test_the_fact_holding_the_belonging_asked_stays_first_over_one_only_wished_for() -> None:
    fact = memory("f-phone", "Ngozi's phone is a pixel 8a.", day=4, subject="Ngozi", predicate="phone is", object="a pixel 8a")
    wish = memory("t-wish", "dropped my phone AGAIN its fully dead now. cant afford another iphone", day=3)
    ranked = [(fact, 0.9), (wish, 0.8)]
    assert told_first(ranked, focus_of("What phone has Ngozi got at the moment?"), set()) == ranked


def test_a_make_the_speaker_names_of_their_own_does_not_lead_for_someone_elses_car() -> None:
    hers = memory("t-hers", "Ilka drove us to the coast, she loves that car", day=0)
    own = memory("t-own", "I picked up the Skoda from Gaz today", day=2)
    ranked = [(hers, 0.9), (own, 0.8)]
    assert told_first(ranked, focus_of("What car does Ilka drive?", frozenset({"Ilka"})), set()) == ranked


def test_the_fact_holding_the_belonging_asked_stays_first_over_a_later_turn_naming_another_make() -> None:
    fact = memory("f-phone", "Ngozi's phone is a pixel 8a.", day=4, subject="Ngozi", predicate="phone is", object="a pixel 8a")
    later = memory("t-later", "Tunde's old iPhone case fits nothing, binned it. Loving the Samsung adverts though", day=5)
    ranked = [(fact, 0.9), (later, 0.8)]
    assert told_first(ranked, focus_of("What phone has Ngozi got at the moment?"), set()) == ranked


def test_a_turn_said_again_without_the_value_it_marks_as_old_leads_though_it_shares_no_word_with_the_question() -> None:
    turn = memory("t-dock", "Company memo: the Hebridean Star will dock at Greenock (Garvel), not Birkenhead. Dates unchanged.", day=2)
    restated = memory("f-dock", "Torvald's update: Company memo: the Hebridean Star will dock at Greenock (Garvel). Dates unchanged.",
                      day=2, predicate=PUTS_RIGHT, provenance=Provenance(speaker="Torvald", turn_ids=("t-dock",)))
    order = change_first([(turn, 0.9)], focus_of("Where is the Hebridean Star's drydock this year?", frozenset({"Hebridean", "Star"})),
                         lambda turn_id: restated, lambda turn_id: [restated])
    assert [m.id for m, _ in order] == ["f-dock", "t-dock"]



def test_of_a_question_asking_when_a_turn_sharing_no_word_with_it_gives_way_to_one_naming_the_thing_with_a_time() -> None:
    reply = memory("t-reply", "aye but I've booked it aff. gaffer was sound about it")
    physio = memory("t-physio", "back's in bits the day. physio at Stobhill on Thursday 10:15, GP finally referred me")
    ranked = [(reply, 2.0), (physio, 1.8)]
    assert named_first(ranked, focus_of("When is Ngozi's physio appointment?"), set())[0][0] is physio


def test_a_first_memory_sharing_no_word_with_the_question_and_naming_things_of_its_own_gives_way_to_one_naming_the_thing() -> None:
    cottage = memory("t-cottage", "Peg wants to book a week on the Cape for next June. She found a cottage in Wellfleet, $1,400 for the week")
    repair = memory("t-repair", "Updated: the Silverado repair is now $1,650 with the brake lines.", day=2)
    question = focus_of("How much is the truck repair going to cost?")
    assert named_first([(cottage, 2.0), (repair, 1.8)], question, set())[0][0] is repair
    vague = memory("t-vague", "ok $1,400 it is then", day=2)
    assert named_first([(vague, 2.0), (repair, 1.8)], question, set())[0][0] is vague


def test_a_first_memory_naming_someone_may_be_who_is_asked_though_it_shares_no_word_with_the_question() -> None:
    help_now = memory("t-help", "Good - Winnie Okafor is your extraction help now, at $18 an hour.", day=3)
    rory = memory("t-rory", "My nephew Rory's going to help me pull the first spring honey next week.")
    assert named_first([(help_now, 2.0), (rory, 1.8)], focus_of("Who's helping him extract the honey?"), set())[0][0] is help_now
