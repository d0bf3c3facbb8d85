"""BM25 sparse vectors computed in-process, the same for every index backend.

Pure and stdlib-only. The index stores each document's BM25 term weight (term-frequency
saturation and length normalisation); the engine multiplies in the IDF at query time
(``Modifier.IDF``), so a query vector only has to name its terms. Tokens are hashed to
32-bit ids, which keeps vocabularies out of the index and needs no shared dictionary.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from engram_mcp.model.function_words import FUNCTION_WORDS

__all__ = ["Bm25Encoder", "SparseEncoder", "SparseVector", "stem", "token_id", "tokenize"]

_WORD = re.compile(r"[^\W_]+", re.UNICODE)

_VOWEL = re.compile(r"[aeiouy]")


@dataclass(frozen=True, slots=True)
class SparseVector:
    indices: tuple[int, ...]
    values: tuple[float, ...]

    def __len__(self) -> int:
        return len(self.indices)


class SparseEncoder(Protocol):
    """Text to sparse vectors; documents and queries may be weighted differently."""

    def document(self, text: str) -> SparseVector: ...

    def query(self, text: str) -> SparseVector: ...


def tokenize(text: str) -> list[str]:
    """Lowercased, accent-folded, stemmed word tokens without stopwords."""
    folded = _fold(text)
    tokens: list[str] = []
    for word in _WORD.findall(folded):
        if word in FUNCTION_WORDS:
            continue
        tokens.append(stem(word))
    return tokens


def stem(word: str) -> str:
    """A light English suffix stripper: plurals, -ing, -ed, -ly, -ies.

    Deliberately much weaker than Porter: it only merges forms a person would call the same
    word, and leaves short words and non-ASCII words alone.
    """
    if len(word) <= 3 or not word.isascii() or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("sses"):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ingly", "edly", "ing", "ed"):
        if word.endswith(suffix):
            base = word[: -len(suffix)]
            if len(base) >= 3 and _VOWEL.search(base):
                return _undouble(base)
            return word
    if word.endswith("ly") and len(word) > 5:
        return word[:-2]
    return word


def token_id(token: str) -> int:
    """A stable 32-bit id for a token (Qdrant sparse indices are unsigned 32-bit)."""
    return int.from_bytes(hashlib.blake2b(token.encode(), digest_size=4).digest(), "big")


@dataclass(frozen=True, slots=True)
class Bm25Encoder:
    """Documents get saturated, length-normalised term weights; queries get one per term.

    ``avg_len`` is the expected document length in tokens. Memories are short (a fact is a
    sentence, a turn a paragraph), so the default is far below the 256 usual for web text;
    a fixed value keeps every document's weights independent of the rest of the corpus.
    """

    k: float = 1.2
    b: float = 0.75
    avg_len: float = 32.0

    def document(self, text: str) -> SparseVector:
        tokens = tokenize(text)
        if not tokens:
            return SparseVector((), ())
        norm = self.k * (1.0 - self.b + self.b * len(tokens) / self.avg_len)
        weights: dict[int, float] = {}
        for token, tf in Counter(tokens).items():
            index = token_id(token)
            weights[index] = weights.get(index, 0.0) + tf * (self.k + 1.0) / (tf + norm)
        return _sorted(weights)

    def query(self, text: str) -> SparseVector:
        return _sorted({token_id(token): 1.0 for token in tokenize(text)})


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _undouble(base: str) -> str:
    """Porter's step 1b clean-up: hopping -> hop, hoping -> hope, troubled -> trouble."""
    if base.endswith(("at", "bl", "iz")):
        return base + "e"
    if len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "lsz" and not _is_vowel(base, -1):
        return base[:-1]
    if len(base) == 3 and _is_cvc(base):
        return base + "e"
    return base


def _is_vowel(word: str, at: int) -> bool:
    return word[at] in "aeiou"


def _is_cvc(word: str) -> bool:
    return (
        not _is_vowel(word, -3)
        and _is_vowel(word, -2)
        and not _is_vowel(word, -1)
        and word[-1] not in "wxy"
    )


def _sorted(weights: dict[int, float]) -> SparseVector:
    ordered = sorted(weights.items())
    return SparseVector(tuple(i for i, _ in ordered), tuple(v for _, v in ordered))
