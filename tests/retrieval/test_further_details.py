from engram_mcp.retrieval.further_details import any_detail_asked


def test_a_things_number_is_told_by_a_code_beside_the_things_word() -> None:
    room = any_detail_asked("What is Dr. Iyer's office room number?")
    assert room is not None and room.name == "room number"
    assert room.told_in("QM-II midsem on 3 Sep 2025, Room 24, 10:00")
    assert not room.told_in("Weekly meeting with Dr. Iyer: Thursday 4 pm in her office.")
    hkid = any_detail_asked("What is Jonalyn's HKID number?")
    assert hkid is not None and not hkid.told_in("ako si Jonalyn, 38, domestic helper dito sa Hong Kong")
    assert hkid.told_in("my HKID is A123456(7)")
    locker = any_detail_asked("What is my locker number?")
    assert locker is not None and locker.told_in("gym locker 214 from now on")
    structure = any_detail_asked("What is the PDB ID of Kasimir's KsrB structure?")
    assert structure is not None and structure.told_in("KsrB deposited, PDB ID 9QX4")
    assert not structure.told_in("Expression: KsrB-ΔN construct in E. coli BL21(DE3), 18°C overnight")


def test_a_things_number_is_told_by_a_code_a_few_words_after_the_thing_or_its_member() -> None:
    membership = any_detail_asked("What is Rajesh's bird society membership number?")
    assert membership is not None
    assert membership.told_in("LROS Membership confirmation Member: Rajesh Kulkarni   No. 2291 Type: Senior (65+)")
    work = any_detail_asked("what's my new work number?")
    assert work is not None and work.told_in("also new phone number for work from the new practice: 731 455 902")


def test_a_things_number_is_told_beside_its_word_cut_short_as_people_write_it() -> None:
    registration = any_detail_asked("What is Shannon's AHPRA registration number?")
    assert registration is not None
    assert registration.told_in("AHPRA rego for the renewal form: NMW0001734562. due 31 May")
    assert registration.told_in("my reg no. is 88213")
    assert not registration.told_in("regular check-ups every 3 months")
    assert not registration.told_in("AHPRA renewal due 31 May")


def test_a_code_beside_the_things_word_tells_it_without_the_questions_other_words_but_not_without_a_name_it_writes() -> None:
    policy = any_detail_asked("What is the policy number of Marula's pet insurance?")
    assert policy is not None
    assert policy.told_of("Dotsure Premium policy DS-448210 for Marula, 80% of eligible costs", ("policy", "number", "pet", "insuranc"))
    room = any_detail_asked("What is Dr. Iyer's office room number?")
    assert room is not None
    assert not room.told_of("NOTICE: Mid-Sem exams, QM-II on 3 Sep, Room 24", ("iyer", "offic", "room", "number"))
    assert room.told_of("Dr. Iyer moved to room 314 in the new block", ("iyer", "offic", "room", "number"))


def test_a_name_asked_by_its_initials_is_written_by_its_words() -> None:
    file_number = any_detail_asked("What is the IRCC file number?")
    assert file_number is not None
    letter = "Immigration, Refugees and Citizenship Canada\nFile number: B000482731\nDear Yonas"
    assert file_number.told_of(letter, ("ircc", "fil", "number"))
    assert not file_number.told_of(letter.replace("Citizenship", "Settlement"), ("ircc", "fil", "number"))


def test_a_time_of_day_asked_is_told_by_a_clock_time_said_with_what_is_asked_not_by_the_thing_or_a_date() -> None:
    time = any_detail_asked("What time is Esi's pottery class?")
    assert time is not None
    asked = ("esi", "pottery", "class", "time")
    assert not time.told_of("partner Esi wants the pottery class at Clay Club on Gloucester Rd", asked)
    for said in ("pottery class thursdays 7pm", "pottery class moved, 10.40 now", "Esi's pottery class is at 7 tonight"):
        assert time.told_of(said, asked)
    assert not time.told_in("OP am 14.12. im UKSH Kiel")
    # said in words, as a voice note says it
    assert time.told_of("Esi's pottery class is twenty five past seven now", asked)
    assert not time.told_of("twenty five of us at pottery class", asked)
    # a plan's heading names what its lines are of
    plan = "updated plan for the Sylt trip:\n- Mon 23 June, 07:45 from Hamburg-Altona\n- Hostel: Jugendherberge"
    departure = any_detail_asked("What time does the Sylt trip leave?")
    assert departure is not None
    assert departure.told_of(plan.splitlines()[1], ("sylt", "trip", "leav", "tim"), within=plan)
    assert any_detail_asked("What time zone is Lars in?") is None


