"""Who "she" and "he" are when a person of the speaker's was just named. Pure.

"Isla telephoned last night: she has accepted a post in Aberdeen and moved up there" says where
the speaker's daughter lives now, if Isla was introduced as "our daughter, Isla" (in this turn
or an earlier one). The pronoun is read as "my daughter Isla", so the rules for someone else's
states (``states``) read the clause as they read "My daughter Isla moved to Aberdeen".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.languages import KIN_NAMES
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.time_expr import CALENDAR_NAMES, WEEKDAY_NAMES

__all__ = ["RELATIONS", "Someone", "last_person_named", "relation_called", "people_named", "relations_named", "someone_else", "with_pronouns_named"]

_RELATIONS = (r"brother|sister|mum|mom|mother|dad|father|son|daughter|cousin|aunt|uncle|best\s+friend|friend|buddy|flatmate|"
              r"roommate|housemate|grandma|grandpa|grandmother|grandfather|niece|nephew|partner|husband|wife|boyfriend|"
              r"girlfriend|gf|bf|hubby|wifey|sis|bro|bff|other\s+half|better\s+half")
# How chat shortens who someone is: "femke (gf)".
_SHORT_FOR = {"gf": "girlfriend", "bf": "boyfriend", "hubby": "husband", "wifey": "wife", "sis": "sister", "bro": "brother",
              "bff": "best friend", "other half": "partner", "better half": "partner"}
_NAME = r"[A-Z][\w'’-]+"
# "our daughter, Isla", "my sister Femke", "Isla, our daughter,": a person and who they are to the speaker.
# Which one of several: "my eldest daughter", "Joon, my second son".
_WHICH_ONE = r"(?i:(?:younger|older|little|big|baby|eldest|oldest|youngest|middle|first|second|third|fourth|fifth|twin)\s+)?"
_INTRODUCED = re.compile(
    r"\b(?i:my|our)\s+" + _WHICH_ONE + r"(?P<relation>(?i:" + _RELATIONS + r"))\s*,?\s+"
    r"(?P<name>" + _NAME + r")|(?!(?:Now|So|Well|Anyway|Also|And|But|Oh|Yes|No|Today|Then|Hi|Hello|Sorry)\b)(?P<named>" + _NAME
    + r"),\s+(?i:my|our)\s+" + _WHICH_ONE + r"(?P<is>(?i:" + _RELATIONS + r"))\b"
    # "my boss is Sharon, my husband is Donal": a relation with a verb of its own is another clause.
    r"(?!\s+(?i:is|was|'s|has|had)\b)|"
    # "Maeve's my daughter", "Samira is my wife", "Jonas (boyfriend)", "Samira (my wife)"
    r"(?<![\w'’])(?!(?:This|That|It|He|She|Here|There|Who|First|Second|Third|Fourth|Fifth|Oldest|Eldest|Youngest|Middle|Last|Next)\b)(?P<said>" + _NAME + r")(?:['’]s|\s+is)\s+(?i:my|our)\s+" + _WHICH_ONE + r"(?P<said_is>(?i:"
    + _RELATIONS + r"))\b(?!['’-])|(?P<glossed>" + _NAME + r")\s+\((?i:(?:my|our)\s+)?(?P<gloss>(?i:" + _RELATIONS + r"))\)"
)
# Typed without capitals, "my brother karim texted": a name in lowercase is the word after the relation
# when a verb of what people do follows it ("my brother texted me", "my friend today said" name no one).
_DOES = (r"texted|texts|called|rang|said|says|is|was|has|had|got|moved|just|came|lives|works|started|left|quit|wants|thinks|"
         r"asked|sent|messaged")
_INTRODUCED_UNCASED = re.compile(
    r"\b(?:my|our)\s+(?:(?:younger|older|little|big|lil|eldest|youngest)\s+)?(?P<relation>" + _RELATIONS + r")\s*,?\s+"
    r"(?!(?:" + _DOES + r"|and|also|who|that|went|today|tonight|yesterday|here|there|too|again|now|then|finally|really|still|"
    r"never|always)\b)(?P<name>[a-z][a-z'’-]{2,})\s+(?=(?:" + _DOES + r")\b)")
# "femke (gf) says i undercharge", "zuzia (wife) says take it": a lowercase name glossed in brackets.
_GLOSSED_UNCASED = re.compile(r"(?<![\w'’])(?!(?:the|a|an|my|our|his|her|their|and|or|with|of|to|for|me|him|them|us)\b)"
                              r"(?P<name>[a-z][a-z'’-]{2,})\s+\((?:my\s+|our\s+)?(?P<relation>" + _RELATIONS + r")\)")
# "He's my boyfriend now", "first one on one with Hedvika Malá, she is the new boss for all of QA":
# said after the person is named.
_PRONOUN_IS = re.compile(r"\b(?i:he|she)(?:['’]s|\s+is)\s+(?i:now\s+|officially\s+)?(?:(?i:my)\s+(?i:new\s+)?"
                         r"(?P<relation>(?i:boyfriend|girlfriend|partner|fiancée|fiancee|fiancé|fiance|boss|manager))|"
                         r"(?i:the|our)\s+(?i:new)\s+(?P<role>(?i:boss|manager))(?!\s+(?i:there|at|of|in)\b))\b")
# "Jürgen cooked tonight — my husband, he retired last year", "after Margareta passed in 2021 — my wife":
# a dash glosses who the one person its clause is about is.
_DASH_GLOSS = re.compile(r"\s[—–-]\s*(?i:my|our)\s+(?i:late\s+)?" + _WHICH_ONE + r"(?P<relation>(?i:" + _RELATIONS + r"))"
                         r"(?=\s*(?:[,;.!?)]|[—–-]|$))")
# The one a clause is about: a name, then a verb ("Jürgen cooked", "Margareta passed"), not a dish or a place.
_SUBJECT = re.compile(r"(?<![\w'’])(?P<name>[A-Z][\w'’-]+)\s+(?=(?:[a-z]+ed|is|was|has|had|says|said|went|came|got|made|"
                      r"took|left|ran|drove|died|does|did|goes|gave|told|thinks|thought|wants|likes|loves|works|lives)\b)")
# Terse chat lists people without "my": "Partner Riikka, daughter Aino 6.", "Gunilla my wife and me". A relation and a
# name alone ("Girlfriend Yui.") may head a note about them, and is left to the rules for what they do.
_LISTED = re.compile(r"(?:^|(?<=[,;.:]\s))(?P<relation>(?i:" + _RELATIONS + r"))\s+(?P<name>" + _NAME + r")(?=\s*(?:,|\d))")
_NAME_MY = re.compile(r"(?:^|(?<=[,;.:]\s))(?!(?:This|That|It|He|She|Here|There|Who|Thanks|Thank|Hi|Hey|Dear|And|But)\b)"
                      r"(?P<name>[A-Z][\w-]+)\s+(?i:my|our)\s+" + _WHICH_ONE + r"(?P<relation>(?i:" + _RELATIONS + r"))\b(?!['’-])"
                      r"(?!\s+(?i:is|was|'s|has|had|says|said|thinks)\b)")
_COMPANY = frozenset({"friend", "best friend", "flatmate", "roommate", "housemate"})
# "the twins (Olive and Arlo, 3)", "my kids, Olive and Arlo": the speaker's children, by name.
_CHILDREN = re.compile(r"\b(?i:my|our|the)\s+(?P<group>(?i:kids|children|twins|boys|girls|sons|daughters))\s*(?:\(|,\s*|\s+)"
                       r"(?P<names>" + _NAME + r"(?:\s*,\s*" + _NAME + r")*,?\s+(?:and|&)\s+" + _NAME + r")\b")
_STATE_VERB = (r"(?:has\s+|'s\s+|just\s+|now\s+|also\s+|finally\s+)*(?:moved|lives|is\s+living|relocated|started|joined|works|"
               r"is\s+working|got|accepted|took|left|quit|has|landed|was\s+(?:poached|headhunted|head-hunted|recruited|hired|taken\s+on))\b")
# "karim got a job at shopify", "Emeka started at LIRS": one of the speaker's people, by name alone.
# "Denny's officially in Tampa now", "Denny's moving too": the name with "is" (or "has") run into it.
_NAME_CLAUSE = re.compile(r"^(?P<name>[\w'’-]+?)(?:\s+(?=" + _STATE_VERB + r")|(?P<is>['’]s)\s+(?=(?:officially|now|finally|also|just|"
                          r"already|still|been|got|in|moving|living|working|starting|joining|leaving|staying|studying|relocating|settling|"
                          r"based|settled|engaged|married)\b))", re.IGNORECASE)
_APPOSED = re.compile(r"^(?P<name>" + _NAME + r"),\s+(?i:my|our)\s+(?P<relation>(?i:" + _RELATIONS + r")),\s+(?P<rest>\S.*)$")
# "she has accepted …", "- he moved to Leeds": a clause whose subject is the pronoun, with a verb after it.
_PRONOUN_CLAUSE = re.compile(r"(?:^|(?<=[:;,]\s)|(?<=\s-\s)|(?<=\s–\s))(?P<pronoun>(?i:she|he))\s+(?=" + _STATE_VERB + ")")


def people_named(texts: Iterable[str]) -> dict[str, str]:
    """Each name ``texts`` give one of the speaker's people, with who they are ("Isla": "daughter")."""
    found: dict[str, str] = {}
    for text in texts:
        for match in (*_INTRODUCED_UNCASED.finditer(text), *_GLOSSED_UNCASED.finditer(text)):
            if match["name"].capitalize() not in _NOT_PERSONS:  # "our granddaughter, she is 10"
                found[match["name"].capitalize()] = _relation(match["relation"])
        for match in (*_LISTED.finditer(text), *_NAME_MY.finditer(text)):
            if match["name"] not in _NOT_PERSONS:
                found.setdefault(match["name"], _relation(match["relation"]))
        for match in _INTRODUCED.finditer(text):
            name = re.sub(r"['’]s$", "", match["name"] or match["named"] or match["said"] or match["glossed"])
            if name in _NOT_PERSONS:
                continue  # "She, my granddaughter, …" names no one
            found[name] = _relation(match["relation"] or match["is"] or match["said_is"] or match["gloss"])
        for gloss in _DASH_GLOSS.finditer(text):
            clause = re.split(r"[.!?]\s|[—–]", text[: gloss.start()])[-1]
            right_before = re.search(r"(?<![\w'’])([A-Z][\w'’-]+)\s*$", clause)
            subjects = {right_before[1]} if right_before else {m["name"] for m in _SUBJECT.finditer(clause)}
            subjects -= _NOT_PERSONS
            if len(subjects) == 1:
                found.setdefault(subjects.pop(), _relation(gloss["relation"]))
    return found


