"""What goes with someone forgotten besides the sentences that name them or go on about them: what is said again of
what went. Pure.

The assistant's reply to a turn that lost something goes where it speaks only of what went ("A Diamante for £900 could
be decent value"), and a later turn that says again, of someone by pronoun, what only went said ("The 'hero moments'
clause was too controlling. Told him thanks but no."), and a sentence after one naming them (only sentences kept whole
speaking of no one else between) that says again a thing only what went of an earlier turn told ("vergiss Baumann. ich
will nichts mehr von der Bohrmaschine hören"). What went and what stays of each turn is ``redaction.cut_naming``'s; the plan that gathers it is ``purge_plan``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from datetime import datetime

from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.mentions import Named
from engram_mcp.model.name_or_word import RELATIONS
from engram_mcp.model.records import Kind, Memory
from engram_mcp.model.redaction import names_anyone, sentences_around, speaks_of_another, speaks_of_someone
from engram_mcp.model.stating import words
from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["replies_to_what_was_cut", "said_again_later", "said_again_of_what_went", "told_in"]

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def replies_to_what_was_cut(turns: Iterable[Memory], cuts: Mapping[str, dict[str, str]], doomed: set[str],
                             name: Named) -> dict[str, dict[str, str]]:
    """What goes of the assistant's reply to a turn that lost what it said of ``name``: each sentence of the reply that
    speaks only of what went ("Tolani again: Lisbon is confirmed for 16-19 Oct." → "Noted for the hen do: Lisbon 16-19
    October."; "He's selling his spare Diamante for £900." → "A Diamante for £900 could be decent value"), sharing a
    word with it and none with what the turn kept, and saying again a name or a figure only what went said, and none a
    turn that stays says ("boşaltma artık Neuss, Hansastraße 12", after a message of theirs giving the new address,
    stays while other turns name Neuss)."""
    sessions: dict[str | None, list[Memory]] = {}
    for turn in turns:
        if turn.kind is Kind.EPISODE:
            sessions.setdefault(turn.provenance.session, []).append(turn)
    replies: list[tuple[Memory, list[str], dict[str, str]]] = []
    for session in sessions.values():
        ordered = sorted(session, key=lambda m: (m.event_time, m.created_at, m.id))
        for turn, reply in itertools.pairwise(ordered):
            if turn.said_by_assistant() or not reply.said_by_assistant() or reply.id in doomed:
                continue
            parts, cut = _cut_of(turn, cuts, doomed, name)
            if cut:
                replies.append((reply, parts, cut))
    answering_ids = {reply.id for reply, _, _ in replies}
    told_elsewhere = _told_words(set().union(*(told_in(" ".join(_kept_of(turn, cuts, name))) for turn in turns
                                               if turn.kind is Kind.EPISODE and turn.id not in doomed
                                               and turn.id not in answering_ids)))
    answering: dict[str, dict[str, str]] = {}
    for reply, parts, cut in replies:
        went = " ".join(part for part in parts if part in cut)
        gone, told_only = words(went), _told_words(told_in(went)) - told_elsewhere
        kept = words(" ".join([*cut.values(), *(part for part in parts if part not in cut)]))
        already = cuts.get(reply.id, {})
        # What stays of a sentence naming them is read the same way: "Noted for the hen do: Lisbon 16-19 October" of
        # "…, £200 deposit to Tolani by Friday."
        said = {part: "" for part in sentences_around(reply.text, name)
                if (spoken := words(left := already.get(part, part))) & gone and not spoken & kept
                and (said_words := {word.casefold() for word in _WORD.findall(left)}) & told_only and not said_words & told_elsewhere}
        if said:
            answering[reply.id] = {**already, **said}
    return answering


def _told_words(told: set[str]) -> set[str]:
    """Names, figures and quoted phrases as their words of more than a letter: "Neuss'a" says Neuss, "it's" no "s"."""
    return {word for each in told for word in _WORD.findall(each) if len(word) > 1}


def _cut_of(turn: Memory, cuts: Mapping[str, dict[str, str]], doomed: set[str], name: Named) -> tuple[list[str], dict[str, str]]:
    """A turn's sentences, and what is cut of them: all of a turn that goes."""
    parts = sentences_around(turn.text, name)
    return parts, dict.fromkeys(parts, "") if turn.id in doomed else cuts.get(turn.id, {})


def _kept_of(turn: Memory, cuts: Mapping[str, dict[str, str]], name: Named) -> list[str]:
    """What stays of a turn's sentences once what names them is cut (of a turn that stays)."""
    return _kept(*_cut_of(turn, cuts, set(), name))


def _kept(parts: list[str], cut: Mapping[str, str]) -> list[str]:
    return [left for left in (cut.get(part, part) for part in parts) if left]


def said_again_later(turns: Iterable[Memory], cuts: Mapping[str, dict[str, str]], doomed: set[str],
                      name: Named) -> dict[str, dict[str, str]]:
    """What goes of a later turn that says again, of someone by pronoun, what only went with them ("Gus sent a contract
    draft … final say on 'hero moments'??" gone, then days later "The 'hero moments' clause was too controlling. Told him
    thanks but no."): ``said_again_of_what_went``, given the names, figures and quoted phrases said only in what
    went, in no sentence that stays but a turn's that may be saying them again."""
    episodes = [turn for turn in turns if turn.kind is Kind.EPISODE and turn.id not in doomed]
    gone: set[str] = set()
    things_gone: list[tuple[datetime, set[str]]] = []
    said_in: dict[str, list[str]] = {}
    kept: dict[str, list[str]] = {}
    cut_of: dict[str, dict[str, str]] = {}
    since: datetime | None = None
    for turn in turns:
        if turn.kind is not Kind.EPISODE:
            continue
        parts, cut = _cut_of(turn, cuts, doomed, name)
        if cut:
            went = " ".join(part for part in parts if part in cut)
            gone |= told_in(went)
            things_gone.append((turn.event_time, _things_told(went)))
            since = min(since or turn.event_time, turn.event_time)
        if turn.id not in doomed:
            said_in[turn.id], kept[turn.id], cut_of[turn.id] = parts, _kept(parts, cut), cut
    if since is None:
        return {}
    # A turn that may say again what went: one after it began going, whose rest speaks of someone by pronoun.
    may_say_again = {turn.id for turn in episodes if turn.event_time >= since and speaks_of_someone(" ".join(kept[turn.id]))}
    told_only = gone - set().union(*(told_in(" ".join(said)) for turn_id, said in kept.items() if turn_id not in may_say_again))
    after_naming = {turn_id: _after_naming(said_in[turn_id], cut_of[turn_id], name) for turn_id in said_in}
    things_kept = set().union(*(_things_told(said) for turn_id, said_of_turn in kept.items()
                                for said in said_of_turn if said not in after_naming[turn_id]))
    again: dict[str, dict[str, str]] = {}
    for turn in episodes:
        said = said_again_of_what_went(kept[turn.id], told_only) if turn.id in may_say_again else {}
        # Said again: told in what went of an earlier turn ("everything" of a later "forget everything about …" is not).
        things_only = set().union(*(things for when, things in things_gone if when < turn.event_time)) - things_kept
        said |= said_again_after_naming(said_in[turn.id], after_naming[turn.id], name, things_only)
        if said:
            again[turn.id] = {**cuts.get(turn.id, {}), **{part: "" for part in said_in[turn.id] if part in said}}
    return again


# A word long enough to tell of a thing rather than join a sentence, in any language chat mixes in: "brinco", "catheter".
_A_THINGS_LENGTH = 5


def _things_told(text: str) -> set[str]:
    """The names, figures and quoted phrases ``text`` says, and its longer words, in lower case."""
    return told_in(text) | {word for word in _WORD.findall(text.casefold()) if len(word) >= _A_THINGS_LENGTH and word not in FUNCTION_WORDS}


def _after_naming(parts: list[str], cut: Mapping[str, str], name: Named) -> dict[str, str]:
    """Each sentence a turn keeps whole after one naming ``name``, with that one, only sentences kept whole that speak of no
    one else between ("kev didnt show after smoko. shed was chaos. sunburnt again probs")."""
    after: dict[str, str] = {}
    naming: str | None = None
    for part in parts:
        if name.in_(part):
            naming = part
        elif naming is not None and part not in cut:
            after[part] = naming
            if speaks_of_another(part, name, spoken_of_before=naming):
                naming = None
        else:
            naming = None
    return after


def said_again_after_naming(parts: list[str], after_naming: Mapping[str, str], name: Named, told_only_of_them: set[str]) -> dict[str, str]:
    """The sentences of a turn after one naming ``name``, no one else spoken of between, that say again a thing only what
    went told, speaking of no one else (a relation the sentence naming them spoke of beside them is no one else): "…
    esquece a Whitaker. não quero lembrar dessa história do brinco", of an earring only her story told; "Ioane came by
    mum's. mum gave him the PS5", of a PS5 only what went told; "kev didnt show after smoko. shed was chaos.
    sunburnt again probs", of a sunburn only what went told. Else nothing."""
    return {part: "" for part, before in after_naming.items()
            if _telling(_things_told(part) & told_only_of_them)
            and not speaks_of_another(part, name, told_only_of_them, spoken_of_before=before)}


# What a later message may say again of what went: a name or a figure ("Diamante", "Leeds", "£900"), or a phrase quoted
# ("the 'hero moments' clause").
_TOLD = re.compile(r"(?<![.!?:]\s)(?<!^)(?<!\n)\b[A-Z][\w'’-]+|\d[\d.,:]*\d|(?<!\w)['\"“‘](?P<quoted>[^'\"”’\n]{3,40})['\"”’](?!\w)")


def told_in(text: str) -> set[str]:
    """The names, figures and quoted phrases ``text`` says, in lower case; a word opening a sentence is no name."""
    return {(found["quoted"] or found.group(0)).casefold().rstrip("'’") for found in _TOLD.finditer(text.strip())
            if found["quoted"] or found.group(0).casefold() not in FUNCTION_WORDS and found.group(0) not in CALENDAR_NAMES}


_FEW_DIGITS = 2


def _telling(told: set[str]) -> set[str]:
    """What of ``told`` tells what it is said of: a number of two digits ("15") is said of too many things."""
    return {each for each in told if not each.isdigit() or len(each) > _FEW_DIGITS}


def said_again_of_what_went(parts: list[str], told_only_of_them: set[str]) -> dict[str, str]:
    """The sentences of a later message that speak again of what went with the one forgotten: a message naming no one
    else that says again something only what went told ("The 'hero moments' clause was too controlling", "the Leeds
    person will have it") and speaks of someone by pronoun ("Told him thanks but no") is about them; each of its
    sentences saying that thing or speaking of someone by pronoun goes. Not one speaking of a relation ("Mum called,
    she's off to Lisbon too"). Else nothing."""
    text = " ".join(parts)
    again = _telling(told_in(text) & told_only_of_them)
    if (not again or not speaks_of_someone(text) or names_anyone(text, besides=told_only_of_them)
            or any(word in RELATIONS for word in _WORD.findall(text.casefold()))):
        return {}
    return {part: "" for part in parts if told_in(part) & again or speaks_of_someone(part)}
