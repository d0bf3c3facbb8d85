from __future__ import annotations

import pytest

from engram_mcp.model.function_words import names_something


@pytest.mark.parametrize("name", ["Bob", "the gym", "Dr Hwang", "Zoë", "INR"])
def test_a_name_with_a_content_word_names_something(name: str) -> None:
    assert names_something(name)


@pytest.mark.parametrize("name", ["", " ", "\t\n", "the", "I", "and", "on the", "...", "--"])
def test_empty_text_punctuation_and_function_words_name_nothing(name: str) -> None:
    assert not names_something(name)
