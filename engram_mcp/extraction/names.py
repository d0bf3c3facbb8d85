"""Names given to people and animals the speaker mentioned just before: "I adopted two kittens.
Their names are Miso and Tofu." Pure.

"Their", "his" or "her" points back to the last group or one the speaker owned or mentioned
("my little ones", "two kittens", "a puppy"), in this turn or the speaker's turns just before;
the fact is written with that antecedent, so it stands alone. With no antecedent in sight
nothing is written: a list of names whose owner is unknown helps no later reader.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.model import Certainty, MemoryType

__all__ = ["named_group"]

_NAME = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?"
_NAME_LIST = rf"(?P<names>{_NAME}(?:\s*,\s*{_NAME})*(?:\s*,?\s+(?:and|&)\s+{_NAME})?)"
_GIVEN_NAMES = re.compile(
    r"^(?:(?:their|his|her|its)\s+names?\s+(?:are|is|were|was)|(?:they're|they\s+are|he's|he\s+is|she's|she\s+is|it's)"
    r"\s+(?:called|named))\s+" + _NAME_LIST + r"\s*[.!…]*$",
    re.IGNORECASE,
)
_IRREGULAR_PLURALS = "children|kids|people|fish|sheep|mice|geese|puppies|kitties|babies|ones"
# "my little ones", "our two dogs", "two kittens", "a puppy", "my new cat".
_ANTECEDENT = re.compile(
    r"\b(?P<det>my|our|a|an|two|three|four|five|six|\d+)\s+(?P<noun>(?:(?:new|little|baby|rescue|young|old|two|three|four|"
    r"twin|adopted)\s+)*(?:[a-z]+))\b",
    re.IGNORECASE,
)
_NOT_A_GROUP = frozenset("""lot bit time day week month year way thing things stuff job work life home house best own
    favorite favourite goal dream passion new little""".split())


def named_group(sentence: str, earlier: Sequence[str], speaker: str) -> ExtractedFact | None:
    """The fact that the speaker's group or animal mentioned just before bears these names, if any."""
    match = _GIVEN_NAMES.match(sentence.strip().replace("’", "'"))
    if match is None:
        return None
    plural = match.group(0).lower().startswith(("their", "they"))
    antecedent = _antecedent(earlier, plural)
    if antecedent is None:
        return None
    names = re.sub(r"\s+", " ", match["names"]).strip()
    verb = "are" if plural else "is"
    statement = f"{speaker}'s {antecedent} {verb} named {names}."
    return ExtractedFact(
        statement=statement[0].upper() + statement[1:],
        type=MemoryType.SEMANTIC,
        certainty=Certainty.STATED.value,
        subject=speaker,
        predicate=f"{antecedent} named",
        object=names,
        entities=(speaker, *re.findall(_NAME, names)),
    )


def _antecedent(earlier: Sequence[str], plural: bool) -> str | None:
    for text in reversed(earlier):
        for found in reversed(list(_ANTECEDENT.finditer(text))):
            noun = found["noun"].lower()
            head = noun.split()[-1]
            if head in _NOT_A_GROUP:
                continue
            is_plural = head.endswith("s") or re.fullmatch(_IRREGULAR_PLURALS, head) is not None
            if is_plural != plural or (not plural and found["det"].lower() in {"two", "three", "four", "five", "six"}):
                continue
            return re.sub(r"^(?:new|adopted)\s+", "", noun)
    return None
