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
to them, opening on their name ("'Hi Kofi, …", "“Carla cara, …", "« Bonjour M. Gagnon, …"), goes to its closing quote,
with what leads into it in its sentence ("For example: \"Hey Lyle, …").
A sentence right after one that goes on about it by pronoun ("He's a beagle") goes too, but for a
clause with the speaker as its subject joined to it ("…, and I also need to book the dentist"); so does a
later one opening on someone by pronoun, after a word or two that say nothing of whom ("also she wants …", "last time he
took 6 months …", "katanya mau …"), while no one else is spoken of between ("Tanvi followed me again. 2 years since the
breakup. she's in Pune now"), and one speaking of someone by pronoun anywhere once they alone were named and no one else
since ("Rosalind rang the bell again. Eggs I can spare. I asked her about the $40"), and one with no subject of its own
right after ("works at the Harley plant"), and a message quoted after a sentence of theirs that introduces it ("brought a note:" then
"'Please …'"). So does the start of the speaker's next turn in the session when the turn before ended on it
(a few words after, "idk man", end nothing) and the next opens with "he", "she" or "they", naming no one
else ("he did it again this morning, I left a note"), or, after words of its own that speak of no one,
speaks of someone by pronoun ("nah im good lol. just dont let me forget her bday is dec 12").
A turn whose rest only goes on about it ("i said no. why does he still do this") goes whole, with
what any of its sentences kept. What is left of a sentence naming them is ``rest_of_sentence``'s.
"""

from __future__ import annotations

import re

from engram_mcp.model.entities import typed_without_capitals
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.mentions import Named
from engram_mcp.model.name_or_word import RELATIONS, goes_on_as_after_a_subject
from engram_mcp.model.pronouns import OPENERS, OPENING_THIRD_PERSON_WORDS
from engram_mcp.model.rest_of_sentence import A_FEW_WORDS, A_PERSON, CONTINUES, outside_brackets, rest_without
from engram_mcp.model.sentences import sentences
from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["cut_naming", "last_said", "names_anyone", "names_someone_else", "sentences_around", "speaks_of_another", "speaks_of_someone"]

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# A clause joined by a word that begins a statement of its own: "…, and I also need to book the dentist".
_JOINED_CLAUSE = re.compile(r",?\s+(?:and|but|plus)\s+|;\s+")
# The speaker as a clause's subject: "I take the Polo to work", "my knee still hurts".
_SPEAKERS_CLAUSE = re.compile(r"^(?:I|I'm|I've|I'll|I'd|my|our)\b(?!\s+(?:with|to|by)\s+(?:him|her|them)\b)", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s$")
# A turn opening on someone by pronoun, going on from the turn before: not "it", which is as often the weather.
# A word or two saying nothing of whom may come first: "also she wants …", "last time he took 6 months …".
_OPENS_ON_SOMEONE = re.compile(rf"^\s*(?:(?:{OPENERS})[\s,]+){{0,2}}(?:{OPENING_THIRD_PERSON_WORDS})(?!\w)", re.IGNORECASE)
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
_THEIR_TERMS = re.compile(r"^\s*(?:[A-Z]{0,3}[$£€¥₹₦₱]|[A-Z]{3}\s*|KSh\s*|Rs\.?\s*)\d[\d,.]*(?:k\b)?(?![^.!?]*\b(?:I|I['’]\w+|we|we['’]\w+|my|our)\b)")
# A currency before its figure: "KSh 15,000", "USD 40", "Rs 500", "TT$1,200".
_A_CURRENCY_BEFORE_ITS_FIGURE = re.compile(r"(?:[A-Z]{3}|[KTU]Sh|Ksh|Rs\.?|[A-Z]{1,3}\$)\s*\d")
_A_NAME = re.compile(r"\b(?!I\b|I['’])[A-Z][\w'’-]*")
_A_GIVEN_NAME_BEFORE = re.compile(r"(?<![\w'’-])(?!I\b)[A-Z][\w'’-]*\s+$")
_OPENING_QUOTES = "'\"“‘«„>"
_CLOSING_QUOTES = "'\"”’»"
_A_QUOTE_CLOSING_BEFORE_MORE = re.compile(r"[.!?…]['\"”’»]\s")
# A message opening on whom it is written to, after a greeting in a word or two in any language, and a title: "'Hi Kofi, …",
# "“Dear Mr Boateng,", "\"Kofi, good day.", "„Dzień dobry Kofi,", "\"Good morning Mrs Achterberg,".
_OPENS_A_MESSAGE = re.compile(r"(?:^|(?<=[\s:(]))['\"“‘«„]\s*(?:[^\W\d_]+\.?[\s,]+){0,2}(?:(?:Mr|Mrs|Ms|Mx|Dr|Prof|Miss)\.?\s+)?$")
# Called by name, a family name or a word of endearment after it ("Nunzia cara,"), then a comma.
_CALLED_BY_NAME = re.compile(r"(?:\s+[A-Z][\w'’-]*)?\s*[,!:]|\s+[a-zà-ÿ]+,")
# What follows a name opening a sentence, besides a verb and their own ("Tom's van"): another with them ("Jodie and I"), the rest
# of a name ("Dr Smith"); not the speaker, after a thing put first ("Eggs I can spare").
_AFTER_A_PERSON = re.compile(r"\s*(?:,|&|and\b|or\b)|\s+(?!I\b)[A-Z]")


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
    # Whether the last one spoken of is them alone, named in a sentence speaking of no one else.
    only_them = False
    by_pronoun_alone: set[str] = set()
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
            # A sentence opening a message to them is theirs whole, what leads into it too ("For example: \"Hey Lyle, …").
            to_them = _a_message_to(part, name)
            cut[part] = "" if to_them else rest_without(part, name)
            quoting = quoting or to_them
        elif quoting:
            cut[part] = ""
        elif previous_cut and (_OPENS_ON_SOMEONE if opening else CONTINUES).match(part) and not (
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
        # "Rosalind rang the bell again. Eggs I can spare. I asked her about the $40": with no one else spoken of since them
        # alone, a pronoun anywhere in a sentence can only mean them.
        elif only_them and (previous_cut or not uncased) and speaks_of_someone(part) and not speaks_of_another(part, name):
            cut[part] = _own_clauses_joined(part)
            by_pronoun_alone.add(part)
        awaiting = (awaiting and part not in cut and len(_WORD.findall(part)) <= _A_FEW_WORDS_OF_ONES_OWN
                    and not (A_PERSON.search(part) or speaks_of_another(part, name)))
        about_them = part in cut or about_them and not speaks_of_another(part, name)
        only_them = (part in cut or only_them) and not speaks_of_another(part, name)
        previous_cut = part in cut
        quoting = quoting and not (said[-1:] in _CLOSING_QUOTES and (len(said) > 1 or not said.startswith(">"))
                                   or _A_QUOTE_CLOSING_BEFORE_MORE.search(said) is not None)
        introduced = cut.get(part) == "" and said.endswith(":") and not quoting
    # "daisuke messaged me again. i said no. why does he still do this": what is left says nothing of its
    # own, only goes on about the one forgotten, so the turn goes whole.
    left = [part for part in parts if part not in cut or part in by_pronoun_alone]
    if cut and left and any(map(_goes_on_about_someone, left)) and all(
        _goes_on_about_someone(part) or len(_WORD.findall(part)) <= A_FEW_WORDS for part in left
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
    said = [part for part in parts if len(_WORD.findall(part)) > A_FEW_WORDS or A_PERSON.search(part) or _A_NAME.search(part[1:])]
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
    """``text`` without ``name``, nor the given name said right before it ("Bubba Thibodaux came by" is of them alone)."""
    spans = sorted(name.spans(text))
    kept, start = [], 0
    for first, last in spans:
        given = _A_GIVEN_NAME_BEFORE.search(text, start, first)
        kept.append(text[start:given.start() if given else first])
        start = last
    kept.append(text[start:])
    return "".join(kept)


def _goes_on_about_someone(sentence: str) -> bool:
    """Whether ``sentence`` speaks of someone only by pronoun, naming no one ("why does he still do this";
    not "Simone paid hers")."""
    names = [word for word in _A_NAME.findall(sentence) if word.casefold() not in FUNCTION_WORDS]
    return bool(A_PERSON.search(sentence)) and not names


def _own_clauses_joined(sentence: str) -> str:
    """What stays of a sentence going on about the one forgotten: the clauses of the speaker's own joined
    to it by "and", "but" or "plus" ("She wants them by Friday, and I also need to book the dentist" keeps
    "I also need to book the dentist."), none speaking of someone by pronoun; else nothing."""
    body = sentence.rstrip()
    end = body[-1] if body[-1:] in ".!?" else "."
    clauses = outside_brackets(_JOINED_CLAUSE, body.rstrip(".!?"))[1:]
    kept = [clause for clause in clauses
            if _SPEAKERS_CLAUSE.match(clause) and not A_PERSON.search(clause) and len(clause.split()) >= 3]
    if not kept:
        return ""
    said = ", ".join(kept)
    return said[:1].upper() + said[1:] + end


def speaks_of_someone(text: str) -> bool:
    """Whether ``text`` speaks of someone by pronoun ("told him", "she's in Pune")."""
    return A_PERSON.search(text) is not None


# French "M." (Monsieur) before a name: "« Bonjour M. Rénald, je comprends »".
_MONSIEUR_BEFORE = re.compile(r"(?<!\w)M\.\s+$")


def sentences_around(text: str, name: Named) -> list[str]:
    """``text``'s sentences, none ending inside the name or between it and a title before it ("I met J. Smith. He
    waved." is two; "Bonjour M. Rénald, merci." is one)."""
    spans = [(start - len(title.group(0)) if (title := _MONSIEUR_BEFORE.search(text, 0, start)) else start, end)
             for start, end in name.spans(text)]
    return sentences(text, spans)
