"""Turning conversation turns into atomic facts: the port, a rule-based and a llama.cpp extractor."""

from engram_mcp.extraction.base import MAX_FACTS_PER_TURN, ExtractedFact, Extractor
from engram_mcp.extraction.llama import ExtractorStats, LlamaExtractor
from engram_mcp.extraction.models import build_extractor, resolve_model_path
from engram_mcp.extraction.rules import RulesExtractor

__all__ = [
    "MAX_FACTS_PER_TURN",
    "ExtractedFact",
    "Extractor",
    "ExtractorStats",
    "LlamaExtractor",
    "RulesExtractor",
    "build_extractor",
    "resolve_model_path",
]
