from engram_mcp.retrieval.readings import latest_reading_first, says_a_reading
from tests.retrieval.leading_cases import focus_of, memory


def weigh_ins() -> list:
    return [
        (memory("t-227", "note: weight 227.", day=4), 0.9),
        (memory("t-ortho", "Mason's ortho done. braces on the bottom now.", day=4), 0.8),
        (memory("t-224", "note: weight 224 this morning. 7 lb in a week.", day=6), 0.7),
        (memory("t-231", "note: weight 231 lb this morning. doctor wants me under 215 by spring.", day=0), 0.6),
    ]


def test_of_several_readings_of_the_measure_asked_the_newest_leads() -> None:
    for question in ("What is Ngozi's weight?", "What is Ngozi's current weight?", "What does Ngozi weigh now?"):
        assert latest_reading_first(weigh_ins(), focus_of(question), set())[0][0].id == "t-224", question


def test_a_question_asking_for_another_reading_than_the_newest_keeps_the_ranking() -> None:
    for question in ("What was Ngozi's starting weight?", "What is Ngozi's target weight?", "When did Ngozi weigh 227?"):
        assert latest_reading_first(weigh_ins(), focus_of(question), set())[0][0].id == "t-227", question


def test_a_question_asking_whether_is_not_asking_for_a_reading() -> None:
    booked = memory("t-booked", "my sister's birthday is the 23rd, i booked flights to turin for the 22nd, 89 euros", day=0)
    cancelled = memory("t-off", "the turin thing is off, i cancelled the flight, lost the 89 euros", day=4)
    chat = memory("t-chat", "ryanair flights to turin are 2 for 1 in january", day=5)
    ranked = [(cancelled, 0.9), (booked, 0.8), (chat, 0.7)]
    assert latest_reading_first(ranked, focus_of("Is Ngozi still flying to Turin?"), set())[0][0].id == "t-off"


def test_a_newer_line_naming_the_measure_apart_from_its_number_is_no_reading() -> None:
    shift = memory("t-shift", "todo: shift at Coffeewerk 4-10 saturday", day=0)
    run = memory("t-run", "5k: 25:58!!! SUB 26 BABY. the break-up cardio works", day=5)
    job = memory("t-job", "starting at the bookshop, weekend work, 12 an hour", day=3)
    ranked = [(job, 0.9), (shift, 0.8), (run, 0.7)]
    assert latest_reading_first(ranked, focus_of("What does Ngozi earn at work?"), set())[0][0].id == "t-job"


def test_the_newest_reading_leads_though_an_older_one_names_more_of_the_question() -> None:
    ranked = [
        (memory("t-choir", "I sing in the choir, the only one who can read music.", day=0), 0.9),
        (memory("t-146", "Pressure today 146/92. A little better.", day=2), 0.8),
        (memory("t-132", "Pressure today 132/84. My best number in months!", day=6), 0.7),
        (memory("t-blood", "blood test on the 20th, fasting from 8pm", day=7), 0.6),
    ]
    order = latest_reading_first(ranked, focus_of("What was Ngozi's most recent blood pressure reading?"), set())
    assert order[0][0].id == "t-132"
    loaves = [(memory("t-450", "The sourdough is £4.50 a loaf, the conchas £1.80 each.", day=0), 0.9),
              (memory("t-520", "Ready for the new week: stall Thursday and Saturday, sourdough £5.20.", day=6), 0.8)]
    assert latest_reading_first(loaves, focus_of("How much is my sourdough loaf?"), set())[0][0].id == "t-520"


def test_a_reading_is_a_number_said_not_a_date_a_day_or_a_year() -> None:
    assert says_a_reading("Pressure 138/86 this morning") and says_a_reading("5k again: 26:41")
    assert says_a_reading("quoted €220") and not says_a_reading("I have lived in Dublin since 2011.")
    assert not says_a_reading("the engagement moved to 16 November") and not says_a_reading("on Oct 20, finally")


