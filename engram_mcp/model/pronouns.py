"""The words that point back at someone named before: "he", "she", "they" and their forms, in English and in the
languages chat mixes in ("number niya …" after "ate ko si Jhoana", "ela mora em …", "cô ấy …"). Pure table.

Words that are also common words of another language are left out: Italian "il" (the), Portuguese and Spanish "dia"
(day, Indonesian's "he"), German "er" and "sie" (a hesitation, "they" and "you"), Spanish "su" (whose of anyone).
Opening a sentence, French "il" and "ils" are "he" and "they" (``OPENING_THIRD_PERSON_WORDS``): "Denis Gagnon, mon
helper, m'a texté. il part en Alberta".
"""

from __future__ import annotations

import re

__all__ = ["OPENERS", "OPENING_THIRD_PERSON_WORDS", "THIRD_PERSON", "THIRD_PERSON_WORDS"]

THIRD_PERSON_WORDS = (
    r"he|she|they|his|her|him|their|them|hers|theirs"
    r"|siya|niya|kanya"  # Tagalog
    r"|él|ella|ellos|ellas|ele|ela|eles|elas|dele|dela"  # Spanish, Portuguese
    r"|elle|elles|lui|lei|hij|zij|haar|seine|ihre"  # French, Italian, Dutch, German
    r"|ona|jej|jego|onun|yeye|howa|heya"  # Polish, Turkish, Swahili, Arabizi
    r"|(?:anh|chị|cô|em|ông|bà)\s+ấy"  # Vietnamese
)
"""A word pointing back at someone, as a pattern's alternatives."""

OPENING_THIRD_PERSON_WORDS = (THIRD_PERSON_WORDS + r"|il|ils|katanya|dia(?=\s+(?!de\b|do\b|da\b|das\b|dos\b|del\b|todo\b)[^\W\d_])|usne"
                              r"|(?:keh|bol)(?:ta|ti)\s+(?:hai|tha|thi)")
"""Those a sentence opens with: French "il" and "ils" too, Indonesian "dia" (not Portuguese "dia de folga", "dia 12")
and "katanya" ("he says": "Dimas chat lagi. katanya mau balikin hoodie aku"), Hindi "usne" and "kehta hai" ("he says":
"Rohan ka call aaya. Kehta hai naya cafe kholna hai")."""

OPENERS = (
    r"also|and|plus|but|so|then|now|still|even|again|apparently|anyway|btw|oh|ok|okay|well|yeah|lol|ugh|and then"
    r"|last time|this time|next time|today|yesterday|tonight|this morning"
    r"|e|ma|poi|anche|pure|et|mais|puis|pis|aussi|en plus|y|pero|también|luego|und|aber|auch|dann|en|maar|ook"
    r"|terus|trus|juga|lalu|tapi|dan|aur|phir"
)
"""Words that open a sentence before its subject and say nothing of whom it is about, as a pattern's alternatives:
"also she wants to bring her own cassata", "last time he took 6 months", "pis il m'a demandé"."""

THIRD_PERSON = re.compile(rf"\b(?:{THIRD_PERSON_WORDS})(?!\w)", re.IGNORECASE)
"""A word pointing back at someone: the next sentence may go on about whom the one before it named."""
