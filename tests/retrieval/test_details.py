from __future__ import annotations

import pytest

from engram_mcp.retrieval.abstain import focus_terms, focus_words
from engram_mcp.retrieval.details import detail_asked


@pytest.mark.parametrize(
    ("question", "detail"),
    [
        ("What's Ines's star sign?", "star sign"),
        ("what blood group is my dad?", "blood type"),
        ("What is Tomas's blood type?", "blood type"),
        ("What's my passport number again?", "passport number"),
        ("What is my NI number?", "National Insurance number"),
        ("What is Kemal's student ID?", "student number"),
        ("What is Sara's date of birth?", "date of birth"),
        ("What's my driving licence number?", "licence number"),
        ("What is Jase's phone number?", "phone number"),
        ("What's Sione's email address?", "email address"),
        ("What is Arjun's monthly salary?", "salary"),
        ("How much does Wojtek earn?", "amount earned"),
        ("How much rent does Rohan pay for the flat?", "rent"),
        ("What will Nellie's rent be from May?", "rent"),
        ("How much is Elektro Nord charging for the electrical work?", "price"),
        ("What is the budget allocated to the Payouts 2.0 project?", "price"),
        ("how much do Aram's swimming lessons cost each term?", "price"),
        ("How much is my State Pension each month?", "price"),
        ("What's the price of the bathroom tiles?", "price"),
        ("Where did Shauna get her teaching degree?", "where they studied"),
        ("Which university does Sota attend?", "where they studied"),
        ("Where did Chiara train as a hairdresser?", "where they studied"),
        ("What breed is Branwen's cat Mostyn?", "breed"),
        ("What's Mehmet's favourite TV series?", "favourite"),
        ("Which school does Smaranda go to?", "school"),
        ("What nursery is Antek at?", "school"),
        ("What is the name of Bram's school?", "school"),
        ("What colour is Rasmus's Volvo?", "colour"),
        ("How much does Mia weigh?", "weight"),
        ("What is Hollis's current weight?", "weight"),
        ("What's my car's registration?", "registration"),
        ("What is the licence plate number of Horacio's bus?", "registration"),
    ],
)
def test_a_question_asking_a_detail_told_only_whole_is_read_as_asking_it(question: str, detail: str) -> None:
    asked = detail_asked(question)
    assert asked is not None and asked.name == detail


@pytest.mark.parametrize(
    "question",
    ["What's in the tin?", "When is my mum's birthday party?", "What did the blood test show?", "Which sign did Ola paint?",
     "Which bank does Selin's salary go into?", "When is Lwazi's rent due?",
     "Where does Chiara rent a chair?", "Which university is Eun going to on exchange?", "What did Kai study at university?",
     "How should emails to Zara be signed?", "Who painted the colour chart?", "What does Hina do after school?", "When does school start?",
     "How much bisoprolol am I taking each morning?", "What's the deadline for the fee waiver form?",
     "Which bank will my pension go into?", "How much weight has Mia lost?", "what currency should prices be in for itzel?",
     "What is Hugo's weight goal?", "When is my car registration due?", "What is my registration number for the marathon?"],
)
def test_a_question_asking_no_such_detail_is_read_as_asking_none(question: str) -> None:
    assert detail_asked(question) is None


