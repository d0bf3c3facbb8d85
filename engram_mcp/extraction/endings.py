"""What the speaker ends: a habit or a membership ("I've quit coffee", "I left The Lumens", "I don't play
tennis anymore", "Spotify is done", "Trados licence cancelled"), and what a fragment said right after it
leaves in its place ("Only green tea now"). Pure.

An ending becomes one fact with the predicate ``model.corrections.ENDS``, which the fact service applies
to the speaker's facts that name the thing ended; what takes its place, one with ``SWITCHED_TO``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.corrections import ENDS, ONES_WORK, SWITCHED_TO, is_habit
from engram_mcp.model.predicates import normalise

__all__ = ["ending_fact", "replacement_fact", "work_ended"]

_ENDED = re.compile(
    # The subject may be dropped, as in chat: "Left Founders House, I work from home now".
    r"^(?:(?:I|we)(?:\s+have|'ve|\s+had)?\s+)?(?:just\s+|finally\s+|officially\s+)?(?P<verb>quit|stopped|gave\s+up|given\s+up|"
    r"left|ditched|cut\s+out|dropped\s+out\s+of|dropped|cancelled|canceled)\s+(?P<thing>.+?)\s*(?:completely|entirely|altogether|for\s+good|"
    r"now|anymore|any\s+more|last\s+\w+|this\s+\w+|yesterday|today)?\s*$",
    re.IGNORECASE,
)
# "Sold my bass", "We gave away our piano": one's own thing parted with ends what one did with it
# ("plays bass"). What one sells of one's produce ("sold 15 jars of jam") is not one's own thing.
_PARTED_WITH = re.compile(
    r"^(?:(?:I|we)(?:\s+have|'ve)?\s+)?(?:just\s+|finally\s+)?(?:sold|gave\s+away|got\s+rid\s+of)\s+(?:my|our)\s+"
    r"(?:old\s+)?(?P<thing>[\w-]+(?:\s+[\w-]+)?)\s*(?:now|last\s+\w+|yesterday|today|this\s+\w+)?\s*$",
    re.IGNORECASE,
)
# "Joaquim passed away in March": whoever was one's partner or pet by that name is no longer.
_DIED = re.compile(r"^(?P<name>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s+(?:has\s+|sadly\s+)*(?P<verb>passed\s+away|died)\b")
_NO_LONGER = re.compile(
    r"^(?:I|we)\s+(?:no\s+longer\s+(?P<verb1>\w+)|(?:do\s+not|don't|dont)\s+(?P<verb2>\w+))\s+(?P<thing>.+?)"
    r"(?(verb2)\s+(?:anymore|any\s+more)|(?:\s+(?:anymore|any\s+more))?)\s*$",
    re.IGNORECASE,
)
# "Spotify is done", "The Lumens is over for me", "I'm done with coffee": the thing itself, not
# what the speaker did to it. Only a name can be "done" this way: "the report is done" is a
# task finished, not a membership ended.
_OVER = re.compile(
    r"^(?:(?P<name>(?:the\s+)?[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})\s+(?:is|was|'s)\s+|"
    r"(?:I|we)(?:\s+am|'m|\s+are|'re)\s+)(?:(?:all|officially|finally|so|totally)\s+)?(?:done|over|finished|through|history)"
    r"(?(name)(?:\s+for\s+(?:me|us)|\s+now)?|\s+with\s+(?P<thing>.+?)(?:\s+(?:now|for\s+good|forever))?)\s*$",
)
# "Trados licence cancelled", "my Netflix subscription has been cancelled": the named thing ended.
_CANCELLED = re.compile(
    r"^(?:(?i:my|our|the)\s+)?(?P<name>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,2})\s+(?P<kind>(?i:licen[cs]e|subscription|membership|"
    r"account|contract|plan))\s+(?i:(?:is|was|has\s+been|got)\s+)?(?i:cancell?ed|canceled|ended|terminated)(?:\s+\w+){0,2}\s*$"
)
# "I'm not at Forno Brisa anymore", "No more night shifts for me".
_NOT_ANY_MORE = re.compile(
    r"^(?:(?:I|we)(?:'m|\s+am|'re|\s+are)\s+(?:not|no\s+longer)\s+(?:at|with|in|part\s+of|a\s+member\s+of)\s+"
    r"(?P<thing>.+?)(?:\s+(?:anymore|any\s+more))|no\s+more\s+(?P<more>.+?)(?:\s+for\s+(?:me|us))?)\s*$",
    re.IGNORECASE,
)
# "Retired last Friday!", "I got laid off", "I've been made redundant", "I'm unemployed now": the speaker's work itself
# ended, whichever employer and job it was (``model.corrections.ONES_WORK``).
_WORK_ENDED = re.compile(
    r"^(?:(?:I|we)(?:\s+have|'ve|\s+had|\s+was|\s+got|\s+have\s+been|'ve\s+been|\s+am|'m|\s+just\s+got)?\s+)?"
    r"(?:just\s+|finally\s+|officially\s+|now\s+|recently\s+|been\s+|got\s+|was\s+)*"
    r"(?P<how>retired|laid\s+off|made\s+redundant|let\s+go|fired|sacked|lost\s+my\s+job|unemployed|out\s+of\s+work|jobless|"
    r"took\s+(?:early\s+)?retirement|taken\s+(?:early\s+)?retirement|(?:got|given)\s+the\s+(?:sack|boot|push)|canned)"
    r"(?!\s+(?:from\s+)?(?:the\s+|my\s+)?(?:(?:team|band|club|race|game|squad)\b))\b(?P<rest>.*)$",
    re.IGNORECASE,
)
# What may follow: where from, when, or nothing ("I fired him", "retired my old laptop", "got fired up" end no work of one's own).
_AFTER_IT = re.compile(r"^\s*(?:[,;:(!.]|$|(?:from|in|on|at|after|last|this|yesterday|today|earlier|early|recently|back|now|just|"
                       r"finally|officially|lol|haha+|(?:a|an|one|two|three|four|five|six|\d+|a\s+few|a\s+couple\s+of)\s+"
                       r"(?:days?|weeks?|months?|years?)\s+ago)\b)", re.IGNORECASE)
_NOT_OF_THE_SPEAKER = re.compile(r"\b(?:if|when|once|unless)\b", re.IGNORECASE)
_VERB_AFTER_NAME = {"ve": " has", "have": " has", "m": " is", "am": " is", "re": " is", "are": " is"}
_NOT_A_THING = re.compile(r"^(?:it|that|this|these|those|everything|nothing|you|them|him|her|today|tonight|work|school|home|"
                          r"the\s+(?:day|week|year)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|"
                          r"april|may|june|july|august|september|october|november|december|christmas|summer|winter)\b",
                          re.IGNORECASE)
# A capital at the start of a sentence marks no name ("Laundry is done"); inside one, or on
# more than one word ("The Lumens"), or inside a word ("WeWork"), it does.
_MARKED_NAME = re.compile(r"^(?:[Tt]he\s+)?[A-Z]\w*\s+[A-Z]|^[Tt]he\s+[A-Z]|^\w+[A-Z]")
_MEMBERSHIP = re.compile(r"\b(?:club|band|team|group|choir|gym|church|league|class|course|society|community|programme|"
                         r"program|orchestra|union|party|circle|crew|squad|membership|subscription|contract|pass)$", re.IGNORECASE)
_OWN = re.compile(r"^(?:the|a|an|my|our|all|any)\s+", re.IGNORECASE)


def ending_fact(
    clause: str, speaker: str, certainty: float = Certainty.STATED.value, statement: str | None = None,
    sentence: str = "",
) -> ExtractedFact | None:
    """The habit or membership the clause ends ("I've quit coffee"), or None. ``statement``: the
    clause as the extractor restates it in the third person (default: the speaker's name for "I");
    ``sentence``: the sentence the clause is part of, which tells a name from a capitalised first word."""
    text = clause.strip().rstrip(".!").replace("’", "'")
    gone = _NOT_ANY_MORE.match(text)
    if gone is not None:
        return _ended(gone["thing"] or gone["more"], text, speaker, certainty, statement)
    over = _OVER.match(text)
    if over is not None:
        name = over["name"]
        inside = bool(sentence) and not sentence.lstrip().startswith(clause.strip())
        if name is not None and not (inside or _MARKED_NAME.match(name)):
            return None
        return _ended(name or over["thing"], text, speaker, certainty, statement)
    if (cancelled := _CANCELLED.match(text)) is not None:
        name = cancelled["name"].removeprefix(f"{speaker}'s ").removeprefix(f"{speaker}’s ")
        said = f"{speaker}'s {name} {cancelled['kind'].lower()} was cancelled."
        return _ended(name, text, speaker, certainty, said)
    if (parted := _PARTED_WITH.match(text)) is not None:
        return _ended(parted["thing"], text, speaker, certainty, statement)
    if (died := _DIED.match(text)) is not None:
        return _ended(died["name"], f"{died['name']} {died['verb'].lower()}", speaker, certainty, statement)
    match = _ENDED.match(text) or _NO_LONGER.match(text)
    if match is None:
        return None
    verb = (match.groupdict().get("verb1") or match.groupdict().get("verb2") or "").lower()
    if verb and not is_habit(verb):
        return None  # "I don't like jazz anymore" is a preference, which its slot already flips
    raw = match["thing"].split(",")[0].strip()
    # One leaves a group ("The Lumens", "the book club"), not the office at five; one drops
    # Duolingo or cancels Netflix, not the kids at school.
    if match.groupdict().get("verb", "").lower() in {"left", "dropped", "cancelled", "canceled", "ditched"} and not (
        _OWN.sub("", raw)[:1].isupper() or _MEMBERSHIP.search(raw)
    ):
        return None
    thing = _OWN.sub("", raw)
    words = thing.split()
    if words and words[0].endswith("ing") and len(words) > 1:  # "stopped playing tennis": tennis
        words = words[1:]
    if not re.match(r"(?:I|we)\b", text, re.IGNORECASE):
        text = f"I {text[:1].lower()}{text[1:]}"  # "Left Founders House": the speaker did
    return _ended(" ".join(words), text, speaker, certainty, statement)


def work_ended(
    text: str, speaker: str, certainty: float = Certainty.STATED.value, states: Sequence[ExtractedFact] = (),
) -> ExtractedFact | None:
    """The speaker's work ended by retiring or losing it ("Retired last Friday!", "got the sack"): an ending of
    ``ONES_WORK``, which ends the employer and the job alike; None when the clause says no such thing, or when
    ``states`` (the clause's state facts) already end the employer it names ("made redundant from Barclays")."""
    said = _WORK_ENDED.match(text.strip().rstrip(".!").replace("’", "'"))
    if said is None or not _AFTER_IT.match(said["rest"]) or _NOT_OF_THE_SPEAKER.search(said["rest"]):
        return None  # "I fired him", "I let Tom go": someone else's work
    if any((slot := normalise(f.subject, f.predicate, f.object)).predicate == "works_at" and slot.negated for f in states):
        return None
    how = " ".join(said["how"].lower().split())
    # What follows a comma is another statement ("Was made redundant in March, now freelancing").
    rest = _CHAT_TAIL.sub("", said["rest"].split(",")[0]).rstrip()
    verb = _SAID_AS.get(how, how).format(speaker=speaker)
    tail = rest or (", with no job" if verb.startswith("is ") else "" if "retirement" in verb else " from work")
    names = re.findall(r"\b[A-Z][\w&'-]+(?:\s+[A-Z][\w&'-]+)*", rest)
    said_so = f"{speaker} {verb}{tail}."
    return ExtractedFact(statement=said_so[:1].upper() + said_so[1:], type=MemoryType.SEMANTIC, certainty=certainty,
                         subject=speaker, predicate=ENDS, object=ONES_WORK, entities=(speaker, *names))


_SAID_AS = {"taken retirement": "took retirement", "taken early retirement": "took early retirement",
            "got the sack": "was sacked", "given the sack": "was sacked", "got the boot": "was sacked", "given the boot": "was sacked",
            "got the push": "was sacked", "given the push": "was sacked", "canned": "was sacked", "laid off": "was laid off", "made redundant": "was made redundant", "let go": "was let go", "fired": "was fired",
            "sacked": "was sacked", "lost my job": "lost {speaker}'s job", "unemployed": "is unemployed",
            "out of work": "is out of work", "jobless": "is jobless"}
_CHAT_TAIL = re.compile(r"\s+(?:now|lol|haha+|lmao|ugh|yay|finally)$", re.IGNORECASE)


def _ended(raw: str, text: str, speaker: str, certainty: float, statement: str | None) -> ExtractedFact | None:
    thing = _OWN.sub("", raw.strip())
    words = thing.split()
    if not thing or len(words) > 4 or not re.search(r"[^\W\d_]", thing) or "," in thing or _NOT_A_THING.match(raw.strip()):
        return None
    said = statement or re.sub(r"^(?:I|we)(?P<verb>'ve|\s+have|'m|\s+am|'re|\s+are)?\b",
                               lambda m: speaker + _VERB_AFTER_NAME.get((m["verb"] or "").strip(" '").lower(), ""), text,
                               flags=re.IGNORECASE) + "."
    return ExtractedFact(
        statement=said[0].upper() + said[1:],
        type=MemoryType.SEMANTIC,
        certainty=certainty,
        subject=speaker,
        predicate=ENDS,
        object=thing,
        entities=(speaker, *((thing,) if thing[:1].isupper() else ())),
    )


# What an ending leaves in its place, said without a verb right after it: "I've quit coffee.
# Only green tea now.", "... Just water these days", "Green tea instead".
_INSTEAD = re.compile(r"^(?:(?:only|just|mostly|now)\s+(?P<new>[\w'-]+(?:\s+[\w'-]+){0,3}?)"
                      r"(?:\s+(?:now|these\s+days|nowadays|instead))?|(?:(?:I|we)(?:'ve|\s+have|'m|\s+am|'re|\s+are)?\s+(?:now\s+)?(?P<took>taking|doing|using|going\s+to|taken\s+up|"
                      r"started|switched\s+to|picked\s+up|joined|gone\s+for|got\s+into|moved\s+on\s+to)\s+)?"
                      r"(?P<other>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+instead|"
                      # "I'm focusing on cello now", after "Sold my bass".
                      r"(?:I|we)(?:'m|\s+am|'re|\s+are)\s+(?:now\s+)?(?P<focus>focusing\s+on|focused\s+on|into|sticking\s+(?:to|with))\s+"
                      r"(?P<focused>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(?:now|instead|these\s+days))\s*$",
                      re.IGNORECASE)
_THIRD_PERSON = {"taking": "is taking", "doing": "is doing", "using": "is using", "going to": "is going to",
                 "taken up": "has taken up", "started": "has started", "switched to": "has switched to",
                 "picked up": "has picked up", "joined": "has joined", "gone for": "has gone for", "got into": "has got into",
                 "moved on to": "has moved on to", "focusing on": "is focusing on", "focused on": "is focused on",
                 "into": "is into", "sticking to": "is sticking to", "sticking with": "is sticking with"}
_NOT_NEW = re.compile(r"^(?:a|an|the|me|I|you|it|that|this|one|once|twice|kidding|joking|saying)\b", re.IGNORECASE)


def replacement_fact(fragment: str, ended: ExtractedFact, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """What takes the place of what ``ended`` ends, when ``fragment`` (said right after it) names
    only that: "Only green tea now" after "I've quit coffee". None for anything else."""
    match = _INSTEAD.match(fragment.strip().rstrip(".!").replace("’", "'"))
    if match is None or ended.predicate != ENDS:
        return None
    new = (match["new"] or match["other"] or match["focused"]).strip()
    if _NOT_NEW.match(new) or new.casefold() == ended.object.casefold():
        return None
    # Said without the old value, which the ending beside it names: "Eli has green tea now, instead".
    took = " ".join((match["took"] or match["focus"] or "now has").lower().split())
    return ExtractedFact(
        statement=f"{ended.subject} {_THIRD_PERSON.get(took, took)} {new} instead.",
        type=MemoryType.SEMANTIC,
        certainty=certainty,
        subject=ended.subject,
        predicate=SWITCHED_TO,
        object=new,
        entities=tuple(dict.fromkeys((ended.subject, *((new,) if new[:1].isupper() else ())))),
    )
