import io
import sys
from pathlib import Path

import pytest

from engram_mcp.cli import main
from engram_mcp.markdown.store import MarkdownStore
from tests.markdown.test_format import turn


@pytest.fixture(autouse=True)
def no_user_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_CONFIG", "/nonexistent/engram.toml")


def test_doctor_names_the_extractor_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--memory-dir", str(tmp_path), "--extractor", "smollm2"]) == 0
    assert "SmolLM2-135M-Instruct.Q4_1.gguf" in capsys.readouterr().out


def test_status_counts_turns_awaiting_extraction_without_taking_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    MarkdownStore(tmp_path).add(turn("I moved to Berlin."))
    assert main(["status", "--memory-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "1 (1 turns, 0 facts)" in out
    assert "awaiting facts   1 turns" in out


def test_a_bad_setting_is_one_clear_line_and_exit_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "engram.toml"
    config.write_text('index_backend = "cassandra"\n')
    assert main(["doctor", "--config", str(config)]) == 2
    assert capsys.readouterr().err.strip() == "engram-mcp: index_backend must be 'edge' or 'qdrant', got 'cassandra'"


def test_an_unknown_setting_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "engram.toml"
    config.write_text("recal_limit = 5\n")
    assert main(["doctor", "--config", str(config)]) == 2
    assert "recal_limit" in capsys.readouterr().err


def test_import_reads_turns_through_the_pipeline_once_and_rejects_bad_files_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], model_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAM_CACHE_DIR", str(model_cache))
    memories = tmp_path / "memories"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "fine"}\n{"text": ""}\n{"text": "x", "time": "2024-01-01T00:00:00"}\n')
    assert main(["import", str(bad), "--memory-dir", str(memories), "--extractor", "none"]) == 2
    err = capsys.readouterr().err
    assert "bad.jsonl:2" in err and "bad.jsonl:3" in err
    assert not (memories / "journal").exists()

    good = tmp_path / "turns.jsonl"
    good.write_text(
        '{"text": "I moved to Lisbon.", "speaker": "Ana", "session": "s1", "time": "2024-05-08T13:56:00Z"}\n'
        '{"text": "Lovely!", "role": "assistant", "time": "2024-05-08T13:57:00Z"}\n'
    )
    for _ in range(2):
        assert main(["import", str(good), "--memory-dir", str(memories), "--extractor", "none"]) == 0
    assert "imported 0 turns (2 already there)" in capsys.readouterr().out
    loaded = MarkdownStore(memories).load_all().memories.values()
    assert sorted(m.text for m in loaded) == ["I moved to Lisbon.", "Lovely!"]
    assert {m.provenance.source.value for m in loaded} == {"import"}
    assert (memories / "journal" / "2024-05-08.md").exists()


def test_reindex_from_scratch_on_a_folder_in_use_is_refused_before_it_touches_the_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], model_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engram_mcp.app import Engram
    from engram_mcp.config import load_settings

    monkeypatch.setenv("ENGRAM_CACHE_DIR", str(model_cache))
    memories = tmp_path / "memories"
    settings = load_settings(environ={"ENGRAM_MEMORY_DIR": str(memories), "ENGRAM_CACHE_DIR": str(model_cache),
                                      "ENGRAM_CONFIG": "/nonexistent", "ENGRAM_EXTRACTOR": "none"})
    serving = Engram.open(settings)
    try:
        serving.start(background=False)
        serving.service.remember("I work at Spotify.", speaker="Ana")
        index_files = sorted(p for p in settings.resolved_index_dir.rglob("*") if p.is_file())
        assert main(["reindex", "--from-scratch", "--memory-dir", str(memories), "--extractor", "none"]) == 2
        assert "in use by another Engram process" in capsys.readouterr().err
        assert sorted(p for p in settings.resolved_index_dir.rglob("*") if p.is_file()) == index_files
        assert [m.memory.text for m in serving.service.recall("Where does Ana work?").memories][:1] == ["I work at Spotify."]
    finally:
        serving.close()
    assert main(["reindex", "--from-scratch", "--memory-dir", str(memories), "--extractor", "none"]) == 0


def test_bench_runs_the_dataset_suites_through_the_product(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", "longmemeval", "--help"])
    assert exited.value.code == 0
    assert "--ablate" in capsys.readouterr().out


def test_a_name_the_console_cannot_show_is_printed_escaped_not_a_traceback(
    tmp_path: Path, model_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAM_CACHE_DIR", str(model_cache))
    memories = ["--memory-dir", str(tmp_path / "memories"), "--extractor", "none"]
    assert main(["remember", "--fact", "王芳 lives in Beijing.", *memories]) == 0
    windows_console = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    monkeypatch.setattr(sys, "stdout", windows_console)
    assert main(["entities", *memories]) == 0
    windows_console.flush()
    assert "\\u738b\\u82b3" in windows_console.buffer.getvalue().decode("cp1252")  # type: ignore[attr-defined]
