"""What a line is, and how a value is written so that reading it back gives it exactly. Pure.

The one definition of a line for the memory files: a line ends at ``\\r\\n``, ``\\n`` or
``\\r`` (what editors treat as a line break). The writer and the reader both use
``split_lines``; the writer only ever writes ``\\n``.

A memory's text keeps its real line breaks (``\\n``) and is otherwise written as typed,
except for the few things the reader or a Markdown renderer would take as structure. Those
become HTML numeric character references, which every Markdown renderer shows as the
character itself:

- every other line-breaking or control character (``\\r``, VT, FF, ``\\x1c``-``\\x1e``,
  NEL, U+2028, U+2029, the rest of C0 and C1 but tab): ``&#13;`` and so on;
- ``&#`` (the start of a reference) becomes ``&#38;#``, so a typed reference stays as typed;
- ``<!--`` becomes ``&#60;!--``, so no text can open a comment (or forge metadata);
- a ``^`` that would make a line end in a block id (``… ^t-0123456789ab``) becomes ``&#94;``.

Decoding turns every numeric reference back into its character, so a reference a person
types by hand (``&#233;``) reads as the character too. Metadata values are JSON with the
same line-breaking characters (and ``>``) escaped as ``\\uXXXX``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engram_mcp.errors import InvalidInput
from engram_mcp.model import MEMORY_ID_REGEX

__all__ = [
    "check_storable",
    "decode_text",
    "encode_text",
    "encode_value",
    "line_content",
    "split_lines",
]

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_EOL = re.compile(r"(?:\r\n|\r|\n)\Z")
# Control characters but tab and newline, and the Unicode line and paragraph separators.
_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029"
_ENCODE = re.compile(
    rf"[{_CONTROL}]|&(?=#)|<(?=!--)|\^(?={MEMORY_ID_REGEX}[ \t]*$)",
    re.MULTILINE,
)
_REFERENCE = re.compile(r"&#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));")
_JSON_UNSAFE = re.compile(rf"[>{_CONTROL}]")
_UNSTORABLE = re.compile(r"[\ud800-\udfff]")


def split_lines(text: str) -> list[str]:
    """The lines of a file, each with its line break (the last may have none)."""
    return _LINE.findall(text)


def line_content(line: str) -> str:
    """A line without its line break."""
    return _EOL.sub("", line)


def encode_text(text: str) -> str:
    """Text as written in a memory file: ``\\n`` stays a line break, see the module docstring."""
    return _ENCODE.sub(lambda match: f"&#{ord(match.group())};", text)


def decode_text(text: str) -> str:
    """The text a memory file's lines stand for: the inverse of ``encode_text``."""
    return _REFERENCE.sub(_character, text)


def encode_value(value: Any) -> str:
    """A metadata value as JSON that stays on one line and inside its comment."""
    return _JSON_UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", json.dumps(value, ensure_ascii=False))


def check_storable(value: str, name: str) -> None:
    """Raise InvalidInput (one line, naming the field) for a value no UTF-8 file can hold."""
    found = _UNSTORABLE.search(value)
    if found is not None:
        raise InvalidInput(
            f"{name} holds a lone surrogate (U+{ord(found.group()):04X}) at position {found.start()}; "
            "it is not a character and cannot be stored"
        )


def _character(match: re.Match[str]) -> str:
    decimal, hexadecimal = match.groups()
    code = int(decimal) if decimal is not None else int(hexadecimal, 16)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return match.group()
    return chr(code)
