"""States a person has one of at a time (employer, job, home, school, diet, partner, car, pet)
and the ordinary ways people announce that one began or ended. Pure.

Each recognised clause becomes a fact whose (subject, predicate, object) normalises to the
same slot as the plain statement of that state, so supersession works however the change
was put: "I work at Google" and later "I started at Meta today" share ``works_at``;
"I quit Google", "Today was my last day at Google" give ``works_at`` Google with negative
polarity, which ends the old fact without claiming a new one.

The grammar is a subject (I / we / a name), optional adverbs, a verb phrase from one of the
tables below and an object: a name for employers, places, schools and partners, a word from
a closed list for diets and vehicles. Objects are kept to their head ("Meta", "Dublin") so a
later restatement with more detail is the same slot; the detail stays in the statement.
Announcements of the future ("I'm going to move to Dublin", "I accepted the offer from
Meta") are plans, never the current state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import (
    LEAD_TIME,
    PET_WORDS,
    VEHICLE_MAKES,
    VEHICLE_WORDS,
    alternation,
    expand_contractions,
    mentions_pet,
    strip_tail,
    vehicle_name,
    with_dropped_subject,
)
from engram_mcp.extraction.state_grammar import BOUNDARY, NAME, UNCASED_NAME, Found, Rule, article, object_head, rule
from engram_mcp.extraction.work import OFFER_ACCEPTED, dated_starts, work_in_sentence, work_rules
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.predicates import CAT_WORDS, DIETS, DOG_WORDS, RELATIONSHIP_STATUSES

__all__ = ["dated_starts", "pet_names", "pets_named_nearby", "state_facts", "vehicles_named_nearby"]


_FUTURE = re.compile(r"\b(?:will|going to|gonna|plan(?:ning)? to|about to|next|soon|tomorrow|would|hope to|"
                     r"want to|intend to)\b", re.IGNORECASE)
_CONDITIONAL = re.compile(r"^(?:if|when|once|unless|in case)\b|\bif\b", re.IGNORECASE)


def _home(m: re.Match[str], who: str) -> list[Found]:
    place = object_head(m["obj"])
    return [(f"{who} lives in {place}", "lives in", place, "home", False)]


def _moved(m: re.Match[str], who: str) -> list[Found]:
    place = object_head(m["obj"])
    return [(f"{who} moved to {place}", "lives in", place, "home", False)]


def _new_home(m: re.Match[str], who: str) -> list[Found]:
    place = object_head(m["obj"])
    return [(f"{who} has a new home in {place}", "lives in", place, "home~", False)]


def _diet(m: re.Match[str], who: str) -> list[Found]:
    diet = m["diet"].lower()
    return [(f"{who} is {diet}", "diet", diet, "diet", False)]


def _diet_ended(m: re.Match[str], who: str) -> list[Found]:
    diet = m["diet"].lower()
    return [(f"{who} is no longer {diet}", "no longer diet", diet, "diet", True)]


def _meat_again(m: re.Match[str], who: str) -> list[Found]:
    if "again" not in m.group(0).lower() and "start" not in m.group(0).lower():
        return []
    return [(f"{who} is no longer vegetarian", "no longer diet", "vegetarian", "diet", True)]


def _meat_free(m: re.Match[str], who: str) -> list[Found]:
    return [(f"{who} is vegetarian", "diet", "vegetarian", "diet", False)]


def _partner(m: re.Match[str], who: str) -> list[Found]:
    name = object_head(m["obj"])
    if _DOCTOR.match(name):  # "I'm seeing Dr. Khan now": a doctor, not a date
        return [(f"{who}'s doctor is {name}", "doctor", name, "doctor", False)]
    relation = (m.groupdict().get("relation") or "partner").lower()
    return [(f"{who}'s {relation} is {name}", "partner", name, "partner", False)]


_DOCTOR = re.compile(r"^(?:Dr|Doctor|Prof|Professor)\b\.?", re.IGNORECASE)


def _married(m: re.Match[str], who: str) -> list[Found]:
    name = object_head(m["obj"])
    return [(f"{who} married {name}", "partner", name, "partner", False)]


def _broke_up(m: re.Match[str], who: str) -> list[Found]:
    name = object_head(m["obj"])
    return [(f"{who} broke up with {name}", "no longer partner", name, "partner", True)]


def _broke_up_with(name: str, who: str) -> list[Found]:
    name = object_head(name)
    return [(f"{who} broke up with {name}", "no longer partner", name, "partner", True)]


def _status(m: re.Match[str], who: str) -> list[Found]:
    status = m["status"].lower()
    return [(f"{who} is {status}", "relationship status", status, "status", False)]


_NAMED_AFTER = re.compile(r"^\s*(?:(?:this|last|yesterday|today)(?:\s+\w+)?\s*)?(?:,|-|–|:)\s*(?:a|an|the)\s+(?P<name>[\w.-]+(?:\s+[\w.-]+){0,2}?)"
                          + BOUNDARY)


def _vehicle_bought(m: re.Match[str], who: str) -> list[Found]:
    # "Got a new car, a Mazda CX-5": the make named after the plain word is the car.
    named = _NAMED_AFTER.match(m.string[m.end():])
    car = (vehicle_name(named["name"]) if named else None) or vehicle_name(m["obj"])
    if car is None:
        return []
    # "now drives": a vehicle just bought is the one driven, said in the words a question uses.
    verb = "now drives" if re.search(r"\b(?:bought|got|picked up|leased|traded|going|went|gone)\b", m.group(0), re.I) else "drives"
    return [(f"{who} {verb} {article(car)} {car}", "drives", car, "vehicle", False)]


def _vehicle_sold(m: re.Match[str], who: str) -> list[Found]:
    car = vehicle_name(m["obj"], sold=True)
    return [] if car is None else [(f"{who} sold the {car}", "no longer drives", car, "vehicle", True)]


def _pet(m: re.Match[str] | dict[str, str], who: str) -> list[Found]:
    name, animal = m["name"], m["animal"].lower()
    # "a shiba called Daifuku" is said as the dog it is, so "What's her dog called?" finds it.
    kind = "dog" if animal in DOG_WORDS else "cat" if animal in CAT_WORDS else animal
    said = f"{article(kind)} {kind} called {name}" + (f", {article(animal)} {animal}" if kind != animal else "")
    return [(f"{who} has {said}", "has pet", name, "pet", False)]


def _pet_gone(m: re.Match[str], who: str) -> list[Found]:
    name = m["name"]
    said = " ".join(m.group(0).split()).lower()
    verb = next((v for v in ("passed away", "died", "ran away", "was put down", "was rehomed") if v in said), "")
    statement = f"{who}'s pet {name} {verb}" if verb else f"{who} no longer has {name}"
    return [(statement, "no longer has pet", name, "pet", True)]




def _rules_for(name: str) -> tuple[Rule, ...]:
    """The rule table, with ``name`` as what marks a name (a capital, or in a turn written
    without capitals, a short run of words)."""
    name_obj = r"(?P<obj>(?:the\s+)?" + name + r")"
    return (
        *work_rules(name),
        # home
        rule(r"(?:now\s+)?(?:live|am\s+living|am\s+based|have\s+settled|settled)\s+(?:now\s+)?in"
              r"(?:\s+(?:a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:called|named))?", name_obj, _home),
        rule(r"(?:have\s+)?(?:moved|relocated|settled)\s+(?:back\s+|out\s+|over\s+|away\s+|house\s+|in\s+|up\s+|down\s+)?(?:from\s+[\w\s-]+?\s+)?(?:to|into)"
              r"(?:\s+(?:a|an|the|our|my)\s+[\w\s-]+?\s+in|\s+(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?\s+(?:called|named))?",
              name_obj, _moved),
        # "moved in today, Dublin 8": the place named right after moving in.
        rule(r"(?:have\s+)?moved\s+in(?:\s+(?:today|yesterday|at\s+last|finally|this\s+\w+|last\s+\w+))?\s*[,:–-]\s*(?:in\s+)?",
              name_obj, _moved),
        # "I got a studio in Kralingen", "we signed the lease on the Brunswick place": a new home,
        # not yet said to be lived in.
        rule(r"(?:have\s+)?(?:got|found|bought|signed\s+for|signed\s+(?:the\s+)?(?:lease|contract|rental\s+agreement)\s+(?:on|for))\s+"
             r"(?:a|an|the|our|my)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?(?:flat|apartment|apt|house|place|home|studio|condo)\s+in",
             name_obj, _new_home),
        rule(r"(?:have\s+)?signed\s+(?:the\s+)?(?:lease|contract|rental\s+agreement)\s+(?:on|for)\s+(?:the|a|our)\s+(?:new\s+)?",
             name_obj + r"(?=\s+(?:flat|apartment|house|place|home|studio)\b)", _new_home),
        # "My boyfriend and I share a flat in Södermalm": where one lives, put as the home one has.
        rule(r"(?:share|rent|are\s+renting|am\s+renting)\s+(?:a|an|the|our|my)\s+(?:[\w-]+\s+){0,2}?"
              r"(?:flat|apartment|house|place|home|room|studio|condo|bedsit)\s+in", name_obj, _home),
        # diet
        rule(r"(?:am\s+no\s+longer|am\s+not|stopped\s+being|quit\s+being|gave\s+up\s+being)",
              r"(?:an?\s+)?(?P<diet>" + "|".join(DIETS) + r")\b", _diet_ended),
        # "going vegan from now on" is the diet; "going vegan for Lent" or "next month" is not yet.
        rule(r"(?:am(?:\s+now)?|am\s+going(?![^.]*\b(?i:for\s+(?:the|a|one|lent)\b|next\s+\w+|tomorrow|soon|in\s+(?:a\s+|\d|"
              r"january|february|march|april|may|june|july|august|september|october|november|december)))|went|have\s+gone|have\s+been|became|have\s+become|turned|switched\s+to\s+being|"
              r"am\s+(?:on|eating|following)\s+an?|switched\s+to\s+an?|follow\s+an?|eat|(?:have\s+)?decided\s+to\s+(?:go|become|be))",
              r"(?i:an?\s+)?(?i:fully\s+|strictly\s+|mostly\s+)?(?P<diet>(?i:" + "|".join(DIETS) + r"))\b(?!\s+(?:food|restaurant|"
              r"recipe|place|option|friend))", _diet),
        rule(r"(?:have\s+)?(?:stopped|gave\s+up|quit|cut\s+out|no\s+longer\s+eat|do\s+not\s+eat)", r"(?i:(?:eating\s+)?meat)\b",
              _meat_free),
        rule(r"(?:eat|am\s+eating|have\s+started\s+eating|started\s+eating)", r"(?i:meat\s+again|meat)\b(?!\s+(?:free|less))",
              _meat_again),
        # partner and status
        rule(r"(?:am\s+(?:now\s+)?(?:dating|seeing|with|engaged\s+to|going\s+out\s+with|in\s+a\s+relationship\s+with)|"
              r"(?:have\s+)?(?:started\s+(?:dating|seeing)|got\s+together\s+with|got\s+engaged\s+to))"
              r"(?:\s+someone(?:\s+new)?\s*(?:,|-|–|:|called|named)\s*(?:(?:her|his|their)\s+name(?:\s+is|'s|’s)\s+)?)?", name_obj, _partner),
        rule(r"(?:got\s+married\s+to|married|am\s+married\s+to)", name_obj, _married),
        rule(r"(?:have\s+)?(?:broke\s+up|split\s+up|separated|divorced|am\s+divorced|got\s+divorced)(?:\s+(?:with|from))?",
              name_obj, _broke_up),
        rule(r"(?:am\s+(?:now\s+)?|got\s+|became\s+)", r"(?P<status>(?i:" + "|".join(RELATIONSHIP_STATUSES) + r"))\b"
              r"(?!\s+(?:to|with))", _status),
        # vehicle
        rule(r"(?:drive|am\s+driving|ride|am\s+riding|have|own|got|bought|have\s+bought|have\s+got|picked\s+up|leased|traded\s+up\s+to|"
             r"(?:ended\s+up\s+)?(?:going|went|gone)\s+with)",
              r"(?P<obj>(?i:a\s+|an\s+|the\s+|my\s+)?(?i:new\s+|used\s+|second-hand\s+|secondhand\s+|brand\s+new\s+)?"
              r"[\w.-]+(?:\s+[\w.-]+){0,2}?)" + BOUNDARY, _vehicle_bought),
        rule(r"(?:have\s+)?(?:sold|got\s+rid\s+of|traded\s+in|scrapped|gave\s+away)",
              r"(?P<obj>(?i:a\s+|an\s+|the\s+|my\s+|our\s+)?(?i:old\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)" + BOUNDARY, _vehicle_sold),
        # pets
        rule(r"(?:have|adopted|got|rescued|have\s+adopted|have\s+got|brought\s+home)\s+(?:a|an|our|my)\s+"
              r"(?:new\s+|little\s+|rescue\s+|young\s+|\w+-year-old\s+|(?!(?:called|named)\b)[a-z][\w-]*\s+){0,3}",
              r"(?P<animal>" + alternation(PET_WORDS) + r")\s*,?\s+(?:called|named)\s+"
              r"(?P<name>[A-Z][\w'-]*)", _pet),

    )


_RULES = _rules_for(NAME)
_UNCASED_RULES = _rules_for(UNCASED_NAME)
# "Our dog Max is 12", "my cat, Miso, …": a pet named as the subject.
_PET_HEAD = re.compile(r"^(?i:(?:my|our)\s+(?:\w+\s+)?(?P<animal>" + alternation(PET_WORDS)
                       + r"))\s*,?\s+(?P<name>[A-Z][\w'-]*)\b")
# "We have two cats, Mochi and Tofu": a pet for each name.
_PETS_LISTED = re.compile(r"^(?i:(?:I|we)\s+(?:have|have\s+got|got|adopted)\s+(?:two|three|four|2|3|4)\s+)(?P<animal>(?i:"
                          + alternation(w + "s" for w in PET_WORDS if not w.endswith("s"))
                          + r"))\s*(?:,|:|\s+called|\s+named|\s+-)\s*(?P<names>[A-Z][\w'-]*(?:\s*,\s*[A-Z][\w'-]*)*\s*,?\s+and\s+[A-Z][\w'-]*)")
# "Border collie named Loki" said after "Got a dog!!": the pet, its verb left in the sentence before.
_PET_PHRASE = re.compile(r"^(?i:(?:a|an|my|our)\s+)?(?i:[\w-]+\s+){0,2}?(?P<animal>(?i:" + alternation(PET_WORDS)
                         + r"))\s*,?\s+(?i:called|named)\s+(?P<name>[A-Za-z][\w'-]*)\b")
_PET_NAMED = re.compile(r"(?i:\b(?:" + alternation(PET_WORDS) + r"))\s*,?\s+(?i:(?:called|named)\s+)?"
                        r"(?P<name>[A-Z][\w'-]*)\b")
_PET_GONE = re.compile(r"^(?i:(?:my|our)\s+(?:\w+\s+)?(?:" + "|".join(PET_WORDS) + r")\s+)?(?P<name>[A-Z][\w'-]*)\s+"
                       r"(?i:(?:has\s+)?(?:died|passed\s+away|passed|was\s+put\s+down|ran\s+away|was\s+rehomed))\b")
_PET_GONE_FIRST = re.compile(r"^(?i:(?:I|we)\s+(?:had\s+to\s+)?(?:put\s+down|rehomed|lost|gave\s+away|had\s+to\s+rehome)\s+"
                             r"(?:(?:my|our)\s+(?:\w+\s+)?(?:" + "|".join(PET_WORDS) + r")\s+)?)(?P<name>[A-Z][\w'-]*)")
# "I've moved house, I'm in Brighton now": the change names what "I'm in" means.
_MOVED_THEN = re.compile(r"\b(?i:moved\s+(?:house|home|flats?|apartments?)|relocated)\b[^.!?]*?\bI\s+(?i:am|'m)\s+"
                         r"(?i:now\s+)?(?i:at|in|with)\s+(?P<obj>" + NAME + r")")
# "My brother Idris lives in Leeds", "my sister just moved to Glasgow": someone else's state.
_THIRD_PARTY = re.compile(
    r"^(?i:my|our)\s+(?P<rel>(?i:brother|sister|mum|mom|mother|dad|father|son|daughter|cousin|aunt|uncle|best\s+friend|"
    r"friend|flatmate|roommate|housemate|grandma|grandpa|grandmother|grandfather|niece|nephew|"
    r"(?P<partner>partner|husband|wife|boyfriend|girlfriend|fianc[eé]e?)(?=\s*,?\s+[A-Z])))"
    r"(?:\s*,?\s+(?P<name>[A-Z][\w'’-]+))?\s*,?\s+(?!and\s+I\b)(?P<rest>(?:[a-z]+\s+){0,2}?[a-z]+s?\b.+)$"
)
_AND_THIRD_PERSON = re.compile(r",?\s+and\s+(?=(?:now\s+|also\s+)?(?:[a-z]+s|moved|started|joined|left|relocated)\b)")
_ADVERB_WORDS = frozenset("just now also recently finally still already currently officially".split())
_IRREGULAR = {"is": "am", "has": "have", "does": "do", "goes": "go", "was": "was"}
_MEMBERSHIP = re.compile(r"\b(?:gym|club|team|band|choir|class|league|society|membership|group|orchestra|union|party)\b",
                         re.IGNORECASE)
# In a turn typed without capitals ("frida and i broke up"), a person is one word that is no pronoun.
_UNCASED_PERSON = (r"(?i:(?!(?:a|an|my|our|his|her|their|the|this|that|me|we|they|he|she|it|someone|somebody|too|so|very|really|"
                   r"such|not|always|never|being|getting|quite|super|kind|away|back|busy|sick|out|also|still|just|going|"
                   r"working|home|here|there|is|was|has|had|and|but|who|that|which|with|and|or)\b)[a-z][\w'’-]+)")


def _couples(name: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """"My girlfriend Ada", "… with my husband Joaquim", "Ada and I broke up", "Ada and I are dating",
    with ``name`` as what marks a name."""
    relation = r"(?P<relation>(?i:partner|boyfriend|girlfriend|wife|husband|fianc[eé]e?|spouse))"
    head = re.compile(r"^(?i:(?:my|our)\s+(?:new\s+)?)" + relation + r"(?i:\s*,?\s+(?:is\s+(?:called\s+|named\s+)?)?)(?P<obj>"
                      + name + r")")
    with_ = re.compile(r"\bwith\s+(?i:my|our)\s+" + relation + r"\s*,?\s+(?P<obj>" + name + r")")
    ended = re.compile(r"^(?:(?P<obj>" + name + r")\s+and\s+(?:I|me)|(?i:me)\s+and\s+(?P<other>" + name + r"))\s+"
                       r"(?i:(?:have\s+)?(?:broke\s+up|split\s+up|separated|got\s+divorced|are\s+(?:over|divorced|separated)))")
    started = re.compile(r"^(?P<obj>" + name + r")\s+and\s+I\s+(?i:(?:are|have\s+been|started|got)\s+"
                         r"(?:now\s+)?(?:dating|together|engaged|seeing\s+each\s+other|married))")
    return head, with_, ended, started


_COUPLES = _couples(NAME)
_UNCASED_COUPLES = _couples(_UNCASED_PERSON)
_SOLD_AND_BOUGHT = re.compile(r"\b(?:(?:sold|traded(?:\s+in)?|got\s+rid\s+of|swapped|part-exchanged)\s+(?:the|my|our|a)\s+"
                              r"(?P<old>[\w.-]+(?:\s+[\w.-]+){0,2}?)(?:\s+in)?"
                              r"\s+(?:(?:and|to)\s+(?:I\s+|we\s+)?(?:bought|got|buy|get)\s+|for\s+)|"
                              # "We finally replaced the Peugeot with a secondhand Renault Zoe"
                              r"replaced\s+(?:the|my|our)\s+(?P<replaced>[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+with\s+)"
                              r"(?:a|an|the)\s+(?:new\s+|used\s+|second-?hand\s+)?"
                              r"(?P<new>[\w.-]+(?:\s+[\w.-]+){0,2}?)" + BOUNDARY, re.IGNORECASE)
_VEHICLE_NAME = r"(?P<obj>(?:\d{4}\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)"
# "Kirra's old Corolla is my ride now", "The Skoda is my car now": the one driven, said of it.
_RIDE_IS = re.compile(r"^(?i:(?:the|my|our|[\w'’]+['’]s)\s+(?:old\s+|new\s+|little\s+)?)" + _VEHICLE_NAME
                      + r"\s+(?i:is|'s)\s+(?i:now\s+)?(?i:my|our)\s+(?i:new\s+)?(?i:ride|car|wheels|daily(?:\s+driver)?)\b")
# "My Toyota Premio is 14 years old", "Our Volvo V70 needs a new clutch": a car of one's own,
# named by its make or model, is the one driven.
_MY_CAR_DOES = re.compile(r"^(?i:(?:my|our)\s+(?:old\s+|little\s+|trusty\s+|beloved\s+)?)" + _VEHICLE_NAME
                          + r"\s+(?i:is|was|has|had|needs|keeps|broke|won't|wouldn't|isn't|failed|'s)\b")
# "the Passat needs brakes", "the Passat makes a noise": one's own car, by what it needs.
_THE_CAR_NEEDS = re.compile(r"^(?i:the\s+)" + _VEHICLE_NAME + r"\s+(?i:needs|makes\s+a\s+noise|broke\s+down|"
                            r"won't\s+start|failed\s+(?:its|the)|is\s+in\s+the\s+garage|has\s+a\s+(?:flat|puncture))\b")
# "This morning we went to a dealer and bought a used Skoda Octavia", "we picked up the Highlander",
# "drove home in the Vitz": a car the speaker came away with, later in the clause.
_THEN_GOT = re.compile(r"^(?i:(?:(?:this|last|yesterday|today|on)\b[\w\s]{0,25}?,?\s+)?(?:I|we)\b(?:(?!\b(?:he|she|they|my\s+\w+)\b)[^.;!?]){0,80}?"
                       r"\b(?:bought|picked\s+up|drove\s+(?:home|off|away)\s+in|came\s+home\s+(?:in|with)|went\s+home\s+in)\s+"
                       r"(?:a|an|the|our|my)\s+(?:new\s+|used\s+|second-?hand\s+|brand\s+new\s+|little\s+)?)" + _VEHICLE_NAME + BOUNDARY)


def _made_vehicle(obj: str) -> str | None:
    """A vehicle named by make or model ("Toyota Premio"), not by a plain word ("car")."""
    named = vehicle_name(obj)
    return named if named is not None and any(word.lower() in VEHICLE_MAKES for word in named.split()) else None


# "Our car is a 2012 Peugeot 208", "My car, the Corolla, …": the car one drives, said of the car.
_CAR_IS = re.compile(r"^(?i:(?:my|our)\s+(?:new\s+|current\s+|family\s+)?car(?:\s+is\s+(?:now\s+)?(?:an?\s+)?|,\s+(?:the|a|an)\s+)(?:\d{4}\s+)?)"
                     r"(?P<obj>[\w.-]+(?:\s+[\w.-]+){0,2}?)" + BOUNDARY)


def state_facts(clause: str, speaker: str, *, certainty: float = Certainty.STATED.value,
                sentence: str | None = None, uncased: bool = False,
                pets: frozenset[str] = frozenset()) -> list[ExtractedFact]:
    """The state facts one first-person clause announces; [] when it announces none.

    ``sentence`` is the whole sentence the clause came from: a conditional or a plan there
    ("if I get the job I'll move to Dublin") makes the clause no statement of the present.
    ``uncased``: the person types without capitals ("i moved to osaka"), so a name is not
    marked by one. ``pets``: names the speaker gave pets earlier ("Max passed away" needs no
    "dog" when Max is known to be one).
    """
    text = _with_subject(expand_contractions(clause.strip().rstrip(".!")))
    context = expand_contractions(sentence or clause)
    if _CONDITIONAL.search(context):
        return []
    if (diet_from := _DIET_FROM.search(text)) is not None:
        # "fully vegan from tomorrow": the diet decided on holds from the day it is said.
        return _as_facts(_diet(diet_from, speaker), speaker, certainty)
    if _FUTURE.search(text):
        return []
    if OFFER_ACCEPTED.search(text) is None and OFFER_ACCEPTED.search(context):
        text = context
    found: list[Found] = []
    head, with_partner, ended, started = _UNCASED_COUPLES if uncased else _COUPLES
    if (other := _THIRD_PARTY.match(text)) is not None:
        # "My partner Julien is a sous-chef": who Julien is to the speaker, then what he does.
        named = head.match(text) if other["partner"] else None
        partner = _as_facts(_partner(named, speaker), speaker, certainty) if named else []
        return partner + _third_party_facts(other, speaker, certainty, uncased)
    who = speaker
    relation = head.match(text) or with_partner.search(text)
    if relation:
        found += _partner(relation, who)
    if couple := ended.match(text):
        found += _broke_up(couple, who) if couple["obj"] else _broke_up_with(couple["other"], who)
    if couple := started.match(text):
        found += _partner(couple, who)
    for state_rule in _UNCASED_RULES if uncased else _RULES:
        match = state_rule.pattern.search(text)
        if match is None:
            continue
        if "joined" in match.group(0).lower() and _MEMBERSHIP.search(context):
            continue  # "cancelled my gym membership and joined Movement Climbing": a gym, not an employer
        subject = match.groupdict().get("subject") or "I"
        if subject.lower() not in {"i", "we"} and not subject.lower().endswith(" and i"):
            continue
        found += state_rule.build(match, who)
    if (pet_named := _PET_HEAD.match(text) or _PET_PHRASE.match(text)) is not None and not _PET_GONE.match(text):
        found += _pet(pet_named, who)
    if (listed := _PETS_LISTED.match(text)) is not None:
        animal = listed["animal"].lower().removesuffix("s")
        found += [(f"{who} has {article(animal)} {animal} called {name}", "has pet", name, "pet", False)
                  for name in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", listed["names"]) if name]
    pet = _PET_GONE.match(text) or _PET_GONE_FIRST.match(text)
    if pet and (pet.re is _PET_GONE_FIRST or mentions_pet(context) or mentions_pet(text) or pet["name"] in pets):
        found += _pet_gone(pet, who)
    found += work_in_sentence(text, context, who, uncased=uncased)
    if (moved := _MOVED_THEN.search(context)) is not None:
        found += _moved(moved, who)
    found += _sold_and_bought(context, who) + _arrived_home(context, who)
    if (new_place := _NEW_PLACE.search(text)) is not None:
        place = object_head(new_place["obj"] or new_place["named"])
        found.append((f"{who} has a new home in {place}", "lives in", place, "home~", False))
    elif (home := _CURRENT_HOME.match(text)) is not None:
        place = object_head(home["obj"])
        found.append((f"{who} lives in {place}", "lives in", place, "home~", False))
    if (car := _CAR_IS.match(text) or _RIDE_IS.match(text)) is not None and (driven := vehicle_name(car["obj"])) is not None:
        found.append((f"{who} drives {article(driven)} {driven}", "drives", driven, "vehicle", False))
    elif (car := _MY_CAR_DOES.match(text) or _THE_CAR_NEEDS.match(text)) is not None and (driven := _made_vehicle(car["obj"])) is not None:
        found.append((f"{who} drives {article(driven)} {driven}", "drives", driven, "vehicle", False))
    elif (car := _THEN_GOT.match(text)) is not None and (driven := _made_vehicle(car["obj"])) is not None:
        found.append((f"{who} now drives {article(driven)} {driven}", "drives", driven, "vehicle", False))
    return _as_facts(_unique(found), who, certainty)





_PET_KIND = "(?P<animal>(?i:" + alternation(PET_WORDS) + r"))(?![\w-])(?!\s+(?i:person|lover|owner|people|walker|sitter|food))"
# "Daifuku woke me at 5 again. He is a shiba", "Odikro escaped! Our tortoise - he's about 30":
# what the one named in the sentence before is.
_IS_A_PET = re.compile(r"^(?i:he|she|it)(?:\s+is|['’]s)\s+(?i:a|an|our|my)\s+(?:[\w-]+\s+){0,3}?" + _PET_KIND)
_OUR_PET_IS = re.compile(r"^(?i:our|my)\s+" + _PET_KIND + r"\s*[-–—,:]\s*(?i:he|she|it)(?:\s+is|['’]s)\b")
# "Pickle, our four-year-old tabby, has started …", "Kinako is our shiba": the name, then what it is.
_NAME_THEN_PET = re.compile(r"^(?P<name>[A-Z][\w'’-]+)(?:,|\s+is)\s+(?i:our|my)\s+(?:[\w-]+\s+){0,3}?" + _PET_KIND)
# "I walk our greyhound, Marlowe, along the river": the pet, then its name set off by commas.
_PET_THEN_NAME = re.compile(r"\b(?i:my|our)\s+(?:[\w-]+\s+){0,2}?" + _PET_KIND + r"\s*,\s*(?P<name>[A-Z][\w'’-]+)\s*(?:,|$)")
_CAPITALISED = re.compile(r"(?<![\w'’-])(?P<before>(?i:in|from|to|at|near|of|on|for|via|by)\s+)?(?P<word>[A-Z][\w'’-]*)")
_NO_NAMES = frozenset(
    """I I'm I've I'd I'll I’m The A An My Our His Her Their He She It It's We They This That These Those Then So And But
    Also Just Well Oh Ok Okay Yes No Hi Hey Morning Today Yesterday Tonight Last Now Any Can Could What When Where Why How
    Who Which Do Does Did Is Are Was Were Should Would Will Have Has Had Maybe Please Thanks Thank Sorry Sure Anyway
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September
    October November December""".split()
)


def pets_named_nearby(sentences: Sequence[str], speaker: str) -> list[ExtractedFact]:
    """Pets named in one sentence and said to be one in the next ("Bamse went nuts when I came in.
    He's a Norwegian elkhound"), or named and described in one ("Pickle, our four-year-old tabby").

    The one meant is the previous sentence's subject when it is a name, else the last name in it
    that no preposition of place puts somewhere ("… at home in Gaia with Farrusco snoring")."""
    found: list[Found] = []
    for before, sentence in zip(("", *sentences), sentences, strict=False):
        if ((named := _NAME_THEN_PET.match(sentence) or _PET_THEN_NAME.search(sentence)) is not None
                and named["name"] not in _NO_NAMES):
            found += [(statement, predicate, obj, "pet", ended) for statement, predicate, obj, _, ended in _pet(named, speaker)]
            continue
        said = _IS_A_PET.match(sentence) or _OUR_PET_IS.match(sentence)
        if said is None:
            continue
        names = [m for m in _CAPITALISED.finditer(before) if m["word"] not in _NO_NAMES and not m["before"]]
        if not names:
            continue
        subject = names[0] if names[0].start() == len(before) - len(before.lstrip()) else names[-1]
        # Who "he" is was read, not said: a strong inference.
        found += [(statement, predicate, obj, "pet~", ended)
                  for statement, predicate, obj, _, ended in _pet({"name": subject["word"], "animal": said["animal"]}, speaker)]
    return _as_facts(_unique(found), speaker, Certainty.STATED.value)


# "Van's making a grinding noise again. It's a 2009 Toyota Hiace": the vehicle just spoken of, named.
_IT_IS_VEHICLE = re.compile(r"^(?i:it|she|he)(?:\s+is|['’]s)\s+(?:an?\s+|my\s+|our\s+)?(?:old\s+|new\s+)?(?P<obj>[\w.-]+(?:\s+[\w.-]+){0,3}?)"
                            + BOUNDARY)
_VEHICLE_SPOKEN_OF = re.compile(r"\b(?:" + alternation(VEHICLE_WORDS) + r")\b", re.IGNORECASE)


def vehicles_named_nearby(sentences: Sequence[str], speaker: str) -> list[ExtractedFact]:
    """A vehicle spoken of in one sentence and named by make in the next ("Van's making a
    horrible noise. It's a 2009 Toyota Hiace"): the one the speaker drives."""
    found: list[Found] = []
    for before, sentence in zip(("", *sentences), sentences, strict=False):
        said = _IT_IS_VEHICLE.match(sentence)
        if said is not None and _VEHICLE_SPOKEN_OF.search(before) and (car := vehicle_name(said["obj"])) is not None:
            found.append((f"{speaker} drives {article(car)} {car}", "drives", car, "vehicle", False))
    return _as_facts(_unique(found), speaker, Certainty.STATED.value)


def pet_names(texts: Iterable[str]) -> frozenset[str]:
    """The names ``texts`` give pets ("our dog Max", "a kitten named Luna")."""
    return frozenset(match["name"] for text in texts for match in _PET_NAMED.finditer(text))


def _third_party_facts(match: re.Match[str], speaker: str, certainty: float, uncased: bool) -> list[ExtractedFact]:
    """"My brother Idris moved to Glasgow": the same states, about someone in the speaker's life.

    The subject is the relation ("Zara's brother"), so the brother's later move supersedes his
    earlier home and never the speaker's; a name given is kept in the statement and entities.
    """
    who = f"{speaker}'s {' '.join(match['rel'].lower().split())}"
    name = match["name"]
    found: list[Found] = []
    for part in _AND_THIRD_PERSON.split(match["rest"]):
        text = "I " + _base_form(part.strip(" ,"))
        for state_rule in _UNCASED_RULES if uncased else _RULES:
            rule_match = state_rule.pattern.search(text)
            if rule_match is not None and (rule_match.groupdict().get("subject") or "I").lower() == "i":
                found += state_rule.build(rule_match, who)
    facts = []
    for statement, predicate, obj, kind, _ in _unique(found):
        if kind in {"plan", "partner", "status", "pet"}:
            continue  # whose partner or pet is meant stays with the plain statement
        fact = _fact(statement.replace(who, f"{who} {name}", 1) if name else statement, who, predicate, obj, certainty, kind)
        named = (speaker, *((name,) if name else ()), *((obj,) if obj[:1].isupper() else ()))
        facts.append(replace(fact, entities=tuple(dict.fromkeys(named))))
    return facts


def _base_form(verb_phrase: str) -> str:
    """"just moves to Leeds" -> "just move to Leeds": the third person's verb as "I" would say it."""
    words = verb_phrase.split()
    for index, word in enumerate(words):
        lower = word.lower()
        if lower in _ADVERB_WORDS:
            continue
        words[index] = _IRREGULAR.get(lower) or (
            lower[:-3] + "y" if lower.endswith("ies") else lower[:-2] if lower.endswith(("ches", "shes", "sses", "xes"))
            else lower[:-1] if lower.endswith("s") and not lower.endswith(("ss", "us")) else word
        )
        break
    return " ".join(words)


def _with_subject(text: str) -> str:
    """Chat drops the subject ("Just started at Bosch!"); the speaker is meant. A leading time
    ("These days I live in ...") is not the subject either."""
    text = LEAD_TIME.sub("", text)
    return with_dropped_subject(text)


# "Finally in Valencia, the flat in Ruzafa is tiny but lovely": arrived somewhere, with a home there.
_ARRIVED = re.compile(r"^(?:(?:I\s+am|I'm|we\s+are|we're)\s+)?(?i:finally|now|at\s+last)\s+(?:here\s+)?in\s+(?P<place>" + NAME + ")")
# "Finally moved, the house in Wieliczka is full of boxes": the move is done, the home is there.
_MOVED_IN = re.compile(r"^(?:(?:I|we)\s+(?:have\s+)?)?(?i:(?:finally|just|officially|all)\s+)?(?i:moved(?:\s+in)?)\s*(?:[,!;:–-]|$)")
_HOME_THERE = re.compile(r"\b(?i:the|my|our)\s+(?i:new\s+)?(?i:flat|apartment|house|place|home|studio)(?:\s+in\s+(?P<part>" + NAME
                         + r"))?\s+(?i:is|has|feels|looks)\b")


# "No more fish for me - fully vegan from tomorrow", "vegan from now on": a diet said with when it
# begins, and no verb.
_DIET_FROM = re.compile(r"(?:^|[,;:–-]\s*)(?:I\s+am\s+)?(?i:now\s+)?(?i:fully\s+|strictly\s+|totally\s+|100%\s+)?(?P<diet>(?i:"
                        + "|".join(DIETS) + r"))\s+(?i:from\s+(?:now\s+on|today|tomorrow|this\s+\w+|next\s+\w+)|"
                        r"starting\s+(?:today|now|tomorrow)|as\s+of\s+(?:today|now|this\s+\w+))\b")
# "Sitting on the floor of my new place in Rotterdam", "The Gaia flat is ours": a new home, named
# by where it is.
# "Current flat is in Alfama", "My current place is in Headingley": where one lives until a move.
_CURRENT_HOME = re.compile(r"^(?i:(?:my|our)\s+)?(?i:current|present)\s+(?i:flat|apartment|house|place|home|studio)\s+(?i:is\s+)?in\s+"
                           r"(?:the\s+)?(?P<obj>" + NAME + r")")
_NEW_PLACE = re.compile(r"\b(?i:my|our)\s+(?i:new)\s+(?i:flat|apartment|house|place|home|studio)\s+in\s+(?P<obj>" + NAME + ")|"
                        r"^(?i:the)\s+(?P<named>" + NAME + r")\s+(?i:flat|apartment|house|place|home|studio)\s+is\s+(?i:ours|mine)\b")


def _arrived_home(text: str, who: str) -> list[Found]:
    arrived, home = _ARRIVED.match(text), _HOME_THERE.search(text)
    if home is not None and home["part"] and _MOVED_IN.match(text):
        return [(f"{who} lives in {object_head(home['part'])}", "lives in", object_head(home["part"]), "home~", False)]
    if arrived is None or home is None:
        return []
    place = object_head(arrived["place"])
    where = f"{object_head(home['part'])}, {place}" if home["part"] else place
    return [(f"{who} lives in {where}", "lives in", where, "home~", False)]


def _sold_and_bought(text: str, who: str) -> list[Found]:
    """"I sold the Golf and bought a Tesla": when either side is a vehicle, both are."""
    match = _SOLD_AND_BOUGHT.search(text)
    if match is None:
        return []
    old, new = strip_tail(match["old"] or match["replaced"]), strip_tail(match["new"])
    if vehicle_name(old, sold=True) is None and vehicle_name(new) is None:
        return []
    return [(f"{who} sold the {old}", "no longer drives", old, "vehicle", True),
            (f"{who} bought {article(new)} {new}", "drives", new, "vehicle", False)]


def _as_facts(found: Iterable[Found], who: str, certainty: float) -> list[ExtractedFact]:
    return [_fact(statement, who, predicate, obj, certainty, kind) for statement, predicate, obj, kind, _ in found]


def _fact(statement: str, who: str, predicate: str, obj: str, certainty: float, kind: str) -> ExtractedFact:
    inferred = kind.endswith("~")
    return ExtractedFact(
        statement=statement[0].upper() + statement[1:] + ".",
        type=MemoryType.EPISODIC if kind == "plan" else MemoryType.SEMANTIC,
        certainty=min(certainty, Certainty.STRONG_INFERENCE.value) if inferred else certainty,
        subject=who,
        predicate=predicate,
        object=obj,
        entities=tuple(dict.fromkeys(name for name in (who, obj) if name[:1].isupper())),
    )


def _unique(found: list[Found]) -> list[Found]:
    seen: dict[tuple[str, str], tuple[str, str, str, str, bool]] = {}
    for item in found:
        seen.setdefault((item[1].removeprefix("no longer ").casefold(), item[2].casefold()), item)
    return list(seen.values())


