"""``engram-mcp install``, through the real binary, with a temporary HOME."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("client", "config"),
    [
        ("claude-desktop", ".config/Claude/claude_desktop_config.json"),
        ("cursor", ".cursor/mcp.json"),
        ("claude-code", ".claude.json"),
    ],
)
def test_install_adds_the_server_with_absolute_paths_keeps_other_entries_backs_up_and_is_idempotent(
    engram, tmp_path: Path, client: str, config: str  # type: ignore[no-untyped-def]
) -> None:
    home, memories = tmp_path / "home", tmp_path / "memories"
    path = home / config
    path.parent.mkdir(parents=True)
    original = {"mcpServers": {"files": {"command": "/usr/bin/files-mcp", "args": []}}, "theme": "dark"}
    path.write_text(json.dumps(original))

    first = engram("install", client, "--memory-dir", str(memories), home=home)
    assert first.returncode == 0, first.stderr
    assert f"{path}: added the MCP server 'engram'" in first.stdout
    written = json.loads(path.read_text())
    assert written["theme"] == "dark" and written["mcpServers"]["files"] == original["mcpServers"]["files"]
    engram_entry = written["mcpServers"]["engram"]
    assert Path(engram_entry["command"]).is_absolute() and Path(engram_entry["command"]).exists()
    assert engram_entry["args"][-3:] == ["serve", "--memory-dir", str(memories)]
    assert json.loads(Path(str(path) + ".engram-backup").read_text()) == original
    assert not memories.exists()  # the server creates it when it first runs

    second = engram("install", client, "--memory-dir", str(memories), home=home)
    assert second.returncode == 0 and "already set up; nothing changed" in second.stdout
    assert json.loads(path.read_text()) == written


def test_print_shows_the_config_and_writes_nothing(engram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    shown = engram("install", "cursor", "--print", "--memory-dir", str(tmp_path / "m"), home=home)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["mcpServers"]["engram"]["args"][-1] == str(tmp_path / "m")
    assert not (home / ".cursor").exists()


def test_hooks_are_added_beside_a_persons_own_hooks_and_replaced_not_duplicated(
    engram, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    home = tmp_path / "home"
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    own = {"type": "command", "command": "~/bin/lint-prompt"}
    settings.write_text(json.dumps({"hooks": {"UserPromptSubmit": [{"hooks": [own]}]}, "model": "opus"}))

    for memories in ("old", "new"):  # a second install with another folder replaces the first one's hooks
        done = engram("install", "claude-code", "--hooks", "--memory-dir", str(tmp_path / memories), home=home)
        assert done.returncode == 0, done.stderr
    hooks = json.loads(settings.read_text())["hooks"]
    assert hooks["UserPromptSubmit"][0] == {"hooks": [own]}
    for event, name in (("UserPromptSubmit", "prompt"), ("Stop", "stop"), ("SessionStart", "session-start")):
        ours = [h["command"] for group in hooks[event] for h in group["hooks"] if " hook " in h["command"]]
        assert len(ours) == 1, event
        assert f" hook {name} --memory-dir {tmp_path / 'new'}" in ours[0]
    assert json.loads(settings.read_text())["model"] == "opus"


def test_a_config_that_is_not_json_is_left_alone_with_one_line(engram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    path = home / ".cursor" / "mcp.json"
    path.parent.mkdir(parents=True)
    path.write_text("{ not json")
    result = engram("install", "cursor", "--memory-dir", str(tmp_path / "m"), home=home)
    assert result.returncode == 2
    assert result.stderr.startswith(f"engram-mcp: {path} is not valid JSON") and len(result.stderr.splitlines()) == 1
    assert path.read_text() == "{ not json"
