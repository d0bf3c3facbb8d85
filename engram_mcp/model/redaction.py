"""How a name is cut out of a turn's sentences when it is forgotten. Pure.

A sentence naming it goes, unless what is left reads as said without it: the rest of a list that
names it wherever it stands ("Had dinner with Priya, Jonas and Mei" keeps "Had dinner with Jonas
and Mei", "My boyfriend Lukas and I are going" keeps "I am going"; not two clauses joined by ", and",
nor a list followed by words that may go on about it by pronoun: "Jodie and I had pizza, she cried"), what was done when it names
only whom it was done with ("I moved to York with my partner Sven" keeps "I moved to York"; "Ana works
with Tom at Deloitte" keeps "Ana works at Deloitte"), what it says of someone else named beside it in
passing ("Tom's colleague Ana moved to Porto", "Mia (Tom's daughter) started school"), or a
later clause of the speaker's own ("moved out of the flat w jan, living alone in rotterdam now"; not one without a subject
of its own after a clause whose subject is them: "Dr Hollis was cross, shouted at the porter"). A quoted message written
to them, opening on their name ("'Hi Kofi, …"), goes to its closing quote.
A sentence right after one that goes on about it by pronoun ("He's a beagle") goes too, but for a
clause with the speaker as its subject joined to it ("…, and I also need to book the dentist"); so does a
later one opening on someone by pronoun while no one else is spoken of between ("Tanvi followed me again. 2
years since the breakup. she's in Pune now"), and one with no subject of its own right after ("works at the
Harley plant"), and a message quoted after a sentence of theirs that introduces it ("brought a note:" then
"'Please …'"). So does the start of the speaker's next turn in the session when the turn before ended on it
(a few words after, "idk man", end nothing) and the next opens with "he", "she" or "they", naming no one
else ("he did it again this morning, I left a note"), or, after words of its own that speak of no one,
speaks of someone by pronoun ("nah im good lol. just dont let me forget her bday is dec 12").
A turn whose rest only goes on about it ("i said no. why does he still do this") goes whole, with
what any of its sentences kept.
"""

from __future__ import annotations

import re

from engram_mcp.model.entities import typed_without_capitals
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.mentions import Named
from engram_mcp.model.name_or_word import RELATIONS, goes_on_as_after_a_subject
from engram_mcp.model.pronouns import OPENING_THIRD_PERSON_WORDS
from engram_mcp.model.sentences import sentences
from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["cut_naming", "last_said", "names_anyone", "names_someone_else", "sentences_around", "speaks_of_another", "speaks_of_someone"]

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Where a sentence's list divides: "Lego, Hvid and Carlsberg", "Paris and Rome", "Priya & Tomasz".
_LIST_JOINT = re.compile(r",\s+and\s+|\s+and\s+|\s+&\s+|,\s+")
_AND = re.compile(r",?\s+(?:and|&)\s+")
_CLAUSE_JOINT = re.compile(r",\s+(?:and\s+|but\s+|so\s+)?")
# A clause joined by a word that begins a statement of its own: "…, and I also need to book the dentist".
_JOINED_CLAUSE = re.compile(r",?\s+(?:and|but|plus)\s+|;\s+")
# The speaker as a clause's subject: "I take the Polo to work", "my knee still hurts".
_SPEAKERS_CLAUSE = re.compile(r"^(?:I|I'm|I've|I'll|I'd|my|our)\b(?!\s+(?:with|to|by)\s+(?:him|her|them)\b)", re.IGNORECASE)
# Who a name is to the speaker, said right before it: "My boyfriend Lukas", "with my friend Priya".
_RELATION_BEFORE = re.compile(r"(?:^|(?<=\s))(?:my|our)\s+(?:[a-z][\w'’-]*\s+){1,2}$", re.IGNORECASE)
# A clause of the speaker's own: "I'm …", "my …", "the cat's called Smudge", "now …", "living alone …".
_OWN_CLAUSE = re.compile(r"^(?:I|I'm|I've|I'll|I'd|my|our|the|now|still|also|currently|[a-z]+ing|[a-z]+ed)\b(?!\s+(?:with|to|by)\s+(?:him|her|them)\b)",
                         re.IGNORECASE)
