"""sentence-transformers adapter (torch): the bundled all-MiniLM-L6-v2, or any local model folder.

The default embedder is ``OnnxEmbedder`` (same vectors, no torch import, steadier under CPU
load: docs/BENCHMARKS.md); this one is kept for models that do not export to ONNX. Loaded
lazily, once, under a lock; calls are serialised so two worker threads never oversubscribe
the CPU.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engram_mcp.embedding.weights import bundled_weights
from engram_mcp.errors import ConfigError

__all__ = ["BUNDLED_MODEL", "SentenceEmbedder", "resolve_model_path"]

log = logging.getLogger(__name__)

BUNDLED_MODEL = "all-MiniLM-L6-v2"
_DIMENSIONS = {BUNDLED_MODEL: 384}


def resolve_model_path(model: str, cache_dir: Path | None = None, *, fetch: bool = True) -> Path:
    """The folder of a model: the bundled MiniLM's weights (installed, or fetched once into
    ``cache_dir``: see ``weights``), or a local folder."""
    if model in (BUNDLED_MODEL, "minilm"):
        return bundled_weights(cache_dir, fetch=fetch)
    path = Path(model).expanduser()
    if not path.is_dir():
        raise ConfigError(f"embedding model folder not found: {path} (only the bundled model is ever fetched)")
    return path


class SentenceEmbedder:
    """Embeds with sentence-transformers, fully offline."""

    def __init__(self, model: str = BUNDLED_MODEL) -> None:
        self._model_name = model
        self._model: Any = None
        self._load_lock = threading.Lock()
        self._call_lock = threading.Lock()
        self._dimension = _DIMENSIONS.get(model)

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self._dimension = int(self._load().get_sentence_embedding_dimension())
        return self._dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        model = self._load()
        with self._call_lock:
            vectors = model.encode(list(texts), normalize_embeddings=True, convert_to_numpy=True, batch_size=32)
        return [vector.tolist() for vector in vectors]

    def warm_up(self) -> None:
        """Load the model now (e.g. on a background thread at start-up)."""
        self.embed(["warm up"])

    def _load(self) -> Any:
        if self._model is not None:
            return self._model
        with self._load_lock:
            if self._model is None:
                self._model = self._build()
        return self._model

    def _build(self) -> Any:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer

        source = resolve_model_path(self._model_name)
        log.info("loading embedding model %s (torch)", source)
        return SentenceTransformer(str(source), device="cpu", backend="torch")
