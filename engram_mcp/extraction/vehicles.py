"""The vehicle a person drives, and the ordinary ways people say they bought, sold or swapped
one ("picked up a used Skoda Octavia", "sold the Golf and bought a Tesla", "Our Volvo V70
needs a new clutch", "Van's making a noise. It's a 2009 Toyota Hiace"). Pure.

``vehicle_rules`` is the part of the state rule table (``states``) about vehicles;
``vehicles_in_sentence`` reads what only a whole sentence says; ``vehicles_named_nearby``
what two sentences say together. Every one is the ``drives`` slot, so a car bought later
supersedes the one before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import VEHICLE_MAKES, VEHICLE_WORDS, alternation, strip_tail, vehicle_name
from engram_mcp.extraction.state_grammar import BOUNDARY, Found, Rule, article, as_facts, one_per_slot, rule
from engram_mcp.model import Certainty

__all__ = ["sold_and_bought", "vehicle_rules", "vehicles_in_sentence", "vehicles_named_nearby", "with_vehicles_named_nearby"]


_NAMED_AFTER = re.compile(r"^\s*(?:(?:this|last|yesterday|today)(?:\s+\w+)?\s*)?(?:,|-|–|:)\s*(?:a|an|the)\s+(?P<name>[\w.-]+(?:\s+[\w.-]+){0,2}?)"
                          + BOUNDARY)


def _vehicle_bought(m: re.Match[str], who: str) -> list[Found]:
    if re.match(r"(?i:no|not|any)\b", m["obj"]):
        return []  # "now i have no van": none driven, whichever it was
    # "Got a new car, a Mazda CX-5": the make named after the plain word is the car.
    named = _NAMED_AFTER.match(m.string[m.end():])
    car = (vehicle_name(named["name"]) if named else None) or vehicle_name(m["obj"])
    # "We bought the car!": the one spoken of, named elsewhere (``vehicles_named_nearby``); "picked up car. $950 hurts":
    # one's own car fetched from the garage.
    spoken_of = re.match(r"(?i:the)\s", m["obj"]) or (
        re.search(r"(?i:picked)\b", m.group(0)) and not re.search(r"^(?i:a|an)\s|\b(?i:new|used|second-?hand)\b", m["obj"]))
    if car is None or named is None and spoken_of and car.lower() in VEHICLE_WORDS:
        return []
    # "now drives": a vehicle just bought is the one driven, said in the words a question uses.
    verb = "now drives" if re.search(r"\b(?:bought|got|picked|leased|traded|going|went|gone)\b", m.group(0), re.I) else "drives"
    return [(f"{who} {verb} {article(car)} {car}", "drives", car, "vehicle", False)]


def _vehicle_sold(m: re.Match[str], who: str) -> list[Found]:
    car = vehicle_name(m["obj"], sold=True)
    said = m.group(0).lower()
    verb = next((verb for verb in ("scrapped", "got rid of", "traded in", "gave away") if verb in said), "sold")
    return [] if car is None else [(f"{who} {verb} the {car}", "no longer drives", car, "vehicle", True)]


# A price said right after what was bought: "for £11,200", "eleven thousand two hundred".
_PRICE_AFTER = (r"(?=\s+(?:for\s+)?(?:[£$€]\d|\d{1,3},\d{3}\b|\d[\d.]*\s*(?i:k|grand|quid|pounds|euros?|dollars)\b|"
                r"(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)\s+"
                r"(?i:hundred|thousand|grand)\b))")


def vehicle_rules() -> tuple[Rule, ...]:
    """Driving, buying and selling one, the object read by ``vehicle_name`` (a make, a model or
    a vehicle word), so names need no capitals here."""
    return (
        rule(r"(?:drive|am\s+driving|ride|am\s+riding|have|own|got|bought|have\s+bought|have\s+got|picked\s+up|picked|leased|"
             r"traded\s+up\s+to|(?:ended\s+up\s+)?(?:going|went|gone)\s+with)",
              # "picked the vivaro up": the vehicle between the verb and its "up"; "bought pawel's vivaro": whose it was
              # goes; "… vivaro eleven thousand two hundred in the end": the price said after it ends it.
              r"(?:(?i:(?:my|our)\s+)?[\w-]+['’]s\s+(?=[\w.-]+(?:\s+[\w.-]+){0,2}?(?:" + BOUNDARY + "|" + _PRICE_AFTER + ")))?"
              r"(?P<obj>(?i:a\s+|an\s+|the\s+|my\s+)?(?i:new\s+|used\s+|second-hand\s+|secondhand\s+|brand\s+new\s+)?"
              r"[\w.-]+(?:\s+[\w.-]+){0,2}?)(?:\s+up)?(?:" + BOUNDARY + "|" + _PRICE_AFTER + ")", _vehicle_bought),
        rule(r"(?:have\s+)?(?:sold|got\s+rid\s+of|traded\s+in|scrapped|gave\s+away)",
              # "my brother sold his Tesla": whose it was goes.
              r"(?i:his\s+|her\s+|their\s+)?"
              r"(?P<obj>(?i:a\s+|an\s+|the\s+|my\s+|our\s+)?(?i:old\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)" + BOUNDARY, _vehicle_sold),
    )


# "traded it in for a Mazda 3": the one sold said before, only the one bought named.
_SOLD_AND_BOUGHT = re.compile(r"\b(?:(?:sold|traded(?:\s+in)?|got\s+rid\s+of|swapped|part-exchanged)\s+(?:(?:the|my|our|a)\s+"
                              r"(?P<old>[\w.-]+(?:\s+[\w.-]+){0,2}?)|(?P<it>it|her|him))(?:\s+in)?"
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
# "my uncle tadhg is selling me his 2015 corolla", "Dad sold me his old Polo": a car bought from someone.
_SOLD_ME = re.compile(r"\b(?i:is\s+selling|sold|has\s+sold|'s\s+selling)\s+(?i:me|us)\s+(?i:his|her|their)\s+(?i:old\s+)?" + _VEHICLE_NAME
                      + BOUNDARY)
# "Our car is a 2012 Peugeot 208", "My car, the Corolla, …", "my van is a white ford transit custom 2017": the
# vehicle one drives, said of it.
_CAR_IS = re.compile(r"^(?i:(?:my|our)\s+(?:new\s+|current\s+|family\s+|work\s+)?(?:" + alternation(VEHICLE_WORDS) + r")"
                     r"(?:\s+is\s+(?:now\s+)?(?:an?\s+)?|,\s+(?:the|a|an)\s+)(?:\d{4}\s+)?)"
                     r"(?P<obj>[\w.-]+(?:\s+[\w.-]+){0,3}?(?:\s+(?:19|20)\d\d)?)(?:" + BOUNDARY
                     # a run-on sentence typed by voice: "… custom 2017 it's got 140 thousand miles on it"
                     + r"|(?=\s+it(?:'s|’s)?\s))")


# "The old Micra gone to the scrapman this morning": a car of one's own gone for good.
_SCRAPPED = re.compile(r"^(?i:(?:the|my|our)\s+(?:old\s+)?)" + _VEHICLE_NAME
                       + r"\s+(?i:(?:has\s+|is\s+|'s\s+)?(?:gone|went)\s+(?:off\s+)?to\s+the\s+(?:scrap\w*|wreckers?|breakers?|crusher))\b")


# "car sold to a guy from Wakefield", "The Golf is sold!": one's own car, sold, said of the car.
_SOLD_SAID_OF_IT = re.compile(r"^(?i:(?:the|my|our)\s+)?(?i:old\s+)?" + _VEHICLE_NAME
                              + r"\s+(?i:(?:is\s+|was\s+|'s\s+|has\s+been\s+|got\s+|finally\s+|now\s+)*sold)\b(?!\s+out)")


def _made_vehicle(obj: str) -> str | None:
    """A vehicle named by make or model ("Toyota Premio"), not by a plain word ("car")."""
    named = vehicle_name(obj)
    return named if named is not None and any(word.lower() in VEHICLE_MAKES for word in named.split()) else None


_LAUGHED_AFTER = re.compile(r"\s+(?:lol|lmao|haha+|xd)$", re.IGNORECASE)


def sold_and_bought(context: str, who: str) -> list[Found]:
    """"I sold the Golf and bought a Tesla": when either side is a vehicle, both are."""
    match = _SOLD_AND_BOUGHT.search(context)
    if match is None:
        return []
    new = _LAUGHED_AFTER.sub("", strip_tail(match["new"]))
    if match["it"]:
        return [] if (bought := _made_vehicle(new)) is None else [(f"{who} bought {article(bought)} {bought}", "drives", bought, "vehicle", False)]
    old = strip_tail(match["old"] or match["replaced"])
    if vehicle_name(old, sold=True) is None and vehicle_name(new) is None:
        return []
    return [(f"{who} sold the {old}", "no longer drives", old, "vehicle", True),
            (f"{who} bought {article(new)} {new}", "drives", new, "vehicle", False)]


# "I don't have a car anymore", "I no longer drive", "we don't own a car now": none driven, whichever it was.
_NONE_DRIVEN = re.compile(r"^(?i:(?:I|we)\s+(?:do\s+not|don't|dont|no\s+longer)\s+(?:(?P<have>have|own)\s+(?:a|an|the|my|our)\s+"
                          r"(?P<kind>" + alternation(VEHICLE_WORDS) + r")|drive)(?:\s+(?:any\s*more|any\s+longer|now|these\s+days))?)\s*[.!]*$")


def vehicles_in_sentence(text: str, who: str) -> list[Found]:
    """The car a clause says is one's own: by the word car ("Our car is a 2012 Peugeot 208"), as
    one's ride, by what it does or needs, or as what one came away with; or one sold or gone to the scrap."""
    if (car := _CAR_IS.match(text) or _RIDE_IS.match(text)) is not None and (driven := vehicle_name(car["obj"])) is not None:
        return [(f"{who} drives {article(driven)} {driven}", "drives", driven, "vehicle", False)]
    if (car := _MY_CAR_DOES.match(text) or _THE_CAR_NEEDS.match(text)) is not None and (driven := _made_vehicle(car["obj"])) is not None:
        return [(f"{who} drives {article(driven)} {driven}", "drives", driven, "vehicle", False)]
    if (car := _THEN_GOT.match(text)) is not None and (driven := _made_vehicle(car["obj"])) is not None:
        return [(f"{who} now drives {article(driven)} {driven}", "drives", driven, "vehicle", False)]
    if (none := _NONE_DRIVEN.match(text)) is not None and ("any" in text.lower() or "longer" in text.lower() or "now" in text.lower()):
        kind = (none["kind"] or "car").lower()
        said = f"{who} no longer has {article(kind)} {kind}" if none["have"] else f"{who} no longer drives"
        return [(said, "no longer drives", kind, "vehicle", True)]
    if (car := _SCRAPPED.match(text)) is not None and (gone := vehicle_name(car["obj"], sold=True)) is not None:
        return [(f"{who} got rid of the {gone}", "no longer drives", gone, "vehicle", True)]
    if (car := _SOLD_SAID_OF_IT.match(text)) is not None and (gone := vehicle_name(car["obj"], sold=True)) is not None:
        gone = gone.lower() if gone.lower() in VEHICLE_WORDS else gone
        return [(f"{who} sold the {gone}", "no longer drives", gone, "vehicle", True)]
    return []


