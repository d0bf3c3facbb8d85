"""Standing requests: how the person asks the assistant to work, said any of the ways people say it.

"Please always answer in French", "Metric units only.", "Ground rules: keep it short", "When you
suggest recipes, keep them dairy-free", "Give it to me straight, no waffle": each is a request
that holds for every later chat, restated as "<speaker> asked: …"; advice to a friend ("Don't give
up on your dreams") and a one-off task are not. Pure.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import ASSISTANT_ACTS, OUTPUT_FORM_WORDS, OUTPUT_FORMS, UNITS
from engram_mcp.extraction.validate import content_words, resolve_first_person
from engram_mcp.extraction.wording import SECOND_PERSON, clip, names_in
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.predicates import third_singular

__all__ = ["CONDITIONAL_REQUEST", "REQUEST_LABEL", "instruction", "is_kept_request", "is_request"]

_IMPERATIVE = re.compile(
    # "from now on my shifts are 07:30 to 20:00" tells what holds, not what to do.
    r"^(?:please\b|remember to\b|always\b|never\b(?!\s*mind\b)|don't\b|do not\b|make sure\b|from now on\b(?!,?\s+(?:my|our|his|her|their|we)\b)|"
    r"call me\b)"
    r"(?!\s+(?:had|been|was|were|did|got|went|thought|knew|seen|heard)\b)",
    re.IGNORECASE,
)
# "Switch back to English for your replies, please", "Use metric units from now on": a request
# that starts with its verb and says it is one at the end.
_TRAILING_REQUEST = re.compile(
    r"^(?:switch|use|reply|answer|respond|write|keep|stop|start|give|call|speak|talk|format|send|avoid|address|"
    r"refer|spell|show|list|go)\b.*\b(?:please|from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future)\W*$",
    re.IGNORECASE,
)
# "Metric units only.", "No emojis.", "Low-sugar recipes only.": what the assistant gives, said in
# as few words as a note.
_GIVEN = OUTPUT_FORM_WORDS + r"|recipes|meals|suggestions|examples|links"
_TERSE_REQUEST = re.compile(
    r"^(?:(?:no|only|never)\s+(?:[\w-]+\s+){0,3}?(?:" + _GIVEN + r"|jargon)|(?:[\w-]+\s+){0,3}?(?:" + _GIVEN + r")\s+only)\W*$",
    re.IGNORECASE,
)
# "Give it to me straight, no waffle, and everything in metric", "Keep everything in euros": a bare
# imperative is a standing request when it says how the assistant is to write.
_TOLD_HOW = re.compile(r"^(?:give|keep|write|put|answer|reply|respond|do|make|number|use|spell|format|speak|talk)\b", re.IGNORECASE)
# "Avoid jargon", "Stop apologising", "Be brief": more verbs that say how the assistant is to work.
_HOW_TO_WORK = re.compile(r"^(?:avoid|stop|skip|include|add|mention|explain|cite|quote|convert|show|list|stick|stay|be|"
                          r"check|assume|translate|summari[sz]e|double-check|limit|prefer|ask)\b", re.IGNORECASE)
# "Number the steps when you tell me stuff", "keep it short, no essays": said of whatever the assistant writes.
_STANDING = re.compile(r"\b(?:everything|always|every\s+time|from\s+now\s+on|in\s+future|going\s+forward|no\s+waffle|"
                       r"no\s+essays?|no\s+jargon|plainly|plain\s+english|simple\s+(?:english|words|language)|(?:when(?:ever)?|any\s*time)\s+you)\b|"
                       r"\bin\s+(?:metric|" + UNITS + r")\b", re.IGNORECASE)
# "Simple language please, no jargon", "Short answers please": how to write, asked for by its name.
_ASKED_FOR_BY_NAME = re.compile(r"^(?:[\w/-]+\s+){0,3}?[\w/-]+\s*,?\s+(?:please|pls|plz)\b(?!\s+(?:help|tell|let|send|give|check))",
                                re.IGNORECASE)
# "when you suggest …", "if you ever write …": what the assistant does for the person.
_WHEN_YOU_DO = r"(?:when(?:ever)?|if|any\s*time)\s+you\s+(?:ever\s+)?" + ASSISTANT_ACTS + r"\b"
# "When you suggest recipes, keep them dairy-free": the condition says what the request is about.
CONDITIONAL_REQUEST = re.compile(
    r"^" + _WHEN_YOU_DO + r"[^,]{0,100},\s+(?:please\s+)?(?:always\s+|never\s+|"
    r"don't\s+|do\s+not\s+)?(?:use|keep|write|give|add|avoid|include|skip|make|stick|put|mention|remind|check|ask|assume|convert|"
    r"show|list|format|leave|stop|start|cite|explain|be|go|stay|offer)\b",
    re.IGNORECASE,
)
# "Ground rules: metric only, keep it short", "One request for all our chats: write money in rupees":
# a label that says what follows is a standing request. "Sorry, should have said: …", "Small
# thing: …" only lead into what follows.
REQUEST_LABEL = re.compile(
    r"^(?:(?P<label>(?:(?:a|an|one|two|three|few|couple|of|some|my|our|quick|small|little|ground|house|standing|general|main|"
    r"last|more|important|ok|okay|also|oh|right|and|so)[\s,]+)+(?:rules?|requests?|instructions?|preferences?|guidelines?)"
    r"(?![^:]*\bfor\s+(?:the|my|his|her|their)\b)[^:]{0,40}?|(?:rules?|requests?|instructions?|preferences?)\s+for\s+"
    r"(?:you|all\s+our\s+chats|our\s+chats|future\s+chats)[^:]{0,30}?)|"
    r"(?P<lead>(?:[\w'’-]+[\s,]+){0,3}?should\s+have\s+(?:said|mentioned)(?:\s+\w+){0,2}|"
    # "One thing for our chats generally: please no bullet points"
    r"one\s+thing\s+for\s+(?:all\s+)?(?:our|future|these)\s+(?:chats|conversations)(?:\s+\w+)?|"
    # "Also, if I ask about food: I am allergic to shellfish": what follows holds whatever is asked
    r"(?:(?:also|and|oh|btw)[\s,]+)?(?:if|when|whenever)\s+I\s+(?:ever\s+)?(?:ask|talk|write|message)\s+(?:you\s+)?about\s+"
    r"(?:[\w'’-]+\s+){0,3}?[\w'’-]+|(?:one\s+more|small|quick|last|"
    r"other|another)\s+thing|heads\s+up(?:\s+\w+){0,3}|btw|ps|p\.s\.|note|reminder|also|oh|and))\s*:\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)
_ASSISTANT_DOES = re.compile(r"(\bthe assistant (?:ever\s+)?)(" + ASSISTANT_ACTS + r")\b")
# The assistant's own output is what a standing instruction may name as "your".
_YOUR_OUTPUT = re.compile(r"\byour\s+(?:replies|reply|answers?|responses?|messages?|emails?|output|tone|summaries|"
                          r"suggestions?|code|explanations?)\b|\byou\s+(?:\w+\s+){0,2}?for\s+me\b|\b" + _WHEN_YOU_DO,
                          re.IGNORECASE)
_REPLY_LANGUAGE = re.compile(
    r"(?:\b(?:repl(?:y|ies)|answers?|respond|responses?|write|speak|talk)\b.*?\b(?:in|to)|\b(?:switch|change|go)\s+(?:back\s+)?to)"
    r"\s+(?P<language>(?:British\s+|American\s+|simple\s+|plain\s+)?(?:English|French|Spanish|German|Italian|Portuguese|Dutch|Japanese|Chinese|Mandarin|Korean|"
    r"Arabic|Hindi|Russian|Polish|Turkish|Swedish|Norwegian|Danish|Finnish|Greek|Hebrew|Ukrainian|Czech|Romanian|"
    r"Hungarian|Vietnamese|Thai|Indonesian|Catalan|Irish|Welsh))\b",
    re.IGNORECASE,
)


def is_request(sentence: str) -> bool:
    """Whether the sentence asks something of the assistant, in any of the forms above."""
    return (_IMPERATIVE.match(sentence) is not None or _TRAILING_REQUEST.match(sentence) is not None
            or (_ASKED_FOR_BY_NAME.match(sentence) is not None and OUTPUT_FORMS.search(sentence) is not None)
            or _TERSE_REQUEST.match(sentence) is not None
            or (_TOLD_HOW.match(sentence) is not None and _STANDING.search(sentence) is not None))


def is_kept_request(sentence: str) -> bool:
    """Whether a sentence given to be kept (``remember(kind="fact")``) is a standing request: any
    request above, or a bare imperative of how the assistant is to work ("Avoid jargon", "Keep
    answers short"), which a turn would have to say holds from now on but a kept statement need not."""
    return is_request(sentence) or _TOLD_HOW.match(sentence) is not None or _HOW_TO_WORK.match(sentence) is not None


def instruction(sentence: str, speaker: str) -> ExtractedFact | None:
    """The request as a standing instruction ("Sam asked: always answer in French"), or None when it is not one."""
    # "Don't give up on your dreams" is advice to a friend; a standing instruction is about the speaker's care.
    # The speaker's "I … you" after the request ("Keep everything in euros, I read you at the taxi
    # rank") is its reason.
    addressed = _YOUR_OUTPUT.sub("", sentence)
    if (len(content_words(sentence)) < (1 if _TERSE_REQUEST.match(sentence) else 2)
            or re.search(r"\byour\b|\byou're\b|\byourself\b", addressed, re.I)
            or re.search(r"\byou\b", addressed.split(",")[0], re.I)
            or re.search(r"\byou\b", re.sub(r"\bI\s+(?:\w+\s+)?you\b", "", addressed), re.I)):
        return None
    request = resolve_first_person(sentence.rstrip(" .!…"), speaker)
    request = re.sub(r"^please\s+", "", request, flags=re.IGNORECASE)
    request = SECOND_PERSON.sub("the assistant", re.sub(r"\byour\b", "the assistant's", request, flags=re.IGNORECASE))
    request = _ASSISTANT_DOES.sub(lambda m: m[1] + third_singular(m[2]), request)
    request = request[0].lower() + request[1:]
    # The language of the replies is one setting: a later one replaces it.
    language = _REPLY_LANGUAGE.search(request)
    return ExtractedFact(
        statement=clip(f"{speaker} asked: {request}") + ".",
        type=MemoryType.PROCEDURAL,
        certainty=Certainty.STATED.value,
        subject=speaker,
        predicate="replies in" if language else "asked",
        object=language["language"] if language else request,
        entities=names_in(request, speaker),
    )
