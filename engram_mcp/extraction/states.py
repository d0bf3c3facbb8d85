"""States a person has one of at a time (diet, partner; the home in ``homes``, employer, job
and school in ``work``, the vehicle driven in ``vehicles``, pets in ``pets``) and the ordinary
ways people announce that one began or ended. Pure.

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
from dataclasses import replace

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.homes import home_rules, home_said_ours, homes_in_sentence, moved_house_now_in
from engram_mcp.extraction.job_changes import job_change_rules
from engram_mcp.extraction.lexicon import LEAD_TIME, expand_contractions, with_dropped_subject
from engram_mcp.extraction.people import Someone, someone_else
from engram_mcp.extraction.pets import pet_rules, pets_in_sentence
from engram_mcp.extraction.state_grammar import (
    NAME,
    UNCASED_NAME,
    Found,
    Rule,
    adverbs_first,
    as_facts,
    object_head,
    one_per_slot,
    rule,
    state_fact,
)
from engram_mcp.extraction.vehicles import sold_and_bought, vehicle_rules, vehicles_in_sentence
from engram_mcp.extraction.work import work_rules
from engram_mcp.extraction.work_sentences import OFFER_ACCEPTED, work_in_sentence
from engram_mcp.model import Certainty
from engram_mcp.model.predicates import DIETS, RELATIONSHIP_STATUSES

__all__ = ["state_facts"]


_FUTURE = re.compile(r"\b(?:will|going to|gonna|plan(?:ning)? to|about to|next|soon|tomorrow|would|hope to|"
                     r"want to|intend to)\b", re.IGNORECASE)
_CONDITIONAL = re.compile(r"^(?:if|when|once|unless|in case)\b|\bif\b", re.IGNORECASE)


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
        *job_change_rules(name),
        *home_rules(name),
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
_AND_THIRD_PERSON = re.compile(r",?\s+and\s+(?=(?:now\s+|also\s+)?(?:[a-z]+s|moved|started|joined|left|relocated)\b)")
# "…, he starts there next week": a clause going on about them that says what is not yet.
_NOT_YET = re.compile(r",\s+(?i:he|she)\s+[^,]*?" + _FUTURE.pattern + r"[^,]*", re.IGNORECASE)
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
    text = adverbs_first(_with_subject(expand_contractions(clause.strip().rstrip(".!"))))
    context = expand_contractions(sentence or clause)
    if _CONDITIONAL.search(context):
        return []
    if (diet_from := _DIET_FROM.search(text)) is not None:
        # "fully vegan from tomorrow": the diet decided on holds from the day it is said.
        return as_facts(_diet(diet_from, speaker), speaker, certainty)
    if ours := home_said_ours(text, speaker):
        return as_facts(ours, speaker, certainty)
    if (other := someone_else(text, speaker, uncased=uncased)) is not None and other.who.casefold() in {pet.casefold() for pet in pets}:
        other = None  # "Max passed away": a pet named earlier, read by the pet rules
    # What someone else does next is read part by part (``_third_party_facts``): "Jonas got poached by BMW, he
    # starts there next week" says where he works now.
    if _FUTURE.search(text) and (other is None or other.who == speaker):
        return []
    if OFFER_ACCEPTED.search(text) is None and OFFER_ACCEPTED.search(context):
        text = context
    found: list[Found] = []
    head, with_partner, ended, started = _UNCASED_COUPLES if uncased else _COUPLES
    if other is not None and other.who != speaker:
        # "My partner Julien is a sous-chef": who Julien is to the speaker, then what he does.
        named = head.match(text) if other.partner else None
        partner = as_facts(_partner(named, speaker), speaker, certainty) if named else []
        return partner + _third_party_facts(other, speaker, certainty, uncased)
    if other is not None:
        text = "I " + _base_form(other.rest)  # "Noor moved to Leeds", said by Noor
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
    found += moved_house_now_in(context, who)
    found += sold_and_bought(context, who) + homes_in_sentence(text, context, who)
    found += vehicles_in_sentence(text, who)
    return as_facts(one_per_slot(found), who, certainty)


def _third_party_facts(someone: Someone, speaker: str, certainty: float, uncased: bool) -> list[ExtractedFact]:
    """"My brother Idris moved to Glasgow", "Dad has moved to Nottingham", "Tom's got a new job at
    Deloitte": the same states, about someone in the speaker's life.

    The subject is the relation ("Zara's brother") or the person's name, so the brother's later move
    supersedes his earlier home and never the speaker's; a name given is kept in the statement and
    entities.
    """
    who, name = someone.who, someone.name
    found: list[Found] = []
    for part in _AND_THIRD_PERSON.split(someone.rest):
        if _FUTURE.search(part := _NOT_YET.sub("", part)):
            continue  # "Jonas will join BMW": not yet
        # "Raj has a new job — he's at Infosys now": "he" is whom the clause opened with.
        text = adverbs_first("I " + _SAID_OF_THEM.sub(lambda m: "I " + _base_form(m["verb"]), _base_form(part.strip(" ,"))))
        for state_rule in _UNCASED_RULES if uncased else _RULES:
            rule_match = state_rule.pattern.search(text)
            if rule_match is not None and (rule_match.groupdict().get("subject") or "I").lower() == "i":
                found += state_rule.build(rule_match, who)
        # "My buddy Denny is officially in Tampa now": a home said without a verb of living, as of the speaker's.
        found += homes_in_sentence(text, text, who)
        found += work_in_sentence(text, text, who, uncased=uncased) + moved_house_now_in(text, who)
    facts = []
    of_their_people = who.startswith(f"{speaker}'s ")
    for statement, predicate, obj, kind, _ in one_per_slot(found):
        if kind in {"plan", "partner", "status", "pet"}:
            continue  # whose partner or pet is meant stays with the plain statement
        if not of_their_people and kind.rstrip("~?") not in _WHERE_ONE_LIVES_AND_WORKS:
            continue  # "Ilka just bought a Tesla": of someone by name alone, their home, work and study
        fact = state_fact(statement.replace(who, f"{who} {name}", 1) if name else statement, who, predicate, obj, certainty, kind)
        told_of = (speaker,) if who.startswith(f"{speaker}'s ") else (who,)
        named = (*told_of, *((name,) if name else ()), *((obj,) if obj[:1].isupper() else ()))
        facts.append(replace(fact, entities=tuple(dict.fromkeys(named))))
    return facts


_WHERE_ONE_LIVES_AND_WORKS = frozenset({"home", "employer", "job", "team", "school", "field"})
# A clause after the first that goes on about them: "… — he's at Infosys now", "…, she works nights there".
_SAID_OF_THEM = re.compile(r"(?<=[\s,;:—–-])(?i:he|she)\s+(?P<verb>[a-z]+)\b")


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


# "No more fish for me - fully vegan from tomorrow", "vegan from now on": a diet said with when it
# begins, and no verb.
_DIET_FROM = re.compile(r"(?:^|[,;:–-]\s*)(?:I\s+am\s+)?(?i:now\s+)?(?i:going\s+)?(?i:fully\s+|strictly\s+|totally\s+|100%\s+)?(?P<diet>(?i:"
                        + "|".join(DIETS) + r"))\s+(?i:from\s+(?:now\s+on|today|tomorrow|this\s+\w+|next\s+\w+)|"
                        r"starting\s+(?:today|now|tomorrow)|as\s+of\s+(?:today|now|this\s+\w+))\b")
