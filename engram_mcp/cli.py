"""The command line: ``engram-mcp [serve|reindex|sync|check|status|doctor|history|entities|bench] …``.

Reads settings once and hands them to the app. On ``serve`` stdout is the MCP protocol,
so everything human goes to stderr (or a log file).
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engram_mcp.config import Settings, load_settings
from engram_mcp.errors import EngramError, InvalidInput, MemoryNotFound

__all__ = ["main"]

log = logging.getLogger("engram_mcp")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    command = args.command or "serve"
    try:
        if command == "bench":
            return _bench(args)
        settings = _settings(args)
        _configure_logging(settings)
        return int(_COMMANDS[command](settings, args) or 0)
    except EngramError as error:
        print(f"engram-mcp: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="engram-mcp", description="Long-term memory for AI assistants, over MCP.")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--memory-dir", type=Path, help="the memory folder (default: a per-user data folder)")
    common.add_argument("--config", type=Path, help="a TOML settings file (see config/engram.example.toml)")
    common.add_argument("--log-level", help="DEBUG, INFO, WARNING or ERROR")
    common.add_argument("--extractor", help="rules, none, smollm2, gemma3-270m, or a path to a .gguf model")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("serve", parents=[common], help="run the MCP server on stdio (the default)")
    reindex = commands.add_parser("reindex", parents=[common], help="rebuild the index from the markdown")
    reindex.add_argument("--from-scratch", action="store_true", help="delete the index first")
    commands.add_parser(
        "sync", parents=[common], help="take in edits made while the server was stopped (reindex, embedding only changes)"
    )
    commands.add_parser("check", parents=[common], help="compare markdown and index; exit 1 on any difference")
    importer = commands.add_parser("import", parents=[common], help="import turns from a JSON Lines file")
    importer.add_argument("file", type=Path, help='one turn a line: {"text", "role", "speaker", "session", "time"}')
    importer.add_argument("--namespace", default="default")
    commands.add_parser("doctor", parents=[common], help="show settings, models and health")
    commands.add_parser("status", parents=[common], help="memory and extraction status (works while serving)")
    history = commands.add_parser("history", parents=[common], help="a fact's supersession chain, with intervals")
    history.add_argument("memory_id", help="a fact id (f-…)")
    entities = commands.add_parser(
        "entities", parents=[common], help="list entities and near-identical names; merge two when you confirm"
    )
    entities.add_argument("--namespace", default="default")
    entities.add_argument("--merge", metavar="NAME", help="the name to merge away (with --into)")
    entities.add_argument("--into", metavar="NAME", help="the name to keep")
    bench = commands.add_parser("bench", help="benchmarks (print figures, write JSON)")
    bench.add_argument("suite", help="write-recall, startup, index, extraction, locomo or longmemeval")
    bench.add_argument("rest", nargs=argparse.REMAINDER, help="options of the suite (see --help of each)")
    parser.set_defaults(command=None)
    for name in ("memory_dir", "config", "log_level", "extractor"):
        parser.set_defaults(**{name: None})
    return parser


def _settings(args: argparse.Namespace) -> Settings:
    overrides: dict[str, Any] = {
        "memory_dir": args.memory_dir,
        "log_level": args.log_level,
        "extractor": args.extractor,
    }
    return load_settings(config_file=args.config, overrides=overrides)


def _configure_logging(settings: Settings) -> None:
    handler: logging.Handler = (
        logging.FileHandler(settings.log_file) if settings.log_file else logging.StreamHandler(sys.stderr)
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level.upper())
    for noisy in ("httpx", "sentence_transformers", "transformers", "optimum"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def _serve(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.app import Engram
    from engram_mcp.edge.mcp_server import build_server

    engram = Engram.open(settings)
    try:
        engram.start(background=True, serving=True)
        log.info("serving memory folder %s on stdio", settings.memory_dir)
        build_server(engram).run("stdio")
    finally:
        engram.close()
    return 0


def _reindex(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.app import Engram

    if getattr(args, "from_scratch", False) and settings.index_backend == "edge":
        shutil.rmtree(settings.resolved_index_dir, ignore_errors=True)
    engram = Engram.open(settings)
    try:
        engram.start(background=False)
        startup, synced = engram.startup_reports()
        count = len(engram.service.memories())
    finally:
        engram.close()
    print(
        f"{count} memories; {startup.embedded + synced.embedded} embedded; {startup.deleted} stale entries removed; "
        f"{synced.added_by_hand} added by hand; {synced.revised} revised by hand"
    )
    for error in startup.errors:
        print(f"malformed (left untouched): {error}", file=sys.stderr)
    return 1 if startup.errors else 0


def _check(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.app import Engram

    engram = Engram.open(settings)
    try:
        report = engram.reconciler.check(engram.index.content_hashes())
    finally:
        engram.close()
    for line in report.lines():
        print(line)
    print("in step: markdown and index agree" if report.clean else "out of step")
    return 0 if report.clean else 1


def _doctor(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.embedding.sentence import resolve_model_path

    rows = {
        "memory folder": str(settings.memory_dir),
        "index": f"{settings.index_backend} ({settings.qdrant_url or settings.resolved_index_dir})",
        "embedding model": f"{settings.embedding_model} ({settings.embedding_backend}) at "
        f"{resolve_model_path(settings.embedding_model)}",
        "extractor": settings.extractor,
    }
    if settings.extractor not in ("rules", "none"):
        from engram_mcp.extraction.models import resolve_model_path as resolve_gguf

        rows["extractor"] = f"{settings.extractor} (GGUF at {resolve_gguf(settings.extractor)})"
    elif settings.extractor == "rules":
        rows["extractor"] = "rules (deterministic, no model)"
    for key, value in rows.items():
        print(f"{key:16} {value}")
    return 0


def _import(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.app import Engram
    from engram_mcp.edge.importing import read_turns
    from engram_mcp.model import Source

    turns = read_turns(args.file)
    engram = Engram.open(settings)
    added = 0
    try:
        engram.start(background=False)
        service = engram.service
        for turn in turns:
            memory_id = turn.memory_id(args.namespace)
            if service.find(memory_id) is not None:
                continue
            service.remember(
                turn.text, role=turn.role, speaker=turn.speaker, session=turn.session,
                namespace=args.namespace, event_time=turn.time, memory_id=memory_id, source=Source.IMPORT,
            )
            added += 1
    finally:
        engram.close()
    print(f"imported {added} turns ({len(turns) - added} already there); facts follow when the server next runs")
    return 0


def _status(settings: Settings, args: argparse.Namespace) -> int:
    """Read-only, without the folder lock, so it works beside a running server."""
    from engram_mcp.extraction.worker import DoneLog
    from engram_mcp.markdown.store import MarkdownStore
    from engram_mcp.model import Kind

    loaded = MarkdownStore(settings.memory_dir).load_all()
    done = DoneLog(settings.state_dir / "extraction" / "done.log")
    turns = [m for m in loaded.memories.values() if m.kind is Kind.EPISODE]
    waiting = sum(1 for t in turns if t.id not in done)
    print(f"memory folder    {settings.memory_dir}")
    print(f"memories         {len(loaded.memories)} ({len(turns)} turns, {len(loaded.memories) - len(turns)} facts)")
    print(f"extractor        {settings.extractor}")
    print(f"awaiting facts   {waiting} turns" if settings.extractor != "none" else "awaiting facts   (extraction off)")
    published = settings.state_dir / "extraction" / "status.json"
    if published.exists():
        last = json.loads(published.read_text(encoding="utf-8"))
        print(f"last run         {last.get('extracted_turns')} turns, {last.get('facts_written')} facts, "
              f"{last.get('failed_turns')} failed; last error: {last.get('last_error') or 'none'}")
    for error in loaded.errors:
        print(f"malformed        {error}")
    return 0


def _history(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.markdown.store import MarkdownStore
    from engram_mcp.model.supersede import chain

    # Read-only from the markdown: works while a server holds the folder.
    memories = MarkdownStore(settings.memory_dir).load_all().memories
    if args.memory_id not in memories:
        raise MemoryNotFound(f"no memory with id {args.memory_id!r}")
    for version in chain(memories, args.memory_id):
        until = _when(version.invalid_at) or "now"
        believed = f"believed {_when(version.created_at)} .. {_when(version.expired_at) or 'now'}"
        print(f"{version.id}  {_when(version.event_time)} .. {until}  ({believed})  {version.text}")
    return 0


def _entities(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.app import Engram

    if bool(args.merge) != bool(args.into):
        raise InvalidInput("--merge and --into go together")
    engram = Engram.open(settings)
    try:
        engram.start(background=False)
        if args.merge:
            changed = engram.facts.merge_entities(args.into, args.merge, args.namespace)
            print(f"merged {args.merge!r} into {args.into!r}: {len(changed)} facts rewritten")
            return 0
        infos, matches = engram.facts.entities(args.namespace)
    finally:
        engram.close()
    for info in infos:
        print(f"{info.id}  {info.name}  ({info.facts} facts)")
    for match in matches:
        print(f"maybe the same: {match.name!r} ~ {match.other!r} ({match.similarity:.0%}); "
              f"merge with: engram-mcp entities --merge {match.other!r} --into {match.name!r}")
    return 0


def _when(moment: Any) -> str | None:
    return moment.strftime("%Y-%m-%d %H:%M:%SZ") if moment is not None else None


def _bench(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    suites = {
        "write-recall": "engram_mcp.bench.write_recall",
        "startup": "engram_mcp.bench.startup",
        "index": "engram_mcp.bench.index_speed",
        "extraction": "engram_mcp.bench.extraction",
        "locomo": "engram_mcp.bench.runner",
        "longmemeval": "engram_mcp.bench.runner",
    }
    module_name = suites.get(args.suite)
    if module_name is None:
        print(f"engram-mcp bench: unknown suite {args.suite!r}; one of {', '.join(suites)}", file=sys.stderr)
        return 2
    import importlib

    module = importlib.import_module(module_name)
    # The dataset suites share one runner, which takes the dataset's name as its first argument.
    rest = [args.suite, *args.rest] if args.suite in ("locomo", "longmemeval") else args.rest
    return int(module.main(rest) or 0)


_COMMANDS = {
    "serve": _serve,
    "reindex": _reindex,
    "sync": _reindex,
    "check": _check,
    "doctor": _doctor,
    "status": _status,
    "import": _import,
    "history": _history,
    "entities": _entities,
}