# A clause with a subject of its own: after a clause whose subject is the one named, one without ("…, pulled out his drip
# again") goes on saying what they did.
_CLAUSE_OF_ITS_OWN = re.compile(r"^(?:I|I'm|I've|I'll|I'd|my|our|the)\b(?!\s+(?:with|to|by)\s+(?:him|her|them)\b)", re.IGNORECASE)
# What may stand before a name that is its clause's subject: "Mr Okafor was …", "the old man Okafor was …", "my neighbour Okafor".
_BEFORE_A_SUBJECT = re.compile(r"^\s*(?:(?:the|my|our|a|an)\s+(?:[a-z][\w'’-]*\s+){0,2})?(?:(?:mr|mrs|ms|mx|dr|prof|miss)\.?\s+)?$",
                               re.IGNORECASE)
# A sentence ending with whom it was done with, in a few words: "I moved to York with my partner Sven".
_WITH_SOMEONE = re.compile(r"^(?P<done>.+?)\s+(?:with|alongside)\s+(?P<who>(?:\S+\s+){0,3}\S+)$", re.IGNORECASE)
# Whom something is done with or for, said before a name, then where or when: "Ana works with Tom at Deloitte",
# "I went to Lisbon with my brother Tom last May".
_WITH_BEFORE = re.compile(r"\s+(?i:with|alongside|for)\s+(?:(?:my|our|his|her|their|the)\s+)?(?:[a-z][\w'’-]*\s+){0,2}$")
_WHERE_OR_WHEN = re.compile(
    r"^\s+(?:at|in|on|for|from|to|during|over|after|before|since|until|last|this|next|every|yesterday|today|tonight|tomorrow)\b",
    re.IGNORECASE,
)
# Whose someone else is, said before their name: "Tom's colleague Ana", "Tom’s sister Mia".
_WHOSE_BEFORE_A_NAME = re.compile(r"^(?:['’]s)?\s+(?:(?P<how>[a-z][\w'’-]*)\s+)?(?P<who>[a-z][\w'’-]*)\s+(?=[A-Z])")
_POSSESSIVE = re.compile(r"['’]s$")
_POSSESSIVE_AFTER = re.compile(r"['’]s?(?!\w)")
_ASIDE = re.compile(r"\s*\([^()]*\)")
# A sentence opening with a third-person pronoun continues the one before it (in the languages chat mixes in too:
# "il part travailler en Alberta").
_CONTINUES = re.compile(rf"^\s*(?:it|its|{OPENING_THIRD_PERSON_WORDS})(?!\w)", re.IGNORECASE)
# A turn opening on someone by pronoun, going on from the turn before: not "it", which is as often the weather.
_OPENS_ON_SOMEONE = re.compile(rf"^\s*(?:{OPENING_THIRD_PERSON_WORDS})(?!\w)", re.IGNORECASE)
# What someone is, said before their name as its apposition: "just me and the budgie, Wee Jock", "with our neighbour, Gela".
_APPOSITION_BEFORE = re.compile(r"(?:^|(?<=\s))(?:the|my|our|his|her|their)\s+(?:[a-z][\w'’-]*\s+)?[a-z][\w'’-]*,\s+$",
                                re.IGNORECASE)
# Someone spoken of by pronoun, anywhere in a sentence; and how short a sentence says nothing by itself ("i said no.").
_A_PERSON = re.compile(r"\b(?:he|she|him|his|her|hers|he's|she's)\b", re.IGNORECASE)
_A_FEW_WORDS = 3
# How short the words of the speaker's own may be ("nah im good lol.") that open a turn going on about someone.
_A_FEW_WORDS_OF_ONES_OWN = 5
# A sentence opening on its verb, its subject left to the one before: "works at the Harley plant", "lives in Leith now".
_WITHOUT_ITS_SUBJECT = re.compile(r"^\s*[a-z]+(?:s|ed)\s+(?:(?:out|over|up|down|back|away|nearby|near|right|just|still|now)\s+)?"
                                  r"(?:at|in|on|for|with|from|to|a|an|the|his|her|their|\d)\b", re.IGNORECASE)
