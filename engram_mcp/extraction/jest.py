"""What a person says in jest: taken back in the same breath, or marked as sarcasm. Pure.

"I work at NASA now. Just kidding!", "I'm moving to Mars jk", "I love Mondays. Not really.": the
statement is taken back as it is made. "Oh yeah, I totally work at NASA now, sure.", "I'm a
millionaire, yeah right", "lol I'm basically the Queen of England now":
the statement is said so as to mean it is not so. A note-taker keeps none of them as a fact (the
turn itself is still stored, word for word). What follows a retraction that opens a sentence
("Just kidding, I actually work at Tesco") is meant, and read.
"""

from __future__ import annotations

import re

__all__ = ["in_earnest"]

_RETRACTION = r"(?:just\s+(?:kidding|joking)|only\s+(?:kidding|joking)|(?:i'?m\s+)?kidding|(?:i'?m\s+)?joking|jk|j/k|lol\s+no|haha\s+no|nah\s+jk)"
# A sentence that is nothing but a retraction ("Just kidding!", "jk", "Not really.", "Yeah right."):
# the statement before it is taken back.
_TAKES_BACK_WHOLE = re.compile(r"^\W*(?:(?:haha+|lol|lmao)\s*,?\s*)?(?:" + _RETRACTION + r"|not\s+really|yeah,?\s+right|as\s+if)\b[\W_]*$",
                               re.IGNORECASE)
# "Just kidding, I actually work at Tesco": the sentence before is taken back, the rest is meant.
_TAKES_BACK_OPENING = re.compile(r"^\W*(?:(?:haha+|lol|lmao)\s*,?\s*)?" + _RETRACTION + r"\s*[,.!:;—–-]+\s*", re.IGNORECASE)
# "I'm moving to Mars, jk", "I work at NASA now... just kidding!": the sentence takes itself back.
# Typed with no stop before it only when it cannot be the end of "I'm not kidding".
_TAKES_BACK_ENDING = re.compile(r"(?:(?:[,;:—–-]|\.{2,}|…)\s*(?:(?:haha+|lol|lmao)\s*,?\s*)?(?:" + _RETRACTION + r"|not\s+really)|"
                                r"\s(?:(?:haha+|lol|lmao)\s*,?\s*)?(?:just\s+(?:kidding|joking)|only\s+(?:kidding|joking)|jk|j/k|lol\s+no))"
                                r"\s*(?:haha+|lol|lmao)?[\W_]*$", re.IGNORECASE)
# Said to mean the opposite: "…, sure.", "yeah right", "as if", "/s" (not an eye-roll, said of what annoys as often).
_SARCASM = re.compile(r",\s*sure[.!…]*\s*$|\byeah,?\s+right\b|\bas\s+if[.!…]*\s*$|(?:^|\s)/s\s*$|^\W*oh\s+sure\b|"
                      # "Sure, and I'm the Pope.", "I'm moving to Hawaii, NOT."
                      r"^\W*sure,?\s+and\b|(?-i:[,.…]\s*NOT)[.!]*\s*$", re.IGNORECASE)
# A laugh beside what one "basically" is: "lol I'm basically the Queen of England now".
_LAUGH = re.compile(r"\b(?:lol|lmao|rofl|haha+|hehe+)\b|😂|🤣|😜|😝", re.IGNORECASE)
_FIGURATIVELY = re.compile(r"\b(?:I'm|I\s+am|I've\s+become|I\s+have\s+become)\s+(?:basically|practically|literally|virtually|"
                           r"pretty\s+much)\b", re.IGNORECASE)


def in_earnest(said: list[str]) -> list[str]:
    """The sentences of ``said`` a note-taker would take as meant: without those taken back in
    the same turn or said in sarcasm, and without the retractions themselves."""
    kept: list[str] = []
    for sentence in said:
        typed = sentence.replace("’", "'")
        if _TAKES_BACK_WHOLE.match(typed):
            if kept and not kept[-1].rstrip().endswith("?"):
                kept.pop()
            continue
        if (opening := _TAKES_BACK_OPENING.match(typed)) is not None:
            if kept and not kept[-1].rstrip().endswith("?"):
                kept.pop()
            sentence = sentence[opening.end():]
            if not sentence.strip():
                continue
        elif _TAKES_BACK_ENDING.search(typed):
            continue
        if _SARCASM.search(typed) or (_LAUGH.search(typed) and _FIGURATIVELY.search(typed)):
            continue
        kept.append(sentence)
    return kept
