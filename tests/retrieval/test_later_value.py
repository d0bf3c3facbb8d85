from __future__ import annotations

from engram_mcp.model import Memory, Provenance
from engram_mcp.retrieval.later_value import later_value_first
from tests.retrieval.leading_cases import focus_of, memory


def first_of(question: str, *memories: Memory, named: frozenset[str] = frozenset()) -> str:
    """The memory ``later_value_first`` puts first of ``memories``, ranked in the order given."""
    ranked = [(m, 1.0 - 0.1 * rank) for rank, m in enumerate(memories)]
    return later_value_first(ranked, focus_of(question, named), set())[0][0].id


def reply(memory_id: str, text: str, day: int) -> Memory:
    return memory(memory_id, text, day=day, provenance=Provenance(speaker="assistant", role="assistant"))


QUOTE = memory("t-quote", "Pavel quoted £4,200 for the loft insulation, materials included.", day=0)


def test_a_later_memory_giving_the_asked_thing_another_figure_goes_first() -> None:
    assert first_of("How much is the loft insulation?", QUOTE,
                    memory("t-other", "Booked the dentist for Friday.", day=1),
                    reply("t-recap", "Loft insulation: £3,950 with Pavel, materials included.", day=3),
                    named=frozenset({"Pavel"})) == "t-recap"


def test_of_several_later_figures_the_latest_goes_first() -> None:
    assert first_of("How much is the loft insulation?", QUOTE,
                    memory("t-middle", "ugh the loft insulation is £4,600 now, timber went up", day=2),
                    memory("t-latest", "went with the new quote, loft insulation £4,600, fitting on the 9th", day=5)) == "t-latest"


def test_a_later_memory_saying_the_same_figure_again_leaves_the_first_first() -> None:
    assert first_of("How much is the loft insulation?", QUOTE,
                    memory("t-again", "Paid the deposit on the loft insulation, £4,200 all in, 300 up front.", day=3)) == "t-quote"


def test_a_later_memory_of_someone_else_the_question_does_not_name_leaves_the_first_first() -> None:
    assert first_of("When is Olamide's graduation?",
                    memory("t-grad", "Olamide's graduation is 14 July at the Barbican.", day=0),
                    memory("t-trip", "Thinking of going down for the graduation early, 12th, to see London first.", day=2),
                    named=frozenset({"Olamide"})) == "t-grad"


def test_a_later_memory_that_names_no_value_of_the_kind_asked_leaves_the_first_first() -> None:
    # "How much" asks a figure: a new name said of the insulation changes no price.
    assert first_of("How much is the loft insulation?",
                    memory("t-quote", "Booked with Pavel: £4,200 for the loft insulation.", day=0),
                    memory("t-fitter", "Loft insulation is being done by Kestrel Homes now.", day=3)) == "t-quote"


def test_an_earlier_memory_never_goes_before_the_first() -> None:
    assert first_of("How much is the loft insulation?",
                    memory("t-late", "Loft insulation: £3,950, materials included.", day=3),
                    memory("t-early", "loft insulation quote came in at £4,200", day=0)) == "t-late"


def test_a_question_to_the_assistant_keeps_its_order() -> None:
    assert first_of("How much did you say the loft insulation would be?", QUOTE,
                    reply("t-recap", "Loft insulation: £3,950, materials included.", day=3)) == "t-quote"


def test_a_later_turn_saying_another_figure_but_no_change_leaves_the_first_first() -> None:
    assert first_of("How much is the loft insulation?", QUOTE,
                    memory("t-leaflet", "the loft insulation leaflet says £3,000 is typical", day=3)) == "t-quote"


def test_how_long_something_took_is_no_new_value() -> None:
    assert first_of("What phone does Ngozi use?", memory("t-phone", "Ngozi's phone is a Fairphone 5.", day=0),
                    memory("t-lock", "set up the phone lock on my old Nokia in 10 minutes now", day=3)) == "t-phone"


def test_a_later_memory_sharing_only_a_while_with_the_question_speaks_of_something_else() -> None:
    assert first_of("How much is the monthly rent going to be?",
                    memory("t-rent", "the monthly rent for Flat 2 will be £1,400 (currently £1,350).", day=0),
                    reply("t-dose", "Noted: your mother's ramipril is now 10 mg daily; repeat bloods in 3 months.", day=2)) == "t-rent"