# A number or an address given by its label right after the sentence naming them is theirs: "mechanic wangu ni Kamau,
# Kirinyaga Road. number yake 0722 618 904", "Dr Okafor at the clinic. Mob: 07700 900123".
_THEIR_CONTACT = re.compile(r"^\s*(?:tel|tlf|ph|phone|mob|mobile|cell|number|no|nr|whatsapp|email|e-mail)\b\.?\s*(?:[^\W\d_]+\s+)?:?\s*"
                            r"(?:\+?\d|[\w.+-]+@)", re.IGNORECASE)
# What someone just named asks or offers, said without a subject: "Neighbour Hendrickson wants to sell me his quarter.
# $3,400 an acre, private deal, doesn't want it listed" (not the speaker's own: "£140 each, I booked mine").
_THEIR_TERMS = re.compile(r"^\s*(?:[$£€¥₹₦₱]|[A-Z]{3}\s*|KSh\s*|Rs\.?\s*)\d[\d,.]*(?:k\b)?(?![^.!?]*\b(?:I|I['’]\w+|we|we['’]\w+|my|our)\b)")
# A currency before its figure: "KSh 15,000", "USD 40", "Rs 500".
_A_CURRENCY_BEFORE_ITS_FIGURE = re.compile(r"(?:[A-Z]{3}|[KTU]Sh|Ksh|Rs\.?)\s*\d")
_A_NAME = re.compile(r"\b(?!I\b|I['’])[A-Z][\w'’-]*")
_OPENING_QUOTES = "'\"“‘«„>"
_CLOSING_QUOTES = "'\"”’»"
_A_QUOTE_CLOSING_BEFORE_MORE = re.compile(r"[.!?…]['\"”’»]\s")
# A message opening on whom it is written to, after a greeting in a word or two in any language: "'Hi Kofi, …", "“Dear Mr
# Boateng,", "\"Kofi, good day.", "„Dzień dobry Kofi,".
_OPENS_A_MESSAGE = re.compile(r"(?:^|(?<=[\s:(]))['\"“‘«„]\s*(?:[^\W\d_]+\.?[\s,]+){0,2}$")
_CALLED_BY_NAME = re.compile(r"(?:\s+[A-Z][\w'’-]*)?\s*[,!:]")
# What follows a name opening a sentence, besides a verb and their own ("Tom's van"): another with them ("Jodie and I"), the rest
# of a name ("Dr Smith").
_AFTER_A_PERSON = re.compile(r"\s*(?:,|&|and\b|or\b)|\s+[A-Z]")
# Who may stand in a list beside a name: another name, or the speaker ("me and Priya", "Priya and I", "my sister").
_A_MEMBER = re.compile(r"^(?:[A-Z][\w'’-]*|me|my|our)\b")
_A_CAPITAL = re.compile(r"^[A-Z]")
# A verb agreeing with a list as subject, and what it is for one: "Priya and I are" → "I am", "Priya and Jonas are" → "Jonas is".
_PLURAL_VERB = re.compile(r"^(?P<who>me|I|[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)(?P<gap>\s+)(?P<verb>are|were|have|aren't|weren't|haven't)(?![\w'’])",
                          re.IGNORECASE)
_SINGULAR = {"are": "is", "were": "was", "have": "has", "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't"}
_FIRST_PERSON = {"are": "am", "were": "was", "have": "have", "aren't": "am not", "weren't": "wasn't", "haven't": "haven't"}


