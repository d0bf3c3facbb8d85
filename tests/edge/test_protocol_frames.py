"""Frames to messages or errors, without a server: the rules the stdio transport applies."""

from __future__ import annotations

import json
import os
from pathlib import Path

import mcp_types as types
import pytest
from mcp.server.mcpserver.exceptions import ToolError

from engram_mcp.edge.errors import one_line, tool_errors
from engram_mcp.edge.frames import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    MAX_DEPTH,
    PARSE_ERROR,
    Oversized,
    Reply,
    decode_frame,
    recover_id,
)
from engram_mcp.edge.stdio import FrameReader
from engram_mcp.errors import MalformedMemoryFile


def reply(frame: bytes | Oversized) -> types.JSONRPCError:
    decoded = decode_frame(frame)
    assert isinstance(decoded, Reply), decoded
    return decoded.error


def test_a_well_formed_request_passes_through_unchanged() -> None:
    frame = b'{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"recall","arguments":{"query":"\\ud83d\\ude00"}}}'
    decoded = decode_frame(frame)
    assert isinstance(decoded, types.JSONRPCRequest)
    assert decoded.id == "a" and decoded.params == {"name": "recall", "arguments": {"query": "\U0001f600"}}


def test_a_lone_surrogate_is_refused_naming_where_it_is() -> None:
    error = reply(b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"remember","arguments":{"text":"\\udfff"}}}')
    assert error.id == 7 and error.error.code == INVALID_REQUEST
    assert error.error.message.startswith("params.arguments.text:") and "surrogate" in error.error.message


def test_truncated_json_is_a_parse_error_that_keeps_the_id() -> None:
    error = reply(b'{"jsonrpc":"2.0","id":"req-9","method":"tools/call","params":{"na')
    assert (error.id, error.error.code) == ("req-9", PARSE_ERROR)


def test_bytes_that_are_not_utf8_are_a_parse_error_naming_the_byte() -> None:
    error = reply(b'{"jsonrpc":"2.0","id":3,"method":"ping","x":"\xc3\x28"}')
    assert (error.id, error.error.code) == (3, PARSE_ERROR) and "0xc3" in error.error.message


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 100_000])
def test_deep_nesting_is_refused_at_any_depth(depth: int) -> None:
    frame = b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":' + b"[" * depth + b"]" * depth + b"}}"
    error = reply(frame)
    assert error.id == 1 and "nested" in error.error.message


def test_params_of_the_wrong_shape_name_the_field() -> None:
    assert reply(b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}').error.message == (
        "params: must be an object (got a string)"
    )
    error = reply(b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"recall","arguments":[1]}}')
    assert error.error.code == INVALID_PARAMS and error.error.message.startswith("params.arguments:")


def test_an_unknown_method_is_left_for_the_server_to_answer_method_not_found() -> None:
    assert isinstance(decode_frame(b'{"jsonrpc":"2.0","id":1,"method":"x/y","params":{"a":1}}'), types.JSONRPCRequest)


def test_batches_numbers_and_bad_ids_are_answered_with_a_null_id() -> None:
    for frame in (b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]', b"17", b'{"jsonrpc":"2.0","id":true,"method":"ping"}'):
        assert reply(frame).id is None


def test_nothing_is_owed_for_blank_lines_or_malformed_responses() -> None:
    assert decode_frame(b"  \r") is None
    assert decode_frame(b'{"jsonrpc":"2.0","id":1,"result":"\\ud800"}') is None
    assert isinstance(decode_frame(b'{"jsonrpc":"2.0","id":1,"result":{}}'), types.JSONRPCResponse)


def test_the_id_is_recovered_only_at_the_top_level() -> None:
    assert recover_id('{"params":{"id":3},"id":"outer","x":[[[') == "outer"
    assert recover_id('{"params":{"id":3},"method":"x"') is None
    assert recover_id('{"text":"\\"id\\":5","id":6') == 6
    assert recover_id('{"id":true}') is None and recover_id('{"id":1.5}') is None


def test_an_oversized_frame_keeps_only_its_beginning_and_its_id() -> None:
    read_end, write_end = os.pipe()
    body = b'{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"text":"' + b"y" * 5_000 + b'"}}'
    with open(write_end, "wb") as pipe:
        pipe.write(body + b"\n" + b'{"jsonrpc":"2.0","id":43,"method":"ping"}\n' + b"tail-without-newline")
    frames = list(FrameReader(read_end, limit=1_000).frames())
    assert isinstance(frames[0], Oversized) and frames[0].size == len(body) and len(frames[0].prefix) <= 64 * 1024
    assert reply(frames[0]).id == 42
    assert frames[1:] == [b'{"jsonrpc":"2.0","id":43,"method":"ping"}', b"tail-without-newline"]


def test_engram_errors_and_storage_faults_become_one_line_tool_errors() -> None:
    @tool_errors
    def malformed() -> None:
        raise MalformedMemoryFile(Path("journal/x.md"), 3, "bad line:\n  <!-- engram -->\r\nnext")

    @tool_errors
    def disk_full() -> None:
        raise OSError(28, "No space left on device", "/m/journal/2026-01-05.md")

    with pytest.raises(ToolError) as malformed_error:
        malformed()
    assert str(malformed_error.value) == "journal/x.md:3: bad line: <!-- engram --> next"
    with pytest.raises(ToolError) as disk_error:
        disk_full()
    assert str(disk_error.value) == "storage error: No space left on device (/m/journal/2026-01-05.md)"
    assert one_line("a\u2028b\x85c") == "a b c"


def test_a_reply_is_valid_json_rpc() -> None:
    error = reply(b"{")
    assert json.loads(error.model_dump_json(by_alias=True, exclude_unset=True)) == {
        "jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": error.error.message}
    }
