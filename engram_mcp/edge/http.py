"""MCP over streamable HTTP at ``/mcp``, for clients that connect by URL.

Loopback by default. Any other bind needs a bearer token: a random secret generated on first
use into ``.engram/http-token`` (mode 0600) and shown by ``engram-mcp doctor``. Against DNS
rebinding, a browser page is served only from a loopback origin or the bound host, and on
loopback the Host header must name this machine. These checks, like the token's, sit in front
of every route (``/mcp``, ``/timeline``, any other), not only the SDK's; request bodies are capped.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import ASGIApp, Receive, Scope, Send

from engram_mcp.errors import ConfigError

__all__ = [
    "MAX_REQUEST_BYTES",
    "BearerToken",
    "HttpOptions",
    "LocalOrigins",
    "LoopbackHost",
    "ensure_token",
    "http_app",
    "is_loopback",
    "read_token",
    "token_file",
]

log = logging.getLogger(__name__)

# The largest tool input (remember's 100,000 characters, up to 4 bytes each) plus its envelope.
MAX_REQUEST_BYTES = 512 * 1024
_TOKEN_NAME = "http-token"


def token_file(state_dir: Path) -> Path:
    return state_dir / _TOKEN_NAME


def read_token(state_dir: Path) -> str | None:
    path = token_file(state_dir)
    return path.read_text(encoding="utf-8").strip() if path.exists() else None


def ensure_token(state_dir: Path) -> str:
    """The folder's bearer token, generated on first use and readable only by this user."""
    existing = read_token(state_dir)
    if existing:
        return existing
    state_dir.mkdir(parents=True, exist_ok=True)
    token = secrets.token_urlsafe(32)
    path = token_file(state_dir)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(token + "\n")
    log.info("generated the HTTP bearer token in %s", path)
    return token


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class HttpOptions:
    """Where to listen and whether to require the bearer token."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8765, *, require_token: bool = False) -> None:
        self.host = host
        self.port = port
        self.require_token = require_token

    def check(self) -> None:
        if not is_loopback(self.host) and not self.require_token:
            raise ConfigError(
                f"serving HTTP on {self.host} exposes the memory beyond this machine: add --token to require "
                "a bearer token (generated on first use; `engram-mcp doctor` shows it), or bind 127.0.0.1"
            )


def http_app(server: MCPServer[Any], options: HttpOptions, token: str | None) -> ASGIApp:
    """The ASGI app serving ``server`` at /mcp (and its custom routes) with the checks above."""
    # The SDK's own Host/Origin check guards /mcp only, not custom routes such as /timeline,
    # so it is off and the checks below wrap the whole app instead: one check for every route.
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    app: ASGIApp = server.streamable_http_app(
        transport_security=security, max_request_body_size=MAX_REQUEST_BYTES, host=options.host
    )
    app = LocalOrigins(app, options.host)
    # Beyond loopback the names clients use for this machine are unknown, and the bearer token
    # (which a rebinding page cannot know) takes the Host check's place.
    if is_loopback(options.host):
        app = LoopbackHost(app)
    return BearerToken(app, token) if token else app


class LoopbackHost:
    """Refuses (421) a request whose Host header does not name this machine.

    A page on ``evil.example`` that rebinds its name to 127.0.0.1 reaches a loopback server
    same-origin, so without Origin; its requests still carry ``Host: evil.example``.
    """

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = dict(scope.get("headers") or []).get(b"host")
            if host is None or not names_this_machine(host.decode("latin-1")):
                await _refuse(send, 421, b"the Host header must be a loopback name (127.0.0.1, localhost, [::1])")
                return
        await self._app(scope, receive, send)


def names_this_machine(host_header: str) -> bool:
    """Whether a Host header (``name[:port]``) is a loopback name, in any letter case."""
    try:
        name = urlsplit("//" + host_header.strip()).hostname
    except ValueError:
        return False
    return name is not None and is_loopback(name)


class LocalOrigins:
    """Refuses requests a browser sends from a page on another host (DNS rebinding, CSRF).

    Clients that are not browsers send no Origin and pass; a browser page is accepted only
    from a loopback address or from the exact host the server was bound to.
    """

    def __init__(self, app: ASGIApp, bound_host: str) -> None:
        self._app = app
        self._bound = bound_host.strip("[]")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            origin = dict(scope.get("headers") or []).get(b"origin")
            if origin is not None and not self._allowed(origin.decode("latin-1")):
                await _refuse(send, 403, b"origin not allowed")
                return
        await self._app(scope, receive, send)

    def _allowed(self, origin: str) -> bool:
        parts = urlsplit(origin)
        host = parts.hostname or ""
        return parts.scheme in ("http", "https") and (is_loopback(host) or host == self._bound)


class BearerToken:
    """Refuses every HTTP request that does not carry ``Authorization: Bearer <token>``."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self._app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, self._expected):
                await _refuse(send, 401, b"missing or wrong bearer token", [(b"www-authenticate", b"Bearer")])
                return
        await self._app(scope, receive, send)


async def _refuse(send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    all_headers = [(b"content-type", b"text/plain"), *(headers or [])]
    await send({"type": "http.response.start", "status": status, "headers": all_headers})
    await send({"type": "http.response.body", "body": body})
