from pathlib import Path

import pytest

from engram_mcp.edge.hooks import last_exchange, read_payload, recall_query

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


def test_half_an_emoji_in_the_prompt_is_replaced_and_counted() -> None:
    payload = read_payload('{"hook_event_name": "UserPromptSubmit", "session_id": "s",'
                           ' "prompt": "what is my wifi password? \\ud83d"}')
    assert (payload.prompt, payload.replaced) == ("what is my wifi password? \ufffd", 1)


def test_a_whole_emoji_is_kept_and_nothing_is_counted() -> None:
    payload = read_payload('{"hook_event_name": "UserPromptSubmit", "session_id": "s", "prompt": "ok \\ud83d\\ude00"}')
    assert (payload.prompt, payload.replaced) == ("ok \U0001F600", 0)


def test_an_exchange_with_half_an_emoji_is_kept_with_it_replaced(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(
        '{"type": "user", "uuid": "u1", "message": {"role": "user", "content": "My sister lives in Porto \\ud83d"}}\n'
        '{"type": "assistant", "message": {"content": [{"type": "text", "text": "Porto \\ude00 is lovely!"}]}}\n'
    )
    exchange = last_exchange(transcript)
    assert exchange is not None
    assert (exchange.prompt, exchange.reply) == ("My sister lives in Porto \ufffd", "Porto \ufffd is lovely!")
    assert exchange.replaced == 2


PASTE = "\n".join(f"    at com.example.build.Step{n}.run(Step.java:{n * 7})" for n in range(80))
ARTICLE = "\n\n".join(f"Paragraph {n} of a release note. " + "The toolchain changed between releases. " * 12
                      for n in range(6))
QUESTION = "Why does this fail on my laptop but not on my desktop?"
ONE_LINE = "log: " + "the build step failed again " * 100


def test_a_prompt_that_fits_in_a_query_is_the_query() -> None:
    assert recall_query(f"  {QUESTION}\n", 2_000) == QUESTION


@pytest.mark.parametrize(
    ("prompt", "query"),
    [
        (f"{PASTE}\n\n{QUESTION}", QUESTION),
        (f"{QUESTION}\n\n{PASTE}", QUESTION),
        (f"Hi!\n\n{ARTICLE}\n\n{QUESTION}", f"Hi!\n\n{QUESTION}"),
        (f"{ARTICLE}\n{QUESTION}", QUESTION),
    ],
    ids=["asked-after-a-paste", "asked-before-a-paste", "greeted-and-asked-around-an-article",
         "asked-on-the-line-after-an-article"],
)
def test_a_prompt_too_long_for_a_query_is_recalled_by_the_words_around_its_paste(prompt: str, query: str) -> None:
    assert len(prompt) > 2_000
    assert recall_query(prompt, 2_000) == query


def test_one_long_line_is_recalled_by_its_beginning_and_its_end_in_whole_words() -> None:
    prompt = f"{ONE_LINE}{QUESTION}"
    beginning, end = recall_query(prompt, 2_000).split("\n\n")
    assert prompt.startswith(beginning + " ") and prompt.endswith(" " + end) and end.endswith(QUESTION)
    assert len(beginning) <= 400 and len(end) <= 400
