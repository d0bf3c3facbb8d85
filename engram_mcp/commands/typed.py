"""Text a person hands a command, on stdin or as an argument: UTF-8, or one line naming the byte that is not.

Bytes that are not UTF-8 (a Latin-1 file piped to ``remember -``, a name typed in a legacy
terminal) reach Python as lone surrogates (``surrogateescape``), which no memory file can hold
and no server will take. They are refused here, where the command line is read, so the answer
is the same line whether a server owns the folder or the command opens it itself.
"""

from __future__ import annotations

import argparse
import sys

from engram_mcp.errors import InvalidInput

__all__ = ["check_arguments", "stdin_text"]

_CONVERT = "convert it to UTF-8 first, e.g. with iconv -f latin1 -t utf-8"
# How surrogateescape keeps a byte it cannot decode: byte 0x80..0xff as U+DC80..U+DCFF.
_ESCAPED_BYTE_BASE = 0xDC00


def stdin_text() -> str:
    """All of stdin, as UTF-8 text."""
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidInput(
            f"stdin is not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start}); {_CONVERT}"
        ) from None


def check_arguments(args: argparse.Namespace) -> None:
    """Every text argument is UTF-8 as typed; a path may be any bytes, so paths are not checked."""
    for name, value in vars(args).items():
        if not isinstance(value, str):
            continue
        for position, character in enumerate(value):
            code = ord(character)
            if 0xDC80 <= code <= 0xDCFF:
                raise InvalidInput(
                    f"{name}: not UTF-8 text (byte 0x{code - _ESCAPED_BYTE_BASE:02x} at position {position}); {_CONVERT}"
                )
            if 0xD800 <= code <= 0xDFFF:  # only a caller in Python can hand over one that is no byte
                raise InvalidInput(f"{name}: holds a lone surrogate (U+{code:04X}) at position {position}")