# "Van's making a grinding noise again. It's a 2009 Toyota Hiace" ("its a …" typed fast): the vehicle
# just spoken of, named.
# "Sold the old car. New one is a Kia Niro." likewise.
_IT_IS_VEHICLE = re.compile(r"^(?:(?i:it|she|he)(?:\s+is|['’]s)|(?i:its)|(?i:(?:the\s+)?new\s+one)(?:\s+is|['’]s))\s+(?:an?\s+|my\s+|our\s+)?(?:old\s+|new\s+)?(?P<obj>[\w.-]+(?:\s+[\w.-]+){0,3}?)"
                            + BOUNDARY)
_VEHICLE_SPOKEN_OF = re.compile(r"\b(?:" + alternation(VEHICLE_WORDS) + r")\b", re.IGNORECASE)


# "bought it!! 2013 Hiace, silver, paid $9400": the vehicle named right after buying "it".
# "We bought the car! A silver 2019 Honda Jazz from a dealer in Burton." likewise.
# "Bought a new bakkie! Isuzu D-Max 3.0 double cab, demo model …": a vehicle of a kind, named in the next sentence.
_BOUGHT_IT = re.compile(r"^(?:[\w'’]+[,!]+\s+)?(?:(?i:I|we)\s+(?:have\s+|'ve\s+)?)?(?i:finally\s+|just\s+)?(?i:bought|got|picked\s+up)\s+"
                        r"(?i:it|her|him|(?:the|a|an|our|my)\s+(?:(?:new|used|second-?hand|nearly\s+new)\s+)?(?:motor|"
                        + alternation(VEHICLE_WORDS) + r"))\W*$")
