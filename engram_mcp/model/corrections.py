"""What a person takes back: a correction ("it's the Copenhagen half marathon, not Berlin")
or an ending ("I've quit coffee", "I left The Lumens"). Pure.

Extraction writes a correction as a fact with the predicate ``CORRECTS`` and the object
"<old> → <new>" (``correction_object``). The fact service then looks for the current fact of
the same person that names the old value and writes its corrected restatement, which
supersedes it: the fact is changed the way the person said, nothing is overwritten.

A rescheduling ("the dentist moved my appointment to Thursday") is a fact with the predicate
``RESCHEDULES`` and the event as its object; it supersedes the newest fact that names the
event ("Ines's dentist appointment is on Tuesday").

An ending is a fact with the predicate ``ENDS`` and the thing ended as its object; it
supersedes the person's current facts whose object names that thing (``ends``), so "Eli
drinks four flat whites a day, mostly coffee" is no longer current once Eli quit coffee.
"""

from __future__ import annotations

import re

from engram_mcp.model.mentions import mentions
from engram_mcp.model.predicates import third_singular

__all__ = ["CALLS_OFF", "CORRECTION_OPENING", "CORRECTS", "ENDS", "ONES_WORK", "PUTS_RIGHT", "RESCHEDULES", "SHIFTS", "SWITCHED_TO", "SWITCHES", "before_its_details", "habit_restated", "correction_object", "corrected", "ends", "is_habit", "names_event",
           "parse_correction", "parse_shift", "shift_object"]

CORRECTS = "corrects"
SWITCHED_TO = "switched to"
"""What an ending leaves in its place ("I've quit coffee. Only green tea now"): said, once the
fact service knows which habit ended, as that habit ("Eli drinks green tea": ``habit_restated``)."""
SWITCHES = "switches"
"""A change said as one ("I switched from architecture to engineering"): the fact that names the
old value is restated with the new one, like a correction, but the old one was true until now."""
ENDS = "ends"
ONES_WORK = "job"
"""What an ending of the speaker's work itself ends ("Retired last Friday!", "I got laid off", "quit my job"): the
employer, the job and the team, whatever they were (``ends``)."""
_WORK_SLOTS = frozenset({"works_at", "job", "team"})
CALLS_OFF = "calls off"
"""A plan called off ("I cancelled my flight to Rome", "I'm not moving to York after all"), the plan
its object: like a rescheduling it replaces the newest fact that names the plan, and it stands."""
PUTS_RIGHT = "puts right"
"""What a correction says holds, restated with what it is about ("Rahul put it right: the
parent-teacher meeting is on Saturday at 10:30"); it names only the value that holds."""
RESCHEDULES = "reschedules"
SHIFTS = "shifts"
"""An event moved by an amount of time, not to a time ("pushed my appointment back a week"): its object is the
event and the days it moved (``shift_object``); the newest fact that names the event and a day is said again with
the day moved (``model.day_shift.shifted``), which replaces it."""
CORRECTION_OPENING = re.compile(
    r"^\W*(?:scratch\s+that|no\s+wait|wait\s+no|no\s+no|ok(?:ay)?\s+no|nope|no\s+hang\s+on|hang\s+on|no\s+sorry|"
    r"correction|make\s+(?:that|it)|change\s+of\s+plans?)\b[\s,:;.!—–-]*",
    re.IGNORECASE,
)
"""How a message that puts right what was just said opens: "scratch that, it's Naniwa ward gym",
"no wait, 2pm", "ok no, 112 centerpieces". Not "sorry" or "actually" alone, which open much else."""
_ARROW = " → "


def correction_object(old: str, new: str) -> str:
    return f"{old}{_ARROW}{new}"


def parse_correction(obj: str) -> tuple[str, str] | None:
    old, arrow, new = obj.partition(_ARROW)
    return (old.strip(), new.strip()) if arrow and old.strip() and new.strip() else None


def corrected(text: str, old: str, new: str) -> str | None:
    """``text`` with ``old`` replaced by ``new``; None when ``text`` does not name ``old``.

    Words ``new`` shares with what surrounds ``old`` are said once: "the Berlin half marathon"
    corrected to "the Copenhagen half marathon" is not "the the Copenhagen half marathon half
    marathon".
    """
    match = re.search(rf"(?<!\w){re.escape(old)}(?!\w)", text, re.IGNORECASE)
    if match is None:
        return None
    before, after = text[: match.start()], text[match.end():]
    words = new.split()
    following = after.split()
    # Drop the trailing words of ``new`` that the text already says right after ``old``.
    for size in range(len(words) - 1, 0, -1):
        if [w.casefold() for w in words[-size:]] == [w.casefold().strip(".,;!?") for w in following[:size]]:
            words = words[:-size]
            break
    preceding = before.split()
    for size in range(len(words) - 1, 0, -1):
        if [w.casefold() for w in words[:size]] == [w.casefold() for w in preceding[-size:]]:
            words = words[size:]
            break
    return before + " ".join(words) + after


