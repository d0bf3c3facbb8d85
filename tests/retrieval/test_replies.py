from __future__ import annotations

import pytest

from engram_mcp.model import Memory, Provenance
from engram_mcp.retrieval.replies import confirmed_first, said_before_reply_first
from tests.retrieval.leading_cases import focus_of, memory

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


def test_a_reply_naming_besides_its_turn_only_what_it_marks_as_what_it_was_gives_way_to_the_turn() -> None:
    assert reply_ranked_first("found it. After-school club at Kids Kingdom, on site, till 6pm. so no more Sue after May",
                              "Noted: from June the twins go to Kids Kingdom after school (was Sue Prentice).",
                              "Who looks after the twins after school?") == ["t-turn", "t-reply"]


DEPOSIT_BEFORE = memory("t-before", "deposit policy rn is $100 non-refundable, goes toward the last session", day=0)


def turn_ranked_first(turn_text: str, reply_text: str, question: str, before: Memory = DEPOSIT_BEFORE) -> list[str]:
    """The order ``confirmed_first`` gives a person's turn ranked above what was said before it, given the reply to it."""
    turn = memory("t-turn", turn_text, day=2)
    reply = memory("t-reply", reply_text, day=2, provenance=Provenance(speaker="assistant", role="assistant"))
    order = confirmed_first([(turn, 0.9), (before, 0.8), (reply, 0.3)], focus_of(question),
                            lambda memory: reply if memory.id == "t-turn" else None)
    return [m.id for m, _ in order]


def test_a_reply_saying_only_the_new_value_goes_before_the_turn_that_names_the_old_one_too() -> None:
    assert turn_ranked_first("raising my deposit to $150 from now on, too many no-shows at $100. updating the booking form",
                             "Deposit is $150 now. Want me to reword the policy text?",
                             "How much is my deposit?") == ["t-reply", "t-turn", "t-before"]


def test_a_reply_naming_the_old_value_as_what_it_was_leaves_the_turn_first() -> None:
    assert turn_ranked_first("raising my deposit to $150 from now on, too many no-shows at $100. updating the booking form",
                             "Deposit is $150 now (was $100).",
                             "How much is my deposit?") == ["t-turn", "t-before", "t-reply"]


def test_a_reply_leaving_out_what_no_memory_said_before_leaves_the_turn_first() -> None:
    assert turn_ranked_first("raising my deposit to $150 from now on, Rowan at the front desk will update the booking form",
                             "Deposit is $150 now.", "How much is my deposit?") == ["t-turn", "t-before", "t-reply"]


def test_a_reply_naming_what_its_turn_does_not_leaves_the_turn_first() -> None:
    assert turn_ranked_first("raising my deposit to $150 from now on, too many no-shows at $100",
                             "Deposit is $150 now, and the cancellation fee $40.",
                             "How much is my deposit?") == ["t-turn", "t-before", "t-reply"]


def test_a_reply_saying_nothing_of_the_question_leaves_the_turn_first() -> None:
    assert turn_ranked_first("raising my deposit to $150 from now on, too many no-shows at $100",
                             "Sounds fair at $150.", "How much is my deposit?") == ["t-turn", "t-before", "t-reply"]


def test_a_reply_saying_no_new_value_of_the_old_ones_kind_leaves_the_turn_first() -> None:
    before = memory("t-before", "My supervisor is Professor Hartley, chapter three is due to him in December.", day=0)
    turn = "Please draft an email confirming that Dr Ionescu replaces Professor Hartley as my supervisor, chapter three due 15 January."
    assert turn_ranked_first(turn, "Certainly. Here is a draft confirming your new supervisor and the 15 January date.",
                             "Who is my supervisor?", before) == ["t-turn", "t-before", "t-reply"]
    assert turn_ranked_first(turn, "Certainly. Here is a draft confirming Dr Ionescu as your new supervisor.",
                             "Who is my supervisor?", before)[0] == "t-reply"


def test_a_reply_naming_only_whom_the_question_asks_of_leaves_the_turn_first() -> None:
    before = memory("t-before", "Revised term sheet: Mr. Lim now offers THB 32M pre-money.", day=1)
    assert turn_ranked_first("Signed Mr. Lim's term sheet at 32M this morning.",
                             "Congratulations! Remember the monthly update for Mr. Lim.",
                             "What pre-money valuation is Mr. Lim investing at?", before) == ["t-turn", "t-before", "t-reply"]


def test_a_value_said_before_of_something_else_than_what_is_asked_is_no_old_value() -> None:
    before = memory("t-before", "New goal race plan from the coach.\nMonday: swim 3km easy.", day=1)
    assert turn_ranked_first("for Seville I need new race shoes, adios pro 3 has ~600km on it. same model?",
                             "At around 600 km most racers have lost some pop; fine for a goal race.",
                             "Which marathon is my goal race?", before) == ["t-turn", "t-before", "t-reply"]