@pytest.mark.parametrize(
    ("question", "told", "untold"),
    [
        ("What is Tomas's blood type?", "turns out I'm O neg, they want me back for platelets", "the liver blood test is on friday"),
        ("What's Ines's star sign?", "Ines is such a Scorpio about it", "she signed up for the star jumps class"),
        ("What's my passport number?", "passport no. is 584120993, expires 2031", "my passport expires in march"),
        ("What is Sara's date of birth?", "Sara was born on 3 May 1990", "we set a date for the christening"),
        ("What is Jase's phone number?", "jase's new number is 021 555 0199", "jase lost his phone at the beach"),
        ("What's Sione's email address?", "it's sione.tuilagi@example.co.nz", "emailed the bank about the account"),
        ("What is Ezra's instagram handle?", "new insta is @ezra.ink.pdx", "instagram caption for flash day? punchy"),
        ("What is Arjun's monthly salary?", "Arjun earns ₹82,500 a month", "Arjun's half is ₹82,500"),
        ("What is Maricel's salary?", "the new contract says wages of HK$5,100 a month", "the contract is for two years"),
        ("What is Thiago's salary?", "got the offer: salary R$ 4.200, CLT", "Thiago's contract starts Monday"),
        ("How much does Kezia charge for braids?", "knotless braids are J$8000 at mine", "braids take me all day"),
        ("How much did Kobus make on Uber Eats?", "| Uber Eats | 27 | 198.75 |", "Uber Eats flagged my account"),
        ("How much rent does Rohan pay?", "rent's $240 a week", "Rohan is living in north ward now"),
        ("How much rent does Rustam pay?", "the landlord wants 4,000,000 som for the bakery now", "pay invoice 4471 by the 27th"),
        ("Which university does Sota attend?", "Sota is a 2nd year at Kansai uni", "Sota does the lunch shift, he is a university student"),
        ("Where did Shauna get her teaching degree?", "I did my degree at Mary I in Limerick", "I teach 6th class at the national school"),
        ("Where did Rohan study?", "3rd yr phd at JCU in townsville", "my thesis is on coral trout"),
        ("How much is Elektro Nord charging?", "Mona quoted 14 500 kr for the wiring", "Mona sends her price later"),
        ("How much do we pay the nanny?", "we agreed R6 000 a month", "Thembeka starts on Monday, same hours"),
        ("What's the monthly fee for Alba's judo?", "Alba: judo Mon and Wed 17:30, 38 € a month", "Alba threw the sensei at judo today"),
        ("How much am I paying Marcus per hour?", "Marcus is on 12 an hour", "Marcus starts Tuesday at 9"),
        ("How much is our IVF cycle costing?", "the cycle is £5,400 all in", "the cycle starts on day 2"),
        ("What is the budget for Payouts 2.0?", "budget signed off: EUR 180k", "Payouts 2.0 slips to 3 Dec"),
        ("What breed is Bao?", "we got a puppy, a corgi!", "Bao had his jabs at the vet"),
        ("What breed is Pip?", "pip's a collie x spaniel", "pip ate a sock"),
        ("What colour is Rasmus's Volvo?", "the Volvo is dark blue, 2014 V70", "Volvo V70 D4, clutch kit replaced"),
        ("What is Greta's favourite band?", "my new favourite band is boygenius", "saw a band in the park"),
        ("What's Mia's favourite food?", "mia can't get enough of sushi lately", "mia had sushi at the party"),
        ("Which school does Poppy go to?", "Poppy's at Brincliffe Primary, year 4", "Poppy's school called about nits"),
        ("Which school does Tino go to?", "He's at Bishop Gore, head of year is Mr Jenkins", "Tino has been skipping school"),
        ("Which school does Ibrahim go to?", "Ibrahim will go to école Jules Guesde", "Ibrahim's lesson is on Mondays at 5"),
        ("Which school does Layla go to?", "layla is officially at westview from monday", "layla's school called again"),
        ("Which school does Keeva go to?", "keeva's in year 3 at st maries primary", "picked keeva up from school at 3"),
        ("Which school does Daan go to?", "Daan started at De Regenboog", "- Daan scored 2 goals at Friday training"),
        ("How much did Dominik sell his car for?", "Sold the Golf!! A student from Harburg, 4.300 €",
         "thinking of selling it. Bought it for 6000, would be happy with 4000"),
        ("how much did gwilym sell the transit for?", "transit sold. lad from newport, £6,600 cash", "transit's up for sale, £7k ono"),
        ("How much did Aurelio sell his car for?", "sold the panda um a guy from gaia gave me 1800 cash so thats gone",
         "the panda needs a clutch, 1800 they said"),
        ("How old is Zofia?", "zofia is seven my son kuba is four", "zofia's swimming lesson is now on sundays at 9:30"),
        ("How old is Sione?", "kids: Mele 19, Sione 14, and the twins", "Sione trains at 5:30 with the U15s"),
        ("How old is Dominik?", "Dominik, 34, teaches maths in Hamburg", "my sister had her baby on the 12th, Mila, 3,4 kg"),
        ("How much does Hollis weigh?", "note: weight 229.", "weigh-in day tomorrow at 9am"),
        ("How much does Rashid weigh?", "Down to 94kg!", "I'm trying to lose weight"),
        ("What's my car's registration?", "my Volvo V70 (2014, diesel, reg RWD 317) clutch is slipping", "My phone number is 07700 900123."),
        ("What's the van's reg?", "new plates on the van: KX19 ABC", "the van's MOT is due on 3 May"),
        ("What age is Ernesto?", "my dad (ernesto, 78) rang", "dad rang at 7 about the boiler"),
        ("How old is Chuy?", "Abuela Chuy turns 90 on Sunday", "Abuela Chuy's party is at 4pm"),
    ],
)
def test_a_detail_is_told_by_its_whole_name_or_a_value_only_it_has_and_not_by_one_of_its_words(
    question: str, told: str, untold: str
) -> None:
    detail = detail_asked(question)
    assert detail is not None
    assert detail.told_in(told)
    assert not detail.told_in(untold)


