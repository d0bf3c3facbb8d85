"""A first-person sentence restated as a fact about the speaker: "I've been to Rome once" becomes
"Hana has been to Rome once." Pure.

The generic rule the rules extractor falls back on when no specific one (a state, an attribute, a
correction) read the clause: whether it says enough about the speaker to keep (content words, not a
reaction, a pep talk or a remark to the assistant), the statement in the third person, its
predicate and object, its type (episodic, semantic, procedural) and when it happened.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import OUTPUT_FORMS, alternation
from engram_mcp.extraction.noteworthy import worth_noting
from engram_mcp.extraction.requests import instruction, is_request
from engram_mcp.extraction.validate import content_words, resolve_first_person
from engram_mcp.extraction.wording import SECOND_PERSON, clip, names_in
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.predicates import HEALTH_CONDITIONS, third_singular

__all__ = ["restated_fact"]


# "..., which is pretty exciting", "... and it was so powerful": how it felt, not what happened.
_TRAILING_VERDICT = re.compile(
    r"(?:,|\s+and|\s+-)\s+(?:which|it|that|this)(?:'s|\s+(?:is|was|has\s+been|feels|felt|sounds|looks))\s+"
    r"(?:(?:so|really|pretty|super|very|quite|totally|such|a|an|the|just|all|kind\s+of)\s+)*"
    r"(?:\w+(?:\s*,\s*|\s+and\s+|\s+)?){1,3}[!.…]*$",
    re.IGNORECASE,
)


_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|my|me|myself|mine|we|we're|we've|we'll|our|us)\b",
                           re.IGNORECASE)


# Pep talk and plans for "us" ("Let's keep chasing our dreams", "We'll get through this") say
# nothing lasting about anyone; a shared past event ("We went camping") does.
_PEP_TALK = re.compile(r"^(?:let's|let us|hopefully|can't wait|here's to|fingers crossed)\b|\blet's\b", re.IGNORECASE)


_SINGULAR_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|my|me|myself|mine)\b", re.IGNORECASE)


_REACTION = re.compile(
    r"\b(?:agree|hope|bet|guess|mean|see|know|understand|appreciate|wish|glad|happy|sorry|proud|"
    r"thrilled|excited|sure|think so|can't wait|loves? (?:that|it|this)|feel)\b",
    re.IGNORECASE,
)


_PREFERENCE = re.compile(r"\b(?:like|likes|love|loves|hate|hates|prefer|prefers|enjoy|enjoys|favou?rite|into|fan of)\b",
                         re.IGNORECASE)


_FUTURE = re.compile(r"\b(?:will|going to|gonna|planning|plan to|plans to|next (?:week|month|year)|soon|tomorrow)\b",
                     re.IGNORECASE)


_PAST_IRREGULAR = frozenset(
    """went got saw made took had did was were met found bought ran began felt thought knew gave came left
    told said heard wrote read began brought built caught chose drew drove ate fell flew forgot grew hung
    kept lost meant paid put quit rode rang rose sang sat slept spent stood swam taught threw understood
    won wore became sold shut sent lent bent held led fed fought sought broke spoke woke froze stole drank sank
    shook hid bit""".split()
)


_ADVERBS = frozenset(
    """just really also never always still usually totally definitely recently finally actually even
    already often sometimes truly absolutely honestly seriously kinda currently first now only mostly mainly""".split()
)


# An adverb before the verb ("I abruptly moved") is any word in -ly as well as the listed ones.
_FIRST_PERSON_VERB = re.compile(
    r"\bI\s+((?:(?:no\s+longer|" + "|".join(sorted(_ADVERBS, key=len, reverse=True)) + r"|(?!(?:apply|reply|rely|supply|comply|imply|multiply|ally|bully|tally)\s)[a-z]{2,}ly)\s+)*)([\w']+)\b"
)


_MODALS = frozenset("can could would should might must will shall may can't couldn't won't wouldn't".split())


_RELATIVE_DAYS = (
    (re.compile(r"\byesterday\b|\blast night\b", re.IGNORECASE), timedelta(days=1)),
    (re.compile(r"\btoday\b|\bthis morning\b|\btonight\b", re.IGNORECASE), timedelta(0)),
    (re.compile(r"\blast week\b", re.IGNORECASE), timedelta(days=7)),
    (re.compile(r"\blast weekend\b", re.IGNORECASE), timedelta(days=7)),
    (re.compile(r"\blast month\b", re.IGNORECASE), timedelta(days=30)),
    (re.compile(r"\blast year\b", re.IGNORECASE), timedelta(days=365)),
)


# Casual chat drops the subject ("Gonna take a pottery class"); the speaker is meant.
_DROPPED_SUBJECT = (
    (re.compile(r"^(?:gonna|going to)\b", re.IGNORECASE), "is going to"),
    (re.compile(r"^(planning|thinking|heading|working|trying|hoping|looking forward)\b", re.IGNORECASE), "is {0}"),
    (re.compile(r"^been\b", re.IGNORECASE), "has been"),
    (re.compile(r"^(just|recently|finally|had|went|got|started|finished|loved|made|took|visited|joined)\b",
                re.IGNORECASE), "{0}"),
    (re.compile(r"^(love|enjoy|like|prefer)\b", re.IGNORECASE), "{0}s"),
)


# "Researching adoption agencies", "Finishing up the choreography": what the speaker is doing, when
# no other verb follows (else the -ing word is the subject: "Painting helps me relax").
_GERUND_CLAUSE = re.compile(
    r"^(?!(?:morning|evening|spring|wedding|building|ceiling|feeling|meeting|nothing|something|anything|everything|"
    r"sibling|darling|king|ring|thing|sing|wing|bring|swing|sting)\b)(?![a-z]+ing\s+(?:times|news|stuff|things)\b)"
    r"([a-z]{3,}ing)\b(?=\s+[a-z])(?![^.]*(?:\b(?:is|are|was|were|isn't|wasn't|has|have|had|must|can|could|will|would|"
    r"should|looks|seems|means|makes|helps|plays|gives|takes|feels|sounds|knew|know)\b|'s\b|,\s*(?:I|we|they|it)\b))",
    re.IGNORECASE)


# -ing words that describe a feeling rather than an activity ("Exciting times!", "Loving it").
_EMOTIVE_ING = frozenset(
    """exciting amazing interesting inspiring relaxing rewarding challenging boring annoying touching heartwarming
    thrilling refreshing fascinating encouraging overwhelming surprising satisfying stunning outstanding charming
    loving missing hoping wishing sending wondering praying rooting cheering""".split()
)


# "I'm lucky to have my husband and kids": the having is the fact, the luck is the mood.
_LUCKY_TO_HAVE = re.compile(r"^(?:I|we)(?:'m|'re|\s+am|\s+are)\s+(?:so\s+|really\s+|very\s+|truly\s+)?"
                            r"(?:lucky|blessed|fortunate|grateful|thankful|glad)\s+to\s+have\s+", re.IGNORECASE)


_MIN_CONTENT_WORDS = 3


_CANT_STAND = re.compile(r"(?:now\s+|really\s+|just\s+)?(?:can't|cannot|can not)\s+(?:stand|bear)\s+(?P<what>[^,.;!?]+)",
                         re.IGNORECASE)


_TASTES = frozenset("likes loves hates dislikes prefers enjoys adores like love hate dislike prefer enjoy adore".split())


# "I've started to like coffee" is the taste now: "I like coffee".
_COME_TO_LIKE = re.compile(r"\bI(?:'ve|\s+have)?\s+(?:started|begun|come|grown)\s+to\s+(?P<verb>like|love|enjoy|hate|dislike)\b",
                           re.IGNORECASE)


# Short statements of lasting facts ("I am allergic to shellfish", "I live in Oslo") are the
# ones most worth keeping; they may carry only two content words.
_DURABLE = re.compile(
    r"\b(?:allergic|vegan|vegetarian|intolerant|" + alternation(HEALTH_CONDITIONS) + "|"
    # "I love sushi", "I hate coffee": a taste named is kept however short.
    # ("I like the template", "I love your idea" are about the chat, and need more words to be kept).
    r"(?<=\bI\s)(?:really\s+|actually\s+)?(?:like|love|hate|dislike|prefer|enjoy|adore)\s+(?!(?:it|that|this|them|those|these|you|"
    r"him|her|the|your|their|his|its|how|what|when|where|to)\b)[a-z]+|obsessed\s+with|"
    r"pregnant|expecting\s+(?:a\s+baby|twins|triplets|our\s+first)|married|divorced|engaged|retired|widowed|"
    r"live\s+alone|living\s+alone|live\s+on\s+my\s+own|"
    r"my name is|call me|i(?:'m| am) from|i live|i work|i study|i teach|"
    # "I play the violin", "I play tennis": an instrument or a sport one plays, however short.
    r"i\s+play\s+(?:the\s+)?(?!(?:it|that|this|them|with|along|around|games?|a\s+lot|by)\b)[a-z]{3,}|"
    # "I switched to memoQ": what one uses now, however short.
    r"i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:switched|changed)\s+(?:over\s+)?to)\b",
    re.IGNORECASE,
)


# "I totally agree, Mel": the name is whom the speaker addresses, not what the clause is about.
_VOCATIVE = re.compile(r",\s*[A-Z][\w'-]*[.!…]*$")


# "However, ...", "After that, ...": links to the chat that say nothing once the fact stands alone.
_LEAD_CONNECTIVE = re.compile(r"^(?:however|now|then|anyway|after\s+that|besides|still|meanwhile|otherwise|also|plus|"
                              # "Weirdly I've started to like coffee": how the speaker sees it, not what is so.
                              r"(?!only\b|early\b|family\b|daily\b|weekly\b)[a-z]{3,}ly(?=,?\s+I\b))\b,?\s+",
                              re.IGNORECASE)


# "Going to those places is on my list", "Trying new food is a must": a gerund is the subject, not a dropped "I'm".
_GERUND_SUBJECT = re.compile(r"^\w+ing\b(?:\s+[\w'-]+){0,6}?\s+(?:is|are|was|were|'s|makes?|helps?|gives?|keeps?|pumps?|"
                             r"brings?|gets?)\b", re.IGNORECASE)


# "the answers my teacher gives" are someone else's, not the assistant's.
_SOMEONE_ELSES = re.compile(r"^(?:the|my|his|her|their|our|this|that|these|those)\b|.*\b(?:my|his|her|their)\s", re.IGNORECASE)


def restated_fact(sentence: str, speaker: str, when: datetime) -> ExtractedFact | None:
    """``sentence`` said by ``speaker`` as a fact about them, when it says enough to keep; else None."""
    if not sentence:
        return None
    sentence = _COME_TO_LIKE.sub(r"I \g<verb>", sentence)
    if is_request(sentence):
        return instruction(sentence, speaker)
    sentence = _restore_subject(sentence, speaker)
    if not (_FIRST_PERSON.search(sentence) or sentence.startswith(speaker + " ")) or SECOND_PERSON.search(sentence):
        return None
    if _PEP_TALK.search(sentence):
        return None
    if (not (_SINGULAR_FIRST_PERSON.search(sentence) or sentence.startswith(speaker + " ")) and not _is_past(sentence)
            and not _DURABLE.search(sentence)):
        return None
    words = content_words(sentence) - content_words(speaker)
    minimum = _MIN_CONTENT_WORDS - 2 if _DURABLE.search(sentence) else _MIN_CONTENT_WORDS
    # A place or a person named ("I've been to Rome once") says as much as a longer clause.
    if any(name != speaker for name in names_in(_VOCATIVE.sub("", sentence), speaker)[1:]):
        minimum -= 1
    if len(words) < minimum or (len(words) < minimum + 1 and _REACTION.search(sentence)):
        return None
    as_said = "I " + sentence[len(speaker) + 1 :] if sentence.startswith(speaker + " ") else sentence
    if not worth_noting(as_said, durable=bool(_DURABLE.search(sentence))):
        return None
    sentence = _TRAILING_VERDICT.sub("", sentence)
    statement = _third_person(sentence, speaker)
    statement = _capitalise(clip(statement.rstrip(" .!…")) + ".")
    predicate, obj = _predicate_and_object(statement, speaker)
    if (cannot := _CANT_STAND.match(statement, len(speaker) + 1)) is not None:
        predicate, obj = "dislikes", cannot["what"]  # "Mira can't stand raw fish": a dislike, said as she said it
    kind = _kind(predicate, sentence)
    if predicate.split()[-1] in _TASTES:
        # "hates coffee, tea person all the way": the taste is for coffee; the rest says more of it.
        obj = obj.split(",")[0].strip()
        if OUTPUT_FORMS.search(obj) and not _SOMEONE_ELSES.match(obj):
            kind = MemoryType.PROCEDURAL  # "prefers metric units": how the assistant is to write
    return ExtractedFact(
        statement=statement,
        type=kind,
        certainty=Certainty.STATED.value,
        subject=speaker,
        predicate=predicate,
        object=obj,
        entities=names_in(statement, speaker),
        event_time=_event_time(sentence, when) if kind is MemoryType.EPISODIC else None,
    )


def _restore_subject(sentence: str, speaker: str) -> str:
    sentence = _LEAD_CONNECTIVE.sub("", sentence)
    sentence = _LUCKY_TO_HAVE.sub("I have ", sentence)
    sentence = sentence[:1].upper() + sentence[1:]
    if _GERUND_SUBJECT.match(sentence) or re.match(r"^going\s+to\s+(?:the|those|these|a|an)\b", sentence, re.I):
        return sentence
    first, _, rest = sentence.partition(" ")
    if rest and _is_past(first) and first[:1].isupper() and re.match(r"(?:my|our|a|an|the|to|up|back|some)\b", rest):
        return f"{speaker} {first.lower()} {rest}"
    adverb_ing = re.match(r"^(just|recently|finally|still|now)\s+(\w+ing)\b", sentence, re.IGNORECASE)
    if adverb_ing:
        return f"{speaker} is {adverb_ing[1].lower()} {sentence[adverb_ing.start(2):]}"
    gerund = _GERUND_CLAUSE.match(sentence)
    if gerund and gerund[1].lower() not in _EMOTIVE_ING:
        return f"{speaker} is {gerund[1].lower()}{sentence[gerund.end():]}"
    for pattern, replacement in _DROPPED_SUBJECT:
        match = pattern.match(sentence)
        if match:
            verb = replacement.format(*(group.lower() for group in match.groups()))
            return f"{speaker} {verb}{sentence[match.end():]}"
    return sentence


def _third_person(sentence: str, speaker: str) -> str:
    """'I really love hiking' -> 'Mel really loves hiking'; 'we' becomes the speaker and others."""
    # "Lukas and I are going": the speaker is one of a plural subject, and the verb stays plural.
    sentence = re.sub(r"\b(and|&)\s+I\b(?!['’])", rf"\1 {speaker}", sentence)
    sentence = re.sub(r"\bI don't\b|\bI do not\b", f"{speaker} doesn't", sentence)
    sentence = _FIRST_PERSON_VERB.sub(lambda m: _conjugate(m, speaker), sentence)
    sentence = re.sub(r"\b[Ww]e're\b|\b[Ww]e are\b", f"{speaker} and others are", sentence)
    sentence = re.sub(r"\b[Ww]e've\b", f"{speaker} and others have", sentence)
    sentence = re.sub(r"\b[Ww]e'll\b", f"{speaker} and others will", sentence)
    sentence = re.sub(r"\b[Ww]e\b", f"{speaker} and others", sentence)
    sentence = re.sub(r"\b[Oo]ur\b", f"{speaker}'s", sentence)
    sentence = re.sub(r"(?<=\s)us\b", f"{speaker} and others", sentence)
    return resolve_first_person(sentence, speaker)


def _conjugate(match: re.Match[str], speaker: str) -> str:
    adverbs, verb = match.group(1), match.group(2)
    lowered = verb.lower()
    if lowered in _MODALS or lowered in _PAST_IRREGULAR or lowered.endswith("ed") or lowered in _ADVERBS:
        return f"{speaker} {adverbs}{verb}"
    if lowered in {"am", "'m"}:
        return f"{speaker} {adverbs}is"
    if lowered == "have":
        return f"{speaker} {adverbs}has"
    if lowered in {"do", "go"}:
        return f"{speaker} {adverbs}{lowered}es"
    if not verb.isalpha() or not verb.islower():
        return match.group(0)
    return f"{speaker} {adverbs}{third_singular(verb)}"


def _predicate_and_object(statement: str, speaker: str) -> tuple[str, str]:
    body = statement.rstrip(".")
    if body.startswith(speaker + " "):
        rest = body[len(speaker) + 1 :].split()
        if rest[:2] == ["and", "others"]:
            rest = rest[2:]
        verbs = [word for word in rest[:3] if word.lower() not in _ADVERBS]
        if verbs:
            head = rest.index(verbs[0]) + 1
            return " ".join(rest[:head]), " ".join(rest[head:])
    return "states", body


def _is_past(sentence: str) -> bool:
    words = re.findall(r"[a-z]+", sentence.lower())
    return any(word in _PAST_IRREGULAR or (word.endswith("ed") and len(word) > 4) for word in words)


def _kind(predicate: str, sentence: str) -> MemoryType:
    head = predicate.split()[-1].lower() if predicate else ""
    if head == "states":
        past = any(pattern.search(sentence) for pattern, delta in _RELATIVE_DAYS if delta)
        return MemoryType.EPISODIC if past and not _PREFERENCE.search(sentence) else MemoryType.SEMANTIC
    if head in _PAST_IRREGULAR or (head.endswith("ed") and head != "need"):
        return MemoryType.EPISODIC
    if _PREFERENCE.search(predicate) or _PREFERENCE.search(sentence):
        return MemoryType.SEMANTIC
    if _FUTURE.search(sentence):
        return MemoryType.EPISODIC
    return MemoryType.SEMANTIC


def _event_time(sentence: str, when: datetime) -> datetime | None:
    for pattern, delta in _RELATIVE_DAYS:
        if pattern.search(sentence):
            return (when - delta).replace(hour=0, minute=0, second=0, microsecond=0)
    return None


def _capitalise(text: str) -> str:
    return text[0].upper() + text[1:] if text else text
