"""The command line: ``engram-mcp [serve|remember|recall|as-of|forget|history|export|import|timeline|…] …``.

Reads settings once and hands them to the app. On ``serve`` stdout is the MCP protocol,
so everything human goes to stderr (or a log file). The commands for people and hooks live
in ``engram_mcp.commands``; this module keeps the parser, the maintenance commands and the
rules every command shares: one-line errors with exit codes, quiet logs for one-shot
commands, and a memory folder created only by a command that writes.

argparse, not Click or Typer: hooks run this on every prompt, and argparse costs nothing
to import (Typer pulls in Click and rich, tens of milliseconds before any work).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engram_mcp import __version__
from engram_mcp.commands import hooks, setup, transfer
from engram_mcp.commands import memory as memory_commands
from engram_mcp.commands.typed import check_arguments
from engram_mcp.config import Settings, load_settings
from engram_mcp.errors import ConfigError, EngramError, MemoryNotFound

__all__ = ["main"]

log = logging.getLogger("engram_mcp")


# Commands that may create a missing memory folder; every other one needs it to exist.
_WRITES = {"serve", "reindex", "sync", "entities-merge"} | memory_commands.WRITES | transfer.WRITES
# Commands that work without a memory folder at all.
# (hooks check for themselves: a hook never fails the conversation.)
_NO_FOLDER = {"doctor", "bench", "install", "hook"}


def main(argv: Sequence[str] | None = None) -> int:
    _print_whatever_the_terminal_holds()
    parser = _parser()
    args = parser.parse_args(argv)
    command = args.command or "serve"
    try:
        if command == "bench":
            return _bench(args)
        if command != "hook":  # a hook says what is wrong on stderr and exits 0, whatever it is given
            check_arguments(args)
        settings = _settings(args)
        _configure_logging(settings, quiet=command != "serve" and args.log_level is None)
        if command in transfer.PRECHECKS:
            transfer.PRECHECKS[command](args)
        if command not in _NO_FOLDER:
            _check_folder(settings, writes=_writer(command, args))
        return int(_COMMANDS[command](settings, args) or 0)
    except MemoryNotFound as error:
        print(f"engram-mcp: {error}", file=sys.stderr)
        return 1
    except EngramError as error:
        print(f"engram-mcp: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        # A file or folder the system refused: one line, never a traceback.
        print(f"engram-mcp: {error.strerror or error}: {error.filename or ''}".rstrip(": "), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _print_whatever_the_terminal_holds() -> None:
    """A name the console's encoding cannot show ("王芳" on a cp1252 Windows console) is printed
    escaped (\\u738b), never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _writer(command: str, args: argparse.Namespace) -> bool:
    if command == "entities":
        return bool(getattr(args, "merge", None))
    return command in _WRITES


def _check_folder(settings: Settings, *, writes: bool) -> None:
    """A mistyped --memory-dir must not quietly become a new, empty memory."""
    folder = settings.memory_dir
    if folder.exists() and not folder.is_dir():
        raise ConfigError(f"the memory folder {folder} is a file, not a folder")
    if folder.exists():
        return
    if not writes:
        raise ConfigError(f"no memory folder at {folder} (check --memory-dir; commands that write create it)")
    folder.mkdir(parents=True)
    print(f"engram-mcp: created the memory folder {folder}", file=sys.stderr)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="engram-mcp", description="Long-term memory for AI assistants, over MCP.")
    parser.add_argument("--version", action="version", version=f"engram-mcp {__version__}")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--memory-dir", type=Path, help="the memory folder (default: a per-user data folder)")
    common.add_argument("--config", type=Path, help="a TOML settings file (see config/engram.example.toml)")
    common.add_argument("--log-level", help="DEBUG, INFO, WARNING or ERROR")
    common.add_argument("--extractor", help="rules, none, smollm2, gemma3-270m, or a path to a .gguf model")
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", parents=[common], help="run the MCP server on stdio (the default)")
    _serve_options(serve)
    reindex = commands.add_parser("reindex", parents=[common], help="rebuild the index from the markdown")
    reindex.add_argument("--from-scratch", action="store_true", help="delete the index first")
    commands.add_parser(
        "sync", parents=[common], help="take in edits made while the server was stopped (reindex, embedding only changes)"
    )
    commands.add_parser("check", parents=[common], help="compare markdown and index; exit 1 on any difference")
    commands.add_parser("doctor", parents=[common], help="show settings, models and health")
    commands.add_parser("status", parents=[common], help="memory and extraction status (works while serving)")
    memory_commands.add_parsers(commands, common)
    transfer.add_parsers(commands, common)
    setup.add_parsers(commands, common)
    hooks.add_parsers(commands, common)
    timeline = commands.add_parser("timeline", parents=[common], help="write an HTML page of facts over time")
    timeline.add_argument("entity", nargs="?", help="only this person, place or thing (default: everything)")
    timeline.add_argument("--out", type=Path, default=Path("timeline.html"), help="the file to write")
    timeline.add_argument("--namespace", default="default")
    bench = commands.add_parser("bench", help="benchmarks (print figures, write JSON)")
    bench.add_argument(
        "suite", help="write-recall, day-page, index-builds, startup, index, import, extraction, torture, clients, hooks, timeline, locomo or longmemeval"
    )
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


