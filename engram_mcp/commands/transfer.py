"""``export`` and ``import``: a memory folder to JSON Lines and back, and other systems' exports in.

Export reads the markdown only (no lock), so it works beside a running server. Import
writes, so it opens the folder itself; everything in the file is checked before the first
write, and what is already there (same id) is skipped, so an import can be run again.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engram_mcp.commands.progress import progress
from engram_mcp.config import Settings
from engram_mcp.errors import InvalidInput

__all__ = ["COMMANDS", "PRECHECKS", "WRITES", "add_parsers", "check_import_file"]

_CHUNK = 256
_LABELS = {
    "engram-export": "the Engram export",
    "mcp-memory": "the MCP memory server file",
    "mem0": "the mem0 export",
    "turns": "the turns file",
}


def add_parsers(commands: Any, common: argparse.ArgumentParser) -> None:
    export = commands.add_parser("export", parents=[common], help="every memory, with all its metadata, as JSON Lines")
    export.add_argument("file", nargs="?", default="-", help="where to write it (default: stdout)")
    export.add_argument("--namespace", help="only this memory space (default: all)")
    importer = commands.add_parser(
        "import", parents=[common],
        help="an Engram export, an MCP memory server memory.jsonl, a mem0 export, or turns (JSON Lines)",
    )
    importer.add_argument("file", type=Path, help="the file; its format is recognised from its content")
    importer.add_argument("--namespace", default="default", help="where foreign memories and turns go")
    importer.add_argument("--json", action="store_true", help="print the counts as JSON")


def check_import_file(args: argparse.Namespace) -> None:
    """Before anything else (creating the folder included): the file must be there."""
    if not args.file.is_file():
        raise InvalidInput(f"no such file: {args.file}" if not args.file.exists() else f"{args.file} is not a file")


def _export(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.edge.export import write_export
    from engram_mcp.markdown.store import MarkdownStore

    loaded = MarkdownStore(settings.memory_dir).load_all()
    chosen = [m for m in loaded.memories.values() if args.namespace in (None, m.namespace)]
    # Oldest first, so a chain's versions and a fact's source turns come before what follows them.
    chosen.sort(key=lambda m: (m.created_at, m.id))
    now = datetime.now(timezone.utc)
    if args.file == "-":
        written = write_export(chosen, len(chosen), now, sys.stdout)
        # A bar beside the memories on one screen would garble both; into a pipe or a file, it shows.
        for _ in written if sys.stdout.isatty() else progress(written, len(chosen), "exporting"):
            pass
    else:
        target = Path(args.file)
        partial = target.with_name(f".{target.name}.partial")
        with open(partial, "w", encoding="utf-8") as stream:
            for _ in progress(write_export(chosen, len(chosen), now, stream), len(chosen), "exporting"):
                pass
        partial.replace(target)
        print(f"exported {len(chosen)} memories to {target}", file=sys.stderr)
    for error in loaded.errors:
        print(f"engram-mcp: not exported (malformed): {error}", file=sys.stderr)
    return 1 if loaded.errors else 0


def _import(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.app import Engram
    from engram_mcp.edge.importing import read_import

    plan = read_import(args.file, datetime.now(timezone.utc), args.namespace)
    engram = Engram.open(settings)
    try:
        engram.start(background=False)
        if plan.format == "engram-export":
            added = _import_exact(engram, plan.memories)
            total = len(plan.memories) + plan.repeated
        elif plan.turns:
            added, total = _import_turns(engram, plan.turns, args.namespace), len(plan.turns)
        else:
            added, total = _import_facts(engram, plan.facts), len(plan.facts)
    finally:
        engram.close()
    noun = "turns" if plan.format == "turns" else "memories" if plan.format == "engram-export" else "facts"
    if args.json:
        print(json.dumps({"format": plan.format, "added": added, "already_there": total - added,
                          "repeated_in_file": plan.repeated}))
        return 0
    repeated = f", {plan.repeated} of them repeated in the file" if plan.repeated else ""
    print(f"imported {added} {noun} ({total - added} already there{repeated}) from {_LABELS[plan.format]} "
          f"{args.file}")
    if plan.format == "turns" and settings.extractor != "none":
        print("facts are distilled from the new turns when the server next runs", file=sys.stderr)
    return 0


def _import_exact(engram: Any, memories: Sequence[Any]) -> int:
    """An Engram export: each memory as it was (ids, both time axes, links, pins)."""
    from engram_mcp.extraction.done_log import DoneLog
    from engram_mcp.model import Kind

    service = engram.service
    fresh = [m for m in memories if service.find(m.id) is None]
    _check_links(memories, {m.id for m in service.memories()})
    _add_in_chunks(service, fresh, "importing")
    # The export carries the facts already drawn from its turns: extracting them again would duplicate work.
    done = DoneLog(engram.settings.state_dir / "extraction" / "done.log")
    done.add_many([m.id for m in fresh if m.kind is Kind.EPISODE and m.id not in done])
    return len(fresh)


def _import_turns(engram: Any, turns: Sequence[Any], namespace: str) -> int:
    from engram_mcp.model import Source
    from engram_mcp.service.inputs import new_turn

    service = engram.service
    now = datetime.now(timezone.utc)
    fresh = []
    for turn in turns:
        memory_id = turn.memory_id(namespace)
        if service.find(memory_id) is None:
            fresh.append(new_turn(
                turn.text, now, role=turn.role, speaker=turn.speaker, session=turn.session, namespace=namespace,
                event_time=turn.time, memory_id=memory_id, source=Source.IMPORT,
            ))
    unique = list({m.id: m for m in fresh}.values())
    _add_in_chunks(service, unique, "importing", unit="turns")
    return len(unique)


def _import_facts(engram: Any, facts: Sequence[Any]) -> int:
    """Facts from another system go through the fact pipeline: repeats reinforce, contradictions supersede."""
    service, pipeline = engram.service, engram.facts
    added = 0
    for fact in progress(facts, len(facts), "importing", unit="facts"):
        if service.find(fact.id) is None and pipeline.write(fact).action != "dropped":
            added += 1
    return added


def _add_in_chunks(service: Any, memories: Sequence[Any], what: str, unit: str = "memories") -> None:
    chunks = [memories[i : i + _CHUNK] for i in range(0, len(memories), _CHUNK)]
    bar = progress(iter(memories), len(memories), what, unit)
    for chunk in chunks:
        service.add_many(chunk)
        for _ in range(len(chunk)):
            next(bar, None)
    for _ in bar:
        pass


def _check_links(memories: Sequence[Any], present: set[str]) -> None:
    """Every supersession link must land on a memory in the file or already in the folder."""
    known = present | {m.id for m in memories}
    for memory in memories:
        for other in (*memory.supersedes, *((memory.superseded_by,) if memory.superseded_by else ())):
            if other not in known:
                raise InvalidInput(f"nothing imported: {memory.id} links to {other}, which is neither in the file "
                                   "nor in this memory folder")


COMMANDS = {"export": _export, "import": _import}
PRECHECKS = {"import": check_import_file}
WRITES = {"import"}
