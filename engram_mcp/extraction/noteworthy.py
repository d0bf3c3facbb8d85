"""Whether a first-person clause says something a person would write down. Pure.

A note-taker keeps what lasts or matters later: who someone is and what they do, own, like,
plan (with its date), did, and who their people are. They skip how the conversation feels
("I'm so grateful", "I'm up for the challenge", "I'll do my best"), remarks whose subject is
not the speaker ("It was awesome", "Their love gives me strength", "Here's a pic"), and
clauses whose object is only a pointer into the chat ("I'll check it out").

The test is grammatical, not a list of sentences: the clause must open with the speaker as
subject (I, we, my X, a gerund about the speaker's own things), and after its verb there
must be at least one specific word (a name, a number, a date, or a content word that is not
a feeling, an effort or a pointer).
"""

from __future__ import annotations

import re

from engram_mcp.extraction.lexicon import alternation
from engram_mcp.model.predicates import HEALTH_CONDITIONS

__all__ = ["worth_noting"]

# "I", "we", "my sister", "our dog", "me and my team", "Playing games is my ...".
_SPEAKER_SUBJECT = re.compile(
    r"^(?:(?:i|i'm|i've|i'll|i'd|we|we're|we've|we'll|we'd|me\s+and\s+\w+|(?:(?:my|our)\s+\w+\s+)?[\w'-]+\s+and\s+i)\b|"
    r"(?:my|our)\s+(?!\w+\s+(?:words|support|kindness)\b)[\w'-]+)",
    re.IGNORECASE,
)
_GERUND_ABOUT_SPEAKER = re.compile(r"^[A-Z]?[a-z]+ing(?![^.]*?\b(?:those|these|this|that)\s+[a-z]+\s+(?:is|are|was|were)\b)(?:(?:'s|\b[^.]*\b(?:is|are|was|were))\s+[^.]*?\b(?:my|our|me)\b|"
                                   r"\s+(?:\w+\s+){0,2}?(?:my|our)\b[^.]*\b(?:is|are|was|were)\b)", re.IGNORECASE)
# "The support group made me feel accepted", "Writing helps me relax": a thing (not a pronoun) acting on the speaker.
_THING_ACTS_ON_SPEAKER = re.compile(
    r"^(?!(?:it|they|their|that|this|those|these|he|she|his|her|which|there|here|you|your|what|really|just|also|"
    r"still|now|then|so|always|even|truly|totally|definitely|actually)\b)"
    r"[\w'-]+(?:\s+[\w'-]+){0,4}?\s+(?:has\s+|have\s+|really\s+|always\s+)?(?:made|makes|helps|helped|reminds|reminded|"
    r"gives|gave|taught|teaches|lets|inspired|inspires|got|gets)\s+(?:me|us)\b",
    re.IGNORECASE,
)
# "Dance is my go-to", "My favourite band is X": the speaker's favourite as a copula's subject or
# complement. "It's one of my favourites" points back into the chat; "it fired up my passion" is not one.
_FAVOURITE = re.compile(r"^(?!(?:it|that|this|these|those|they|there|which)\b)(?:[\w'-]+(?:\s+[\w'-]+){0,4}?"
                        r"(?:'s|\s+(?:is|are|was|were|remains?))\s+(?:\w+\s+){0,2}?)?(?:one\s+of\s+)?"
                        r"my\s+(?:(?:new|all-time|top|absolute)\s+)?(?:fav(?:ou?rite)?s?|go-to|top\s+pick|hobby|hobbies|"
                        r"goal|dream|passion)\b", re.IGNORECASE)
# Feelings, effort and encouragement: what the speaker feels about the chat, not a fact.
_HOLLOW = frozenset(
    """grateful thankful glad happy excited thrilled stoked pumped sure determined lucky blessed proud nervous
    heart hearts soul away around back exciting getting happening happen happened someone somebody somewhere anyone anybody anywhere
    relief excitement anxiety anxious worry worried stress stressed emotion emotions emotional rollercoaster
    powerful incredible inspiring inspired rewarding overwhelming overwhelmed between
    worried relieved keen fun best challenge effort try trying positive luck hoping hope wish thanks thank
    appreciate appreciated support supportive kind words amazing awesome great cool nice wonderful fantastic
    incredible lovely really super so very truly totally definitely just still also even much lot lots
    things thing stuff something anything everything it that this these those them they one ones there here
    way ride journey feeling feel felt feels make made doing do did going go get got keep keeping push pushing
    forward moving sound sounds wait can't cannot love loved glad good bad tough hard wild crazy emotions
    mind mean means meant time day days moment moments life world dreams chat talk talking""".split()
)
_POINTER_OBJECT = re.compile(r"^(?:\w+\s+){0,3}?(?:it|that|this|them|those|one)(?:\s+(?:out|up|soon|too|again|later|"
                             r"some\s+time(?:\s+soon)?))?[.!]*$", re.IGNORECASE)
