"""The memory commands for people, through the real binary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def test_remember_recall_as_of_and_history_answer_a_person_and_a_script(engram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "memories"
    stored = engram("remember", "I moved to Lisbon in May 2024.", "--at", "2024-05-08T10:00Z", "--speaker", "Ana",
                    "--memory-dir", str(folder), "--extractor", "none", "--json")
    assert stored.returncode == 0, stored.stderr
    turn_id = json.loads(stored.stdout)["id"]
    assert f"created the memory folder {folder}" in stored.stderr

    first = engram("remember", "Ana works at Google", "--fact", "--at", "2023-01-01", "--memory-dir", str(folder))
    second = engram("remember", "Ana works at Meta", "--fact", "--at", "2024-06-01", "--memory-dir", str(folder),
                    "--json")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    meta = json.loads(second.stdout)
    assert meta["action"] == "superseded" and len(meta["superseded"]) == 1

    recall = engram("recall", "where does Ana live", "--memory-dir", str(folder))
    assert recall.returncode == 0, recall.stderr
    assert turn_id in recall.stdout and "Lisbon" in recall.stdout and "2024" in recall.stdout
    assert "INFO" not in recall.stderr

    as_json = json.loads(engram("recall", "where does Ana work", "--memory-dir", str(folder), "--json").stdout)
    facts = [m["text"] for m in as_json["memories"] if m["kind"] == "fact"]
    assert facts[:1] == ["Ana works at Meta"]

    before = json.loads(engram("as-of", "2024-01-01", "where does Ana work", "--memory-dir", str(folder),
                               "--json").stdout)
    assert [m["text"] for m in before["memories"]][:1] == ["Ana works at Google"]

    history = engram("history", meta["id"], "--memory-dir", str(folder))
    assert history.returncode == 0, history.stderr
    lines = history.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [meta["superseded"][0], meta["id"]]
    assert "Google" in lines[0] and "Meta" in lines[1]


def test_forget_previews_asks_and_deletes_only_when_confirmed(engram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import inspect

    from engram_mcp.service.forgetting import Forgetting

    if "dry_run" not in inspect.signature(Forgetting.forget).parameters:
        pytest.skip("the forget tool's preview (dry_run) has not landed on this branch yet")
    folder = tmp_path / "memories"
    turn = json.loads(engram("remember", "My locker code is 4711.", "--memory-dir", str(folder), "--extractor",
                             "none", "--json").stdout)["id"]

    refused = engram("forget", turn, "--memory-dir", str(folder), stdin="")
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines()[-1] == (
        "engram-mcp: confirmation needed: run it in a terminal, or add --yes"
    )
    assert turn in refused.stderr and "4711" in refused.stderr  # the preview came first
    assert "4711" in "".join(p.read_text() for p in folder.rglob("*.md"))

    done = engram("forget", turn, "--yes", "--memory-dir", str(folder))
    assert done.returncode == 0, done.stderr
    assert f"removed  {turn}" in done.stdout
    assert "4711" not in "".join(p.read_text() for p in folder.rglob("*.md"))

    again = engram("forget", turn, "--yes", "--memory-dir", str(folder))
    assert again.returncode == 1
    assert again.stderr.strip() == f"engram-mcp: no memory with id {turn!r}"


def test_forget_with_yes_deletes_at_once_and_a_second_time_finds_nothing(engram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "memories"
    turn = json.loads(engram("remember", "My locker code is 4711.", "--memory-dir", str(folder), "--extractor",
                             "none", "--json").stdout)["id"]
    done = engram("forget", turn, "--yes", "--memory-dir", str(folder), "--json")
    assert done.returncode == 0, done.stderr
    assert turn in json.loads(done.stdout)["removed"]
    assert "4711" not in "".join(p.read_text() for p in folder.rglob("*.md"))
    again = engram("forget", turn, "--yes", "--memory-dir", str(folder))
    assert (again.returncode, again.stderr.strip()) == (1, f"engram-mcp: no memory with id {turn!r}")


def test_forget_previews_every_copy_of_a_page_it_leaves_and_takes_the_memory_out_of_each(engram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "memories"
    turn = json.loads(engram("remember", "My locker code is 4711.", "--memory-dir", str(folder), "--extractor",
                             "none", "--json").stdout)["id"]
    [page] = (folder / "journal").glob("*.md")
    copy = page.with_name(f"{page.stem} (conflicted copy 2026-06-01).md")
    copy.write_bytes(page.read_bytes())

    preview = engram("forget", turn, "--memory-dir", str(folder), stdin="")
    assert f"would be removed from: markdown:journal/{copy.name}, markdown:journal/{page.name}, index" in preview.stderr

    done = engram("forget", turn, "--yes", "--memory-dir", str(folder))
    assert done.returncode == 0, done.stderr
    assert f"removed from: markdown:journal/{copy.name}, markdown:journal/{page.name}, index" in done.stdout
    assert "4711" not in "".join(p.read_text() for p in folder.rglob("*.md"))
    again = engram("forget", turn, "--yes", "--memory-dir", str(folder))
    assert (again.returncode, again.stderr.strip()) == (1, f"engram-mcp: no memory with id {turn!r}")


def test_version_is_printed() -> None:
    import subprocess
    import sys

    from engram_mcp import __version__

    out = subprocess.run([sys.executable, "-m", "engram_mcp", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"engram-mcp {__version__}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["import", "/nonexistent.jsonl"], "engram-mcp: no such file: /nonexistent.jsonl"),
        (["recall", "anything"], "engram-mcp: no memory folder at {missing} (check --memory-dir; commands that write "
         "create it)"),
        (["serve"], "engram-mcp: the memory folder {file} is a file, not a folder"),
        (["entities", "--merge", "Nobody", "--into", "Sam"], "engram-mcp: no entity named 'Nobody' in namespace "
         "'default'"),
    ],
    ids=["import-missing-file", "read-missing-folder", "serve-on-a-file", "merge-unknown-entity"],
)
def test_bad_input_is_one_line_with_an_exit_code_and_changes_nothing(
    engram, tmp_path: Path, args: list[str], message: str  # type: ignore[no-untyped-def]
) -> None:
    missing = tmp_path / "typo"
    file = tmp_path / "a-file"
    file.write_text("not a folder")
    folder = {"serve": file, "recall": missing}.get(args[0], tmp_path / "memories")
    if args[0] == "entities":
        assert engram("remember", "Sam lives in Oslo", "--fact", "--memory-dir", str(folder)).returncode == 0
    result = engram(*args, "--memory-dir", str(folder))
    assert result.returncode != 0
    assert result.stderr.strip() == message.format(missing=missing, file=file)
    assert "merged" not in result.stdout
    assert not missing.exists()
    assert file.read_text() == "not a folder"


def test_entities_are_listed_and_merged_through_a_running_server(engram, serving, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "memories"
    dir_args = ("--memory-dir", str(folder))
    assert engram("remember", "Ali works at Google.", "--fact", *dir_args).returncode == 0
    assert engram("remember", "Alii likes chess.", "--fact", "--subject", "Alii", "--predicate", "likes",
                  "--object", "chess", *dir_args).returncode == 0
    with serving(folder, "--extractor", "none"):
        listed = engram("entities", *dir_args)
        assert listed.returncode == 0, listed.stderr
        assert "maybe the same: 'Ali' ~ 'Alii'" in listed.stdout
        merged = engram("entities", "--merge", "Alii", "--into", "Ali", *dir_args)
        assert (merged.returncode, merged.stdout) == (0, "merged 'Alii' into 'Ali': 1 facts rewritten\n"), merged.stderr
        after = engram("entities", "--json", *dir_args)
    names = {entity["name"]: entity["facts"] for entity in json.loads(after.stdout)["entities"]}
    assert names["Ali"] == 2 and "Alii" not in names


def test_history_of_an_id_from_another_namespace_is_not_found_there(engram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "memories"
    stored = engram("remember", "Ivo works at Acme", "--fact", "--namespace", "work", "--memory-dir", str(folder),
                    "--json")
    assert stored.returncode == 0, stored.stderr
    fact = json.loads(stored.stdout)["id"]
    elsewhere = engram("history", fact, "--namespace", "personal", "--memory-dir", str(folder))
    assert elsewhere.returncode == 1 and "Acme" not in elsewhere.stdout + elsewhere.stderr
    assert f"no memory with id '{fact}' in namespace 'personal'" in elsewhere.stderr
    assert "Ivo works at Acme" in engram("history", fact, "--namespace", "work", "--memory-dir", str(folder)).stdout
    assert "Ivo works at Acme" in engram("history", fact, "--memory-dir", str(folder)).stdout
