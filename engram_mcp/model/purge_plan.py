"""What a purge removes: what was asked, and nothing that merely sits next to it. Pure.

Forgetting must not spread. Nothing is followed transitively, so a fact never takes a turn
because the two share some third memory:

- **a turn, by id**: the turn goes, and the facts drawn from it alone (their only source is
  gone); a fact with other sources keeps them, and one a person pinned or wrote stays on their word.
- **a fact, by id**: the fact goes, and so do the clauses that state it, in the turns it was drawn
  from and in any other turn of its namespace saying all of it again of the same one ("so reminder:
  allergic to penicillin!"), and the facts drawn from those turns that say it again ("User has a
  penicillin allergy."): how a fact is found in a turn and cut out of it is ``model.stating``. The
  rest of each sentence stays ("I work at Tesco as a cashier, and my dog is called Biscuit." keeps "I
  work as a cashier, and my dog is called Biscuit."); a turn with nothing else left goes. Other facts
  from those turns stay, even when nothing of their turn is left. Its supersession chain stays, linked around the gap, and ended as if it had never
  been told: the version before it ends where the next one begins, or, when it was the newest,
  is current again (a chain's last value forgotten leaves no end dated by it: "OUTDATED since
  1 Jun" with nothing after). Forgetting the whole chain is forgetting its subject, by entity.
- **an entity**: every fact about it or naming it goes, with its whole chain when the chain's
  subject is that entity; every sentence that names it is cut from the turns, with a sentence
  right after one of those that goes on about it by pronoun ("He's a beagle"), and the start of the
  speaker's next turn in the session that goes on about it by "he", "she" or "they" when the turn
  before ended on it alone ("he did it again this morning": ``model.redaction``), and each sentence of
  the assistant's reply to a turn that lost something that speaks only of what went ("A Diamante for
  £900 could be decent value"), and a later turn's sentences saying again, of someone by pronoun, what only
  went said ("The 'hero moments' clause was too controlling. Told him thanks but no."), and a sentence
  after one naming it that says again a thing only what went of an earlier turn told ("vergiss Baumann. ich will
  nichts mehr von der Bohrmaschine hören": ``model.said_again``), with the facts restating only what was cut; a turn with
  nothing else left goes, with the facts drawn from it alone, and so does one whose rest only goes
  on about it ("i said no. why does he still do this": a pronoun for someone, naming no one, beside
  sentences of three words or fewer). A sentence that names it in a
  list keeps the rest of the list, wherever it stands ("My clients are Lego and Hvid"
  keeps "My clients are Lego."; "Priya and I watched the final" keeps "I watched the final."); one that names it only as whom something was done with keeps what was done
  ("I moved to York with my partner Sven" keeps "I moved to York."; "Ana works with Tom at Deloitte"
  keeps "Ana works at Deloitte."), and one naming it in passing, whose someone else is or in brackets,
  keeps what it says of them ("Tom's colleague Ana moved to Porto" keeps "Ana moved to Porto."), but not a clause
  without a subject of its own going on from theirs ("Dr Hollis was in a foul mood, shouted at the porter"); a quoted
  message written to them ("'Hi Kofi, …'") goes whole, with the words leading into it in its sentence. Someone known
  only as their family ("remind me to call Sully's wife Donna"), named in no turn that does not name them, goes with
  them (``model.their_people``). A person's full name ("Ricardo Fortuin") also names them
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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from engram_mcp.model.entities import entity_key
from engram_mcp.model.mentions import Named, goes_by, mentions
from engram_mcp.model.records import Kind, Memory
from engram_mcp.model.redaction import cut_naming, last_said, names_someone_else, sentences_around
from engram_mcp.model.said_again import replies_to_what_was_cut, said_again_later
from engram_mcp.model.sentences import sentences
from engram_mcp.model.stating import Statement, cut_statement, restates, states, words
from engram_mcp.model.supersede import chain
from engram_mcp.model.their_people import with_their_family
from engram_mcp.model.trust import a_persons_own

__all__ = ["PurgePlan", "about", "known_entities", "plan_purge", "plan_purge_entity"]


@dataclass(frozen=True, slots=True)
class PurgePlan:
    remove: tuple[str, ...]
    """Every memory to delete, in a stable order."""
    rewritten: tuple[Memory, ...]
    """Surviving memories changed by the purge: redacted turns, facts that lost a source, relinked versions."""
    redacted: tuple[str, ...] = ()
    """The ids among ``rewritten`` whose text lost sentences."""


def plan_purge(memories: Mapping[str, Memory], start: Iterable[str]) -> PurgePlan:
    """Purge memories named by id (see the module docstring)."""
    doomed = {memory_id for memory_id in start if memory_id in memories}
    cuts: dict[str, dict[str, str]] = {}
    drawn = _drawn_by_turn(memories.values())
    for memory_id in sorted(doomed):
        fact = memories[memory_id]
        if fact.kind is not Kind.FACT:
            continue
        said = Statement.of_fact(fact)
        versions = {version.id for version in chain(memories, fact.id)}
        for turn in _turns_saying(memories, fact, said, doomed):
            drawn_from = turn.id in fact.provenance.turn_ids
            siblings = [m for m in drawn.get(turn.id, ()) if m.id not in doomed]
            again = {m.id for m in siblings if restates(m, said) and m.id not in versions and not a_persons_own(m)}
            others = [Statement.of_fact(m) for m in siblings if m.id not in again]
            parts = sentences(turn.text)
            earlier = cuts.get(turn.id, {})
            current = [earlier.get(part, part) for part in parts]
            now = cut_statement(current, said, drawn_from=drawn_from, others=others)
            if now:
                cuts[turn.id] = {part: now.get(text, text) for part, text in zip(parts, current, strict=True)
                                 if part in earlier or text in now}
                doomed.update(again)
    return _finish(memories, doomed, cuts, keep_what_shared_an_emptied_turn=True)


def _drawn_by_turn(memories: Iterable[Memory]) -> dict[str, list[Memory]]:
    drawn: dict[str, list[Memory]] = {}
    for memory in memories:
        if memory.kind is Kind.FACT:
            for turn_id in memory.provenance.turn_ids:
                drawn.setdefault(turn_id, []).append(memory)
    return drawn


def _turns_saying(memories: Mapping[str, Memory], fact: Memory, said: Statement, doomed: set[str]) -> list[Memory]:
    """The turns that may say ``fact``: those it was drawn from, and any other of its namespace in which
    whom it is of may speak of it: anyone, for a fact of someone named; for one of the speaker, the speaker
    ("reminder: allergic to penicillin!") or the assistant ("you're allergic to penicillin")."""
    sources = set(fact.provenance.turn_ids)
    stems = [word[:4] for word in said.wanted]
    found = []
    for turn in memories.values():
        if turn.kind is not Kind.EPISODE or turn.id in doomed:
            continue
        if turn.id not in sources:
            folded = turn.text.casefold()
            if turn.namespace != fact.namespace or not stems or not all(stem in folded for stem in stems):
                continue
            if not said.of and not (_same_voice(turn, fact) or turn.provenance.role == "assistant"):
                continue
        found.append(turn)
    return found



def plan_purge_entity(memories: Mapping[str, Memory], name: str, namespace: str) -> PurgePlan:
    """Purge everything about ``name`` in ``namespace`` (see the module docstring)."""
    in_namespace = [memory for memory in memories.values() if memory.namespace == namespace]
    named = goes_by(name, (memory.text for memory in in_namespace), known_entities(in_namespace))
    named = with_their_family(named, (memory.text for memory in in_namespace if memory.kind is Kind.EPISODE))
    doomed: set[str] = set()
    cuts: dict[str, dict[str, str]] = {}
    for memory in in_namespace:
        if _spoken_by(memory, named):
            doomed.add(memory.id)
        elif memory.kind is Kind.FACT:
            if about(memory, named) or named.in_(memory.text):
                doomed.add(memory.id)
                if memory.subject and entity_key(memory.subject) in named.keys:
                    doomed.update(m.id for m in chain(memories, memory.id))
        elif named.in_(memory.text):
            cuts[memory.id] = cut_naming(sentences_around(memory.text, named), named)
    going_on = _going_on(in_namespace, cuts, doomed, named)
    cuts.update(going_on)
    answering = replies_to_what_was_cut(in_namespace, cuts, doomed, named)
    cuts.update(answering)
    later = said_again_later(in_namespace, cuts, doomed, named)
    cuts.update(later)
    # Only what goes on about them by pronoun, in the turn naming them or after it, or a reply to what was said of them: a
    # fact drawn from a sentence that names them says nothing of them unless it names them too ("Bilal and others did the
    # dinner" stays when "Tariq's truck is back …" goes).
    going_on_in_their_turn = {turn_id: {said: left for said, left in cut.items() if not named.in_(said)} for turn_id, cut in cuts.items()}
    doomed.update(_drawn_from_what_was_cut(in_namespace, going_on_in_their_turn | going_on | answering | later, doomed))
    return _finish(memories, doomed, cuts, lambda text: sentences_around(text, named))


def _going_on(turns: Iterable[Memory], cuts: Mapping[str, dict[str, str]], doomed: set[str], name: Named) -> dict[str, dict[str, str]]:
    """What goes of the turns that go on about ``name`` from the turn before: the speaker's next turn in
    the session (past replies by others naming no one else) after a turn that ended on it alone, when it
    opens with "he", "she" or "they" and that sentence names no one else ("My neighbour Gregor keeps
    parking in my spot." → "he did it again this morning"). A turn that ended on others too ("Gregor
    and his wife Olga …") leaves whom the next one means open, so that one is kept."""
    sessions: dict[str | None, list[Memory]] = {}
    for turn in turns:
        if turn.kind is Kind.EPISODE and turn.id not in doomed:
            sessions.setdefault(turn.provenance.session, []).append(turn)
    going_on: dict[str, dict[str, str]] = {}
    for session in sessions.values():
        ended_on: Memory | None = None
        for turn in sorted(session, key=lambda m: (m.event_time, m.created_at, m.id)):
            parts = sentences_around(turn.text, name)
            if ended_on is not None and _same_voice(turn, ended_on):
                cut = cut_naming(parts, name, going_on=True)
                if parts and (parts[0] in cut or cut and not name.in_(turn.text)):
                    going_on[turn.id] = cut
            elif ended_on is not None and not names_someone_else(turn.text, name):
                continue  # a reply between, naming no one else, leaves whom the speaker means as it was
            said = going_on.get(turn.id, cuts.get(turn.id, {}))
            ended_on = turn if parts and said.get(last := last_said(parts)) == "" and not names_someone_else(last, name) else None
    return going_on


def _drawn_from_what_was_cut(memories: Iterable[Memory], cuts: Mapping[str, dict[str, str]], doomed: set[str]) -> set[str]:
    """The facts that restate what was cut from their turns and nothing that stays ("He did it again this
    morning." from "he did it again this morning, I left a note"): they tell of the one forgotten by pronoun."""
    gone: set[str] = set()
    for fact in memories:
        if fact.kind is not Kind.FACT or fact.id in doomed:
            continue
        cut = [(said, left) for turn in fact.provenance.turn_ids for said, left in cuts.get(turn, {}).items()]
        if any(states(said, fact) and not (left and states(left, fact)) for said, left in cut):
            gone.add(fact.id)
    return gone


def _same_voice(turn: Memory, other: Memory) -> bool:
    return (turn.provenance.speaker, turn.provenance.role) == (other.provenance.speaker, other.provenance.role)


def _spoken_by(memory: Memory, name: Named) -> bool:
    """Whether ``memory`` is what the one named said: a turn (or a fact told) under their name as
    speaker. Their words go whole, not only where they name themselves: "I live in Harrogate and I fix
    boilers" tells who said it as surely as their name does."""
    speaker = (memory.provenance.speaker or "").strip()
    # The whole label names them ("Quentin Zarvelli", "Mr Zarvelli"); "Google Search" is not Google.
    return bool(speaker) and (entity_key(speaker) in name.keys or (0, len(speaker)) in name.spans(speaker))


def _finish(
    memories: Mapping[str, Memory], doomed: set[str], cuts: Mapping[str, Mapping[str, str]],
    split: Callable[[str], list[str]] = sentences, *, keep_what_shared_an_emptied_turn: bool = False,
) -> PurgePlan:
    """The plan, from what is removed and the sentences cut from each turn as ``split`` splits it; with
    ``keep_what_shared_an_emptied_turn``, a fact drawn from a turn that goes only because nothing is left
    of it stays (forgetting a fact takes no other told beside it)."""
    changed: dict[str, Memory] = {}
    redacted: list[str] = []
    emptied: set[str] = set()
    for turn_id, cut in cuts.items():
        turn = memories[turn_id]
        kept = [cut.get(s, s) for s in split(turn.text)] if cut else []
        kept = [s for s in kept if s]
        if not kept or not any(words(s) for s in kept):
            doomed.add(turn_id)
            emptied.add(turn_id)
        elif kept != split(turn.text):
            changed[turn_id] = replace(turn, text=" ".join(s.strip() for s in kept))
            redacted.append(turn_id)
    # A fact whose every source turn is gone came only from forgotten text, unless a person made it their own.
    for memory in memories.values():
        turns = memory.provenance.turn_ids
        if memory.kind is Kind.FACT and turns and not a_persons_own(memory) and all(
            t in doomed or t not in memories for t in turns
        ):
            lost = [t for t in turns if t in doomed]
            if lost and not (keep_what_shared_an_emptied_turn and all(t in emptied for t in lost)):
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


def known_entities(memories: Iterable[Memory]) -> set[str]:
    """The names the facts among ``memories`` are about or name."""
    return {name for m in memories if m.kind is Kind.FACT for name in (*(n for n in (m.subject,) if n), *m.entities)}


def about(memory: Memory, named: Named) -> bool:
    """Whether the fact ``memory`` is about the one ``named``: its subject, or an entity it lists, unless
    its text writes that entity's name only as someone or something else ("User is planning a trip to
    Jordan" lists Jordan, the country, not a friend Jordan)."""
    if memory.subject and entity_key(memory.subject) in named.keys:
        return True
    return any(entity_key(entity) in named.keys and (named.in_(memory.text) or not mentions(memory.text, entity))
               for entity in memory.entities)
