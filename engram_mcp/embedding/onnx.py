"""The default embedder: the sentence-transformers model exported to ONNX, run by onnxruntime.

Same vectors as sentence-transformers (mean pooling, then unit length), without importing
torch on every start: the server is ready in a fraction of the time, and the CPU is not
oversubscribed by torch's thread pool while other work runs. The ONNX graph is written once
into the cache folder: for a BERT (the bundled MiniLM) straight from its weights, without
torch (``bert_onnx``); for anything else through sentence-transformers' export (the
``torch`` extra).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engram_mcp.embedding.bert_onnx import is_bert, write_bert_onnx
from engram_mcp.embedding.sentence import BUNDLED_MODEL, resolve_model_path
from engram_mcp.errors import ConfigError

__all__ = ["OnnxEmbedder"]

log = logging.getLogger(__name__)

_DEFAULT_MAX_TOKENS = 256
_BATCH = 32


class OnnxEmbedder:
    """Embeds with an ONNX export of a sentence-transformers model; loaded lazily, once."""

    def __init__(self, model: str = BUNDLED_MODEL, cache_dir: Path | None = None, threads: int = 1) -> None:
        self._model_name = model
        self._cache_dir = cache_dir
        self._threads = threads
        self._loaded: tuple[Any, Any] | None = None
        self._load_lock = threading.Lock()
        self._call_lock = threading.Lock()
        self._dimension: int | None = 384 if model in (BUNDLED_MODEL, "minilm") else None

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self._dimension = len(self.embed(["dimension probe"])[0])
        return self._dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        import numpy as np

        session, tokenizer = self._load()
        vectors: list[list[float]] = []
        with self._call_lock:
            for start in range(0, len(texts), _BATCH):
                encodings = tokenizer.encode_batch(list(texts[start : start + _BATCH]))
                ids = np.array([e.ids for e in encodings], dtype=np.int64)
                mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
                feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
                names = {i.name for i in session.get_inputs()}
                (hidden,) = session.run(["last_hidden_state"], {k: v for k, v in feeds.items() if k in names})
                weights = mask[:, :, None].astype(np.float32)
                pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
                pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
                vectors.extend(pooled.tolist())
        return vectors

    def warm_up(self) -> None:
        self.embed(["warm up"])

    def _load(self) -> tuple[Any, Any]:
        if self._loaded is not None:
            return self._loaded
        with self._load_lock:
            if self._loaded is None:
                self._loaded = self._build()
        return self._loaded

    def _build(self) -> tuple[Any, Any]:
        import onnxruntime
        from tokenizers import Tokenizer

        folder = self._exported()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self._threads
        options.inter_op_num_threads = 1
        session = onnxruntime.InferenceSession(
            str(folder / "onnx" / "model.onnx"), options, providers=["CPUExecutionProvider"]
        )
        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=_max_tokens(folder))
        tokenizer.enable_padding()
        log.info("embedding model ready: %s (onnxruntime)", folder)
        return session, tokenizer

    def _exported(self) -> Path:
        """The folder holding the ONNX export, exporting it on first use."""
        target = self._cache_dir / f"{Path(self._model_name).name}-onnx" if self._cache_dir is not None else None
        bundled = self._model_name in (BUNDLED_MODEL, "minilm")
        if bundled and target is not None and (target / "onnx" / "model.onnx").exists():
            return target  # written once: the weights it came from are not needed again
        source = resolve_model_path(self._model_name, self._cache_dir)
        if (source / "onnx" / "model.onnx").exists():
            return source
        if target is None:
            raise RuntimeError("an ONNX export needs a cache folder")
        if (target / "onnx" / "model.onnx").exists():
            return target
        log.info("exporting embedding model %s to ONNX (once, into %s)", source, target)
        partial = target.with_name(target.name + f".partial-{os.getpid()}")
        shutil.rmtree(partial, ignore_errors=True)
        if is_bert(source):
            write_bert_onnx(source, partial / "onnx" / "model.onnx")
            for name in ("tokenizer.json", "sentence_bert_config.json", "config.json"):
                if (source / name).exists():
                    shutil.copyfile(source / name, partial / name)
        else:
            _export_with_torch(source, partial)
        try:
            partial.rename(target)
        except OSError:  # another process finished the same export first
            shutil.rmtree(partial, ignore_errors=True)
        return target


def _export_with_torch(source: Path, target: Path) -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as error:
        raise ConfigError(
            f"the embedding model at {source} is not a BERT; exporting it to ONNX needs torch: "
            "pip install 'engram-mcp[torch]'"
        ) from error
    SentenceTransformer(str(source), device="cpu", backend="onnx").save_pretrained(str(target))


def _max_tokens(folder: Path) -> int:
    config = folder / "sentence_bert_config.json"
    if config.exists() and "max_seq_length" in config.read_text(encoding="utf-8"):
        value = json.loads(config.read_text(encoding="utf-8")).get("max_seq_length")
        if isinstance(value, int):
            return value
    return _DEFAULT_MAX_TOKENS