_NAMED_FIRST = re.compile(r"^(?:(?i:a|an|the|my|our)\s+)?(?:(?i:new|used|second-?hand|nearly\s+new|silver|black|white|grey|gray|red|blue|"
                          r"green|little)\s+)*(?P<obj>(?:\d{4}\s+)?[\w.-]+(?:\s+[\w.-]+){0,4}?)(?=\s*[,.;!(]|\s+(?i:from|for|at|with)\b|$)")


# "Clive find me a Honda Jazz automatic, 2019. BOUGHT IT.": a vehicle named before buying "it"
# ("got it" is as often "understood").
_BOUGHT_IT_AFTER = re.compile(r"^(?:(?:I|we)\s+(?:have\s+|'ve\s+)?)?(?i:finally\s+|just\s+)?(?i:bought)\s+(?i:it|her|him)\W*$")
_A_NAMED = re.compile(r"\b(?i:a|an|the)\s+(?P<obj>(?:\d{4}\s+)?[A-Z][\w.-]*(?:\s+[A-Z0-9][\w.-]*){0,2})")


def _last_made_vehicle(sentences: Sequence[str]) -> str | None:
    named = [car for sentence in sentences for m in _A_NAMED.finditer(sentence) if (car := _made_vehicle(m["obj"]))]
    return named[-1] if named else None


