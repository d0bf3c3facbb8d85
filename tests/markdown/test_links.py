"""Wiki-links: what a person types is understood, what the server writes reads back."""

from __future__ import annotations

from engram_mcp.markdown.links import linked_names, wiki_link


def test_typed_links_name_their_pages_once_with_labels_headings_and_folders_dropped() -> None:
    text = "Met [[Eva]] and [[people/Rex|our dog]] at [[Oslo#Old town]]; [[Eva#^f-0123456789ab]] again, \\[[not]]"
    assert linked_names(text) == ("Eva", "Rex", "Oslo")


def test_a_link_the_server_writes_reads_back_as_its_target() -> None:
    assert wiki_link("eva", "Eva") == "[[eva|Eva]]" and wiki_link("eva", "eva") == "[[eva]]"
    assert linked_names(wiki_link("ali-khan", "Ali Khan")) == ("ali-khan",)


def test_text_without_links_names_nothing() -> None:
    assert linked_names("a [single] bracket and [[]] empty and [[\nbroken]]") == ()
