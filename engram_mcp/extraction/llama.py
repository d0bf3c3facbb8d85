"""The llama.cpp adapter: any local GGUF model, asked for facts under a JSON-schema grammar.

``llama_cpp`` is imported only when the first turn arrives, the model is loaded once under a
lock, and calls are serialised because a ``Llama`` object is not safe to share. Instruct
models are prompted through the chat template embedded in their GGUF (GLM, Qwen, Llama,
SmolLM all ship one); base models such as gemma-3-270m get a plain completion prompt.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from engram_mcp.errors import ConfigError, ExtractionError
from engram_mcp.extraction.base import MAX_FACTS_PER_TURN, ExtractedFact
from engram_mcp.extraction.prompt import chat_messages, completion_prompt
from engram_mcp.extraction.schema import facts_schema, parse_facts, parse_truncated_facts
from engram_mcp.extraction.validate import DEFAULT_MIN_GROUNDING, validate_facts
from engram_mcp.model import Memory

__all__ = ["ExtractorStats", "LlamaExtractor", "PromptMode"]

logger = logging.getLogger(__name__)

PromptMode = Literal["chat", "completion"]
_CONTEXT_CHARS = 240


@dataclass(frozen=True, slots=True)
class ExtractorStats:
    """Running totals since the extractor was built.

    ``malformed`` counts answers that could not be parsed (each attempt), ``failed`` the
    turns that raised after the retry, ``truncated`` the answers cut by ``max_tokens`` whose
    complete facts were kept.
    """

    turns: int = 0
    facts: int = 0
    malformed: int = 0
    retries: int = 0
    failed: int = 0
    truncated: int = 0
    seconds: float = 0.0

    def after_turn(
        self, seconds: float, *, facts: int = 0, malformed: int = 0, retries: int = 0, failed: int = 0,
        truncated: int = 0,
    ) -> ExtractorStats:
        """These totals with one more turn counted."""
        return ExtractorStats(
            turns=self.turns + 1,
            facts=self.facts + facts,
            malformed=self.malformed + malformed,
            retries=self.retries + retries,
            failed=self.failed + failed,
            truncated=self.truncated + truncated,
            seconds=self.seconds + seconds,
        )


class LlamaExtractor:
    """Extracts facts with a local GGUF model through llama-cpp-python."""

    def __init__(
        self,
        model_path: str | Path,
        *,
        name: str | None = None,
        n_ctx: int = 4096,
        n_threads: int = 2,
        chat_format: str | None = None,
        mode: PromptMode = "chat",
        max_tokens: int = 256,
        temperature: float = 0.0,
        seed: int = 0,
        context_turns: int = 1,
        compact: bool = True,
        anchor_speaker: bool = True,
        min_grounding: float = DEFAULT_MIN_GROUNDING,
        max_facts: int = MAX_FACTS_PER_TURN,
        default_speaker: str = "user",
    ) -> None:
        self.model_path = Path(model_path)
        self.name = name or self.model_path.stem
        self._n_ctx = n_ctx
        self._n_threads = n_threads
        self._chat_format = chat_format
        self._mode: PromptMode = mode
        self._max_tokens = max_tokens
        self._temperature = temperature
        self._seed = seed
        self._context_turns = context_turns
        self._compact = compact
        self._anchor_speaker = anchor_speaker
        self._grammars: dict[str, Any] = {}
        self._min_grounding = min_grounding
        self._max_facts = max_facts
        self._default_speaker = default_speaker
        self._lock = threading.Lock()
        self._llama: Any = None
        self._stats = ExtractorStats()

    def extract(self, turn: Memory, context: Sequence[Memory]) -> list[ExtractedFact]:
        """The validated facts of one turn; raises ExtractionError if the model answers badly twice."""
        speaker = turn.provenance.speaker_name or self._default_speaker
        previous = self._previous(context)
        with self._lock:
            self._load()
            started = time.perf_counter()
            malformed = retries = truncated = 0
            try:
                for attempt in range(2):
                    text, cut = self._generate(speaker, turn, previous, attempt)
                    try:
                        raw = parse_truncated_facts(text) if cut else parse_facts(text)
                    except ExtractionError as exc:
                        malformed += 1
                        logger.debug("malformed answer from %s (attempt %d): %s", self.name, attempt + 1, exc)
                        if attempt == 0:
                            retries += 1
                            continue
                        raise ExtractionError(f"{self.name} gave malformed output twice: {exc}") from exc
                    truncated += int(cut)
                    break
            except ExtractionError:
                self._count(malformed=malformed, retries=retries, failed=1, started=started)
                raise
            facts = validate_facts(raw, turn.text, speaker, min_grounding=self._min_grounding,
                                   max_facts=self._max_facts)
            self._count(facts=len(facts), malformed=malformed, retries=retries, truncated=truncated,
                        started=started)
            return facts

    def choose(self, system: str, question: str, choices: Sequence[str], max_tokens: int = 4) -> str:
        """Ask the loaded model a question whose answer must be one of ``choices`` (grammar-bound)."""
        from llama_cpp.llama_grammar import LlamaGrammar

        grammar = LlamaGrammar.from_string(
            "root ::= " + " | ".join(json.dumps(choice) for choice in choices), verbose=False
        )
        with self._lock:
            self._load()
            assert self._llama is not None
            response = self._llama.create_chat_completion(
                messages=[{"role": "system", "content": system}, {"role": "user", "content": question}],
                grammar=grammar,
                max_tokens=max_tokens,
                temperature=0.0,
                seed=self._seed,
            )
        answer = str(response["choices"][0]["message"]["content"] or "").strip()
        return answer if answer in choices else choices[-1]

    def stats(self) -> ExtractorStats:
        """Totals so far: turns, facts kept, malformed answers, retries, failures, seconds."""
        with self._lock:
            return self._stats

    def _previous(self, context: Sequence[Memory]) -> str | None:
        if self._context_turns <= 0 or not context:
            return None
        recent = context[-self._context_turns :]
        lines = [f"{memory.provenance.speaker_name or self._default_speaker}: {memory.text}" for memory in recent]
        return " / ".join(lines)[-_CONTEXT_CHARS:]

    def _load(self) -> None:
        if self._llama is not None:
            return
        if not self.model_path.is_file():
            raise ConfigError(f"extraction model not found: {self.model_path}")
        try:
            from llama_cpp import Llama
        except ImportError as error:
            raise ConfigError("a GGUF extractor needs llama.cpp: pip install 'engram-mcp[llama]'") from error

        started = time.perf_counter()
        self._llama = Llama(
            model_path=str(self.model_path),
            n_ctx=self._n_ctx,
            n_threads=self._n_threads,
            n_threads_batch=self._n_threads,
            chat_format=self._chat_format,
            seed=self._seed,
            verbose=False,
        )
        logger.info("loaded %s in %.1f s (chat format %s)", self.model_path.name,
                    time.perf_counter() - started, self._llama.chat_format)

    def _grammar(self, speaker: str) -> Any:
        key = speaker if self._anchor_speaker else ""
        if key not in self._grammars:
            from llama_cpp.llama_grammar import LlamaGrammar

            schema = facts_schema(compact=self._compact, speaker=key or None)
            self._grammars[key] = LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
        return self._grammars[key]

    def _generate(self, speaker: str, turn: Memory, previous: str | None, attempt: int) -> tuple[str, bool]:
        # The retry samples warmer so it does not walk into the same dead end.
        options: dict[str, Any] = {
            "grammar": self._grammar(speaker),
            "max_tokens": self._max_tokens,
            "temperature": self._temperature if attempt == 0 else max(self._temperature, 0.7),
            "seed": self._seed + attempt,
            "repeat_penalty": 1.1,
        }
        if self._mode == "chat":
            response = self._llama.create_chat_completion(
                messages=chat_messages(speaker, turn.event_time, turn.text, previous, compact=self._compact),
                **options,
            )
            choice = response["choices"][0]
            text = choice["message"]["content"] or ""
        else:
            response = self._llama.create_completion(
                prompt=completion_prompt(speaker, turn.event_time, turn.text, previous, compact=self._compact),
                **options,
            )
            choice = response["choices"][0]
            text = choice["text"]
        return text, choice.get("finish_reason") == "length"

    def _count(
        self,
        *,
        started: float,
        facts: int = 0,
        malformed: int = 0,
        retries: int = 0,
        failed: int = 0,
        truncated: int = 0,
    ) -> None:
        self._stats = self._stats.after_turn(
            time.perf_counter() - started, facts=facts, malformed=malformed, retries=retries, failed=failed,
            truncated=truncated,
        )
