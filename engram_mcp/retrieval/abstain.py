"""Abstention: recall declines when nothing stored addresses what the question asks. Pure.

A question's nearest memory is not evidence that it is answered: in a memory of one person
every turn shares that person's name, so "What is Sam's favourite football team?" lands
near "Sam: my favourite coffee is…" whatever is stored. What the question asks is its
*focus*: its content words once the question words and the names of the people and things
the memory already knows are taken out ("favourite football team"). The question is
addressed when a recalled memory holds most of the focus words (``lexical``), or when the
focus alone is close in meaning to some memory (``focus_cosine``), or when it asks for the
standing instructions and some are stored. Otherwise recall abstains, as it always does
when even the whole question is far from everything (``confidence``) or asks about someone
no memory names ("What is Nadia's blood type?" when Nadia was never mentioned).

The thresholds are settings, calibrated on both sides (questions that must be declined and
questions that must be answered) in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from engram_mcp.model.belongings import VEHICLE_MAKES
from engram_mcp.model.medicines import what_medicines_are_for
from engram_mcp.retrieval.instances import BROAD, MET_BY
from engram_mcp.retrieval.question_words import ANIMALS, RELATIONS, TASTE, TOPICS, birth_order, birth_orders, stem

__all__ = ["AT_A_PLACE", "AT_A_PLACE_ASKED", "Coverage", "asks_for_instructions", "focus_terms", "focus_words", "lexical_coverage", "prose", "should_abstain",
           "unmet_relations", "RELATION_QUESTION_WORDS", "WORD", "stem_of", "words_of"]


def _marks() -> str:
    """The marks written over, under or beside a letter (accents, vowel signs), as ranges of a character class."""
    codes = [c for c in range(0x300, 0x10000) if unicodedata.category(chr(c)).startswith("M")]
    ranges: list[list[int]] = []
    for code in codes:
        if ranges and code == ranges[-1][1] + 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return "".join(f"{chr(first)}-{chr(last)}" for first, last in ranges)


# A word is its letters with the marks written over, under or beside them: "काम", "करते" in Devanagari are one word
# each, not the letters between their vowel signs.
_LETTER = rf"(?:[^\W_]|[{_marks()}])"
WORD = re.compile(rf"[^\W_]{_LETTER}*(?:['’][^\W_]{_LETTER}*)*", re.UNICODE)
# Question scaffolding, pronouns and verbs about the conversation itself ("what did I say about")
# carry nothing of what is asked; nor does using a thing ("Which removal firm are we using?" asks the
# firm, and "went with Shiftwell Removals" answers it), nor does helping with it ("Who helps us with our tax?"
# is met by "our accountant").
_NOT_FOCUS = frozenset(
    """a an the and or but of to in on at for with from by as about into over after before up out off than then
    is am are was were be been being do does did done has have had having will would shall should can could may
    might must what which who whom whose when where why how many much long often ever any some there here this
    that these those it its i me my mine myself we us our ours you your yours he him his she her hers they them
    their theirs one ones thing things something anything kind type sort say said tell told mention mentioned
    talk talked know knew remember remembered think thought like get got go going just also still now currently
    again please let lets user assistant recently last first next happen happens happened happening doing
    latest newest recent current most
    called named size put take takes taking took while whilst during until till because since if unless though
    use uses used using help helps helped helping
    i'm i've i'd i'll we're we've we'd we'll you're you've they're they've he's she's it's
    whats wheres whos hows whens whys thats theres im ive
    against besides despite via toward towards among amongst upon onto""".split()
)
# "Where's Zara based these days?" asks where she is based: the present is no topic.
_PRESENT = re.compile(r"\b(?:these days|nowadays|at the moment|right now|at present|for now|as of now|lately|still)\b")
# "What does Theo do for a living?", "What did I do for a living?" ask a job.
_FOR_A_LIVING = re.compile(r"\bd(?:o|oes|id)\s+(?:[a-z]+\s+)?for\s+a\s+living\b")
# "What does Jussi do at Ericsson?", "What does Niamh do in Boston?" ask the work one does there (not "What does Dorota
# do in the evenings?", "What does Gwen do in her spare time?").
AT_A_PLACE_ASKED = (r"(?:at|in)\s+(?!(?:(?:his|her|their|my|your|our|the)\s+)?(?:mornings?|evenings?|afternoons?|nights?|"
                    r"weekends?|week|summer|winter|spring|autumn|spare|free|holidays?|meantime|future|past|moment)\b)")
"""What a question says a place with ("at Ericsson", "in Boston"), not a time ("in the evenings", "at the weekend")."""
_DOES_AT_A_PLACE = re.compile(r"\b(d(?:o|oes|id)\s+(?:[\w'’-]+\s+){1,4}?)do(?=\s+" + AT_A_PLACE_ASKED + ")")
# "Do I have any health issues?", "Any medical problems?" ask of health: the issue is no second thing asked.
_HEALTH_MATTERS = re.compile(r"\b(?:health|medical)(?:[\s-]+related)?\s+(?:issues?|problems?|concerns?|conditions?|troubles?|"
                             r"history|stuff|things?|matters?)\b")
# "What does Soren do in his free time?" asks his hobbies.
_FREE_TIME = re.compile(r"\b(?:in\s+(?:his|her|their|my|your)\s+)?(?:free|spare)\s+time\b")
# "How does Jurgen get to work?" asks his commute, not his job; "How does Per get around now?", "How does Seun get
# to the hospital these days?" ask it too.
_TO_WORK = re.compile(r"\b(?:get|gets|go|goes|travel|travels|cycle|cycles|drive|drives)\s+(?:to\s+(?:work|the\s+office|school|"
                      r"uni|university|college|the\s+hospital|the\s+site|the\s+shop)|around|about)\b")
_INSTRUCTIONS = re.compile(
    r"\b(?:instructions?|rules?|standing orders?|asked you|told you|want(?:ed)? you to|should you|how (?:do|should) "
    r"(?:you|i|we)|remind(?:ers?)? (?:me|you)|preferences for|address (?:me|him|her|them)|"
    # "Which units should I use with Bartek?"
    r"should (?:i|you|we) use|"
    # "What currency should I give amounts in?" ("Which currency should I quote prices in for Thiago?" is left to
    # ranking: the instructions put first would push out a currency said in passing)
    r"should (?:i|you|we) (?:give|write|show|put) (?:amounts|money|dates|times|numbers|figures|measurements|units|"
    r"temperatures|distances|weights)|"
    # "How should times and measurements be given to Anouk?"
    r"how should (?:[\w-]+ ){1,4}?be (?:given|written|shown|formatted|spelled|spelt|presented)|"
    # "How does Fergus want to be spoken to?"
    r"(?:want|like|prefer)s?\s+to\s+be\s+(?:spoken|talked|addressed|written|called)\b|"
    # "How does Wiremu want answers laid out?"
    r"(?:want|like|prefer)s?\s+(?:[\w'’-]+\s+){0,2}?(?:answers?|replies|responses?|messages?|things|stuff|info|information|"
    r"times|dates|numbers|units|measurements|temperatures|prices|code)\s+"
    r"(?:laid|set|written|formatted|presented|given|explained|spelled|spelt)|"
    # "How long can my answers to Shreya be?"
    r"how\s+(?:long|short|detailed|formal)\s+(?:can|should|do|must)\s+(?:my\s+|your\s+|the\s+)?(?:answers?|replies|responses?|messages?))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Coverage:
    """What recall saw of how well the store addresses a question."""

    confidence: float
    """Best dense cosine of the whole question to any candidate."""
    focus: tuple[str, ...] = ()
    """The question's content words, names of known people and things removed."""
    lexical: float = 1.0
    """The largest share of the focus words any recalled memory contains."""
    focus_cosine: float = 1.0
    """Best dense cosine of the focus alone to any candidate."""
    instructions: bool = False
    """The question asks for standing instructions and some are stored."""
    unknown_names: tuple[str, ...] = ()
    """Names the question asks about ("Nadia's blood type") that no memory contains."""
    in_time: bool | None = None
    """When the question names a time: whether a recalled memory happened then (None: it names none)."""
    unmet_relations: tuple[str, ...] = ()
    """Relations the question asks about ("Lena's sister") that no recalled memory mentions."""
    unnamed: bool = False
    """The question asks what something is called ("What is Ingrid's dog called?") and no
    recalled memory names it: "we're thinking of getting a dog" speaks of one, names none."""
    unsaid_of: tuple[str, ...] = ()
    """Names the question asks something of ("What does Camila do for work?") that every recalled
    memory naming them is silent on."""
    untold: str | None = None
    """A detail told only whole ("blood type", "passport number": ``details.py``) that the question
    asks and no recalled memory tells."""
    unmet_kinds: tuple[str, ...] = ()
    """Kinds of a thing the question asks ("car" insurance, a "work" phone, a flight "back") that no recalled
    memory saying the thing says of it (``kinds_asked.py``)."""

    @property
    def asks_what_nothing_holds(self) -> bool:
        """Whether the question asks of a name, a relation, a slot, a name given, a detail or a kind no memory holds:
        declined whatever else is recalled."""
        return bool(self.unknown_names or self.unmet_relations or self.unnamed or self.unsaid_of or self.untold
                    or self.unmet_kinds)


