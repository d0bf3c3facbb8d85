"""Where a turn says what a fact says, and what is left of a sentence once that is cut. Pure.

Forgetting a fact by id takes the words that state it, and nothing beside them:

- in a turn it was drawn from, each clause holding most of its words ("I moved to Dublin today" for
  "User moved to Dublin today."), naming its value, or mostly its words or a number or name of it
  ("make that €160 per kid"); where the turn names its value, only the clauses naming it ("I work at
  Tesco" for "User works at Tesco.", not "I work nights"); in a sentence saying it, every clause holding
  some of its words, and one going on about it by pronoun ("…, he wants the report by Friday");
- in any other turn, each clause saying all of it ("so reminder: allergic to penicillin!", "my
  penicillin allergy"), of the same one (not "my sister is allergic to penicillin"), not denied ("I'm
  not allergic to penicillin after all" says something else) and saying little else ("I cooked a
  vegan curry for Tom" does not state "User is vegan.").

What is left of a sentence is its other clauses, joined as they were ("I work at Tesco, and my dog is
called Biscuit." keeps "My dog is called Biscuit."), none of a word or two ("Yes, I'm allergic …"); a
clause that also tells another fact drawn from the turn loses only the value forgotten, when it stands
after a preposition ("I work at Tesco as a cashier" keeps "I work as a cashier").
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engram_mcp.model.entities import entity_key
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.records import Memory
from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["Statement", "cut_statement", "restates", "states", "words"]

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = frozenset(
    """a an the and or but so of to in on at for with from by as is am are was were be been being it its this
    that these those i me my we our you your he him his she her they them their there here have has had do does
    did not no now then than very just really also too about into over after before up out will would can
    could should may might must who what when where which why how all any some more most own same such only""".split()
)
_STATED_OVERLAP = 0.5
_RESTATED_OVERLAP = 2 / 3
# Who a fact about the speaker is told of, besides their name: the word the extractor writes for them.
_THE_SPEAKER = frozenset({"user"})
# Where a sentence's clauses divide: "…, and my dog is called Biscuit", "…, so reminder: …", "…; I also …";
# "… and I …", "…, I …" only after a clause of the speaker's own (a bare "and" joins a list: "Kedar and I",
# "my husband Tom and our son Arjun").
_SUBJECT_AHEAD = r"(?=(?:I|I'm|I've|I'll|I'd|im|ive|my|we|we're|we've|our|you|you're|your|he|she|they|it|it's|his|her|their|now)\b)"
_PRONOUN_AHEAD = r"(?=(?:I|I'm|I've|I'll|I'd|im|ive|we|we're|we've|you|you're|he|she|they|it|it's)\b)"
_CLAUSE_JOINT = re.compile(
    r"(?P<always>\s*;\s+|,\s+(?:and|but|so|plus|yet|while|whereas|though|although|then|because)\s+)"
    rf"|(?P<after_own>\s+(?:and|but|so|plus|while|whereas|though|although|because)\s+{_PRONOUN_AHEAD}|,\s+{_SUBJECT_AHEAD})",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?…]+[\"'”’)]*\s*$")
_FEW_WORDS = 3
_SPEAKER_FIRST = re.compile(r"^\s*(?:I|I'm|I’m|I've|I’ve|I'd|I’d|I'll|I’ll|im|ive|my|we|we're|we’re|our)\b", re.IGNORECASE)
# A clause going on by pronoun about what the clause before it said: "…, he wants the report by Friday".
_CONTINUES = re.compile(r"^\s*(?:he|she|it|they|his|her|its|their|him|them|he's|she's|it's|they're)\b", re.IGNORECASE)
# What denies a statement rather than saying it again: "I'm not allergic to penicillin after all".
_DENIED = re.compile(r"\b(?:not|never|no\s+longer)\b|n[’']t\b", re.IGNORECASE)
# Someone other than the speaker, spoken of before what the clause says: "my sister is …", "she's …".
_SOMEONE_ELSE = re.compile(
    r"\b(?:he|she|they|his|her|their|him|them|he's|she's|they're)\b|\b(?:my|our)\s+(?!own\b)[^\W\d_]", re.IGNORECASE
)
_CAPITALISED = re.compile(r"(?<![\w'’])[A-Z][\w'’-]*")
_THE_SPEAKER_AS_I = re.compile(r"I(?:['’](?:m|ve|d|ll))?")
# A capitalised first word that is a subject, not a label ("Ana is …", not "Reminder: …").
_AFTER_A_SUBJECT = re.compile(r"^\s+(?:is|was|has|had|says|said|gets|got|can|will|still|also|now)\b|^['’]s\b", re.IGNORECASE)
_PREPOSITIONS = r"(?:at|in|for|from|with|to|on|by|near|of)"
_VALUE_WORDS = 4
# A number or a name written in a fact ("€160", "30 June", "Wellington"), not the first word.
_MARK = re.compile(r"\d[\w.,:/-]*|(?<=\s)[A-Z][\w'’-]*")
# What says what a value is, after it: ", Edinburgh", ", a mid-sized firm on George Street".
_WHAT_IT_IS = r"(?:,\s+(?:(?:a|an|the)\s+[^,;.!?]*|(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*))(?=[,;.!?]|$))?"


def words(text: str) -> set[str]:
    """The content words of ``text``, each stemmed ("works" and "worked" are "work")."""
    return {_stem(w) for w in _WORD.findall(text.casefold()) if w not in _STOP and (len(w) > 1 or w.isdigit())}


def _stem(word: str) -> str:
    for suffix in ("ing", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _alike(word: str, other: str) -> bool:
    """One word in two forms: equal once stemmed, or one stem with a different ending ("allergic", "allergy")."""
    if word == other:
        return True
    shared = len(os.path.commonprefix([word, other]))
    return shared >= 5 and len(word) - shared <= 2 and len(other) - shared <= 2


def _held(wanted: set[str] | frozenset[str], said: set[str]) -> set[str]:
    return {word for word in wanted if any(_alike(word, other) for other in said)}


def states(sentence: str, fact: Memory) -> bool:
    """Whether a sentence of a source turn says what ``fact`` says (most of its content words)."""
    subject = words(fact.subject or "") | words(fact.provenance.speaker or "")
    wanted = words(fact.text) - subject
    if not wanted:
        return False
    return len(wanted & words(sentence)) / len(wanted) >= _STATED_OVERLAP


@dataclass(frozen=True, slots=True)
class Statement:
    """What a fact says, in words: its own words, its value's, and whom it is of."""

    wanted: frozenset[str]
    """Its content words but its subject's."""
    value: frozenset[str]
    """The words of its value ("Tesco" of "User works at Tesco."), when a few words give it."""
    value_text: str | None
    of: frozenset[str]
    """Its subject's words but the speaker's ("dog" of "User's dog is called Biscuit."): none for the speaker."""
    subject: str
    marks: frozenset[str] = frozenset()
    """The numbers and names among its words ("160" of "… hostel deposit is €160 per kid …")."""

    @classmethod
    def of_fact(cls, fact: Memory) -> Statement:
        speaker = words(fact.provenance.speaker or "") | _THE_SPEAKER
        subject = words(fact.subject or "")
        wanted = frozenset(words(fact.text) - subject - speaker)
        value = frozenset(words(fact.object or "") - subject - speaker)
        short = value and len(_WORD.findall(fact.object or "")) <= _VALUE_WORDS and value <= wanted
        marks = frozenset(words(" ".join(_MARK.findall(fact.text))) & wanted)
        return cls(wanted, value if short else frozenset(), fact.object if short else None,
                   frozenset(subject - speaker), entity_key(fact.subject or "user"), marks)

    def said_by(self, clause: str, *, drawn_from: bool) -> bool:
        """Whether ``clause`` says it: most of its words in a turn it was drawn from; in any other, its
        value and nearly all its other words (all, when it has no value), of the same one, not denied,
        with little else ("Mum's number is 555-0000" says "user's mum's phone number is 555-0000.")."""
        said = words(clause)
        held = _held(self.wanted, said)
        if not self.wanted:
            return False
        if drawn_from:
            # A fact drawn from several clauses ("Also got a ram sale coming up - the one we go to is at Dubbo")
            # is said by each clause that is mostly its words, or that says a number or name of it with more
            # of its words ("make that €160 per kid").
            return (len(held) / len(self.wanted) >= _STATED_OVERLAP or self.named_in(clause)
                    or len(held) >= 2 and (self.part_of(clause) or bool(held & self.marks)))
        enough = self.named_in(clause) and len(held) / len(self.wanted) >= _RESTATED_OVERLAP if self.value else held == self.wanted
        if not enough or _DENIED.search(clause) or not self.little_else(said):
            return False
        return _held(self.of, said) == self.of if self.of else not _of_someone_else(clause, self.wanted)

    def little_else(self, said: set[str], *, per_word: int = 2) -> bool:
        """Whether words ``said`` say little but it: a couple of words, or ``per_word`` for each of its own."""
        return len(said) - len(_held(said, set(self.wanted))) <= max(2, per_word * len(self.wanted))

    def holds_some(self, clause: str) -> bool:
        """Whether ``clause`` holds a couple of its words."""
        return len(_held(self.wanted, words(clause))) >= 2

    def told_in(self, clause: str) -> bool:
        """Whether ``clause`` tells it plainly: its value, or most of its words when it has none."""
        if self.value:
            return self.named_in(clause)
        return bool(self.wanted) and len(_held(self.wanted, words(clause))) / len(self.wanted) >= _STATED_OVERLAP

    def part_of(self, clause: str) -> bool:
        """Whether ``clause`` is mostly its words (most of what it says is said by the fact)."""
        said = words(clause)
        return bool(said) and len(_held(said, set(self.wanted))) / len(said) >= _RESTATED_OVERLAP

    def named_in(self, clause: str) -> bool:
        """Whether ``clause`` names its value."""
        return bool(self.value) and _held(self.value, words(clause)) == self.value


