import stat
from pathlib import Path
from typing import Any

import anyio
import pytest

from engram_mcp.edge.http import (
    BearerToken,
    HttpOptions,
    LocalOrigins,
    ensure_token,
    is_loopback,
    read_token,
    token_file,
)
from engram_mcp.errors import ConfigError


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
def test_loopback_addresses_are_recognised(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "memory.example.org"])
def test_every_other_address_is_not_loopback(host: str) -> None:
    assert not is_loopback(host)


def test_binding_beyond_loopback_without_a_token_is_refused_with_the_way_out() -> None:
    with pytest.raises(ConfigError, match="add --token"):
        HttpOptions("0.0.0.0").check()
    HttpOptions("0.0.0.0", require_token=True).check()
    HttpOptions("127.0.0.1").check()


def test_the_token_is_made_once_readable_only_by_its_user_and_then_reused(tmp_path: Path) -> None:
    state = tmp_path / ".engram"
    assert read_token(state) is None
    token = ensure_token(state)
    assert len(token) >= 40
    assert stat.S_IMODE(token_file(state).stat().st_mode) == 0o600
    assert ensure_token(state) == token == read_token(state)


def run_app(app: Any, headers: dict[str, str]) -> int:
    """One GET through the ASGI app; the status it answered with."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "method": "GET", "path": "/mcp",
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }
    anyio.run(app, scope, receive, send)
    return int(sent[0]["status"])


async def reached(scope: Any, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 204, "headers": []})
    await send({"type": "http.response.body", "body": b""})


@pytest.mark.parametrize(
    ("origin", "status"),
    [
        (None, 204),
        ("http://localhost:3000", 204),
        ("http://127.0.0.1:8765", 204),
        ("https://memory.example.org", 204),
        ("http://evil.example", 403),
        ("http://memory.example.org.evil.example", 403),
        ("null", 403),
    ],
)
def test_a_browser_page_is_served_only_from_loopback_or_the_bound_host(origin: str | None, status: int) -> None:
    app = LocalOrigins(reached, "memory.example.org")
    assert run_app(app, {"origin": origin} if origin else {}) == status


def test_the_bearer_token_must_match_exactly() -> None:
    app = BearerToken(reached, "s3cret")
    assert run_app(app, {"authorization": "Bearer s3cret"}) == 204
    assert run_app(app, {"authorization": "Bearer s3cre"}) == 401
    assert run_app(app, {"authorization": "s3cret"}) == 401
    assert run_app(app, {}) == 401