def cut_naming(parts: list[str], name: Named, *, going_on: bool = False) -> dict[str, str]:
    """The sentences of a turn (``parts``) that name ``name``, and those right after them that go on
    about it ("He's a beagle"), each with what is left of it (see the module docstring); with
    ``going_on``, the turn goes on from one that ended on it, so its opening sentence about someone
    by pronoun is about it too."""
    cut: dict[str, str] = {}
    previous_cut = going_on
    # Whether no sentence of a turn going on from one that ended on them has spoken of anyone yet; whether the last
    # one spoken of is them.
    awaiting = about_them = going_on
    # Typed without capitals, no name tells who else a sentence between speaks of ("noa took a job … she lives there now").
    uncased = typed_without_capitals(" ".join(parts))
    # Whether a sentence of theirs introduced what follows ("Pani Grażyna przyniosła liścik:"), and whether a message
    # quoted after it is still open: what they wrote or sent is theirs, as what they said is.
    introduced = quoting = False
    for index, part in enumerate(parts):
        opening = index == 0 and going_on
        said = part.strip()
        quoting = quoting or introduced and said[:1] in _OPENING_QUOTES
        if name.in_(part):
            cut[part] = _rest_of_list(part, name)
            quoting = quoting or _a_message_to(part, name)
        elif quoting:
            cut[part] = ""
        elif previous_cut and (_OPENS_ON_SOMEONE if opening else _CONTINUES).match(part) and not (
                opening and names_someone_else(part, name)):
            cut[part] = _own_clauses_joined(part)
        # "nah im good lol. just dont let me forget her bday is dec 12": words of the speaker's own that speak of no one
        # may come first; the first sentence speaking of someone by pronoun, and of no one else, is of them.
        elif awaiting and index > 0 and _goes_on_about_someone(part) and not speaks_of_another(part, name):
            cut[part] = _own_clauses_joined(part)
        # "Tanvi ne follow kiya. ex hai meri, 2 saal pehle breakup hua tha. she's in Pune now": sentences speaking of no one
        # else between leave whom "she" means as it was; "One guy, Tyrell Banks, applied. works at the Harley plant": a
        # sentence with no subject of its own right after one of them is of them too, and so is a number given by its label.
        elif about_them and (_OPENS_ON_SOMEONE.match(part) and (previous_cut or not uncased) or previous_cut and index > 0
                             and (_WITHOUT_ITS_SUBJECT.match(part) or _THEIR_CONTACT.match(part) or _THEIR_TERMS.match(part))) and not (
                opening and names_someone_else(part, name)):
            cut[part] = _own_clauses_joined(part)
        awaiting = (awaiting and part not in cut and len(_WORD.findall(part)) <= _A_FEW_WORDS_OF_ONES_OWN
                    and not (_A_PERSON.search(part) or speaks_of_another(part, name)))
        about_them = part in cut or about_them and not speaks_of_another(part, name)
        previous_cut = part in cut
        quoting = quoting and not (said[-1:] in _CLOSING_QUOTES and (len(said) > 1 or not said.startswith(">"))
                                   or _A_QUOTE_CLOSING_BEFORE_MORE.search(said) is not None)
        introduced = cut.get(part) == "" and said.endswith(":") and not quoting
    # "daisuke messaged me again. i said no. why does he still do this": what is left says nothing of its
    # own, only goes on about the one forgotten, so the turn goes whole.
    left = [part for part in parts if part not in cut]
    if cut and left and any(map(_goes_on_about_someone, left)) and all(
        _goes_on_about_someone(part) or len(_WORD.findall(part)) <= _A_FEW_WORDS for part in left
    ):
        return dict.fromkeys(parts, "")
    return cut


def _a_message_to(sentence: str, name: Named) -> bool:
    """Whether ``sentence`` opens a quoted message written to ``name``, calling them by it ("'Hi Kofi, …"): the message,
    to its closing quote, is about them whole (a draft to them, a reminder of what they owe)."""
    return any(_OPENS_A_MESSAGE.search(sentence[:start]) and _CALLED_BY_NAME.match(sentence[end:]) for start, end in name.spans(sentence))


def last_said(parts: list[str]) -> str:
    """A turn's last sentence that says something: a few words after it that speak of no one ("idk man",
    "lol", "anyway") do not end it."""
    said = [part for part in parts if len(_WORD.findall(part)) > _A_FEW_WORDS or _A_PERSON.search(part) or _A_NAME.search(part[1:])]
    return (said or parts)[-1]


