"""Long commands show a progress bar on a terminal and nothing when stderr is a pipe or a file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

# More than one embedding batch, so every long step has a run worth drawing.
TURNS = 300
BAR = "%|"  # tqdm's percentage beside the bar


def turns_file(path: Path) -> Path:
    with open(path, "w", encoding="utf-8") as stream:
        for n in range(TURNS):
            stream.write(json.dumps({
                "text": f"note {n}: the {('blue', 'green', 'red')[n % 3]} project meets on day {n % 28 + 1}",
                "role": "user" if n % 2 == 0 else "assistant",
                "session": f"s{n // 20}",
                "time": f"2026-{n % 9 + 1:02d}-{n % 28 + 1:02d}T10:00:00Z",
            }) + "\n")
    return path


def test_import_reindex_sync_and_export_draw_a_bar_on_a_terminal(on_a_terminal, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "memories"
    dir_args = ("--memory-dir", str(folder), "--extractor", "none")
    turns = turns_file(tmp_path / "turns.jsonl")

    code, out, shown = on_a_terminal("import", str(turns), *dir_args)
    assert code == 0 and f"imported {TURNS} turns" in out
    assert "importing" in shown and BAR in shown, shown

    code, out, shown = on_a_terminal("reindex", "--from-scratch", *dir_args)
    assert code == 0 and out.startswith(f"{TURNS} memories; {TURNS} embedded")
    assert "indexing" in shown and BAR in shown, shown

    # Files that arrive by hand (copied from elsewhere) are taken in by sync.
    copied = tmp_path / "copied"
    shutil.copytree(folder, copied, ignore=shutil.ignore_patterns(".engram"))
    code, out, shown = on_a_terminal("sync", "--memory-dir", str(copied), "--extractor", "none")
    assert code == 0 and f"{TURNS} embedded" in out
    assert "indexing" in shown and BAR in shown, shown

    code, _, shown = on_a_terminal("export", str(tmp_path / "all.jsonl"), *dir_args)
    assert code == 0 and "exporting" in shown and BAR in shown, shown
    assert f"exported {TURNS} memories" in shown


def test_the_same_commands_print_no_bar_into_a_pipe(engram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "memories"
    dir_args = ("--memory-dir", str(folder), "--extractor", "none")
    turns = turns_file(tmp_path / "turns.jsonl")
    for args in (
        ("import", str(turns)),
        ("reindex", "--from-scratch"),
        ("export", str(tmp_path / "all.jsonl")),
    ):
        done = engram(*args, *dir_args)
        assert done.returncode == 0, done.stderr
        assert BAR not in done.stderr and "\r" not in done.stderr, done.stderr
    assert len((tmp_path / "all.jsonl").read_text(encoding="utf-8").splitlines()) == TURNS + 1  # a header line