def test_an_amount_tells_a_price_only_beside_another_word_the_question_asks() -> None:
    question = "how much is my phd stipend?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, []))
    assert detail is not None
    assert detail.told_of("my stipend went up to £19,237 a year", focus)
    assert not detail.told_of("Uncle Kwesi lent me £3,000 and I'm paying him back £250 a month", focus)


def test_a_loan_paid_back_tells_nothing_earned() -> None:
    question = "How much does Marisol get paid an hour?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, ["Marisol"]))
    assert detail is not None
    assert not detail.told_of("Pearl pay back di $60!!! Miracle.", focus)
    assert not detail.told_of("Desmond paid me back the $40 at last", focus)
    assert detail.told_of("agency pays me $21 an hour now", focus)


def test_an_amount_tells_what_is_earned_at_a_place_only_beside_the_place_or_as_a_pay_rate() -> None:
    question = "How much does Thandiwe earn at Standard Bank?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, ["Thandiwe"]))
    assert detail is not None
    assert detail.told_of("standard bank pays me R14,000 a month", focus)
    assert not detail.told_of("rent is R6,500, due on the 1st", focus)
    assert detail.told_of("Noted: pastry assistant at Easy Tiger at R95/hr.", focus)


@pytest.mark.parametrize("said", ["Rainbow Mountain is 140 soles now, not 120.", "The trek to the lake is 90 quetzales a head.",
                                  "Rent is 4,500 dirhams a month.", "The course costs 2000 hryvnias."])
def test_a_price_in_any_currency_tells_how_much_something_costs(said: str) -> None:
    question = "How much does it cost?"
    detail = detail_asked(question)
    assert detail is not None and detail.told_of(said, focus_terms(focus_words(question, [])))



def test_a_price_asked_per_one_of_something_is_told_by_an_amount_said_of_one_whatever_it_is_called() -> None:
    question = "How much is Hayden paid per sheep?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, ["Hayden"]))
    assert detail is not None
    assert detail.told_of("pay update. mac says going up to $3.45 a head from thurs", focus, counted=frozenset({"sheep"}))
    assert not detail.told_of("pay update. mac says going up to $3.45 a head from thurs", focus)
    assert not detail.told_of("fuel for the ute was $95", focus, counted=frozenset({"sheep"}))
    catering = detail_asked("How much is catering per head?")
    assert catering is not None
    assert catering.told_of("$68.00 per guest", focus_terms(focus_words("How much is catering per head?", [])), counted=frozenset({"head"}))