def _relation(said: str) -> str:
    relation = " ".join(said.lower().split())
    return _SHORT_FOR.get(relation, relation)


RELATIONS = _RELATIONS
"""The words for who someone is to the speaker ("mum", "sis", "best friend"), as a regex alternation."""
relation_called = _relation


def _said_before(facts: list[ExtractedFact], known: Iterable[str]) -> str:
    """What the turn's facts so far say, to tell whether a relation is already stated."""
    return " ".join([*known, *(fact.statement for fact in facts)]).casefold()


def relations_named(text: str, speaker: str, known: Iterable[str] = ()) -> list[ExtractedFact]:
    """Who the speaker's people are, however the turn says it in passing ("Samira (my wife) just
    forwarded this", "Maeve's my daughter, she's 9", "the twins (Olive and Arlo, 3)"), even in a
    question: "<speaker>'s wife is Samira". A person ``known`` statements already name with the
    relation gives nothing more."""
    said = " ".join(known).casefold()
    facts = []
    for name, relation in people_named([text]).items():
        if name == speaker or _stated(said, name, relation):
            continue
        # A friend or flatmate named beside something the turn says ("golf with my friend Morag")
        # is company, not news; family and partners are kept whatever else the turn says.
        if relation in _COMPANY and known:
            continue
        facts.append(_relation_fact(speaker, relation, name))
    # "Tunde is really nice. He's my boyfriend now": the person named just before.
    for pronoun in _PRONOUN_IS.finditer(text):
        before = last_person_named(text[: pronoun.start()], speaker)
        relation = (pronoun["relation"] or pronoun["role"]).lower()
        stated = _said_before(facts, known)
        if before and not (before.casefold() in stated and relation in stated):
            facts.append(_relation_fact(speaker, relation, before))
    for group in _CHILDREN.finditer(text):
        names = group["names"]
        if all(name.casefold() in said for name in re.findall(_NAME, names)):
            continue
        facts.append(ExtractedFact(
            statement=f"{speaker}'s {group['group'].lower()} are {names}.", type=MemoryType.SEMANTIC,
            certainty=Certainty.STATED.value, subject=speaker, predicate="children", object=names,
            entities=(speaker, *re.findall(_NAME, names))))
    return facts


