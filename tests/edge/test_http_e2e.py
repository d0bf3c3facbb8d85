"""Streamable HTTP end to end: `serve --http` as a subprocess, driven by the SDK's HTTP client.

Only loopback addresses are bound here. The non-loopback case is the refusal to start
without a token, which happens before anything is bound."""

from __future__ import annotations

import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from engram_mcp.edge.http import read_token, token_file
from tests.stdio_client import call, recalled, server_env
from tests.waiting import wait_until

pytestmark = pytest.mark.slow

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
}
JSON_HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_listening(port: int, server: subprocess.Popen[bytes], log: Path) -> None:
    def listening() -> bool:
        assert server.poll() is None, log.read_text()
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return False
        return True

    wait_until(listening, what=f"the HTTP server on port {port}", timeout=240)


@pytest.fixture
def start_http(tmp_path: Path, model_cache: Path) -> Iterator[object]:
    started: list[subprocess.Popen[bytes]] = []

    def start(*extra: str) -> tuple[str, Path]:
        memories = tmp_path / "memories"
        port = free_port()
        command = [sys.executable, "-m", "engram_mcp", "serve", "--http", "--port", str(port)]
        log = tmp_path / f"server-{port}.log"
        with log.open("wb") as sink:
            server = subprocess.Popen(
                [*command, "--memory-dir", str(memories), "--extractor", "none", *extra],
                env=server_env(model_cache), stderr=sink, stdout=subprocess.DEVNULL,
            )
        started.append(server)
        wait_until_listening(port, server, log)
        return f"http://127.0.0.1:{port}/mcp", memories

    yield start
    for server in started:
        server.terminate()
        server.wait(timeout=60)


def test_a_loopback_client_works_without_a_token(start_http) -> None:  # type: ignore[no-untyped-def]
    url, _ = start_http()

    async def scenario() -> None:
        async with Client(url, read_timeout_seconds=240) as client:
            await call(client, "remember", text="Ana keeps her bike in the basement.")
            assert recalled(await call(client, "recall", query="Where is the bike?"))[0] == (
                "Ana keeps her bike in the basement."
            )
            assert (await call(client, "memory_status"))["role"] == "owner"

    anyio.run(scenario)


def test_a_page_rebinding_its_name_to_loopback_reads_no_memory_from_any_route(start_http) -> None:  # type: ignore[no-untyped-def]
    url, _ = start_http()

    async def remember() -> None:
        async with Client(url, read_timeout_seconds=240) as client:
            await call(client, "remember", text="My PIN hint is my first goldfish, Zebulon.")

    anyio.run(remember)
    base = url.removesuffix("/mcp")
    port = base.rsplit(":", 1)[1]
    for path in ["/timeline", "/timeline?entity=Zebulon", "/mcp"]:
        rebound = httpx.get(base + path, headers={"host": f"evil.example:{port}"})
        assert (rebound.status_code, "Zebulon" in rebound.text) == (421, False), path
    page = httpx.get(base + "/timeline", headers={"host": f"localhost:{port}"})
    assert page.status_code == 200 and "Zebulon" in page.text


def test_a_non_loopback_bind_refuses_to_start_without_a_token(tmp_path: Path, model_cache: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engram_mcp", "serve", "--http", "--host", "0.0.0.0", "--port", str(free_port()),
         "--memory-dir", str(tmp_path / "memories")],
        env=server_env(model_cache), capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 2
    assert "add --token to require a bearer token" in result.stderr
    assert not token_file(tmp_path / "memories" / ".engram").exists()


def test_with_a_token_only_requests_carrying_it_from_an_allowed_origin_are_served(start_http) -> None:  # type: ignore[no-untyped-def]
    url, memories = start_http("--token")
    token = read_token(memories / ".engram")
    assert token and stat.S_IMODE(token_file(memories / ".engram").stat().st_mode) == 0o600
    bearer = {"authorization": f"Bearer {token}"}

    assert httpx.post(url, json=INITIALIZE, headers=JSON_HEADERS).status_code == 401
    assert httpx.post(url, json=INITIALIZE, headers={**JSON_HEADERS, "authorization": "Bearer nope"}).status_code == 401
    foreign = httpx.post(url, json=INITIALIZE, headers={**JSON_HEADERS, **bearer, "origin": "http://evil.example"})
    assert foreign.status_code == 403
    too_big = httpx.post(url, content=b"{" + b" " * 600_000 + b"}", headers={**JSON_HEADERS, **bearer})
    assert too_big.status_code == 413
    local = httpx.post(url, json=INITIALIZE, headers={**JSON_HEADERS, **bearer, "origin": "http://localhost:3000"})
    assert local.status_code == 200, local.text

    async def scenario() -> None:
        async with (
            httpx2.AsyncClient(headers=bearer, timeout=httpx2.Timeout(30, read=240)) as http,
            Client(streamable_http_client(url, http_client=http), read_timeout_seconds=240) as client,
        ):
            stored = await call(client, "remember", text="The spare key is under the blue pot.")
            found = await call(client, "recall", query="Where is the spare key?")
            assert found["memories"][0]["id"] == stored["id"]

    anyio.run(scenario)
