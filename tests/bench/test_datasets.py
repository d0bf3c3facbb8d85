import json
from datetime import datetime, timezone
from pathlib import Path

from engram_mcp.bench.datasets import (
    clean_locomo_evidence,
    load_locomo,
    load_longmemeval,
    parse_locomo_date,
    parse_longmemeval_date,
)


def test_locomo_dates_parse_to_aware_utc() -> None:
    assert parse_locomo_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    assert parse_locomo_date("12:09 am on 1 January, 2024") == datetime(2024, 1, 1, 0, 9, tzinfo=timezone.utc)


def test_longmemeval_dates_parse_to_aware_utc() -> None:
    assert parse_longmemeval_date("2023/05/20 (Sat) 00:57") == datetime(2023, 5, 20, 0, 57, tzinfo=timezone.utc)


def test_malformed_locomo_evidence_is_normalised_and_unknown_ids_dropped() -> None:
    known = {"D30:5", "D11:26", "D9:1", "D4:4", "D8:6", "D9:17"}
    raw = ["D30:05", "D:11:26", "D9:1 D4:4", "D8:6; D9:17", "D", "D99:1"]
    assert clean_locomo_evidence(raw, known) == ("D30:5", "D11:26", "D9:1", "D4:4", "D8:6", "D9:17")


def _locomo_file(tmp_path: Path) -> Path:
    sample = {
        "sample_id": "conv-x",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_2_date_time": "3:00 pm on 9 May, 2023",
            "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "Back again"}],
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "Look", "blip_caption": "a photo of a cat"},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "Cute!"},
            ],
            "session_3_date_time": "4:00 pm on 10 May, 2023",
        },
        "qa": [
            {"question": "What did Ann share?", "answer": "a cat", "evidence": ["D1:01"], "category": 4},
            {"question": "Trick?", "adversarial_answer": "none", "evidence": [], "category": 5},
        ],
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([sample]))
    return path


def test_locomo_turns_come_in_session_order_with_captions_and_session_dates(tmp_path: Path) -> None:
    (case,) = load_locomo(_locomo_file(tmp_path))
    assert [t.turn_id for t in case.turns] == ["D1:1", "D1:2", "D2:1"]
    assert case.turns[0].text == "Look [shares a photo: a photo of a cat]"
    assert case.turns[2].timestamp == datetime(2023, 5, 9, 15, 0, tzinfo=timezone.utc)


def test_locomo_question_ids_are_sample_and_index_with_clean_evidence(tmp_path: Path) -> None:
    (case,) = load_locomo(_locomo_file(tmp_path))
    first, adversarial = case.questions
    assert (first.question_id, first.category, first.evidence) == ("conv-x:0", "4", ("D1:1",))
    assert adversarial.abstention and adversarial.answer == "none"


def test_longmemeval_indexes_user_turns_with_official_ids(tmp_path: Path) -> None:
    entry = {
        "question_id": "q1_abs",
        "question_type": "single-session-user",
        "question": "What did I buy?",
        "answer": "a bike",
        "question_date": "2023/06/01 (Thu) 10:00",
        "haystack_session_ids": ["answer_s1", "s0"],
        "haystack_dates": ["2023/05/02 (Tue) 10:00", "2023/05/01 (Mon) 09:00"],
        "haystack_sessions": [
            [
                {"role": "user", "content": "hi", "has_answer": False},
                {"role": "assistant", "content": "hello"},
                {"role": "user", "content": "I bought a bike", "has_answer": True},
            ],
            [{"role": "user", "content": "weather?"}, {"role": "assistant", "content": "sunny"}],
        ],
        "answer_session_ids": ["answer_s1"],
    }
    path = tmp_path / "lme.json"
    path.write_text(json.dumps([entry]))
    (case,) = load_longmemeval(path)
    assert [t.turn_id for t in case.turns] == ["s0_1", "noans_s1_1", "answer_s1_3"]
    (question,) = case.questions
    assert question.evidence == ("answer_s1_3",)
    assert question.abstention