# "email address" asks for an email ("IP address" for an IP), not where someone lives.
_EMAIL_ADDRESS = re.compile(r"\b(e-?mail|ip|web|mac)\s+address(?:es)?\b")


# "What is Dr. Iyer's office room number?" asks of Iyer: a title before a name asks of no doctor.
_TITLE_BEFORE_A_NAME = re.compile(r"\b(?:Dr|Doctor|Prof|Professor)\b\.?\s+(?=[A-Z])")


def focus_words(question: str, names: Iterable[str]) -> tuple[str, ...]:
    """The words of ``question`` that say what it asks, without scaffolding or known names."""
    name_words = {stem(w) for name in names for w in WORD.findall(name.casefold())}
    words = []
    asked = _HEALTH_MATTERS.sub(" health ", _TO_WORK.sub(" commute ", _FREE_TIME.sub(" hobby ", _DOES_AT_A_PLACE.sub(r"\1job", _FOR_A_LIVING.sub(
        " job ", _PRESENT.sub(" ", _EMAIL_ADDRESS.sub(r"\1", _TITLE_BEFORE_A_NAME.sub("", question).casefold())))))))
    for word in WORD.findall(asked):
        word = re.sub(r"['’]s$", "", word)
        if word.replace("’", "'") in _NOT_FOCUS or stem(word) in name_words or len(word) < 2 or word.isdigit() and len(word) < 3:
            continue
        words.append(word)
    return tuple(dict.fromkeys(words))


