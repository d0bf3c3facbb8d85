"""The real server over raw stdin bytes: every malformed frame gets an answer, the server stays up, and it
stops cleanly when told to."""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram_mcp.edge.frames import MAX_FRAME_BYTES
from engram_mcp.state.endpoint import endpoint_path
from tests.stdio_client import server_env

pytestmark = pytest.mark.slow


class RawServer:
    """The server as a subprocess, spoken to in bytes, answers read with a deadline."""

    def __init__(self, memory_dir: Path, model_cache: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "engram_mcp", "serve", "--memory-dir", str(memory_dir), "--extractor", "none"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=server_env(model_cache),
        )
        assert self.process.stdout is not None
        self._out = self.process.stdout.fileno()
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self._pending = b""

    def send(self, frame: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(frame)
        self.process.stdin.flush()

    def request(self, message: dict[str, Any]) -> None:
        self.send(json.dumps(message).encode() + b"\n")

    def answer(self, timeout: float = 120.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._pending:
            remaining = deadline - time.monotonic()
            assert remaining > 0, "the server never answered"
            if self._selector.select(remaining):
                chunk = os.read(self._out, 65536)
                assert chunk, "the server closed stdout"
                self._pending += chunk
        line, self._pending = self._pending.split(b"\n", 1)
        answer: dict[str, Any] = json.loads(line)
        return answer

    def handshake(self) -> None:
        self.request({
            "jsonrpc": "2.0", "id": "init", "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}},
        })
        assert self.answer(240)["id"] == "init"
        self.request({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def started(memory_dir: Path, model_cache: Path) -> Iterator[RawServer]:
    raw = RawServer(memory_dir, model_cache)
    try:
        raw.handshake()
        yield raw
    finally:
        raw.close()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory, model_cache: Path) -> Iterator[RawServer]:
    """One server takes every bad frame in turn: each case also proves the ones before it did no harm."""
    yield from started(tmp_path_factory.mktemp("protocol") / "memories", model_cache)


@pytest.fixture
def server(tmp_path: Path, model_cache: Path) -> Iterator[RawServer]:
    yield from started(tmp_path / "memories", model_cache)


def remember_frame(request_id: int, text_json: bytes) -> bytes:
    return (
        b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"remember","arguments":{"text":%s}}}\n'
        % (request_id, text_json)
    )


BAD_FRAMES: dict[str, tuple[bytes, int | None]] = {
    "a lone surrogate in a string": (remember_frame(1, b'"alpha \\ud800 beta"'), 1),
    "bytes that are not UTF-8": (remember_frame(2, b'"alpha \xff\xfe beta"'), 2),
    "truncated JSON": (b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"rem\n', 3),
    "params given as a string": (b'{"jsonrpc":"2.0","id":4,"method":"tools/call","params":"remember"}\n', 4),
    "arguments given as a string": (
        b'{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"recall","arguments":"x"}}\n', 5),
    "5,000-deep nesting": (remember_frame(6, b"[" * 5000 + b"]" * 5000), 6),
    "a batch": (b'[{"jsonrpc":"2.0","id":7,"method":"ping"}]\n', None),
    "a bare number": (b"42\n", None),
    "an id that is a float": (b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}\n', None),
    "an id that is an array": (b'{"jsonrpc":"2.0","id":[7],"method":"ping"}\n', None),
    "no jsonrpc version": (b'{"id":8,"method":"ping"}\n', 8),
    "an unknown method": (b'{"jsonrpc":"2.0","id":9,"method":"memory/steal","params":{}}\n', 9),
    "a frame larger than the limit": (remember_frame(10, b'"' + b"x" * (MAX_FRAME_BYTES + 10) + b'"'), 10),
}


@pytest.mark.parametrize("frame, expected_id", BAD_FRAMES.values(), ids=BAD_FRAMES.keys())
def test_a_malformed_frame_gets_an_error_with_its_id_and_the_server_stays_up(
    shared_server: RawServer, frame: bytes, expected_id: int | None
) -> None:
    server = shared_server
    server.send(frame)
    answer = server.answer()
    assert answer["id"] == expected_id
    assert "\n" not in answer["error"]["message"] and answer["error"]["message"]
    server.request({"jsonrpc": "2.0", "id": 100, "method": "tools/call",
                    "params": {"name": "remember", "arguments": {"text": "Still answering after that."}}})
    stored = server.answer()
    assert stored["id"] == 100 and not stored["result"]["isError"]


def test_a_stream_of_bad_frames_is_answered_in_order_and_nothing_malformed_is_stored(
    server: RawServer, tmp_path: Path
) -> None:
    for frame, _ in BAD_FRAMES.values():
        server.send(frame)
    answers = [server.answer() for _ in BAD_FRAMES]
    assert [a["id"] for a in answers] == [expected for _, expected in BAD_FRAMES.values()]
    server.request({"jsonrpc": "2.0", "id": "recall", "method": "tools/call",
                    "params": {"name": "recall", "arguments": {"query": "alpha beta"}}})
    recalled = server.answer()["result"]["structuredContent"]
    assert recalled["count"] == 0
    journal = tmp_path / "memories" / "journal"
    assert not journal.exists() or "alpha" not in "".join(p.read_text() for p in journal.glob("*.md"))


def test_blank_lines_and_a_malformed_response_are_not_answered(server: RawServer) -> None:
    server.send(b"\n   \n")
    server.send(b'{"jsonrpc":"2.0","id":"nobody-asked","result":"\\ud800"}\n')
    server.request({"jsonrpc": "2.0", "id": "ping", "method": "ping"})
    assert server.answer() == {"jsonrpc": "2.0", "id": "ping", "result": {}}


def test_through_a_proxy_every_malformed_frame_gets_the_answer_the_owner_gives(
    server: RawServer, tmp_path: Path, model_cache: Path
) -> None:
    """The second `serve` on a folder relays each line to the owner's socket, which answers it as stdio does."""
    proxy = RawServer(tmp_path / "memories", model_cache)
    try:
        proxy.handshake()
        proxy.request({"jsonrpc": "2.0", "id": "status", "method": "tools/call",
                       "params": {"name": "memory_status", "arguments": {}}})
        assert proxy.answer()["result"]["structuredContent"]["role"] == "proxy"
        for frame, _ in BAD_FRAMES.values():
            server.send(frame)
            proxy.send(frame)
            assert proxy.answer() == server.answer()
    finally:
        proxy.close()


def test_a_server_told_to_stop_by_sigterm_shuts_down_as_at_the_end_of_stdin(tmp_path: Path, model_cache: Path) -> None:
    memory_dir = tmp_path / "memories"
    raw = RawServer(memory_dir, model_cache)
    try:
        raw.handshake()
        raw.request({
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "recall", "arguments": {"query": "Where does Ana work?"}},
        })
        assert raw.answer()["id"] == 1
        socket = endpoint_path(memory_dir / ".engram")
        assert socket.exists()
        raw.process.terminate()
        assert raw.process.wait(timeout=60) == 128 + signal.SIGTERM
        assert not socket.exists()  # removed by the shut-down; the default handler leaves it behind
    finally:
        raw.close()


def test_a_proxy_told_to_stop_by_sigterm_stops_though_its_client_keeps_stdin_open(
    server: RawServer, tmp_path: Path, model_cache: Path
) -> None:
    proxy = RawServer(tmp_path / "memories", model_cache)
    try:
        proxy.handshake()
        proxy.process.terminate()
        assert proxy.process.wait(timeout=30) == 128 + signal.SIGTERM
        server.request({"jsonrpc": "2.0", "id": "ping", "method": "ping"})
        assert server.answer() == {"jsonrpc": "2.0", "id": "ping", "result": {}}
    finally:
        proxy.close()


def test_sigterm_during_a_check_that_waits_for_edits_to_settle_stops_the_server_at_once(
    tmp_path: Path, model_cache: Path
) -> None:
    memory_dir = tmp_path / "memories"
    raw = RawServer(memory_dir, model_cache)
    editing = threading.Event()

    def another_program_editing(page: Path) -> None:
        while not editing.is_set():
            with page.open("a") as stream:
                stream.write("- a line from another program\n")
            time.sleep(0.05)

    try:
        raw.handshake()
        raw.request({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                     "params": {"name": "remember", "arguments": {"text": "Ann likes tea.", "kind": "fact"}}})
        page = Path(raw.answer()["result"]["structuredContent"]["file"])
        editor = threading.Thread(target=another_program_editing, args=(memory_dir / page,), daemon=True)
        editor.start()
        raw.request({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                     "params": {"name": "check_memory", "arguments": {"wait_seconds": 60}}})
        time.sleep(2)
        assert not raw._pending and not raw._selector.select(0), "the check waits for edits to settle"
        raw.process.terminate()
        assert raw.process.wait(timeout=30) == 128 + signal.SIGTERM  # not once the 60 s wait runs out
    finally:
        editing.set()
        raw.close()