def speaks_of_another(text: str, name: Named, besides: set[str] | frozenset[str] = frozenset(), spoken_of_before: str = "") -> bool:
    """Whether ``text`` names someone besides ``name`` (opening it too, in more than a word, going on as after a person:
    "Tom was there too.", "Tom's van", "Jodie and I", "Dr Smith"; not "Ehrlich.", nor "Flights about £140 with a bag."),
    or speaks of a relation ("my mum says she's coming"): not one of ``besides``, nor a relation ``spoken_of_before``
    spoke of too (beside them: "… dropped off at mum's. mum gave him …")."""
    outside = _without_spans(text, name).lstrip()
    # A currency opening a sentence before its figure is no one: "KSh 15,000 arrears.", "USD 40 a month".
    opening = None if _A_CURRENCY_BEFORE_ITS_FIGURE.match(outside) else _A_NAME.match(outside)
    relations = RELATIONS - set(_WORD.findall(spoken_of_before.casefold()))
    return (names_anyone(outside, besides) or any(word in relations for word in _WORD.findall(text.casefold()))
            or opening is not None and opening.group(0).casefold() not in FUNCTION_WORDS | besides and len(_WORD.findall(text)) > 1
            and (goes_on_as_after_a_subject(rest := outside[opening.end():]) or _AFTER_A_PERSON.match(rest) is not None
                 or _POSSESSIVE.search(opening.group(0)) is not None))


def names_someone_else(text: str, name: Named) -> bool:
    """Whether ``text`` names someone besides ``name``: a capitalised word that is not a sentence's first,
    a function word, a month or a weekday ("he and Tom did it again"; not "he did it again on Friday")."""
    return names_anyone(_without_spans(text, name))


def names_anyone(outside: str, besides: set[str] | frozenset[str] = frozenset()) -> bool:
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", outside):
        words = [match for match in _A_NAME.finditer(sentence) if match.start() > 0]
        if any(word.group(0).casefold() not in FUNCTION_WORDS | besides and word.group(0) not in CALENDAR_NAMES for word in words):
            return True
    return False


def _without_spans(text: str, name: Named) -> str:
    spans = sorted(name.spans(text))
    kept, start = [], 0
    for first, last in spans:
        kept.append(text[start:first])
        start = last
    kept.append(text[start:])
    return "".join(kept)


def _goes_on_about_someone(sentence: str) -> bool:
    """Whether ``sentence`` speaks of someone only by pronoun, naming no one ("why does he still do this";
    not "Simone paid hers")."""
    names = [word for word in _A_NAME.findall(sentence) if word.casefold() not in FUNCTION_WORDS]
    return bool(_A_PERSON.search(sentence)) and not names


def _own_clauses_joined(sentence: str) -> str:
    """What stays of a sentence going on about the one forgotten: the clauses of the speaker's own joined
    to it by "and", "but" or "plus" ("She wants them by Friday, and I also need to book the dentist" keeps
    "I also need to book the dentist."), none speaking of someone by pronoun; else nothing."""
    body = sentence.rstrip()
    end = body[-1] if body[-1:] in ".!?" else "."
    clauses = _outside_brackets(_JOINED_CLAUSE, body.rstrip(".!?"))[1:]
    kept = [clause for clause in clauses
            if _SPEAKERS_CLAUSE.match(clause) and not _A_PERSON.search(clause) and len(clause.split()) >= 3]
    if not kept:
        return ""
    said = ", ".join(kept)
    return said[:1].upper() + said[1:] + end


def _rest_of_list(sentence: str, name: Named) -> str:
    """``sentence`` without what names ``name``: the rest of a list ("…are Lego and a small agency
    called Hvid." → "…are Lego."; "Priya, Jonas and Mei" → "Jonas and Mei"), what was done with
    them, or a later clause of the speaker's own; else "" (nothing left that reads as a statement)."""
    body = _without_apposition(sentence.rstrip(), name)
    end = body[-1] if body[-1:] in ".!?" else "."
    aside = _without_an_aside(body.rstrip(".!?"), name)
    if aside is not None:
        return aside + end
    # "I moved to York with my partner Sven.": who came along is cut, what the speaker did stays.
    along = _WITH_SOMEONE.match(body.rstrip(".!?"))
    if along is not None and name.in_(along["who"]) and not name.in_(along["done"]) and len(along["done"].split()) >= 3:
        return along["done"] + end
    without = _list_without(body.rstrip(".!?"), name)
    if without is not None:
        return without + end
    items = _outside_brackets(_LIST_JOINT, body.rstrip(".!?"))
    if len(items) < 2:
        return ""
    if name.in_(items[0]):
        # "moved out of the flat with Jan, living alone in Rotterdam now": a clause after the
        # comma that says something of the speaker alone stays; a list's later items do not.
        own = _CLAUSE_OF_ITS_OWN if _the_subject(items[0], name) else _OWN_CLAUSE
        later = [part for part in _outside_brackets(_CLAUSE_JOINT, body.rstrip(".!?"))[1:]
                 if not name.in_(part) and own.match(part) and len(part.split()) >= 3]
        return ", ".join(later) + end if later else ""
    # An item after a named one that goes on about it by pronoun goes with it.
    kept = [item for i, item in enumerate(items)
            if not name.in_(item) and not (i and name.in_(items[i - 1]) and _CONTINUES.match(item))]
    if len(kept[0].split()) < 3:
        return ""
    said = kept[0] if len(kept) == 1 else ", ".join(kept[:-1]) + " and " + kept[-1]
    return "" if name.in_(said) else said + end