def focus_terms(words: Iterable[str]) -> tuple[str, ...]:
    """Focus words as the stems lexical coverage compares."""
    return tuple(dict.fromkeys(stem(w) for w in words))


def unmet_relations(focus: tuple[str, ...], texts: Iterable[str]) -> tuple[str, ...]:
    """The relation words of ``focus`` (stems) that none of ``texts`` holds, or a word for the same
    relation: "sister" is met by "my sister" or "sis", never by "my brother", however close the
    two are in meaning (which is why the focus's cosine cannot decide these).

    Only a question about the relation is held to this: a short one ("Who is Sam's doctor?",
    "What is the name of Lena's sister?"). In a longer one ("I'm inviting my colleagues over,
    any tips on what to bake?") the relation is context, not what is asked."""
    asked = [term for term in focus if term in RELATIONS]
    if not asked or len(focus) > RELATION_QUESTION_WORDS:
        return ()
    texts = list(texts)
    have = set().union(*(words_of(text) for text in texts), *(_relations_said_otherwise(text) for text in texts))
    # "my eldest son" is met by "Tawanda is my eldest": which one, said without the word for them.
    if (order := birth_order(focus)) is not None and order in birth_orders(have):
        return ()
    return tuple(term for term in asked if not RELATIONS[term] & have)


