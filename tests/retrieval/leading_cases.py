"""How the tests of what leads build memories and questions: Ngozi's, from 16 November 2026."""

from collections.abc import Sequence
from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.abstain import focus_terms, focus_words
from engram_mcp.retrieval.details import detail_asked
from engram_mcp.retrieval.focus import Focus
from engram_mcp.retrieval.later_change import times_meant
from engram_mcp.retrieval.names_asked import capitalised, relations_named
from engram_mcp.retrieval.question_words import stem, thing_asked_for
from engram_mcp.retrieval.traits import trait_asked

NOV16 = datetime(2026, 11, 16, 9, tzinfo=timezone.utc)


def memory(memory_id: str, text: str, day: int = 0, **fields: object) -> Memory:
    kind = Kind.EPISODE if memory_id.startswith("t") else Kind.FACT
    when = NOV16 + timedelta(days=day)
    values: dict[str, object] = {"valid_at": when, "provenance": Provenance(speaker="Ngozi")} | fields
    return Memory(id=memory_id, kind=kind, type=MemoryType.SEMANTIC, text=text, created_at=when, **values)  # type: ignore[arg-type]


def focus_of(question: str, named: frozenset[str] = frozenset()) -> Focus:
    return _focus(question, named)


def _focus(question: str, named: frozenset[str]) -> Focus:
    def never_embedded(text: str) -> Sequence[float]:
        raise AssertionError("the rules that choose what leads read words, not vectors")

    words = focus_words(question, frozenset({"Ngozi", *named}))
    return Focus(words, never_embedded, named=frozenset(n.lower() for n in named),
                 speakers=frozenset({"ngozi"}), to_assistant=" you" in f" {question.lower()}",
                 when=question.startswith(("When", "What time", "What day")), where=question.startswith("Where"),
                 who=question.startswith("Who"),
                 timing=times_meant(question), asked_for=thing_asked_for(question, focus_terms(words)),
                 trait=trait_asked(question, focus_terms(words)), detail=detail_asked(question),
                 relatives=relations_named(question), value=next((v for v in ("how many", "how much", "how", "what") if question.lower().startswith(v)), ""),
                 written_as_names=frozenset(stem(w.casefold()) for w in capitalised(question)[1:]))


def no_restatement(turn_id: str) -> Memory | None:
    return None
