"""Claude Code's hook payloads and transcripts, read into what memory needs.

Claude Code runs a hook command with one JSON object on stdin. Every event carries
``session_id``, ``transcript_path``, ``cwd`` and ``hook_event_name``; UserPromptSubmit adds
``prompt``, SessionStart adds ``source`` (startup, resume, clear, compact), Stop adds
``stop_hook_active``. Whatever the hook prints on stdout with exit code 0 is added to the
model's context for UserPromptSubmit and SessionStart.

The transcript is JSON Lines, one entry a line: ``{"type": "user" | "assistant" | …,
"uuid", "timestamp", "sessionId", "message": {"role", "content"}}``; ``content`` is a string
or a list of blocks (``text``, ``tool_use``, ``tool_result``, ``thinking``). A person's prompt
is a user entry with text that is not a tool result, not marked ``isMeta`` and not a slash
command's echo; the final reply is the assistant text after the last tool result.

Claude Code writes half of an emoji cut in two as a lone surrogate (``"\\ud83d"``), which is no
character: no file can hold it and no model can read it. The text around it is what matters, so
each is replaced by U+FFFD and counted (``replaced``), for the hook to say so.
"""

from __future__ import annotations

import errno
import json
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from engram_mcp.files import NotARegularFile, open_regular
from engram_mcp.model.records import parse_timestamp

__all__ = ["Exchange", "HookPayload", "last_exchange", "read_payload", "recall_query"]

# What Claude Code writes into the transcript for its own commands, not what the person said.
_ECHOES = ("<command-name>", "<command-message>", "<local-command-stdout>", "<local-command-stderr>", "Caveat:")
# A valid pair is joined into one character as JSON is read: any surrogate left is alone.
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
# A paragraph or line this short, at either end of a prompt too long to be a query, is taken for the
# person's own words around what they pasted.
_OWN_WORDS_CHARS = 400


@dataclass(frozen=True, slots=True)
class HookPayload:
    event: str
    session_id: str
    transcript_path: Path | None
    cwd: str | None
    prompt: str | None = None
    source: str | None = None
    replaced: int = 0
    """Lone surrogates replaced by U+FFFD in the prompt."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """One finished turn of the conversation: what the person asked and what was answered."""

    key: str
    """The prompt entry's uuid: the same exchange always has the same key."""
    prompt: str
    reply: str | None
    asked_at: datetime | None
    answered_at: datetime | None
    replaced: int = 0
    """Lone surrogates replaced by U+FFFD in the prompt and the reply."""


def read_payload(raw: str) -> HookPayload:
    """The hook's stdin; ValueError when it is not a Claude Code hook payload."""
    value = json.loads(raw)
    if not isinstance(value, dict) or not isinstance(value.get("hook_event_name"), str):
        raise ValueError("not a Claude Code hook payload (no hook_event_name)")
    transcript = value.get("transcript_path")
    prompt, replaced = _mended(value["prompt"]) if isinstance(value.get("prompt"), str) else (None, 0)
    return HookPayload(
        event=value["hook_event_name"],
        session_id=str(value.get("session_id") or ""),
        transcript_path=Path(transcript).expanduser() if isinstance(transcript, str) and transcript else None,
        cwd=value.get("cwd") if isinstance(value.get("cwd"), str) else None,
        prompt=prompt,
        source=value.get("source") if isinstance(value.get("source"), str) else None,
        replaced=replaced,
    )


def recall_query(prompt: str, limit: int) -> str:
    """What a prompt is recalled by: all of it when it fits in a query of ``limit`` characters.

    A longer prompt is nearly always something pasted (a log, an email, an article) with the
    person's own words before or after it, and those words are what memory should answer: a query
    holding the paste matches the paste, and recall declines (the embedder, besides, reads only a
    query's first 256 tokens). So it is recalled by its first and last paragraphs, those short
    enough to be the person's words; else by its first and last lines, those short enough; else,
    one long line, by its beginning and end.
    """
    prompt = prompt.strip()
    if len(prompt) <= limit:
        return prompt
    for pieces in (_PARAGRAPH_BREAK.split(prompt), prompt.splitlines()):
        kept = [piece.strip() for piece in pieces if piece.strip()]
        ends = [kept[0], kept[-1]] if len(kept) > 1 else kept
        own_words = [end for end in ends if len(end) <= _OWN_WORDS_CHARS]
        if own_words:
            return "\n\n".join(own_words)
    beginning = prompt[:_OWN_WORDS_CHARS].rsplit(maxsplit=1)[0]
    end = prompt[-_OWN_WORDS_CHARS:].split(maxsplit=1)[-1]
    return f"{beginning}\n\n{end}"


def last_exchange(transcript: Path) -> Exchange | None:
    """The person's last prompt in the transcript and the final reply to it, if any."""
    entries = _entries(transcript)
    start = next((i for i in range(len(entries) - 1, -1, -1) if _prompt_text(entries[i]) is not None), None)
    if start is None:
        return None
    prompt_entry = entries[start]
    reply_parts: list[str] = []
    answered_at = None
    for entry in entries[start + 1 :]:
        if entry.get("type") == "user" and _has_tool_result(entry):
            reply_parts, answered_at = [], None  # the reply so far led to a tool call: not the final one
        elif entry.get("type") == "assistant":
            text = _text_of(entry.get("message", {}).get("content"))
            if text:
                reply_parts.append(text)
                answered_at = _moment(entry.get("timestamp"))
    said = _prompt_text(prompt_entry)
    assert said is not None
    prompt, in_prompt = _mended(said)
    reply, in_reply = _mended("\n\n".join(reply_parts))
    return Exchange(
        key=str(prompt_entry.get("uuid") or f"{transcript.name}:{start}"),
        prompt=prompt,
        reply=reply or None,
        asked_at=_moment(prompt_entry.get("timestamp")),
        answered_at=answered_at,
        replaced=in_prompt + in_reply,
    )


def _mended(text: str) -> tuple[str, int]:
    """``text`` with each lone surrogate replaced by U+FFFD, and how many were."""
    return _LONE_SURROGATE.subn("\ufffd", text)


def _entries(transcript: Path) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    # A named pipe with no writer, or a device, would keep the hook (and the conversation) waiting for good.
    try:
        handle = open_regular(transcript)
    except NotARegularFile as error:
        raise ValueError(f"the transcript {transcript} is {error.kind}, not a regular file; not read") from None
    if handle is None:
        raise FileNotFoundError(errno.ENOENT, "no such transcript", str(transcript))
    with open(handle, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            try:
                value = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line still being written, or damaged: the rest is still readable
            if isinstance(value, dict) and not value.get("isSidechain"):
                entries.append(value)
    return entries


def _prompt_text(entry: dict[str, Any]) -> str | None:
    if entry.get("type") != "user" or entry.get("isMeta") or _has_tool_result(entry):
        return None
    message = entry.get("message")
    if not isinstance(message, dict) or message.get("role") != "user":
        return None
    text = _text_of(message.get("content"))
    if not text or text.lstrip().startswith(_ECHOES):
        return None
    return text


def _has_tool_result(entry: dict[str, Any]) -> bool:
    content = entry.get("message", {}).get("content") if isinstance(entry.get("message"), dict) else None
    return isinstance(content, list) and any(
        isinstance(block, dict) and block.get("type") == "tool_result" for block in content
    )


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, list):
        texts = [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        return "\n".join(t.strip() for t in texts if t and t.strip())
    return ""


def _moment(value: Any) -> datetime | None:
    return parse_timestamp(value, naive_is_utc=False)