# "my baby girl Nia", "our boy", "Kerry's boy": whose boy or girl says a son or daughter; a child named as someone's says
# who their parent is ("Who is Connor's mother?" is met by "my grandson Connor, Kerry's boy").
_ONES_CHILD = re.compile(r"(?:\b(?i:my|our|his|her|their)\b|\b(?P<owner>[A-Z][\w-]*['’]s))\s+(?:(?:baby|little|wee|eldest|oldest|youngest|"
                         r"middle|only|big)\s+)?(?P<child>boy|girl|lad|lass|son|daughter|kid|child)\b")
_CHILD_IS = {"boy": "son", "lad": "son", "girl": "daughter", "lass": "daughter"}


def _relations_said_otherwise(text: str) -> set[str]:
    """The relations (stems) ``text`` says without their word: a son or daughter as someone's boy or girl, and a parent as
    the one whose child someone is named ("Connor, Kerry's boy")."""
    said: set[str] = set()
    for found in _ONES_CHILD.finditer(text):
        child = found["child"].casefold()
        said |= {stem(_CHILD_IS.get(child, child)), stem("child"), stem("kid")}
        if found["owner"]:
            said |= RELATIONS[stem("parent")]
    return said


AT_A_PLACE = re.compile(r"\b(?:at|in|into)\s+\w", re.IGNORECASE)
"""What says where: a where-question is met by "at", "in" or "into" something ("booked into Ashgrove")."""


def lexical_coverage(focus: tuple[str, ...], texts: Iterable[str], *, by_topic: bool = True, broad: bool = False) -> float:
    """The largest share of ``focus`` any one of ``texts`` contains (stems, whole words); with
    ``by_topic`` off, a word about a slot is held only by itself or what meets it, not by the
    slot's other words; with ``broad`` (whether the question is addressed at all), a broad word
    asked alone ("family", "health") is held by its instances (``instances.BROAD``)."""
    if not focus:
        return 1.0
    # A word about a slot is held by any word of that slot's topic: "live" by "moved to Berlin".
    # With ``broad``, a broad word all the question asks is met by its instances ("Who is in my family?" by "my sister").
    asked_alone = BROAD.get(focus[0], ()) if broad and len(focus) == 1 else ()
    alike = {term: set().union({term}, MET_BY.get(term, ()), asked_alone, RELATIONS.get(term, ()),
                               *(t for t in TOPICS.values() if by_topic and term in t and term not in _ASKED_OTHERWISE),
                               TASTE if term in _WHICH_ONE else ())
             for term in focus}
    # An animal's kind is met by that kind only ("a greyhound" for a dog), never by another pet ("my cat").
    alike |= {term: {term, *kind} for term in focus for kind in ANIMALS if term in kind}
    best = 0.0
    focus_asks_which = bool(_WHICH_ONE & set(focus))
    for text in texts:
        have = _spoken_of(text)
        met = {term for term in focus if alike[term] & have or _held_by_its_form(term, have)}
        # "favourite" asks which one, not about what: it counts only beside the kind ("film") it asks of,
        # and the kind only in a memory that says a taste ("a gluten-free recipe" is no favourite food).
        if not met - _WHICH_ONE or focus_asks_which and not have & TASTE:
            met = set()
        best = max(best, len(met) / len(focus))
    return best


@lru_cache(maxsize=8192)
def _spoken_of(text: str) -> frozenset[str]:
    """What a memory speaks of, as stems: its own words, and what its amounts, medicines, times and makes say."""
    # Cached like ``_stems_said``: one recall asks this of the same memories for each rule that reads them.
    # "5mg" speaks of mg; "warfarin" of a blood thinner.
    return frozenset(words_of(text) | set(_AMOUNT_UNIT.findall(text.casefold()))
                     | {stem(w) for w in what_medicines_are_for(prose(text))} | ({"truck"} if _PICKUP_TRUCK.search(text) else set())
                     | ({_CAR} if _CAR_BY_MAKE.search(text) else set())
                     | ({_TIME} if _CLOCK_TIME.search(text) else set())
                     | ({_BIRTHDAY} if _TURNS_AN_AGE.search(text) else set()))