def _of_someone_else(clause: str, wanted: frozenset[str]) -> bool:
    """Whether what ``clause`` says before the fact's first word is said of someone other than the
    speaker ("my sister is …", "she's …", "Ana is …"; not "reminder: …", "I'm …", "you're …")."""
    tokens = list(_WORD.finditer(clause))
    first = next((t.start() for t in tokens if _held({_stem(t.group(0).casefold())}, set(wanted))), len(clause))
    before = clause[:first]
    if _SOMEONE_ELSE.search(before):
        return True
    for found in _CAPITALISED.finditer(before):
        word = found.group(0)
        if _THE_SPEAKER_AS_I.fullmatch(word) or word.casefold() in FUNCTION_WORDS or re.sub(r"['’]s$", "", word) in CALENDAR_NAMES:
            continue
        if before[: found.start()].strip():
            return True
        if _AFTER_A_SUBJECT.match(clause[found.end():]):
            return True
    return False


def cut_statement(parts: Sequence[str], said: Statement, *, drawn_from: bool, others: Sequence[Statement] = ()) -> dict[str, str]:
    """The sentences of a turn (``parts``) that say ``said``, each with what is left of it (see the module
    docstring; ``""`` when nothing that reads as a statement is left). In a turn it was drawn from that
    names its value somewhere, only a clause naming it says it. ``others``: what the other facts drawn
    from the turn say, kept where a clause says one of them too."""
    named_in_turn = drawn_from and any(said.named_in(part) for part in parts)
    cut: dict[str, str] = {}
    for part in parts:
        left = _cut_sentence(part, said, drawn_from and said.said_by(part, drawn_from=True), drawn_from, named_in_turn, others)
        if left != part:
            cut[part] = left
    return cut


