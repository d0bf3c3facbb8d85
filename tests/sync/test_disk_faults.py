"""Disk faults give reasons, over stdio against the real server: a full disk, a read-only
folder and an unusable index folder end in one clear line, lose nothing, and clear up by
themselves. The file systems are small tmpfs mounts (root only; skipped with the reason if
mounting is refused)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.edge.test_server_e2e import call, recalled, run_session

pytestmark = pytest.mark.slow

MB = 1024 * 1024


class Mount:
    def __init__(self, path: Path) -> None:
        self.path = path

    def remount(self, options: str) -> None:
        subprocess.run(["mount", "-o", f"remount,{options}", str(self.path)], check=True)

    def fill(self, leave: int) -> Path:
        """Take all but ``leave`` bytes of the file system."""
        filler = self.path / "filler"
        status = os.statvfs(self.path)
        size = status.f_bavail * status.f_frsize - leave
        with filler.open("wb") as stream:
            while size > 0:
                chunk = min(size, MB)
                stream.write(b"\0" * chunk)
                size -= chunk
        return filler


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Mount]:
    path = tmp_path / "disk"
    path.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=128m", "tmpfs", str(path)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip() or done.returncode}")
    try:
        yield Mount(path)
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


async def error_of(client: Client, tool: str, **arguments: Any) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result.content
    [content] = result.content
    text = getattr(content, "text", "")
    assert "\n" not in text.strip()
    return str(text)


def test_a_full_disk_refuses_writes_with_a_reason_keeps_serving_and_recovers(
    small_disk: Mount, model_cache: Path
) -> None:
    memories = small_disk.path / "memories"

    async def while_it_fills(client: Client) -> None:
        await call(client, "remember", text="I live in Dublin.", speaker="Sam")
        filler = small_disk.fill(leave=2 * MB)
        reason = await error_of(client, "remember", text="I adopted a dog named Biscuit.", speaker="Sam")
        assert "full" in reason and "MB free" in reason
        assert recalled(await call(client, "recall", query="Where does Sam live?"))[0] == "I live in Dublin."
        filler.unlink()
        await call(client, "remember", text="I started at Meta today.", speaker="Sam")

    run_session(memories, model_cache, while_it_fills, "--extractor", "none")
    filler = small_disk.fill(leave=2 * MB)

    async def starting_full(client: Client) -> None:
        reason = await error_of(client, "recall", query="Where does Sam live?")
        assert "full" in reason
        filler.unlink()
        found = recalled(await call(client, "recall", query="Where does Sam work and live?"))
        assert {"I live in Dublin.", "I started at Meta today."} <= set(found)
        assert "I adopted a dog named Biscuit." not in found
        assert (await call(client, "check_memory", wait_seconds=5))["clean"]

    run_session(memories, model_cache, starting_full, "--extractor", "none")


def test_a_read_only_folder_is_recalled_from_and_refuses_writes_with_a_reason(
    small_disk: Mount, model_cache: Path
) -> None:
    memories = small_disk.path / "memories"

    async def write(client: Client) -> None:
        await call(client, "remember", text="I live in Dublin.", speaker="Sam")

    run_session(memories, model_cache, write, "--extractor", "none")
    before = {p: p.read_bytes() for p in memories.rglob("*.md") if ".engram" not in p.parts}
    small_disk.remount("ro")

    async def read_only(client: Client) -> None:
        assert recalled(await call(client, "recall", query="Where does Sam live?"))[0] == "I live in Dublin."
        reason = await error_of(client, "remember", text="I moved to Cork.", speaker="Sam")
        assert "Read-only file system" in reason and "journal/" in reason
        small_disk.remount("rw")
        await call(client, "remember", text="I moved to Cork.", speaker="Sam")

    run_session(memories, model_cache, read_only, "--extractor", "none")
    after = {p: p.read_bytes() for p in memories.rglob("*.md") if ".engram" not in p.parts}
    assert all(after[p].startswith(before[p][:-1]) for p in before)
    assert b"I moved to Cork." in b"".join(after.values())


def test_an_unusable_index_folder_is_named_and_the_memory_comes_back_when_it_is_fixed(
    tmp_path: Path, model_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memories = tmp_path / "memories"
    blocker = tmp_path / "index-here"

    async def write(client: Client) -> None:
        await call(client, "remember", text="I live in Dublin.", speaker="Sam")

    run_session(memories, model_cache, write, "--extractor", "none")
    blocker.write_text("a file where the index folder should be")
    monkeypatch.setenv("ENGRAM_INDEX_DIR", str(blocker))

    async def broken_index(client: Client) -> None:
        reason = await error_of(client, "recall", query="Where does Sam live?")
        assert str(blocker) in reason and "cannot be opened" in reason
        reason = await error_of(client, "remember", text="I moved to Cork.", speaker="Sam")
        assert str(blocker) in reason
        blocker.unlink()
        assert recalled(await call(client, "recall", query="Where does Sam live?"))[0] == "I live in Dublin."
        await call(client, "remember", text="I moved to Cork.", speaker="Sam")

    run_session(memories, model_cache, broken_index, "--extractor", "none")
    texts = "".join(p.read_text() for p in memories.rglob("*.md") if ".engram" not in p.parts)
    assert "I live in Dublin." in texts and texts.count("I moved to Cork.") == 1


def test_a_markdown_write_the_disk_refuses_names_the_file_and_leaves_the_old_one_whole(small_disk: Mount) -> None:
    from engram_mcp.errors import StorageError
    from engram_mcp.markdown.store import MarkdownStore
    from tests.markdown.test_format import turn

    store = MarkdownStore(small_disk.path / "memories")
    store.add(turn("I live in Dublin."))
    [page] = (small_disk.path / "memories" / "journal").glob("*.md")
    before = page.read_bytes()
    small_disk.fill(leave=0)
    with pytest.raises(StorageError) as raised:
        store.add(turn("x" * 90_000, id="t-aaaaaaaaaaaa"))
    assert f"journal/{page.name}" in str(raised.value) and "No space left on device" in str(raised.value)
    assert page.read_bytes() == before
    assert [p.name for p in page.parent.iterdir()] == [page.name]  # no temporary file left behind
    assert set(MarkdownStore(small_disk.path / "memories").load_all().memories) == {"t-0123456789ab"}
