"""Numbers said in words, written in figures: "twelve hundred and fifty" is 1250, "two grand" 2000,
"twelve fifty" 1250 and "nine fifty" 950 (hundreds left unsaid, as an amount of money is said aloud). Pure.

Only whole runs of number words are rewritten; every other word stays as it is ("rent is now twelve
hundred and fifty a month" → "rent is now 1250 a month").
"""

from __future__ import annotations

import re

__all__ = ["in_figures"]

_UNITS = {word: value for value, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen".split())}
_TENS = {word: 10 * value for value, word in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "k": 1000, "million": 1_000_000}
_NUMBER_WORD = "|".join(sorted((*_UNITS, *_TENS, *_SCALES), key=len, reverse=True))
# A run opens with a number word (or "a" before a scale: "a grand", "a thousand") and goes on over
# number words, hyphens and "and" between them.
# Not a word of a compound ("a one-bed", "a two-seater") nor "grand" before a noun ("a grand piano").
_RUN = re.compile(rf"(?<!-)\b(?:(?:a\s+)(?=(?:hundred|thousand|grand|million)\b))?(?:{_NUMBER_WORD})"
                  rf"(?:(?:\s+and\s+|\s*-\s*|\s+)(?:{_NUMBER_WORD}))*\b(?!-[a-z])"
                  r"(?<!grand(?=\s+(?!(?:a|an|per|in|for|each|now|and|total|pa|p\.a)\b)[a-z]))", re.IGNORECASE)


def in_figures(text: str, *, hundreds_unsaid: bool = True) -> str:
    """``text`` with each run of number words written in figures ("twelve hundred and fifty" → "1250").
    ``hundreds_unsaid``: "twelve fifty" is 1250 (a rent); when not, it stays in words (a rate: £12.50 an hour)."""
    def figures(run: re.Match[str]) -> str:
        value = _value(run.group(0), hundreds_unsaid) if _counts(run.group(0)) else None
        return run.group(0) if value is None else str(value)
    return _RUN.sub(figures, text)


def _counts(run: str) -> bool:
    """Whether a run says a number: not "k" or "grand" alone, which count nothing."""
    return any(word in _UNITS or word in _TENS or word == "a" for word in _words(run))


def _words(run: str) -> list[str]:
    return [word for word in re.split(r"[\s-]+", run.lower()) if word and word != "and"]


def _value(run: str, hundreds_unsaid: bool) -> int | None:
    total, current = 0, 0
    for word in _words(run):
        if word == "a":
            current = 1
        elif word in _SCALES:
            scale = _SCALES[word]
            if scale == 100:
                current = (current or 1) * 100
            else:
                total, current = total + (current or 1) * scale, 0
        else:
            value = _UNITS.get(word, _TENS.get(word, 0))
            if 1 <= current < 100 and value >= 10 and not (current in _TENS.values() and value < 10):
                if not hundreds_unsaid:
                    return None
                current = current * 100 + value  # "twelve fifty", "nineteen ninety": hundreds left unsaid
            else:
                current += value
    return total + current
