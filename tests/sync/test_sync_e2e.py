"""End to end: hand edits to real files, seen by the real watcher of the real server over stdio.

Nothing here sleeps: ``check_memory`` waits (with a timeout) until the server has processed
the latest version of every file, then compares the files with the index.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from tests.stdio_client import call, recalled, run_session, wait_until_idle

pytestmark = pytest.mark.slow


def serve(memory_dir: Path, model_cache: Path, scenario: Callable[[Client], Awaitable[Any]]) -> Any:
    return run_session(memory_dir, model_cache, scenario, "--extractor", "none")


def save_like_an_editor(path: Path, text: str) -> None:
    """Write a temporary file beside the real one, then rename it over it."""
    temporary = path.with_name(f".{path.name}.swp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


async def in_step(client: Client, wait_seconds: float = 30) -> list[str]:
    report = await call(client, "check_memory", wait_seconds=wait_seconds)
    assert report["clean"] == (report["differences"] == [])
    return report["differences"]


def test_hand_edits_are_recalled_once_synced_and_deleted_blocks_are_forgotten(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"
    page = memories / "facts" / "ana.md"

    async def scenario(client: Client) -> None:
        page.parent.mkdir(parents=True, exist_ok=True)
        save_like_an_editor(page, "# Ana\n\nNotes I keep myself.\n\n- Ana lives in Porto.\n")
        assert await in_step(client) == []
        assert recalled(await call(client, "recall", query="Where does Ana live?"))[0] == "Ana lives in Porto."
        with_id = page.read_text()
        assert with_id.split("\n---\n", 1)[1].startswith("# Ana\n\nNotes I keep myself.\n\n- Ana lives in Porto. ^f-")

        save_like_an_editor(page, with_id.replace("Porto", "Lisbon"))
        assert await in_step(client) == []
        found = await call(client, "recall", query="Where does Ana live?")
        assert recalled(found)[0] == "Ana lives in Lisbon."
        assert found["memories"][0]["source"] == "human-edit"
        assert "Ana lives in Porto." not in recalled(found)

        lines = page.read_text().splitlines(keepends=True)
        start = next(i for i, line in enumerate(lines) if "Lisbon" in line)
        save_like_an_editor(page, "".join(lines[:start] + lines[start + 2 :]))
        assert await in_step(client) == []
        assert "Ana lives in Lisbon." not in recalled(await call(client, "recall", query="Where does Ana live?"))
        assert page.read_text().split("\n---\n", 1)[1].startswith("# Ana\n\nNotes I keep myself.\n\n")

    serve(memories, model_cache, scenario)


def test_a_file_added_while_the_server_was_stopped_is_indexed_at_start_up(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"

    async def first(client: Client) -> None:
        await call(client, "remember", text="I play the cello.")

    serve(memories, model_cache, first)
    tea = memories / "procedures" / "tea.md"
    tea.parent.mkdir(parents=True)
    tea.write_text("# Tea\n\n- Brew green tea at 80 degrees, never boiling.\n")

    async def second(client: Client) -> None:
        found = await call(client, "recall", query="How hot should the water be for green tea?")
        assert recalled(found)[0] == "Brew green tea at 80 degrees, never boiling."
        assert found["memories"][0]["type"] == "procedural"
        assert await in_step(client) == []

    serve(memories, model_cache, second)
    assert "^f-" in tea.read_text()


def test_two_hundred_rapid_edits_converge_to_an_index_that_matches_the_files(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"
    books = memories / "facts" / "ana.md"

    async def scenario(client: Client) -> None:
        turns = [(await call(client, "remember", text=f"Turn number {i} about gardening."))["file"] for i in range(5)]
        journal = memories / turns[0]
        books.parent.mkdir(parents=True, exist_ok=True)
        books.write_text("# Ana\n")
        for i in range(200):
            if i % 4 == 3:
                text = journal.read_text()
                save_like_an_editor(journal, text.replace("gardening", f"gardening (edit {i})", 1) if i % 8 == 3
                                    else text.replace(f" (edit {i - 4})", ""))
            elif i % 10 == 9:
                lines = books.read_text().splitlines(keepends=True)
                save_like_an_editor(books, "".join(line for line in lines if f"book {i - 9}." not in line))
            else:
                save_like_an_editor(books, books.read_text() + f"- Ana read book {i}.\n")
        assert await in_step(client, wait_seconds=60) == []
        status = await call(client, "memory_status")
        items = [line for line in books.read_text().splitlines() if line.startswith("- ")]
        assert all("^f-" in line for line in items)
        assert status["memories"] == len(items) + 5

    serve(memories, model_cache, scenario)


def test_a_malformed_file_is_reported_untouched_and_the_rest_keeps_working(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"
    bad = memories / "facts" / "bad.md"
    broken = "# Bad\n\n- Ana lives in Porto. ^f-0123456789ab\n  <!-- engram created=yesterday -->\n"

    async def scenario(client: Client) -> None:
        await call(client, "remember", text="I am allergic to peanuts.")
        bad.parent.mkdir(parents=True, exist_ok=True)
        bad.write_text(broken)
        differences = await in_step(client)
        assert len(differences) == 1 and "facts/bad.md:3" in differences[0] and "malformed" in differences[0]
        assert recalled(await call(client, "recall", query="Any food allergy?"))[0] == "I am allergic to peanuts."
        await call(client, "remember", text="Still remembering.")

    serve(memories, model_cache, scenario)
    assert bad.read_text() == broken


def test_lines_another_program_appends_while_the_server_writes_the_page_are_all_kept_and_remembered(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> None:
        page = memories / (await call(client, "remember", text="Seed turn.", speaker="Ana"))["file"]
        appended: list[int] = []
        stop = threading.Event()

        def append_like_a_script() -> None:
            while not stop.is_set():
                with page.open("a") as other_program:
                    other_program.write(f"- Hand note number {len(appended)}.\n")
                appended.append(len(appended))
                time.sleep(0.02)

        appender = threading.Thread(target=append_like_a_script)
        appender.start()
        try:
            for number in range(60):
                await call(client, "remember", text=f"Server turn {number}.", speaker="Ana")
        finally:
            stop.set()
            appender.join()
        assert await in_step(client) == []
        text = page.read_text()
        assert {int(n) for n in re.findall(r"^- Hand note number (\d+)\. \^t-", text, re.MULTILINE)} == set(appended)
        assert (await call(client, "memory_status"))["memories"] == 61 + len(appended)

    serve(memories, model_cache, scenario)


def test_a_named_pipe_appearing_as_a_page_while_serving_is_never_opened_and_the_server_keeps_answering(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"
    pipe = memories / "facts" / "pipe.md"

    async def scenario(client: Client) -> None:
        await call(client, "remember", text="I work at Spotify.")
        assert await in_step(client) == []  # the journal folder's rescan is over: the pipe's event is its own
        os.mkfifo(pipe)
        # Written after the pipe: once it is synced, so is the pipe's event (it came first).
        save_like_an_editor(memories / "facts" / "ana.md", "- Ana lives in Porto.\n")
        with anyio.fail_after(90):  # a server opening the pipe answers nothing again
            assert await in_step(client) == [
                "not read (a named pipe, not a regular file; only a regular file is opened): facts/pipe.md"
            ]
            await call(client, "remember", text="I still remember.")
            assert recalled(await call(client, "recall", query="Where does Ana live?"))[0] == "Ana lives in Porto."
            pipe.unlink()
            assert await in_step(client) == []

    pipe.parent.mkdir(parents=True)  # watched from the start: the pipe's own event reaches the sync
    serve(memories, model_cache, scenario)


def test_a_page_whose_name_is_not_text_is_not_read_so_every_answer_encodes_and_check_names_it_until_renamed(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"
    unpacked = os.path.join(os.fsencode(memories), b"facts", b"\xff\xfe.md")
    not_read = r"not read (its name is not UTF-8 text; renamed, it is read): facts/\xff\xfe.md"

    async def while_serving(client: Client) -> None:
        await call(client, "remember", text="I work at Spotify.")
        (memories / "facts").mkdir(parents=True, exist_ok=True)
        with open(unpacked, "w", encoding="utf-8") as from_an_old_zip:
            from_an_old_zip.write("- Ana works at Spotify on Tuesdays.\n")
        # Written after it: once it is synced, the watcher has had the other file's event too.
        save_like_an_editor(memories / "facts" / "ana.md", "- Ana lives in Porto.\n")
        assert await in_step(client) == [not_read]
        assert "Ana works at Spotify on Tuesdays." not in recalled(await call(client, "recall", query="Where does Ana work?"))

    async def after_a_restart(client: Client) -> None:
        assert await in_step(client) == [not_read]
        await call(client, "recall", query="Where does Ana work?")
        os.rename(unpacked, memories / "facts" / "ana-at-work.md")
        assert await in_step(client) == []
        assert "Ana works at Spotify on Tuesdays." in recalled(await call(client, "recall", query="Where does Ana work?"))

    serve(memories, model_cache, while_serving)
    serve(memories, model_cache, after_a_restart)


def test_a_turn_corrected_in_the_journal_takes_the_facts_of_its_old_text_with_it_live_and_while_stopped(
    tmp_path: Path, model_cache: Path
) -> None:
    memories = tmp_path / "memories"
    journal = memories / "journal" / "2024-03-10.md"

    async def current_work(client: Client) -> list[str]:
        found = await call(client, "recall", query="Where does Zoe work?")
        return [m["text"] for m in found["memories"] if m["kind"] == "fact" and m["status"] == "current"]

    async def live(client: Client) -> None:
        await call(client, "remember", text="I work at Google as a data engineer.", speaker="Zoe",
                   event_time="2024-03-10T12:00:00Z")
        await wait_until_idle(client)
        save_like_an_editor(journal, journal.read_text().replace("at Google", "at Spotify"))
        assert await in_step(client) == []
        await wait_until_idle(client)
        assert set(await current_work(client)) == {"Zoe works at Spotify.", "Zoe works as a data engineer."}

    async def after_a_stop(client: Client) -> None:
        await wait_until_idle(client)
        assert set(await current_work(client)) == {"Zoe works at Stripe.", "Zoe works as a data engineer."}

    run_session(memories, model_cache, live, "--extractor", "rules")
    journal.write_text(journal.read_text().replace("at Spotify", "at Stripe"))
    run_session(memories, model_cache, after_a_stop, "--extractor", "rules")