def _stated(said: str, name: str, relation: str) -> bool:
    """Whether a statement already says who ``name`` is: "wife is Samira", "my wife Samira", "Samira, Ana's wife";
    "after Margareta passed in 2021, Stellan's wife, …" names both but says it of no one."""
    name, relation = re.escape(name.casefold()), re.escape(relation)
    return re.search(rf"\b{relation}\s+(?:is\s+|was\s+|called\s+|named\s+)?{name}\b|\b{name}\s*[,(]?\s*(?:\w+['’]s\s+|my\s+|our\s+)?"
                     rf"{relation}\b", said) is not None


def _relation_fact(speaker: str, relation: str, name: str) -> ExtractedFact:
    return ExtractedFact(statement=f"{speaker}'s {relation} is {name}.", type=MemoryType.SEMANTIC,
                         certainty=Certainty.STATED.value, subject=speaker, predicate=relation, object=name,
                         entities=(speaker, name))


# A person as chat names one: a capital, then a small letter ("Jo", "Tunde", "O'Brien"), and not a
# doctor's surname ("Dr. Levinson is stopping the clopidogrel": the patient is someone else).
_PERSON = re.compile(r"(?<!Dr\.\s)(?<!Dr\s)\b(?P<name>[A-Z](?:[a-z]|['’][A-Z])[\w'’-]*)")
_NOT_PERSONS = WEEKDAY_NAMES | frozenset("""I'm I've I'd I'll The An My Our It It's We He She They This That Then So But And Ok
                                          Okay Well Oh Yes No Dr Mr Mrs Ms Prof Turns Also Big First Last Anything Anyone""".split())
