from pathlib import Path

from engram_mcp.errors import MalformedMemoryFile, StorageError
from engram_mcp.markdown.folder import as_malformed


def test_a_page_the_disk_refuses_to_read_is_reported_as_malformed_at_line_0_and_a_malformed_one_as_it_is() -> None:
    page = Path("/memory/facts/ana.md")
    refused = as_malformed(StorageError("cannot read facts/ana.md: Permission denied"), page)
    assert (refused.path, refused.line, refused.reason) == (page, 0, "cannot read facts/ana.md: Permission denied")
    malformed = MalformedMemoryFile(page, 3, "not UTF-8 text")
    assert as_malformed(malformed, page) is malformed
