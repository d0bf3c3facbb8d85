"""What a purge removes: what was asked, and nothing that merely sits next to it. Pure.

Forgetting must not spread. Nothing is followed transitively, so a fact never takes a turn
because the two share some third memory:

- **a turn, by id**: the turn goes, and the facts drawn from it alone (their only source is
  gone); a fact with other sources keeps them, and one a person pinned or wrote stays on their word.
- **a fact, by id**: the fact goes, and so do the sentences of its source turns that state it
  (the rest of each turn stays; a turn with nothing else left goes). Other facts from those
  turns stay. Its supersession chain stays, linked around the gap, and ended as if it had never
  been told: the version before it ends where the next one begins, or, when it was the newest,
  is current again (a chain's last value forgotten leaves no end dated by it: "OUTDATED since
  1 Jun" with nothing after). Forgetting the whole chain is forgetting its subject, by entity.
- **an entity**: every fact about it or naming it goes, with its whole chain when the chain's
  subject is that entity; every sentence that names it is cut from the turns, with a sentence
  right after one of those that goes on about it by pronoun ("He's a beagle"); a turn with
  nothing else left goes, with the facts drawn from it alone, and so does one whose rest only goes
  on about it ("i said no. why does he still do this": a pronoun for someone, naming no one, beside
  sentences of three words or fewer). A sentence that names it in a
  list, after something else, keeps the rest of the list ("My clients are Lego and Hvid"
  keeps "My clients are Lego."); one that names it only as whom something was done with keeps what was done
  ("I moved to York with my partner Sven" keeps "I moved to York."). A person's full name ("Ricardo Fortuin") also names them
  where the memories call them by their given name alone ("Ricardo paid in full", "Ricardo said
  I should run more") or by a title
  and their family name ("Mr Fortuin"), unless another full name there shares that given name
  ("Ricardo Silva"); never inside a double name ("Ann-Marie") or a place named with it ("drove
  to Ann Arbor"): how a name is matched is ``model.mentions``. No sentence ends inside the name
  ("J. Smith"), nor at an abbreviation closing it when the sentence goes on in lower case ("ACME
  Ltd. yesterday"). Every turn the one named spoke (its speaker is that name) goes whole, with
  the facts drawn from it alone and any fact told under that name: what someone said tells
  who they are as surely as their name, and a speaker label would keep the name itself.
  Nothing else changes.

The plan lists what is removed, what is rewritten (a turn redacted, a fact with a purged turn
dropped from its sources, a chain relinked) and, for a receipt, each item's text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from engram_mcp.model.entities import entity_key
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.mentions import Named, goes_by
from engram_mcp.model.records import Kind, Memory
from engram_mcp.model.supersede import chain
from engram_mcp.model.trust import a_persons_own

__all__ = ["NOT_AFTER_AN_ABBREVIATION", "PurgePlan", "known_entities", "plan_purge", "plan_purge_entity", "sentences"]

_TITLE_STOPS = ("Dr", "Mr", "Ms", "Mrs", "Mx", "St", "Prof", "Jr", "Sr", "vs", "Mt")
# What closes a name ("ACME Ltd.", "Smith Bros.", "Tom Hale Jr.") besides an initial ("Ann B."), and
# a title typed in lower case ("dr. o'brien").
_NAME_ABBREVIATIONS = (*_TITLE_STOPS, "Ltd", "Inc", "Co", "Corp", "Bros", "Plc", "Pty", "Esq", "Ave", "Rd", "Blvd")
NOT_AFTER_AN_ABBREVIATION = "".join(rf"(?<!\b{title}\.)" for title in _TITLE_STOPS) + (
    "(?!(?:" + "|".join(rf"(?i:(?<=\b{short}\.))" for short in _NAME_ABBREVIATIONS) + r"|(?<=\b[A-Z]\.))\s+[a-z])"
)
"""Lookarounds for a sentence end: a title's full stop ends no sentence ("My boss is Mr. Adeyemi" is
one), nor does an abbreviation's or an initial's when the sentence goes on in lower case ("I signed
with ACME Ltd. yesterday", "acme ltd. is slow to pay"). Before a capital it may: "I work at Acme Inc. It's big"."""
_SENTENCE_END = re.compile(NOT_AFTER_AN_ABBREVIATION + r"(?<=[.!?;…])\s+|\s*\n+\s*")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = frozenset(
    """a an the and or but so of to in on at for with from by as is am are was were be been being it its this
    that these those i me my we our you your he him his she her they them their there here have has had do does
    did not no now then than very just really also too about into over after before up out will would can
    could should may might must who what when where which why how all any some more most own same such only""".split()
)
_STATED_OVERLAP = 0.5
# Where a sentence's list divides: "Lego, Hvid and Carlsberg", "Paris and Rome".
_LIST_JOINT = re.compile(r",\s+and\s+|\s+and\s+|,\s+")
_CLAUSE_JOINT = re.compile(r",\s+(?:and\s+|but\s+|so\s+)?")
# A clause of the speaker's own: "I'm …", "my …", "the cat's called Smudge", "now …", "living alone …".
_OWN_CLAUSE = re.compile(r"^(?:I|I'm|I've|I'll|I'd|my|our|the|now|still|also|currently|[a-z]+ing|[a-z]+ed)\b(?!\s+(?:with|to|by)\s+(?:him|her|them)\b)",
                         re.IGNORECASE)
# A sentence ending with whom it was done with, in a few words: "I moved to York with my partner Sven".
_WITH_SOMEONE = re.compile(r"^(?P<done>.+?)\s+(?:with|alongside)\s+(?P<who>(?:\S+\s+){0,3}\S+)$", re.IGNORECASE)
# A sentence opening with a third-person pronoun continues the one before it.
_CONTINUES = re.compile(r"^\s*(?:he|she|it|they|his|her|its|their|him|them)\b", re.IGNORECASE)
# Someone spoken of by pronoun, anywhere in a sentence; and how short a sentence says nothing by itself ("i said no.").
_A_PERSON = re.compile(r"\b(?:he|she|him|his|her|hers|he's|she's)\b", re.IGNORECASE)
_A_FEW_WORDS = 3
_A_NAME = re.compile(r"\b(?!I\b|I['’])[A-Z][\w'’-]*")


@dataclass(frozen=True, slots=True)
class PurgePlan:
    remove: tuple[str, ...]
    """Every memory to delete, in a stable order."""
    rewritten: tuple[Memory, ...]
    """Surviving memories changed by the purge: redacted turns, facts that lost a source, relinked versions."""
    redacted: tuple[str, ...] = ()
    """The ids among ``rewritten`` whose text lost sentences."""


def sentences(text: str, unbroken: Sequence[tuple[int, int]] = ()) -> list[str]:
    """A turn's sentences, in order (the unit a redaction cuts); none ends inside a span of
    ``unbroken`` (a name with a full stop in it: "I met J. Smith")."""
    parts, start = [], 0
    for end in _SENTENCE_END.finditer(text):
        if not any(first < end.start() < last for first, last in unbroken):
            parts.append(text[start:end.start()])
            start = end.end()
    parts.append(text[start:])
    return [part for part in parts if part.strip()]


def plan_purge(memories: Mapping[str, Memory], start: Iterable[str]) -> PurgePlan:
    """Purge memories named by id (see the module docstring)."""
    doomed = {memory_id for memory_id in start if memory_id in memories}
    cuts: dict[str, dict[str, str]] = {}
    for memory_id in sorted(doomed):
        memory = memories[memory_id]
        if memory.kind is not Kind.FACT:
            continue
        for turn_id in memory.provenance.turn_ids:
            turn = memories.get(turn_id)
            if turn is not None and turn_id not in doomed:
                cuts.setdefault(turn_id, {}).update((s, "") for s in sentences(turn.text) if _states(s, memory))
    return _finish(memories, doomed, cuts)



def plan_purge_entity(memories: Mapping[str, Memory], name: str, namespace: str) -> PurgePlan:
    """Purge everything about ``name`` in ``namespace`` (see the module docstring)."""
    in_namespace = [memory for memory in memories.values() if memory.namespace == namespace]
    named = goes_by(name, (memory.text for memory in in_namespace), known_entities(in_namespace))
    doomed: set[str] = set()
    cuts: dict[str, dict[str, str]] = {}
    for memory in in_namespace:
        if _spoken_by(memory, named):
            doomed.add(memory.id)
        elif memory.kind is Kind.FACT:
            if _about(memory, named.keys) or named.in_(memory.text):
                doomed.add(memory.id)
                if memory.subject and entity_key(memory.subject) in named.keys:
                    doomed.update(m.id for m in chain(memories, memory.id))
        elif named.in_(memory.text):
            cuts[memory.id] = _naming(_sentences_around(memory.text, named), named)
    return _finish(memories, doomed, cuts, lambda text: _sentences_around(text, named))


def _spoken_by(memory: Memory, name: Named) -> bool:
    """Whether ``memory`` is what the one named said: a turn (or a fact told) under their name as
    speaker. Their words go whole, not only where they name themselves: "I live in Harrogate and I fix
    boilers" tells who said it as surely as their name does."""
    speaker = (memory.provenance.speaker or "").strip()
    # The whole label names them ("Quentin Zarvelli", "Mr Zarvelli"); "Google Search" is not Google.
    return bool(speaker) and (entity_key(speaker) in name.keys or (0, len(speaker)) in name.spans(speaker))


def _sentences_around(text: str, name: Named) -> list[str]:
    """``text``'s sentences, none ending inside the name ("I met J. Smith. He waved." is two)."""
    return sentences(text, name.spans(text))


def _naming(parts: list[str], name: Named) -> dict[str, str]:
    """The sentences that name ``name``, and those right after them that go on about it ("He's a
    beagle"), each with what is left of it: the rest of a list that names it after something
    else ("My clients are Lego and Hvid" keeps "My clients are Lego"), else nothing."""
    cut: dict[str, str] = {}
    previous: str | None = None
    for part in parts:
        if name.in_(part):
            cut[part] = _rest_of_list(part, name)
        elif previous in cut and _CONTINUES.match(part):
            cut[part] = ""
        previous = part
    # "daisuke messaged me again. i said no. why does he still do this": what is left says nothing of its
    # own, only goes on about the one forgotten, so the turn goes whole.
    left = [part for part in parts if part not in cut]
    if cut and left and any(map(_goes_on_about_someone, left)) and all(
        _goes_on_about_someone(part) or len(_WORD.findall(part)) <= _A_FEW_WORDS for part in left
    ):
        cut.update((part, "") for part in left)
    return cut


def _goes_on_about_someone(sentence: str) -> bool:
    """Whether ``sentence`` speaks of someone only by pronoun, naming no one ("why does he still do this";
    not "Simone paid hers")."""
    names = [word for word in _A_NAME.findall(sentence) if word.casefold() not in FUNCTION_WORDS]
    return bool(_A_PERSON.search(sentence)) and not names


def _rest_of_list(sentence: str, name: Named) -> str:
    """``sentence`` without the items of a list that name ``name`` ("…are Lego and a small agency
    called Hvid." → "…are Lego."), or "" when the name is in its first item or nothing is left
    that reads as a statement."""
    body = sentence.rstrip()
    end = body[-1] if body[-1:] in ".!?" else "."
    # "I moved to York with my partner Sven.": who came along is cut, what the speaker did stays.
    along = _WITH_SOMEONE.match(body.rstrip(".!?"))
    if along is not None and name.in_(along["who"]) and not name.in_(along["done"]) and len(along["done"].split()) >= 3:
        return along["done"] + end
    items = _outside_brackets(_LIST_JOINT, body.rstrip(".!?"))
    if len(items) < 2:
        return ""
    if name.in_(items[0]):
        # "moved out of the flat with Jan, living alone in Rotterdam now": a clause after the
        # comma that says something of the speaker alone stays; a list's later items do not.
        later = [part for part in _outside_brackets(_CLAUSE_JOINT, body.rstrip(".!?"))[1:]
                 if not name.in_(part) and _OWN_CLAUSE.match(part) and len(part.split()) >= 3]
        return ", ".join(later) + end if later else ""
    # An item after a named one that goes on about it by pronoun goes with it.
    kept = [item for i, item in enumerate(items)
            if not name.in_(item) and not (i and name.in_(items[i - 1]) and _CONTINUES.match(item))]
    if len(kept[0].split()) < 3:
        return ""
    said = kept[0] if len(kept) == 1 else ", ".join(kept[:-1]) + " and " + kept[-1]
    return "" if name.in_(said) else said + end


def _outside_brackets(joint: re.Pattern[str], text: str) -> list[str]:
    """``text`` split where ``joint`` matches outside brackets: "Kai (CB, moving in June), Teo" is
    two items, not three."""
    parts, start, depth = [], 0, 0
    position = 0
    while position < len(text):
        char = text[position]
        depth += (char in "([{") - (char in ")]}" and depth > 0)
        found = joint.match(text, position) if depth == 0 else None
        if found and found.end() > position:
            parts.append(text[start:position])
            start = position = found.end()
            continue
        position += 1
    parts.append(text[start:])
    return parts


def _finish(
    memories: Mapping[str, Memory], doomed: set[str], cuts: Mapping[str, Mapping[str, str]],
    split: Callable[[str], list[str]] = sentences,
) -> PurgePlan:
    """The plan, from what is removed and the sentences cut from each turn as ``split`` splits it."""
    changed: dict[str, Memory] = {}
    redacted: list[str] = []
    for turn_id, cut in cuts.items():
        turn = memories[turn_id]
        kept = [cut.get(s, s) for s in split(turn.text)] if cut else []
        kept = [s for s in kept if s]
        if not kept or not any(_words(s) for s in kept):
            doomed.add(turn_id)
        elif kept != split(turn.text):
            changed[turn_id] = replace(turn, text=" ".join(s.strip() for s in kept))
            redacted.append(turn_id)
    # A fact whose every source turn is gone came only from forgotten text, unless a person made it their own.
    for memory in memories.values():
        turns = memory.provenance.turn_ids
        if memory.kind is Kind.FACT and turns and not a_persons_own(memory) and all(
            t in doomed or t not in memories for t in turns
        ):
            if any(t in doomed for t in turns):
                doomed.add(memory.id)
    for memory in memories.values():
        if memory.id in doomed:
            continue
        current = changed.get(memory.id, memory)
        updated = _without_sources(current, doomed)
        updated = _relinked(updated, memories, doomed)
        if updated != memory:
            changed[memory.id] = updated
    return PurgePlan(
        remove=tuple(sorted(doomed)),
        rewritten=tuple(changed[i] for i in sorted(changed)),
        redacted=tuple(sorted(redacted)),
    )


def _without_sources(memory: Memory, doomed: set[str]) -> Memory:
    turns = memory.provenance.turn_ids
    if not any(t in doomed for t in turns):
        return memory
    return replace(memory, provenance=replace(memory.provenance, turn_ids=tuple(t for t in turns if t not in doomed)))


def _relinked(memory: Memory, memories: Mapping[str, Memory], doomed: set[str]) -> Memory:
    """Links to purged versions bridged to the nearest surviving ones, so a chain stays walkable."""
    successor = memory.superseded_by
    seen: set[str] = set()
    while successor is not None and successor in doomed and successor not in seen:
        seen.add(successor)
        gone = memories.get(successor)
        successor = gone.superseded_by if gone is not None else None
    predecessors: list[str] = []
    waiting = list(memory.supersedes)
    while waiting:
        earlier = waiting.pop(0)
        if earlier in seen:
            continue
        seen.add(earlier)
        if earlier in doomed:
            gone = memories.get(earlier)
            waiting.extend(gone.supersedes if gone is not None else ())
        else:
            predecessors.append(earlier)
    if successor == memory.superseded_by and tuple(predecessors) == memory.supersedes:
        return memory
    relinked = replace(memory, superseded_by=successor, supersedes=tuple(dict.fromkeys(predecessors)))
    ended_by = memories.get(memory.superseded_by) if memory.superseded_by in doomed else None
    if ended_by is None:
        return relinked
    return _ended_as_if_never_told(relinked, ended_by, memories.get(successor) if successor else None)


def _ended_as_if_never_told(memory: Memory, purged: Memory, successor: Memory | None) -> Memory:
    """``memory``, whose successor ``purged`` is forgotten, ended as if that had never been told: by
    the next version that stays (from when it began, believed over when it was learned), or, when
    none does, not at all: it is current again, as it was before, and no end keeps the date of
    what was forgotten. An end of its own (one not set by ``purged``) stays."""
    ended_by_it = memory.invalid_at is None or memory.invalid_at == max(purged.event_time, memory.event_time)
    if successor is None:
        return replace(memory, invalid_at=None if ended_by_it else memory.invalid_at, expired_at=None)
    if not ended_by_it:
        return memory
    believed_until = None if memory.expired_at is None else max(memory.expired_at, successor.created_at)
    return replace(memory, invalid_at=max(successor.event_time, memory.event_time), expired_at=believed_until)


def _states(sentence: str, fact: Memory) -> bool:
    """Whether a sentence of a source turn says what ``fact`` says (most of its content words)."""
    subject = _words(fact.subject or "") | _words(fact.provenance.speaker or "")
    wanted = _words(fact.text) - subject
    if not wanted:
        return False
    return len(wanted & _words(sentence)) / len(wanted) >= _STATED_OVERLAP


def _words(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.casefold()) if w not in _STOP}


def _stem(word: str) -> str:
    for suffix in ("ing", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def known_entities(memories: Iterable[Memory]) -> set[str]:
    """The names the facts among ``memories`` are about or name."""
    return {name for m in memories if m.kind is Kind.FACT for name in (*(n for n in (m.subject,) if n), *m.entities)}


def _about(memory: Memory, keys: frozenset[str]) -> bool:
    names = (*(n for n in (memory.subject,) if n), *memory.entities)
    return any(entity_key(n) in keys for n in names)
