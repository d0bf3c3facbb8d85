import math

import pytest

from engram_mcp.retrieval.feedback import moved_towards


def test_the_question_moves_towards_the_mean_of_what_it_found_and_stays_a_unit_vector() -> None:
    moved = moved_towards([1.0, 0.0, 0.0], [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], mix=1.0)
    assert math.sqrt(sum(x * x for x in moved)) == pytest.approx(1.0)
    assert moved[1] == pytest.approx(moved[2]) and moved[1] > 0
    assert moved[0] > moved[1]


def test_a_larger_mix_moves_the_question_further() -> None:
    near = moved_towards([1.0, 0.0], [[0.0, 1.0]], mix=0.5)
    far = moved_towards([1.0, 0.0], [[0.0, 1.0]], mix=2.0)
    assert far[1] > near[1]


def test_nothing_found_or_no_mix_leaves_the_question_as_it_was() -> None:
    assert moved_towards([0.6, 0.8], [], mix=1.0) == [0.6, 0.8]
    assert moved_towards([0.6, 0.8], [[1.0, 0.0]], mix=0.0) == [0.6, 0.8]
