from pathlib import Path

import pytest

from engram_mcp.config import load_settings
from engram_mcp.errors import ConfigError


def test_layers_apply_in_order_file_then_environment_then_flags(tmp_path: Path) -> None:
    config = tmp_path / "engram.toml"
    config.write_text(f'memory_dir = "{tmp_path / "from-file"}"\nrecall_limit = 7\nextractor = "none"\n')
    settings = load_settings(
        config_file=config,
        environ={"ENGRAM_RECALL_LIMIT": "9"},
        overrides={"extractor": "rules"},
    )
    assert settings.memory_dir == tmp_path / "from-file"
    assert settings.recall_limit == 9
    assert settings.extractor == "rules"


def test_the_index_lives_in_a_hidden_folder_inside_the_memory_folder(tmp_path: Path) -> None:
    settings = load_settings(environ={"ENGRAM_MEMORY_DIR": str(tmp_path), "ENGRAM_CONFIG": "/nonexistent"})
    assert settings.resolved_index_dir == tmp_path / ".engram" / "index"


def test_a_qdrant_server_backend_needs_a_url() -> None:
    with pytest.raises(ConfigError, match="qdrant_url"):
        load_settings(environ={"ENGRAM_INDEX_BACKEND": "qdrant", "ENGRAM_CONFIG": "/nonexistent"})


def test_a_missing_config_file_named_explicitly_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_settings(config_file=tmp_path / "missing.toml")


def test_each_recall_channel_can_be_switched_off_for_an_ablation(tmp_path: Path) -> None:
    from engram_mcp.app import recall_config

    config = tmp_path / "engram.toml"
    config.write_text("recall_neighbours = false\nmin_relevance = 0.25\n")
    settings = load_settings(config_file=config, environ={"ENGRAM_RECALL_SPARSE": "off"})
    pipeline = recall_config(settings)
    assert not pipeline.sparse and not pipeline.neighbours and pipeline.dense
    assert pipeline.abstain_below == 0.25
    with pytest.raises(ConfigError):
        load_settings(config_file=config, environ={"ENGRAM_RECALL_DENSE": "maybe"})
