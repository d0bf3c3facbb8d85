"""Tokenising for the sparse channel: lowercase word pieces, stopwords, a light stemmer.

Pure and deterministic so that the same function can build Qdrant sparse vectors at
write time and the query's sparse vector at read time.
"""

from __future__ import annotations

import re

__all__ = ["STOPWORDS", "stem", "tokenize"]

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")

STOPWORDS = frozenset(
    """a about above after again against all am an and any are aren't as at be because been before
    being below between both but by can could couldn't did didn't do does doesn't doing don't down during
    each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's
    hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's
    me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves out
    over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their
    theirs them themselves then there there's these they they'd they'll they're they've this those through
    to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's
    where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're
    you've your yours yourself yourselves s t just also really yeah oh hey hi wow""".split()
)


def stem(word: str) -> str:
    """A small suffix stripper (plural, -ing, -ed, -ly): cheap, and enough to join 'paints'/'painting'."""
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, replacement, min_stem in (
        ("ies", "y", 2),
        ("sses", "ss", 2),
        ("ing", "", 3),
        ("ed", "", 3),
        ("ly", "", 3),
        ("es", "", 3),
        ("s", "", 3),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= min_stem:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            base = word[: len(word) - len(suffix)] + replacement
            # 'running' -> 'run', 'stopped' -> 'stop': undo a doubled final consonant
            if suffix in ("ing", "ed") and len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]
            return base
    return word


def tokenize(text: str, *, stopwords: bool = True, stemming: bool = True) -> list[str]:
    """Lowercase word tokens, optionally without stopwords and stemmed."""
    tokens = _WORD.findall(text.lower())
    if stopwords:
        tokens = [t for t in tokens if t not in STOPWORDS]
    if stemming:
        tokens = [stem(t) for t in tokens]
    return tokens
