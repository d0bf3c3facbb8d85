"""Something called off and what replaced it, said in one turn. Pure.

"Holiday update: Zakopane is off, the guesthouse cancelled on us. Marek found a family hotel in
Innsbruck instead", "the hall in Kano fell through, so it's going to be in Abuja now", "the
Lisbon trip is off, we're doing Porto instead": the turn names the old value as it gives the new
one, so the turn itself can never answer "where is it now?" without also naming what no longer
holds. The clause that gives the new value is restated on its own, with what it is about ("Dorota's
update on the holiday: Marek found a family hotel in Innsbruck instead"), as a fact that names
only what holds. Nothing here knows what kind of thing was called off: a trip, a venue, a
contractor, a sale; the turn's own words say what it is about.

A date moved is read the same way: "not the 14th anymore, we fly to Bergen on the 21st", "she now
lands on the 19th, not the 12th", "she can't come on the 12th after all. Her new flight lands on 19
December": the clause with the new date, restated with what was moved ("Pilar's update on the
operation: now it is Thursday the 17th of December"); what reads a moved date is ``moved_dates.py``.

A plan called off with nothing in its place ends the plan: "I cancelled my flight to Rome", "our trip to
Rome got cancelled", "Never mind, I'm not moving to York after all" (``plan_called_off``) give a fact
that replaces the newest one naming the plan ("Mara's flight to Rome is on Friday").

So is a message that opens by saying it corrects: "sorry, correction - the van keys are with moira,
i got mixed up. deepak only has the cash tin" gives "the van keys are with moira" alone.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.clauses import sentences
from engram_mcp.extraction.moved_dates import date_moved_to, new_date_said, thing_moved
from engram_mcp.extraction.validate import resolve_first_person
from engram_mcp.extraction.wording import clip
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.corrections import CALLS_OFF, CORRECTION_OPENING, PUTS_RIGHT
from engram_mcp.model.entities import typed_without_capitals
from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["gym_switched", "label_topic", "plan_called_off", "replacements_of_called_off", "restated_update"]

# Where something is held or had, which can change: "changed rink", "the hospital changed too".
_PLACES = (r"rinks?|venues?|pitch(?:es)?|pools?|gyms?|schools?|clubs?|halls?|grounds?|courts?|nurser(?:y|ies)|daycares?|suppliers?|"
           r"providers?|hospitals?|clinics?|locations?|church(?:es)?|restaurants?|hotels?|studios?")
_PLACE_CHANGED = re.compile(r"\b(?:the|their|its|our|my|his|her)\s+(?P<place>" + _PLACES + r")\s+(?:has\s+|have\s+)?(?:changed|switched)\b",
                            re.IGNORECASE)
# "Zakopane is off", "the hall in Kano fell through", "the guesthouse cancelled on us", "the Lisbon
# trip is not happening": the thing named before its word.
_CALLED_OFF_AFTER = re.compile(
    r"(?:\b(?:is|are|was|were|has\s+been|have\s+been|got|'s)\s+(?:now\s+|officially\s+|definitely\s+|been\s+)*"
    r"(?:off(?!\s+to\b)|cancel(?:l)?ed|called\s+off|scrapped|not\s+happening|a\s+no-go)\b|\bfell\s+through\b|\bcancel(?:l)?ed\s+on\s+(?:us|me)\b|"
    r"\b(?:didn't|did\s+not)\s+work\s+out\b|\bpulled\s+out\b|"
    # Someone gone from a role, somewhere no longer to be had: "Mrs Hartley is starting her maternity leave",
    # "Whaea Mihi is leaving", "Gustavo resigned", "Los Aromos flooded", "the Fairmont double-booked june".
    r"\b(?:is|are|'s|’s)\s+(?:leaving|retiring|quitting)\b(?!\s+(?:for|at|in|on|to|now|soon|early|tomorrow|today)\b)|"
    r"\b(?:retired|resigned|quit|flooded|double-booked)\b|"
    r"\b(?:starting|going\s+on|is\s+on|off\s+on)\s+(?:her\s+|his\s+|their\s+)?(?:maternity|paternity|sick|long-term\s+sick)\s+leave\b|"
    r"\b(?:won't|will\s+not)\s+be\s+(?:finished|ready|open)\b|"
    # "daniyar's team changed rink because the ice is under renovation. Now all trainings are at Halyk Arena".
    r"\b(?:changed|switched|swapped)\s+(?:(?:their|its|our|my|his|her|the)\s+)?(?:" + _PLACES + r")\b|"
    # "And the hospital changed too. They're doing it at Clínica Pueyrredón".
    r"\b(?:the|their|its|our|my|his|her)\s+(?:" + _PLACES + r")\s+(?:has\s+|have\s+)?(?:changed|switched)\b|"
    # "St Ninian's need the hall back for roof repairs", "our last session there will be Tuesday".
    r"\bneeds?\s+(?:the|their|its|our)\s+[\w-]+\s+back\b|\b(?:our|the)\s+last\s+(?:session|class|meeting|day|night|service)\s+there\b|"
    r"\b(?:isn't|aren't|is\s+not|are\s+not)\s+[^,.;!?]{0,30}?\bany\s*more\b)",
    re.IGNORECASE,
)
# "I had Dubbo in my head", "forget Zakopane", "so no Astana", "scrap the Kano plan", "Cancelled Finlandia-hiihto": the
# thing named after its words.
_CALLED_OFF_BEFORE = re.compile(r"\b(?:I\s+had\s+(?P<had>.{2,40}?)\s+in\s+my\s+head|(?:forget|scrap|ditch|(?:given|gave)\s+up\s+on)\s+(?P<what>[^,;.!?]{2,40})|"
                                # "the meeting is moved online, so no Astana": a named place or thing no longer to be had.
                                r"(?:^\s*|\b(?:so|then|means|meaning)\s+)no\s+(?P<none>(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?)\s*[.!]*$|"
                                r"^(?:I\s+(?:have\s+|'ve\s+)?)?(?:cancel(?:l)?ed|withdrew\s+from|pulled\s+out\s+of)\s+(?P<cancelled>[^,;.!?(]{2,40}))",
                                re.IGNORECASE)
# What the new value is said with: "instead", "now", "rebooked", "this year", "in the end".
_REPLACING = re.compile(
    r"\b(?:instead|now|rebooked|re-booked|this\s+year|in\s+the\s+end|after\s+all|moved\s+(?:it\s+)?to|switched\s+to|registered\s+for|"
    r"entered|signed\s+up\s+for|from\s+now\s+on|from\s+next\s+(?:week|month|term|mon|tues|wednes|thurs|fri|satur|sun)|"
    r"will\s+(?:run|be\s+held|take\s+place|meet)\s+(?:at|in)|(?:is|are)\s+moving\s+to|moves\s+to|"
    r"(?:the|my|our|his|her|their)\s+new\s+(?!one\b|ones\b)(?:[a-z]+\s+){0,4}?(?:is|will\s+be)|will\s+be\s+(?:on|at|in)\b|"
    r"(?:lesson|class|session|training|practice|meeting|party|wedding|appointment)s?\s+(?:is|are)\s+(?:on|at)|we(?:'re|’re|\s+are)\s+taking|taking\s+over|"
    r"going\s+with|went\s+with|(?:we|they)(?:'re|’re|\s+are)\s+(?:now\s+)?doing|"
    r"we(?:'re|’re|\s+are|'ll|’ll|\s+will)\s+(?:now\s+)?(?:be\s+)?(?:spending|having|staying|celebrating|hosting)|it's\s+(?:going\s+to\s+be\s+|now\s+)?(?:at|in|on))\b",
    re.IGNORECASE,
)
# Where a new clause starts inside a sentence: "…, so it's …", "… but Craig's looked … and it's …".
_CLAUSE = re.compile(r"\s*[;:]\s*|,?\s+(?:so|but|and\s+so)\s+|,\s+(?:and\s+)?|\s+and\s+(?=(?:it|we|they|he|she|I)\b)|\s+[-–—]\s+",
                     re.IGNORECASE)
# "Holiday update:", "Change of plan on the wedding!!", "Correction on the ram sale -": what the turn is about.
_LABEL = re.compile(
    r"^(?P<label>[^:.!?\n]{3,60}?)\s*(?::|!+|\s[-–—]\s)", re.IGNORECASE)
_LABEL_WORDS = re.compile(
    r"\b(?:(?:quick|big|small|little|slight|good|bad|some|a|an|one|another|last[- ]minute|sad|annoying)\s+)*"
    r"(?:update|change\s+of\s+plans?|changes?|correction|news|plan\s+b|heads[- ]up|twist|u-turn)s?\b(?:\s+(?:on|about|re|regarding|for|to|with))?",
    re.IGNORECASE)
_NAME = re.compile(r"\b[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*")
_NOT_NAMES = CALENDAR_NAMES | frozenset("I I'm I've I'd I'll The A An My Our It It's We We're He She They Her His Their Its "
                                        "They're They've They'll We've We'll He's She's It'll "
                                        "Holiday Change Correction Update So But And Oh Well Bad Good Big Quick Not Now From Please".split())


# "new plan: picnic at New Farm Park", "Plan B - we drive up on Friday": what follows is the plan now.
_NEW_PLAN = re.compile(r"\b(?:new\s+(?:plan|target|goal|date|venue)(?:\s+then)?|plan\s+b|change\s+of\s+plans?)(?:\s+(?:for|on)\s+(?P<topic>[^:.!?\n]{2,30}?))?\s*[:–—]\s*"
                       r"(?P<clause>[^.!?\n]{3,200})", re.IGNORECASE)


def replacements_of_called_off(text: str, speaker: str) -> list[ExtractedFact]:
    """The clauses of ``text`` that give what replaced something it says was called off, each
    restated with what the turn is about and without the old value; none when the turn says no
    such thing. A message can change a date and a place at once ("it's not the 20th anymore. Now
    it's thursday 26th. And the hospital changed too. They're doing it at Clínica Pueyrredón"):
    what replaced a named thing and a new date are restated apart."""
    said = sentences(text)
    parts = [part for sentence in said for part in _CLAUSE.split(sentence) if part and part.strip()]
    uncased = typed_without_capitals(text)
    changes = [change for change in (_named_replacement(text, parts, speaker, uncased),
                                     _moved_date(text, said, speaker) or _moved_to(text, speaker)) if change is not None]
    if not changes:
        return [plan] if (plan := _new_plan(text, speaker) or _put_right_outright(text, speaker)) is not None else []
    return [change for at, change in enumerate(changes) if all(change.object != before.object for before in changes[:at])]


# "sorry, correction - the van keys are with moira, i got mixed up": what a correction opens with.
_SAID_OUTRIGHT = re.compile(r"(?P<thing>(?:the|my|our|his|her|their)\s+[\w'’-]+(?:\s+[\w'’-]+){0,3}?\s+(?:is|are|was|were|will\s+be))\s+"
                            r"(?!not\b)(?P<holds>[^,.;!?\n]{2,80}?)(?:,?\s+(?:and\s+)?not\s+[^,.;!?\n]*)?(?=[,.;!?\n]|$)", re.IGNORECASE)
_SORRY = re.compile(r"^\W*(?:sorry|oops|ah|oh)\b[\s,:;.!—–-]*", re.IGNORECASE)


def _put_right_outright(text: str, speaker: str) -> ExtractedFact | None:
    """The statement a message opens with after saying it corrects ("correction - the van keys are
    with moira"): what holds, said again without the rest of the message, which may name the old value."""
    rest = text[opening.end():] if (opening := _SORRY.match(text)) else text
    if (cue := CORRECTION_OPENING.match(rest)) is None or (said := _SAID_OUTRIGHT.match(rest, cue.end())) is None:
        return None
    return restated_update(f"{said['thing']} {said['holds']}", speaker, "")


def _moved_to(text: str, speaker: str) -> ExtractedFact | None:
    """A thing said to be moved to a new date, restated with that date alone."""
    if (moved := date_moved_to(text)) is None:
        return None
    thing, now = moved
    return restated_update(now, speaker, thing)


def _new_plan(text: str, speaker: str) -> ExtractedFact | None:
    """The plan said after "new plan:", with what it is for when the label says."""
    if (plan := _NEW_PLAN.search(text)) is None:
        return None
    topic = f"the {' '.join(plan['topic'].split())}" if plan["topic"] else ""
    return restated_update(plan["clause"], speaker, re.sub(r"^the\s+(?=(?i:the|my|our)\b)", "", topic))


def _moved_date(text: str, sentences_said: list[str], speaker: str) -> ExtractedFact | None:
    """The clause that gives a new date where the turn says an old one no longer holds, with what was moved
    (the turn's label's topic, else what it says was moved)."""
    if (clause := new_date_said(sentences_said, _CLAUSE.split)) is None:
        return None
    return restated_update(clause, speaker, label_topic(text, set()) or thing_moved(text))


def _named_replacement(text: str, parts: list[str], speaker: str, uncased: bool) -> ExtractedFact | None:
    for index, part in enumerate(parts):
        old = _called_off(part, speaker, uncased)
        # "violin isn't wednesdays anymore", "it won't be finished in time": what ended need not be named.
        if not old and (uncased or not _CALLED_OFF_AFTER.search(part)):
            continue
        # "liaise with Mr Gift Chari instead of Mrs Ruvimbo Dube, who is going on maternity leave": the
        # one gone is named just before, beside who takes their place.
        if not old and index and _OF_WHO_WAS_NAMED.match(part) and (instead := _INSTEAD_OF.search(parts[index - 1])):
            kept = parts[index - 1][: instead.start()]
            if _names(kept, speaker, uncased=uncased):
                return restated_update(f"{kept} instead", speaker, label_topic(text, old))
        # What replaced it is said after it, or, when nothing after it is ("Registered for the Annecy half.
        # Forget Lyon, I've withdrawn."), just before.
        holding = [(at, names) for at in [*range(index + 1, len(parts)), *reversed(range(max(0, index - 2), index))]
                   if _REPLACING.search(later := parts[at]) and (names := _names(later, speaker, uncased=uncased)) and not names & old
                   and _called_off(later, speaker, uncased) == set() and not any(name.lower() in later.lower() for name in old)]
        if not holding:
            return None
        (first, named), *rest = holding
        said = parts[first]
        # What holds, said again in other words ("ordered from northern teamwear instead … the u10 kit
        # supplier is northern teamwear from now on"): restated with it, as it may say what it is about.
        again = next((parts[at] for at, names in rest if names & named and at > index), None)
        return restated_update(f"{said}; {again}" if again else said, speaker, _topic(text, part, old))
    return None


def _called_off(part: str, speaker: str, uncased: bool) -> set[str]:
    """The names of what ``part`` says was called off ("Zakopane", "Kano"); empty when none."""
    if (after := _CALLED_OFF_AFTER.search(part)) is not None:
        return _names(part[: after.start()], speaker, sentence_start=True, uncased=uncased)
    if (before := _CALLED_OFF_BEFORE.search(part)) is not None:
        return _names(before["had"] or before["what"] or before["none"] or before["cancelled"], speaker, sentence_start=True,
                      uncased=uncased)
    return set()


_OF_WHO_WAS_NAMED = re.compile(r"\s*(?:who|which)\b", re.IGNORECASE)
_INSTEAD_OF = re.compile(r"\s+instead\s+of\s+\S.*$", re.IGNORECASE)


# In a turn typed without capitals ("ok budapest is off … we're doing ljubljana instead"), what is
# named is a word that is none of these.
_UNCASED_FILLER = frozenset("""ok okay so and but or the a an is are was were we we're i im i'm it it's its for to of in on at
                               with by from doing going gonna now instead just also then anyway our my your this that these
                               those there here lol ngl tbh btw fyi omg ugh yeah yes no not all everything something""".split())


def _names(text: str, speaker: str, *, sentence_start: bool = False, uncased: bool = False) -> set[str]:
    if uncased:
        return {word for word in re.findall(r"[a-z][\w'’-]{2,}", text)
                if word not in _UNCASED_FILLER and word != speaker.lower() and not _REPLACING.fullmatch(word)}
    found = set()
    for match in _NAME.finditer(text):
        words = [word for word in match[0].split() if word not in _NOT_NAMES and word != speaker]
        opens = match.start() == len(text) - len(text.lstrip())
        if words and (sentence_start or not opens):
            found.add(" ".join(words))
    return found


_WHOSE = re.compile(r"\s*(?P<whose>[A-Z][\w-]*['’]s)\s+")
_BARE_THING = r"[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}"


def _topic(text: str, called_off: str, old: set[str]) -> str:
    """What the turn is about: its label ("Holiday update" → "the holiday"), else what was called
    off without its name ("the Lisbon trip" → "the trip"); "" when neither says."""
    if (label := label_topic(text, old)):
        return label
    if (changed := _PLACE_CHANGED.search(called_off)) is not None:
        return f"the {changed['place'].lower()}"
    thing = _CALLED_OFF_AFTER.split(called_off)[0]
    # "Tawanda's Delta attachment fell through": whose it was says what it is about.
    whose = _WHOSE.match(thing)
    if whose is not None:
        thing = thing[whose.end():]
    for name in old:
        thing = thing.replace(_WHOSE.sub("", name), " ")
    thing = re.sub(r"\s+(?:in|at|on|to|for|from)\s*$", "", " ".join(thing.split()))
    if whose is not None and re.fullmatch(_BARE_THING, thing):
        return f"{whose['whose']} {thing}"
    article = re.match(rf"(?i:the|my|our)\s+(?P<rest>{_BARE_THING})$", thing)
    return f"the {article['rest']}" if article else ""


_EXCLAMATION = re.compile(r"^(?:(?:oh|ah|argh|ugh|ok|okay|wow|well|so|no|hmm|um|uh|damn|omg)\b[\s,!]*)+", re.IGNORECASE)


def label_topic(text: str, old: set[str]) -> str:
    """What the turn's label says it is about ("Holiday update:" → "the holiday"), if it names none of ``old``."""
    if (label := _LABEL.match(text)) is not None and _LABEL_WORDS.search(label["label"]):
        about = re.sub(r"^(?:from|on|about|re|for|at)\s+", "", " ".join(_LABEL_WORDS.sub(" ", label["label"]).split()).strip(" ,"))
        # "Oh no, correction!": an exclamation says what the label feels, not what it is about.
        about = _EXCLAMATION.sub("", about)
        if about and not any(name in about for name in old) and len(about.split()) <= 5:
            return about if re.match(r"(?i:the|my|our|his|her|their)\b", about) else f"the {about.lower()}"
    return ""


def restated_update(clause: str, speaker: str, topic: str, names_of: str | None = None) -> ExtractedFact:
    """``clause`` as the speaker's update on ``topic``, naming the names of ``names_of`` (the whole clause by default)."""
    said = resolve_first_person(re.sub(r"^(?i:so|and|but|then)\s+", "", clause.strip(" ,;:-–—!.…")), speaker)
    opening = said.split(" ", 1)[0]
    said = said[:1].lower() + said[1:] if not _NAME.match(said) or opening in _NOT_NAMES else said
    lead = f"{speaker}'s update on {topic}" if topic else f"{speaker}'s update"
    return ExtractedFact(
        statement=clip(f"{lead}: {said}") + ".",
        type=MemoryType.SEMANTIC,
        certainty=Certainty.STATED.value,
        subject=speaker,
        predicate=PUTS_RIGHT,
        object=f"{topic}: {said}" if topic else said,
        entities=(speaker, *sorted(_names(clause if names_of is None else names_of, speaker, sentence_start=True))),
    )


_GYM_WORDS = re.compile(r"\b(?:gym|membership|climb(?:ing)?|boulder(?:ing)?|fitness|crossfit|yoga|pilates|leisure\s+centre|"
                        r"sports\s+centre|swim(?:ming)?\s+pool)\b", re.IGNORECASE)
# "cancelled the solinca membership and signed up at Ironbox", "cancelled crux today and signed up at
# austin bouldering project east": one gym left for another in one sentence.
_GYM_SWITCH = re.compile(r"\b(?:cancel(?:l)?ed|quit|left|dropped|ditched)\s+(?:my\s+|the\s+|our\s+)?(?P<old>[\w'’-]+(?:\s+[\w'’-]+){0,2}?)"
                         r"(?:\s+(?:gym\s+)?membership)?(?:\s+(?:today|yesterday|this\s+morning))?\s*(?:,\s*|\s+)(?:and\s+)?(?:I\s+)?(?:have\s+)?"
                         r"(?:signed\s+up|joined|registered|enrolled)\s+(?:at|with|to)?\s*(?:the\s+)?(?P<new>[\w'’&-]+(?:\s+[\w'’&-]+){0,3}?)"
                         r"(?=\s*(?:[,.;!?(]|$)|\s+(?:today|instead|now|for|and|as|on|at|with|-|–)\b)", re.IGNORECASE)


def gym_switched(text: str, speaker: str) -> ExtractedFact | None:
    """The gym ``text`` says was joined in place of one it cancelled, as the speaker's gym now."""
    for sentence in sentences(text):
        switch = _GYM_SWITCH.search(sentence)
        if switch is None or not _GYM_WORDS.search(sentence):
            continue
        gym = " ".join(switch["new"].split())
        return ExtractedFact(statement=f"{speaker}'s gym is now {gym}.", type=MemoryType.SEMANTIC,
                             certainty=Certainty.STATED.value, subject=speaker, predicate="gym", object=gym,
                             entities=(speaker, *([gym] if gym[:1].isupper() else [])))
    return None


# "I cancelled my flight to Rome", "we had to call off the party", "I pulled out of the Leeds 10k".
_PLAN_CANCELLED = re.compile(
    r"^(?:I|we)(?:\s+have|'ve|\s+had|'d)?\s+(?:just\s+|finally\s+|now\s+|(?:had|have)\s+to\s+)?(?:cancel(?:l)?(?:ed)?|call(?:ed)?\s+off|"
    r"scrap(?:ped)?|pull(?:ed)?\s+out\s+of|back(?:ed)?\s+out\s+of)\s+(?P<whose>my|our|the)\s+(?P<plan>[^,;.!?]{2,40}?)"
    r"(?:\s+(?:after\s+all|in\s+the\s+end|today|yesterday|this\s+morning|last\s+night))?\s*$", re.IGNORECASE)
# "My flight to Rome got cancelled", "the trip is off", "our party has been called off".
_PLAN_OFF = re.compile(
    r"^(?P<whose>my|our|the)\s+(?P<plan>[^,;.!?]{2,40}?)\s+(?:is|was|got|has\s+been|have\s+been|'s|are|were)\s+(?:now\s+|officially\s+)?"
    # Only one's own plan is "off" so ("the light is off" calls nothing off).
    r"(?:cancel(?:l)?ed|called\s+off|scrapped|(?P<off>off)|not\s+happening)(?:\s+(?:after\s+all|now|in\s+the\s+end))?\s*$",
    re.IGNORECASE)
# What one plans to do, not a state one is in ("not living in Leeds any more" is an ending of its own).
_PLAN_VERBS = (r"(?:moving|going|flying|travell?ing|visiting|selling|buying|taking|doing|having|hosting|attending|running|getting|"
               r"starting|leaving|coming|applying|joining|renting|booking|throwing|holding|heading|relocating|emigrating|driving|"
               r"sailing|hiking|competing|entering|organi[sz]ing|celebrating|spending|adopting)")
# "I'm not moving to York after all", "we're no longer going to Crete", "I won't be selling the flat after all".
_PLAN_NOT = re.compile(
    r"^(?:I|we)(?:'m|\s+am|'re|\s+are|\s+won't\s+be|\s+will\s+not\s+be)\s+(?P<no>not\s+|no\s+longer\s+)?"
    r"(?P<plan>(?!going\s+to\s+(?!the\b|a\b)(?-i:[a-z]+)\b)" + _PLAN_VERBS + r"\s+[^,;.!?]{2,40}?)(?:\s+(?P<when>after\s+all|any\s*more|in\s+the\s+end))?\s*$",
    re.IGNORECASE)
# "never mind the dentist on the 20th, cancelled it", "the party, it's off": a plan named, then said called off.
_NAMED_THEN_OFF = re.compile(r"^(?:(?:never\s*mind|forget(?:\s+about)?)\s+)?(?P<whose>my|our|the)\s+(?P<plan>[^,;.!?]{2,40}?)\s*[,;—–-]\s*"
                             r"(?:(?:I|we)(?:\s+have|'ve)?\s+)?(?:cancel(?:l)?ed\s+(?:it|that)|called\s+(?:it|that)\s+off|it(?:'s|\s+is)\s+(?P<off>off))$",
                             re.IGNORECASE)
# "dentist on the 20th", "yoga at 6pm": the plan is what is called off, not the day it was on.
_ITS_TIME = re.compile(r"\s+(?:on|at)\s+(?:the\s+)?(?:\d|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b).*$", re.IGNORECASE)
_NOT_A_PLAN = frozenset({"it", "that", "this", "plans", "plan", "everything", "them"})


def plan_called_off(clause: str, speaker: str, certainty: float, statement: str | None = None) -> ExtractedFact | None:
    """The plan ``clause`` says the speaker called off, as a fact that ends it (``CALLS_OFF``, its
    object the plan: "flight to Rome", "moving to York"); None when it says none. ``statement``: the
    clause as restated in the third person, kept as what is said of it."""
    text = clause.strip().rstrip(".!").replace("’", "'")
    if (not_doing := _PLAN_NOT.match(text)) is not None:
        # "I'm not working today" calls nothing off; "after all", "any more" or "no longer" says it did.
        if not_doing["when"] is None and (not_doing["no"] or "").strip().lower() != "no longer":
            return None
        plan = not_doing["plan"]
        said = statement or f"{speaker} is {' '.join((not_doing['no'] or 'not').split()).lower()} {plan} {(not_doing['when'] or '').lower()}".rstrip() + "."
    elif (cancelled := _PLAN_CANCELLED.match(text) or _PLAN_OFF.match(text) or _NAMED_THEN_OFF.match(text)) is not None:
        if cancelled.groupdict().get("off") and cancelled["whose"].lower() == "the":
            return None
        plan = _ITS_TIME.sub("", cancelled["plan"])
        whose = f"{speaker}'s" if cancelled["whose"].lower() in {"my", "our"} else "The"
        said = f"{whose} {plan} is cancelled."
    else:
        return None
    plan = plan.strip()
    # "the old 647-555-0139 is cancelled": a number is no plan.
    if plan.casefold() in _NOT_A_PLAN or len(plan.split()) > 6 or re.search(r"\d", plan):
        return None
    return ExtractedFact(statement=said[:1].upper() + said[1:], type=MemoryType.EPISODIC, certainty=certainty, subject=speaker,
                         predicate=CALLS_OFF, object=plan, entities=(speaker, *(w for w in plan.split() if w[:1].isupper())))
