"""Supersession: a newer fact ends an older one; nothing is overwritten. Pure.

Detection is cheap first (``compare`` on normalised slots, see ``predicates``): the same
subject and the same single-valued predicate with another object, or the same predicate and
object with the opposite polarity, is a contradiction settled without any model. What slots
cannot settle is ``AMBIGUOUS`` and goes to an adjudicator (``Adjudicator``), which is off by
default.

``supersede`` returns new values: the older fact gets ``invalid_at`` (world time: when the
newer one became true) and ``expired_at`` (system time: now), and the two are linked both
ways so a chain can be walked (``chain``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from enum import Enum
from typing import Protocol

from engram_mcp.model.belongings import VEHICLE_WORDS
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.mentions import mentions
from engram_mcp.model.predicates import HABIT_KINDS, MULTI_VALUED, Slot, normalise, parse_statement
from engram_mcp.model.records import Certainty, Kind, Memory, Source
from engram_mcp.model.trust import a_persons_own, trust

__all__ = [
    "still_worded",
    "Adjudicator",
    "NoAdjudicator",
    "Verdict",
    "chain",
    "compare",
    "conflicts",
    "retract",
    "reword",
    "slot_of",
    "stands_against",
    "supersede",
    "told_late",
    "unsaid",
    "was_unsaid",
]


class Verdict(str, Enum):
    DUPLICATE = "duplicate"
    """Says the same thing: reinforce the existing memory."""
    SUPERSEDES = "supersedes"
    """Contradicts it: the later one (by world time) ends the earlier."""
    COMPATIBLE = "compatible"
    """Both can be true at once."""
    AMBIGUOUS = "ambiguous"
    """The slots cannot tell; an adjudicator may."""


class Adjudicator(Protocol):
    """Decides whether ``new`` contradicts ``old`` when the slots could not."""

    name: str

    def contradicts(self, old: Memory, new: Memory) -> bool | None:
        """True: supersede. False: keep both. None: no opinion (keep both)."""
        ...


class NoAdjudicator:
    """The default: no model is asked, ambiguous pairs are both kept."""

    name = "off"

    def contradicts(self, old: Memory, new: Memory) -> bool | None:
        return None


def slot_of(memory: Memory) -> Slot | None:
    """A fact's slot, from its subject/predicate/object or, failing those, its text."""
    if memory.kind is not Kind.FACT:
        return None
    if memory.subject and memory.predicate and memory.predicate != "states":
        return _with_person_named(normalise(memory.subject, memory.predicate, memory.object or ""), memory)
    parsed = parse_statement(memory.text, memory.subject)
    return _with_person_named(normalise(*parsed), memory) if parsed else None


def _with_person_named(slot: Slot, memory: Memory) -> Slot:
    """The slot of a fact about one of someone's people ("Young-hee's son") with the name the
    text gives right after them ("Young-hee's son Joon started at Amazon"), if any."""
    subject = memory.subject or ""
    if "'s " not in subject.replace("’", "'"):
        return slot
    named = re.match(re.escape(subject) + r"\s+(?P<name>[A-Z][\w'’-]+)\b", memory.text)
    return replace(slot, person=named["name"].casefold()) if named else slot


def compare(new: Slot | None, old: Slot | None) -> Verdict:
    """How a new fact's slot stands to a current one's."""
    if new is None or old is None:
        return Verdict.AMBIGUOUS
    # Two of the speaker's sons, each named, are two subjects; a fact that names neither is about either.
    if new.subject != old.subject or (new.person and old.person and new.person != old.person):
        return Verdict.COMPATIBLE
    if not same_relation(new.predicate, old.predicate):
        return Verdict.AMBIGUOUS
    if new.object == old.object:
        return Verdict.DUPLICATE if new.negated == old.negated else Verdict.SUPERSEDES
    if new.single_valued:
        if new.negated and not old.negated and _called_by_part(new.predicate, new.object, old.object):
            return Verdict.SUPERSEDES
        # "doesn't work at Google" says nothing against "works at Meta".
        return Verdict.SUPERSEDES if not new.negated and not old.negated else Verdict.COMPATIBLE
    return Verdict.COMPATIBLE if new.predicate in MULTI_VALUED else Verdict.AMBIGUOUS