# "Last week I ...", "Unfortunately, I also ...", "Growing up, I saw ...": the subject comes after.
_LEAD_ADVERBIAL = re.compile(
    r"^(?:(?!(?:it's|it\s+is|it\s+was|that's|this\s+is|there's|there\s+is)\b)(?!(?:[\w'-]+\s+){0,5}?(?:i|we|i'm|i've|we're|we've)\b)"
    r"[\w'-]+(?:\s+[\w'-]+){0,5},\s+|(?:last|this|next|every)\s+\w+\s+|"
    r"(?:yesterday|today|tonight|now|then|recently|lately|also|plus|so|and|but)\s+)+",
    re.IGNORECASE,
)
_ATTITUDE = re.compile(
    r"^(?:(?:am|'m|is|was|were|are|'re|have\s+been|'ve\s+been|feel|felt|am\s+feeling|'m\s+feeling|will|'ll|would|'d|"
    r"can't|cannot|really|so|super|truly|just|also|definitely|totally|still|always)\s+)*"
    r"(?:grateful|thankful|excited|thrilled|stoked|pumped|keen|happy|glad|sure|determined|hopeful|optimistic|proud|"
    r"lucky|blessed|nervous|worried|relieved|crossing|wait|looking\s+forward|love\s+to|"
    r"having\s+(?:fun|a\s+blast)|up\s+for|feeling|feel\s+(?!that\b|it's\b|like\b)|felt|staying|keep\s+(?:going|pushing|at)|"
    r"had\s+(?:an?\s+|so\s+much\s+)?(?:\w+\s+)?(?:time|blast|fun)\b|"
    r"can't\s+(?:live|imagine(?:\s+(?:life|my\s+life))?)\s+without\b|"
    r"hoping|think\s+about\s+it|check\s+(?:it|that|them)\s+out|definitely\s+check)\b",
    re.IGNORECASE,
)
# Effort and encouragement ("I'll do my best", "giving it my all") promise nothing in particular.
_EFFORT = re.compile(r"^(?:(?:will|'ll|am|'m|was|always|just|really)\s+)*(?:do(?:ing)?|try(?:ing)?|give|giving)\s+"
                     r"(?:it\s+)?(?:my|our)\s+(?:very\s+)?(?:best|all)\b", re.IGNORECASE)
# "I really recommend having one", "I suggest you ...": advice to the other speaker, not a fact about this one.
_ADVICE = re.compile(r"^(?:(?:really|would|'d|definitely|highly|totally|strongly)\s+)*(?:rec+om+end|sugg?est|advise|urge)",
                     re.IGNORECASE)
# The verb's object only points back into the chat ("I took it at the beach", "I've had them for years"):
# what it is was said elsewhere, so the clause alone says little unless much else follows.
_POINTER_AFTER_VERB = re.compile(
    r"^(?:[\w'-]+\s+){0,5}?(?:it|them|'em|that\s+one|this\s+one|(?:some\s+of\s+)?(?:these|those)\s+(?:little\s+)?"
    r"(?:ones|guys|things|places|ideas|pics|photos|pictures))"
    r"(?!\s*(?:'s|is|was|has|will|'ll)\b)(?P<after>.*)$", re.IGNORECASE)
# "... go through that", "... make it happen": the clause ends by pointing back into the chat.
_TRAILING_POINTER = re.compile(r"^(?P<before>.*?)\b(?:it|that|this|them|'em)(?:\s+(?:happen|work|out|up|again|too|off|done))?"
                               r"[.!…]*$", re.IGNORECASE)
