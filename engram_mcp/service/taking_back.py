"""What a person takes back, read against their current facts: which facts an ending, a rescheduling,
a plan called off, a correction or a switch replaces, and what is written in their place.

A step of the fact pipeline (``facts.FactService.write``); it reads the current facts and writes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from engram_mcp.model import Memory
from engram_mcp.model.corrections import (
    CALLS_OFF,
    CORRECTS,
    ENDS,
    RESCHEDULES,
    SHIFTS,
    SWITCHES,
    before_its_details,
    corrected,
    ends,
    habit_restated,
    names_event,
    parse_correction,
    parse_shift,
)
from engram_mcp.model.day_shift import shifted
from engram_mcp.model.mentions import mentions
from engram_mcp.model.predicates import subject_key
from engram_mcp.model.supersede import slot_of
from engram_mcp.model.time_expr import CALENDAR_NAMES, WEEKDAY_NAMES, says_a_time
from engram_mcp.service.fact_lookup import FactLookup

__all__ = ["TAKES_BACK", "as_the_habit_it_replaces", "taken_back"]

TAKES_BACK = frozenset({CALLS_OFF, CORRECTS, ENDS, RESCHEDULES, SHIFTS, SWITCHES})
"""Predicates of what a person takes back (``model.corrections``): applied to the facts they name."""


def taken_back(fact: Memory, lookup: FactLookup) -> tuple[list[Memory], Memory | None]:
    """(the current facts ``fact`` replaces, what to write): for an ending, a rescheduling, a
    correction or a switch, read against the speaker's current facts.

    An ending replaces the habits it ends ("quit coffee" ends "drinks coffee"); a rescheduled
    event or a plan called off the newest fact that names it ("… is on Tuesday"); either, with nothing to replace,
    goes on as a plain statement ("Eli left the book club", read as said). A correction
    replaces the fact its words fit with that fact restated; with none, the turn says it all
    and nothing is written. A switch ("from architecture to engineering") is restated the
    same way, and said as it was when nothing names the old value.
    """
    subject = subject_key(fact.subject or "")
    if fact.predicate == CORRECTS:
        # "Actually, Julien's bistro is in Vieux Lyon": a correction may be of what was said of one's people.
        restated, wrong = _applied(fact, lookup.current_about_and_theirs(fact.namespace, subject))
        return ([wrong], restated) if wrong is not None else ([], None)
    about = lookup.current_about(fact.namespace, subject)
    if fact.predicate == SWITCHES:
        restated, before = _applied(fact, about)
        return ([before], restated) if before is not None else ([], replace(fact, predicate="states", object=None))
    if fact.predicate == ENDS:
        replaced = [m for m in about
                    if (held := slot_of(m)) is not None and not held.negated and m.predicate not in TAKES_BACK
                    and ends(fact.object or "", held.predicate, held.object)]
    elif fact.predicate == SHIFTS:
        return _shifted(fact, about)
    elif fact.predicate == RESCHEDULES:
        replaced = _event_moved(fact, fact.object or "", about)
    else:
        named = [m for m in about if names_event(fact.object or "", m.text)]
        replaced = [max(named, key=lambda m: (m.event_time, m.id))] if named else []
    return (replaced, fact) if replaced else ([], replace(fact, predicate="states", object=None))


def _event_moved(fact: Memory, event: str, about: list[Memory]) -> list[Memory]:
    """The newest of the speaker's facts that names the event moved ("appointment" in "… dentist appointment is on
    Tuesday"), or, when none does, that names whom it is with and a time ("eye test … with Dr Weiss" for "your
    appointment with Dr Weiss")."""
    named = [m for m in about if names_event(event, m.text)]
    if not named and event.split():
        named = [m for m in about if names_event(event.split()[-1], m.text)]
    others = [e for e in fact.entities if subject_key(e) != subject_key(fact.subject or "")] or _WITH_WHOM.findall(fact.text)
    if not named and others:
        named = [m for m in about if m.predicate not in TAKES_BACK and says_a_time(m.text)
                 and all(mentions(m.text, name) for name in others)]
    return [max(named, key=lambda m: (m.event_time, m.id))] if named else []


_WITH_WHOM = re.compile(r"\bwith\s+((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)")


def _shifted(fact: Memory, about: list[Memory]) -> tuple[list[Memory], Memory | None]:
    """(the fact a shift moves, what it says now): the newest fact naming the event, said again with its day moved
    ("… on 1 December at 10am", a week later: "… on 8 December at 10am"); the shift as said when no fact names a day."""
    parsed = parse_shift(fact.object or "")
    if parsed is None:
        return [], replace(fact, predicate="states", object=None)
    event, days = parsed
    moved = _event_moved(fact, event, [m for m in about if m.predicate not in TAKES_BACK])
    said = replace(fact, predicate="states", object=None)
    if not moved:
        return [], said
    old = moved[0]
    text = shifted(old.text, days, old.event_time)
    if text is None:
        return moved, said
    obj = shifted(old.object, days, old.event_time) if old.object else None
    months = CALENDAR_NAMES - WEEKDAY_NAMES
    entities = [e for e in old.entities if e not in months or mentions(text, e)]
    entities += [month for month in sorted(months) if mentions(text, month) and month not in entities]
    return moved, replace(fact, text=text, type=old.type, subject=old.subject, predicate=old.predicate,
                          object=obj or old.object, entities=tuple(entities))


def as_the_habit_it_replaces(fact: Memory, lookup: FactLookup, find: Callable[[str], Memory | None]) -> Memory:
    """"Only green tea now", after "I've quit coffee" ended "Eli drinks coffee": "Eli drinks
    green tea." As said when the ending beside it ended no habit."""
    about = lookup.current_about(fact.namespace, subject_key(fact.subject or ""))
    turns = set(fact.provenance.turn_ids)
    ending = next((m for m in reversed(about) if m.predicate == ENDS and turns & set(m.provenance.turn_ids)), None)
    for ended_id in ending.supersedes if ending is not None else ():
        ended = find(ended_id)
        slot = slot_of(ended) if ended is not None else None
        restated = habit_restated(fact.subject or "", slot.predicate, fact.object or "") if slot else None
        if restated is not None:
            text, predicate = restated
            return replace(fact, text=text, predicate=predicate)
    return fact


def _applied(correction: Memory, about: list[Memory]) -> tuple[Memory, Memory | None]:
    """(the restatement, the fact it corrects): of the speaker's current facts (``about``), the
    one that names the old value, said with the new one; (the correction, None) when none does."""
    parsed = parse_correction(correction.object or "")
    if parsed is None or not correction.subject:
        return correction, None
    old_value, new_value = parsed
    # The fact the correction's words fit best ("the Copenhagen half marathon" fits the race,
    # not the home in Berlin), the newest of those.
    words = set(new_value.casefold().split())
    for fact in sorted(about, key=lambda m: (len(words & set(m.text.casefold().split())), m.event_time, m.id),
                       reverse=True):
        text = corrected(fact.text, old_value, new_value) if fact.predicate not in {CORRECTS, SWITCHES} else None
        if text is None:
            continue
        if correction.predicate == SWITCHES:
            # What came after the old value described it ("sertraline …, 50mg in the morning").
            text = before_its_details(text, new_value)
        obj = corrected(fact.object or "", old_value, new_value) or fact.object
        entities = tuple(e for e in fact.entities if e.casefold() != old_value.casefold())
        restated = replace(
            correction, text=text, type=fact.type, subject=fact.subject, predicate=fact.predicate, object=obj,
            entities=entities + ((new_value,) if new_value[:1].isupper() else ()),
        )
        return restated, fact
    return correction, None
