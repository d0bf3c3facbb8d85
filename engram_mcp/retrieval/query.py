"""Query cleanup without an LLM: drop the question scaffolding that matches every turn, and call
the speakers by their own names."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from engram_mcp.retrieval.naming import asks_name
from engram_mcp.retrieval.question_words import OTHER_WORDS_FOR, RELATIONS, stem

__all__ = ["strip_question_words", "with_relations_other_words", "with_relatives_named", "with_speakers_named"]

_LEADING = re.compile(
    r"^\s*(?:(?:what|which|who|whom|whose|when|where|why|how)(?:\s+(?:many|much|long|often|old|kind|kinds|type|types|sort))?"
    r"(?:\s+(?:of))?\s+)?(?:(?:is|are|was|were|do|does|did|has|have|had|can|could|would|will|should|might)\s+)?",
    re.IGNORECASE,
)


def strip_question_words(question: str) -> str:
    """'When did Caroline go to the support group?' -> 'Caroline go to the support group'."""
    stripped = _LEADING.sub("", question, count=1).strip().rstrip("?").strip()
    return stripped or question


def with_relations_other_words(keywords: str) -> str:
    """``keywords`` with the other words for each relation they say: "mother live" also looks for "mommy called from
    Mandeville", "mama telpon dari Semarang", which share no other word with the question."""
    said = {stem(word.casefold()) for word in re.findall(r"[^\W\d_]+", keywords)}
    more = [word for relation in sorted(said & OTHER_WORDS_FOR.keys()) for word in OTHER_WORDS_FOR[relation]]
    return " ".join([keywords, *dict.fromkeys(more)]) if more else keywords


def with_speakers_named(query: str, nicknames: Mapping[str, str]) -> str:
    """``query`` with each name a speaker goes by ("what does kai do now?") said as the speaker's own
    name: the memories speak of them by it, and a stray "Got it, Kai." shares no more than the name."""
    if not nicknames:
        return query
    return re.sub(r"[^\W\d_][\w'’-]*", lambda word: _nicknamed(word.group(0), nicknames), query)


def _nicknamed(word: str, nicknames: Mapping[str, str]) -> str:
    base, possessive = (word[:-2], word[-2:]) if word.endswith(("'s", "’s")) else (word, "")
    speaker = nicknames.get(base.casefold())
    return speaker + possessive if speaker is not None else word



# "Who is Ailsa's doctor?", "Who's my GP now?": who someone is, asked.
_ASKS_WHO = re.compile(r"^\W*who(?:['’]s|\s+(?:is|are|was|were))\b", re.IGNORECASE)
# "Bertil's wife", "my partner": someone asked of by who they are to a person.
# Only as the one the question's verb is about ("does Jarkko's partner …", "Is my wife …"): "Where is the dinner for
# Bjorn's father?" asks about a dinner, and his name read into it would bring up the fact that gave it.
_OWNED_RELATION = re.compile(r"\b(?P<asked>(?i:does|do|did|is|was|has|had|can|will|would)\s+)(?:(?P<owner>[A-Z][^\W\d_][\w-]*)['’]s|"
                             r"(?P<me>(?i:my)))\s+(?P<relation>[a-z]+)\b(?P<named>\s+[A-Z])?")


def with_relatives_named(query: str, relatives: Callable[[str, str], list[str]], me: str | None) -> str:
    """``query`` with the one name memory gives a relation it asks of said after it: "What does Jarkko's
    partner do?" as "What does Jarkko's partner Riikka do?" when "Partner Riikka" was told, so a memory that
    names her ("Riikka is ER nurse") answers it. ``relatives(owner, relation)``: the names known; ``me``:
    whom "my" means (None: no one in particular). A relation with several names, or none, is left as asked, and
    so is a question asking who they are ("Who is Ailsa's doctor?"): a name read into it would answer it with
    what memory last believed, when the turn that changed it may say so in other words."""
    if _ASKS_WHO.match(query) or asks_name(query):
        return query

    def named(match: re.Match[str]) -> str:
        relation = stem(match["relation"])
        owner = match["owner"] or me
        if match["named"] or owner is None or relation not in RELATIONS:
            return match.group(0)
        names = [name for name in relatives(owner, relation) if name.casefold() not in query.casefold()]
        return f"{match.group(0)} {names[0]}" if len(names) == 1 else match.group(0)

    return _OWNED_RELATION.sub(named, query)
