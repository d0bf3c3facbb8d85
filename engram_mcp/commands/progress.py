"""Progress bars for long commands: on stderr, and only when a person is watching it.

tqdm draws them (it is small and has no dependencies); it is imported only when a bar is
drawn, so scripts and hooks, whose stderr is not a terminal, never pay for it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

__all__ = ["ProgressBars", "progress"]

T = TypeVar("T")


def watched() -> bool:
    """Whether a person sees stderr: a terminal, not a pipe or a file."""
    return sys.stderr.isatty()


def progress(items: Iterable[T], total: int, what: str, unit: str = "memories") -> Iterator[T]:
    """``items``, drawing a bar on stderr while a terminal shows it."""
    if not watched() or total < 2:
        yield from items
        return
    with _bar(total, what, unit) as bar:
        for item in items:
            yield item
            bar.update(1)


class ProgressBars:
    """Draws the runs a long operation reports as ``(done, total)``: one bar a run.

    Handed to the app (``Engram.open(settings, progress=ProgressBars("indexing"))``), so the
    service tells how far it has got without knowing who is watching or how it is drawn.
    """

    def __init__(self, what: str, unit: str = "memories") -> None:
        self._what = what
        self._unit = unit
        self._bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not watched():
            return
        if self._bar is not None and (self._bar.total != total or done < self._bar.n):
            self.close()  # a new run began before the last one reported its end
        if self._bar is None:
            self._bar = _bar(total, self._what, self._unit)
        self._bar.update(done - self._bar.n)
        if done >= total:
            self.close()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def _bar(total: int, what: str, unit: str) -> Any:
    from tqdm import tqdm

    # A terminal that reports no size (a fresh pty) would hide tqdm's bar: assume 80 by 24.
    sized = _sized()
    return tqdm(total=total, desc=what, unit=f" {unit}", file=sys.stderr, leave=False,
                dynamic_ncols=sized, ncols=None if sized else 80, nrows=None if sized else 24)


def _sized() -> bool:
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (OSError, ValueError):
        return False
    return size.columns > 0 and size.lines > 0
