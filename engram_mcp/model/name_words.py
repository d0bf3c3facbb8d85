"""Names that are everyday words too: "Will", "May", "Mark", "Rose", "Grace", "Jack". Pure table.

Such a name is the name only where it is written as one ("I will call the plumber" names no
Will; "Will is my cousin" does): where a text names someone by it is decided by how and where
it is written (``model.name_or_word``). A name that is no everyday word ("Cormac") is matched in
any case, as chat types it.
"""

from __future__ import annotations

import re

__all__ = [
    "ADJECTIVES_THAT_ARE_NAMES", "MOSTLY_NAMES", "NAMES_THAT_ARE_WORDS", "TIMES_THAT_ARE_NAMES", "VERBS_THAT_ARE_NAMES",
    "is_a_word",
]

NAMES_THAT_ARE_WORDS = frozenset(
    """
    will may mark bill frank jack rob pat sue ray drew chase grant hunter lance wade guy gene miles dean
    earl duke king prince bishop baron major art bob rod bud buck chip skip cash clay cliff dash dale glen
    heath herb kit lane nick page penny rich rusty sandy dusty misty sunny stormy woody buddy sonny hardy
    mason ward carol candy cookie honey sugar kitty dolly bunny angel lady
    hope faith grace joy mercy charity patience prudence honour honor justice liberty harmony melody
    destiny bliss chance glory haven journey legend noble royal trinity serenity
    june april august summer autumn winter dawn eve
    rose lily daisy iris violet holly ivy heather jasmine hazel olive poppy fern willow laurel myrtle
    blossom clover sage basil rosemary ginger pepper cherry berry peach plum cinnamon sky rain storm river
    brook forest ocean meadow moss reed stone rock flint star wren robin jay hawk fox wolf bear raven
    dove lark finch swan tiger
    amber ruby pearl jade crystal coral opal jewel gem ebony ivory scarlet indigo sterling
    biscuit shadow lucky smudge muffin peanut bean teddy bubbles socks boots patch mittens whiskers
    fluffy snowy snowball pickle noodle waffles nugget pudding toffee fudge treacle maple bandit rascal
    scout ranger champ chief ace
    """.split()
)
"""Given names (and a pet's names) that are everyday English words, in lower case."""

TIMES_THAT_ARE_NAMES = frozenset({"april", "may", "june", "august", "summer", "autumn", "winter"})
"""Of them, the months and seasons: "in May", "3 June", "this Summer" is a time, not a person."""

MOSTLY_NAMES = frozenset(
    """biscuit pickle nugget smudge rusty dusty scout shadow muffin peanut teddy bubbles mittens whiskers fluffy
    snowball noodle waffles pudding toffee fudge treacle bandit rascal champ buddy kitty bunny dolly daisy poppy
    lily iris violet holly ivy willow heather fern clover myrtle laurel robin wren raven sonny woody tiger""".split()
)
"""Of them, the names chat types in lower case as a name more often than as the word ("dropped
pickle at mum's", "we let rusty go"): in lower case they are the name but as a thing or a quality
("the pickle jar", "the gate is rusty")."""

VERBS_THAT_ARE_NAMES = frozenset(
    """will may mark bill hope jack chase grant rob sue pat wade skip chip drew rose lance cash buck page nick rock
    storm bear patch ace dash ward star wolf rain honour honor""".split()
)
"""Of them, the verbs ("I will call", "I hope so", "mark the date", "prices rose"): in lower case
they are the verb unless written where only a name goes."""

ADJECTIVES_THAT_ARE_NAMES = frozenset(
    """frank sandy rusty dusty misty sunny stormy lucky fluffy snowy noble royal major hardy rich scarlet amber
    ivory hazel olive jade ruby coral indigo violet ginger""".split()
)
"""Of them, the words that say what something is like: "to be frank", "it's sunny"."""

_WORD = re.compile(r"[^\W\d_]+")


def is_a_word(name: str) -> bool:
    """Whether every word of ``name`` is an everyday word as well as a name ("Will", "Rose",
    "Summer Rose"); not "Cormac", nor "Grace Okafor"."""
    words = _WORD.findall(name.casefold())
    return bool(words) and all(word in NAMES_THAT_ARE_WORDS for word in words)
