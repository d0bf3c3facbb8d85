"""Progress bars for long commands: on stderr, and only when a person is watching it.

tqdm draws them (it is small and has no dependencies); it is imported only when a bar is
drawn, so scripts and hooks, whose stderr is not a terminal, never pay for it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

__all__ = ["progress"]

T = TypeVar("T")


def progress(items: Iterable[T], total: int, what: str, unit: str = "memories") -> Iterator[T]:
    """``items``, drawing a bar on stderr while a terminal shows it."""
    if not sys.stderr.isatty() or total < 2:
        yield from items
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=what, unit=f" {unit}", file=sys.stderr, leave=False, dynamic_ncols=True) as bar:
        for item in items:
            yield item
            bar.update(1)