def test_a_price_said_to_have_gone_down_in_vietnamese_is_said_as_what_holds() -> None:
    assert first_of("How much does the paracetamol cost per box?",
                    memory("t-price", "paracetamol 500mg nhà phân phối báo 21.000đ/hộp", day=0),
                    memory("t-down", "nhà phân phối giảm giá paracetamol 500mg, 19.500đ/hộp", day=4)) == "t-down"


def test_a_figure_in_a_question_the_person_asks_is_no_new_value() -> None:
    assert first_of("What phone does Ngozi use?", memory("t-phone", "Ngozi's phone is a Fairphone 5.", day=0),
                    memory("t-ask", "switched off the phone for the weekend. Is a first phone sane at 11?", day=3)) == "t-phone"


def test_a_fact_leading_holds_its_slot_whatever_a_later_turn_says() -> None:
    assert first_of("Which town does Ngozi live in?", memory("f-town", "Ngozi lives in Harrogate.", day=0),
                    memory("t-bus", "I do not drive any more since Gerald died, I take the bus into town.", day=3)) == "f-town"


def test_a_later_turn_saying_only_that_something_ended_leaves_the_first_first() -> None:
    assert first_of("How much is a crate from Mama Njeri?",
                    memory("t-crate", "Mama Njeri amepandisha bei. Crate ni 2,400 sasa.", day=0),
                    memory("t-sold", "Sold 23 pieces from the last crate this week, total 11,650.", day=3)) == "t-crate"


def test_a_message_the_person_pastes_says_nothing_of_what_holds_for_them() -> None:
    assert first_of("How many hives does Ngozi have now?", memory("t-hives", "so 14 hives now after the split", day=0),
                    memory("t-email", "Inspector's email after the visit:\n\nNgozi,\nhives 3 and 9 are weak, "
                                      "requeen with a new queen.", day=3)) == "t-hives"


def test_a_figure_of_another_shape_is_no_new_value() -> None:
    # An amount is no count, an ordinal no price.
    assert first_of("How many crates did the school order?", memory("t-order", "school ordered 40 crates for the fair", day=0),
                    memory("t-price", "crates go up to $2.50 from Monday for the school order", day=3)) == "t-order"
    assert first_of("How much is the loft insulation?", QUOTE,
                    memory("t-floor", "moved the loft insulation rolls up to the 3rd floor now", day=3)) == "t-quote"


def test_who_someone_is_asked_is_left_to_the_rules_of_who() -> None:
    assert first_of("Who is my contact at Harbour Freight?",
                    memory("t-contact", "my contact at Harbour Freight is Odile Marchand", day=0),
                    memory("t-ship", "update from my contact at Harbour Freight: the crates are now on the Maersk Kalmar", day=3)) == "t-contact"


def test_whom_the_question_writes_as_a_name_is_spoken_of_by_name() -> None:
    assert first_of("Where is Petr moving?", memory("t-petr", "Petr is moving to Olomouc in June", day=0),
                    memory("t-mum", "decision made: mamka is moving to Brno now, care home in Bystrc", day=3)) == "t-petr"


def test_a_later_memory_of_another_kind_of_the_thing_asked_leaves_the_first_first() -> None:
    first = memory("t-first", "Council letter: 'Your inspection is on 4 March at 23 Elm Row.'", day=0)
    assert first_of("Where is Dara's boiler inspection?", first,
                    memory("t-fire", "the fire alarm inspection has been moved, it's at the Mill Lane office now", day=2)) == "t-first"
    assert first_of("Where is Dara's boiler inspection?", first,
                    memory("t-boiler", "the boiler inspection has been moved, it's at the Mill Lane office now", day=2)) == "t-boiler"
    # another word the question says before it is no other kind
    club = memory("t-club", "Bramley allotment society meeting is Thursday at Holly Lodge.", day=0)
    assert first_of("Where is the Bramley allotment society meeting?", club,
                    memory("t-moved", "the Bramley meeting has been moved, it's at the Mill Lane office now", day=2)) == "t-moved"
    # a table's cells stand beside one another, not as one kind of the next
    assert first_of("Where is Dara's boiler inspection?", first,
                    reply("t-table", "| Job | Fire | Inspection |\n|---|---|---|\n| boiler | no | at the Mill Lane office |", day=2)
                    ) == "t-table"