def _the_subject(clause: str, name: Named) -> bool:
    """Whether ``name`` opens ``clause`` as its subject ("Mr Okafor in bed 3 was restless"; not "Okafor's wife")."""
    spans = name.spans(clause)
    return bool(spans) and _BEFORE_A_SUBJECT.match(clause[:spans[0][0]]) is not None and not _POSSESSIVE_AFTER.match(clause[spans[0][1]:])


def _without_apposition(sentence: str, name: Named) -> str:
    """``sentence`` without what it says ``name`` is, right before it after a comma, when the name ends the sentence or
    a clause: "just me and the budgie, Wee Jock" → "just me and Wee Jock" (the budgie goes with it)."""
    spans = name.spans(sentence)
    if len(spans) != 1:
        return sentence
    start, stop = spans[0]
    before = _APPOSITION_BEFORE.search(sentence[:start])
    if before is None or not re.match(r"\s*(?:[,;.!?]|$)", sentence[stop:]):
        return sentence
    return sentence[:before.start()] + sentence[start:]


def _without_an_aside(text: str, name: Named) -> str | None:
    """``text`` without what it says of ``name`` only in passing, when the rest reads as said without them:
    whom something was done with, then where or when ("Ana works with Tom at Deloitte" → "Ana works at
    Deloitte"), whose someone else is ("Tom's colleague Ana works at Deloitte"), an aside in brackets
    ("Ana (Tom's colleague) works at Deloitte"); else None."""
    left = None
    spans = name.spans(text)
    if len(spans) == 1:
        start, stop = spans[0]
        along = _WITH_BEFORE.search(text[:start])
        whose = _WHOSE_BEFORE_A_NAME.match(text[stop:])
        if whose is not None and not ((_POSSESSIVE.search(text[start:stop]) or whose.group(0)[:1] in "'’")
                                      and whose["who"] in RELATIONS and whose["how"] not in FUNCTION_WORDS):
            whose = None  # "marula's vet is Dr Govender": no one's relation
        # Where or when in a word is no more than a fragment: "I signed with ACME Ltd. yesterday" goes whole.
        if along is not None and _WHERE_OR_WHEN.match(text[stop:]) and len(text[stop:].split()) >= 2:
            left = text[:along.start()] + text[stop:]
        elif whose is not None:
            left = text[:start] + text[stop + whose.end():]
    if left is None:
        asides = [found for found in _ASIDE.finditer(text) if name.in_(found.group(0))]
        if asides:
            left = _ASIDE.sub(lambda found: "" if name.in_(found.group(0)) else found.group(0), text)
    if left is None or name.in_(left) or len(left.split()) < _A_FEW_WORDS or _A_PERSON.search(left):
        return None
    return left