# "in May", "since April", "June 3rd": a month as a date, not a person called April or May.
_MONTH_AS_DATE = re.compile(r"(?i:in|on|since|until|till|by|from|of|early|late|mid|last|next|this)\s+$|^\s*\d")


def last_person_named(before: str, speaker: str) -> str | None:
    """The last person ``before`` names who is not the speaker: whom a following "she", "he" or
    "her" is about ("Tunde is really nice. He's my boyfriend now")."""
    for match in reversed(list(_PERSON.finditer(before))):
        name = re.sub(r"['’]s$", "", match["name"])
        if name in _NOT_PERSONS or name == speaker:
            continue
        # Weekdays are among the words that name no one; a month may name someone.
        if name in CALENDAR_NAMES and (_MONTH_AS_DATE.search(before[: match.start()]) or _MONTH_AS_DATE.match(before[match.end():])):
            continue
        # "with Hedvika Malá": the whole name, given name first (inside a sentence: "Met Sarah" is no name).
        given = re.search(r"(?<=[a-z,;]\s)([A-Z][a-z][\w'’-]*)\s+$", before[: match.start()])
        return f"{given[1]} {name}" if given and given[1] not in _NOT_PERSONS and given[1] != speaker else name
    return None


def with_pronouns_named(sentences: Sequence[str], people: dict[str, str]) -> list[str]:
    """``sentences`` with a clause that opens with "she" or "he" read, as a sentence of its own,
    as said of the one person of the speaker's named in that sentence or the one before ("my
    daughter Isla has accepted …"), when just one was."""
    read: list[str] = []
    for index, sentence in enumerate(sentences):
        if (named_first := _named_subject(sentence, people)) is not None:
            read.append(named_first)
            continue
        clause = _PRONOUN_CLAUSE.search(sentence) if people else None
        before_clause = [*sentences[max(0, index - _LOOK_BACK): index], sentence[: clause.start()]] if clause is not None else []
        named = _named_nearby(before_clause, people)
        if clause is None or len(named) != 1:
            read.append(sentence)
            continue
        before = sentence[: clause.start()].rstrip(" :;,-–")
        read += [*([before + "."] if before else []), f"My {people[named[0]]} {named[0]} {sentence[clause.end():]}"]
    return read