# What one drives is called by part of its name or by its kind once it is known: "sold the Golf", "sold the car" end
# "drives a blue VW Golf".
_CALLED_BY_PART = frozenset({"drives"})


def _called_by_part(predicate: str, ended: str, held: str) -> bool:
    """Whether ``ended`` names what ``held`` is: some of its words ("golf" of "blue vw golf") or its kind ("car")."""
    words = ended.split()
    return predicate in _CALLED_BY_PART and bool(words) and (
        set(words) <= set(held.split()) or len(words) == 1 and words[0] in VEHICLE_WORDS)


_HOW_OFTEN = "_how_often"


def same_relation(new: str, old: str) -> bool:
    """Whether two slot predicates are one relation. A habit's days said of the thing alone
    ("yoga_how_often": "my yoga classes moved to Tuesdays") are those of the habit done with
    that thing ("teach_yoga_how_often": "I teach yoga on Mondays")."""
    if new == old:
        return True
    if not (new.endswith(_HOW_OFTEN) and old.endswith(_HOW_OFTEN)):
        return False
    shorter, longer = sorted((new.removesuffix(_HOW_OFTEN).split("_"), old.removesuffix(_HOW_OFTEN).split("_")), key=len)
    if len(shorter) != 1:
        return False
    # "training" said alone ("Mateo's training moved") is the habit held as training ("football").
    return longer[-1] == shorter[0] or shorter[0] in HABIT_KINDS or len(longer) == 1 and (
        _one_verb(longer[0], shorter[0]) or longer[0] in HABIT_KINDS)


def _one_verb(a: str, b: str) -> bool:
    """"running" and "run", "cycling" and "cycle": a verb and its gerund."""
    gerund, verb = (a, b) if a.endswith("ing") else (b, a)
    stem = gerund.removesuffix("ing")
    return gerund.endswith("ing") and verb in {stem, stem[:-1] if stem[-2:-1] == stem[-1:] else stem, stem + "e"}


def conflicts(new: Slot | None, old: Slot | None) -> bool:
    """Whether two facts cannot both be believed as stated: a contradiction, or another value
    for the same subject and relation where the slots cannot tell (``AMBIGUOUS``). Used to keep
    what a person pinned or wrote visible against anyone else's later claim."""
    verdict = compare(new, old)
    if verdict is Verdict.SUPERSEDES:
        return True
    return (
        verdict is Verdict.AMBIGUOUS and new is not None and old is not None
        and new.subject == old.subject and same_relation(new.predicate, old.predicate) and new.object != old.object
    )


def stands_against(old: Memory, new: Memory) -> bool:
    """Whether ``old`` stays current when ``new`` contradicts it; ``new`` is then kept beside it,
    disputed, instead of ending it.

    What a person pinned or wrote by hand is changed only by a person. What was said wins over what
    was guessed: a guess (certainty 0.4: "maybe", or "Killa is based in Corona" read from "I work …
    in Corona") does not end a surer fact ("Killa lives in Jackson Heights"); a strong inference
    does ("Finally moved, the house in Wieliczka is full of boxes"). The user's word wins over the
    assistant's: a fact the assistant stated (read from its own turn) does not end one the user
    stated, while a later word of the user's ends the assistant's as usual; a tool's output ends
    neither (``trust``: person > user > assistant > tool).
    """
    if _by_person(new):
        return False
    if a_persons_own(old):
        return True
    if new.certainty <= Certainty.WEAK_GUESS.value < old.certainty:
        return True
    return trust(new.provenance) < trust(old.provenance)


def _by_person(memory: Memory) -> bool:
    return memory.provenance.source is Source.HUMAN_EDIT


def supersede(old: Memory, new: Memory, now: datetime, present: datetime | None = None) -> tuple[Memory, Memory]:
    """(old', new'): whichever became true later ends the other, linked both ways.

    Usually ``new`` is later. A fact learned now about an earlier time (a late report)
    arrives already superseded by the current one: true until the current one began, and
    never believed current. A successor that only begins after ``present`` (the moment the
    namespace is in; ``now`` if not given) gives ``old`` an end ahead without withdrawing it:
    "Ana works at Klarna" from next year leaves "Ana works at Meta" current until then.
    """
    if new.event_time >= old.event_time:
        ended = replace(
            old,
            invalid_at=max(new.event_time, old.event_time),
            expired_at=None if old.event_time < new.event_time > (present or now) else now,
            superseded_by=new.id,
        )
        return ended, replace(new, supersedes=_with(new.supersedes, old.id))
    late = replace(new, invalid_at=old.event_time, expired_at=now, superseded_by=old.id)
    return replace(old, supersedes=_with(old.supersedes, new.id)), late


