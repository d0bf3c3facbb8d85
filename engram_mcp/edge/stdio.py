"""The line transport: one JSON-RPC message per line, and no line left unanswered.

Does the job of the SDK's ``stdio_server`` with a reader that cannot be starved or fooled:
a frame is read as bytes with a size limit, decoded by ``frames.decode_frame`` off the
event loop, and a frame that is not a usable message is answered here with a JSON-RPC
error instead of being dropped. A response that cannot be encoded becomes an error for
its request rather than the end of the writer.

Every way in speaks it: the server's own stdio (``stdio_transport``) and each connection
to the owner's socket (``line_transport``, from ``owner.py``), so a frame a proxy or a
command relays is answered exactly as one the owner's own client sends.

While serving stdio, fd 0 reads the null device and fd 1 goes to stderr, so a library that
reads stdin or prints cannot touch the protocol; both are restored on exit.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any, BinaryIO

import anyio
import anyio.from_thread
import anyio.lowlevel
import mcp_types as types
from anyio.abc import ObjectSendStream
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.shared.message import SessionMessage
from pydantic_core import PydanticSerializationError

from engram_mcp.edge.frames import MAX_FRAME_BYTES, Decoded, Oversized, Reply, decode_frame, error_response

__all__ = ["FrameReader", "line_transport", "relayed_lines", "stdio_transport"]

log = logging.getLogger(__name__)

INTERNAL_ERROR = -32603
_READ_CHUNK = 64 * 1024
# What an oversized frame keeps of its beginning: enough to find the request's id.
_KEPT_OF_OVERSIZED = 64 * 1024


class FrameReader:
    """Splits a byte stream into lines, never holding more than the limit of any one line."""

    def __init__(self, fd: int, limit: int = MAX_FRAME_BYTES) -> None:
        self._fd = fd
        self._limit = limit

    def frames(self) -> Iterator[bytes | Oversized]:
        kept = bytearray()
        size = 0
        while chunk := self._read():
            start = 0
            while (end := chunk.find(b"\n", start)) != -1:
                kept, size = self._grow(kept, size, chunk[start:end])
                yield bytes(kept) if size <= self._limit else Oversized(bytes(kept), size)
                kept, size = bytearray(), 0
                start = end + 1
            kept, size = self._grow(kept, size, chunk[start:])
        if size:
            yield bytes(kept) if size <= self._limit else Oversized(bytes(kept), size)

    def _grow(self, kept: bytearray, size: int, piece: bytes) -> tuple[bytearray, int]:
        size += len(piece)
        if size <= self._limit:
            kept += piece
        elif len(kept) < _KEPT_OF_OVERSIZED:
            kept += piece[: _KEPT_OF_OVERSIZED - len(kept)]
        return kept, size

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)

    def _read(self) -> bytes:
        try:
            return os.read(self._fd, _READ_CHUNK)
        except OSError as error:
            log.warning("the client's stream could not be read (%s); treating it as closed", error)
            return b""


ReadStream = MemoryObjectReceiveStream[SessionMessage | Exception]
WriteStream = MemoryObjectSendStream[SessionMessage]


@asynccontextmanager
async def stdio_transport() -> AsyncIterator[tuple[ReadStream, WriteStream]]:
    """The server's read and write streams over this process's stdin and stdout."""
    stdin = _divert(0, lambda: os.open(os.devnull, os.O_RDONLY))
    stdout = _divert(1, lambda: os.dup(2))
    try:
        async with line_transport(os.dup(stdin), os.fdopen(stdout, "wb", closefd=False)) as streams:
            yield streams
    finally:
        _restore(0, stdin)
        _restore(1, stdout)


@asynccontextmanager
async def line_transport(read_fd: int, wire: BinaryIO) -> AsyncIterator[tuple[ReadStream, WriteStream]]:
    """The server's read and write streams over lines read from ``read_fd`` and written to ``wire``.

    ``read_fd`` becomes the reader thread's own: it is closed once the reader meets its end, never
    while the thread may still be parked on it (a closed number could be reused under it). A peer
    that keeps its end open must not keep the server alive, so leaving here does not wait for it.
    """
    to_server, server_reads = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    server_writes, from_server = anyio.create_memory_object_stream[SessionMessage](0)
    decoded_send, decoded = anyio.create_memory_object_stream[Decoded](0)
    writing = anyio.Lock()

    async def send(message: types.JSONRPCMessage) -> None:
        data = _encode(message)
        async with writing:
            await anyio.to_thread.run_sync(_write_line, wire, data)

    async def route() -> None:
        async with to_server, decoded:
            async for item in decoded:
                if isinstance(item, Reply):
                    log.info("answered a malformed frame: %s", item.error.error.message)
                    await send(item.error)
                elif item is not None:
                    await to_server.send(SessionMessage(item))

    async def write() -> None:
        async with from_server:
            async for session_message in from_server:
                await send(session_message.message)

    token = anyio.lowlevel.current_token()
    pump = threading.Thread(
        target=_pump, args=(FrameReader(read_fd), decoded_send, token, decode_frame), name="engram-frames", daemon=True
    )
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(route)
        tasks.start_soon(write)
        pump.start()
        try:
            yield server_reads, server_writes
        finally:
            server_writes.close()
            tasks.cancel_scope.cancel()


async def relayed_lines(
    read_fd: int, refuse: Callable[[bytes], Awaitable[None]], limit: int = MAX_FRAME_BYTES
) -> AsyncIterator[bytes]:
    """The lines a client writes to ``read_fd``, for a process that relays them elsewhere (the
    proxy), read by a daemon thread as ``line_transport`` reads them: a client that keeps its end
    open never keeps the process alive (SIGTERM ends it). A line over ``limit`` is not relayed:
    ``refuse`` sends the client the error its request is owed."""
    lines_send, lines = anyio.create_memory_object_stream[bytes | Oversized](0)
    token = anyio.lowlevel.current_token()
    threading.Thread(
        target=_pump, args=(FrameReader(read_fd, limit), lines_send, token, _as_read), name="engram-lines", daemon=True
    ).start()
    async with lines:
        async for line in lines:
            if isinstance(line, Oversized):
                reply = decode_frame(line)
                if isinstance(reply, Reply):
                    await refuse(_encode(reply.error) + b"\n")
            else:
                yield line + b"\n"


def _as_read(frame: bytes | Oversized) -> bytes | Oversized:
    return frame


def _pump(
    reader: FrameReader,
    sink: ObjectSendStream[Any],
    token: anyio.lowlevel.EventLoopToken,
    each: Callable[[bytes | Oversized], Any],
) -> None:
    """A reader thread: frames are read (and parsed, by ``each``) here, so a huge frame never stalls the event loop."""
    try:
        for frame in reader.frames():
            anyio.from_thread.run(sink.send, each(frame), token=token)
        anyio.from_thread.run(sink.aclose, token=token)
    except (anyio.BrokenResourceError, anyio.ClosedResourceError, RuntimeError):
        pass  # the server is shutting down
    finally:
        reader.close()


def _encode(message: types.JSONRPCMessage) -> bytes:
    try:
        return message.model_dump_json(by_alias=True, exclude_unset=True).encode("utf-8")
    except (PydanticSerializationError, UnicodeEncodeError) as error:
        if isinstance(message, (types.JSONRPCResponse, types.JSONRPCError)) and message.id is not None:
            log.error("an answer to request %r could not be encoded: %s", message.id, error)
            reply = error_response(message.id, INTERNAL_ERROR, "the answer could not be encoded as JSON")
            return reply.error.model_dump_json(by_alias=True, exclude_unset=True).encode("utf-8")
        log.error("a message to the client could not be encoded and was dropped: %s", error)
        return b""


def _write_line(wire: BinaryIO, data: bytes) -> None:
    if data:
        wire.write(data + b"\n")
        wire.flush()


def _divert(fd: int, open_harmless: Callable[[], int]) -> int:
    """Move the wire on ``fd`` to a private descriptor; point ``fd`` at something harmless."""
    private = os.dup(fd)
    harmless = open_harmless()
    os.dup2(harmless, fd)
    os.close(harmless)
    return private


def _restore(fd: int, private: int) -> None:
    try:
        os.dup2(private, fd)
        os.close(private)
    except OSError as error:
        log.warning("could not restore fd %d: %s", fd, error)
