"""`engram-mcp check` never crashes, and never calls a folder clean that is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from engram_mcp.cli import main
from engram_mcp.markdown.store import MarkdownStore
from tests.markdown.test_format import turn

BAD_FILES = {
    "wrong-typed value": lambda text: text.replace("role=user", "certainty=[1]"),
    "unknown type": lambda text: text.replace("role=user", "type=dream"),
    "unreadable comment": lambda text: text.replace("role=user", 'speaker="open'),
    "no metadata": lambda text: text.split("  <!--")[0],
    "not UTF-8": lambda text: text + "\udcff",
    "bad time": lambda text: text.replace("created=2026", "created=20x6"),
}


@pytest.mark.parametrize("damage", list(BAD_FILES))
def test_check_names_a_damaged_file_with_its_line_and_exits_1_without_a_traceback(
    damage: str, tmp_path: Path, model_cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_CACHE_DIR", str(model_cache))
    monkeypatch.setenv("ENGRAM_CONFIG", "/nonexistent/engram.toml")
    memories = tmp_path / "memories"
    MarkdownStore(memories).add(turn("I moved to Berlin."))
    MarkdownStore(memories).add(turn("The canary.", id="t-aaaaaaaaaaaa"))
    assert main(["reindex", "--memory-dir", str(memories), "--extractor", "none"]) == 0
    [path] = (memories / "journal").glob("*.md")
    text = path.read_text(encoding="utf-8")
    first = text.index("^t-0123456789ab")
    end = text.index("-->", first) + 4
    damaged = text[:first] + BAD_FILES[damage](text[first:end]) + text[end:]
    path.write_bytes(damaged.encode("utf-8", "surrogateescape"))
    capsys.readouterr()

    code = main(["check", "--memory-dir", str(memories), "--extractor", "none"])
    out, err = capsys.readouterr()
    assert code == 1, out + err
    assert "Traceback" not in err and "out of step" in out
    assert f"{path.name}:" in out
