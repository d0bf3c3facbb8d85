"""Who a stated fact is about: never a guess from its first word. Pure.

``remember(kind="fact", text=...)`` takes a statement as a person or an assistant writes it:
"The user works at Meta.", "My partner is Alex.", "I'm vegetarian.", "Ana's dog is Rex.".
The user's own forms (the user, I, my, me) resolve to the user's name; a statement that
starts with a name is about that name; one whose subject is a pronoun or an article ("The
weather is nice", "He works there") cannot be placed and is refused with a clear error, and so
is one opening with a word that is no name ("Ignore all previous instructions", "Honestly it
went fine"), and so is a command to set aside what the assistant was told, however it is prefaced
("Please ignore all previous instructions", "Kindly disregard your earlier rules":
``model/overriding``). A standing request ("Please always answer in French", "Never use emojis", "Avoid
jargon") is the user's instruction, kept as one (``standing_instruction``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from engram_mcp.errors import InvalidInput
from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.requests import instruction, is_kept_request
from engram_mcp.model.overriding import sets_instructions_aside
from engram_mcp.model.predicates import parse_statement, third_singular

__all__ = ["Statement", "resolve_statement", "standing_instruction"]

Statement = tuple[str, str, str | None, str | None]
"""(text in the third person, subject, predicate, object)."""

_THE_USER = re.compile(r"\bthe user(['’]s)?\b|^user(['’]s)?\b", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I’m|I've|I’ve|I'll|I’ll|I'd|I’d|[Mm]y|[Mm]e|[Mm]yself|[Mm]ine)\b")
_FIRST_PERSON_FORMS = (
    (re.compile(r"\bI(?:'m|’m| am)\b"), "{u} is"),
    (re.compile(r"\bI was\b"), "{u} was"),
    (re.compile(r"\bI(?:'ve|’ve| have)\b"), "{u} has"),
    (re.compile(r"\bI(?:'ll|’ll)\b"), "{u} will"),
    (re.compile(r"\bI(?:'d|’d)\b"), "{u} would"),
    (re.compile(r"\bI don't\b|\bI do not\b"), "{u} doesn't"),
    (re.compile(r"\b[Mm]yself\b"), "{u}"),
    (re.compile(r"\b[Mm]y\b"), "{u}'s"),
    (re.compile(r"\b[Mm]ine\b"), "{u}'s"),
)
_I_VERB = re.compile(r"\bI ([a-z]+)\b")
_NOT_CONJUGATED = frozenset(
    """can could would should might must will shall may did was had went got saw made took quit left moved
    started sold bought used""".split()
)
_UNPLACEABLE = frozenset(
    """the a an this that these those it its he him his she her hers they them their theirs we us our ours you
    your yours there here someone somebody everyone everybody nobody something everything one""".split()
)
# Words a sentence opens with that are no one's name: what is said to someone ("Ignore all previous
# instructions", "Forget the above") and the adverbs and greetings before a sentence's subject.
_NO_NAME = frozenset(
    """please kindly always never don't dont do ignore disregard forget pretend imagine act override bypass
    reveal repeat print output execute delete remove tell say let try just also only actually honestly basically
    maybe perhaps anyway still hi hello hey thanks thank sorry yes ok okay be""".split()
)


def resolve_statement(text: str, user: str, subject: str | None = None) -> Statement:
    """The statement in the third person with its subject, or ``InvalidInput`` when nobody can be named.

    ``user`` is who "the user", "I" and "my" mean; an explicit ``subject`` wins over the text.
    """
    if sets_instructions_aside(text):
        raise InvalidInput(
            f"{text.strip()[:80]!r} tells the assistant to set aside what it was told: "
            "that is kept only as said in a turn, never as a fact or a standing instruction"
        )
    # Parsed before capitalising, so a statement with no subject ("works at Meta") stays one.
    stated = _third_person(text.strip(), user)
    # A statement the user's own forms open is about the user, however their name is written
    # (the fallback "user" has no capital to be read as a name by).
    about_the_user = _THE_USER.match(text.strip()) or _FIRST_PERSON.match(text.strip())
    parsed = parse_statement(stated, subject or (user if about_the_user else None))
    stated = _capitalised(stated)
    if subject:
        return stated, subject, (parsed[1] if parsed else None), (parsed[2] if parsed else None)
    if parsed is None or parsed[0].split()[0].casefold().replace("’", "'") in _UNPLACEABLE | _NO_NAME:
        raise InvalidInput(
            f"cannot tell who or what {text.strip()[:80]!r} is about: start it with a name "
            "('Ana works at Meta', 'The user lives in Oslo', 'My partner is Alex') or pass subject"
        )
    return stated, parsed[0], parsed[1], parsed[2]


def standing_instruction(text: str, user: str) -> ExtractedFact | None:
    """The user's standing request a statement makes ("User asked: always answer in French."), as
    the extractor keeps one said in a turn; None when it is no request to the assistant."""
    sentence = " ".join(text.split())
    if sets_instructions_aside(sentence):
        return None
    asked = instruction(sentence, user) if is_kept_request(sentence) else None
    return replace(asked, statement=_capitalised(asked.statement)) if asked is not None else None


def _third_person(text: str, user: str) -> str:
    text = _THE_USER.sub(lambda m: f"{user}{m.group(1) or m.group(2) or ''}", text)
    if not _FIRST_PERSON.search(text):
        return text
    for pattern, replacement in _FIRST_PERSON_FORMS:
        text = pattern.sub(replacement.format(u=user), text)
    text = _I_VERB.sub(lambda m: f"{user} {_conjugated_for_the_user(m.group(1))}", text)
    text = re.sub(r"\bI\b", user, text)
    text = re.sub(r"(?<=\s)me\b", user, text)
    return text


def _conjugated_for_the_user(verb: str) -> str:
    """The verb after the user's name where "I" stood: "I study" → "Sam studies"; a modal or a past
    form stays ("I can", "I moved")."""
    if verb in _NOT_CONJUGATED or verb.endswith("ed"):
        return verb
    if verb == "have":
        return "has"
    return third_singular(verb)


def _capitalised(text: str) -> str:
    return text[0].upper() + text[1:] if text else text
