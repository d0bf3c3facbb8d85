"""Chat as people type it, read as written out before the rules read it: "pls", "im", a lowercase "i", asides in
brackets, a lead-in before a dash, words shouted in capitals. Pure.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.lexicon import OCCUPATIONS

__all__ = ["as_typed", "unshouted"]

_TEXTSPEAK = (
    (re.compile(r"\b(?:pls|plz|pleas|pleeease|pleease)\b", re.IGNORECASE), "please"),
    (re.compile(r"\bi\b"), "I"),
    (re.compile(r"\bim\b", re.IGNORECASE), "I'm"),
    (re.compile(r"\bive\b", re.IGNORECASE), "I've"),
    # "dont give me long answers": the apostrophe a phone keyboard leaves out.
    (re.compile(r"\b(do|does|did|is|was|are|were|have|has|had|should|would|could)nt\b", re.IGNORECASE), r"\1n't"),
    (re.compile(r"\bcant\b", re.IGNORECASE), "can't"),
    # "gf is called frida": the possessive goes with the abbreviation.
    (re.compile(r"(?:^|\bmy\s+)gf\b", re.IGNORECASE), "my girlfriend"), (re.compile(r"(?:^|\bmy\s+)bf\b", re.IGNORECASE), "my boyfriend"),
    (re.compile(r"\bwk\b", re.IGNORECASE), "week"), (re.compile(r"\bmgr\b", re.IGNORECASE), "manager"),
    (re.compile(r"\bw/(?=\s)", re.IGNORECASE), "with"), (re.compile(r"\brn\b"), "right now"),
    (re.compile(r"^(?:ngl|tbh|fr|lowkey)\s+", re.IGNORECASE), ""),
    # "moved 2 copenhagen": "2" for "to", after a verb of going.
    (re.compile(r"\b(moved|moving|going|went|go|headed|heading|flew|flying|back|off)\s+2\s+(?=[a-z])", re.IGNORECASE), r"\1 to "),
    # "staff engineer @ Stripe"; an email address keeps its @.
    (re.compile(r"(?<=\w)\s+@\s+(?=\w)|(?<=\s)@(?=[A-Z])"), " at "),
)


def as_typed(text: str) -> str:
    """Chat as people type it, read as written out: "pls", "im", a lowercase "i"; asides in
    brackets read into the sentence: "Marek (my husband) and I" as "my husband Marek and I", "a
    sparky (electrician)" as "an electrician"; a lead-in before a dash left out; words shouted in
    capitals ("GOT THE ICU JOB", "I'M GOING TO RENAL") as if typed in lowercase."""
    text = unshouted(text)
    for pattern, written in _TEXTSPEAK:
        text = pattern.sub(written, text)
    text = _DASH_LEAD.sub("", _RELATION_ASIDE.sub(lambda m: f"{m['my']} {m['relation']} {m['name']}", text))
    return _GLOSSED_ROLE.sub(lambda m: f"{'an' if m['role'][0] in 'aeiou' else 'a'} {m['role']}", text)


def unshouted(text: str) -> str:
    """``text`` with words shouted in capitals as if typed in lowercase: a person whose only capitals
    are shouted ("GOT THE JOB at el pendulo!!") types names without them too."""
    return _SHOUTED.sub(lambda m: m.group(0).lower(), text)


# Three or more words in capitals opening a sentence, to its end or before words in lower case: shouted,
# not names ("GOT THE ICU JOB.", "GOT THE JOB at el pendulo!!"; not "a Canon EF 70-200mm f/2.8L IS III USM lens").
_SHOUTED = re.compile(r"(?:^|(?<=[.!?]\s))(?:[A-Z][A-Z'’]*,?\s+){2,}[A-Z][A-Z'’]*(?=\s*(?:[.!?]|$)|\s+[a-z])", re.MULTILINE)
# "Quick one before I head out - I'm a sparky in Auckland": a few words of lead-in before a dash,
# then the speaker; not a condition, a time the rest happened at ("Last week - I …"), or something
# the speaker says of themselves ("I've been into The Neighbourhood lately - I saw them live").
_DASH_LEAD = re.compile(r"(?:^|(?<=[.!?]\s))(?!(?i:if|when|whenever|once|unless|because|since|as|after|before|although|though|"
                        r"while|until|even|only|now\s+that|so|but|and|or|I|I'm|I've|I'd|my|we|we're|we've|our|"
                        # nor a request: "Keep everything in euros - I read you at the taxi rank"
                        r"please|keep|give|write|use|make|reply|answer|don't|do|always|never|no)\b)(?![^.!?\n]*?\b(?i:last|yesterday|today|tonight|"
                        r"ago|week|month|year|weekend|morning|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|"
                        r"sunday|growing\s+up|when|then)\b[^.!?\n]*?\s[-–—]\s)(?:[\w'’]+\s+){1,6}?[\w'’]+\s+[-–—]\s+"
                        r"(?=(?:I|I'm|I've|my)\b)")
_RELATION_ASIDE = re.compile(r"(?P<name>\b[A-Z][\w'’-]+)\s+\((?P<my>(?i:my|our))\s+(?P<relation>[a-z]+(?:\s+[a-z]+)?)\)")
_GLOSSED_ROLE = re.compile(r"\b(?:(?i:a|an)\s+)?[a-z][\w-]*\s+\((?P<role>" + "|".join(sorted(OCCUPATIONS)) + r")\)")
