"""The memory tools for people: ``remember``, ``recall``, ``as-of``, ``forget``, ``history``, ``entities``.

Each calls the tool of the same name (``access.open_access``) and prints its answer for a
person to read; ``--json`` prints the tool's structured result instead, for scripts.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from engram_mcp.commands.access import ToolAnswer, open_access
from engram_mcp.commands.typed import stdin_text
from engram_mcp.config import Settings
from engram_mcp.errors import InvalidInput

__all__ = ["COMMANDS", "add_parsers"]

Handler = Callable[[Settings, argparse.Namespace], int]


def add_parsers(commands: Any, common: argparse.ArgumentParser) -> None:
    """The memory commands, each with ``--json`` and ``--namespace`` where the tool has one."""
    output = argparse.ArgumentParser(add_help=False)
    output.add_argument("--json", action="store_true", help="print the tool's structured result as JSON")
    spaced = argparse.ArgumentParser(add_help=False)
    spaced.add_argument("--namespace", default="default", help="the memory space (default: default)")
    parents = [common, output, spaced]

    remember = commands.add_parser("remember", parents=parents, help="store a turn or a fact ('-' reads stdin)")
    remember.add_argument("text", help="what to remember, verbatim; '-' to read it from stdin")
    remember.add_argument("--fact", action="store_true", help="keep it as a fact (a third-person statement)")
    remember.add_argument("--subject")
    remember.add_argument("--predicate")
    remember.add_argument("--object")
    remember.add_argument("--role", choices=("user", "assistant", "tool"), default="user")
    remember.add_argument("--speaker")
    remember.add_argument("--session")
    remember.add_argument("--at", help="when it was said or happened (ISO 8601; no zone means UTC)")

    recall = commands.add_parser("recall", parents=parents, help="what memory holds about a question")
    recall.add_argument("query")
    recall.add_argument("--limit", type=int)
    recall.add_argument("--type", action="append", choices=("episodic", "semantic", "procedural"), dest="types")

    as_of = commands.add_parser("as-of", parents=parents, help="what was true (or believed) at a past moment")
    as_of.add_argument("at", help="the moment (ISO 8601, e.g. 2024-05-01 or 2024-05-01T12:00Z; no zone means UTC)")
    as_of.add_argument("query", nargs="?", help="what you need to know; omit for the latest memories then")
    as_of.add_argument("--axis", choices=("valid", "known"), default="valid",
                       help="valid: true in the world then; known: what memory believed then")
    as_of.add_argument("--limit", type=int)
    as_of.add_argument("--type", action="append", choices=("episodic", "semantic", "procedural"), dest="types")

    forget = commands.add_parser("forget", parents=parents, help="forget a memory or an entity, after a preview")
    forget.add_argument("memory_id", nargs="?", help="an id from recall")
    forget.add_argument("--entity", help="instead of an id: everything about this person or thing")
    forget.add_argument("--mode", choices=("purge", "retract"), default="purge",
                        help="purge: delete it everywhere (default); retract: no longer true, keep history")
    forget.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    history = commands.add_parser("history", parents=parents, help="how one fact changed over time")
    history.add_argument("memory_id", help="a fact id (f-…)")

    entities = commands.add_parser(
        "entities", parents=parents, help="list entities and near-identical names; merge two when you confirm"
    )
    entities.add_argument("--merge", metavar="NAME", help="the name to merge away (with --into)")
    entities.add_argument("--into", metavar="NAME", help="the name to keep")


def _remember(settings: Settings, args: argparse.Namespace) -> int:
    text = stdin_text() if args.text == "-" else args.text
    arguments: dict[str, Any] = {"text": text, "namespace": args.namespace, "role": args.role}
    if args.fact:
        arguments.update(kind="fact", subject=args.subject, predicate=args.predicate, object=args.object)
    for name in ("speaker", "session"):
        if getattr(args, name):
            arguments[name] = getattr(args, name)
    if args.at:
        arguments["event_time"] = moment(args.at)
    with open_access(settings) as memory:
        answer = memory.call("remember", _present(arguments))
    if args.json:
        return _print_json(answer)
    data = answer.data
    action = data.get("action", "stored")
    where = f" in {data['file']}" if data.get("file") else ""
    print(f"{action} {data['id']}{where}")
    for old in data.get("superseded", []):
        print(f"superseded {old} (kept as history)")
    return 0


def _recall(settings: Settings, args: argparse.Namespace) -> int:
    arguments = _present({"query": args.query, "limit": args.limit, "types": args.types, "namespace": args.namespace})
    with open_access(settings) as memory:
        answer = memory.call("recall", arguments)
    return _print_recall(answer, args.json)


def _as_of(settings: Settings, args: argparse.Namespace) -> int:
    arguments = _present({
        "at": moment(args.at), "query": args.query, "axis": args.axis, "limit": args.limit,
        "types": args.types, "namespace": args.namespace,
    })
    with open_access(settings) as memory:
        answer = memory.call("as_of", arguments)
    return _print_recall(answer, args.json)


def _history(settings: Settings, args: argparse.Namespace) -> int:
    """Read from the markdown alone, without the folder's lock: it works beside any server.
    ``--json`` prints what the history tool returns."""
    from engram_mcp.edge.wire import HistoryOut, memory_out
    from engram_mcp.errors import MemoryNotFound
    from engram_mcp.markdown.store import MarkdownStore
    from engram_mcp.model.supersede import chain
    from engram_mcp.service.inputs import in_namespace
    from engram_mcp.service.results import RecalledMemory
    from engram_mcp.state.usage import UsageStore

    store = MarkdownStore(settings.memory_dir)
    memories = store.load_all().memories
    if args.memory_id not in memories:
        raise MemoryNotFound(f"no memory with id {args.memory_id!r}")
    # An id names one memory wherever it is; another namespace asked by name must be its own.
    in_namespace(memories[args.memory_id], None if args.namespace == "default" else args.namespace)
    versions = chain(memories, args.memory_id)
    if args.json:
        usage = UsageStore(settings.state_dir / "usage.json").get
        out = HistoryOut(
            id=args.memory_id,
            versions=[memory_out(RecalledMemory(m, 1.0, store.file_of(m.id)), usage) for m in versions],
        )
        print(out.model_dump_json(indent=2))
        return 0
    for version in versions:
        until = _when(version.invalid_at) or "now"
        believed = f"believed {_when(version.created_at)} .. {_when(version.expired_at) or 'now'}"
        print(f"{version.id}  {_when(version.event_time)} .. {until}  ({believed})  {version.text}")
    return 0


def _entities(settings: Settings, args: argparse.Namespace) -> int:
    if bool(args.merge) != bool(args.into):
        raise InvalidInput("--merge and --into go together")
    with open_access(settings) as memory:
        if args.merge:
            answer = memory.call("merge_entities", {"merge": args.merge, "into": args.into, "namespace": args.namespace})
        else:
            answer = memory.call("entities", {"namespace": args.namespace})
    if args.json:
        return _print_json(answer)
    if args.merge:
        print(f"merged {args.merge!r} into {args.into!r}: {len(answer.data['rewritten'])} facts rewritten")
        return 0
    for entity in answer.data["entities"]:
        print(f"{entity['id']}  {entity['name']}  ({entity['facts']} facts)")
    for match in answer.data["near_matches"]:
        print(f"maybe the same: {match['name']!r} ~ {match['other']!r} ({match['similarity']:.0%}); "
              f"merge with: engram-mcp entities --merge {match['other']!r} --into {match['name']!r}")
    return 0


def _when(moment: datetime | None) -> str | None:
    return moment.strftime("%Y-%m-%d %H:%M:%SZ") if moment is not None else None


def _forget(settings: Settings, args: argparse.Namespace) -> int:
    if (args.memory_id is None) == (args.entity is None):
        raise InvalidInput("give a memory id or --entity NAME (one of them)")
    arguments = _present({
        "memory_id": args.memory_id, "entity": args.entity, "mode": args.mode,
        "namespace": None if args.namespace == "default" else args.namespace,
    })
    with open_access(settings) as memory:
        if not args.yes and not memory.accepts("forget", "dry_run"):
            raise InvalidInput("this server cannot preview a forget; check with recall, then add --yes")
        if not args.yes:
            preview = memory.call("forget", {**arguments, "dry_run": True})
            _print_receipt(preview, would=True, stream=sys.stderr)
            if not _confirmed(args.mode):
                print("nothing forgotten", file=sys.stderr)
                return 1
        done = memory.call("forget", arguments)
    if args.json:
        return _print_json(done)
    _print_receipt(done, would=False, stream=sys.stdout)
    return 0


def _confirmed(mode: str) -> bool:
    if not sys.stdin.isatty():
        raise InvalidInput("confirmation needed: run it in a terminal, or add --yes")
    verb = "Delete" if mode == "purge" else "Retract"
    reply = input(f"{verb} these? [y/N] ")
    return reply.strip().lower() in ("y", "yes")


def _print_receipt(answer: ToolAnswer, *, would: bool, stream: Any) -> None:
    data = answer.data
    items = data.get("items") or [
        {"id": i, "action": action, "kind": "", "text": ""}
        for action, key in (("removed", "removed"), ("retracted", "retracted"), ("updated", "updated"))
        for i in data.get(key, [])
    ]
    prefix = "would be " if would else ""
    for item in items:
        text = f": {item['text']}" if item.get("text") else ""
        print(f"{prefix}{item['action']}  {item['id']}{text}", file=stream)
    if data.get("removed_from"):
        print(f"{prefix}removed from: {', '.join(data['removed_from'])}", file=stream)


def _print_recall(answer: ToolAnswer, as_json: bool) -> int:
    if as_json:
        return _print_json(answer)
    data = answer.data
    if data.get("abstained"):
        print("nothing relevant is remembered", file=sys.stderr)
        return 0
    text = answer.text.strip()
    # The tool's text answer is the context block (ids, dates, OUTDATED marks) unless it is
    # the structured result again, as older servers send it.
    if not text or text.startswith("{"):
        text = "\n".join(_line(m) for m in data.get("memories", []))
    print(text)
    return 0


def _line(memory: dict[str, Any]) -> str:
    mark = ""
    if memory.get("superseded_by"):
        mark = f" OUTDATED (now {memory['superseded_by']})"
    elif memory.get("expired_at") or memory.get("invalid_at"):
        mark = " OUTDATED"
    who = memory.get("speaker") or memory.get("role") or memory.get("source")
    return f"- {memory['id']} [{_day(memory.get('valid_at') or memory['created_at'])}] ({who}){mark}: {memory['text']}"


def _print_json(answer: ToolAnswer) -> int:
    print(json.dumps(answer.data, ensure_ascii=False, indent=2))
    return 0


def _present(arguments: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in arguments.items() if value is not None}


def _day(value: str | None) -> str | None:
    return value[:10] if value else None


def moment(text: str) -> str:
    """An ISO 8601 moment for the tools; a date alone is its midnight and no zone means UTC."""
    try:
        parsed = datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise InvalidInput(f"not a date or time: {text!r} (use ISO 8601, e.g. 2024-05-01 or 2024-05-01T12:00Z)") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.isoformat()


COMMANDS: dict[str, Handler] = {
    "remember": _remember,
    "recall": _recall,
    "as-of": _as_of,
    "forget": _forget,
    "history": _history,
    "entities": _entities,
}

# What each command does to the folder: a writer may create it, a reader needs it to exist.
WRITES = {"remember", "forget"}
