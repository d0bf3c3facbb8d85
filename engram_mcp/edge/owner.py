"""The owner of a memory folder serves it to every other Engram process on the machine.

The process holding the folder lock listens on a Unix domain socket (``state.endpoint``)
that only its user can open: the socket file is mode 0600 and each peer's uid is checked.
A connection speaks MCP exactly as stdio does, through the same transport (``stdio.line_transport``:
one JSON-RPC message a line, every frame answered), so a proxy forwards its client's lines
unchanged (``edge.proxy``) and gets for each the answer the owner's own client would. Each
connection gets its own event loop on its own thread; the tools themselves are the ordinary
server's (``build_server``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import struct
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from mcp.server.mcpserver import MCPServer

from engram_mcp.edge.stdio import line_transport

__all__ = ["OwnerEndpoint"]

log = logging.getLogger(__name__)


class OwnerEndpoint:
    """Accepts local connections and serves each with a fresh MCP server over the same memory.

    ``make_server`` builds the server for one connection (``build_server(engram)``); a
    server per connection keeps each connection's session state to itself.
    """

    def __init__(self, path: Path, make_server: Callable[[], MCPServer[Any]]) -> None:
        self.path = path
        self._make_server = make_server
        self._listener: socket.socket | None = None
        self._connections: set[socket.socket] = set()
        self._lock = threading.Lock()

    def start(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Only the lock holder gets here, so a socket file left by a killed owner is stale.
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        previous = os.umask(0o177)
        try:
            listener.bind(str(self.path))
        finally:
            os.umask(previous)
        os.chmod(self.path, 0o600)
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, name="engram-owner-accept", daemon=True).start()
        log.info("serving other Engram processes on %s", self.path)

    def close(self) -> None:
        """Stop accepting and hang up on every peer, so they elect the next owner at once."""
        listener, self._listener = self._listener, None
        if listener is not None:
            # shutdown wakes the thread blocked in accept(); close alone may leave it waiting on
            # a descriptor number the next listener could reuse.
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def _accept(self) -> None:
        while (listener := self._listener) is not None:
            try:
                connection, _ = listener.accept()
            except OSError:
                return  # closed
            if not _same_user(connection):
                log.warning("refused a connection from another user on %s", self.path)
                connection.close()
                continue
            with self._lock:
                self._connections.add(connection)
            threading.Thread(
                target=self._serve, args=(connection,), name="engram-owner-peer", daemon=True
            ).start()

    def _serve(self, connection: socket.socket) -> None:
        try:
            anyio.run(self._serve_async, connection)
        except Exception:  # one peer's failure must not stop the others
            log.debug("peer connection ended with an error", exc_info=True)
        finally:
            with self._lock:
                self._connections.discard(connection)
            # The transport's reader holds a descriptor of its own on this socket: shutting the
            # socket down ends its read, and lets the peer see the hang-up.
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()

    async def _serve_async(self, connection: socket.socket) -> None:
        server = self._make_server()
        lowlevel = server._lowlevel_server  # the SDK serves one connection through it
        with connection.makefile("wb") as wire:
            async with line_transport(os.dup(connection.fileno()), wire) as (read_stream, write_stream):
                await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())


def _same_user(connection: socket.socket) -> bool:
    """The peer runs as this user (Linux SO_PEERCRED; elsewhere the socket's mode alone guards)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True
    credentials = connection.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", credentials)
    return bool(uid == os.getuid())