def test_a_price_said_in_words_tells_how_much_something_costs() -> None:
    question = "How much is a bag of pigeon corn at Hirst's?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, ["Hirst"]))
    assert detail is not None
    assert detail.told_of("went to Hirst's for corn and it's gone up again sixteen pound fifty for the same bag", focus)
    assert not detail.told_of("went to Hirst's for corn and it's gone up again, dear as anything", focus)
    insurance = detail_asked("How much is Radek's van insurance?")
    assert insurance is not None
    asked = focus_terms(focus_words("How much is Radek's van insurance?", ["Radek"]))
    assert not insurance.told_of("garage says eighteen hundred quid to fix on a van worth maybe six grand", asked)
    assert insurance.told_of("van insurance renewal came, four hundred and twenty quid", asked)


def test_a_price_written_with_a_decimal_comma_tells_how_much_something_costs_by_what_it_is_said_of() -> None:
    question = "How much is LPG a litre?"
    detail = detail_asked(question)
    assert detail is not None
    assert detail.told_of("Noted: LPG is now 0,97 a litre.", focus_terms(focus_words(question, [])))
    assert not detail.told_of("LPG: 0,97!", focus_terms(focus_words(question, [])))


def test_a_time_written_with_a_p_tells_no_price() -> None:
    question = "How much does the Rainbow Mountain tour cost?"
    detail = detail_asked(question)
    assert detail is not None
    assert not detail.told_of("The Rainbow Mountain tour leaves at 4 p.m. from the plaza.", focus_terms(focus_words(question, [])))


def test_what_a_job_pays_is_what_is_earned_at_it_told_by_a_pay_rate_alone() -> None:
    question = "How much does the surf instructor job pay?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, []))
    assert detail is not None and detail.name == "amount earned"
    assert detail.told_of("first day at the new place went ok. I get $24 an hour plus tips", focus)
    assert not detail.told_of("insurance is killing me, $160 for the truck", focus)


def test_a_pay_rate_tells_a_salary_by_its_form_alone() -> None:
    detail = detail_asked("What's Tevita's new pay rate?")
    assert detail is not None and detail.name == "salary"
    assert detail.told_by_its_form("moving to the Papatoetoe job. $38 an hour up from $32")
    assert not detail.told_by_its_form("bought the boots for $38, up from $32 last year")


def test_a_rate_written_with_its_slash_right_after_the_figure_tells_a_salary() -> None:
    detail = detail_asked("What's Nikos's hourly rate?")
    assert detail is not None and detail.name == "salary"
    assert detail.told_in("Nikos = contract dev in Athens, €45/hr, invoices monthly")
    assert not detail.told_in("Pro plan is €29 for the month")


def test_a_german_rent_is_told_by_its_amount_warm_or_kalt() -> None:
    detail = detail_asked("How much is the rent for the Pankow flat?")
    assert detail is not None and detail.name == "rent"
    assert detail.told_in("We get the flat in Pankow, Florastraße, three rooms, 1.480 euro warm.")
    assert not detail.told_in("It was warm today, the flat in Pankow has 3 rooms and 1.480 books")


def test_what_a_thing_is_in_money_is_a_price_told_only_by_an_amount() -> None:
    question = "How much is Radek's van insurance?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, ["Radek"]))
    assert detail is not None and detail.name == "price"
    assert detail.told_of("van insurance went up to £1,240 a year", focus)
    assert not detail.told_of("my van is a white ford transit custom 2017, 140 thousand miles on it", focus)


def test_when_a_place_opens_is_told_by_a_time_of_day_said_of_it() -> None:
    question = "What time does Kita Sonnenblume open in the morning?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, []))
    assert detail is not None and detail.name == "opening time"
    assert detail.told_of("Kita Sonnenblume opens 7.30, pick up by 16:00", focus)
    assert not detail.told_of("And Kita for Lev in Pankow also we find, Kita Sonnenblume, he start there 3 November", focus)
    assert not detail.told_of("For move we book company Umzug Schnell, they come 1 November 8 o'clock morning.", focus)
    # a place's, told whoever else its memory names, what is asked anywhere in it
    daycare = "Milo (son) 4yo. daycare = Bright Sprouts.\nCloses 6pm sharp."
    asked = focus_terms(focus_words("What time does Milo's daycare close?", ["Milo"]))
    closing = detail_asked("What time does Milo's daycare close?")
    assert closing is not None and closing.of_an_event
    assert closing.told_of(daycare.splitlines()[1], asked, within=daycare)


