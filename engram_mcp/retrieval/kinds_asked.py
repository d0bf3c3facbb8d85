"""Which of a thing's kinds a question asks, and whether the recalled memories say that kind of it. Pure.

"How much is my car insurance?" is not told by "Home insurance renewal is £312 a year": one has several
insurances, each of a kind, and a memory saying the thing as of another kind says nothing of the one asked.
Some kinds must be said to be meant, because the thing said plainly is the other one: a phone number told
plainly is one's own, not the work line ("What's my work phone number?"), and a flight told plainly is the
way out, not the way back ("What time is my flight back from Lisbon?"). A question naming such a kind is
declined when no recalled memory saying the thing says it of that kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engram_mcp.model.belongings import EVERYDAY_NAMES, VEHICLE_MAKES, VEHICLE_WORDS
from engram_mcp.retrieval.abstain import WORD, lexical_coverage, stem_of
from engram_mcp.retrieval.focus import SENTENCE_END

__all__ = ["kinds_unsaid"]


def _stems(words: str) -> frozenset[str]:
    return frozenset(stem_of(word) for word in words.split())


@dataclass(frozen=True, slots=True)
class _Kinds:
    """Things one has several of (``things``), each of one of ``kinds`` named beside it."""

    things: frozenset[str]
    kinds: tuple[frozenset[str], ...]
    marked: frozenset[str] = frozenset()
    """The kinds a thing is of only when said so: the thing said plainly is of another."""
    after_too: bool = False
    """Whether its kind may be said after it ("flight back", "train home") as well as before ("return flight")."""

    def kind_of(self, word: str) -> frozenset[str] | None:
        return next((kind for kind in self.kinds if word in kind), None)


_KINDS = (
    # A work line or address, or one's own ("new phone number for work", "my personal email").
    _Kinds(_stems("phone phones number numbers mobile cell line email e-mail address laptop computer account card car van"),
           (_stems("work office business company corporate"), _stems("personal private home own")),
           marked=_stems("work office business company corporate")),
    # What a cost or a cover is for: a car's insurance is no home's, a phone contract no gym membership.
    _Kinds(_stems("insurance insurer cover policy premium bill bills tax loan payment payments contract plan renewal excess "
                  "repair repairs service servicing subscription membership"),
           # A car is said by its make too ("Insurance for the Golf is £540").
           (_stems(" ".join(["motor auto vehicle", *VEHICLE_WORDS, *(VEHICLE_MAKES - EVERYDAY_NAMES)])),
            _stems("home house contents buildings household property landlord"),
            _stems("travel holiday"), _stems("pet dog cat"), _stems("health medical dental"), _stems("life"),
            _stems("phone mobile broadband internet wifi"), _stems("gas electric electricity energy water"),
            _stems("gym"), _stems("council"), _stems("tv television netflix streaming"))),
    # A journey's way: out, or back ("flight back from Lisbon", "return train").
    _Kinds(_stems("flight flights fly flying flies train trains bus coach ferry ticket tickets journey trip drive ride sailing "
                  "crossing leg"),
           (_stems("back return returning home homeward inbound"), _stems("out outbound outward there")),
           marked=_stems("back return returning home homeward inbound"), after_too=True),
)


# A kind that must be said is asked after whose it is or an article ("my office phone", "Jitka's work email"); after
# another word it names a place ("the school office phone number", "the post office"), of no kind.
_WHOSE_OR_AN_ARTICLE = re.compile(r"^(?:my|his|her|their|our|your|the|a|an|what|whats|which|is|s|[\w-]+['’]s)$")


def _words(text: str) -> list[str]:
    return [stem_of(word) for word in WORD.findall(text.casefold())]


def _kinds_asked(question: str) -> list[tuple[_Kinds, frozenset[str], tuple[str, ...]]]:
    """Each kind the question names beside a thing it asks ("car" of insurance), with the thing's words."""
    said = WORD.findall(question.casefold())
    words = [stem_of(word) for word in said]
    asked = []
    for family in _KINDS:
        for at, word in enumerate(words):
            kind = family.kind_of(word)
            if kind is None or (at > 0 and kind <= family.marked and not family.after_too
                                and _WHOSE_OR_AN_ARTICLE.match(said[at - 1]) is None):
                continue
            after = words[at + 1] if at + 1 < len(words) else ""
            before = words[at - 1] if at > 0 and family.after_too else ""
            things = tuple(thing for thing in (after, before) if thing in family.things and thing != word)
            if things:
                asked.append((family, kind, things))
    return asked


def _says_another_kind(sentence: str, family: _Kinds, kind: frozenset[str], things: frozenset[str]) -> bool:
    """Whether ``sentence`` names a thing asked as of another kind of ``family`` ("Home insurance renewal")."""
    words = _words(sentence)
    for at, word in enumerate(words):
        if word not in things:
            continue
        beside = [words[at - 1]] if at > 0 else []
        if family.after_too and at + 1 < len(words):
            beside.append(words[at + 1])
        if any((other := family.kind_of(near)) is not None and other != kind for near in beside):
            return True
    return False


def kinds_unsaid(question: str, texts: Iterable[str]) -> tuple[str, ...]:
    """The kinds the question asks of a thing ("car" in "How much is my car insurance?") that no sentence of
    ``texts`` saying the thing says, where each says it as of another kind ("Home insurance renewal is £312")
    or the kind asked must be said to be meant ("work" of a phone number, "back" of a flight)."""
    sentences = [sentence for text in texts for sentence in SENTENCE_END.split(text)]
    unsaid = []
    for family, kind, things in _kinds_asked(question):
        # Said of the thing asked, or of its family's ("flying home on the 23rd" of a flight).
        holding = [sentence for sentence in sentences
                   if lexical_coverage(things, [sentence]) > 0 or set(_words(sentence)) & family.things]
        if not holding or any(set(_words(sentence)) & kind for sentence in holding):
            continue
        # One said plainly may be the one asked ("Done: insurance now 615 euro"), unless its kind must be said.
        if kind <= family.marked or all(_says_another_kind(sentence, family, kind, frozenset(things)) for sentence in holding):
            unsaid.append(next(word for word in _words(question) if word in kind))
    return tuple(dict.fromkeys(unsaid))

