"""One line of stdin to one JSON-RPC message, or to the error that answers it.

The SDK's stdio reader hands a frame it cannot parse to the session as an exception, which
the session only logs: the client then waits forever for an answer that never comes. Here
every frame that is not a well-formed message becomes a JSON-RPC error the transport sends
back, carrying the request's id whenever the id can still be read from the frame.

Pure: bytes in, a message or an error out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import mcp_types as types
from pydantic import ValidationError

__all__ = [
    "INVALID_PARAMS",
    "INVALID_REQUEST",
    "MAX_DEPTH",
    "MAX_FRAME_BYTES",
    "PARSE_ERROR",
    "Oversized",
    "Reply",
    "decode_frame",
    "error_response",
    "recover_id",
]

# A remember of 100,000 characters, every one escaped as \uXXXX, is 600 KB; eight times that
# leaves room for everything legitimate and still bounds what one line can make us hold.
MAX_FRAME_BYTES = 8 * 1024 * 1024
# Tool arguments are a few levels deep; a bound far above that keeps the parser's recursion
# (and pydantic's) out of reach of a hostile frame.
MAX_DEPTH = 64

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602

RequestId = str | int


@dataclass(frozen=True, slots=True)
class Oversized:
    """A frame longer than the limit: only its beginning was kept, the rest was skipped."""

    prefix: bytes
    size: int


@dataclass(frozen=True, slots=True)
class Reply:
    """The error to send back for a frame that is not a message the server can take."""

    error: types.JSONRPCError


Decoded = types.JSONRPCMessage | Reply | None


def decode_frame(frame: bytes | Oversized) -> Decoded:
    """The message on one line, the error to send back for it, or None when nothing is owed.

    Nothing is owed for a blank line or a malformed frame that claims to be a response:
    answering a response would start a conversation the client never asked for.
    """
    if isinstance(frame, Oversized):
        text = frame.prefix.decode("utf-8", "replace")
        return error_response(
            recover_id(text), INVALID_REQUEST,
            f"message of {frame.size} bytes is larger than the limit of {MAX_FRAME_BYTES} bytes",
        )
    if not frame.strip():
        return None
    try:
        text = frame.decode("utf-8")
    except UnicodeDecodeError as error:
        readable_id = recover_id(frame.decode("utf-8", "replace"))
        return error_response(
            None if isinstance(readable_id, str) and "\ufffd" in readable_id else readable_id, PARSE_ERROR,
            f"message is not valid UTF-8 (byte 0x{frame[error.start]:02x} at offset {error.start})",
        )
    try:
        data = json.loads(text)
    except RecursionError:
        return error_response(recover_id(text), INVALID_REQUEST, f"message is nested more than {MAX_DEPTH} levels deep")
    except ValueError as error:
        return error_response(recover_id(text), PARSE_ERROR, f"message is not valid JSON: {_first_line(error)}")
    if not isinstance(data, dict):
        what = "a batch (a JSON array); send one message per line" if isinstance(data, list) else "not a JSON object"
        return error_response(None, INVALID_REQUEST, f"message is {what}")
    request_id = _usable_id(data.get("id"))
    looks_like_response = "method" not in data and ("result" in data or "error" in data)
    code = INVALID_REQUEST
    problem = _shape_problem(data, looks_like_response) or _depth_problem(data) or _surrogate_problem(data)
    if problem is None and (problem := _params_problem(data)) is not None:
        code = INVALID_PARAMS
    if problem is None:
        try:
            return types.jsonrpc_message_adapter.validate_json(text, by_name=False)
        except ValidationError as error:
            problem = f"message is not JSON-RPC 2.0: {_first_line(error.errors()[0]['msg'])}"
    return None if looks_like_response else error_response(request_id, code, problem)


def error_response(request_id: RequestId | None, code: int, message: str) -> Reply:
    return Reply(types.JSONRPCError(jsonrpc="2.0", id=request_id, error=types.ErrorData(code=code, message=message)))


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]', re.DOTALL)


def recover_id(text: str) -> RequestId | None:
    """The top-level ``id`` of a frame that does not parse as a whole (truncated, too deep, too big).

    Scans tokens, tracking depth, so an ``id`` inside the params is never mistaken for the
    request's; gives up at the first sign of doubt, since a wrong id is worse than none.
    """
    depth = 0
    previous: str | None = None
    key: str | None = None
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "{[":
            depth += 1
        elif token in "}]":
            depth -= 1
        elif token == ":" and depth == 1 and key == "id":
            return _id_at(text, match.end())
        if depth == 1 and token.startswith('"') and previous in ("{", ","):
            key = _string(token)
        elif token != ":":
            key = None
        previous = token
    return None


def _id_at(text: str, position: int) -> RequestId | None:
    try:
        value, _ = json.JSONDecoder().raw_decode(text, len(text) - len(text[position:].lstrip()))
    except (ValueError, RecursionError):
        return None
    return _usable_id(value)


def _string(token: str) -> str | None:
    try:
        value = json.loads(token)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def _usable_id(value: object) -> RequestId | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int) or (isinstance(value, str) and _encodable(value)):
        return value
    return None


def _shape_problem(data: dict[str, Any], response: bool) -> str | None:
    if data.get("jsonrpc") != "2.0":
        return 'jsonrpc: must be "2.0"'
    if "id" in data and _usable_id(data["id"]) is None:
        return f"id: must be a string or an integer (got {_kind(data['id'])})"
    if response:
        return None
    if "method" not in data:
        return "method: required"
    if not isinstance(data["method"], str):
        return f"method: must be a string (got {_kind(data['method'])})"
    if data.get("params") is not None and not isinstance(data["params"], dict):
        return f"params: must be an object (got {_kind(data['params'])})"
    return None


def _params_problem(data: dict[str, Any]) -> str | None:
    """For a request the SDK knows, what is wrong with its params, as one line naming the field.

    The SDK's own answer is a bare "Invalid request parameters"; this names the field instead.
    The request union is not discriminated, so the errors that matter are those of the one
    request type whose method matched.
    """
    if "id" not in data or "method" not in data:
        return None
    try:
        types.client_request_adapter.validate_python(
            {"method": data["method"], "params": data.get("params")}, by_name=False
        )
    except ValidationError as error:
        details = error.errors(include_url=False)
        # Another request type's errors are noise: those types are the ones whose method did not match.
        other = {detail["loc"][0] for detail in details if detail["loc"][1:] == ("method",)}
        by_type: dict[str, list[str]] = {}
        for detail in details:
            name, *where = (str(part) for part in detail["loc"])
            if name not in other:
                reason = detail["msg"].replace("Input should be", "must be")
                by_type.setdefault(name, []).append(f"{'.'.join(where)}: {reason[:1].lower()}{reason[1:]}")
        matched = list(by_type.values())
        return matched[0][0] if len(matched) == 1 else None
    return None


def _depth_problem(data: object) -> str | None:
    level: list[tuple[object, int]] = [(data, 1)]
    while level:
        value, depth = level.pop()
        if depth > MAX_DEPTH:
            return f"message is nested more than {MAX_DEPTH} levels deep"
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        level.extend((child, depth + 1) for child in children)
    return None


def _surrogate_problem(data: object) -> str | None:
    """UTF-8 has no encoding for a lone surrogate: such a string could be neither stored nor echoed."""
    pending: list[tuple[object, str]] = [(data, "")]
    while pending:
        value, path = pending.pop()
        if isinstance(value, dict):
            for key, child in value.items():
                if not _encodable(key):
                    return f"{path or 'message'}: a key holds a lone surrogate, which UTF-8 cannot encode"
                pending.append((child, f"{path}.{key}" if path else key))
        elif isinstance(value, list):
            pending.extend((child, f"{path}[{i}]") for i, child in enumerate(value))
        elif isinstance(value, str) and not _encodable(value):
            bad = next(c for c in value if 0xD800 <= ord(c) <= 0xDFFF)
            return f"{path}: holds a lone surrogate (\\u{ord(bad):04x}), which UTF-8 cannot encode"
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _kind(value: object) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", str: "a string", list: "an array", dict: "an object"}.get(type(value), "a number")


def _first_line(error: object) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
