"""The real server as a subprocess, spoken to in JSON-RPC over its stdin and stdout.

What the torture benchmark needs and the SDK client hides: the process, to kill it with
SIGKILL at any moment, and requests sent without waiting for their answers.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

__all__ = ["CallResult", "ServerGone", "WireServer"]


class ServerGone(Exception):
    """The server exited, closed stdout, or did not answer in time."""


CallResult = tuple[bool, Any]  # (ok, structured content) or (False, the error's text)


class WireServer:
    def __init__(self, memory_dir: Path, log: IO[bytes], *extra: str, env: dict[str, str] | None = None) -> None:
        command = [sys.executable, "-m", "engram_mcp", "serve", "--memory-dir", str(memory_dir), *extra]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=env or dict(os.environ)
        )
        assert self.process.stdout is not None
        self._out = self.process.stdout.fileno()
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self._buffer = b""
        self._next_id = 0
        self._answers: dict[int, dict[str, Any]] = {}

    def handshake(self, timeout: float) -> None:
        answer = self.wait(self._send("initialize", {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "torture", "version": "1"},
        }), timeout)
        if "result" not in answer:
            raise ServerGone(f"initialize failed: {answer}")
        self._write({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send_call(self, tool: str, arguments: dict[str, Any]) -> int:
        return self._send("tools/call", {"name": tool, "arguments": arguments})

    def call(self, tool: str, arguments: dict[str, Any], timeout: float = 120.0) -> CallResult:
        return self.result(self.wait(self.send_call(tool, arguments), timeout))

    @staticmethod
    def result(answer: dict[str, Any]) -> CallResult:
        if "error" in answer:
            return False, str(answer["error"].get("message"))
        result = answer["result"]
        if result.get("isError"):
            return False, " ".join(str(part.get("text", "")) for part in result.get("content", []))
        return True, result.get("structuredContent")

    def wait(self, request_id: int, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while request_id not in self._answers:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ServerGone(f"no answer to request {request_id} within {timeout:.0f} s")
            self._read(remaining)
        return self._answers.pop(request_id)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._close_pipes()

    def stop(self, timeout: float = 60.0) -> None:
        """A clean shutdown, as a client closing the connection would cause."""
        self._close_pipes()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def _close_pipes(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None and not pipe.closed:
                try:
                    pipe.close()
                except OSError:
                    pass

    def _send(self, method: str, params: dict[str, Any]) -> int:
        self._next_id += 1
        self._write({"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params})
        return self._next_id

    def _write(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message).encode("utf-8") + b"\n")
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError) as error:
            raise ServerGone(f"the server's stdin is closed ({error})") from error

    def _read(self, timeout: float) -> None:
        if not self._selector.select(timeout):
            return
        chunk = os.read(self._out, 1 << 16)
        if not chunk:
            raise ServerGone(f"the server closed stdout (exit code {self.process.poll()})")
        self._buffer += chunk
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            message = json.loads(line)
            if isinstance(message.get("id"), int):
                self._answers[message["id"]] = message