def test_an_amount_in_millions_is_told_with_its_currency_after_it() -> None:
    question = "What is the fit-out budget for the bakery project?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, []))
    assert detail is not None and detail.name == "price"
    assert detail.told_of("1. Budget - Total fit-out budget capped at 3.1M TL incl. VAT", focus)
    assert detail.told_of("the fit-out budget is 1.2 million rand", focus)
    assert not detail.told_of("the fit-out budget: we measured 3.1 m of wall", focus)


def test_a_rent_asked_of_a_place_is_not_told_by_what_another_thing_costs_a_month() -> None:
    question = "How much rent does Idris pay for his flat?"
    detail, focus = detail_asked(question), focus_terms(focus_words(question, ["Idris"]))
    assert detail is not None and detail.name == "rent"
    assert not detail.told_of("Climbing gym near the port is 300 dh a month, joining on Monday.", focus)
    assert detail.told_of("the flat is 4200 dh a month, water included", focus)
    assert detail.told_of("rent's 4200 dh, due on the 1st", focus)
    # Asked of rent alone, an amount a month is still told.
    assert detail.told_of("4200 dh a month, water included", focus_terms(focus_words("How much rent does Idris pay?", ["Idris"])))


def test_light_or_dark_before_no_colour_says_no_colour() -> None:
    detail = detail_asked("What colour is Aziz's work ute?")
    assert detail is not None and detail.name == "colour"
    assert not detail.told_in("offer from a sparky mob, residential + light commercial round the coast. $49/hr")
    assert not detail.told_in("it was a dark night on the highway")
    assert detail.told_in("they gave me a light blue transit")


@pytest.mark.parametrize("text", ["Biber knocked the plants over again (grey Turkish Van, rules the flat)",
                                  "our cat is a fluffy Siberian"])
def test_a_cats_breed_is_told_by_its_name(text: str) -> None:
    detail = detail_asked("What breed is Ayla's cat?")
    assert detail is not None and detail.name == "breed"
    assert detail.told_in(text)


@pytest.mark.parametrize(("question", "other_animals_breed", "its_breed"), [
    ("What breed is Billie's cat?", "moving checklist: one bedroom of stuff + cat + a greyhound lol", "pickles is a tabby"),
    ("What breed is Pikkie the cat?", "Marula (our ridgeback) had her x-rays today", "Pikkie is a ragdoll, 4 years old"),
    ("What breed is Hennie's dog?", "the cat is a moggy from the shelter", "Bliksem is a boerboel cross"),
])
def test_one_animals_breed_does_not_tell_the_breed_of_another_kind_of_animal(
    question: str, other_animals_breed: str, its_breed: str
) -> None:
    detail = detail_asked(question)
    assert detail is not None and detail.name == "breed"
    assert not detail.told_in(other_animals_breed)
    assert detail.told_in(its_breed)


@pytest.mark.parametrize(("said", "tells"), [
    ("Warm it slightly and mix it in gradually with her old food.", False),
    ("we have to cross the road to the vet", False),
    ("Tui is a lab mix from the shelter", True),
    ("she's a boerboel cross, 4 years old", True),
    ("a mixed breed rescue", True),
])
def test_a_mix_or_a_cross_tells_a_breed_only_as_a_noun(said: str, tells: bool) -> None:
    detail = detail_asked("What breed is Tui?")
    assert detail is not None and detail.told_in(said) is tells


