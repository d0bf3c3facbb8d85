"""The user's own local model behind an OpenAI-compatible endpoint (llama.cpp's ``llama-server``,
Ollama, LM Studio, llama-cpp-python's server), asked for facts under the same JSON schema.

A 7-9B instruct model (GLM-4-9B, Qwen2.5-7B-Instruct) writes far better facts than anything
that fits in-process here, and the user usually runs one already. The answer is constrained
by ``response_format``: ``json_schema`` where the server supports it, else llama.cpp's
``json_object`` with a ``schema`` (the server's error names ``response_format``; it is remembered).

Nothing here may cost a turn: a server that is down, slow or answering garbage raises
``ExtractionError`` after ``retries`` attempts, the worker counts it and tries the turn again
later. The HTTP client is httpx, already a dependency of the MCP SDK.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from typing import Any

import httpx

from engram_mcp.errors import ExtractionError
from engram_mcp.extraction.base import MAX_FACTS_PER_TURN, ExtractedFact
from engram_mcp.extraction.llama import ExtractorStats
from engram_mcp.extraction.prompt import chat_messages
from engram_mcp.extraction.schema import facts_schema, parse_facts, parse_truncated_facts
from engram_mcp.extraction.validate import DEFAULT_MIN_GROUNDING, validate_facts
from engram_mcp.model import Memory

__all__ = ["EndpointExtractor"]

logger = logging.getLogger(__name__)

_CONTEXT_CHARS = 240


class EndpointExtractor:
    """Extracts facts by asking an OpenAI-compatible chat-completions endpoint."""

    def __init__(
        self,
        base_url: str,
        *,
        model: str = "local",
        api_key: str | None = None,
        timeout: float = 60.0,
        retries: int = 2,
        max_tokens: int = 512,
        temperature: float = 0.0,
        seed: int = 0,
        context_turns: int = 1,
        min_grounding: float = DEFAULT_MIN_GROUNDING,
        max_facts: int = MAX_FACTS_PER_TURN,
        default_speaker: str = "user",
        compact: bool = False,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ExtractionError(f"extraction endpoint must be an http(s) URL, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.name = f"openai:{model}"
        self._timeout = timeout
        self._retries = max(1, retries)
        self._max_tokens = max_tokens
        self._temperature = temperature
        self._seed = seed
        self._context_turns = context_turns
        self._min_grounding = min_grounding
        self._max_facts = max_facts
        self._default_speaker = default_speaker
        self._compact = compact
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(timeout=timeout, headers=headers, transport=transport)
        self._schema_style = "json_schema"
        self._lock = threading.Lock()
        self._stats = ExtractorStats()

    def extract(self, turn: Memory, context: Sequence[Memory]) -> list[ExtractedFact]:
        """The validated facts of one turn; raises ExtractionError when every attempt failed."""
        speaker = turn.provenance.speaker_name or self._default_speaker
        messages = chat_messages(speaker, turn.event_time, turn.text, self._previous(context), compact=self._compact)
        started = time.perf_counter()
        malformed = retries = 0
        last_error = "no attempt made"
        for attempt in range(self._retries):
            if attempt:
                retries += 1
                time.sleep(min(0.5 * 2**attempt, 4.0))
            try:
                text, cut = self._complete(messages, speaker, attempt)
                raw = parse_truncated_facts(text) if cut else parse_facts(text)
            except ExtractionError as error:
                malformed += int("model output" in str(error) or str(error).startswith("fact "))
                last_error = str(error)
                logger.debug("%s attempt %d failed: %s", self.name, attempt + 1, error)
                continue
            facts = validate_facts(raw, turn.text, speaker, min_grounding=self._min_grounding,
                                   max_facts=self._max_facts)
            self._count(started, facts=len(facts), malformed=malformed, retries=retries)
            return facts
        self._count(started, malformed=malformed, retries=retries, failed=1)
        raise ExtractionError(f"{self.name} at {self.base_url}: {last_error}")

    def stats(self) -> ExtractorStats:
        """Totals so far: turns, facts kept, malformed answers, retries, failures, seconds."""
        with self._lock:
            return self._stats

    def close(self) -> None:
        self._client.close()

    def _complete(self, messages: list[dict[str, str]], speaker: str, attempt: int) -> tuple[str, bool]:
        """The answer's text, and whether max_tokens cut it (its complete facts are still kept)."""
        schema = facts_schema(compact=self._compact, speaker=speaker)
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "max_tokens": self._max_tokens,
            # The retry samples warmer so it does not walk into the same dead end.
            "temperature": self._temperature if attempt == 0 else max(self._temperature, 0.7),
            "seed": self._seed + attempt,
            "response_format": self._response_format(schema),
        }
        response = self._post(body)
        if (response.status_code != 200 and self._schema_style == "json_schema"
                and "response_format" in response.text):
            # llama-cpp-python's server knows only json_object (+ schema) and says so (422 or 500);
            # remember and ask again.
            self._schema_style = "json_object"
            body["response_format"] = self._response_format(schema)
            response = self._post(body)
        if response.status_code != 200:
            raise ExtractionError(f"HTTP {response.status_code}: {response.text[:160]}")
        try:
            choice = response.json()["choices"][0]
            content = choice["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as error:
            raise ExtractionError(f"model output is not a chat completion: {response.text[:160]}") from error
        if not isinstance(content, str):
            raise ExtractionError("model output has no text content")
        return content, choice.get("finish_reason") == "length"

    def _post(self, body: dict[str, Any]) -> httpx.Response:
        try:
            return self._client.post(f"{self.base_url}/chat/completions", json=body)
        except httpx.TimeoutException as error:
            raise ExtractionError(f"timed out after {self._timeout:g} s") from error
        except httpx.HTTPError as error:
            raise ExtractionError(f"cannot reach the endpoint: {error}") from error

    def _response_format(self, schema: dict[str, Any]) -> dict[str, Any]:
        if self._schema_style == "json_schema":
            return {"type": "json_schema", "json_schema": {"name": "facts", "schema": schema, "strict": True}}
        return {"type": "json_object", "schema": schema}

    def _previous(self, context: Sequence[Memory]) -> str | None:
        if self._context_turns <= 0 or not context:
            return None
        recent = context[-self._context_turns :]
        lines = [f"{memory.provenance.speaker_name or self._default_speaker}: {memory.text}" for memory in recent]
        return " / ".join(lines)[-_CONTEXT_CHARS:]

    def _count(self, started: float, *, facts: int = 0, malformed: int = 0, retries: int = 0,
               failed: int = 0) -> None:
        with self._lock:
            self._stats = self._stats.after_turn(
                time.perf_counter() - started, facts=facts, malformed=malformed, retries=retries, failed=failed
            )
