from pathlib import Path

from engram_mcp.edge.hooks import last_exchange, read_payload

TRANSCRIPT = Path(__file__).parent.parent / "commands" / "payloads" / "transcript.jsonl"


def test_the_last_exchange_is_the_persons_prompt_and_the_reply_after_the_last_tool_result() -> None:
    exchange = last_exchange(TRANSCRIPT)
    assert exchange is not None
    assert exchange.key == "b3333333-3333-4333-8333-333333333333"
    assert exchange.prompt.startswith("I'm vegetarian")
    assert exchange.reply == (
        "Skip Satay House on day 1: its dishes use peanut sauce. Green Garden on day 2 is fully vegetarian."
    )


def test_a_turn_still_waiting_for_its_reply_has_none(tmp_path: Path) -> None:
    lines = TRANSCRIPT.read_text().splitlines()[:4]
    partial = tmp_path / "t.jsonl"
    partial.write_text("\n".join(lines) + '\n{"type": "assistant", "message": {"content": [{"type": "te')
    exchange = last_exchange(partial)
    assert exchange is not None and exchange.reply is None


def test_slash_command_echoes_and_meta_lines_are_not_prompts(tmp_path: Path) -> None:
    only_echoes = tmp_path / "t.jsonl"
    only_echoes.write_text("\n".join(TRANSCRIPT.read_text().splitlines()[:3]) + "\n")
    assert last_exchange(only_echoes) is None


def test_a_payload_names_its_event_and_prompt() -> None:
    payload = read_payload('{"hook_event_name": "UserPromptSubmit", "session_id": "s", "prompt": "hi",'
                           ' "transcript_path": "~/t.jsonl"}')
    assert (payload.event, payload.prompt, payload.session_id) == ("UserPromptSubmit", "hi", "s")
    assert payload.transcript_path == Path("~/t.jsonl").expanduser()
