"""Where each MCP client keeps its configuration, and Engram's entry in it.

- Claude Desktop: ``claude_desktop_config.json`` in the app's folder (macOS
  ``~/Library/Application Support/Claude``, Windows ``%APPDATA%/Claude``, Linux ``~/.config/Claude``),
  servers under ``mcpServers``.
- Claude Code: user-scope servers under ``mcpServers`` in ``~/.claude.json``; hooks under
  ``hooks`` in ``~/.claude/settings.json``, one list of ``{"matcher"?, "hooks": [{"type":
  "command", "command"}]}`` groups per event.
- Cursor: ``~/.cursor/mcp.json``, servers under ``mcpServers``.

``plan`` computes the new file from the old one without touching anything; ``apply`` backs
the old file up (``<name>.engram-backup``) and writes the new one atomically. Entries that
are not Engram's are kept as they are, and running it twice changes nothing the second time.
"""

from __future__ import annotations

import copy
import json
import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engram_mcp.errors import ConfigError

__all__ = ["CLIENTS", "Change", "apply", "config_path", "engram_command", "plan_hooks", "plan_server"]

CLIENTS = ("claude-desktop", "claude-code", "cursor")
SERVER_NAME = "engram"
_HOOK_EVENTS = {"UserPromptSubmit": "prompt", "Stop": "stop", "SessionStart": "session-start"}
# How an Engram hook command is recognised when it is replaced (an upgrade moves the binary).
_HOOK_MARK = " hook "


@dataclass(frozen=True, slots=True)
class Change:
    path: Path
    before: dict[str, Any] | None
    after: dict[str, Any]
    summary: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def text(self) -> str:
        return json.dumps(self.after, indent=2, ensure_ascii=False) + "\n"


def config_path(client: str, home: Path, *, hooks: bool = False) -> Path:
    if client == "claude-code":
        return home / ".claude" / "settings.json" if hooks else home / ".claude.json"
    if client == "cursor":
        return home / ".cursor" / "mcp.json"
    if client == "claude-desktop":
        if sys.platform == "darwin":
            return home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
        if sys.platform.startswith("win"):
            appdata = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
            return appdata / "Claude" / "claude_desktop_config.json"
        return home / ".config" / "Claude" / "claude_desktop_config.json"
    raise ConfigError(f"unknown client {client!r}; one of {', '.join(CLIENTS)}")


def engram_command() -> list[str]:
    """The absolute command that runs this Engram: its console script, else this Python with -m."""
    script = Path(sys.executable).parent / ("engram-mcp.exe" if sys.platform.startswith("win") else "engram-mcp")
    if script.exists():
        return [str(script)]
    return [str(Path(sys.executable).absolute()), "-m", "engram_mcp"]


def plan_server(client: str, home: Path, memory_dir: Path) -> Change:
    """The client's config with Engram's server entry set (added, or updated in place)."""
    path = config_path(client, home)
    before = _read(path)
    after = copy.deepcopy(before) if before is not None else {}
    command = engram_command()
    entry: dict[str, Any] = {
        "command": command[0],
        "args": [*command[1:], "serve", "--memory-dir", str(memory_dir.absolute())],
    }
    if client == "claude-code":
        entry = {"type": "stdio", **entry, "env": {}}
    servers = after.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise ConfigError(f"{path}: 'mcpServers' is not an object; fix it by hand first")
    old = servers.get(SERVER_NAME)
    servers[SERVER_NAME] = {**old, **entry} if isinstance(old, dict) else entry
    verb = "unchanged" if old == servers[SERVER_NAME] else "updated" if old is not None else "added"
    return Change(path, before, after, (f"{verb} the MCP server '{SERVER_NAME}' ({' '.join(entry['args'][-3:])})",))


def plan_hooks(home: Path, memory_dir: Path, namespace: str = "default") -> Change:
    """Claude Code's settings with Engram's three hooks (any older Engram hooks replaced)."""
    path = config_path("claude-code", home, hooks=True)
    before = _read(path)
    after = copy.deepcopy(before) if before is not None else {}
    hooks = after.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise ConfigError(f"{path}: 'hooks' is not an object; fix it by hand first")
    base = " ".join(shlex.quote(part) for part in engram_command())
    summary = []
    for event, name in _HOOK_EVENTS.items():
        command = f"{base} hook {name} --memory-dir {shlex.quote(str(memory_dir.absolute()))}"
        if namespace != "default":
            command += f" --namespace {shlex.quote(namespace)}"
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise ConfigError(f"{path}: hooks.{event} is not a list; fix it by hand first")
        kept = [g for g in (_without_engram(g) for g in groups) if g is not None]
        ours: dict[str, Any] = {"hooks": [{"type": "command", "command": command, "timeout": 60}]}
        hooks[event] = [*kept, ours]
        old = (before or {}).get("hooks", {}).get(event) if isinstance((before or {}).get("hooks"), dict) else None
        summary.append(f"{'unchanged' if old == hooks[event] else 'set'} the {event} hook")
    return Change(path, before, after, tuple(summary))


def apply(change: Change) -> Path | None:
    """Write the change, backing up the old file first; the backup's path, if one was made."""
    if not change.changed:
        return None
    change.path.parent.mkdir(parents=True, exist_ok=True)
    backup = None
    if change.path.exists():
        backup = change.path.with_name(change.path.name + ".engram-backup")
        backup.write_bytes(change.path.read_bytes())
    partial = change.path.with_name(f".{change.path.name}.engram-partial")
    partial.write_text(change.text(), encoding="utf-8")
    os.replace(partial, change.path)
    return backup


def _without_engram(group: Any) -> dict[str, Any] | None:
    """A hook group without Engram's own commands; None when nothing else was in it."""
    if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
        return group if isinstance(group, dict) else None
    others = [h for h in group["hooks"] if not _is_engram_hook(h)]
    if len(others) == len(group["hooks"]):
        return group
    return {**group, "hooks": others} if others else None


def _is_engram_hook(hook: Any) -> bool:
    command = hook.get("command", "") if isinstance(hook, dict) else ""
    return isinstance(command, str) and ("engram-mcp" in command or "engram_mcp" in command) and _HOOK_MARK in command


def _read(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8")
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(f"{path} is not valid JSON ({error.msg} at line {error.lineno}); nothing changed") from None
    if not isinstance(value, dict):
        raise ConfigError(f"{path} does not hold a JSON object; nothing changed")
    return value
