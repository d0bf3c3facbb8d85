"""The Claude Code hooks, fed recorded payloads through the real binary."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engram_mcp.markdown.store import MarkdownStore

pytestmark = pytest.mark.slow

TRANSCRIPT = Path(__file__).parent / "payloads" / "transcript.jsonl"
SESSION = "5f1c0b7e-2d4a-4c58-8e3b-9a6f1d2e7c40"


def payload(event: str, **extra: object) -> str:
    return json.dumps({
        "session_id": SESSION,
        "transcript_path": str(TRANSCRIPT),
        "cwd": "/home/ana/trip",
        "permission_mode": "default",
        "hook_event_name": event,
        **extra,
    })


def imported_modules(importtime: str) -> set[str]:
    """The modules ``python -X importtime`` reported importing."""
    return {line.rsplit("|", 1)[-1].strip() for line in importtime.splitlines() if line.startswith("import time:")}


def ids_in(block: str) -> list[str]:
    return re.findall(r"\[([tf]-[0-9a-f]+)\]", block)


def test_the_hooks_recall_before_a_prompt_capture_each_exchange_once_and_load_a_profile(
    engram, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    folder = tmp_path / "memories"
    dir_args = ("--memory-dir", str(folder), "--extractor", "rules")

    # A first session: nothing is remembered yet, so nothing is injected and nothing is created.
    start = engram("hook", "session-start", *dir_args, stdin=payload("SessionStart", source="startup"))
    prompt = engram("hook", "prompt", *dir_args, stdin=payload("UserPromptSubmit", prompt="Any food limits?"))
    assert (start.returncode, start.stdout, prompt.returncode, prompt.stdout) == (0, "", 0, "")
    assert not folder.exists()

    for _ in range(2):  # Claude Code may fire Stop again for the same exchange
        stop = engram("hook", "stop", *dir_args, stdin=payload("Stop", stop_hook_active=False))
        assert stop.returncode == 0 and stop.stdout == "", stop.stderr
    turns = sorted(MarkdownStore(folder).load_all().memories.values(), key=lambda m: m.event_time)
    assert [(t.provenance.role, t.text) for t in turns] == [
        ("user", "I'm vegetarian and allergic to peanuts. Can you check the restaurants in itinerary.md for me?"),
        ("assistant", "Skip Satay House on day 1: its dishes use peanut sauce. "
                      "Green Garden on day 2 is fully vegetarian."),
    ]
    assert {t.provenance.session for t in turns} == {SESSION}
    assert turns[0].valid_at is not None and turns[0].valid_at.isoformat() == "2026-11-30T09:01:00+00:00"

    question = "Which restaurant should I book for dinner, given my allergy?"
    recalled = engram("hook", "prompt", *dir_args, python_flags=("-X", "importtime"),
                      stdin=payload("UserPromptSubmit", prompt=question))
    assert recalled.returncode == 0, recalled.stderr
    assert recalled.stdout.startswith("Engram recalled these memories")
    assert "allergic to peanuts" in recalled.stdout
    # With no server to ask, the hook opens the folder itself but calls the tool without the MCP SDK,
    # and still answers what the tool answers.
    assert "mcp" not in {name.split(".")[0] for name in imported_modules(recalled.stderr)}
    tool = json.loads(engram("recall", question, *dir_args, "--json").stdout)
    assert ids_in(recalled.stdout) == ids_in(tool["context"]) != []

    # Turns alone are no profile (facts are distilled when a server runs): the look back answers, empty.
    profile = engram("hook", "session-start", *dir_args, stdin=payload("SessionStart", source="resume"))
    assert (profile.returncode, profile.stdout, profile.stderr) == (0, "", "")

    unrelated = engram("hook", "prompt", *dir_args, stdin=payload("UserPromptSubmit", prompt="/compact"))
    assert unrelated.stdout == ""


def test_a_hook_given_something_else_says_so_on_stderr_and_never_fails_the_prompt(
    engram, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    folder = tmp_path / "memories"
    folder.mkdir()
    broken = engram("hook", "prompt", "--memory-dir", str(folder), stdin="not json")
    assert broken.returncode == 0 and broken.stdout == ""
    assert broken.stderr.startswith("engram-mcp hook prompt: ")
    missing = engram("hook", "stop", "--memory-dir", str(folder),
                     stdin=json.dumps({"hook_event_name": "Stop", "session_id": "s", "transcript_path": "/nope.jsonl"}))
    assert missing.returncode == 0 and "/nope.jsonl" in missing.stderr


def test_a_stop_hook_whose_transcript_is_a_named_pipe_or_a_device_says_so_at_once_and_never_waits(
    command_env: dict[str, str], tmp_path: Path
) -> None:
    folder, pipe = tmp_path / "memories", tmp_path / "transcript.jsonl"
    os.mkfifo(pipe)  # nobody ever writes into it: opening it to read would wait for good
    for transcript, kind in ((pipe, "a named pipe"), (Path("/dev/zero"), "a character device")):
        stop = subprocess.run(
            [sys.executable, "-m", "engram_mcp", "hook", "stop", "--memory-dir", str(folder)],
            input=payload("Stop", transcript_path=str(transcript)), capture_output=True, text=True,
            env=command_env, timeout=30, check=False,
        )
        assert stop.returncode == 0 and stop.stdout == ""
        assert stop.stderr == f"engram-mcp hook stop: the transcript {transcript} is {kind}, not a regular file; " \
                              "not read\n"
    assert not folder.exists()


def test_while_a_server_owns_the_folder_the_hooks_go_through_it_importing_neither_the_sdk_nor_a_model(
    engram, serving, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    folder = tmp_path / "memories"
    dir_args = ("--memory-dir", str(folder), "--extractor", "rules")
    with serving(folder, "--extractor", "rules"):
        # The server holds the folder's lock: a hook that tried to open the folder itself would
        # wait, then give up with a line on stderr and print nothing.
        stop = engram("hook", "stop", *dir_args, stdin=payload("Stop", stop_hook_active=False))
        assert stop.returncode == 0 and stop.stdout == "" and stop.stderr == "", stop.stderr
        recalled = engram(
            "hook", "prompt", *dir_args, python_flags=("-X", "importtime"),
            stdin=payload("UserPromptSubmit", prompt="Which restaurant should I book for dinner, given my allergy?"),
        )
        assert recalled.returncode == 0
        assert recalled.stdout.startswith("Engram recalled these memories")
        assert "allergic to peanuts" in recalled.stdout
        imported = imported_modules(recalled.stderr)
        heavy = {name for name in imported if name.split(".")[0] in {"mcp", "anyio", "pydantic", "numpy", "onnxruntime"}}
        assert "engram_mcp.commands.hooks" in imported and heavy == set()
    turns = MarkdownStore(folder).load_all().memories.values()
    assert {t.provenance.role for t in turns} >= {"user", "assistant"}


def transcript_with_half_an_emoji(folder: Path, key: str) -> Path:
    """A prompt and its reply each holding half of an emoji, as Claude Code writes one cut in two ("\\ud83d")."""
    path = folder / f"{key}.jsonl"
    entries = [
        {"type": "user", "uuid": key, "timestamp": "2026-11-30T09:01:00Z",
         "message": {"role": "user", "content": f"My sister Ana moved to Porto ({key}) \ud83d"}},
        {"type": "assistant", "uuid": f"{key}-reply", "timestamp": "2026-11-30T09:01:05Z",
         "message": {"role": "assistant", "content": [{"type": "text", "text": "Porto \ude00 is lovely!"}]}},
    ]
    path.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    return path


def test_half_an_emoji_is_kept_as_u_fffd_said_in_one_line_and_fails_no_hook_with_or_without_a_server(
    engram, serving, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    folder = tmp_path / "memories"
    dir_args = ("--memory-dir", str(folder), "--extractor", "none")

    def capture_then_ask(key: str) -> None:
        transcript = transcript_with_half_an_emoji(tmp_path, key)
        stop = engram("hook", "stop", *dir_args, stdin=payload("Stop", transcript_path=str(transcript)))
        assert (stop.returncode, stop.stdout) == (0, "")
        assert stop.stderr == (
            "engram-mcp hook stop: the exchange held 2 broken characters (halves of emoji), remembered as U+FFFD\n"
        )
        asked = engram("hook", "prompt", *dir_args, stdin=payload("UserPromptSubmit", prompt="Where does Ana live? \ud83d"))
        assert asked.returncode == 0 and f"Porto ({key}) \ufffd" in asked.stdout
        assert asked.stderr == (
            "engram-mcp hook prompt: the prompt held a broken character (half of an emoji), read as U+FFFD\n"
        )

    capture_then_ask("alone")
    with serving(folder, "--extractor", "none"):
        capture_then_ask("served")
    turns = sorted(turn.text for turn in MarkdownStore(folder).load_all().memories.values())
    assert turns == [
        "My sister Ana moved to Porto (alone) \ufffd", "My sister Ana moved to Porto (served) \ufffd",
        "Porto \ufffd is lovely!", "Porto \ufffd is lovely!",
    ]


def test_a_question_asked_after_a_paste_longer_than_a_query_is_recalled_by_the_question(
    engram, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    dir_args = ("--memory-dir", str(tmp_path / "memories"))
    assert engram("remember", "My wifi password is KX-4471.", *dir_args).returncode == 0
    paste = "\n".join(f"    at com.example.build.Step{n}.run(Step.java:{n * 7})" for n in range(80))
    asked = engram("hook", "prompt", *dir_args,
                   stdin=payload("UserPromptSubmit", prompt=f"{paste}\n\nwhat is my wifi password?"))
    assert len(paste) > 2_000
    assert (asked.returncode, asked.stderr) == (0, "")
    assert "KX-4471" in asked.stdout


def test_a_hook_asking_a_namespace_nothing_was_remembered_into_yet_adds_nothing_and_says_nothing_while_the_cli_says_so(
    engram, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    dir_args = ("--memory-dir", str(tmp_path / "memories"), "--extractor", "none")
    assert engram("remember", "The deploy script needs --force on Fridays.", *dir_args, "--namespace", "work").returncode == 0
    for event, sent in (("prompt", payload("UserPromptSubmit", prompt="How do I deploy?")),
                        ("session-start", payload("SessionStart", source="startup"))):
        hook = engram("hook", event, *dir_args, "--namespace", "trip", stdin=sent)
        assert (hook.returncode, hook.stdout, hook.stderr) == (0, "", "")
    typo = engram("recall", "deploy script", *dir_args, "--namespace", "wrok")
    assert typo.returncode != 0 and typo.stderr.strip().endswith(
        "no namespace 'wrok' (did you mean 'work'?); nothing is stored there. Namespaces: default, work")
