from pathlib import PurePosixPath

from engram_mcp.markdown.locations import MemoryLocations

PAGE = PurePosixPath("facts/ali-khan.md")
CONFLICT_COPY = PurePosixPath("facts/ali-khan (conflicted copy).md")
BACKUP = PurePosixPath("facts/ali-khan.bak.md")


def test_a_memory_in_two_files_is_read_from_the_first_in_path_order_and_the_other_is_a_copy() -> None:
    locations = MemoryLocations()
    locations.page_read(PAGE, ["f1", "f2"])
    locations.page_read(CONFLICT_COPY, ["f1"])
    assert locations.file_of("f1") == CONFLICT_COPY and locations.file_of("f2") == PAGE
    assert locations.files_of("f1") == (CONFLICT_COPY, PAGE) and locations.files_of("f2") == (PAGE,)


def test_a_page_gone_hands_each_memory_to_its_next_copy() -> None:
    locations = MemoryLocations()
    for page in (PAGE, CONFLICT_COPY, BACKUP):
        locations.page_read(page, ["f1"])
    locations.page_gone(CONFLICT_COPY)
    assert locations.files_of("f1") == (BACKUP, PAGE)
    locations.page_gone(BACKUP)
    locations.page_gone(PAGE)
    assert locations.file_of("f1") is None and locations.files_of("f1") == ()


def test_a_page_read_again_without_a_memory_holds_it_no_more_and_a_copy_elsewhere_is_read_instead() -> None:
    locations = MemoryLocations()
    locations.page_read(CONFLICT_COPY, ["f1", "f2"])
    locations.page_read(PAGE, ["f1"])
    locations.page_read(CONFLICT_COPY, ["f2"])
    assert locations.files_of("f1") == (PAGE,) and locations.file_of("f2") == CONFLICT_COPY


def test_a_block_added_to_a_page_is_read_from_it_beside_what_it_held() -> None:
    locations = MemoryLocations()
    locations.page_read(PAGE, ["f1"])
    locations.block_added(PAGE, "f2")
    assert locations.file_of("f1") == PAGE and locations.file_of("f2") == PAGE
    locations.page_gone(PAGE)
    assert locations.file_of("f1") is None and locations.file_of("f2") is None
