"""Start-up upgrades a folder written by the previous format in place: pages gain their properties,
no memory is lost or duplicated, and the index agrees with the files."""

from __future__ import annotations

import shutil
from pathlib import Path

from engram_mcp.app import Engram
from engram_mcp.config import load_settings
from engram_mcp.markdown.store import MarkdownStore
from tests.markdown.test_frontmatter import OLD_FOLDER


def start(folder: Path, model_cache: Path) -> Engram:
    settings = load_settings(environ={
        "ENGRAM_MEMORY_DIR": str(folder), "ENGRAM_CACHE_DIR": str(model_cache),
        "ENGRAM_CONFIG": "/nonexistent", "ENGRAM_EXTRACTOR": "none",
    })
    engram = Engram.open(settings)
    engram.start(background=False)
    return engram


def test_start_up_gives_old_pages_their_properties_and_keeps_every_memory_once(
    tmp_path: Path, model_cache: Path
) -> None:
    folder = tmp_path / "memories"
    shutil.copytree(OLD_FOLDER, folder)
    before = MarkdownStore(folder).load_all().memories
    old_page = (folder / "facts" / "ana.md").read_text()

    engram = start(folder, model_cache)
    try:
        assert {m.id: m for m in engram.service.memories()} == before
        assert engram.check().clean
    finally:
        engram.close()

    page = (folder / "facts" / "ana.md").read_text()
    assert page.startswith("---\nengram_entity: ") and page.split("\n---\n", 1)[1] == old_page
    assert MarkdownStore(folder).load_all().memories == before
    engram = start(folder, model_cache)
    try:
        assert (folder / "facts" / "ana.md").read_text() == page
        assert len(engram.service.memories()) == len(before)
    finally:
        engram.close()
