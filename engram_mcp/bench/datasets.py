"""Benchmark datasets as plain values: LoCoMo and LongMemEval, loaded from their JSON.

Pure: parsing only, no retrieval. Every dataset becomes a list of ``BenchCase``: one memory
store (a namespace) with its turns in the order they were written, and the questions asked
of that store. LoCoMo has one case per conversation; LongMemEval one case per question
(each question comes with its own haystack).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engram_mcp.bench.metrics import MARKED, UNMARKED

__all__ = [
    "BenchCase",
    "BenchQuestion",
    "BenchTurn",
    "clean_locomo_evidence",
    "load_locomo",
    "load_longmemeval",
    "parse_locomo_date",
    "parse_longmemeval_date",
]


@dataclass(frozen=True, slots=True)
class BenchTurn:
    """One conversation turn as the memory service would receive it.

    ``turn_id`` is the dataset's id (a LoCoMo dia_id, a LongMemEval turn id); the harness
    hands backends opaque ids instead so that no gold label can leak through a name.
    """

    turn_id: str
    session_id: str
    speaker: str
    text: str
    timestamp: datetime


@dataclass(frozen=True, slots=True)
class BenchQuestion:
    question_id: str
    question: str
    category: str
    answer: str
    evidence: tuple[str, ...]
    question_date: datetime | None = None
    abstention: bool = False


@dataclass(frozen=True, slots=True)
class BenchCase:
    namespace: str
    turns: tuple[BenchTurn, ...]
    questions: tuple[BenchQuestion, ...]


_LOCOMO_DATE = re.compile(
    r"(?P<h>\d{1,2}):(?P<m>\d{2})\s*(?P<ampm>am|pm)\s+on\s+(?P<d>\d{1,2})\s+(?P<mon>[A-Za-z]+),?\s+(?P<y>\d{4})",
    re.IGNORECASE,
)
_MONTHS = {
    name: i + 1
    for i, name in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    )
}
_EVIDENCE_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)")
_SESSION_KEY = re.compile(r"session_(\d+)")


def parse_locomo_date(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' -> 2023-05-08 13:56 UTC (LoCoMo gives no zone; UTC is assumed)."""
    match = _LOCOMO_DATE.search(text)
    if match is None:
        raise ValueError(f"not a LoCoMo date: {text!r}")
    hour = int(match["h"]) % 12 + (12 if match["ampm"].lower() == "pm" else 0)
    month = _MONTHS[match["mon"][:3].lower()]
    return datetime(int(match["y"]), month, int(match["d"]), hour, int(match["m"]), tzinfo=timezone.utc)


def parse_longmemeval_date(text: str) -> datetime:
    """'2023/05/20 (Sat) 00:57' -> 2023-05-20 00:57 UTC."""
    match = re.match(r"(\d{4})/(\d{2})/(\d{2})\s*(?:\(\w+\))?\s*(\d{2}):(\d{2})", text.strip())
    if match is None:
        raise ValueError(f"not a LongMemEval date: {text!r}")
    y, mo, d, h, mi = (int(g) for g in match.groups())
    return datetime(y, mo, d, h, mi, tzinfo=timezone.utc)


def clean_locomo_evidence(raw: Iterable[str], known_ids: set[str] | None = None) -> tuple[str, ...]:
    """Normalise malformed evidence ids ('D30:05', 'D:11:26', 'D9:1 D4:4', 'D8:6; D9:17').

    Ids not in ``known_ids`` (when given) are dropped; order is kept, duplicates removed.
    """
    out: list[str] = []
    for item in raw:
        for session, turn in _EVIDENCE_ID.findall(str(item)):
            dia_id = f"D{int(session)}:{int(turn)}"
            if dia_id not in out and (known_ids is None or dia_id in known_ids):
                out.append(dia_id)
    return tuple(out)


def _locomo_text(turn: Mapping[str, Any]) -> str:
    text = str(turn.get("text", "")).strip()
    caption = turn.get("blip_caption")
    if caption:
        text = f"{text} [shares a photo: {caption}]".strip()
    return text


def _locomo_case(sample: Mapping[str, Any]) -> BenchCase:
    conversation = sample["conversation"]
    sessions = sorted(
        (int(m.group(1)), key)
        for key in conversation
        if (m := _SESSION_KEY.fullmatch(key)) and isinstance(conversation[key], list)
    )
    turns: list[BenchTurn] = []
    for _number, key in sessions:
        when = parse_locomo_date(conversation[f"{key}_date_time"])
        for turn in conversation[key]:
            turns.append(
                BenchTurn(
                    turn_id=str(turn["dia_id"]),
                    session_id=key,
                    speaker=str(turn["speaker"]),
                    text=_locomo_text(turn),
                    timestamp=when,
                )
            )
    known = {t.turn_id for t in turns}
    sample_id = str(sample["sample_id"])
    questions = tuple(
        BenchQuestion(
            question_id=f"{sample_id}:{index}",
            question=str(qa["question"]),
            category=str(qa["category"]),
            answer=str(qa.get("answer", qa.get("adversarial_answer", ""))),
            evidence=clean_locomo_evidence(qa.get("evidence", []), known),
            abstention=int(qa["category"]) == 5,
        )
        for index, qa in enumerate(sample["qa"])
    )
    return BenchCase(namespace=sample_id, turns=tuple(turns), questions=questions)


def load_locomo(path: str | Path, sample_ids: Sequence[str] | None = None) -> list[BenchCase]:
    """One case per conversation; questions keep their LoCoMo category number as a string."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return [
        _locomo_case(sample)
        for sample in data
        if sample_ids is None or str(sample["sample_id"]) in sample_ids
    ]


def _longmemeval_case(entry: Mapping[str, Any]) -> BenchCase:
    turns: list[BenchTurn] = []
    haystack = sorted(
        (
            (parse_longmemeval_date(date), str(session_id), session)
            for session_id, session, date in zip(
                entry["haystack_session_ids"], entry["haystack_sessions"], entry["haystack_dates"], strict=True
            )
        ),
        key=lambda item: item[0],
    )
    # Turns are written in time order, as the service would see them.
    for when, session_id, session in haystack:
        for position, turn in enumerate(session, start=1):
            # The official protocol indexes user turns only; positions still count every turn.
            if turn["role"] != "user":
                continue
            turn_id = f"{session_id}_{position}"
            if MARKED in session_id and not turn.get("has_answer", False):
                turn_id = turn_id.replace(MARKED, UNMARKED)
            turns.append(
                BenchTurn(
                    turn_id=turn_id,
                    session_id=session_id,
                    speaker="user",
                    text=str(turn["content"]),
                    timestamp=when,
                )
            )
    question_id = str(entry["question_id"])
    question = BenchQuestion(
        question_id=question_id,
        question=str(entry["question"]),
        category=str(entry["question_type"]),
        answer=str(entry["answer"]),
        evidence=tuple(t.turn_id for t in turns if MARKED in t.turn_id),
        question_date=parse_longmemeval_date(entry["question_date"]),
        abstention="_abs" in question_id,
    )
    return BenchCase(namespace=question_id, turns=tuple(turns), questions=(question,))


def load_longmemeval(path: str | Path, question_ids: Sequence[str] | None = None) -> list[BenchCase]:
    """One case per question, its haystack's user turns ordered by session then position."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return [
        _longmemeval_case(entry)
        for entry in data
        if question_ids is None or str(entry["question_id"]) in question_ids
    ]