def _cut_sentence(sentence: str, said: Statement, stated: bool, drawn_from: bool, named_in_turn: bool,
                  others: Sequence[Statement]) -> str:
    """What is left of ``sentence``; ``stated``: the sentence says it, from a turn it was drawn from, so a clause
    holding some of its words says a part of it ("always spanish first then english underneath, and max 5 hashtags")."""
    body, end = _without_end(sentence)
    clauses, joints = _divided(body)
    kept: list[str | None] = []
    shortened: set[int] = set()
    for clause in clauses:
        says = said.said_by(clause, drawn_from=drawn_from) or stated and said.holds_some(clause)
        if kept and kept[-1] is None and _CONTINUES.match(clause):
            kept.append(None)  # "My boss is Mr. Adeyemi, he wants the report by Friday"
        elif not says or (named_in_turn and not said.named_in(clause)):
            kept.append(clause)
        elif told := [other for other in others if other.told_in(clause)]:
            shorter = _without_value(clause, said)
            kept.append(shorter if shorter is not None and any(other.told_in(shorter) for other in told) else None)
            shortened.add(len(kept) - 1)
        else:
            kept.append(None)
    if kept == clauses:
        return sentence
    # What stood beside a clause cut in a word or two was part of it ("Yes, I'm allergic to penicillin"), and
    # so is a clause of a turn it was drawn from in its words ("… last month and his parents want us in Sopot").
    kept = [None if clause is None or len(_WORD.findall(clause)) < _FEW_WORDS
            or (drawn_from and i not in shortened and said.part_of(clause)) else clause
            for i, clause in enumerate(kept)]
    left = ""
    for i, kept_clause in enumerate(kept):
        if kept_clause is not None:
            left += (joints[i - 1] if left else "") + kept_clause
    if not left.strip():
        return ""
    if kept[0] is None and sentence[:1].isupper():
        left = left[:1].upper() + left[1:]
    if kept[-1] is None and end:
        end = "."
    return left + end


