"""The benchmark's embedders: the product's model as numpy rows, with an on-disk cache.

The cache maps a text's hash to its vector, so re-running an experiment re-embeds only texts
it never saw.
"""

from __future__ import annotations

import hashlib
import logging
import pickle
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt

__all__ = ["CachedEmbedder", "Embedder", "LiveQueryEmbedder", "MiniLMEmbedder"]

log = logging.getLogger(__name__)

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Texts in, L2-normalised vectors out (one row per text)."""

    def embed(self, texts: Sequence[str]) -> Vectors: ...


class MiniLMEmbedder:
    """The product's embedder (bundled all-MiniLM-L6-v2 on onnxruntime), returning numpy rows."""

    def __init__(self, model_cache: Path | None = None, threads: int = 1) -> None:
        from engram_mcp.config import default_cache_dir
        from engram_mcp.embedding.onnx import OnnxEmbedder

        self.model = OnnxEmbedder(cache_dir=model_cache or default_cache_dir() / "models", threads=threads)

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.model.dimension), dtype=np.float32)
        return np.asarray(self.model.embed(list(texts)), dtype=np.float32)


class CachedEmbedder:
    """Wraps an embedder with a text-hash -> vector cache persisted to ``path``."""

    def __init__(self, inner: Embedder, path: str | Path | None = None) -> None:
        self._inner = inner
        self._path = Path(path) if path is not None else None
        self._cache: dict[str, Vectors] = {}
        self._dirty = False
        if self._path is not None and self._path.exists():
            with self._path.open("rb") as f:
                self._cache = pickle.load(f)

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.sha1(text.encode("utf-8")).hexdigest()

    def embed(self, texts: Sequence[str]) -> Vectors:
        keys = [self._key(t) for t in texts]
        missing = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in self._cache}.items())
        if missing:
            vectors = self._inner.embed([t for _, t in missing])
            for (key, _), vector in zip(missing, vectors, strict=True):
                self._cache[key] = vector
            self._dirty = True
        if not keys:
            return np.zeros((0, 384), dtype=np.float32)
        return np.stack([self._cache[k] for k in keys])

    def save(self) -> None:
        if self._path is None or not self._dirty:
            return
        tmp = self._path.with_suffix(".tmp")
        with tmp.open("wb") as f:
            pickle.dump(self._cache, f)
        tmp.replace(self._path)
        self._dirty = False


class LiveQueryEmbedder:
    """Batches (stored turns) come from the cache; single texts (queries) always hit the model.

    Used to measure recall latency honestly while keeping ingestion fast.
    """

    def __init__(self, cached: CachedEmbedder, live: Embedder) -> None:
        self._cached = cached
        self._live = live

    def embed(self, texts: Sequence[str]) -> Vectors:
        return self._live.embed(texts) if len(texts) == 1 else self._cached.embed(texts)