def test_numbers_beside_other_words_of_the_sentence_are_no_reading_of_the_measure() -> None:
    ranked = [
        (memory("t-count", "we're at 180 guests now, mum keeps adding cousins", day=0), 0.9),
        (memory("t-hall", "Mehndi decision: it's at the hall, Wedding Palace in Bordesley Green, Thursday 17 December",
                day=3), 0.8),
        (memory("t-email", "Dear Mr Tesfaye, your wedding booking ref 48213 for 2 rooms is confirmed", day=4), 0.7),
    ]
    assert latest_reading_first(ranked, focus_of("How many guests are coming to the wedding?"), set())[0][0].id == "t-count"
    fiance = [(memory("t-name", "Ananya's fiancé is Rohit, a dentist from Pune", day=0), 0.9),
              (memory("t-moved", "the engagement moved to the 16th, 11 am, the pandit says it's auspicious", day=2), 0.8),
              (memory("t-date", "engagement lunch for 40 people booked", day=3), 0.7)]
    assert latest_reading_first(fiance, focus_of("What is the name of Ananya's fiancé?"), set())[0][0].id == "t-name"


def test_whose_the_measure_is_is_no_measure() -> None:
    ranked = [(memory("t-budgie", "mum has a new budgie, she called it tena", day=1), 0.9),
              (memory("t-82", "mum almaz is 82 and lives on her own, about 10 min drive away", day=0), 0.8),
              (memory("t-slippers", "almaz slippers, size 5", day=3), 0.7)]
    assert latest_reading_first(ranked, focus_of("What is Almaz's pet called?"), set())[0][0].id == "t-budgie"


def test_a_reading_of_someone_the_question_names_names_them_and_the_measure_by_its_own_word() -> None:
    ranked = [
        (memory("t-nellie", "Flat 2 is Tannie Nellie. Her rent is R6,200.", day=0), 0.9),
        (memory("t-lwazi", "Flat 1 is Lwazi. Her rent is R7,800.", day=0), 0.8),
        (memory("t-up", "Ek het gedink oor Nellie. Her rent will be R6,400 from May.", day=4), 0.7),
        (memory("t-stairs", "Nellie's daughter phoned, I told her Flat 2 is ground floor.", day=5), 0.6),
        (memory("t-dev", "the rent for flat 3 went up to R7,100 today.", day=6), 0.5),
    ]
    assert latest_reading_first(ranked, focus_of("What is Tannie Nellie's rent?"), set())[0][0].id == "t-up"


def test_a_reading_said_of_someone_or_something_else_named_is_not_the_persons() -> None:
    ranked = [
        (memory("t-450", "The sourdough is £4.50 a loaf, the conchas £1.80 each.", day=0), 0.9),
        (memory("t-rival", "The Loaf Lane Bakery two stalls down has started doing sourdough at £3.95.", day=2), 0.8),
    ]
    assert latest_reading_first(ranked, focus_of("How much is my sourdough loaf?"), set())[0][0].id == "t-450"


def test_a_later_memory_already_leading_keeps_the_lead_from_an_older_reading() -> None:
    ranked = [
        (memory("t-415", "three lifers!! so the life list is 415 now. very happy", day=4), 0.9),
        (memory("t-412", "i keep my list on ebird, life list is 412 species as of now", day=0), 0.8),
        (memory("f-412", "Ngozi's life list is 412 species.", day=0), 0.7),
    ]
    assert latest_reading_first(ranked, focus_of("How many species are on Ngozi's life list?"), set())[0][0].id == "t-415"


def test_a_reading_opening_with_another_name_or_of_a_relative_is_theirs() -> None:
    gym = [(memory("t-35", "My gym membership is €35 a month.", day=0), 0.9),
           (memory("t-lena", "Lena's gym costs €49.", day=4), 0.8)]
    assert latest_reading_first(gym, focus_of("How much is my gym membership?"), set())[0][0].id == "t-35"
    salary = [(memory("t-mine", "salary is £38,000 now, finally", day=0), 0.9),
              (memory("t-bro", "my brother's salary is £42,000, show-off", day=4), 0.8)]
    assert latest_reading_first(salary, focus_of("What's my salary?"), set())[0][0].id == "t-mine"
