"""What the server never does, checked on the real server: write outside its folder, or use the network."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.stdio_client import call, server_env

pytestmark = pytest.mark.slow

# Runs the server with an audit hook that records every attempt to reach the network.
_AUDITED = """
import runpy, sys
log = open(sys.argv.pop(1), "a", buffering=1)
NETWORK = {"socket.connect", "socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr",
           "socket.bind", "socket.sendto", "socket.sendmsg", "urllib.Request", "http.client.connect"}
def hook(event, args):
    # urllib3 probes IPv6 support at import by binding ::1 port 0: local, no traffic, not counted.
    probe = event == "socket.bind" and isinstance(args[1], tuple) and args[1][:2] in (("::1", 0), ("127.0.0.1", 0))
    # The owner's Unix socket (a path, not an address) is local IPC for other clients of this folder.
    local_ipc = event in ("socket.bind", "socket.connect") and isinstance(args[1], (str, bytes))
    if event in NETWORK and not probe and not local_ipc:
        log.write(f"{event} {args!r}\\n")
sys.addaudithook(hook)
runpy.run_module("engram_mcp", run_name="__main__", alter_sys=True)
"""

ESCAPES = ["..", "../outside", "a/b", "/tmp", "namespaces/../..", "%2e%2e", "outside\x00", ".engram"]


def test_names_cannot_leave_the_folder_and_the_server_never_touches_the_network(
    tmp_path: Path, model_cache: Path
) -> None:
    memories, outside, network_log = tmp_path / "memories", tmp_path / "outside", tmp_path / "network.log"
    outside.mkdir()
    env = {key: value for key, value in server_env(model_cache).items() if key != "HF_HUB_OFFLINE"}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-c", _AUDITED, str(network_log), "serve", "--memory-dir", str(memories), "--extractor", "rules"],
        env=env,
    )

    async def scenario(client: Client) -> list[str]:
        refusals = []
        for namespace in ESCAPES:
            result = await client.call_tool("remember", {"text": "Where does this go?", "namespace": namespace})
            assert result.is_error, namespace
            refusals.append(result.content[0].text)  # type: ignore[union-attr]
        hostile_names: dict[str, Any] = {"speaker": "../../outside/speaker", "session": "/etc/passwd"}
        await call(client, "remember", text="Ana moved to Lisbon in May.", **hostile_names)
        await call(client, "remember", text="../../outside/pwned lives in ../../etc", kind="fact",
                   subject="../../outside/pwned", predicate="lives in", object="../../etc")
        await call(client, "remember", text="A note for work.", namespace="work")
        await call(client, "recall", query="Where does Ana live?")
        await call(client, "as_of", at="2026-01-01T00:00:00Z", query="Lisbon")
        await call(client, "forget", entity="../../outside/pwned")
        await call(client, "check_memory", wait_seconds=5)
        return refusals

    async def main() -> list[str]:
        async with Client(params, read_timeout_seconds=240) as client:
            return await scenario(client)

    refusals = anyio.run(main)
    assert all(message.startswith("namespace:") and "\n" not in message for message in refusals), refusals
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p != network_log]
    assert written and all(p.is_relative_to(memories) for p in written), [str(p) for p in written]
    assert os.listdir(outside) == []
    assert not network_log.exists() or network_log.read_text() == ""
