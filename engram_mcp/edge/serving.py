"""``engram-mcp serve``: own the memory folder, or proxy to the process that does.

The first ``serve`` on a folder takes its lock and becomes the owner: it runs the memory
(index, watcher, extraction worker), serves its own client directly and every other process
through ``OwnerEndpoint``. A later ``serve`` finds the lock held and becomes a ``Proxy``.
When the owner goes away a proxy takes the lock (``Ownership.try_take``): start-up brings
the index in step with the markdown and resumes queued extraction from the done log, as at
any start; the other proxies reconnect to it.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

import anyio

from engram_mcp.app import Engram
from engram_mcp.config import Settings
from engram_mcp.edge.http import HttpOptions, ensure_token, http_app
from engram_mcp.edge.mcp_server import build_server
from engram_mcp.edge.owner import OwnerEndpoint
from engram_mcp.edge.proxy import MAX_LINE, Proxy
from engram_mcp.edge.stdio import relayed_lines
from engram_mcp.errors import MemoryFolderLocked
from engram_mcp.state.endpoint import endpoint_path

__all__ = ["Ownership", "serve_http", "serve_stdio"]

log = logging.getLogger(__name__)

_KEEP_ALIVE_SECONDS = 600


class Ownership:
    """This process's claim on the memory folder: empty while it is a proxy."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.endpoint_path = endpoint_path(settings.state_dir)
        self.engram: Engram | None = None
        self._endpoint: OwnerEndpoint | None = None
        self._lock = threading.Lock()

    def owns(self) -> bool:
        return self.engram is not None

    def try_take(self) -> bool:
        """Become the owner if the folder is free; True when this process owns it."""
        with self._lock:
            if self.engram is not None:
                return True
            try:
                engram = Engram.open(self.settings)
            except MemoryFolderLocked:
                return False
            try:
                engram.start(background=True, serving=True)
                endpoint = self._listen(engram)
            except BaseException:
                engram.close()
                raise
            self.engram, self._endpoint = engram, endpoint
            log.info("process %d owns the memory folder %s", os.getpid(), self.settings.memory_dir)
            return True

    def _listen(self, engram: Engram) -> OwnerEndpoint | None:
        """The endpoint other clients of this folder reach; None where it cannot be made."""
        endpoint = OwnerEndpoint(self.endpoint_path, lambda: build_server(engram))
        try:
            endpoint.start()
        except OSError as error:
            # A read-only or full folder still serves its own client; only sharing is lost.
            log.warning("other clients cannot share this memory folder: %s", error.strerror or error)
            return None
        return endpoint

    def stop_waiting(self) -> None:
        """Called from the SIGTERM handler: takes no lock (the interrupted code may hold it)."""
        engram = self.engram
        if engram is not None:
            engram.stop_waiting()

    def close(self) -> None:
        with self._lock:
            if self._endpoint is not None:
                self._endpoint.close()
            if self.engram is not None:
                self.engram.close()
            self.engram, self._endpoint = None, None


def serve_stdio(settings: Settings) -> None:
    """Serve one MCP client on stdio until it hangs up or is told to stop (SIGTERM)."""
    ownership = Ownership(settings)
    with _stopped_by_sigterm(ownership.stop_waiting):
        _serve_stdio(settings, ownership)


def _serve_stdio(settings: Settings, ownership: Ownership) -> None:
    try:
        if ownership.try_take():
            assert ownership.engram is not None
            log.info("serving memory folder %s on stdio (owner)", settings.memory_dir)
            build_server(ownership.engram).run("stdio")
        else:
            log.info("memory folder %s is served by another process: proxying to it", settings.memory_dir)
            anyio.run(_proxy_stdio, ownership)
    finally:
        ownership.close()


@contextmanager
def _stopped_by_sigterm(before_stopping: Callable[[], None]) -> Iterator[None]:
    """SIGTERM (how a client that gave up waiting, systemd or docker stops a server) ends the
    server the way stdin's end does: through ``Ownership.close``, so the usage counts and the
    index are flushed, the owner's socket removed and the folder's lock released, where the
    default handler would end the process at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signal_number: int, frame: FrameType | None) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the shut-down short
        before_stopping()
        raise SystemExit(128 + signal_number)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    except BaseExceptionGroup as group:
        # The handler raises in whichever task was running; a task group wraps it with its siblings.
        told_to_stop = _system_exit_in(group)
        if told_to_stop is None:
            raise
        raise told_to_stop from None
    finally:
        signal.signal(signal.SIGTERM, previous)


def _system_exit_in(group: BaseExceptionGroup[BaseException]) -> SystemExit | None:
    for error in group.exceptions:
        found = _system_exit_in(error) if isinstance(error, BaseExceptionGroup) else error
        if isinstance(found, SystemExit):
            return found
    return None


async def _proxy_stdio(ownership: Ownership) -> None:
    # The protocol gets a private copy of stdout; fd 1 goes to stderr so that nothing the
    # memory prints after a takeover can corrupt the stream.
    wire = anyio.wrap_file(os.fdopen(os.dup(1), "wb", buffering=0))
    os.dup2(2, 1)

    async def to_client(line: bytes) -> None:
        await wire.write(line)

    lines = relayed_lines(os.dup(0), to_client, MAX_LINE)

    proxy = Proxy(ownership.endpoint_path, ownership.try_take, ownership.owns)
    try:
        await proxy.run(lines, to_client)
    finally:
        await wire.aclose()
        sys.stdout.flush()


def serve_http(settings: Settings, options: HttpOptions) -> None:
    """Serve MCP at http://host:port/mcp; this process must own the folder."""
    import uvicorn

    options.check()
    ownership = Ownership(settings)
    try:
        if not ownership.try_take():
            raise MemoryFolderLocked(
                f"the memory folder {settings.memory_dir} is already served by another Engram process; "
                "`serve --http` must own it: stop that one, start `serve --http` first and let stdio clients proxy to it"
            )
        assert ownership.engram is not None
        token = ensure_token(settings.state_dir) if options.require_token else None
        app = http_app(build_server(ownership.engram), options, token)
        log.info("serving memory folder %s at http://%s:%d/mcp", settings.memory_dir, options.host, options.port)
        # Clients keep connections in a pool between calls; closing them after uvicorn's default
        # 5 s idle races with a client reusing one (it then sees a read error mid-request).
        config = uvicorn.Config(
            app, host=options.host, port=options.port, log_level="warning", timeout_keep_alive=_KEEP_ALIVE_SECONDS
        )
        uvicorn.Server(config).run()
    finally:
        ownership.close()
