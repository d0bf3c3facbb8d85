"""Who is known only as the forgotten one's family, and goes with them. Pure.

"remind me to call Sully's wife Donna" knows Donna only as Sully's wife: when every turn naming her names Sully too,
forgetting Sully forgets her ("Called Donna." and a draft to her go with him). Not someone known on their own: a turn
naming them without Sully keeps them ("Sully's wife Donna" beside "Donna and I had lunch"); nor a colleague or a
neighbour, who is someone in their own right ("Tom's colleague Ana moved to Porto" keeps "Ana moved to Porto").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from engram_mcp.model.entities import entity_key
from engram_mcp.model.mentions import Named, mentions

__all__ = ["with_their_family"]

_APOSTROPHE_S = r"['’]s"
# Family and partners only, said after the forgotten one's name: "Sully's wife Donna", "Leon's little brother Andre".
_WHOSE_FAMILY = re.compile(
    r"(?:['’]s)?\s+(?:(?:late|new|ex|older|younger|little|big|baby|eldest|youngest)[\s-]+)?"
    r"(?:wife|husband|partner|girlfriend|boyfriend|gf|bf|fianc[ée]e?|son|daughter|kid|child|baby|mum|mom|mam|mother|dad|"
    r"father|brother|sister|twin|stepson|stepdaughter|grandson|granddaughter)\s+(?P<who>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?![\w'’-])"
)


def with_their_family(named: Named, turns: Iterable[str]) -> Named:
    """``named``, also naming each one ``turns`` introduce only as their family ("Sully's wife Donna"), when every turn
    naming that one names them too (see the module docstring)."""
    texts = list(turns)
    family = {found["who"] for text in texts for _, end in named.spans(text)
              if (found := _WHOSE_FAMILY.match(text, end)) is not None}
    theirs = sorted(who for who in family if entity_key(who) not in named.keys
                    and all(named.in_(text) for text in texts if mentions(text, who)))
    if not theirs:
        return named
    spellings = tuple(re.compile(rf"(?<![\w'’-]){re.escape(who)}(?:{_APOSTROPHE_S})?(?![\w'’-])") for who in theirs)
    return replace(named, keys=named.keys | {entity_key(who) for who in theirs}, spellings=named.spellings + spellings)
