"""How `serve` stops when it is told to: SIGTERM ends it with the signal's exit code wherever it lands."""

from __future__ import annotations

import os
import signal

import anyio
import pytest

from engram_mcp.edge.serving import _stopped_by_sigterm


def test_sigterm_landing_inside_a_task_group_still_ends_the_process_with_its_own_exit_code() -> None:
    stopped: list[str] = []
    before = signal.getsignal(signal.SIGTERM)

    async def serving() -> None:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(anyio.sleep, 5)
            os.kill(os.getpid(), signal.SIGTERM)  # lands in the group's own body, which the group wraps
            await anyio.sleep(5)

    with pytest.raises(SystemExit) as stop:
        with _stopped_by_sigterm(lambda: stopped.append("asked to stop waiting")):
            anyio.run(serving)

    assert stop.value.code == 128 + signal.SIGTERM
    assert stopped == ["asked to stop waiting"]
    assert signal.getsignal(signal.SIGTERM) == before


def test_an_error_that_is_not_a_stop_comes_out_of_the_task_group_as_it_was() -> None:
    async def failing() -> None:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(_fail)
            await anyio.sleep(5)

    with pytest.raises(BaseExceptionGroup) as raised:
        with _stopped_by_sigterm(lambda: None):
            anyio.run(failing)
    assert raised.group_contains(ValueError)


async def _fail() -> None:
    raise ValueError("not a stop")