@pytest.mark.parametrize(("question", "kind"), [
    ("What car is Craig driving these days?", "vehicle"),
    ("What van's Gary driving now?", "vehicle"),
    ("What lorry am I driving at the moment?", "vehicle"),
    ("What camera is Huong shooting weddings on now?", "camera"),
    ("What laptop is Wojtek working on?", "laptop"),
    ("What phone does Lucía have?", "phone"),
    ("What phone does Zoe use?", "phone"),
])
def test_a_belonging_asked_by_its_kind_is_told_by_its_make_and_only_leads(question: str, kind: str) -> None:
    asked = detail_asked(question)
    assert asked is not None and asked.name == kind and asked.belonging


def test_a_make_that_is_an_everyday_word_tells_a_car_only_with_a_capital() -> None:
    car = detail_asked("What car does Craig drive?")
    assert car is not None
    assert car.told_in("got it then the Skoda it's an Octavia estate")
    assert car.told_in("picked the vivaro up from the garage")
    assert car.told_in("Bought a Golf!")
    assert not car.told_in("playing golf on sunday with the lads")
    assert detail_asked("What car park do I use?") is None
    phone = detail_asked("What phone number does Jase have?")
    assert phone is not None and not phone.belonging


def test_a_greeting_in_te_reo_names_no_car() -> None:
    car = detail_asked("what ute have i got?")
    assert car is not None and not car.told_in("Kia ora Hemi! Simple layout: client details, scope")
    assert car.told_in("came home in a wee second hand kia niro")


@pytest.mark.parametrize(
    ("question", "told", "untold"),
    [
        ("What is Senthil's blood pressure?", "BP at pharmacy: 145/95. Not good.", "diabetes update: sugar fasting 168, HbA1c 8.1."),
        ("What was my cholesterol number?", "my doctor says colesterol 245, I start atorvastatina", "cholesterol is fine, he says"),
    ],
)
def test_a_reading_is_told_by_a_figure_said_of_it(question: str, told: str, untold: str) -> None:
    detail = detail_asked(question)
    assert detail is not None
    assert detail.told_in(told)
    assert not detail.told_in(untold)


@pytest.mark.parametrize("question", ["What was Ulla taking for her cholesterol?", "What blood pressure medication is Hamish on?",
                                      "What strength are my new blood pressure tablets?"])
def test_what_is_taken_for_a_reading_asks_no_reading(question: str) -> None:
    assert detail_asked(question) is None


def test_a_reading_over_another_number_tells_no_age() -> None:
    age = detail_asked("What is Folasade's age?")
    assert age is not None
    assert not age.told_in("BP was 160/100. He also says less salt.")
    assert age.told_in("she was 60 last week")


@pytest.mark.parametrize("question", ["What is my salary?", "How much do I earn?", "What's Ilse's income?"])
def test_a_fee_by_the_month_tells_no_pay_and_pay_said_as_pay_does(question: str) -> None:
    detail, focus = detail_asked(question), focus_terms(focus_words(question, ["Ilse"]))
    assert detail is not None
    assert not (detail.told_in("Gym membership is £35 a month.") and detail.told_of("Gym membership is £35 a month.", focus))
    assert detail.told_in("I make £2,400 a month take-home") and detail.told_of("I make £2,400 a month take-home", focus)
    assert detail.told_in("night shifts pay £19/hr") and detail.told_of("night shifts pay £19/hr", focus)


def test_an_age_said_by_a_contraction_is_told() -> None:
    detail = detail_asked("How old is Alfie?")
    assert detail is not None and detail.name == "age"
    assert detail.told_in("Our grandson Alfie is staying with us this week, he's 10.")
    assert detail.told_in("I'm 68 and retired")
    assert not detail.told_in("he's 10 minutes late again")


@pytest.mark.parametrize("said", ["liat kos di Setiabudi, Rp 4,2 juta sebulan, AC", "el ejar taba3 el mahal $600, lezem edfa3o",
                                  "le loyer c'est 1 450 $ par mois"])
def test_a_rent_said_in_a_language_chat_mixes_in_is_told(said: str) -> None:
    detail = detail_asked("How much is Wulan's monthly rent?")
    assert detail is not None and detail.name == "rent"
    assert detail.told_in(said)
    assert not detail.told_in("liat kos di Setiabudi, deket banget ke SCBD")
