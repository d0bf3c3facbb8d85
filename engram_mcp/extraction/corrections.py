"""A correction of something said earlier: "it's the Copenhagen half marathon, not Berlin",
"sorry, not Tuesday but Thursday". Pure.

Becomes one fact with the predicate ``model.corrections.CORRECTS``; the fact service applies
it to the newest fact of the speaker's that names the old value (``FactService``).
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.corrections import CORRECTS, correction_object

__all__ = ["correction_fact"]

# "It's X, not Y" is a correction by its form; "not Y but X" only beside a word that says so.
_IT_IS_NOT = re.compile(r"\b(?:it is|it's|it was|that is|that's|that was|it should be|make that|I meant)\s+(?P<new>[^,;]+?),\s*"
                        r"not\s+(?P<old>[^,;.!?()]+)", re.IGNORECASE)
_NOT_BUT = re.compile(r"(?<!n't )(?<!did )(?<!do )(?<!does )\bnot\s+(?P<old>[^,;]+?),?\s+but\s+(?P<new>[^,;.!?()]+)",
                      re.IGNORECASE)
_CUE = re.compile(r"\b(?:correction|actually|sorry|I meant|my (?:mistake|bad)|I misspoke|typo|scratch that)\b",
                  re.IGNORECASE)
_DESCRIBED = re.compile(r"(?:a|an|so|too|very|that|really|much|bad|big|just|only|even|merely|simply|necessarily|always|"
                       r"because|about|for|to|all|everything|anything|everyone|more|less|what|how|not|never|ok|okay|fine|"
                       r"good|great|true|false|important|essential)\b", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|a|an|my|our)\s+", re.IGNORECASE)


def correction_fact(sentence: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """The correction the sentence makes, or None when it makes none."""
    text = sentence.replace("’", "'")
    match = _IT_IS_NOT.search(text) or (_NOT_BUT.search(text) if _CUE.search(text) else None)
    if match is None:
        return None
    said = match["old"].strip(" .!\"'")
    old = _ARTICLE.sub("", said)
    new = match["new"].strip(" .!\"'")
    # "It's fine, not a problem", "it's all about progress, not perfection": a value is named
    # ("not Berlin", "not the 4th"), not described.
    if _DESCRIBED.match(said) or _DESCRIBED.match(new):
        return None
    if not old or not new or len(old.split()) > 3 or len(new.split()) > 4 or old.casefold() == new.casefold():
        return None
    return ExtractedFact(
        statement=f"{speaker} corrected {old} to {_ARTICLE.sub('', new)}.",
        type=MemoryType.SEMANTIC,
        certainty=certainty,
        subject=speaker,
        predicate=CORRECTS,
        object=correction_object(old, new),
        entities=(speaker,),
    )
