"""The instructions and worked examples that small models imitate.

The examples are invented (never benchmark data) and deliberately short: small models copy
the length and shape of what they are shown, and half of real turns deserve no fact at all.
The system prompt and the examples come first and never change, so llama.cpp can reuse
their evaluated prefix from one turn to the next.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engram_mcp.extraction.schema import COMPACT_FIELDS

__all__ = ["SYSTEM_PROMPT", "EXAMPLES", "Example", "chat_messages", "completion_prompt", "render_turn"]

SYSTEM_PROMPT = (
    "You extract long-term memory facts from one chat turn. "
    "Return JSON: {\"facts\": [...]} with 0 to 5 facts. "
    "Only keep facts the speaker states about themselves or people they know: identity, job, "
    "home, family, preferences, plans, events that happened, and instructions. "
    "Each statement is one short standalone sentence that starts with the person's name, "
    "never I, my, you, he or she. Use the date given to turn words like yesterday into a date. "
    "Greetings, thanks, questions, compliments and small talk give {\"facts\": []}. "
    "Never copy facts from the examples or the previous turn. "
    "certainty: 1.0 stated, 0.7 strongly implied, 0.4 a guess. "
    "type: episodic for events, semantic for lasting facts and preferences, procedural for instructions."
)


@dataclass(frozen=True, slots=True)
class Example:
    speaker: str
    date: str
    text: str
    facts: tuple[dict[str, Any], ...]
    previous: str | None = None


def _fact(
    statement: str,
    subject: str,
    predicate: str,
    obj: str,
    entities: Sequence[str],
    kind: str,
    certainty: float = 1.0,
    event_time: str | None = None,
) -> dict[str, Any]:
    fact: dict[str, Any] = {
        "statement": statement,
        "subject": subject,
        "predicate": predicate,
        "object": obj,
        "entities": list(entities),
        "type": kind,
        "certainty": certainty,
    }
    if event_time is not None:
        fact["event_time"] = event_time
    return fact


EXAMPLES: tuple[Example, ...] = (
    Example("Jordan", "2024-03-14", "Hey!! Long time no see, how have you been?", ()),
    Example(
        "Priya",
        "2023-09-02",
        "We finally adopted a rescue beagle last weekend, she's called Biscuit. I've always loved dogs.",
        (
            _fact("Priya adopted a rescue beagle named Biscuit.", "Priya", "adopted", "a rescue beagle named Biscuit",
                  ["Priya", "Biscuit"], "episodic", 1.0, "2023-08-27"),
            _fact("Priya loves dogs.", "Priya", "loves", "dogs", ["Priya"], "semantic"),
        ),
    ),
    Example("Tom", "2024-01-10", "Aww thanks, that's so kind of you! Sounds awesome, keep it up!", (),
            previous="Ana: I just ran my first half marathon!"),
    Example(
        "Ana",
        "2023-11-20",
        "I work as a nurse at St. Mary's hospital. Thinking about going back to school for midwifery maybe.",
        (
            _fact("Ana works as a nurse at St. Mary's hospital.", "Ana", "works as", "nurse at St. Mary's hospital",
                  ["Ana", "St. Mary's hospital"], "semantic"),
            _fact("Ana is considering studying midwifery.", "Ana", "is considering", "studying midwifery",
                  ["Ana"], "semantic", 0.7),
        ),
    ),
    Example("tool", "2024-05-01", '{"status": 200, "rows": 3, "elapsed_ms": 41}', ()),
    Example(
        "Dana",
        "2024-05-01",
        "Please always answer in British English and keep replies short.",
        (
            _fact("Dana wants answers in British English.", "Dana", "wants", "answers in British English",
                  ["Dana"], "procedural"),
            _fact("Dana wants short replies.", "Dana", "wants", "short replies", ["Dana"], "procedural"),
        ),
    ),
    Example("Sam", "2023-06-18", "What kind of music do you like? I'm curious!", ()),
)


def render_turn(speaker: str, when: datetime | str, text: str, previous: str | None = None) -> str:
    """The user-side message for one turn."""
    date = when if isinstance(when, str) else when.date().isoformat()
    lines = []
    if previous:
        lines.append(f"Previous turn (context only): {previous}")
    lines += [f"Speaker: {speaker}", f"Date: {date}", f"Turn: {text}"]
    return "\n".join(lines)


def _answer(facts: Sequence[dict[str, Any]], compact: bool) -> str:
    if compact:
        facts = [{key: fact[key] for key in COMPACT_FIELDS if key in fact} for fact in facts]
    return json.dumps({"facts": list(facts)}, ensure_ascii=False)


def chat_messages(
    speaker: str, when: datetime, text: str, previous: str | None = None, *, compact: bool = False
) -> list[dict[str, str]]:
    """Messages for an instruct model: system prompt, the examples as past exchanges, the turn."""
    messages = [{"role": "system", "content": SYSTEM_PROMPT}]
    for example in EXAMPLES:
        messages.append({"role": "user", "content": render_turn(example.speaker, example.date, example.text,
                                                                 example.previous)})
        messages.append({"role": "assistant", "content": _answer(example.facts, compact)})
    messages.append({"role": "user", "content": render_turn(speaker, when, text, previous)})
    return messages


def completion_prompt(
    speaker: str, when: datetime, text: str, previous: str | None = None, *, compact: bool = False
) -> str:
    """A plain-text prompt for base models, which continue patterns rather than follow orders."""
    blocks = [SYSTEM_PROMPT]
    for example in EXAMPLES:
        blocks.append(render_turn(example.speaker, example.date, example.text, example.previous)
                      + "\nFacts: " + _answer(example.facts, compact))
    blocks.append(render_turn(speaker, when, text, previous) + "\nFacts: ")
    return "\n\n".join(blocks)
