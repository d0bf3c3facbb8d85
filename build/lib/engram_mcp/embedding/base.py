"""The embedder port."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["Embedder"]


class Embedder(Protocol):
    """Turns texts into unit-length vectors of a fixed dimension."""

    @property
    def dimension(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...
