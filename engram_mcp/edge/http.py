"""MCP over streamable HTTP at ``/mcp``, for clients that connect by URL.

Loopback by default. Any other bind needs a bearer token: a random secret generated on first
use into ``.engram/http-token`` (mode 0600) and shown by ``engram-mcp doctor``. The SDK
checks Host and Origin against DNS rebinding (only loopback origins and the bound host are
accepted) and caps request bodies; the token check sits in front of everything.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import secrets
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import ASGIApp, Receive, Scope, Send

from engram_mcp.errors import ConfigError

__all__ = ["MAX_REQUEST_BYTES", "HttpOptions", "http_app", "is_loopback", "read_token", "token_file"]

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
    """The ASGI app serving ``server`` at /mcp with the checks above."""
    hosts = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
    origins = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
    if not is_loopback(options.host):
        hosts.append(f"{options.host}:*")
        origins += [f"http://{options.host}:*", f"https://{options.host}:*"]
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )
    app: ASGIApp = server.streamable_http_app(
        transport_security=security, max_request_body_size=MAX_REQUEST_BYTES, host=options.host
    )
    return BearerToken(app, token) if token else app


class BearerToken:
    """Refuses every HTTP request that does not carry ``Authorization: Bearer <token>``."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self._app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, self._expected):
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [(b"content-type", b"text/plain"), (b"www-authenticate", b"Bearer")],
                    }
                )
                await send({"type": "http.response.body", "body": b"missing or wrong bearer token"})
                return
        await self._app(scope, receive, send)