def test_a_number_asked_by_its_own_words_is_the_detail_known_for_it() -> None:
    phone = any_detail_asked("What is Diego's phone number?")
    assert phone is not None and phone.name == "phone number"


def test_what_a_thing_is_worth_is_told_by_an_amount_said_as_its_worth_not_its_rent() -> None:
    worth = any_detail_asked("What is the WOZ value of the Oudegracht flat?")
    assert worth is not None
    assert not worth.told_in("B;Oudegracht 212 (bovenwoning);Valeria Ortiz;€1.420;1e v/d maand")
    assert worth.told_in("WOZ-waarde Oudegracht 2025: €412.000")


def test_a_share_is_told_by_a_percentage() -> None:
    share = any_detail_asked("What equity percentage does Kawin own in Talaad?")
    assert share is not None
    assert share.told_in("Kawin and I split it 60/40, he has 40%")
    assert not share.told_in("Kawin (CTO) says sign now")


def test_a_things_price_asked_by_its_name_is_told_only_beside_that_name_and_whose_it_is_may_go_unsaid() -> None:
    tour = any_detail_asked("How much does the Mtskheta half-day tour cost?")
    assert tour is not None and tour.name == "price"
    terms = ("mtskheta", "half", "day", "tour", "cost")
    assert not tour.told_of("Kakheti wine tour i sell for 70 USD per person, includes lunch", terms)
    assert tour.told_of("Mtskheta half day tour is 45 USD per person", terms)
    assert tour.told_of("- the tour: 45 USD per person", terms, within="Mtskheta, half day:\n- the tour: 45 USD per person")
    assert not tour.told_of("- the tour: 45 USD per person", terms)
    dress = any_detail_asked("How much was Mia's dress?")
    assert dress is not None and dress.told_of("got the flower girl dress today, $80", ("dress",))
    fuel = any_detail_asked("How much was the fuel at Villach?")
    assert fuel is not None and not fuel.names_written


def test_a_street_address_is_told_by_a_number_and_a_street_a_unit_or_a_postcode_not_by_the_city_one_lives_in() -> None:
    address = any_detail_asked("What is Gonzalo's address in Barcelona?")
    assert address is not None and address.name == "street address"
    for said in ("New address: 3 Oak Road, York.", "new address for all the forms: 14 heworth grove, york",
                 "Studio: Unit 14, Hope Mill, Manchester", "new address for forms: Bergheimer Str.", "Moda Cad. No 112/3",
                 "room in basement, 4412 17 Ave SE", "Calle de Verdi 12, 3o 2a"):
        assert address.told_in(said), said
    for unsaid in ("Our son Gonzalo lives in Barcelona, maybe we go see him?", "We walked 3 miles along the road",
                   "took 2 Dr appointments this week", "I'm on the 3rd floor, the way up is long"):
        assert not address.told_in(unsaid), unsaid


def test_an_address_asked_is_what_is_asked_for_not_an_email_or_web_address_how_to_address_someone_or_what_stands_for_it() -> None:
    assert any_detail_asked("What's the address of Huong's studio?") is not None
    assert any_detail_asked("How should I address Omar?") is None
    assert any_detail_asked("What should I put on invoices instead of my home address?") is None
    email = any_detail_asked("What is Ana's email address?")
    assert email is not None and email.name == "email address"


def test_a_time_of_day_is_told_only_beside_most_of_what_is_asked() -> None:
    time = any_detail_asked("What time is team photo day?")
    assert time is not None
    asked = ("team", "photo", "day", "tim")
    assert not time.told_of("team training moves to thursdays, same time 5:30, same field from this week", asked)
    assert not time.told_of("team photo day is sat 22 nov before the game", asked)
    assert time.told_of("team photo day is sat 22 nov, 8:30 at the clubrooms", asked)
