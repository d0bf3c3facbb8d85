"""Where a chat turn's statements start and end: sentences, then clauses. Pure.

Chat runs statements together ("I sold the Golf and bought a Tesla, so please ..."); each
clause is cut out with its subject so the rules can read it alone. What only qualifies a
clause (its purpose, "since I was a kid") stays with it and is dropped, not read as a fact.
"""

from __future__ import annotations

import re

from engram_mcp.model.sentences import NOT_AFTER_AN_ABBREVIATION

__all__ = ["ASKED_TO_REMEMBER", "HABIT_AFTER", "clauses", "sentences"]

# A title's full stop ("Dr. Sousa"), or an abbreviation's before lower case ("ACME Ltd. yesterday"),
# ends no sentence. In chat an emoji is a full stop: "TRANSFER APPROVED 🎉📰 im officially a
# journalism student".
_SENTENCE_END = re.compile(NOT_AFTER_AN_ABBREVIATION + r"(?<=[.!?])\s+|(?<=[.!?][\"”’)])\s+|\n+|"
                           r"(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF])\ufe0f?\s+(?=\S)")
# A pasted list's items about the speaker are sentences of their own: "- I live in Osaka", "2) I work
# nights". A document's bullets ("- Leading large-scale change") are not the speaker's and stay unread.
_ANY_BULLET = re.compile(r"^(?:[-*•·▪►✓✔+]|\d{1,2}[.)])\s+")
_BULLET = re.compile(_ANY_BULLET.pattern + r"(?=(?:I|I'm|I've|I'd|my|we|we're|our)\b)", re.IGNORECASE)
# "Done today:" then "- picked up the Octavia": a list under a heading of the speaker's own day or news
# is their own log, each item said with "I" dropped; not a list they say they pasted or were sent.
_OWN_LOG_HEADING = re.compile(r"^(?!.*\b(?:past(?:e|ed|ing)|sent|fwd|forward(?:ed)?|e-?mail|quote|from|says?|said|wrote)\b)"
                              r"(?:[\w'’]+\s+){0,2}(?:today|tonight|yesterday|this\s+(?:morning|afternoon|evening|week|weekend)|"
                              r"update|news|done|decision(?:\s+made)?|next|progress|status|admin|"
                              r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:\s+[\w'’]+){0,2}\s*:$", re.IGNORECASE)
# A dash in chat usually continues the thought ("me-time each day - running, reading"); keep it whole.
_DASH = re.compile(r"\s+[-–—]+\s+|(?<=\w)[-–—]\s+")
# "me and my team" is one subject, not two clauses;
# "so" joins clauses after a comma or before a subject; "I'm so lucky" is an intensifier.
_CLAUSE_BREAK = re.compile(r";\s*|(?<=\bplease),\s+|,\s+so\s+|\s+so\s+(?=(?:please|I|I'm|I've|I'll|we|we're|my|our)\b)|,?\s+because\s+|(?<!\bme),?\s+(?:but|and then|and|since)\s+(?=(?:please|I|I'm|I've|I'll|"
                           r"we|we're|we've|my|our)\b)|,\s+(?=please\s+[a-z])|"
                           # "I left Flour Pot last week now I'm doing pastry at Seed": chat without a full stop.
                           r"(?<=\w)(?<!\band)(?<!\bbut)(?<!\bso)(?<!\bor)(?<!\bthat)(?<!\bif)\s+(?=now\s+(?:I'm|I\s+am|I've|I\s+work)\b)|"
                           # "Forget the Spanish thing, reply in English from now on": the request after it.
                           r",\s+(?=(?:reply|respond|answer|write)\s+(?:in|to|me|only|always|with)\b)|"
                           # "I'm not at X anymore, I tutor now": what ended, then what is so.
                           r"(?:(?<=\banymore)|(?<=\bany more)|(?<=\bfor me)),\s+(?=(?:I|I'm|I've|we|we're)\b)|"
                           # "Left Founders House, I work from home now": a second statement of where one is.
                           r",\s+(?=(?:I|we)\s+(?:now\s+)?(?:work|live)\s+(?:from|at|in|for)\b)", re.IGNORECASE)
# "Dropped Duolingo, I'm taking classes instead", "Sold my bass, I'm focusing on cello now": a
# statement of what one did (its subject perhaps dropped), then one with its subject.
_DROPPED_THEN = re.compile(r"^(?P<first>(?:I\s+)?(?:[A-Za-z]+ed|sold|bought|left|quit|got|took|gave)\s+[^,]{1,40}),\s+"
                           r"(?P<second>(?:I|I'm|I've|we|we're)\s+.+|[a-z]+ing\b[^,]*?\s(?:now|instead)\W*|"
                           # "Switched to memoQ, Trados licence cancelled"
                           r"(?:my\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+(?:licen[cs]e|subscription|membership|account|contract)\s.*)$")
_SWITCHED_TO = re.compile(r"^(?:I\s+)?(?:have\s+)?switched\s+(?:over\s+)?to\s+", re.IGNORECASE)
# "... so I can teach others": the purpose of what came before, not a second fact.
_PURPOSE = re.compile(r",?\s+so\s+(?:that\s+)?(?:I|we)\s+(?:can|could|'d|would|might)\b[^.;]*", re.IGNORECASE)
# "since I was a kid" dates the clause before it; unlike "since I moved here" it is no event of its own.
_SINCE_A_TIME_OF_LIFE = re.compile(r"\s+(?:ever\s+)?since\s+(?:I|we)\s+(?:was|were)\b[^,.;]*", re.IGNORECASE)
# "After I failed the test, I've been ...": the leading subordinate clause is an event of its own.
_LEAD_SUBORDINATE = re.compile(r"^(?:(?:especially|right|just|even|ever)\s+)?(?:after|before|when|since|once|while|"
                               r"because|although|though)\s+(?=(?:I|we)\b)(?P<event>[^,]+),\s+(?P<main>(?:I|we|my|our)\b.+)$",
                               re.IGNORECASE)
# "Remember that I use Python" is a statement about the speaker, not a request to the assistant.
# "Can you remember that I prefer metric units?": a request to keep what follows.
_ASK_TO_KEEP = (r"(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:remember|note(?:\s+down)?|keep\s+in\s+mind|"
                r"make\s+a\s+note(?:\s+of\s+this)?)")
ASKED_TO_REMEMBER = re.compile(r"^" + _ASK_TO_KEEP + r"\b", re.IGNORECASE)
_REPORTING = re.compile(r"^(?:(?:" + _ASK_TO_KEEP + r"|(?:please\s+)?remind\s+me|for\s+future\s+reference|note\s+to\s+self|heads\s+up|"
                        r"(?:please\s+)?(?:remember|note|keep in mind|fyi|just so you know|for the record|"
                        r"for context|(?:I\s+think\s+)?I\s+should\s+(?:tell\s+you|mention|let\s+you\s+know)|you\s+should\s+know|"
                        r"(?:also\s+)?(?:I\s+)?forgot\s+to\s+(?:mention|say|tell\s+you)|(?:just\s+)?to\s+let\s+you\s+know|I\s+(?:want|wanted)\s+to\s+"
                        r"(?:tell\s+you|mention|let\s+you\s+know)|(?:I\s+)?(?:just\s+)?(?:wanted|want)\s+to\s+say|"
                        r"(?:the|my)\s+(?:doctor|gp|dentist|consultant|specialist|nurse|vet)\s+"
                        r"(?:says|said|thinks|confirmed|told\s+me)))(?:\s+that)?[:,]?\s+)(?=(?:I|I'm|I've|my|we|our|[A-Z][\w'-]+\s+and\s+I)\b)",
                        re.IGNORECASE)
# "Big news: I got the job", "Update - I moved": a short label before the statement is not part of it.
_LABEL = re.compile(r"^(?!.*\b(?:I|my|we|our|me)\b[^:]*:)(?:[^\s:,.!?]+\s+){0,3}[^\s:,.!?]+:\s+(?=(?:I|I'm|I've|my|we|our)\b)",
                    re.IGNORECASE)
# Not a verb with its subject dropped ("Dropped Duolingo, I'm …").
_BARE_NAME = re.compile(r"^(?![A-Z][a-z]+ed\s)(?:[A-Z][\w'-]+)(?:\s+[A-Z][\w'-]+)?$|"
                        r"^(?i:my|our)\s+(?:[a-z]+\s+){0,2}?[a-z]+(?:\s+[A-Z][\w'-]+)?$|"
                        # a name typed without its capital ("frida and i broke up"), not a filler word
                        r"^(?!(?:yes|yeah|yep|no|nope|ok|okay|well|so|oh|wow|haha|lol|sure|right|thanks|true|exactly|"
                        r"honestly|actually|now|then|me|you|he|she|they|it)$)(?![a-z]+ly$)[a-z][a-z'-]{2,}$")
_AND_PERSON_AT_END = re.compile(r",\s+(?:and|but|so)\s+(?P<person>(?:(?i:my|our)\s+[a-z]+(?:\s+[A-Z][\w'-]+)?|[A-Z][\w'-]+))$")
_SUBORDINATOR = re.compile(r"^(?:since|because|as|now\s+that|when|while|although|though|after|before|given\s+that)\s+", re.IGNORECASE)
_STARTS_FIRST_PERSON = re.compile(r"^(I|we)\s", re.IGNORECASE)
_STARTS_WITH_SUBJECT = re.compile(r"^(?:I|we|my|our|he|she|they|it)\b", re.IGNORECASE)
_COORDINATED_VERBS = (
    """prefer like love enjoy hate use work live have need want own drive eat play speak study teach run
    bought sold moved started joined quit left got went took made found adopted visited finished began
    became married rescued lost""".split()
)
# A second verb after "and" shares the first clause's subject ("I use X and prefer Y").
_LISTED_VERBS = [v for v in _COORDINATED_VERBS if v[-2:] == "ed" or v in {"bought", "sold", "left", "got", "went", "took", "made",
                                                                          "found", "began", "became", "lost"}]
_AND_VERB = re.compile(r",?\s+and\s+(?=(?:also\s+|then\s+|now\s+|just\s+)?(?:" + "|".join(_COORDINATED_VERBS)
                       + r"|\w+ed)\b)|"
                       # "I quit my job, moved back to Prague, started a PhD …": a list of what one did.
                       # "I quit Meta, joined Stripe this week": a name right after the verb, as much as "my" or "the".
                       r",\s+(?=(?:also\s+|then\s+)?(?:" + "|".join(_LISTED_VERBS) + r")\s+(?:(?:my|a|an|the|to|back|up|in|at|for|our)\b|(?-i:[A-Z])))")




# "The vegan thing didn't last, I'm eating fish again": two statements joined by a comma alone
# (the first has its own verb, so it is no lead-in like "After dinner, I …").
_COMMA_SPLICE = re.compile(r"^(?P<first>[^,]*\b(?:is|was|were|are|did|didn't|does|doesn't|don't|isn't|wasn't|weren't|won't|"
                           r"can't|had|has|have|[a-z]{3,}ed)\b[^,]*),\s+(?P<second>(?-i:I)(?:'m|'ve|'ll|\s+am|\s+have|\s+now)\b.*)$",
                           re.IGNORECASE)
# "I'm eating fish again, pescatarian now": a state after the comma, its "I'm" dropped.
_STATE_NOW = re.compile(r",\s+(?P<state>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+now[.!]*$")
_NOT_A_STATE = re.compile(r"^(?:and|but|so|or|even|right|just|me|us|him|her|them|it|that|this|there|here|home|back|out|up|"
                          r"done|over|gone)\b")


# "I'm 71 and a retired teacher", "I'm a 34-year-old nurse": an age and a job, each a statement.
_AGE_AND = re.compile(r"^(?P<lead>I'm|I\s+am)\s+(?P<age>\d{1,3})(?:\s+years?\s+old)?(?:\s*,\s*|\s+and\s+)(?P<rest>(?:a|an)\s+\S.*)$")
_AGED = re.compile(r"^(?P<lead>I'm|I\s+am)\s+an?\s+(?P<age>\d{1,3})[- ]years?[- ]old\s+(?P<rest>[a-z].*)$")


# "I used to love sushi but now I can't stand raw fish": what was, then what is.
_USED_TO_BUT_NOW = re.compile(r"^(?P<first>I\s+used\s+to\s+[^,]+?),?\s+but\s+now\s+(?P<second>(?-i:I)\b.+)$", re.IGNORECASE)


# "I'm training for a half marathon, running four times a week", "Hurt my ankle, only running
# twice a week for now": how often one does a thing, its "I'm" dropped after the comma.
HABIT_AFTER = re.compile(r",\s+(?P<habit>(?:only\s+|now\s+|still\s+|also\s+)?(?!having\b|being\b)[a-z]+ing\s+(?:[a-z]+\s+){0,3}?"
                          r"(?:once|twice|three\s+times|four\s+times|five\s+times|\d+\s+times|every|daily|weekly)\b[^,]*)$")


# "Left Google last month, now at Meta", "I quit Monzo, now with Wise": a job left, then where one is now.
_LEFT_THEN_NOW_AT = re.compile(r"^(?P<left>(?:I\s+)?(?:have\s+|'ve\s+)?(?:just\s+)?(?:left|quit|resigned\s+from|finished\s+at)\s+[^,]+),\s+"
                               r"(?:and\s+)?(?:I'm\s+|I\s+am\s+)?now\s+(?P<where>(?:at|with|working\s+(?:at|for))\s+(?-i:[A-Z]).*)$",
                               re.IGNORECASE)


def _spliced(part: str) -> list[str]:
    part = part.strip()
    if (moved_on := _LEFT_THEN_NOW_AT.match(part)) is not None:
        return [moved_on["left"], f"I'm now {moved_on['where']}"]
    if (habit := HABIT_AFTER.search(part)) is not None:
        return [*_spliced(part[: habit.start()]), f"I'm {habit['habit']}"]
    if (then_now := _USED_TO_BUT_NOW.match(part)) is not None:
        return [then_now["first"], *_spliced(then_now["second"])]
    if (aged := _AGE_AND.match(part) or _AGED.match(part)) is not None:
        rest = aged["rest"] if aged.re is _AGE_AND else f"{'an' if aged['rest'][0] in 'aeiou' else 'a'} {aged['rest']}"
        return [f"{aged['lead']} {aged['age']}", f"{aged['lead']} {rest}"]
    if (splice := _COMMA_SPLICE.match(part)) is not None and len(splice["first"].split()) >= 3:
        return [splice["first"], *_spliced(splice["second"])]
    if re.match(r"(?:I|we)\b", part) and (state := _STATE_NOW.search(part)) and not _NOT_A_STATE.match(state["state"]):
        return [part[: state.start()], f"I'm {state['state']} now"]
    return [part]


def sentences(text: str) -> list[str]:
    """The turn's sentences; a dash inside one becomes a comma."""
    parts, in_own_log = [], False
    for part in (part.strip() for part in _SENTENCE_END.split(text) if part and part.strip()):
        if _ANY_BULLET.match(part):
            part = _ANY_BULLET.sub("", part) if in_own_log else _BULLET.sub("", part)
        else:
            in_own_log = _OWN_LOG_HEADING.match(part) is not None
        parts.append(part)
    return [_DASH.sub(", ", part) for part in parts if part]


def clauses(sentence: str) -> list[str]:
    """A sentence cut where a new statement starts: "I sold the Golf and bought a Tesla" gives
    "I sold the Golf" and "I bought a Tesla"; "I'm vegetarian, so please ..." gives the
    statement and the request."""
    sentence = _SINCE_A_TIME_OF_LIFE.sub("", _PURPOSE.sub("", _REPORTING.sub("", sentence.strip())))
    lead = _LEAD_SUBORDINATE.match(sentence)
    if lead:
        return clauses(lead["event"]) + clauses(lead["main"])
    parts = [part for part in _CLAUSE_BREAK.split(sentence) if part and part.strip(" ,")]
    if parts and (dropped := _DROPPED_THEN.match(parts[0].strip())) is not None:
        parts[:1] = [dropped["first"], dropped["second"]]
        if _SWITCHED_TO.match(dropped["first"]) and not re.match(r"(?:I|we)\b", dropped["second"]):
            # "Switched to memoQ, Trados licence cancelled": what ended, then what took its place.
            parts[:2] = [dropped["second"], dropped["first"] + " instead"]
    parts = [piece for part in parts for piece in _spliced(part)]
    # "Jess and I broke up", "My boyfriend Lukas and I are …": a bare name or one's person before
    # "and I" is part of the subject, not a clause.
    for index in range(len(parts) - 1, 0, -1):
        person = parts[index - 1].strip(" ,")
        lead = _SUBORDINATOR.match(person)
        if lead is not None and _BARE_NAME.match(person[lead.end():]) and re.match(r"(?:I|we)\s", parts[index].strip()):
            # "Since my husband and I are expecting": the subject of a subordinate clause.
            parts[index - 1 : index + 1] = [f"{person} and {parts[index].strip()}"]
        elif _BARE_NAME.match(person) and re.match(r"(?:I|we)\s", parts[index].strip()):
            # One's person named ("My boyfriend Lukas") is said on its own too: who Lukas is.
            named = [person] if re.match(r"(?i:my|our)\s+\S+.*\s[A-Z]", person) else []
            parts[index - 1 : index + 1] = [*named, f"{person} and {parts[index].strip()}"]
        elif (joined := _AND_PERSON_AT_END.search(person)) is not None and re.match(r"(?:I|we)\s", parts[index].strip()):
            # "The rent is high, and Luana and I are looking": the person goes with the "I" after.
            parts[index - 1 : index + 1] = [person[: joined.start()], f"{joined['person']} and {parts[index].strip()}"]
    found: list[str] = []
    for part in parts:
        part = _REPORTING.sub("", _LABEL.sub("", part.strip(" ,;")))
        pieces = _AND_VERB.split(part) if _STARTS_FIRST_PERSON.match(part) else [part]
        subject = _STARTS_FIRST_PERSON.match(part)
        for index, piece in enumerate(pieces):
            piece = piece.strip(" ,")
            if index and subject and not _STARTS_WITH_SUBJECT.match(piece):
                piece = f"{subject.group(1)} {piece}"
            if piece:
                found.append(piece)
    return found

