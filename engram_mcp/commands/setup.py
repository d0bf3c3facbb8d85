"""``engram-mcp install claude-desktop | claude-code | cursor [--hooks] [--print]``.

Writes Engram's entry into the client's own configuration file, with absolute paths, after
backing the file up; ``--print`` shows the result and writes nothing. ``--hooks`` (Claude
Code) also adds the hooks that recall before each prompt and remember each exchange.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engram_mcp.config import Settings
from engram_mcp.errors import InvalidInput

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(commands: Any, common: argparse.ArgumentParser) -> None:
    from engram_mcp.edge.client_setup import CLIENTS

    install = commands.add_parser("install", parents=[common], help="set Engram up in an MCP client's config")
    install.add_argument("client", choices=CLIENTS)
    install.add_argument("--hooks", action="store_true",
                         help="claude-code: also recall before each prompt and remember each exchange automatically")
    install.add_argument("--namespace", default="default", help="the memory space the hooks use")
    install.add_argument("--print", action="store_true", dest="print_only", help="print the new config; write nothing")


def _install(settings: Settings, args: argparse.Namespace) -> int:
    from engram_mcp.edge.client_setup import apply, plan_hooks, plan_server

    if args.hooks and args.client != "claude-code":
        raise InvalidInput("--hooks is for claude-code only")
    home = Path.home()
    changes = [plan_server(args.client, home, settings.memory_dir)]
    if args.hooks:
        changes.append(plan_hooks(home, settings.memory_dir, args.namespace))
    for change in changes:
        if args.print_only:
            print(f"# {change.path}", file=sys.stderr)
            sys.stdout.write(change.text())
            continue
        backup = apply(change)
        for line in change.summary:
            print(f"{change.path}: {line}")
        if backup is not None:
            print(f"{change.path}: the previous version is kept at {backup}")
        elif not change.changed:
            print(f"{change.path}: already set up; nothing changed")
    if not args.print_only:
        print(f"restart {args.client} to load it; memories live in {settings.memory_dir}")
    return 0


COMMANDS = {"install": _install}
