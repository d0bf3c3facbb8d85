"""Bounded waiting for tests: poll a condition until it holds, fail with what was awaited.

Tests never sleep for a fixed time and never assert how long something took; a bound here
only turns a hang into a clear failure, so it is generous.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import anyio

T = TypeVar("T")

POLL_SECONDS = 0.05


def wait_until(condition: Callable[[], T], *, what: str, timeout: float = 120.0) -> T:
    """The first truthy value of ``condition()``; fails naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out after {timeout:.0f} s waiting for {what}"
        time.sleep(POLL_SECONDS)


async def eventually(condition: Callable[[], Awaitable[T]], *, what: str, timeout: float = 120.0) -> T:
    """The async twin of ``wait_until``, for conditions checked through an MCP client."""
    deadline = time.monotonic() + timeout
    while True:
        value = await condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out after {timeout:.0f} s waiting for {what}"
        await anyio.sleep(POLL_SECONDS * 4)