# Carrying on ("I'll keep using my voice", "I'm going to keep pushing") promises effort, not a fact.
_CARRY_ON = re.compile(r"^(?:(?:will|'ll|am|'m|is|going\s+to|gonna|definitely|just|always|really|still)\s+)*keep\s+\w+ing\b",
                       re.IGNORECASE)
_DEIXIS = re.compile(r"\b(?:this|that|these|those)\s+(?!is\b|was\b|way\b)[a-z]+|\b(?:it|them)\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d+")
_PLURAL_SUBJECT = re.compile(r"^(?:we|we're|we've|we'll|we'd)\b", re.IGNORECASE)
_SINGULAR = re.compile(r"\b(?:i|i'm|i've|i'll|i'd|my|me|mine|myself)\b", re.IGNORECASE)
_VERB_AFTER_SUBJECT = re.compile(
    r"^(?:(?:i|we|me\s+and\s+(?:my\s+)?\w+|my\s+\w+\s+and\s+i)(?:'m|'ve|'ll|'d|'re)?|(?:my|our)\s+[\w'-]+(?:\s+[\w'-]+)?)\s+",
    re.IGNORECASE,
)


def worth_noting(clause: str, *, durable: bool = False) -> bool:
    """Whether a note-taker would keep this first-person clause (``durable``: a lasting-fact cue was seen)."""
    text = clause.strip().replace("’", "'")
    if _MY_CONDITION.match(text):
        return True  # "My asthma has been a bit annoying": a lasting condition, said in passing
    lead = _LEAD_ADVERBIAL.match(text)
    if lead and _SPEAKER_SUBJECT.match(text[lead.end():]):
        text = text[lead.end():]
    if not (_SPEAKER_SUBJECT.match(text) or _GERUND_ABOUT_SPEAKER.match(text) or _FAVOURITE.search(text)
            or _THING_ACTS_ON_SPEAKER.match(text)):
        return False
    rest = _VERB_AFTER_SUBJECT.sub("", text, count=1)
    if _POINTER_OBJECT.match(rest) or _ADVICE.match(rest):
        return False
    pointer = _POINTER_AFTER_VERB.match(rest)
    if pointer and _weight(pointer["after"]) < 4:
        return False
    trailing = _TRAILING_POINTER.match(rest)
    if trailing and _weight(trailing["before"]) < 4:
        return False
    named = any(_named(word) for word in _WORD.findall(rest))
    if (_EFFORT.match(rest) or _CARRY_ON.match(rest)) and not named:
        return False
    if _PLURAL_SUBJECT.match(text) and not _SINGULAR.search(text) and _weight(rest) < 4:
        # What "we" did says less about the speaker than what "I" did: it must say more to be kept.
        return False
    if _ATTITUDE.match(rest) and (_DEIXIS.search(rest) or not named):
        # How the speaker feels about it, with nothing named: the chat's mood, not a fact.
        return _weight(rest) >= 4
    return _weight(rest) >= (1 if durable else 2)


_MY_CONDITION = re.compile(r"^my\s+(?:[\w-]+\s+)?(?:" + alternation(HEALTH_CONDITIONS) + r")\b",
                          re.IGNORECASE)


def _named(word: str) -> bool:
    """A name or a number; "I've" is capitalised but names nobody."""
    return word.isdigit() or (word[:1].isupper() and word.lower() not in _I_FORMS)


_I_FORMS = frozenset({"i", "i'm", "i've", "i'll", "i'd"})


def _weight(rest: str) -> int:
    # A name or a number says more than any common word.
    return sum(2 if _named(word) else 1 for word in _WORD.findall(rest) if _specific(word))


def _specific(word: str) -> bool:
    lowered = word.lower().strip("'")
    if _named(word):
        return True
    return len(lowered) > 2 and lowered not in _HOLLOW and lowered not in _FUNCTION

_FUNCTION = frozenset(
    """the and but for with about from into onto over under than then are was were been being has have had
    does did will would shall should can could may might must not you your yours our ours his her hers
    their theirs who whom whose which what when where why how all any some each every both either neither
    own same such only other another again ever yet now its i'm i've i'll i'd we're we've we'll like
    am is be my me myself mine us out off too very got gonna wanna gotta kinda lately recently today
    yesterday week month year since while because though although cause 'cause don't doesn't didn't won't
    isn't wasn't through always never often sometimes usually ever many more most few fewer less""".split()
)