def test_whom_a_reply_speaks_to_is_no_old_value_it_names() -> None:
    before = memory("t-before", "Christmas is at Mam's as every year.", day=0)
    assert turn_ranked_first("We're not doing Christmas at Mam's, we're going to Bristol. Write Mam a kind message.",
                             "\"Hi Mam, we'll spend Christmas in Bristol this year.\"", "Where am I spending Christmas?",
                             before)[0] == "t-reply"


def test_whom_the_question_asks_of_is_no_old_value() -> None:
    before = memory("t-before", "My son Brody is nine, he loves hockey.", day=0)
    assert turn_ranked_first("okay so Brody started Biphentin in October, on 10 mg with breakfast, pediatrician is Dr. Fitzgerald.",
                             "Noted: Biphentin each morning with breakfast; pediatrician Dr. Fitzgerald.",
                             "What dose of Biphentin is Brody taking?", before) == ["t-turn", "t-before", "t-reply"]


@pytest.mark.parametrize(("turn", "reply", "question", "first"), [
    ("mon comptable a appelé. c'est maintenant mercredi prochain à 15h. pas grave",
     "Updated: accountant meeting moved to next Wednesday at 3pm (15h).", "When is Maxime's meeting with his accountant?", "t-turn"),
    ("kos di Setiabudi, Rp 4,5 juta sebulan, boleh bawa kucing", "Noted: the Setiabudi room is Rp 4.5 juta a month.",
     "How much is Wulan's monthly rent?", "t-turn"),
    ("mon comptable a appelé. c'est maintenant mercredi prochain à 15h. pas grave",
     "Updated: accountant meeting moved to next Wednesday at 4pm.", "When is Maxime's meeting with his accountant?", "t-reply"),
    ("Gheorghe a sunat: ziua liberă e acum sâmbătă, de la 9 la 17.", "Noted: your day off is now Saturday, 10:00 to 17:00.",
     "Which day is Ileana's day off?", "t-reply"),
    ("Gheorghe a sunat: ziua liberă e acum sâmbătă, de la 9 la 17.", "Noted: your day off is now Saturday, 9:00 to 17:00.",
     "Which day is Ileana's day off?", "t-turn"),
    ("Sorted. Tansy from next door is going to help me with the shearing.", "Good - Tansy is your shearing help now.",
     "Who is helping with the shearing?", "t-reply"),
])
def test_a_reply_saying_besides_its_turn_only_a_figure_written_otherwise_gives_way(
    turn: str, reply: str, question: str, first: str
) -> None:
    assert reply_ranked_first(turn, reply, question)[0] == first


def test_a_reply_marking_an_old_value_itself_gives_way_to_the_turn_naming_someone_said_before() -> None:
    before = memory("t-before", "Skipper's Arvid. price from the cannery right now is $1.10 a pound for sockeye", day=0)
    turn = memory("t-turn", "ok quick one, Arvid says the cannery dropped the price, they're paying 95 cents now", day=2)
    reply = memory("t-reply", "Rough news. Price is now 95 cents a pound for sockeye, down from $1.10.", day=2,
                   provenance=Provenance(speaker="assistant", role="assistant"))
    order = said_before_reply_first([(reply, 0.9), (turn, 0.8), (before, 0.7)],
                                    focus_of("What is the cannery paying per pound for sockeye?"),
                                    lambda memory: turn if memory.id == "t-reply" else None)
    assert order[0][0] is turn


def test_asked_who_the_turn_naming_someone_said_before_goes_before_the_reply_leaving_them_out() -> None:
    before = memory("t-before", "oh and our nanny Precious basically holds it all together, she's been with us 3 years", day=0)
    turn = memory("t-turn", "disaster. Precious told me tonight she's leaving, her last day is Friday the 13th", day=2)
    reply = memory("t-reply", "I'm sorry, that's a big loss after three years. Want help planning the search for a new nanny?", day=2,
                   provenance=Provenance(speaker="assistant", role="assistant"))
    order = said_before_reply_first([(reply, 0.9), (turn, 0.8), (before, 0.7)], focus_of("Who is our nanny?"),
                                    lambda memory: turn if memory.id == "t-reply" else None)
    assert order[0][0] is turn


def test_a_reply_naming_a_word_the_question_asks_that_its_turn_writes_in_lower_case_keeps_its_place() -> None:
    assert reply_ranked_first("ok family background for the christmas saga. my mum Viorica still lives in Cluj",
                              "The classic two-grandmas Christmas problem! Which way are you leaning?",
                              "Where is the family spending Christmas this year?") == ["t-reply", "t-turn"]
