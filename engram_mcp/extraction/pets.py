"""The pets a person has, and the ordinary ways people say one came or went ("adopted a
rescue greyhound called Marlowe", "We have two cats, Mochi and Tofu", "Max passed away",
"Bamse went nuts when I came in. He's a Norwegian elkhound"). Pure.

``pet_rules`` is the part of the state rule table (``states``) about pets;
``pets_in_sentence`` reads what only a whole sentence says; ``pets_named_nearby`` what two
sentences say together; ``pet_names`` the names a turn gives pets, so a later "Max passed
away" needs no "dog".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import PET_WORDS, alternation, mentions_pet
from engram_mcp.extraction.state_grammar import Found, Rule, article, as_facts, one_per_slot, rule
from engram_mcp.model import Certainty
from engram_mcp.model.predicates import CAT_WORDS, DOG_WORDS

__all__ = ["pet_names", "pet_rules", "pets_in_sentence", "pets_named_nearby"]


def _pet(m: re.Match[str] | dict[str, str], who: str) -> list[Found]:
    name, animal = m["name"], m["animal"].lower()
    # "a shiba called Daifuku" is said as the dog it is, so "What's her dog called?" finds it.
    kind = "dog" if animal in DOG_WORDS else "cat" if animal in CAT_WORDS else animal
    said = f"{article(kind)} {kind} called {name}" + (f", {article(animal)} {animal}" if kind != animal else "")
    return [(f"{who} has {said}", "has pet", name, "pet", False)]


def _pet_gone(m: re.Match[str], who: str) -> list[Found]:
    name = m["name"]
    said = " ".join(m.group(0).split()).lower()
    verb = next((v for v in ("passed away", "died", "ran away", "was put down", "was rehomed") if v in said), "")
    if not verb and _PUT_TO_SLEEP.search(said):
        verb = "was put down"  # "We had to put Rex down", "Rex was put to sleep", "we had Rex euthanised"
    statement = f"{who}'s pet {name} {verb}" if verb else f"{who} no longer has {name}"
    return [(statement, "no longer has pet", name, "pet", True)]


def pet_rules() -> tuple[Rule, ...]:
    """"I have a dog called Max", "adopted a rescue greyhound named Marlowe"."""
    return (
        rule(r"(?:have|adopted|got|rescued|have\s+adopted|have\s+got|brought\s+home)\s+(?:a|an|our|my)\s+"
              r"(?:new\s+|little\s+|rescue\s+|young\s+|\w+-year-old\s+|(?!(?:called|named)\b)[a-z][\w-]*\s+){0,3}",
              r"(?P<animal>" + alternation(PET_WORDS) + r")\s*,?\s+(?:called|named)\s+"
              r"(?P<name>[A-Z][\w'-]*)", _pet),
    )


# "Our dog Max is 12", "my cat, Miso, …": a pet named as the subject.
_PET_HEAD = re.compile(r"^(?i:(?:my|our)\s+(?:\w+\s+)?(?P<animal>" + alternation(PET_WORDS)
                       + r"))\s*,?\s+(?P<name>[A-Z][\w'-]*)\b")
# "We have two cats, Mochi and Tofu": a pet for each name.
_PETS_LISTED = re.compile(r"^(?i:(?:I|we)\s+(?:have|have\s+got|got|adopted)\s+(?:two|three|four|2|3|4)\s+)(?P<animal>(?i:"
                          + alternation(w + "s" for w in PET_WORDS if not w.endswith("s"))
                          + r"))\s*(?:,|:|\s+called|\s+named|\s+-)\s*(?P<names>[A-Z][\w'-]*(?:\s*,\s*[A-Z][\w'-]*)*\s*,?\s+and\s+[A-Z][\w'-]*)")
# "Border collie named Loki" said after "Got a dog!!": the pet, its verb left in the sentence before.
_PET_PHRASE = re.compile(r"^(?i:(?:a|an|my|our)\s+)?(?i:[\w-]+\s+){0,2}?(?P<animal>(?i:" + alternation(PET_WORDS)
                         + r"))\s*,?\s+(?i:called|named)\s+(?P<name>[A-Za-z][\w'-]*)\b")
_PET_NAMED = re.compile(r"(?i:\b(?:" + alternation(PET_WORDS) + r"))\s*,?\s+(?i:(?:called|named)\s+)?"
                        r"(?P<name>[A-Z][\w'-]*)\b")
_PET_GONE = re.compile(r"^(?i:(?:my|our)\s+(?:\w+\s+)?(?:" + "|".join(PET_WORDS) + r")\s+)?(?P<name>[A-Z][\w'-]*)\s+"
                       r"(?i:(?:has\s+)?(?:died|passed\s+away|passed|was\s+put\s+down|ran\s+away|was\s+rehomed|"
                       r"(?:was|has\s+been|had\s+to\s+be)\s+(?:put\s+(?:down|to\s+sleep)|euthani[sz]ed)|crossed\s+the\s+rainbow\s+bridge|"
                       r"is\s+no\s+longer\s+with\s+us))\b")
# "We had to put Rex down yesterday", "had Rex put to sleep", "we had to say goodbye to Rex": one's pet, put down.
# Said of a name ("we put Tom down as a referee" is no pet's end) only of a pet, or after "had to".
_PUT_TO_SLEEP = re.compile(r"\bput\s+(?:[\w'-]+\s+){0,3}?(?:down|to\s+sleep)\b|euthani[sz]ed", re.IGNORECASE)
_PET_PUT_DOWN = re.compile(r"^(?i:(?:(?:I|we)\s+)?(?P<had_to>(?:had|have)\s+to\s+|had\s+)?(?:finally\s+|just\s+)?(?:(?P<put>put|have\s+put)\s+|"
                           r"(?:said|say)\s+goodbye\s+to\s+)?(?:(?:my|our)\s+(?:\w+\s+)?(?:" + "|".join(PET_WORDS) + r")\s+)?)"
                           r"(?P<name>[A-Z][\w'-]*)(?P<how>(?(put)\s+(?i:down|to\s+sleep)|\s+(?i:put\s+(?:down|to\s+sleep)|euthani[sz]ed)))?\b")
# "Lost our old dog Rex last night": with no "I", only when the pet is called one.
_PET_GONE_FIRST = re.compile(r"^(?i:(?:I|we)\s+(?:had\s+to\s+)?(?:put\s+down|rehomed|lost|gave\s+away|had\s+to\s+rehome)\s+"
                             r"(?:(?:my|our)\s+(?:\w+\s+)?(?:" + "|".join(PET_WORDS) + r")\s+)?|"
                             r"(?:had\s+to\s+)?(?:rehomed|lost|had\s+to\s+rehome)\s+(?:my|our)\s+(?:\w+\s+)?(?:"
                             + "|".join(PET_WORDS) + r")\s+)(?P<name>[A-Z][\w'-]*)")


def pets_in_sentence(text: str, context: str, who: str, pets: frozenset[str]) -> list[Found]:
    """A pet named as the subject or listed, and one that died or went; ``pets`` are names
    given pets before, so "Max passed away" is a pet's death without the word "dog"."""
    found: list[Found] = []
    if (pet_named := _PET_HEAD.match(text) or _PET_PHRASE.match(text)) is not None and not _PET_GONE.match(text):
        found += _pet(pet_named, who)
    if (listed := _PETS_LISTED.match(text)) is not None:
        animal = listed["animal"].lower().removesuffix("s")
        found += [(f"{who} has {article(animal)} {animal} called {name}", "has pet", name, "pet", False)
                  for name in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", listed["names"]) if name]
    pet = _PET_GONE.match(text) or _PET_GONE_FIRST.match(text) or _put_down(text)
    if pet and (pet.re is _PET_GONE_FIRST or mentions_pet(context) or mentions_pet(text) or pet["name"] in pets
                or pet.re is _PET_PUT_DOWN and pet["had_to"] and pet["how"]):
        found += _pet_gone(pet, who)
    return found


def _put_down(text: str) -> re.Match[str] | None:
    """"We had to put Rex down", "we had to say goodbye to Rex": the pet put down, by its name."""
    said = _PET_PUT_DOWN.match(text)
    if said is None or not (said["how"] and (said["put"] or said["had_to"]) or said["had_to"] and "goodbye" in said.group(0).lower()):
        return None
    return said


_PET_KIND = "(?P<animal>(?i:" + alternation(PET_WORDS) + r"))(?![\w-])(?!\s+(?i:person|lover|owner|people|walker|sitter|food))"
# "Daifuku woke me at 5 again. He is a shiba", "Odikro escaped! Our tortoise - he's about 30":
# what the one named in the sentence before is.
_IS_A_PET = re.compile(r"^(?i:he|she|it)(?:\s+is|['’]s)\s+(?i:a|an|our|my)\s+(?:[\w-]+\s+){0,3}?" + _PET_KIND)
_OUR_PET_IS = re.compile(r"^(?i:our|my)\s+" + _PET_KIND + r"\s*[-–—,:]\s*(?i:he|she|it)(?:\s+is|['’]s)\b")
# "Pickle, our four-year-old tabby, has started …", "Kinako is our shiba": the name, then what it is.
_NAME_THEN_PET = re.compile(r"^(?P<name>[A-Z][\w'’-]+)(?:,|\s+is)\s+(?i:our|my)\s+(?:[\w-]+\s+){0,3}?" + _PET_KIND)
# "I walk our greyhound, Marlowe, along the river": the pet, then its name set off by commas.
_PET_THEN_NAME = re.compile(r"\b(?i:my|our)\s+(?:[\w-]+\s+){0,2}?" + _PET_KIND + r"\s*,\s*(?P<name>[A-Z][\w'’-]+)\s*(?:,|$)")
_CAPITALISED = re.compile(r"(?<![\w'’-])(?P<before>(?i:in|from|to|at|near|of|on|for|via|by)\s+)?(?P<word>[A-Z][\w'’-]*)")
_NO_NAMES = frozenset(
    """I I'm I've I'd I'll I’m The A An My Our His Her Their He She It It's We They This That These Those Then So And But
    Also Just Well Oh Ok Okay Yes No Hi Hey Morning Today Yesterday Tonight Last Now Any Can Could What When Where Why How
    Who Which Do Does Did Is Are Was Were Should Would Will Have Has Had Maybe Please Thanks Thank Sorry Sure Anyway
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September
    October November December""".split()
)


def pets_named_nearby(sentences: Sequence[str], speaker: str) -> list[ExtractedFact]:
    """Pets named in one sentence and said to be one in the next ("Bamse went nuts when I came in.
    He's a Norwegian elkhound"), or named and described in one ("Pickle, our four-year-old tabby").

    The one meant is the previous sentence's subject when it is a name, else the last name in it
    that no preposition of place puts somewhere ("… at home in Gaia with Farrusco snoring")."""
    found: list[Found] = []
    for before, sentence in zip(("", *sentences), sentences, strict=False):
        if ((named := _NAME_THEN_PET.match(sentence) or _PET_THEN_NAME.search(sentence)) is not None
                and named["name"] not in _NO_NAMES):
            found += [(statement, predicate, obj, "pet", ended) for statement, predicate, obj, _, ended in _pet(named, speaker)]
            continue
        said = _IS_A_PET.match(sentence) or _OUR_PET_IS.match(sentence)
        if said is None:
            continue
        names = [m for m in _CAPITALISED.finditer(before) if m["word"] not in _NO_NAMES and not m["before"]]
        if not names:
            continue
        subject = names[0] if names[0].start() == len(before) - len(before.lstrip()) else names[-1]
        # Who "he" is was read, not said: a strong inference.
        found += [(statement, predicate, obj, "pet~", ended)
                  for statement, predicate, obj, _, ended in _pet({"name": subject["word"], "animal": said["animal"]}, speaker)]
    return as_facts(one_per_slot(found), speaker, Certainty.STATED.value)


def pet_names(texts: Iterable[str]) -> frozenset[str]:
    """The names ``texts`` give pets ("our dog Max", "a kitten named Luna")."""
    return frozenset(match["name"] for text in texts for match in _PET_NAMED.finditer(text))
