from __future__ import annotations

import pytest

from engram_mcp.model.old_values import without_old_values


@pytest.mark.parametrize(
    ("said", "holds", "was"),
    [
        ("Juliet roses (was peonies), burnt orange ranunculus", "Juliet roses, burnt orange ranunculus", "peonies"),
        ("giá tuning là $210 (before was $190).", "giá tuning là $210.", "$190"),
        ("Salary is now £19,900 (previously £18,400).", "Salary is now £19,900.", "£18,400"),
        ("Burnt orange and terracotta now, not blush.", "Burnt orange and terracotta now.", "blush"),
        ("so Sundays 10:15 now not Saturday 9am.", "so Sundays 10:15 now.", "Saturday 9am"),
        ("agora sexta, não quarta", "agora sexta", "quarta"),
        ("Beamtime jetzt 19.10. statt 12.10.", "Beamtime jetzt 19.10.", "12.10"),
        ("from next week ni 8,000 sio 7,500.", "from next week ni 8,000.", "7,500"),
        ("the conference goes to Kisumu instead of Eldoret", "the conference goes to Kisumu", "Eldoret"),
        ("So we're moving from Bluebird to Helping Hands.", "So we're moving to Helping Hands.", "Bluebird"),
        ("they moved the audit fieldwork from 3 February to 10 February", "they moved the audit fieldwork to 10 February",
         "3 February"),
        ("Price: $190 → $210", "Price: $210", "$190"),
        ("số điện thoại của em đổi rồi: 0412 558 913. số cũ 0433 201 774 bỏ rồi.", "số điện thoại của em đổi rồi: 0412 558 913. bỏ rồi.",
         "0433 201 774"),
        ("new mobile 07700 900123, my old number was 07700 900456", "new mobile 07700 900123, my", "07700 900456"),
        ("the fee went from 4.5% to 3.9%", "the fee went to 3.9%", "4.5%"),
        ("Price is now 95 cents a pound for sockeye, down from $1.10.", "Price is now 95 cents a pound for sockeye.", "$1.10"),
        ("rent is $900 a month, up from $850", "rent is $900 a month", "$850"),
        ("full set goin from $165 to $180 startin may 1", "full set goin to $180 startin may 1", "$165"),
    ],
)
def test_a_value_marked_as_what_it_was_is_left_out_of_what_holds(said: str, holds: str, was: str) -> None:
    assert without_old_values(said) == (holds, [was])


@pytest.mark.parametrize(
    "said",
    [
        "I was not sure, not bad at all",
        "the shop is open from 9 to 5",
        "we drove up from Boston, down from the hills",
        "I went, not because I wanted to",
        "It is my car, not yours",
        "tables please, nicht als Fließtext",
        "we go from Leeds to York on Friday",
        "My brother Obinna is driving down from Ibadan to look after our daughter.",
        "It's all about progress, not perfection.",
    ],
)
def test_a_sentence_marking_no_old_value_is_left_as_it_is(said: str) -> None:
    assert without_old_values(said) == (said, [])