def _without_end(sentence: str) -> tuple[str, str]:
    stripped = sentence.rstrip()
    found = _SENTENCE_END.search(stripped)
    return (stripped[: found.start()], found.group(0)) if found else (stripped, "")


def _divided(body: str) -> tuple[list[str], list[str]]:
    """``body``'s clauses and the joints between them."""
    clauses, joints, start = [], [], 0
    for joint in _CLAUSE_JOINT.finditer(body):
        if joint.start() <= start:
            continue
        # A comma or a bare "and" before a subject divides only after a clause of the speaker's own: "I'm Amelie,
        # I live in Lyon", "I work nights and I love it"; not "On a personal note, I share a flat", "Kedar and I swapped",
        # nor after a phrase set off by a comma ("I received a letter explaining that, following a retirement, my …").
        before = body[start:joint.start()]
        if joint.lastgroup == "after_own" and (not _SPEAKER_FIRST.match(before) or len(_WORD.findall(before)) < _FEW_WORDS
                                               or "," in before):
            continue
        clauses.append(body[start:joint.start()])
        joints.append(joint.group(0))
        start = joint.end()
    clauses.append(body[start:])
    return clauses, joints


def _without_value(clause: str, said: Statement) -> str | None:
    """``clause`` without the value forgotten, the preposition before it and what says what it is ("I work
    at Tesco as a cashier" → "I work as a cashier", "I live in Morningside, Edinburgh, with my wife" → "I live
    with my wife"), or None when it is not said so or what is left still names it."""
    if not said.value_text:
        return None
    spelled = r"\W+".join(re.escape(word) for word in _WORD.findall(said.value_text))
    found = re.search(rf"\s+{_PREPOSITIONS}\s+(?:(?:the|a|an)\s+)?{spelled}(?:['’]s)?(?!\w)(?P<what>{_WHAT_IT_IS})", clause, re.IGNORECASE)
    if found is None:
        return None
    after = clause[found.end():]
    # The comma closing what it is goes with it: "I live in Morningside, Edinburgh, with my wife".
    closing = found["what"] and after.startswith(",")
    left = (clause[: found.start()] + (" " + after.lstrip(", ") if closing else after)).rstrip(" ,;:—–-")
    return None if said.named_in(left) or len(_WORD.findall(left)) < _FEW_WORDS else left


def restates(fact: Memory, said: Statement) -> bool:
    """Whether ``fact`` says what was forgotten again, of the same one and little else: its value (all its
    words, when it has none), "User has a penicillin allergy.", "User is on the analytics team at Airbus."
    of "User works at Airbus."; not "User works as a cashier." of "User works at Tesco.", nor "User got a used
    iphone 13 from olx for 24k, 89% battery." of "User's phone is an iphone 13."."""
    if entity_key(fact.subject or "user") != said.subject or not said.wanted:
        return False
    own = words(fact.text) - words(fact.subject or "") - _THE_SPEAKER
    return _held(said.value or said.wanted, own) == (said.value or said.wanted) and said.little_else(own, per_word=1)
