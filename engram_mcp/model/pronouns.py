"""The words that point back at someone named before: "he", "she", "they" and their forms, in English and in the
languages chat mixes in ("number niya …" after "ate ko si Jhoana", "ela mora em …", "cô ấy …"). Pure table.

Words that are also common words of another language are left out: Italian "il" (the), Portuguese and Spanish "dia"
(day, Indonesian's "he"), German "er" and "sie" (a hesitation, "they" and "you"), Spanish "su" (whose of anyone).
Opening a sentence, French "il" and "ils" are "he" and "they" (``OPENING_THIRD_PERSON_WORDS``): "Denis Gagnon, mon
helper, m'a texté. il part en Alberta".
"""

from __future__ import annotations

import re

__all__ = ["OPENING_THIRD_PERSON_WORDS", "THIRD_PERSON", "THIRD_PERSON_WORDS"]

THIRD_PERSON_WORDS = (
    r"he|she|they|his|her|him|their|them|hers|theirs"
    r"|siya|niya|kanya"  # Tagalog
    r"|él|ella|ellos|ellas|ele|ela|eles|elas|dele|dela"  # Spanish, Portuguese
    r"|elle|elles|lui|lei|hij|zij|haar|seine|ihre"  # French, Italian, Dutch, German
    r"|ona|jej|jego|onun|yeye|howa|heya"  # Polish, Turkish, Swahili, Arabizi
    r"|(?:anh|chị|cô|em|ông|bà)\s+ấy"  # Vietnamese
)
"""A word pointing back at someone, as a pattern's alternatives."""

OPENING_THIRD_PERSON_WORDS = THIRD_PERSON_WORDS + r"|il|ils"
"""Those a sentence opens with: French "il" and "ils" too."""

THIRD_PERSON = re.compile(rf"\b(?:{THIRD_PERSON_WORDS})(?!\w)", re.IGNORECASE)
"""A word pointing back at someone: the next sentence may go on about whom the one before it named."""