# How many sentences back a "she" may look for the one it is about.
_LOOK_BACK = 2


def _named_nearby(sentences: Sequence[str], people: dict[str, str]) -> list[str]:
    """The speaker's people named in the last of ``sentences`` that names any of them: "Agata sent a photo
    of her flat. Small but nice. She lives in London now" is about Agata, across a sentence naming no one."""
    for sentence in reversed(sentences):
        if _OPENS_WITH_PRONOUN.match(sentence):
            continue  # "She also wants to know what to give Arjun. She has £25": about whom it is about, not Arjun
        if named := [name for name in dict.fromkeys(re.findall(_NAME, sentence)) if name in people]:
            return named
        # "Young-ja's husband's name is Chul-soo. He has bad knees": someone else was named in between.
        if _SOMEONE_NAMED.search(sentence):
            return []
    return []


_OPENS_WITH_PRONOUN = re.compile(r"^\s*(?i:she|he)\b")
# A name inside a sentence, or one opening it as a possessive ("Young-ja's husband").
_SOMEONE_NAMED = re.compile(r"(?<=\w[\s,])\s*(?<!\.\s)[A-Z][a-z][\w'’-]*|^\s*(?!(?:He|She|It|That|There|Here|What|Let|Who)['’])"
                            r"[A-Z][\w-]*['’]s\b")


def _named_subject(sentence: str, people: dict[str, str]) -> str | None:
    """``sentence`` as said of "my brother Karim" when it opens with a name of the speaker's people
    (in any case) and a verb of moving or work ("karim got a job at shopify"), or with a name and
    who they are ("Finn, my partner, is a sous chef"); None otherwise."""
    # "Finn, my other half, is sous chef at Ostra": the person, then who they are, then what is said of them.
    if (apposed := _APPOSED.match(sentence.strip())) is not None:
        return f"My {_relation(apposed['relation'])} {apposed['name']} {apposed['rest']}"
    opening = _NAME_CLAUSE.match(sentence.strip())
    if opening is None:
        return None
    by_name = {name.casefold(): name for name in people}
    name = by_name.get(opening["name"].casefold())
    if name is None:
        return None
    rest = sentence.strip()[opening.end():]
    verb = ("has " if rest.startswith(("been ", "got ")) else "is ") if opening["is"] else ""
    return f"My {people[name]} {name} {verb}{rest}"


@dataclass(frozen=True, slots=True)
class Someone:
    """Whom a clause is about when it opens with someone other than the speaker, and what it says of them."""

    who: str
    """The subject their facts have: "Noor's brother", "Noor's dad", "Tom"."""
    name: str | None
    """A name given beside a relation ("my brother Idris", "Granny Pat")."""
    rest: str
    """What the clause says of them, from its verb: "has moved to Nottingham"."""
    partner: bool
    """Said as the speaker's partner ("my partner Julien …"), whose relation the clause gives too."""


# "My brother Idris lives in Leeds", "my sister just moved to Glasgow"; the relation of a partner only with a name after it.
_MY_RELATION = (r"(?i:my|our)\s+(?P<rel>(?i:brother|sister|mum|mom|mother|dad|father|son|daughter|cousin|aunt|uncle|best\s+friend|"
                r"friend|buddy|flatmate|roommate|housemate|grandma|grandpa|grandmother|grandfather|niece|nephew|"
                r"(?P<partner>partner|husband|wife|boyfriend|girlfriend|fianc[eé]e?)(?=\s*,?\s+[A-Z])))"
                r"(?:\s*,?\s+(?P<name>[A-Z][\w'’-]+))?")
