"""States a person has one of at a time (home, diet, partner; employer, job and school in
``work``, the vehicle driven in ``vehicles``, pets in ``pets``) and the ordinary ways people
announce that one began or ended. Pure.

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
from collections.abc import Sequence
from dataclasses import replace

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import LEAD_TIME, expand_contractions, with_dropped_subject
from engram_mcp.extraction.pets import pet_rules, pets_in_sentence
from engram_mcp.extraction.state_grammar import (
    NAME,
    UNCASED_NAME,
    Found,
    Rule,
    as_facts,
    object_head,
    one_per_slot,
    rule,
    state_fact,
)
from engram_mcp.extraction.vehicles import sold_and_bought, vehicle_rules, vehicles_in_sentence
from engram_mcp.extraction.work import OFFER_ACCEPTED, work_in_sentence, work_rules
from engram_mcp.model import Certainty
from engram_mcp.model.predicates import DIETS, RELATIONSHIP_STATUSES

__all__ = ["home_after_moving", "state_facts"]


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
        # "I rent a room in a house in Blackpool": the place the house is in.
        rule(r"(?:share|rent|are\s+renting|am\s+renting)\s+(?:a|an|the|our|my)\s+(?:[\w-]+\s+){0,2}?"
              r"(?:flat|apartment|house|place|home|room|studio|condo|bedsit)\s+in(?:\s+(?:a|an|the)\s+(?:shared\s+)?"
              r"(?:house|flat|apartment|houseshare|flatshare)\s+in)?", name_obj, _home),
        # "we stay with host family, Whitaker family in Headingley"
        rule(r"(?:stay|are\s+staying|am\s+staying|live|are\s+living|am\s+living)\s+with\s+(?:a\s+|the\s+|our\s+|my\s+)?"
             r"host\s+family(?:,?\s+(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+)?\s+family)?,?\s+in", name_obj, _home),
        # diet
        rule(r"(?:am\s+no\s+longer|am\s+not|stopped\s+being|quit\s+being|gave\s+up\s+being|am\s+done\s+being)",
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
        *vehicle_rules(),
        *pet_rules(),
    )


_RULES = _rules_for(NAME)
_UNCASED_RULES = _rules_for(UNCASED_NAME)
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
    started = re.compile(r"^(?i:(?:ok|okay|so|update|lol|omg|well|anyway|news|guess\s+what)\W+){0,3}(?P<obj>" + name + r")\s+and\s+(?:I|me)\s+(?i:(?:are|have\s+been|started|got)\s+"
                         r"(?:now\s+|officially\s+)*(?:dating|together|engaged|seeing\s+each\s+other|married))")
    return head, with_, ended, started


_COUPLES = _couples(NAME)
_UNCASED_COUPLES = _couples(_UNCASED_PERSON)


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
        return as_facts(_diet(diet_from, speaker), speaker, certainty)
    if (ours := _OURS_FROM.search(text)) is not None:
        # "The townhouse in Westville is ours from tomorrow": the home had, from the day said.
        place = object_head(ours["where"])
        return as_facts([(f"{speaker} has a new home in {place}", "lives in", place, "home~", False)], speaker, certainty)
    if _FUTURE.search(text):
        return []
    if OFFER_ACCEPTED.search(text) is None and OFFER_ACCEPTED.search(context):
        text = context
    found: list[Found] = []
    head, with_partner, ended, started = _UNCASED_COUPLES if uncased else _COUPLES
    if (other := _THIRD_PARTY.match(text)) is not None:
        # "My partner Julien is a sous-chef": who Julien is to the speaker, then what he does.
        named = head.match(text) if other["partner"] else None
        partner = as_facts(_partner(named, speaker), speaker, certainty) if named else []
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
    found += pets_in_sentence(text, context, who, pets)
    found += work_in_sentence(text, context, who, uncased=uncased)
    if (moved := _MOVED_THEN.search(context)) is not None:
        found += _moved(moved, who)
    found += sold_and_bought(context, who) + _arrived_home(context, who)
    if (new_place := _NEW_PLACE.search(text)) is not None:
        place = object_head(new_place["obj"] or new_place["named"])
        found.append((f"{who} has a new home in {place}", "lives in", place, "home~", False))
    elif (home := _CURRENT_HOME.match(text)) is not None:
        place = object_head(home["obj"])
        found.append((f"{who} lives in {place}", "lives in", place, "home~", False))
    found += vehicles_in_sentence(text, who)
    return as_facts(one_per_slot(found), who, certainty)


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
    for statement, predicate, obj, kind, _ in one_per_slot(found):
        if kind in {"plan", "partner", "status", "pet"}:
            continue  # whose partner or pet is meant stays with the plain statement
        fact = state_fact(statement.replace(who, f"{who} {name}", 1) if name else statement, who, predicate, obj, certainty, kind)
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


# What a home is called.
_DWELLING = r"flat|apartment|house|townhouse|place|home|studio|unit|condo|cottage|bungalow|room"


# "Finally in Valencia, the flat in Ruzafa is tiny but lovely": arrived somewhere, with a home there.
_ARRIVED = re.compile(r"^(?:(?:I\s+am|I'm|we\s+are|we're)\s+)?(?i:finally|now|at\s+last)\s+(?:here\s+)?in\s+(?P<place>" + NAME + ")")
# "Finally moved, the house in Wieliczka is full of boxes": the move is done, the home is there.
_MOVED_IN = re.compile(r"^(?:(?:I|we)\s+(?:have\s+)?)?(?i:(?:finally|just|officially|all)\s+)?(?i:moved(?:\s+in)?)\s*(?:[,!;:–-]|$)")
_HOME_THERE = re.compile(r"\b(?i:the|my|our)\s+(?i:new\s+)?(?i:flat|apartment|house|place|home|studio)(?:\s+in\s+(?P<part>" + NAME
                         + r"))?\s+(?i:is|has|feels|looks)\b")


# "No more fish for me - fully vegan from tomorrow", "vegan from now on": a diet said with when it
# begins, and no verb.
_DIET_FROM = re.compile(r"(?:^|[,;:–-]\s*)(?:I\s+am\s+)?(?i:now\s+)?(?i:going\s+)?(?i:fully\s+|strictly\s+|totally\s+|100%\s+)?(?P<diet>(?i:"
                        + "|".join(DIETS) + r"))\s+(?i:from\s+(?:now\s+on|today|tomorrow|this\s+\w+|next\s+\w+)|"
                        r"starting\s+(?:today|now|tomorrow)|as\s+of\s+(?:today|now|this\s+\w+))\b")
# "Sitting on the floor of my new place in Rotterdam", "The Gaia flat is ours": a new home, named
# by where it is.
# "Current flat is in Alfama", "My current place is in Headingley": where one lives until a move.
_CURRENT_HOME = re.compile(r"^(?i:(?:my|our)\s+)?(?i:current|present)\s+(?i:flat|apartment|house|place|home|studio)\s+(?i:is\s+)?in\s+"
                           r"(?:the\s+)?(?P<obj>" + NAME + r")")
_NEW_PLACE = re.compile(r"\b(?i:my|our)\s+(?i:new)\s+(?i:flat|apartment|house|place|home|studio)\s+in\s+(?P<obj>" + NAME + ")|"
                        r"^(?i:the)\s+(?P<named>" + NAME + r")\s+(?i:flat|apartment|house|place|home|studio)\s+is\s+(?i:ours|mine)\b")
# "The townhouse in Westville is ours (from tomorrow)", "the cottage in Harlech is ours at last": a home had,
# by where it is, said with the day it is had from or without one.
_OURS_FROM = re.compile(r"^(?i:the)\s+(?i:new\s+)?(?i:" + _DWELLING + r")\s+in\s+(?P<where>" + NAME + r")\s+is\s+(?i:ours|mine)\b"
                        r"(?!\s+(?i:if|once|when|unless)\b)")


# "officially in lewisham now, tolus box room is tiny": settled somewhere, said without a verb.
_OFFICIALLY_IN = re.compile(r"^(?:(?i:I\s+am|I'm|im|we\s+are|we're)\s+)?(?i:(?:now\s+)?officially)\s+(?i:living\s+|based\s+)?"
                            r"(?i:in)\s+(?!(?i:love|charge|trouble|shape|business|debt|pain|training|the\s+clear)\b)"
                            r"(?P<place>" + NAME + "|" + UNCASED_NAME + r")(?=\s+now\b|\s*[,.!;]|\s*$)")


def _arrived_home(text: str, who: str) -> list[Found]:
    if (settled := _OFFICIALLY_IN.match(text)) is not None:
        place = object_head(settled["place"])
        return [(f"{who} lives in {place}", "lives in", place, "home~", False)]
    arrived, home = _ARRIVED.match(text), _HOME_THERE.search(text)
    if home is not None and home["part"] and _MOVED_IN.match(text):
        return [(f"{who} lives in {object_head(home['part'])}", "lives in", object_head(home["part"]), "home~", False)]
    if arrived is None or home is None:
        return []
    place = object_head(arrived["place"])
    where = f"{object_head(home['part'])}, {place}" if home["part"] else place
    return [(f"{who} lives in {where}", "lives in", where, "home~", False)]


# "all my stuff is at jacks now. first night in sandy bay tonight", "the movers have taken the last boxes and
# tonight we sleep the first time in Luthagen": a first night somewhere, in a turn about moving there, is
# at the new home; in a turn about a trip or a stay it is not.
_FIRST_NIGHT_ANYWHERE = re.compile(r"(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)\b(?i:first\s+night|(?:sleep|sleeping|slept)\s+(?:for\s+)?the\s+first\s+time|"
                                   r"first\s+time\s+sleeping)\s+(?i:in|at)\s+(?i:the\s+|my\s+|our\s+)?(?i:new\s+)?"
                                   r"(?:(?i:" + _DWELLING + r")\s+in\s+)?(?!(?i:" + _DWELLING + r"|new|the|a|an)\b)"
                                   r"(?P<obj>" + NAME + "|" + UNCASED_NAME + r")")
_MOVING = re.compile(r"\b(?:moved|moving|movers|removal\s+(?:van|men|firm)|boxes|unpack(?:ed|ing)?|keys|"
                     r"all\s+(?:my|our)\s+(?:stuff|things))\b", re.IGNORECASE)
_SOMEONE_ELSE = re.compile(r"\b(?i:he|she|they|his|her|their)\b|\b[A-Z][\w-]*['’]s\s+(?i:moved|in|here|settled)\b")
_AWAY = re.compile(r"\b(?:holidays?|trip|hotel|hostel|airbnb|vacation|camping|tent|conference|visit(?:ing)?)\b", re.IGNORECASE)

# "moved!!! first night in maksimir", "We're in. First night in the Leith flat": where the first night
# after a move is spent is the new home (a first night anywhere else may be a holiday).
_MOVED_SENTENCE = re.compile(r"^(?:(?:I|we)\s+(?:have\s+|'ve\s+)?)?(?i:(?:finally|just|officially|all)\s+)?(?i:moved(?:\s+in)?|shifted|in)\W*$|"
                             r"^(?i:we(?:'re|\s+are)\s+in|(?:I|we)\s+moved(?:\s+in)?(?:\s+today)?)\W*$", re.IGNORECASE)
_FIRST_NIGHT = re.compile(r"^(?i:(?:my|our)\s+)?(?i:first\s+night)\s+(?i:in|at)\s+(?i:the\s+|my\s+|our\s+)?(?i:new\s+)?"
                          r"(?:(?i:flat|apartment|house|place|home|room)\s+in\s+)?(?P<obj>" + NAME + "|" + UNCASED_NAME + r")")


# "moved in. sleeping on a mattress on the floor in friedrichshain": the one place named, after "in".
_IN_PLACE = re.compile(r"\bin\s+(?P<obj>" + NAME + "|" + UNCASED_NAME + r")(?=\s*[,.;!?]|$)")
# "Moved!! Graduate House room is small", "moved. the Leith flat is freezing": the home, by its place's name.
_NAMED_HOME = re.compile(r"^(?i:the\s+|my\s+|our\s+)?(?P<obj>" + NAME + r")\s+(?i:" + _DWELLING + r")\b")
# "Now I sleep in my own apartment on Garden City Road": the home, by where it is.
_HOME_ON = re.compile(r"\b(?i:my|our|the)\s+(?i:own\s+|new\s+)*(?i:flat|apartment|house|place|home|studio)\s+(?i:on|in)\s+(?P<obj>" + NAME + ")")


def home_after_moving(sentences: Sequence[str], speaker: str) -> list[ExtractedFact]:
    """The home a sentence saying the move is done is followed by: "moved!!! first night in maksimir",
    "I moved today. Now I sleep in my own apartment on Garden City Road", "moved in. sleeping on a
    mattress on the floor in friedrichshain"."""
    for before, sentence in zip(sentences, sentences[1:], strict=False):
        if not _MOVED_SENTENCE.match(before.strip()):
            continue
        if (home := _FIRST_NIGHT.match(sentence.strip()) or _NAMED_HOME.match(sentence.strip()) or _HOME_ON.search(sentence)
                or _IN_PLACE.search(sentence)) is not None:
            place = object_head(home["obj"])
            return as_facts([(f"{speaker} lives in {place}", "lives in", place, "home", False)], speaker, Certainty.STATED.value)
    turn = " ".join(sentences)
    if not _MOVING.search(turn) or _AWAY.search(turn):
        return []
    for sentence in sentences:
        night = _FIRST_NIGHT_ANYWHERE.search(sentence.strip().rstrip(".!"))
        # "Papa's moved!! … he slept his first night in Amersfoort": someone else's move.
        if night is not None and not _SOMEONE_ELSE.search(sentence.strip()[: night.start()]):
            place = object_head(night["obj"])
            return as_facts([(f"{speaker} lives in {place}", "lives in", place, "home", False)], speaker, Certainty.STATED.value)
    return []
