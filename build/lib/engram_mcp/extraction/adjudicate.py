"""The model as adjudicator: asked only when slot rules cannot tell whether two facts conflict.

Cheap rules settle almost every pair (same subject and single-valued predicate; different
predicates); what they leave ambiguous goes here, one short grammar-bound question per pair.
"""

from __future__ import annotations

import logging

from engram_mcp.extraction.llama import LlamaExtractor
from engram_mcp.model import Memory

__all__ = ["LlamaAdjudicator"]

log = logging.getLogger(__name__)

_SYSTEM = (
    "You check a memory for contradictions. Two statements about the same person contradict when "
    "they cannot both be true at the same time (a new job replaces the old one; a move replaces "
    "where someone lives). Different facts that can both hold do not contradict. Answer yes or no."
)


class LlamaAdjudicator:
    """Asks a local GGUF model whether a new fact contradicts an old one."""

    def __init__(self, model: LlamaExtractor) -> None:
        self._model = model
        self.name = f"model:{model.name}"

    def contradicts(self, old: Memory, new: Memory) -> bool | None:
        question = f"Older: {old.text}\nNewer: {new.text}\nDo they contradict each other?"
        try:
            answer = self._model.choose(_SYSTEM, question, ("yes", "no"))
        except Exception as error:  # noqa: BLE001 - no opinion beats a lost fact
            log.warning("adjudicator failed, keeping both facts: %s", error)
            return None
        return answer == "yes"
