"""The aliases a fact page gives the entity it is about, read from pages as the store writes them."""

from pathlib import Path, PurePosixPath

from engram_mcp.markdown.aliases import PageAliases
from engram_mcp.markdown.store import MarkdownStore
from tests.markdown.test_format import fact


def test_a_name_among_a_fact_pages_aliases_is_its_entity_in_its_namespace_until_the_page_goes(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    page = store.add(fact())
    store.add_alias(page, "Ally")
    aliases = PageAliases()
    aliases.read(page, store.state(page).document)  # type: ignore[union-attr]
    assert aliases.entity_of("default", "ALLY") == "Ali Khan"
    assert aliases.entity_of("work", "Ally") is None
    aliases.drop(page)
    assert aliases.entity_of("default", "Ally") is None


def test_a_page_outside_the_facts_folder_names_no_entity_and_a_renamed_one_names_its_facts_subject(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    page = store.add(fact())
    store.add_alias(page, "Ally")
    document = store.state(page).document  # type: ignore[union-attr]
    aliases = PageAliases()
    aliases.read(PurePosixPath("topics/ali-khan.md"), document)
    assert aliases.entity_of("default", "Ally") is None
    aliases.read(PurePosixPath("facts/my-friend.md"), document)
    assert aliases.entity_of("default", "Ally") == "Ali Khan"
