"""What a thing is now, said outright as the change it is. Pure.

"the exhibition is at moorways sports centre on moor lane now", "presentation night is now saturday 12
december", "dennis upton is chairman now", "Now the wedding is at a lake palace in Udaipur", "ceremony
now 14:30 not 14:00", "new driver for ND 445-812 is Mandla": a clause that says what something is "now", or
what the new one is, tells that it changed, though it names nothing called off. The clause is what holds, restated on its own (without "not 14:00", the value it
no longer is), so that recall answers with it rather than with the turn that first gave the old value.

Only a thing's value is read here: its subject is a named thing, not a pronoun or the speaker (their
own changes have rules of their own), and the value is something one could ask for (a name, a place,
a figure, a time), not how someone feels ("she's fine now").
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.called_off import label_topic, restated_update
from engram_mcp.extraction.clauses import sentences
from engram_mcp.extraction.requests import is_request
from engram_mcp.model.time_expr import WEEKDAY_NAMES, says_a_time

_DAYS = frozenset(day.lower()[:3] for day in WEEKDAY_NAMES)

__all__ = ["held_now", "said_to_hold_now"]


# What a clause is about: a thing named by a few words, perhaps whose ("the exhibition", "presentation
# night", "Lennart Sjöberg", "Ricardo's rent"), not a pronoun or the speaker (``_a_thing``).
_THING = r"(?P<thing>[\w'’-]+(?:\s+[\w'’-]+){0,4}?)"
# "Mum's at Takeshi's in Sendai now": an 's that says "is" follows a thing named without one.
_THING_BEFORE_ITS_S = r"(?P<thing>[\w-]+(?:\s+[\w-]+){0,4}?)"
_IS = r"(?P<is>\s+(?:is|are)\s+|\s*=\s*)"
_ITS_S = r"(?P<is>['’]s\s+)"
_NOW = r"(?:now|from\s+now\s+on|for\s+now)"


def _forms(thing: str, verb: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(form, re.IGNORECASE) for form in (
        # "the exhibition is at moorways sports centre on moor lane now", "club night is thursday now from next week"
        r"^" + thing + verb + r"(?P<value>.+?)\s+" + _NOW + r"(?:\s+from\s+(?:next|this)\s+\w+)?$",
        # "presentation night is now saturday 12 december", "DevOps is now Nordhost's job"
        r"^" + thing + verb + r"now\s+(?P<value>.+)$",
        # "Now the wedding is at a lake palace in Udaipur", "from now on my shifts are 07:30 to 20:00"
        r"^(?:now|from\s+now\s+on),?\s+" + thing + verb + r"(?P<value>.+)$",
    ))


# "new driver for ND 445-812 is Mandla", "the new venue is Otahuhu Town Hall": what is new holds now.
_NEW_ONE = re.compile(r"^(?:(?:the|our|my|his|her|their)\s+)?new\s+" + _THING + _IS + r"(?P<value>.+)$", re.IGNORECASE)
_NAMED_OR_WHEN = re.compile(r"(?-i:[A-Z])|\d")
_FORMS = (*_forms(_THING, _IS), *_forms(_THING_BEFORE_ITS_S, _ITS_S),
          # "ceremony now 14:30", "essay now due 11 dec": no verb, a figure after "now"
          re.compile(r"^" + _THING + r"\s+now\s+(?P<value>(?:due\s+)?[$€£₹¥]?\d.*)$", re.IGNORECASE),
          _NEW_ONE)
# The value it no longer has, said after the one it has: "140 soles now, not 120", "14:30 not 14:00".
_NOT_BEFORE = re.compile(r",?\s+(?:and\s+)?(?:not|instead\s+of|rather\s+than)\s+.*$", re.IGNORECASE)
# Where a sentence's clauses meet: "…, same dates, main sports hall", "… now that Marcus is leaving"; not the
# colon or comma inside a figure ("07:30", "£4,200").
_CLAUSE_END = re.compile(r"\s*(?:(?<!\d)[,:](?!\d)|,\s|:\s|;|\s[-–—]\s|(?<=\bnow)\s+that\b|\bbecause\b|\bbut\b|\bsince\b|\bso\b)\s*",
                         re.IGNORECASE)
_OPENING = re.compile(r"^(?:[-*•]\s+|(?:ok(?:ay)?|so|right|and|but|well|yes|yeah|ugh|anyway|update|note|oh|also)\b[\s,:!.]*)+",
                      re.IGNORECASE)
_NOT_A_THING = frozenset("""i im we were you he she they it its that this there these those what which who where everything
                            everyone everybody all nothing someone something one mine yours your here life hes shes theyre thats ive
                            use""".split())
# Words that make a clause's opening an act, not a thing: "Blessing will now …", "just confirming Branwen is …".
_NOT_IN_A_THING = frozenset("""will would can could must should has have had was were does did do says said wants just
                               also still only even really confirming says think thinks know knows""".split())
# How someone or something is, not a value one would ask for: "she's fine now", "all good now", "much larger".
_HOW_IT_IS = frozenset("""fine ok okay good better worse great alright sorted done ready happy sad tired busy asleep awake
                          gone over back home here there free closed open full empty quiet calm safe sick ill well off
                          official confirmed final settled booked paid sure right wrong late early live far near wild
                          flat huge tiny big small worse hard easy cheap expensive crazy mad nuts fun boring normal bigger smaller
                          longer shorter cheaper dearer higher lower faster slower earlier later easier harder busier quieter
                          closer further nicer tighter looser worse first last next second third""".split())
# What makes a thing one's own in a manner of speaking, not a value: "pool buoy is my friend now".
_FIGURE_OF_SPEECH = frozenset("friend friends enemy enemies thing life".split())
_INTENSIFIER = re.compile(r"^(?:much|very|so|really|too|a\s+bit|a\s+lot|bit|quite|pretty|way|even|more|less|super|kinda|"
                          r"kind\s+of|sort\s+of|totally|completely|fully|all|not|no\s+longer)\b", re.IGNORECASE)
_WHEN_WHERE_OR_WHO = re.compile(r"^(?:at|in|on|to|with|from|by)\s|(?-i:\b[A-Z])|\b(?:" + "|".join(sorted(_DAYS)) + r")",
                                re.IGNORECASE)
# "the same school", "same place": a value that says it did not change, not what it is.
_SAME = re.compile(r"\bsame\b", re.IGNORECASE)
# An amount ("~£1.35", "£71", "the 25 mg tablets"): a price or a dose, read by their own rules, and one said in passing
# ("Cost per loaf is ~£1.35 now. Going to £4.60 from 1 Dec") is no answer to what is charged.
_AN_AMOUNT = re.compile(r"[$€£₹¥]|\d\s*(?:mg|mcg|ml|kg|g|lbs?|%)(?!\w)", re.IGNORECASE)
_A_FIGURE = re.compile(r"\d")
_HEDGED = re.compile(r"\b(?:if|unless|maybe|might|would|could|should|hope|hopefully|probably|please|pls|plz|remind|"
                     r"right\s+now|just\s+now|until\s+now|till\s+now|by\s+now|up\s+to\s+now|or\s+something)\b", re.IGNORECASE)


def held_now(text: str, speaker: str, facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """What ``text`` says things are now, each restated as the speaker's update ("Clive's update: the
    exhibition is at moorways sports centre on moor lane now."), unless a fact the turn gave already names
    its value ("Marcin's my manager now" is the manager's slot: "Wojtek's manager is Marcin.")."""
    said = [set(_WORD.findall(fact.statement.lower())) for fact in facts]
    # The names it carries are its value's: a capital opening the clause ("Standup is at 09:45 from now on", "Dad's
    # neurology appointment is now …") is no name, and a thing named is in the turn, which stays beside it.
    return [restated_update(clause, speaker, label_topic(text, set()), names_of=value) for clause, value in said_to_hold_now(text)
            if not any(set(_WORD.findall(value.lower())) - _NOT_TOLD <= words for words in said)]


# A verb in what follows the 's that makes it whose, not "is": "mum's boxes will come on fridays".
_ACT = re.compile(r"\b(?:will|would|can|could|must|should|is|are|was|were|has|have|had|does|did)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+")
# What a value says with no fact needing to: whose, how surely, and the little words around it.
_NOT_TOLD = frozenset("""now from on for in at to of with by s my our the a an officially actually just also still""".split())


def said_to_hold_now(text: str) -> list[tuple[str, str]]:
    """The clauses of ``text`` that say what a thing is now, each as it holds, without the value it is not
    ("the exhibition is at moorways sports centre on moor lane now", "Yolanda is my backup lead now"), with
    that value ("at moorways sports centre on moor lane", "my backup lead"); none when no clause says so."""
    found = []
    for sentence in sentences(text):
        if sentence.rstrip().endswith("?") or is_request(sentence) or _HEDGED.search(sentence):
            continue
        for clause in _CLAUSE_END.split(sentence):
            clause = _OPENING.sub("", clause.strip(" .!…"))
            if (said := _holding(clause)) is not None:
                found.append(said)
    return found


def _holding(clause: str) -> tuple[str, str] | None:
    match = next((found for form in _FORMS if (found := form.match(clause)) is not None), None)
    if match is None or not _a_thing(match["thing"]):
        return None
    value = _NOT_BEFORE.sub("", match["value"]).strip()
    if not value or not _a_value(value) or _ACT.search(value):
        return None
    # What the new one is names it, or says when: "new sourdough price is on the board" gives no value.
    if match.re is _NEW_ONE and not _NAMED_OR_WHEN.search(value) and not says_a_time(value):
        return None
    # "Yolanda's my backup lead now": the 's that says "is" is written out, as "Yolanda's" would be whose.
    if (match.groupdict().get("is") or "")[:1] in {"'", "’"}:
        clause = f"{clause[: match.start('is')]} is {clause[match.end('is'):]}"
    return _NOT_BEFORE.sub("", clause), value


def _a_thing(words: str) -> bool:
    """Whether ``words`` name a thing ("the exhibition", "presentation night", "Ricardo's rent"): no pronoun,
    no verb, an -ing word only last ("ice swimming", not "just confirming Branwen")."""
    said = [re.sub(r"['’](?:s|ll|d|re|ve|m)$", "", word.lower()) for word in words.split()]
    return (said[0] not in _NOT_A_THING and not any(word in _NOT_IN_A_THING or word in _NOT_A_THING for word in said)
            and not any(word.endswith("ing") for word in said[:-1]))


def _a_value(value: str) -> bool:
    """Whether ``value`` is something one could ask for (a name, a place, a time, a figure, a role), not how
    someone or something is ("fine", "much larger", "impossible") nor what they are doing ("controlling …")."""
    first = value.split()[0].lower()
    if _INTENSIFIER.match(value) or first in _HOW_IT_IS or first.endswith("ing"):
        return False
    if value.split()[-1].lower().strip(".!") in _FIGURE_OF_SPEECH:
        return False
    # A role or a kind alone ("chairman", "my apprentice", "online") may be how recall reads someone's work
    # or another trait; a time, a place, a figure or a name is what changed.
    if _SAME.search(value) or _AN_AMOUNT.search(value) or _A_FIGURE.search(value) and not says_a_time(value):
        return False
    return _WHEN_WHERE_OR_WHO.search(value) is not None or says_a_time(value)
