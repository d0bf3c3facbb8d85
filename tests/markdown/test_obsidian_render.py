"""What a person sees: memory pages written by the server, rendered by markdown-it (CommonMark with
HTML, as Obsidian's reading view) with the front-matter plugin.

Measured here: where the metadata can live so that it stays out of the reading view. An HTML
comment renders as nothing in any CommonMark renderer; an Obsidian comment (``%% … %%``) is hidden
by Obsidian only and shows as text everywhere else (GitHub, other editors), so the format keeps
the HTML comment. A sidecar file would hide it too, but a person editing a memory would then have
to keep two files in step, which loses the hand-edit guarantees.
"""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from engram_mcp.markdown.store import MarkdownStore
from tests.markdown.test_frontmatter import OLD_FOLDER

_LINK = re.compile(r"^\[\[(?P<target>[^|\]#]+)(?:#\^(?P<block>[a-z]-[0-9a-f]{12}))?(?:\|[^\]]*)?\]\]$")


def renderer() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True}).use(front_matter_plugin)


class Visible(HTMLParser):
    """The text a reader sees: comments dropped, as a browser does."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.feed(html)

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def upgraded(tmp_path: Path) -> Path:
    folder = tmp_path / "memories"
    shutil.copytree(OLD_FOLDER, folder)
    store = MarkdownStore(folder)
    store.load_all()
    store.refresh_properties()
    return folder


def test_a_fact_page_shows_properties_its_facts_and_no_metadata(tmp_path: Path) -> None:
    page = (upgraded(tmp_path) / "facts" / "ana.md").read_text()
    tokens = renderer().parse(page)
    assert tokens[0].type == "front_matter"
    properties = yaml.safe_load(tokens[0].content)
    assert properties["aliases"] == ["Ana"] and properties["engram_current_facts"] == 2

    seen = Visible(renderer().render(page)).text
    assert "Ana works at Meta." in seen and "Ana works at Google." in seen and "A note I keep myself." in seen
    assert "engram certainty" not in seen and "Each top-level" not in seen and "aliases" not in seen


def test_every_memory_ends_its_list_item_paragraph_with_its_block_id(tmp_path: Path) -> None:
    """Obsidian's rule for a block reference: ``^id`` ends the block's (here the list item's) paragraph;
    the metadata comment after it is a block of its own, so it does not stand in the way."""
    folder = upgraded(tmp_path)
    ids = {m.id for m in MarkdownStore(folder).load_all().memories.values()}
    ending: set[str] = set()
    for page in folder.rglob("*.md"):
        tokens = renderer().parse(page.read_text())
        for i, token in enumerate(tokens):
            if token.type == "inline" and tokens[i - 2].type == "list_item_open":
                found = re.search(r" \^([a-z]-[0-9a-f]{12})$", token.content)
                if found:
                    ending.add(found.group(1))
                    assert tokens[i + 2].type in ("html_block", "list_item_close")
    assert ending == ids


def test_related_links_in_the_properties_resolve_to_the_pages_that_exist(tmp_path: Path) -> None:
    folder = upgraded(tmp_path)
    pages = {p.stem for p in folder.rglob("*.md")}
    ana = yaml.safe_load(renderer().parse((folder / "facts" / "ana.md").read_text())[0].content)
    targets = [_LINK.match(link) for link in ana["related"]]
    assert all(targets)
    assert "eva" in {t.group("target") for t in targets if t} & pages


def test_an_obsidian_comment_would_show_its_metadata_outside_obsidian() -> None:
    block = "- Ana works at Meta. ^f-000000000002\n  %% engram certainty=1 %%\n"
    html_comment = "- Ana works at Meta. ^f-000000000002\n  <!-- engram certainty=1 -->\n"
    assert "engram certainty" in Visible(renderer().render(block)).text
    assert "engram certainty" not in Visible(renderer().render(html_comment)).text
