"""The names and figures a text says, as the rules that choose what leads compare them: what a turn
says beside its reply, what a first mention says beside a later one. Pure.
"""

from __future__ import annotations

import re

from engram_mcp.model.sentences import NOT_AFTER_AN_ABBREVIATION
from engram_mcp.retrieval.focus import VOCATIVE, Focus, about, specifics
from engram_mcp.retrieval.question_words import stem

__all__ = ["asked_of", "figure_or_name_asked", "is_figure", "says_value", "values_of", "values_said_of"]


def asked_of(value: str, focus: Focus) -> bool:
    """Whether the question names ``value``, as a name or by its words."""
    return value in focus.named | focus.speakers or {stem(piece) for piece in _pieces(value)} <= set(focus.terms)


def values_of(text: str) -> set[str]:
    """The names and figures a text says, the stop closing a figure no part of it ("$100." as "100", "12.10.," as "12.10")."""
    return {value.rstrip(".,;:") for value in specifics(text)}


def says_value(text: str, value: str) -> bool:
    """Whether ``text`` says ``value`` (one of its names or figures), however either is split or set; whom a reply
    speaks to ("Hi Mam, …") it does not say."""
    return value in values_of(text) or _pieces(value) <= _pieces(VOCATIVE.sub(",", text))


def values_said_of(text: str, focus: Focus) -> set[str]:
    """The names and figures of the sentences of ``text`` that speak of what the question asks, by its words or by a name
    it says besides the speaker's ("Christmas")."""
    return set().union(*(values_of(sentence) for sentence in _SENTENCE_END.split(text) if about(sentence, focus) - focus.speakers))


# A title's full stop ends no sentence: "Mrs. Ige said yes" is one.
_SENTENCE_END = re.compile(NOT_AFTER_AN_ABBREVIATION + r"(?<=[.!?])\s+|\n+")


def is_figure(value: str) -> bool:
    return value[:1].isdigit()


def _pieces(text: str) -> set[str]:
    """The words and figures of a text, however a name is split ("INV-0622-R1" as "inv", "0622", "r1")."""
    return {piece.casefold() for piece in _PIECE.findall(text)}


_PIECE = re.compile(r"\d+(?:[.,:]\d+)*|[^\W\d_]+")


def figure_or_name_asked(focus: Focus) -> set[bool]:
    """Whether a figure (True) or a name (False) answers: "How much…?", "When…?" a figure; "Where…?" a name; "What…?",
    "Which…?" either."""
    if focus.value in {"how much", "how many"} or focus.when:
        return {True}
    if focus.where:
        return {False}
    return {True, False}