def told_late(current: Memory, new: Memory, lookup: Callable[[str], Memory | None], now: datetime) -> tuple[list[Memory], Memory]:
    """(the chain's memories changed, new'): ``new`` became true before ``current`` did, so it
    takes its place in the history: after the value that held at its time, which it ends then,
    and before the one that followed, which ends it. "Paris from 2024-01", "Lisbon from 2025-01",
    then "Oslo from 2024-06": Paris ends at 2024-06 and Oslo at 2025-01. Learned after the fact,
    ``new`` was never believed current (``expired_at`` now), like any late report."""
    following = current
    while True:
        earlier = [m for m in map(lookup, following.supersedes) if m is not None and m.superseded_by == following.id]
        held = next((m for m in earlier if m.event_time <= new.event_time), None)
        if held is not None or not earlier:
            break
        following = max(earlier, key=lambda m: m.event_time)
    late = replace(new, invalid_at=following.event_time, expired_at=now, superseded_by=following.id)
    if held is None:
        return [replace(following, supersedes=_with(following.supersedes, new.id))], late
    ended = replace(held, invalid_at=new.event_time, superseded_by=new.id)
    rest = tuple(i for i in following.supersedes if i != held.id)
    return [ended, replace(following, supersedes=_with(rest, new.id))], replace(late, supersedes=_with(late.supersedes, held.id))


def reword(
    old: Memory, new_id: str, text: str, now: datetime, *, source: Source, pinned: bool | None = None
) -> tuple[Memory, Memory]:
    """(old', new'): a corrected wording replaces ``old`` in belief, linked both ways.

    The old wording is withdrawn without a world end, so on the valid axis it was never true
    (see ``temporal.valid_interval``); on the known axis it was believed until ``now``. A
    person's wording is certain; any other source keeps the old certainty.
    """
    human = source is Source.HUMAN_EDIT
    reworded_object = _object_reworded(old, text)
    new = replace(
        old,
        id=new_id,
        text=text,
        object=reworded_object,
        entities=_entities_reworded(old, text, reworded_object),
        created_at=now,
        expired_at=None,
        certainty=1.0 if human else old.certainty,
        provenance=replace(old.provenance, source=source),
        supersedes=(old.id,),
        superseded_by=None,
        pinned=old.pinned if pinned is None else pinned,
    )
    return replace(old, expired_at=now, superseded_by=new.id), new


def _entities_reworded(old: Memory, text: str, reworded_object: str | None) -> tuple[str, ...]:
    """Whom and what a reworded fact names: the old entities its new words still name, and the name that
    took the old object's place ("Tom works at KPMG." edited to "… at Deloitte." names Deloitte, not KPMG),
    so forgetting KPMG leaves the fact the person wrote."""
    kept = [entity for entity in old.entities if mentions(text, entity)]
    replaced_a_name = old.object is not None and old.object in old.entities and reworded_object != old.object
    if replaced_a_name and reworded_object and reworded_object not in kept:
        kept.append(reworded_object)
    return tuple(kept)


def _object_reworded(old: Memory, text: str) -> str | None:
    """What a reworded fact says its object is: the words that took the old object's place ("Ana
    works at Zqacme as a welder." edited to "… as a plumber." is "at Zqacme as a plumber"), the
    old object if the new text still says it, else none: a stale value must not stand beside
    words that say another."""
    if old.object is None or old.object in text:
        return old.object
    at = old.text.find(old.object)
    if at < 0:
        return None
    before, after = old.text[:at], old.text[at + len(old.object):]
    if len(text) > len(before) + len(after) and text.startswith(before) and text.endswith(after):
        return text[len(before):len(text) - len(after)].strip() or None
    return None


def retract(memory: Memory, now: datetime, *, never_true: bool = False) -> Memory:
    """"That is no longer true": it ends now in the world and in belief; history is kept.

    ``never_true`` ("that was wrong") gives it an empty world interval instead.
    """
    ends = memory.event_time if never_true else max(now, memory.event_time)
    return replace(memory, invalid_at=memory.invalid_at or ends, expired_at=memory.expired_at or now)