def _list_without(text: str, name: Named) -> str | None:
    """``text`` with ``name`` taken out of the list of people it stands in, or None when it stands in
    none. A list is names (or the speaker: "me", "I", "my sister") divided by commas and closed by
    "and" or "&"; its first item may follow other words ("Had dinner with Priya, …") and its last
    be followed by them ("… and Mei at the Thai place"). What stays is joined as it was ("Lars, Odile,
    and Ana"; "Lars and Odile" when two are left), with the speaker as "I" and a verb for one when
    one opens the sentence ("Priya and I are going" → "I am going")."""
    items, joints = _divided(text)
    closing = next((i for i, joint in enumerate(joints) if _AND.fullmatch(joint)), None)
    # Two joined by ", and" are two clauses ("… at Brunswick Baths, and Dusty can't have dinner"), not a list.
    if closing is None or any(joint.strip() != "," for joint in joints[:closing]) or (closing == 0 and "," in joints[0]):
        return None
    last = closing + 1
    named = [i for i in range(last + 1) if name.in_(items[i])]
    if len(named) != 1:
        return None
    at = named[0]
    spans = name.spans(items[at])
    start, stop = spans[0][0], spans[-1][1]
    before, after = items[at][:start], items[at][stop:]
    if at == 0:  # who they are to the speaker goes with them: "My boyfriend Lukas and I" → "I"
        before = _RELATION_BEFORE.sub("", before)
    if (at > 0 and before.strip()) or (at < last and after.strip()):
        return None
    members = items[: last + 1]
    if at != 0 and not _ends_on_a_member(members[0]):
        return None
    if not all(_A_MEMBER.match(member) for i, member in enumerate(members) if i and i != at):
        return None
    kept = members[:at] + members[at + 1:]
    if at == 0:
        kept[0] = before + kept[0]
    if at == last:
        kept[-1] = kept[-1] + after
    closing_joint = joints[closing]
    if len(kept) == 1:
        listed = kept[0]
    elif len(kept) == 2:
        listed = kept[0] + (" & " if "&" in closing_joint else " and ") + kept[1]
    else:
        listed = ", ".join(kept[:-1]) + closing_joint + kept[-1]
    rest = "".join(joint + item for joint, item in zip(joints[last:], items[last + 1:], strict=True))
    if _A_PERSON.search(after if at == last else "") or _A_PERSON.search(rest):
        return None  # what follows may go on about them ("Jodie and I had pizza, she cried")
    said = (_for_one(listed) if len(kept) == 1 and not (at == 0 and before.strip()) else listed) + rest
    return None if name.in_(said) else said


def _ends_on_a_member(item: str) -> bool:
    words = item.split()
    return bool(words) and (words[-1].casefold() in {"me", "i"} or bool(_A_CAPITAL.match(words[-1])))


def _for_one(said: str) -> str:
    """A sentence a list opened, now with one left: "me" said as the subject it is, "I", and a verb
    for one ("Me and Priya are going" → "I am going")."""
    said = re.sub(r"^me\b", "I", said, flags=re.IGNORECASE)
    found = _PLURAL_VERB.match(said)
    if found is None:
        return said
    verbs = _FIRST_PERSON if found["who"] == "I" else _SINGULAR
    return found["who"] + found["gap"] + verbs[found["verb"].casefold()] + said[found.end():]


def _divided(text: str) -> tuple[list[str], list[str]]:
    """``text`` divided where a list joint stands outside brackets: its items, and the joints between them."""
    return _outside_brackets_with_joints(_LIST_JOINT, text)


def _outside_brackets(joint: re.Pattern[str], text: str) -> list[str]:
    """``text`` split where ``joint`` matches outside brackets: "Kai (CB, moving in June), Teo" is
    two items, not three."""
    return _outside_brackets_with_joints(joint, text)[0]


def _outside_brackets_with_joints(joint: re.Pattern[str], text: str) -> tuple[list[str], list[str]]:
    parts: list[str] = []
    joints: list[str] = []
    start, depth, position = 0, 0, 0
    while position < len(text):
        char = text[position]
        depth += (char in "([{") - (char in ")]}" and depth > 0)
        found = joint.match(text, position) if depth == 0 else None
        if found and found.end() > position:
            parts.append(text[start:position])
            joints.append(found.group(0))
            start = position = found.end()
            continue
        position += 1
    parts.append(text[start:])
    return parts, joints


def speaks_of_someone(text: str) -> bool:
    """Whether ``text`` speaks of someone by pronoun ("told him", "she's in Pune")."""
    return _A_PERSON.search(text) is not None


def sentences_around(text: str, name: Named) -> list[str]:
    """``text``'s sentences, none ending inside the name ("I met J. Smith. He waved." is two)."""
    return sentences(text, name.spans(text))
