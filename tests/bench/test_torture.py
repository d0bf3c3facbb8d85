"""The torture benchmark's fast slice: the real server, SIGKILLs, hostile inputs, hand edits, restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from engram_mcp.bench.torture import Torture, run_torture
from engram_mcp.bench.wire_client import WireServer
from tests.stdio_client import server_env

pytestmark = pytest.mark.slow


def test_a_fast_slice_of_the_torture_loses_damages_and_diverges_nothing(tmp_path: Path, model_cache: Path) -> None:
    figures = run_torture(tmp_path, operations=24, kills=2, seed=11, env=server_env(model_cache))
    assert figures.kills >= 2 and figures.acknowledged > 0 and figures.operations >= 24
    assert (figures.lost, figures.damaged, figures.resurrected, figures.divergent, figures.failed_starts) == (
        0, 0, 0, 0, 0
    ), figures.examples


class DeletesWhileDown(Torture):
    """Plain turns only, and a 'person' who empties the journal while the server is down."""

    def _remember_hostile(self, server: WireServer) -> None:
        self._remember_plain(server)

    def _malformed_file(self) -> None:
        self._hand_note_file()

    def _edit_while_down(self) -> None:
        for journal in sorted((self.memories / "journal").glob("*.md")):
            journal.write_text("# emptied by hand\n", encoding="utf-8")
            self.deleted = getattr(self, "deleted", 0) + 1


def test_the_torture_counts_memories_that_vanish_behind_its_back(tmp_path: Path, model_cache: Path) -> None:
    torture = DeletesWhileDown(tmp_path, seed=5, env=server_env(model_cache))
    figures = torture.run(operations=16, kills=1)
    assert getattr(torture, "deleted", 0) > 0
    assert figures.lost > 0 and figures.divergent == 0, figures.examples
