"""Page properties (YAML frontmatter) on fact pages: computed from the page, a person's keys kept,
never read as memories, and added in place to a folder written before they existed."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path, PurePosixPath

import yaml

from engram_mcp.markdown.format import parse_document
from engram_mcp.markdown.frontmatter import RenamedPages, page_properties, with_frontmatter
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Memory
from tests.markdown.test_format import fact

OLD_FOLDER = Path(__file__).parent / "fixtures" / "folder-2026-11-30"
ANA = PurePosixPath("facts/ana.md")


def properties(text: str) -> dict[str, object]:
    assert text.startswith("---\n")
    loaded = yaml.safe_load(text.split("---\n", 2)[1])
    assert isinstance(loaded, dict)
    return loaded


def test_the_servers_keys_are_rewritten_where_they_stand_and_a_persons_keys_kept_as_written() -> None:
    page = 'tags:\n- family\naliases: ["Ana"]\nengram_current_facts: 1\nmine: yes # my note\n'
    ours = {"engram_entity": "e-1", "aliases": ["Ana"], "engram_current_facts": 2}
    updated = with_frontmatter(f"---\n{page}---\n# Ana\n", ours, "ana")
    assert updated == (
        '---\nengram_entity: "e-1"\ntags:\n- family\naliases: ["Ana"]\nengram_current_facts: 2\n'
        "mine: yes # my note\n---\n# Ana\n"
    )
    assert with_frontmatter(updated, ours, "ana") == updated


def test_aliases_and_links_a_person_added_are_kept_and_the_servers_own_recomputed() -> None:
    page = (
        "---\naliases:\n  - Ana\n  - Annie\n  - 'Ana Lima'\n  - ANA\n"
        'related: ["[[eva|Eva]]", "[[Bob]]", [[people/carl|Carl]]]\n---\n'
    )
    updated = with_frontmatter(page, {"aliases": ["Ana"], "related": ["[[google|Google]]"]}, "ana")
    assert properties(updated) == {
        "aliases": ["Ana", "Annie", "Ana Lima"],
        "related": ["[[google|Google]]", "[[Bob]]", "[[people/carl|Carl]]"],
    }
    assert properties(with_frontmatter(page, {}, "ana")) == {
        "aliases": ["Annie", "Ana Lima"],
        "related": ["[[Bob]]", "[[people/carl|Carl]]"],
    }, "a page left without memories keeps only what a person added"


def test_list_items_in_the_frontmatter_are_never_taken_for_memories() -> None:
    document = parse_document("---\ntags:\n- family\n---\n- Ana likes tea.\n", Path("facts/ana.md"), "default")
    assert [b.text for b in document.hand_blocks] == ["Ana likes tea."]


def test_an_old_folder_is_upgraded_in_place_with_nothing_lost_or_duplicated(tmp_path: Path) -> None:
    folder = tmp_path / "memories"
    shutil.copytree(OLD_FOLDER, folder)
    before = {p.relative_to(folder): p.read_text() for p in folder.rglob("*.md")}
    store = MarkdownStore(folder)
    memories = store.load_all().memories

    assert set(store.refresh_properties()) == {ANA, PurePosixPath("facts/eva.md")}

    after = {p.relative_to(folder): p.read_text() for p in folder.rglob("*.md")}
    assert set(after) == set(before) and after[Path("journal/2026-11-30.md")] == before[Path("journal/2026-11-30.md")]
    for name in ("facts/ana.md", "facts/eva.md"):
        # Only the frontmatter was added: the old file follows it byte for byte.
        assert after[Path(name)].split("\n---\n", 1)[1] == before[Path(name)]
    reloaded = MarkdownStore(folder).load_all()
    assert reloaded.memories == memories and not reloaded.errors
    ana = properties(after[Path("facts/ana.md")])
    assert ana["aliases"] == ["Ana"] and ana["engram_current_facts"] == 2 and ana["engram_kind"] == "facts"
    assert ana["related"] == ["[[eva|Eva]]", "[[google|Google]]", "[[meta|Meta]]", "[[oslo|Oslo]]"]
    assert ana["engram_updated"] == "2026-11-30T09:00:00Z" and str(ana["engram_entity"]).startswith("e-")
    assert MarkdownStore(folder).load_all() and not _refreshed_again(folder)


def _refreshed_again(folder: Path) -> list[PurePosixPath]:
    store = MarkdownStore(folder)
    store.load_all()
    return store.refresh_properties()


def test_purging_the_last_fact_of_a_page_deletes_the_page_properties_and_all(tmp_path: Path) -> None:
    folder = tmp_path / "memories"
    shutil.copytree(OLD_FOLDER, folder)
    store = MarkdownStore(folder)
    store.load_all()
    store.refresh_properties()
    store.remove("f-000000000004", drop_empty_page=True)
    assert not (folder / "facts" / "eva.md").exists()


def test_a_page_saved_with_a_byte_order_mark_keeps_one_frontmatter_with_the_persons_keys(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    store.add(_fact_about_ana("f-000000000001", "Ana lives in Berlin."))
    page = tmp_path / ANA
    page.write_text("\ufeff" + page.read_text().replace("---\n", "---\ntags:\n  - family\n", 1), encoding="utf-8")
    store.add(_fact_about_ana("f-000000000002", "Ana works at Spotify."))
    text = page.read_text(encoding="utf-8")
    assert text.startswith("---\n") and text.count("---\n") == 2 and "\ufeff" not in text
    assert properties(text)["tags"] == ["family"]
    assert set(MarkdownStore(tmp_path).load_all().memories) == {"f-000000000001", "f-000000000002"}


def _fact_about_ana(memory_id: str, text: str) -> Memory:
    return replace(fact(), id=memory_id, text=text, subject="Ana", entities=("Ana",), pinned=False)


def test_aliases_a_person_adds_in_the_properties_panel_survive_the_servers_next_write(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    store.add(_fact_about_ana("f-000000000001", "Ana lives in Berlin."))
    page = tmp_path / ANA
    page.write_text(page.read_text().replace('aliases: ["Ana"]', "aliases:\n  - Ana\n  - Annie\n  - Ana Lima"))
    store.add(_fact_about_ana("f-000000000002", "Ana works at Spotify."))
    assert properties(page.read_text())["aliases"] == ["Ana", "Annie", "Ana Lima"]
    assert properties(page.read_text())["engram_current_facts"] == 2


def test_a_link_to_a_fact_page_a_person_renamed_names_it_as_it_stands_and_the_links_the_server_wrote_before_are_its_own() -> None:
    page = '---\nrelated: ["[[eva|Eva]]", "[[Bob]]"]\n---\n# Ana\n'
    renamed = RenamedPages({"eva": "my-sister"})
    assert page_properties([fact()], "facts", "ali-khan", RenamedPages({"meta-inc": "employer"}))["related"] == [
        "[[employer|Meta, Inc.]]"
    ]
    once = with_frontmatter(page, {"related": ["[[my-sister|Eva]]"]}, "ana", renamed)
    assert properties(once)["related"] == ["[[my-sister|Eva]]", "[[Bob]]"]
    again = RenamedPages({"eva": "sis"}, {"eva": frozenset({"my-sister"})})
    assert properties(with_frontmatter(once, {"related": ["[[sis|Eva]]"]}, "ana", again))["related"] == ["[[sis|Eva]]", "[[Bob]]"]


def test_links_to_a_fact_page_renamed_while_the_server_was_stopped_name_it_as_it_stands_from_start_up(tmp_path: Path) -> None:
    folder = tmp_path / "memories"
    shutil.copytree(OLD_FOLDER, folder)
    _refreshed_again(folder)
    (folder / "facts" / "eva.md").rename(folder / "facts" / "my-sister.md")

    assert _refreshed_again(folder) == [ANA]
    assert properties((folder / ANA).read_text())["related"] == ["[[my-sister|Eva]]", "[[google|Google]]", "[[meta|Meta]]", "[[oslo|Oslo]]"]
    store = MarkdownStore(folder)
    memories = store.load_all().memories
    # Written again by the server (a fact about Ana changed, a new one about Eva), Ana's page links the same.
    store.update(replace(memories["f-000000000003"], pinned=True))
    store.add(replace(memories["f-000000000004"], id="f-0000000000ff", text="Eva lives in Bergen."))
    assert properties((folder / ANA).read_text())["related"][0] == "[[my-sister|Eva]]"
    assert not (folder / "facts" / "eva.md").exists() and not _refreshed_again(folder)
