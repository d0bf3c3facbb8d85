from pathlib import Path

import pytest

from engram_mcp.errors import MemoryFolderLocked
from engram_mcp.state.folder_lock import FolderLock


def test_a_second_writer_is_refused_at_once_naming_the_holder(tmp_path: Path) -> None:
    first = FolderLock(tmp_path / ".engram")
    first.acquire()
    with pytest.raises(MemoryFolderLocked, match="in use by another Engram process"):
        FolderLock(tmp_path / ".engram").acquire()
    first.release()


def test_the_folder_is_free_again_once_the_writer_lets_go(tmp_path: Path) -> None:
    first = FolderLock(tmp_path / ".engram")
    first.acquire()
    first.release()
    second = FolderLock(tmp_path / ".engram")
    second.acquire()
    second.release()
