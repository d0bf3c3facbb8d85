"""How many hostile inputs survive a restart intact: ``python -m tests.markdown.measure_hostile [out.json]``.

Each input, as a turn's text, as a speaker and session, and as a fact's text, subject and object,
is written alone into a fresh folder beside a canary memory; the folder is then read afresh (a
restart) and the outcome counted: intact, changed or lost, canary lost, phantom memory, file
malformed, or a crash. Prints one line per category and writes the figures as JSON.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Memory
from tests.markdown.hostile import CATEGORIES, SPEAKERS
from tests.markdown.test_hostile import a_fact, a_turn


def outcome(memories: list[Memory]) -> str:
    with tempfile.TemporaryDirectory() as folder:
        try:
            store = MarkdownStore(Path(folder))
            for memory in memories:
                store.add(memory)
            report = MarkdownStore(Path(folder)).load_all()
        except Exception as error:  # noqa: BLE001 - a crash is one of the outcomes counted
            return f"crash ({type(error).__name__})"
    if report.errors:
        return "malformed"
    found = report.memories
    if found.get(memories[0].id) != memories[0]:
        return "canary lost"
    if any(found.get(m.id) != m for m in memories[1:]):
        return "changed or lost"
    return "phantom" if set(found) - {m.id for m in memories} else "intact"


def main(argv: list[str]) -> int:
    canary = a_turn(0, "The canary is yellow.", speaker="Ana")
    figures: dict[str, dict[str, int]] = {}
    cases = {name: list(texts) for name, texts in CATEGORIES.items()}
    cases["hostile speakers"] = SPEAKERS
    for name, texts in cases.items():
        counts: dict[str, int] = {}
        for text in texts:
            label = text[:200]
            for trial in ([canary, a_turn(1, text, speaker="Ana")],
                          [canary, a_turn(1, "hello", speaker=label, session=label)],
                          [canary, a_fact(1, text)]):
                result = outcome(trial)
                counts[result] = counts.get(result, 0) + 1
        figures[name] = counts
        total = sum(counts.values())
        others = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "intact")
        print(f"{name:36s} {counts.get('intact', 0):3d}/{total:<3d} intact  {others}")
    intact = sum(c.get("intact", 0) for c in figures.values())
    total = sum(sum(c.values()) for c in figures.values())
    print(f"{'all':36s} {intact:3d}/{total:<3d} intact")
    if argv:
        Path(argv[0]).write_text(json.dumps({"intact": intact, "total": total, "categories": figures}, indent=2))
    return 0 if intact == total else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
