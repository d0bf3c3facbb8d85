import stat
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.server.mcpserver import MCPServer
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from engram_mcp.edge.http import (
    BearerToken,
    HttpOptions,
    LocalOrigins,
    LoopbackHost,
    ensure_token,
    http_app,
    is_loopback,
    names_this_machine,
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


def run_app(app: Any, headers: dict[str, str], path: str = "/mcp") -> int:
    """One GET through the ASGI app; the status it answered with."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "root_path": "",
        "query_string": b"", "scheme": "http", "server": ("127.0.0.1", 8765), "http_version": "1.1",
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


@pytest.mark.parametrize(
    ("host", "named"),
    [
        ("127.0.0.1:8765", True),
        ("127.0.0.1", True),
        ("localhost:8765", True),
        ("LOCALHOST:8765", True),
        ("[::1]:8765", True),
        ("evil.example:8765", False),
        ("evil.example", False),
        ("127.0.0.1.evil.example:8765", False),
        ("localhost.evil.example", False),
        ("", False),
    ],
)
def test_only_a_loopback_name_in_the_host_header_names_this_machine(host: str, named: bool) -> None:
    assert names_this_machine(host) is named


def test_a_loopback_server_refuses_a_request_whose_host_is_another_name() -> None:
    app = LoopbackHost(reached)
    assert run_app(app, {"host": "127.0.0.1:8765"}) == 204
    assert run_app(app, {"host": "evil.example:8765"}) == 421
    assert run_app(app, {}) == 421


def server_with_a_page() -> MCPServer[Any]:
    server: MCPServer[Any] = MCPServer(name="pages")

    @server.custom_route("/timeline", methods=["GET"])  # type: ignore[untyped-decorator]
    async def timeline(request: Request) -> Response:
        return PlainTextResponse("every fact")

    return server


@pytest.mark.parametrize("path", ["/timeline", "/mcp", "/anything"])
def test_on_loopback_every_route_refuses_a_rebound_host_and_a_foreign_origin(path: str) -> None:
    app = http_app(server_with_a_page(), HttpOptions("127.0.0.1", 8765), None)
    assert run_app(app, {"host": "evil.example:8765"}, path) == 421
    assert run_app(app, {"host": "127.0.0.1:8765", "origin": "http://evil.example:8765"}, path) == 403


def test_on_loopback_the_timeline_is_served_to_a_loopback_host() -> None:
    app = http_app(server_with_a_page(), HttpOptions("127.0.0.1", 8765), None)
    assert run_app(app, {"host": "localhost:8765"}, "/timeline") == 200


def test_beyond_loopback_the_token_takes_the_host_checks_place_on_every_route() -> None:
    app = http_app(server_with_a_page(), HttpOptions("0.0.0.0", 8765, require_token=True), "s3cret")
    assert run_app(app, {"host": "memory.example.org:8765"}, "/timeline") == 401
    bearer = {"host": "memory.example.org:8765", "authorization": "Bearer s3cret"}
    assert run_app(app, bearer, "/timeline") == 200
