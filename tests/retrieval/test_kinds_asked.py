from engram_mcp.retrieval.kinds_asked import kinds_unsaid

OWN = ["My phone number is 07700 900123.", "Home insurance renewal is £312 a year with Aviva.",
       "My flight to Lisbon leaves on 18 December at 7:15am."]


def test_an_insurance_asked_by_its_kind_is_not_told_by_one_said_of_another_kind() -> None:
    assert kinds_unsaid("How much is my car insurance?", OWN) == ("car",)
    assert kinds_unsaid("How much is my travel insurance?", OWN) == ("travel",)
    assert kinds_unsaid("How much is my home insurance?", OWN) == ()


def test_an_insurance_said_plainly_or_of_a_car_by_its_make_may_be_the_one_asked() -> None:
    assert kinds_unsaid("How much is Marzena's car insurance?",
                        ["Home insurance renewal is £312.", "Done: insurance now 615 euro with FBD, paid today."]) == ()
    assert kinds_unsaid("How much is my car insurance?", [*OWN, "Insurance for the Corolla is £540 a year."]) == ()


def test_a_work_line_asked_is_not_told_by_a_number_said_plainly_but_by_one_said_to_be_for_work() -> None:
    assert kinds_unsaid("What's my work phone number?", OWN) == ("work",)
    assert kinds_unsaid("What's my office number?", OWN) == ("offic",)
    assert kinds_unsaid("what's my work phone number?",
                        ["new UAE number because work gives me a line: 050 318 4472. the personal one I'll cancel"]) == ()
    assert kinds_unsaid("What is my phone number?", OWN) == ()


def test_an_office_after_another_word_is_a_place_not_a_work_line() -> None:
    assert kinds_unsaid("What's the school office phone number?", OWN) == ()
    assert kinds_unsaid("What's Jitka's office phone number?", OWN) == ("offic",)


def test_a_way_back_asked_is_not_told_by_the_way_out_but_by_a_journey_said_back_or_home() -> None:
    assert kinds_unsaid("What time is my flight back from Lisbon?", OWN) == ("back",)
    assert kinds_unsaid("When is my return flight?", OWN) == ("return",)
    assert kinds_unsaid("When is my flight back?", [*OWN, "Flights booked: out 18 Dec, back 23 Dec at 6pm."]) == ()
    assert kinds_unsaid("What time is my flight home?", [*OWN, "flying home from Lisbon on the 23rd at 6pm"]) == ()
    assert kinds_unsaid("When is my flight to Lisbon?", OWN) == ()


def test_a_kind_beside_no_thing_one_has_several_of_asks_no_kind() -> None:
    assert kinds_unsaid("What time do I start work?", ["I start at 9."]) == ()
    assert kinds_unsaid("Where do I work?", OWN) == ()
    assert kinds_unsaid("What car do I drive?", OWN) == ()
