"""The text a memory is indexed under: its words in context. Pure.

A turn alone often lacks the words a question uses ("Where does Ana live?" against
"I moved to Berlin"): the speaker's name belongs to what is searchable.
"""

from __future__ import annotations

from engram_mcp.model import Kind, Memory

__all__ = ["index_text"]


def index_text(memory: Memory) -> str:
    """What the dense and keyword channels see for a memory."""
    speaker = memory.provenance.speaker
    if memory.kind is Kind.EPISODE and speaker:
        return f"{speaker}: {memory.text}"
    return memory.text