@lru_cache(maxsize=65536)
def _held_by_its_form(term: str, have: frozenset[str]) -> bool:
    """Whether a memory's words hold ``term`` as a compound of it or as its doer ("smartphone", "therapist")."""
    return _compound_of(term, have) or _derived_of(term, have)


# "What time is Kaito aiming for?" is met by "sub 3:30", "What time does the Kita open?" by "opens 7.30am".
_TIME = stem("time")
_CLOCK_TIME = re.compile(r"(?<![\d.:])\d{1,2}[:.]\d{2}(?![\d.:])|\b\d{1,2}\s?(?:am|pm)\b", re.IGNORECASE)


# "my abuela Chuy turns 90 el 9 de agosto", "Abuela Chuy's 90th": an age one turns is a birthday.
_BIRTHDAY = stem("birthday")
_TURNS_AN_AGE = re.compile(r"\bturn(?:s|ing|ed)?\s+\d{1,3}\b(?![:.]\d)(?!\s*(?:%|°|percent|mins?|minutes?|hours?|hrs?|days?|weeks?|"
                           r"months?|degrees?|times?|pages?|km|miles?|pounds?|quid|euros?|dollars?)\b)|(?:['’]s|\b(?:his|her|their|my|our))\s+\d{1,3}(?:st|nd|rd|th)\b",
                           re.IGNORECASE)


# "a Hilux pickup", "my pickup": a pickup had is a truck; "badge pickup at gate 3", "daycare pickup" are collections.
_PICKUP_TRUCK = re.compile(r"\b(?:(?i:a|my|our|his|her|their|the|new|old|used)|(?-i:[A-Z][\w-]+))\s+pick-?up\b"
                           r"(?!\s+(?i:at|on|from|time|point|for|window|location|is|was|spot|zone|date|and|or)\b)")


# "Ilka just bought a Tesla": a car named by its make, written as a name; not the makes that are everyday words
# too ("Golf on Sunday", "Jazz night", "the Focus group").
_CAR = stem("car")
_MAKES_THAT_ARE_WORDS = frozenset("""focus golf model mini seat jazz transit ranger genesis leaf polo land range boxer caddy
    accord civic lucid juke sprinter outlander pacifica odyssey alfa lincoln captur duster kona tiida vito ev estate""".split())
_CAR_BY_MAKE = re.compile(r"\b(?:" + "|".join(sorted((re.escape(make.capitalize()) for make in VEHICLE_MAKES - _MAKES_THAT_ARE_WORDS
                                                      if make.isalpha()), key=len, reverse=True)) + r")\b")


# Words that end many compounds meaning something else ("greenhouse", "workplace").
_LOOSE_HEADS = frozenset({"work", "book", "hous", "plac", "point", "ground", "ston", "water", "light", "board", "stand", "time",
                          "line", "room", "land", "man", "ship", "side", "ware", "note", "band"})


def _compound_of(term: str, words: frozenset[str]) -> bool:
    """Whether a word is a compound of ``term`` (stems) as its head: "iphone" and "smartphone" are phones."""
    return len(term) >= 4 and term not in _LOOSE_HEADS and any(w.endswith(term) and len(w) > len(term) for w in words)


# What one who does a thing is called, and the doing: "supervising" and "supervisor", "teach" and "teacher",
# "accounts" and "accountant", "guitar" and "guitarist", "electrics" and "electrician".
_AGENT_SUFFIXES = ("er", "or", "ers", "ors", "ant", "ants", "ist", "ists", "ian", "ians")


def _derived_of(term: str, words: frozenset[str]) -> bool:
    """Whether a word names the doer of ``term`` (stems), or ``term`` the doer of the word; a final y
    gives way to the suffix ("therapy" and "therapist", "library" and "librarian")."""
    return any(
        len(short) >= 4 and _agent_of(short, long)
        for w in words
        for short, long in ((term, w), (w, term))
    )