# What one does, not what one is or runs: "quit coffee" ends "drinks coffee", never "runs a
# coffee shop".
_HABITS = frozenset(
    """drink eat smoke vape play use attend go goe take do practise practice learn study watch read listen
    belong member follow volunteer sing train swim cycle ride coach collect visit""".split()
)


def is_habit(verb: str) -> bool:
    """Whether a verb ("play", "plays", "drinking") names something one does as a habit."""
    verb = verb.lower()
    return any(verb == h or verb in {h + "s", h + "es", h + "ing", h + "ed"} for h in _HABITS) or verb in {"goes", "went"}


# Places and people one has by name: "Spotify is done" ends working there, "quit coffee" ends no
# job; "Joaquim passed away" ends the partner, "Max died" the pet, by that name.
_BY_NAME = frozenset({"works_at", "studies_at", "lives_in", "partner", "spouse", "pet"})


_TAKEN_OUT = r"(?:membership|subscription|pass|plan|contract|classes|class|lessons|sessions)"


def _the_same_thing(held: str, thing: str) -> bool:
    """"gym membership" and "gym", "netflix subscription" and "netflix": one thing, with or without what one took out."""
    thing = re.sub(r"^(?:the|my|our)\s+", "", thing)
    return (held == thing or re.fullmatch(rf"{re.escape(thing)}\s+{_TAKEN_OUT}", held) is not None
            or re.fullmatch(rf"{re.escape(held)}\s+{_TAKEN_OUT}", thing) is not None)


def ends(thing: str, slot_predicate: str, obj: str) -> bool:
    """Whether ending ``thing`` ends a fact in this slot: a habit or membership (``_HABITS``,
    its normalised predicate's first word) whose object names the thing, or an employer, a
    school, a home, a partner or a pet that the thing names by name."""
    if thing.casefold() == ONES_WORK:
        return slot_predicate in _WORK_SLOTS
    # "Cancelled the gym" ends what the gym membership costs, and the gym one has: a slot that is the thing (its
    # membership, subscription, …) or its price.
    if _the_same_thing(re.sub(r"_price$", "", slot_predicate).replace("_", " "), thing.casefold()):
        return True
    by_name = slot_predicate in _BY_NAME and thing[:1].isupper()
    # "Ahmed is learning Spanish on Duolingo": a habit said with "is" and its -ing form.
    doing = slot_predicate in {"is", "am", "are"} and is_habit(obj.split(" ", 1)[0])
    if not (by_name or doing) and slot_predicate.split("_")[0] not in _HABITS and not obj.casefold().startswith("member of"):
        return False
    # A habit's frequency names the habit in its predicate ("play golf how often": every Tuesday).
    return mentions(obj, thing) or mentions(slot_predicate.replace("_", " "), thing)


def habit_restated(subject: str, slot_predicate: str, new: str) -> tuple[str, str] | None:
    """(statement, predicate) of the habit in this slot done with ``new`` ("play_golf_how_often",
    "lawn bowls": "June plays lawn bowls."); None when the slot is no habit."""
    verb = slot_predicate.split("_")[0]
    if verb not in _HABITS or verb in {"member", "belong"}:
        return None
    said = third_singular(verb)
    return f"{subject} {said} {new}.", said


def before_its_details(text: str, value: str) -> str:
    """``text`` cut at the first comma after ``value``: a switch's restatement drops what
    described the old value ("Tom is on citalopram for anxiety, 50mg in the morning" is "Tom is
    on citalopram for anxiety." once the 50mg was sertraline's)."""
    at = text.casefold().find(value.casefold())
    comma = text.find(",", at + len(value)) if at >= 0 else -1
    return text[:comma].rstrip() + "." if comma > 0 else text


def shift_object(event: str, days: int) -> str:
    """A shift's object: "dentist appointment +7 days"."""
    return f"{event} {days:+d} days"


def parse_shift(obj: str) -> tuple[str, int] | None:
    """(the event, the days it moved) of a shift's object; None for anything else."""
    said = re.fullmatch(r"(?P<event>.+?)\s+(?P<days>[+-]\d{1,4})\s+days", obj.strip())
    return (said["event"], int(said["days"])) if said else None


def names_event(event: str, text: str) -> bool:
    """Whether ``text`` names the event ("appointment" in "my dentist appointment is on Tuesday")."""
    return re.search(rf"(?<!\w){re.escape(event)}s?(?!\w)", text, re.IGNORECASE) is not None