def unsaid(fact: Memory, now: datetime) -> Memory:
    """A fact drawn from a turn whose text a person corrected so that it no longer says it: the turn
    never said it, so it was never true; believed until ``now``, kept as history."""
    return retract(fact, now, never_true=True)


def ended_by(fact: Memory, lookup: Callable[[str], Memory | None]) -> list[Memory]:
    """The facts ``fact`` ended in the world when it superseded them ("Sam lives in Leeds" ended by
    "Sam lives in York"), not the wordings it replaced (``reword`` gives those no world end)."""
    ended = (lookup(memory_id) for memory_id in fact.supersedes)
    return [m for m in ended if m is not None and m.superseded_by == fact.id and m.invalid_at is not None]


def reopen(ended: Memory, new_id: str, now: datetime) -> tuple[Memory, Memory]:
    """(ended', again): what ended ``ended`` was withdrawn as never said, so ``ended`` holds again.

    Belief is not rewritten: ``ended`` keeps its end, believed until it was withdrawn (``now`` if it
    still stood with an end ahead), and ``again`` is the same statement believed from ``now`` with no
    end, linked after it. Asked "what did you believe then", the answer between the two stays what
    was believed then; asked "what was true then", ``again`` answers for every time.
    """
    again = replace(ended, id=new_id, created_at=now, expired_at=None, invalid_at=None, superseded_by=None,
                    supersedes=(ended.id,))
    return replace(ended, expired_at=ended.expired_at or now, superseded_by=again.id), again


_WORD = re.compile(r"[^\W_][\w'’-]*")
# Words a restatement brings that its turn need not hold: the verbs and function words of any
# sentence, and "the assistant" that a request's "you" becomes.
_RESTATED = FUNCTION_WORDS | {"is", "has", "assistant", "asked", "user"}


def still_worded(fact: Memory, text: str) -> bool:
    """Read with no extractor: whether a turn's corrected ``text`` still holds the value of ``fact``
    drawn from it ("Leeds" of "Sam lives in Leeds", "at Siemens" of "works at Siemens"; the statement
    without its subject when it has no value). Every word of it must be there, stems compared
    ("loves hiking" is held by "I love hiking"), the name of whom it is about and of who said it aside."""
    value = fact.object or fact.text
    about = _stems(" ".join(n for n in (fact.subject, fact.provenance.speaker) if n))
    wanted = _stems(value) - about - _stems(" ".join(_RESTATED))
    return wanted <= _stems(text)


def _stems(text: str) -> set[str]:
    words = (w.casefold().replace("’", "'").removesuffix("'s") for w in _WORD.findall(text))
    return {_stem(w) for w in words if w not in _RESTATED}


def _stem(word: str) -> str:
    # Crude on purpose: "loves" / "love" / "loved" must meet.
    for suffix in ("ing", "ed", "es", "s", "e"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def unsaid_in_history(fact: Memory, now: datetime) -> Memory:
    """A fact already ended, drawn only from a turn a person deleted: it keeps what was believed and when, and
    was never true ("I live in Leeds" deleted after "I moved to York": asked what was true in March, nothing)."""
    return replace(fact, invalid_at=fact.event_time, expired_at=fact.expired_at or now)


def was_unsaid(fact: Memory) -> bool:
    """Whether ``fact`` was withdrawn by ``unsaid`` (never true, with nothing in its place), so a turn
    corrected back to saying it gives it again."""
    return fact.expired_at is not None and fact.superseded_by is None and fact.invalid_at == fact.event_time


def chain(memories: Mapping[str, Memory], memory_id: str) -> list[Memory]:
    """Every version linked to ``memory_id`` by supersession, oldest (by world time) first."""
    seen: dict[str, Memory] = {}
    waiting = [memory_id]
    while waiting:
        current = memories.get(waiting.pop())
        if current is None or current.id in seen:
            continue
        seen[current.id] = current
        waiting.extend(current.supersedes)
        if current.superseded_by:
            waiting.append(current.superseded_by)
    return sorted(seen.values(), key=lambda m: (m.event_time, m.created_at))


def _with(ids: tuple[str, ...], memory_id: str) -> tuple[str, ...]:
    return ids if memory_id in ids else (*ids, memory_id)
