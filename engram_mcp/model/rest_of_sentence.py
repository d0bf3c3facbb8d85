"""What is left of a sentence naming someone forgotten, once they are cut out of it. Pure.

The rest of a list that names them wherever they stand ("Had dinner with Priya, Jonas and Mei" keeps "Had dinner with
Jonas and Mei"; "My boyfriend Lukas and I are going" keeps "I am going"), what was done when it names them only as whom it
was done with ("I moved to York with my partner Sven" keeps "I moved to York"), what it says of someone else named beside
them in passing ("Tom's colleague Ana moved to Porto" keeps "Ana moved to Porto"), or a later clause of the speaker's own
("moved out of the flat w jan, living alone in rotterdam now"; not one speaking of someone by pronoun: "…, I'll print the
sheets so she can see"); else nothing. Which sentences are cut is
``redaction.cut_naming``'s.
"""

from __future__ import annotations

import re

from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.mentions import Named
from engram_mcp.model.name_or_word import RELATIONS
from engram_mcp.model.pronouns import OPENING_THIRD_PERSON_WORDS

__all__ = ["A_FEW_WORDS", "A_PERSON", "CONTINUES", "outside_brackets", "rest_without"]

A_PERSON = re.compile(r"\b(?:he|she|him|his|her|hers|he's|she's)\b", re.IGNORECASE)
"""Someone spoken of by pronoun, anywhere in a sentence."""
A_FEW_WORDS = 3
"""How short a sentence says nothing by itself ("i said no.")."""
CONTINUES = re.compile(rf"^\s*(?:it|its|{OPENING_THIRD_PERSON_WORDS})(?!\w)", re.IGNORECASE)
"""A sentence opening with a third-person pronoun continues the one before it (in the languages chat mixes in too:
"il part travailler en Alberta")."""
_POSSESSIVE = re.compile(r"['’]s$")
# Where a sentence's list divides: "Lego, Hvid and Carlsberg", "Paris and Rome", "Priya & Tomasz".
_LIST_JOINT = re.compile(r",\s+and\s+|\s+and\s+|\s+&\s+|,\s+")
_AND = re.compile(r",?\s+(?:and|&)\s+")
_CLAUSE_JOINT = re.compile(r",\s+(?:and\s+|but\s+|so\s+)?")
# Who a name is to the speaker, said right before it: "My boyfriend Lukas", "with my friend Priya".
_RELATION_BEFORE = re.compile(r"(?:^|(?<=\s))(?:my|our)\s+(?:[a-z][\w'’-]*\s+){1,2}$", re.IGNORECASE)
# A clause of the speaker's own: "I'm …", "my …", "the cat's called Smudge", "now …", "living alone …".
_OWN_CLAUSE = re.compile(r"^(?:I|I'm|I've|I'll|I'd|my|our|the|now|still|also|currently|[a-z]+ing|[a-z]+ed)\b(?!\s+(?:with|to|by)\s+(?:him|her|them)\b)",
                         re.IGNORECASE)
# A clause with a subject of its own: after a clause whose subject is the one named, one without ("…, pulled out his drip
# again") goes on saying what they did.
_CLAUSE_OF_ITS_OWN = re.compile(r"^(?:I|I'm|I've|I'll|I'd|my|our|the)\b(?!\s+(?:with|to|by)\s+(?:him|her|them)\b)", re.IGNORECASE)
# What may stand before a name that is its clause's subject: "Mr Okafor was …", "the old man Okafor was …", "my neighbour Okafor",
# their given name before the family name forgotten ("Tommy Brogan in again, running up a tab").
_BEFORE_A_SUBJECT = re.compile(r"^\s*(?:(?:the|my|our|a|an)\s+(?:[a-z][\w'’-]*\s+){0,2})?(?:(?:mr|mrs|ms|mx|dr|prof|miss)\.?\s+)?"
                               r"(?-i:[A-Z][\w'’-]*\s+)?$", re.IGNORECASE)
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
_POSSESSIVE_AFTER = re.compile(r"['’]s?(?!\w)")
_ASIDE = re.compile(r"\s*\([^()]*\)")
# What someone is, said before their name as its apposition: "just me and the budgie, Wee Jock", "with our neighbour, Gela".
_APPOSITION_BEFORE = re.compile(r"(?:^|(?<=\s))(?:the|my|our|his|her|their)\s+(?:[a-z][\w'’-]*\s+)?[a-z][\w'’-]*,\s+$",
                                re.IGNORECASE)
# Who may stand in a list beside a name: another name, or the speaker ("me and Priya", "Priya and I", "my sister").
_A_MEMBER = re.compile(r"^(?:[A-Z][\w'’-]*|me|my|our)\b")
_A_CAPITAL = re.compile(r"^[A-Z]")
# Whose someone is, opening the words naming them, in the languages chat mixes in: "his neighbour", "son voisin", "sua amica".
_WHOSE_OPENING = re.compile(r"^\s*(?:his|her|their|son|sa|ses|leur|su|sus|seu|sua|suo|sein|seine|ihr|ihre|zijn|haar)\s+[^\W\d_]+\s", re.IGNORECASE)
_THE_SPEAKER_OPENING = re.compile(r"^\s*(?:I|me)\b(?!['’])")
# A verb agreeing with a list as subject, and what it is for one: "Priya and I are" → "I am", "Priya and Jonas are" → "Jonas is".
_PLURAL_VERB = re.compile(r"^(?P<who>me|I|[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)(?P<gap>\s+)(?P<verb>are|were|have|aren't|weren't|haven't)(?![\w'’])",
                          re.IGNORECASE)
_SINGULAR = {"are": "is", "were": "was", "have": "has", "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't"}
_FIRST_PERSON = {"are": "am", "were": "was", "have": "have", "aren't": "am not", "weren't": "wasn't", "haven't": "haven't"}


def rest_without(sentence: str, name: Named) -> str:
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
    items = outside_brackets(_LIST_JOINT, body.rstrip(".!?"))
    if len(items) < 2:
        return ""
    if name.in_(items[0]):
        # "moved out of the flat with Jan, living alone in Rotterdam now": a clause after the
        # comma that says something of the speaker alone stays; a list's later items do not.
        own = _CLAUSE_OF_ITS_OWN if _the_subject(items[0], name) else _OWN_CLAUSE
        # Not one speaking of someone by pronoun, who is them: "…, I'll print the sheets so she can see".
        later = [part for part in outside_brackets(_CLAUSE_JOINT, body.rstrip(".!?"))[1:]
                 if not name.in_(part) and own.match(part) and len(part.split()) >= 3 and not A_PERSON.search(part)]
        return ", ".join(later) + end if later else ""
    named_at = [i for i, item in enumerate(items) if name.in_(item)]
    # "ok le client sur la rue Molson, son voisin Rénald vient de m'appeler": whose they are points back at what came
    # before, no list; "Hi all, Sneha chechi and I are collecting …": with the speaker they are a clause's subject.
    if any(_WHOSE_OPENING.match(items[i]) or i + 1 < len(items) and _THE_SPEAKER_OPENING.match(items[i + 1]) for i in named_at):
        return ""
    # An item after a named one that goes on about it by pronoun goes with it.
    kept = [item for i, item in enumerate(items)
            if not name.in_(item) and not (i and name.in_(items[i - 1]) and CONTINUES.match(item))]
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
    if left is None or name.in_(left) or len(left.split()) < A_FEW_WORDS or A_PERSON.search(left):
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
    if A_PERSON.search(after if at == last else "") or A_PERSON.search(rest):
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


def outside_brackets(joint: re.Pattern[str], text: str) -> list[str]:
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