def _configure_logging(settings: Settings, *, quiet: bool = False) -> None:
    """``quiet``: a one-shot command logs warnings only, so its own output stays readable."""
    handler: logging.Handler = (
        logging.FileHandler(settings.log_file) if settings.log_file else logging.StreamHandler(sys.stderr)
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel("WARNING" if quiet else settings.log_level.upper())
    for noisy in ("httpx", "sentence_transformers", "transformers", "optimum"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def _serve_options(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--http", action="store_true", help="serve MCP over streamable HTTP at /mcp instead of stdio")
    serve.add_argument("--host", default="127.0.0.1", help="HTTP address (default 127.0.0.1; others need --token)")
    serve.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    serve.add_argument("--token", action="store_true", help="require the bearer token (generated on first use)")


def _serve(settings: Settings, args: argparse.Namespace) -> int:
    """The first serve on a folder owns it; later ones proxy to it (edge/serving.py)."""
    from engram_mcp.edge.serving import serve_http, serve_stdio

    if getattr(args, "http", False):
        from engram_mcp.edge.http import HttpOptions

        serve_http(settings, HttpOptions(args.host, args.port, require_token=args.token))
    else:
        serve_stdio(settings)
    return 0


def _reindex(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.app import Engram
    from engram_mcp.commands.progress import ProgressBars

    bars = ProgressBars("indexing")
    engram = Engram.open(settings, progress=bars, fresh_index=getattr(args, "from_scratch", False))
    try:
        engram.start(background=False)
        startup, synced = engram.startup_reports()
        count = len(engram.service.memories())
    finally:
        bars.close()
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

    try:
        weights = str(resolve_model_path(settings.embedding_model, settings.cache_dir / "models", fetch=False))
    except ConfigError as error:
        weights = f"({error})"
    rows = {
        "memory folder": str(settings.memory_dir),
        "index": f"{settings.index_backend} ({settings.qdrant_url or settings.resolved_index_dir})",
        "embedding model": f"{settings.embedding_model} ({settings.embedding_backend}) at {weights}",
        "extractor": settings.extractor,
    }
    if settings.extractor not in ("rules", "none"):
        from engram_mcp.extraction.models import resolve_model_path as resolve_gguf

        rows["extractor"] = f"{settings.extractor} (GGUF at {resolve_gguf(settings.extractor)})"
    elif settings.extractor == "rules":
        rows["extractor"] = "rules (deterministic, no model)"
    from engram_mcp.edge.http import read_token, token_file

    token = read_token(settings.state_dir)
    rows["http token"] = (
        f"{token} (in {token_file(settings.state_dir)}; send it as 'Authorization: Bearer …')"
        if token
        else "none yet (serve --http --token creates it)"
    )
    for key, value in rows.items():
        print(f"{key:16} {value}")
    return 0


def _status(settings: Settings, args: argparse.Namespace) -> int:
    """Read-only, without the folder lock, so it works beside a running server."""
    from engram_mcp.extraction.done_log import DoneLog
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


def _timeline(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.app import utc_now
    from engram_mcp.edge.timeline import write_timeline

    # Read-only from the markdown, like history: works while a server holds the folder.
    counts = write_timeline(settings.memory_dir, args.out, utc_now(), args.entity, args.namespace)
    print(f"wrote {args.out}: {counts['facts']} facts ({counts['current']} current), {counts['turns']} turns")
    return 0


def _when(moment: Any) -> str | None:
    return moment.strftime("%Y-%m-%d %H:%M:%SZ") if moment is not None else None


def _bench(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    suites = {
        "write-recall": "engram_mcp.bench.write_recall",
        "day-page": "engram_mcp.bench.day_page",
        "index-builds": "engram_mcp.bench.index_builds",
        "startup": "engram_mcp.bench.startup",
        "index": "engram_mcp.bench.index_speed",
        "import": "engram_mcp.bench.import_speed",
        "extraction": "engram_mcp.bench.extraction",
        "torture": "engram_mcp.bench.torture",
        "timeline": "engram_mcp.bench.timeline",
        "locomo": "engram_mcp.bench.runner",
        "longmemeval": "engram_mcp.bench.runner",
        "clients": "engram_mcp.bench.clients",
        "hooks": "engram_mcp.bench.hooks",
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
    **memory_commands.COMMANDS,
    **transfer.COMMANDS,
    **setup.COMMANDS,
    **hooks.COMMANDS,
    "timeline": _timeline,
}

