"""Entity resolution: which names are the same thing. Pure.

An entity's id is a hash of its kind and its *key*: the name case-folded, with spacing,
a possessive 's, plural endings, apostrophes and abbreviations' full stops normalised. Names with
the same key are the same entity and merge automatically ("Ana", "ana", "Dogs"/"dog",
"O'Brien"/"O’Brien"/"OBrien", "ACME Ltd."/"ACME Ltd"). Names that are merely similar
(``near_matches``, above 0.75 by default) are listed for a person to confirm and are
never merged silently.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from difflib import SequenceMatcher

__all__ = [
    "APOSTROPHES",
    "FUZZY_THRESHOLD",
    "NearMatch",
    "canonical",
    "entity_id",
    "entity_key",
    "near_matches",
    "typed_without_capitals",
    "without_invisible",
    "written_alike",
]

FUZZY_THRESHOLD = 0.75

APOSTROPHES = "'’‘ʼ`´′‛＇"
"""Every mark typed as an apostrophe: a keyboard's, a phone's curly one, a modifier letter, a backtick,
an accent or a prime (keyboards without the key). A name may be written with any of them, or none."""
_PLAIN_APOSTROPHE = str.maketrans(dict.fromkeys(APOSTROPHES, "'"))


@dataclass(frozen=True, slots=True)
class NearMatch:
    """Two names that may be one entity; a person decides."""

    name: str
    other: str
    similarity: float


def typed_without_capitals(text: str) -> bool:
    """Whether ``text`` was typed with no capital at all ("me n marcus are done fyi"): then a capital
    marks no name, and an apostrophe may be dropped too."""
    return not any(character.isupper() for character in text)


def without_invisible(text: str) -> str:
    """``text`` without the invisible characters a web page or a phone leaves inside words (a zero-width space, a
    soft hyphen, a word joiner, a byte order mark, direction marks): "Goo\u200bgle" is Google. The joiners that
    shape letters (in Devanagari, Persian, an emoji sequence) stay."""
    return "".join(c for c in text if c in _SHAPING_JOINERS or unicodedata.category(c) != "Cf")


_SHAPING_JOINERS = frozenset("\u200c\u200d")


def written_alike(name: str) -> str:
    """The name as it shows: one Unicode form ("José" typed as one character or as "e" and an
    accent, fullwidth "Ｍａｒｙ" as "Mary") and nothing invisible (a right-to-left mark, a
    zero-width space), so names that look the same are the same."""
    return "".join(c for c in unicodedata.normalize("NFKC", name) if unicodedata.category(c) != "Cf")


def entity_key(name: str) -> str:
    """The name as compared: how it is encoded (``written_alike``), case, spacing, a possessive,
    plural endings, apostrophes and an abbreviation's full stop ("ACME Ltd.", "J. Smith") do not count."""
    plain = re.sub(r"'s\b", "", written_alike(name.translate(_PLAIN_APOSTROPHE)).strip()).replace("'", "")
    plain = re.sub(r"(?<=[^\W\d_])\.(?=\s|$)", "", plain)
    words = plain.casefold().split()
    return " ".join(_singular(word) for word in words)


def entity_id(name: str, kind: str = "entity") -> str:
    """A deterministic id: the same name (by key) and kind always give the same id."""
    digest = hashlib.sha256(f"{kind}|{entity_key(name)}".encode()).hexdigest()
    return f"e-{digest[:12]}"


def canonical(name: str, known: Mapping[str, str]) -> str:
    """The spelling already in use for this name's key, or the name itself when it is new.

    ``known`` maps entity keys to the spelling first seen.
    """
    return known.get(entity_key(name), name)


def near_matches(names: Iterable[str], threshold: float = FUZZY_THRESHOLD) -> list[NearMatch]:
    """Pairs of distinct entities whose names are more than ``threshold`` alike, most alike first."""
    by_key: dict[str, str] = {}
    for name in names:
        by_key.setdefault(entity_key(name), name)
    keys = sorted(by_key)
    found = []
    for i, key in enumerate(keys):
        for other in keys[i + 1 :]:
            ratio = SequenceMatcher(None, key, other).ratio()
            if ratio > threshold:
                found.append(NearMatch(by_key[key], by_key[other], round(ratio, 3)))
    return sorted(found, key=lambda m: m.similarity, reverse=True)


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
