"""Text in and out of recall: what a memory is indexed under, and the block recall hands back. Pure.

A turn alone often lacks the words a question uses ("Where does Ana live?" against
"Yes, since May!"): the speaker's name and the turn it answers belong to what is searchable.
On the way out, an assistant needs the memories with their dates and sources in as few
tokens as will carry them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engram_mcp.model import Kind, Memory, MemoryType

__all__ = ["ContextBlock", "ContextItem", "estimate_tokens", "index_text", "render_context"]

PREVIOUS_CHARS = 200
_TOKEN_PIECE = re.compile(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]")
_LONG_WORD = re.compile(r"[A-Za-z]{9,}")
_LONG_NUMBER = re.compile(r"\d{4,}")


def _voice(memory: Memory) -> str | None:
    return memory.provenance.speaker or memory.provenance.role


def index_text(memory: Memory, previous: Memory | None = None, previous_chars: int = PREVIOUS_CHARS) -> str:
    """What the dense and keyword channels see: '{speaker}: {text} [replying to {who}: {previous…}]'.

    The turn comes first so that a model truncating long input cuts the context, not the turn.
    """
    if memory.kind is not Kind.EPISODE:
        return memory.text
    speaker = memory.provenance.speaker
    text = f"{speaker}: {memory.text}" if speaker else memory.text
    if previous is None or previous_chars <= 0 or _same_voice(previous, memory):
        # A turn answers the other party; one that follows its own speaker's turn (a user's
        # notes remembered one by one) is not about that turn and must not inherit its words.
        return text
    said = previous.text if len(previous.text) <= previous_chars else previous.text[:previous_chars] + "…"
    who = _voice(previous)
    return f"{text} [replying to {who}: {said}]" if who else f"{text} [after: {said}]"


def _same_voice(a: Memory, b: Memory) -> bool:
    pa, pb = a.provenance, b.provenance
    return (pa.speaker or pa.role) == (pb.speaker or pb.role) and (pa.speaker or pa.role) is not None


def estimate_tokens(text: str) -> int:
    """Approximate BPE token count, without a tokenizer dependency.

    Counts letter runs, digit runs and single punctuation marks, and charges words longer
    than 8 letters one extra token per 8 letters and numbers one token per 3 digits, which
    lands within about 10% of cl100k on English chat text.
    """
    # Counted in bulk (one findall per rule) because recall renders a context on every call.
    count = len(_TOKEN_PIECE.findall(text))
    count += sum((len(word) - 1) // 8 for word in _LONG_WORD.findall(text))
    count += sum(math.ceil(len(number) / 3) - 1 for number in _LONG_NUMBER.findall(text))
    return count


@dataclass(frozen=True, slots=True)
class ContextItem:
    memory: Memory
    supports: str | None = None
    """The fact this turn was included as the source of, if any."""


@dataclass(frozen=True, slots=True)
class ContextBlock:
    text: str
    tokens: int
    records: int


_HEADER = "Relevant memories, most relevant first (date; who; what):"
_LABEL = {MemoryType.SEMANTIC: "fact", MemoryType.PROCEDURAL: "instruction", MemoryType.EPISODIC: "event"}


def _line(item: ContextItem, record_chars: int) -> str:
    memory = item.memory
    text = " ".join(memory.text.split())
    if len(text) > record_chars:
        text = text[:record_chars].rstrip() + "…"
    when = f"{memory.event_time.day} {memory.event_time:%b %Y}"
    if memory.invalid_at is not None:
        when += f"–{memory.invalid_at.day} {memory.invalid_at:%b %Y}"
    who = _voice(memory) or "?"
    if memory.kind is Kind.FACT:
        return f"- [{when}] {_LABEL[memory.type]} (from {who}): {text}"
    source = " (source of the fact above)" if item.supports else ""
    return f"- [{when}] {who}{source}: {text}"


def render_context(items: Sequence[ContextItem], max_tokens: int = 1200, record_chars: int = 400) -> ContextBlock:
    """The memories as a block ready to inject into a prompt, stopping before ``max_tokens``.

    Long turns are cut to ``record_chars`` so that one pasted document cannot use the whole
    budget; the full text stays available in the structured result.
    """
    if not items:
        return ContextBlock("", 0, 0)
    lines = [_HEADER]
    tokens = estimate_tokens(_HEADER)
    for item in items:
        line = _line(item, record_chars)
        cost = estimate_tokens(line) + 1
        if tokens + cost > max_tokens:
            break
        lines.append(line)
        tokens += cost
    return ContextBlock("\n".join(lines), tokens, len(lines) - 1)
