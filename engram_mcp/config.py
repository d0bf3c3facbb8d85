"""Settings: defaults, then a TOML file, then ENGRAM_* environment variables, then flags.

Only the composition root (``app``) and the command line read settings; every other module
takes what it needs as constructor arguments.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from engram_mcp.errors import ConfigError

__all__ = ["Settings", "default_config_file", "default_memory_dir", "load_settings"]

_APP = "engram-mcp"


def default_memory_dir() -> Path:
    """A per-user folder, so a client that starts the server from any directory finds the same memory."""
    import platformdirs

    return Path(platformdirs.user_data_dir(_APP)) / "memories"


def default_config_file() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir(_APP)) / "config.toml"


def default_cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir(_APP))


@dataclass(frozen=True)
class Settings:
    """Everything Engram can be configured with. See config/engram.example.toml."""

    memory_dir: Path = field(default_factory=default_memory_dir)
    index_backend: str = "edge"
    """'edge': Qdrant's engine in-process (default, no server). 'qdrant': a Qdrant server or cluster."""
    index_dir: Path | None = None
    """Where the embedded index lives; default: <memory_dir>/.engram/index."""
    qdrant_url: str | None = None
    qdrant_api_key: str | None = None
    qdrant_collection: str = "engram"
    qdrant_shards: int = 1
    """Shards of a new collection on a cluster (docs/SCALE.md)."""
    qdrant_replication_factor: int = 1
    """Copies of each shard on a cluster; 2 or more survives losing a node."""
    qdrant_quantization: bool = False
    """int8 scalar quantization of the dense vectors (about 4x less vector memory)."""
    embedding_model: str = "all-MiniLM-L6-v2"
    embedding_backend: str = "onnx"
    cache_dir: Path = field(default_factory=default_cache_dir)
    extractor: str = "rules"
    """'rules', 'none', 'smollm2' (bundled GGUF), 'gemma3-270m', a path to any .gguf file, or
    'openai:http://127.0.0.1:8080/v1' for a local OpenAI-compatible server (llama-server, Ollama, LM Studio)."""
    extractor_threads: int = 2
    extractor_model: str = "local"
    """The model name sent to an 'openai:' endpoint (Ollama and LM Studio need it, llama-server ignores it)."""
    extractor_timeout: float = 60.0
    """Seconds an 'openai:' endpoint may take per request before the turn is retried later."""
    recall_limit: int = 25
    min_relevance: float = 0.2
    """Recall abstains when no memory comes this close in meaning (best dense cosine)."""
    context_tokens: int = 1200
    """Token budget of the ready-to-inject context block recall returns."""
    user_name: str | None = None
    """Who "the user", "I" and "my" mean in a fact stated without a speaker (default: the
    namespace's main user speaker, else 'user')."""
    # Recall channels and steps, each switchable for ablations (docs/BENCHMARKS.md).
    recall_dense: bool = True
    recall_sparse: bool = True
    recall_entities: bool = True
    recall_salience: bool = False
    recall_neighbours: bool = True
    recall_per_type: bool = True
    recall_fact_sources: bool = True
    recall_speaker_boost: float = 0.6
    recall_time_boost: float = 0.6
    recall_session_weight: float = 0.3
    log_level: str = "INFO"
    log_file: Path | None = None
    consolidate_threshold: float = 0.85
    """Cosine from which a new fact that says the same as a current one reinforces it (docs/TEMPORAL.md)."""
    adjudicator: str = "off"
    """Who settles contradictions the predicate rules cannot: 'off' keeps both facts."""
    salience_certainty: float = 0.2
    salience_importance: float = 0.2
    salience_recency: float = 0.2
    salience_half_life_days: float = 30.0

    @property
    def state_dir(self) -> Path:
        return self.memory_dir / ".engram"

    @property
    def resolved_index_dir(self) -> Path:
        return self.index_dir or self.state_dir / "index"

    def validate(self) -> Settings:
        if self.index_backend not in ("edge", "qdrant"):
            raise ConfigError(f"index_backend must be 'edge' or 'qdrant', got {self.index_backend!r}")
        if self.index_backend == "qdrant" and not self.qdrant_url:
            raise ConfigError("index_backend = 'qdrant' needs qdrant_url (e.g. http://localhost:6333)")
        if self.embedding_backend not in ("onnx", "torch"):
            raise ConfigError(f"embedding_backend must be 'onnx' or 'torch', got {self.embedding_backend!r}")
        if self.adjudicator == "rules":
            raise ConfigError("adjudicator must be 'off' or a GGUF model ('smollm2' or a .gguf path), not 'rules'")
        if self.context_tokens < 100:
            raise ConfigError(f"context_tokens must be at least 100, got {self.context_tokens}")
        if not 1 <= self.recall_limit <= 200:
            raise ConfigError(f"recall_limit must be within 1..200, got {self.recall_limit}")
        return self


_PATHS = {"memory_dir", "index_dir", "cache_dir", "log_file"}
_INTS = {"recall_limit", "extractor_threads", "context_tokens", "qdrant_shards", "qdrant_replication_factor"}
_FLOATS = {
    "extractor_timeout",
    "min_relevance",
    "recall_speaker_boost",
    "recall_time_boost",
    "recall_session_weight",
    "consolidate_threshold",
    "salience_certainty",
    "salience_importance",
    "salience_recency",
    "salience_half_life_days",
}
_BOOLS = {
    "qdrant_quantization",
    "recall_dense",
    "recall_sparse",
    "recall_entities",
    "recall_salience",
    "recall_neighbours",
    "recall_per_type",
    "recall_fact_sources",
}


def load_settings(
    config_file: Path | None = None,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Settings:
    """Build settings from the layers, later ones winning."""
    environ = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    path = config_file or _env_path(environ.get("ENGRAM_CONFIG")) or default_config_file()
    if config_file is not None and not path.exists():
        raise ConfigError(f"config file not found: {path}")
    if path.exists():
        try:
            values.update(tomllib.loads(path.read_text(encoding="utf-8")))
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{path}: {error}") from error
    known = {f.name for f in fields(Settings)}
    for name in known:
        env_value = environ.get(f"ENGRAM_{name.upper()}")
        if env_value:
            values[name] = env_value
    values.update({k: v for k, v in (overrides or {}).items() if v is not None})
    unknown = set(values) - known
    if unknown:
        raise ConfigError(f"unknown setting(s) in {path}: {', '.join(sorted(unknown))}")
    return replace(Settings(), **{k: _coerce(k, v) for k, v in values.items()}).validate()


def _coerce(name: str, value: Any) -> Any:
    try:
        if name in _PATHS:
            return Path(str(value)).expanduser().resolve()
        if name in _INTS:
            return int(value)
        if name in _FLOATS:
            return float(value)
        if name in _BOOLS:
            return _bool(value)
    except ValueError as error:
        raise ConfigError(f"setting {name}: {error}") from error
    return value


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


def _env_path(value: str | None) -> Path | None:
    return Path(value).expanduser() if value else None