def vehicles_named_nearby(sentences: Sequence[str], speaker: str) -> list[ExtractedFact]:
    """A vehicle spoken of in one sentence and named by make in the next ("Van's making a
    horrible noise. It's a 2009 Toyota Hiace"), or bought as "it" and named ("bought it!! 2013
    Hiace, silver") or named and then bought ("a Honda Jazz automatic, 2019. BOUGHT IT."), or sold
    to the speaker by someone ("my uncle is selling me his 2015 corolla"): the one the speaker drives."""
    found: list[Found] = []
    for at, (before, sentence) in enumerate(zip(("", *sentences), sentences, strict=False)):
        said = _IT_IS_VEHICLE.match(sentence)
        if said is not None and _VEHICLE_SPOKEN_OF.search(before) and (car := vehicle_name(said["obj"])) is not None:
            found.append((f"{speaker} drives {article(car)} {car}", "drives", car, "vehicle", False))
        elif (_BOUGHT_IT.match(before.strip()) and (named := _NAMED_FIRST.match(sentence.strip())) is not None
              and (car := _made_vehicle(named["obj"])) is not None):
            found.append((f"{speaker} now drives {article(car)} {car}", "drives", car, "vehicle", False))
        elif (sold := _SOLD_ME.search(sentence)) is not None and (car := _made_vehicle(sold["obj"])) is not None:
            found.append((f"{speaker} now drives {article(car)} {car}", "drives", car, "vehicle", False))
        elif _BOUGHT_IT_AFTER.match(sentence.strip()) and (car := _last_made_vehicle(sentences[:at])) is not None:
            found.append((f"{speaker} now drives {article(car)} {car}", "drives", car, "vehicle", False))
    return as_facts(one_per_slot(found), speaker, Certainty.STATED.value)


def with_vehicles_named_nearby(facts: Sequence[ExtractedFact], sentences: Sequence[str], speaker: str) -> list[ExtractedFact]:
    """``facts`` and the vehicles ``sentences`` name across two sentences; a vehicle said only by its kind
    ("Bought a new bakkie!") gives way to the one the next sentence names ("Isuzu D-Max 3.0 double cab")."""
    named = vehicles_named_nearby(sentences, speaker)
    if any(fact.predicate == "drives" for fact in named):
        facts = [fact for fact in facts if not (fact.predicate.endswith("drives") and fact.object.lower() in VEHICLE_WORDS
                                                and not fact.predicate.startswith("no longer"))]
    return [*facts, *named]
