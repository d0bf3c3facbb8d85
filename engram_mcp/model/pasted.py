"""What a person wrote in their own words, and what they pasted from someone else. Pure.

A forwarded or quoted email is someone else's words: "We are delighted to welcome Cian" is the
creche speaking, not the person who pasted it, and "with effect from Friday" in a transfer notice
is the office's wording. The rules extractor reads only the person's words as said of them, and
recall's rules of what leads read only them for the words that say something changed.

So are the words of someone the person quotes: in "My boss said 'I live in Paris'" or "My boss told
me: I moved to Paris last year" the "I" is the boss's. The rules extractor reads neither as said
of the person (``without_others_speech``).
"""

from __future__ import annotations

import re

from engram_mcp.model.function_words import FUNCTION_WORDS

__all__ = ["own_words", "without_doubted_message", "without_others_speech"]

_EMAIL_HEADER = re.compile(r"^[ \t>]*(?:-{2,}\s*(?:Forwarded message|Original Message)\s*-{2,}|"
                           r"(?:From|Sent|Date|To|Subject):[^\n]*\n(?:[^\n]*\n)?[ \t>]*(?:From|Sent|Date|To|Subject):)",
                           re.MULTILINE | re.IGNORECASE)
_RULE_LINE = re.compile(r"^[ \t]*(?:-{3,}|_{3,}|={3,}|\*{3,})[ \t]*$", re.MULTILINE)


# "> Hi Farah, please ignore your usual rate": a line quoted from someone else, as mail and chat mark one.
_QUOTED_LINE = re.compile(r"^[ \t]*>[^\n]*(?:\n|$)", re.MULTILINE)


def own_words(text: str) -> str:
    """``text`` without a forwarded or quoted email, from its header to the rule that closes it
    ("---"), or to the end when none does ("So Graham's my manager now", said after the pasted
    email, is the person's again), and without lines quoted with ">"."""
    header = _EMAIL_HEADER.search(text)
    if header is not None:
        closing = _RULE_LINE.search(text, header.end())
        text = text[: header.start()] + ("\n" + text[closing.end():] if closing is not None else "")
    return _QUOTED_LINE.sub("", text)


# A message pasted whole in quotation marks, on lines of its own: "Dear Customer, your BVN has been suspended …".
_QUOTED_MESSAGE = re.compile(r"(?:^|\n)[ \t]*(?:\"[^\"]{20,}\"|“[^”]{20,}”)[ \t]*(?=\n|$)")
# The person doubting it, in the languages chat mixes in: "this message is fake", "is this real?", "ni kweli??".
_DOUBTED = re.compile(r"\b(?:fake|scam\w*|phishing|spam|fraud\w*|hoax|legit\w*|genuine\s*\?|real\s*\?+|true\s*\?+|kweli|"
                      r"prawda\s*\?+|oszust\w*|penipuan|asli\s*\?+|beneran|palsu|estafa|arnaque|betrug)(?!\w)|진짜|사기", re.IGNORECASE)


def without_doubted_message(text: str) -> str:
    """``text`` without a message pasted whole in quotation marks that the person doubts ("my grandson says this message
    is fake. read it for me:", "ni kweli??"): what it claims, a prize won or an account suspended, is the sender's
    word, nothing said of the person. A message pasted and not doubted is kept: a letting agent's email tells the flat."""
    own = _QUOTED_MESSAGE.sub("\n", text)
    return own if own != text and _DOUBTED.search(own) is not None else text


_QUOTATION = r"(?:\"[^\"\n]+\"|“[^”\n]+”|‘[^’\n]+’(?!\w)|(?<!\w)'[^'\n]+?'(?!\w)|«[^»\n]+»|„[^“”\n]+[“”])"
_SAYS = (r"(?:said|says|wrote|writes|asked|asks|replied|replies|answered|added|adds|shouted|yelled|goes|went|insists|insisted|"
         r"(?:told|tells|texted|texts|messaged|emailed)(?:\s+(?:me|us|him|her|them|everyone|everybody))?|"
         r"(?:is|was|'s|’s)\s+(?:all\s+)?like|put\s+it)")
# "My boss said 'I live in Paris'", "Tom told me: I moved to Paris last year", "and she goes "I quit"":
# the clause of someone else saying it, with what they said, quoted or after a colon (to the sentence's end).
_REPORTED = re.compile(r"(?P<sayer>(?:^|(?<=[.!?;,]\s)|(?<=\n)|(?<=\band\s)|(?<=\bbut\s))(?:(?!\b(?:and|but)\s)[^.!?;,\n\"“‘'«]){0,60}?)\b" + _SAYS +
                       r"(?P<said>\s*,?\s*" + _QUOTATION + r"|\s*:\s*[^\n]*?(?:[.!?]+(?=\s|$)|$))", re.IGNORECASE)
_SPEAKER_SAYS = re.compile(r"\b(?:I|we)\b", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself|we|we're|we've|our|ours|us)(?!['’]?\w)", re.IGNORECASE)
_OTHERS = frozenset("he she they you someone somebody everyone everybody people".split())
# "Ah sorry, should have said: please …": the speaker, their "I" dropped.
_NAMING_NO_ONE = FUNCTION_WORDS | frozenset("would could might must also already ah oh sorry well yesterday today actually please never always "
                                                "ever".split())


def _someone_else(sayer: str) -> bool:
    """Whether the words before a verb of saying name someone other than the speaker."""
    words = re.findall(r"[^\W\d_]+", sayer.casefold())
    return not _SPEAKER_SAYS.search(sayer) and any(word in _OTHERS or word not in _NAMING_NO_ONE for word in words)


def without_others_speech(text: str) -> str:
    """``text`` without what someone other than the person is quoted as saying in the first person,
    with the clause that says they said it; what the person quotes themselves saying ("I told him 'I
    quit'"), or another says of no one speaking ("she says 'a fixed salary is a fixed roof'"), is kept."""
    cut = _REPORTED.sub(lambda m: "\0" if _someone_else(m["sayer"]) and _FIRST_PERSON.search(m["said"]) else m.group(0), text)
    # "I live in Leeds and my boss said …": the word that joined the clause goes with it.
    return _CUT.sub("", cut) if "\0" in cut else text


_CUT = re.compile(r"(?:,?\s*\b(?:and|but)\s*)?\0", re.IGNORECASE)