# "Dad has moved to Nottingham", "Granny Pat moved into a care home", "Oma wohnt in Ulm": a parent or grandparent said as
# a name, with "my" left out.
_KIN_AS_NAME = r"(?P<kin>(?i:" + "|".join(sorted(KIN_NAMES, key=len, reverse=True)) + r"))(?:\s+(?P<kin_name>[A-Z][a-z][\w'’-]*))?"
# "Tom works at KPMG", "Raj Patel has a new job": a person by their name (not "Tom's sister", nor "Brother Anders", a note
# whose later news may name him alone: "Anders in Oslo now").
_BY_NAME = (r"(?!(?i:" + _RELATIONS + r")\b)(?P<person>[A-Z](?:[a-z]|['’][A-Z])[\w'’-]*(?<!['’]s)"
            r"(?:\s+[A-Z][a-z][\w'’-]*(?<!['’]s))?)")
# What is said of someone named opens with a verb ("Tom finally moved", "Dad has"), not a noun ("Current flat is",
# "Day one at Vela" name no one), nor says who they are to the speaker ("Bristol is my home now", "Graham's my manager").
_VERB_FIRST = (r"(?!(?:is|was)\s+(?:now\s+|still\s+)?(?:my|our)\b)(?=(?:(?:just|now|also|finally|recently|officially|already|still|currently|actually|eventually|never)\s+)*"
               r"(?:[a-z]+(?:s|ed)|is|was|has|had|got|took|left|quit|found|went|became|bought|sold|began|came|made|won|drove|flew|"
               r"met|ran|gave|split|broke|fell|grew|sent|spent|told|thought|wrote|does|did|can|will|would)\b)")
_SOMEONE_ELSE = re.compile(r"^(?:" + _MY_RELATION + "|(?:" + _KIN_AS_NAME + "|" + _BY_NAME + r")(?=\s*,?\s+" + _VERB_FIRST + r"))"
                           r"\s*,?\s+(?!and\s+(?:I|me)\b)(?P<rest>(?:[a-z]+\s+){0,2}?[a-z]+s?\b.+)$")
# Capitalised words that open a clause without naming anyone: "Everyone moved to the garden", "Car sold to a guy".
_NO_ONE = _NOT_PERSONS | frozenset("""Me Everyone Everybody Someone Somebody Nobody Everything Something Nothing Work Home Life Today
    Tonight Yesterday Tomorrow Now Just Finally Still Maybe Apparently Hopefully Luckily Sadly Unfortunately Honestly Basically
    Actually Meanwhile Plus Btw Anyway Definitely There Here These Those Some Most All Both Each Every Any None Lol Haha Omg Yeah
    Yep Nope Nah Hey Hi Hello Thanks Thank Good Great Bad New Old Your His Her Their Its What Which Where When Why How Who Please
    Sorry Mine Ours Christmas Easter Car Van Bike Moto Motorbike Scooter Truck Phone Laptop House Flat Office Company Shop
    Business Team Everyone Nothing""".split())


def someone_else(clause: str, speaker: str, *, uncased: bool = False) -> Someone | None:
    """Whom ``clause`` is about when it opens with one of the speaker's people ("my brother Idris …",
    "Dad …", "Granny Pat …") or a person by name ("Tom …"), and what it says of them; None when it
    opens with the speaker or with no one. ``uncased``: the person types without capitals, so a
    capital marks no name and only their people said by who they are are read."""
    match = _SOMEONE_ELSE.match(clause)
    if match is None or uncased and match["person"]:
        return None
    if match["rel"]:
        relation, name = " ".join(match["rel"].lower().split()), match["name"]
    elif match["kin"]:
        relation, name = KIN_NAMES[match["kin"].lower()], match["kin_name"]
    else:
        person = match["person"]
        if person.split()[0] in _NO_ONE:
            return None
        return Someone(who=speaker if person == speaker else person, name=None, rest=match["rest"], partner=False)
    return Someone(who=f"{speaker}'s {relation}", name=name, rest=match["rest"], partner=bool(match["partner"]))
