"""A bad file never takes the memory down: bad blocks are reported with file and line, the
rest of the file stays recallable, remembering goes on, and check is never falsely clean."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Memory as Record
from tests.sync.conftest import Memory, Opener

TODAY = PurePosixPath("journal/2026-11-30.md")


def ids(memory: Memory) -> set[str]:
    return {m.id for m in memory.service.memories()}


def break_block(path: Path, memory_id: str, old: str, new: str) -> str:
    """Change one value in one block's metadata, as a clumsy hand edit would."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"^{memory_id}")
    end = text.index("-->", start)
    broken = text[:start] + text[start:end].replace(old, new, 1) + text[end:]
    assert broken != text
    path.write_text(broken, encoding="utf-8")
    return broken


def remembered(memory: Memory, *texts: str) -> list[Record]:
    return [memory.service.remember(text, speaker="Sam") for text in texts]


def test_a_wrong_typed_value_is_reported_with_file_and_line_and_the_rest_of_the_file_stays(
    memory: Memory, open_memory: Opener
) -> None:
    first, second, third = remembered(memory, "I live in Dublin.", "My dog is Biscuit.", "I work at Meta.")
    path = memory.folder / TODAY
    memory.reconciler.sync([TODAY])
    broken = break_block(path, second.id, "role=user", "role=[1] certainty=[1]")

    report = memory.reconciler.sync([TODAY])
    [error] = report.errors
    assert str(TODAY) in str(error) and error.line == 7 and "certainty=[1]" in str(error)
    assert ids(memory) == {first.id, second.id, third.id}
    assert memory.service.get(second.id) == second  # its last good version

    restarted = open_memory()
    assert ids(restarted) == {first.id, second.id, third.id}
    assert restarted.service.get(second.id) == second
    assert [found.memory.id for found in restarted.service.recall("What is the dog called?").memories][0] == second.id
    assert path.read_text(encoding="utf-8") == broken
    lines = restarted.check_lines()
    assert len(lines) == 1 and f"{TODAY}:7" in lines[0]


def test_remember_goes_on_in_a_sibling_page_while_todays_journal_is_malformed(
    memory: Memory, open_memory: Opener
) -> None:
    [first] = remembered(memory, "I live in Dublin.")
    path = memory.folder / TODAY
    broken = break_block(path, first.id, "created=", "created=yesterday-")
    memory.reconciler.sync([TODAY])

    later = remembered(memory, "I started at Meta today.", "Biscuit had his shots.")
    assert path.read_text(encoding="utf-8") == broken
    sibling = memory.folder / "journal/2026-11-30.2.md"
    assert sibling.read_text(encoding="utf-8").startswith("# Journal — 2026-11-30 (2)\n")
    assert all(m.id in sibling.read_text(encoding="utf-8") for m in later)

    restarted = open_memory()
    assert ids(restarted) == {first.id, *(m.id for m in later)}
    assert restarted.service.get(first.id) == first
    [more] = remembered(restarted, "One more turn.")
    assert more.id in sibling.read_text(encoding="utf-8") and path.read_text(encoding="utf-8") == broken

    path.write_text(broken.replace("created=yesterday-", "created="), encoding="utf-8")
    restarted.reconciler.sync([TODAY])
    assert restarted.check_lines() == []
    [fixed] = remembered(restarted, "The journal is fixed.")
    assert fixed.id in path.read_text(encoding="utf-8")


def test_a_block_without_a_last_good_copy_keeps_check_from_calling_the_folder_clean(
    memory: Memory, open_memory: Opener
) -> None:
    first, second = remembered(memory, "I live in Dublin.", "My dog is Biscuit.")
    memory.index.close()
    (memory.folder / ".engram" / "last-good" / TODAY).unlink(missing_ok=True)
    break_block(memory.folder / TODAY, second.id, "created=", "created=soon-")
    restarted = open_memory()
    assert first.id in ids(restarted)
    lines = restarted.check_lines()
    assert any("malformed" in line and str(TODAY) in line for line in lines)
    assert any(second.id in line for line in lines)  # acknowledged, indexed, unreadable: named


def test_a_memory_deleted_from_its_file_while_stopped_is_not_called_clean_by_check(open_memory: Opener) -> None:
    memory = open_memory()
    first, second = remembered(memory, "I live in Dublin.", "My dog is Biscuit.")
    memory.index.close()
    path = memory.folder / TODAY
    text = path.read_text(encoding="utf-8")
    block = re.search(rf"- [^\n]*\^{second.id}\n  <!--[^\n]*-->\n", text)
    assert block is not None
    path.write_text(text.replace(block.group(), ""), encoding="utf-8")
    fresh = MarkdownStore(memory.folder).load_all()
    assert set(fresh.memories) == {first.id}
    # Reopening reconciles (the person deleted it: it is forgotten); check on the old index first.
    opened = open_memory.__class__(memory.folder, open_memory.embedder, open_memory.clock)
    lines = _check_before_start_up(opened)
    assert any(second.id in line for line in lines)


def _check_before_start_up(opener: Opener) -> list[str]:
    from engram_mcp.index.edge import EdgeIndex
    from engram_mcp.service.memory import MemoryService
    from engram_mcp.sync.last_good import LastGood
    from engram_mcp.sync.reconciler import Reconciler

    index = EdgeIndex(opener.folder / ".engram" / "index", opener.embedder.dimension)
    try:
        store = MarkdownStore(opener.folder)
        service = MemoryService(store, index, opener.embedder, opener.clock)
        reconciler = Reconciler(store, service, LastGood(opener.folder / ".engram" / "last-good"), opener.clock)
        return reconciler.check(index.content_hashes()).lines()
    finally:
        index.close()


def test_the_same_id_twice_in_a_file_or_in_two_files_is_reported_and_the_first_copy_kept(
    memory: Memory, open_memory: Opener
) -> None:
    [turn] = remembered(memory, "I live in Dublin.")
    path = memory.folder / TODAY
    text = path.read_text(encoding="utf-8")
    block = text[text.index("- **Sam**") :]
    path.write_text(text + block.replace("Dublin", "Cork"), encoding="utf-8")
    other = memory.folder / "journal/2026-12-01.md"
    other.write_text("# Journal — 2026-12-01\n\n" + block.replace("Dublin", "Galway"), encoding="utf-8")
    memory.index.close()

    restarted = open_memory()
    assert restarted.service.get(turn.id).text == "I live in Dublin."
    lines = restarted.check_lines()
    assert any("already appears at line" in line and str(TODAY) in line for line in lines)
    assert any("2026-12-01.md" in line and "is also in" in line for line in lines)
    assert len(MarkdownStore(memory.folder).load_all().errors) == 2