def _agent_of(short: str, long: str) -> bool:
    bases = (short, short[:-1]) if short.endswith("y") else (short,)
    return any(long.startswith(base) and long[len(base):] in _AGENT_SUFFIXES for base in bases)


# Pasted code and logs say nothing about the person: "# I live in a loop" in a code block, or
# "ERROR I am allergic to nulls" in a log, address no question about where they live.
_CODE_BLOCK = re.compile(r"```.*?(?:```|$)|~~~.*?(?:~~~|$)", re.DOTALL)
_LOG_LINE = re.compile(r"^[ \t]*(?:\[?\d{4}-\d{2}-\d{2}[T ]?[\d:.,]*\]?|\d{2}:\d{2}:\d{2})[ \t].*$|"
                       r"^.*\b(?:ERROR|WARN|WARNING|INFO|DEBUG|TRACE|FATAL)\b.*$|^[ \t]+at [\w.$]+\(.*$|^[ \t]*File \".*\", line \d+.*$",
                       re.MULTILINE)


def prose(text: str) -> str:
    """``text`` without pasted code blocks and log lines: what a person wrote in their own words."""
    return _LOG_LINE.sub(" ", _CODE_BLOCK.sub(" ", text))


def asks_for_instructions(question: str) -> bool:
    return _INSTRUCTIONS.search(question) is not None


def should_abstain(coverage: Coverage, confidence_floor: float, lexical_floor: float, focus_floor: float) -> bool:
    """Decline when the whole question is far from everything, or when nothing addresses its focus."""
    if coverage.instructions:
        return False
    if coverage.asks_what_nothing_holds:
        return True
    if not coverage.focus and coverage.in_time is not None:
        # Nothing asked but a time ('What happened on 9 March?'): answered by that time's memories,
        # however far in meaning the question's few words are from them.
        return not coverage.in_time
    if not coverage.focus:
        return coverage.confidence < confidence_floor
    if coverage.confidence < confidence_floor and coverage.lexical < 1.0:
        # A memory that holds every word the question asks about ("What health condition do I
        # have?" and "my asthma…") addresses it, however far the whole question's wording is.
        return True
    return coverage.lexical < lexical_floor and coverage.focus_cosine < focus_floor


_WHICH_ONE = frozenset({"favourit", "favorit", "fav"})
# Words of a topic that mean something else when asked: "my daycare pickup" is a collection,
# though a memory that says "pickup" may mean the truck one drives.
_ASKED_OTHERWISE = frozenset({"pickup"})


def stem_of(word: str) -> str:
    """A word's stem, a possessive's "'s" dropped ("mum's" → "mum")."""
    return stem(re.sub(r"['’]s$", "", word))


def words_of(text: str) -> set[str]:
    """The stems of a memory's own words ("mum's flight" speaks of mum), pasted code and logs left out."""
    return set(_stems_said(text))


@lru_cache(maxsize=8192)
def _stems_said(text: str) -> frozenset[str]:
    # Cached: the rules choosing what leads and what is declined read the same recalled memories many times a recall.
    said = prose(text).casefold()
    words = {stem_of(w) for w in WORD.findall(said)}
    # "My dentist is Dr. Hughes": the title is the dentist's, and no doctor is spoken of.
    return frozenset(words - {_DOCTOR_TITLE} if _ANOTHERS_TITLE.search(said) else words)


_DOCTOR_TITLE = stem("dr")
_TITLED_NOT_DOCTORS = (r"(?:dentist|orthodontist|vet|veterinarian|therapist|counsell?or|counselor|psychologist|chiropractor|"
                       r"optician|optometrist|physio|physiotherapist|osteopath|podiatrist)s?")
_ANOTHERS_TITLE = re.compile(rf"\b{_TITLED_NOT_DOCTORS}\W+(?:\w+\W+){{0,2}}?dr\b|\bdr\b\.?(?:\W+\w+){{1,3}}?\W+{_TITLED_NOT_DOCTORS}\b")


_AMOUNT_UNIT = re.compile(r"\b\d+(?:\.\d+)?([a-z]{1,3})\b")


RELATION_QUESTION_WORDS = 3
