"""A pasted message that moves the speaker's appointment (sentences written for these tests)."""

from __future__ import annotations

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.pasted_moves import moves_told_to_the_speaker
from engram_mcp.model.corrections import RESCHEDULES, SHIFTS
from tests.extraction.helpers import turn

extract = RulesExtractor().extract

CLINIC = ("got this from the clinic:\n\n> Dear patient,\n> Your appointment with Dr Weiss has been rescheduled to "
          "14 January 2027 at 09:30.\n> Kind regards, Reception")


def test_a_pasted_message_moving_your_appointment_reschedules_the_speakers() -> None:
    [moved] = moves_told_to_the_speaker(CLINIC, "Noor")
    assert moved.predicate == RESCHEDULES
    assert moved.statement == "Noor's appointment with Dr Weiss was moved to 14 January 2027 at 09:30."
    assert "Dr Weiss" in moved.entities


def test_a_pasted_message_moving_your_scan_by_a_week_shifts_the_speakers() -> None:
    [moved] = moves_told_to_the_speaker("Clinic texted: Your scan has been postponed by a week.", "Noor")
    assert (moved.predicate, moved.object) == (SHIFTS, "scan +7 days")


def test_a_message_the_speaker_says_was_someone_elses_moves_nothing_of_theirs() -> None:
    assert moves_told_to_the_speaker("my mum got this:\n> Your appointment has been moved to Friday 3pm.", "Noor") == []


def test_the_rules_read_the_move_from_a_pasted_clinic_message_and_no_value_put_right_beside_it() -> None:
    assert [fact.predicate for fact in extract(turn(CLINIC, speaker="Noor"), [])] == [RESCHEDULES]
