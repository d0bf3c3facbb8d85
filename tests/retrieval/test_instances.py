from __future__ import annotations

from engram_mcp.retrieval.instances import KIND_INSTANCES, MET_BY
from engram_mcp.retrieval.question_words import stem


def test_an_operation_is_met_by_surgery_and_surgery_by_an_operation() -> None:
    assert stem("surgery") in MET_BY[stem("operation")]
    assert stem("operation") in MET_BY[stem("surgery")]


def test_a_kind_is_brought_in_by_instances_that_say_it_alone_and_not_by_words_for_other_things_too() -> None:
    instruments, sports = KIND_INSTANCES[stem("instrument")], KIND_INSTANCES[stem("sport")]
    assert "cavaquinho" in instruments and "bouldering" in sports
    assert "keyboard" not in instruments and "bike" not in sports


def test_a_race_is_met_by_the_race_one_runs() -> None:
    assert stem("marathon") in MET_BY[stem("race")]
    assert "parkrun" in KIND_INSTANCES[stem("race")]
