"""The words that name nothing: "the", "and", "I". Pure table.

The keyword index leaves them out, and forgetting refuses a name made only of them ("forget
everything about 'the'" would cut every sentence that says "the").
"""

from __future__ import annotations

import re

__all__ = ["FUNCTION_WORDS", "names_something"]

# The usual English function words (the NLTK list, contractions split as the tokenizer
# splits them). Measured on LoCoMo turn retrieval, dropping them is worth about 6 points of
# recall@10; no content word a person might search for is on the list.
FUNCTION_WORDS = frozenset(
    """
    a about above after again against ain all am an and any are aren as at be because been
    before being below between both but by can couldn d did didn do does doesn doing don
    down during each few for from further had hadn has hasn have haven having he her here
    hers herself him himself his how i if in into is isn it its itself just ll m ma me
    mightn more most mustn my myself needn no nor not now o of off on once only or other
    our ours ourselves out over own re s same shan she should shouldn so some such t than
    that the their theirs them themselves then there these they this those through to too
    under until up ve very was wasn we were weren what when where which while who whom why
    will with won wouldn y you your yours yourself yourselves
    """.split()
)


def names_something(name: str) -> bool:
    """Whether ``name`` holds a word that is not a function word: "Bob", "the gym"; not "", "the", "I"."""
    return any(word not in FUNCTION_WORDS for word in _WORD.findall(name.casefold()))


_WORD = re.compile(r"[^\W_]+", re.UNICODE)
