"""Where a text names a person or thing: the one place a name is matched. Pure.

A name is matched as whole words in any case, with a possessive, however its apostrophe is
typed ("O'Brien", "O’Brien", "OBrien") and with or without an abbreviation's full stop ("ACME
Ltd"), never inside a double name ("Ann-Marie", "Mary-Ann"). What the memories call a person
or thing besides the name asked (``goes_by``) is read from the memories themselves: a person's
full name also names them by their given name alone (once a memory calls them so, mid-sentence
or opening one as only a person's name does: "Ricardo said …") or by a title and their family
name; a longer name holding the name that some memory writes where only a place goes ("drove to
Ann Arbor") names that place, not the one asked, wherever it is written. A surname after a given
name ("Ann Smith") is still the given name's. A name that is also an everyday word ("Will",
"May", "Mark", "Rose": ``name_words``) names someone only where it is written as a name
(``name_or_word.written_as_a_name``): "I will call the plumber" names no Will.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engram_mcp.model.entities import APOSTROPHES, entity_key, typed_without_capitals
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.name_or_word import (
    goes_on_as_after_a_subject,
    opens_a_sentence,
    opens_before_a_subject,
    said_of_a_person,
    written_as_a_name,
)
from engram_mcp.model.name_words import is_a_word
from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["Named", "goes_by", "mentions"]

_APOSTROPHE = f"[{APOSTROPHES}]"
_HYPHEN = "[-‐‑]"


def mentions(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as whole words (any case, possessive included, its apostrophe
    typed any way or left out: "O’Brien", "OBrien"), not as part of a double name ("Ann-Marie"). Typed
    without capitals, chat drops the apostrophe too ("cormacs leaving do"); with them, "Biscuits" is no Biscuit."""
    return next(_mentions(text, name), None) is not None


def _mentions(text: str, name: str, *, known_as_someone: bool = False) -> Iterator[re.Match[str]]:
    uncapitalised = typed_without_capitals(text)
    dropped_apostrophe = "(?P<dropped>s)?" if uncapitalised else ""
    # Chinese, Japanese, Thai … write no space between words: "我昨天见了王芳" names 王芳.
    before = "" if name[:1] and _written_without_spaces(name[0]) else r"(?<!\w)"
    after = "" if name[-1:] and _written_without_spaces(name[-1]) else r"(?!\w)"
    a_word = is_a_word(name)
    for found in re.finditer(rf"{before}{_spelled(name)}{dropped_apostrophe}{after}", text, re.IGNORECASE):
        if a_word and (found.groupdict().get("dropped") or not written_as_a_name(text, *found.span(), known_as_someone=known_as_someone)):
            continue  # "bills", "I will call": the word, not the name
        if uncapitalised or not _joined_to_another_name(text, found.start(), found.end()):
            yield found


_SCRIPTS_WITHOUT_SPACES = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN")


def _written_without_spaces(character: str) -> bool:
    """Whether ``character``'s script runs words together, so no word boundary marks where a name ends."""
    return unicodedata.name(character, "").startswith(_SCRIPTS_WITHOUT_SPACES)


def _spelled(name: str) -> str:
    """A pattern for ``name`` as people type it: its apostrophe as any mark typed for one, or left out
    ("O'Brien", "O’Brien", "OBrien"), or put in where a capital runs on in its letters ("O’Brien" for
    "OBrien"); an abbreviation's full stop typed or not ("ACME Ltd", "J Smith"); its words apart by
    any spacing."""
    words = []
    for word in name.split():
        pattern = ""
        for i, character in enumerate(word):
            if character in APOSTROPHES:
                pattern += _APOSTROPHE + "?"
                continue
            if character == "." and i == len(word) - 1 and word[i - 1 : i].isalpha():
                pattern += r"\.?"
                continue
            if i and character.isupper() and word[i - 1].isalpha() and word[i + 1 : i + 2].islower():
                pattern += _APOSTROPHE + "?"
            pattern += re.escape(character)
        words.append(pattern)
    return r"\s+".join(words)


def _joined_to_another_name(text: str, start: int, end: int) -> bool:
    """Whether the name at ``text[start:end]`` is joined by a hyphen to another capitalised name
    part: "Ann-Marie" and "Mary-Ann" are not Ann ("Ann-approved" still names her). Typed without
    capitals, nothing tells "ann-marie" from "dev-proof", so the name is taken."""
    after = re.match(rf"{_HYPHEN}([^\W\d_])", text[end:])
    before = re.search(rf"(?<!\w)([^\W\d_])[^\W\d_]*{_HYPHEN}$", text[max(0, start - 40) : start])
    return any(part is not None and part.group(1).isupper() for part in (after, before))


@dataclass(frozen=True, slots=True)
class Named:
    """A name asked to be forgotten, and the other ways the memories write it."""

    name: str
    keys: frozenset[str]
    """The entity keys of every way it is written (the name, and the given name when it stands for it)."""
    spellings: tuple[re.Pattern[str], ...] = ()
    """The other ways the memories write it: a title and the family name, the given name alone."""
    others: tuple[re.Pattern[str], ...] = ()
    """Longer names holding it that name someone or something else ("Ann Arbor" for "Ann")."""
    given_name: bool = False
    """Whether the memories call someone by it as by a given name ("my friend Lee"): then a title or
    another name before it ("Dr Lee", "Bruce Lee") makes it someone else's family name, and where only
    a place goes ("flying to Paris", "a trip to Jordan") it is the place."""
    word_too: bool = False
    """Whether the memories write it as an everyday word too ("6 apples" beside "Apple"): opening a
    sentence, where a capital marks no name, it is the word ("Apple pie recipe") unless what follows
    goes on as after a name ("Apple is hiring")."""
    known: frozenset[str] = frozenset()
    """The keys of the entities the memories know: a known name before it is that one's, not a longer name."""
    someone: bool = False
    """Whether, being an everyday word too ("Dale", "Will"), it is someone the memories know and never the word they
    write: opening a sentence it is then the name unless clearly the word (``name_or_word.written_as_a_name``)."""

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where ``text`` names it."""
        elsewhere = [found.span() for other in self.others for found in other.finditer(text)]
        found = [match.span() for match in _mentions(text, self.name, known_as_someone=self.someone)
                 if not self._someone_or_something_else(text, *match.span())]
        found += [match.span() for spelling in self.spellings for match in spelling.finditer(text) if _as_a_name(text, match)]
        return [(start, end) for start, end in found if not any(first <= start and end <= last for first, last in elsewhere)]

    def in_(self, text: str) -> bool:
        return bool(self.spans(text))

    def _someone_or_something_else(self, text: str, start: int, end: int) -> bool:
        """Whether the name at ``text[start:end]`` is another's: a place, someone else's family name, a word."""
        if self.given_name and (_a_place_at(text, start, end) or _TITLE_BEFORE.search(text, max(0, start - 12), start)
                                or _after_another_given_name(text, start, end, self.known)):
            return True
        return (self.word_too and text[start:start + 1].isupper() and opens_a_sentence(text, start)
                and not written_as_a_name(text, start, end))


def _as_a_name(text: str, found: re.Match[str]) -> bool:
    """Whether another way of writing a name, found in ``text``, is written as a name: a given name
    that is an everyday word ("Will" of "Will Turner") only where ``written_as_a_name`` says."""
    first = re.match(r"[^\W\d_]+", found.group(0))
    if first is None or not is_a_word(first.group(0)):
        return True
    return written_as_a_name(text, found.start(), found.start() + first.end())


_TITLES = ("Mr", "Mrs", "Ms", "Miss", "Mx", "Dr", "Prof")
# "Dr Lee", "mr lee", "Mrs. Lee" ("miss" in lower case is the verb: "I miss Lee").
_TITLE_BEFORE = re.compile(r"(?<!\w)(?:[Mm]rs?|[Mm]s|Miss|[Mm]x|[Dd]r|[Pp]rof)\.?\s+$")
# Who the speaker calls by a given name: "my friend Lee", "User's sister Ann", "our eldest son Kai".
_GIVEN_NAME_RELATIONS = (
    "friend|mate|bestie|sister|sis|brother|bro|cousin|aunt|auntie|aunty|uncle|mum|mom|mam|mother|dad|father|son|"
    "daughter|wife|husband|partner|boyfriend|girlfriend|bf|gf|fianc[ée]e?|niece|nephew|grandma|grandpa|gran|nan|"
    "grandson|granddaughter|kid|child|baby|roommate|flatmate|housemate"
)
_RELATION_WORDS = rf"(?:\b(?:my|our)|{_APOSTROPHE}s)\s+(?:(?:best|old|little|big|older|younger|elder|eldest|oldest|youngest|baby|new|good|close)\s+)?"
_A_THING_FOLLOWS = r"a|an|the|some|this|that|these|those|\d+"
# Words said before a given name that make no longer name with it: "Poor Lee has the flu", "Little Lee".
_SAID_BEFORE_A_NAME = frozenset("poor little old young baby big dear lovely sweet happy good bad silly crazy hi hey hello hiya yo thanks cheers bye".split())
# Words of respect a name is said after, as a whole name's first word: the name without them is the same person.
# Not "Mama Tobi", "Baba Sola": there the name after it is someone else's (her child's).
_HONORIFICS = frozenset(title.casefold() for title in _TITLES) | frozenset(
    """alhaji alhaja chief madame madam mme monsieur mlle mademoiselle señor senor señora senora sr sra don doña dona
    herr frau sheikh sheikha sir dame pastor rev reverend imam rabbi father fr uncle auntie aunty aunt captain capt
    coach professor doctor""".split())
# A word written as a name: "Fortuin", "O'Brien", "Ann-Marie"; not its possessive or "'ll".
_NAME_WORD = rf"[A-Z](?:[a-z]+|(?={_APOSTROPHE}))(?:{_APOSTROPHE}(?:[A-Z][a-z]+|[a-z]{{3,}})|{_HYPHEN}[A-Za-z][a-z]*)*"
_FULL_NAME = re.compile(rf"{_NAME_WORD}(?:\s+{_NAME_WORD}){{1,2}}")
_NAME_WORD_BEFORE = re.compile(rf"(?<![\w{APOSTROPHES}-])({_NAME_WORD})\s+$")
_NAME_WORD_AFTER = re.compile(rf"\s+({_NAME_WORD})(?![\w-])")
# Where only a place goes: "lives in Ann Arbor", "drove to Ann Arbor", "flew back from Port Elizabeth".
_WHERE_A_PLACE_GOES = re.compile(
    r"\b(?:in|(?:go|goes|going|gone|went|drive|drives|driving|driven|drove|fly|flies|flying|flew|flown|move|moves|"
    r"moving|moved|travel\w*|head|heads|heading|headed|trip|flight|return|returns|returning|returned|commut\w*|"
    r"relocat\w*)(?:\s+(?:back|out|up|down|over|home|here|there))?\s+(?:to|from))\s+$",
    re.IGNORECASE,
)


def _called_by_given_name(name: str, texts: list[str]) -> bool:
    """Whether a text calls someone ``name`` after who they are to the speaker ("my friend Lee",
    "User's sister Paris"), as a given name is."""
    called = re.compile(rf"{_RELATION_WORDS}(?:{_GIVEN_NAME_RELATIONS})\s+{_spelled(name)}(?![\w-])", re.IGNORECASE)
    return " " not in name.strip() and any(called.search(text) for text in texts)


def _written_as_a_word(name: str, texts: list[str]) -> bool:
    """Whether a text whose capitals mark names writes ``name`` in lower case as a thing is written, several
    or after an article or a number ("6 apples", "an apple" beside "Apple"): the memory holds the everyday
    word too. A name the table knows as a word is told
    from it already (``written_as_a_name``)."""
    word = name.strip()
    if not word.isalpha() or is_a_word(word):
        return False
    # As a thing is written: several ("6 apples") or after a word a thing follows ("an apple"); not "told ana".
    lower = re.compile(rf"(?<![\w-]){re.escape(word.casefold())}e?s(?![\w-])|\b(?:{_A_THING_FOLLOWS})\s+{re.escape(word.casefold())}(?![\w-])")
    return any(lower.search(text) for text in texts if not typed_without_capitals(text))


def _someone_never_the_word(name: str, texts: list[str], entities: list[str]) -> bool:
    """Whether ``name``, an everyday word too, is someone the memories know (an entity, or written as a name: "Dale
    called") and no text writes as the word, in lower case where no name goes."""
    if not is_a_word(name):
        return False
    word = re.compile(rf"(?<![\w-]){_spelled(name)}(?![\w-])", re.IGNORECASE)
    found = [(text, match.span()) for text in texts for match in word.finditer(text)]
    if any(text[start:start + 1].islower() and not written_as_a_name(text, start, end) for text, (start, end) in found):
        return False
    return entity_key(name) in {entity_key(entity) for entity in entities} or any(written_as_a_name(text, *span) for text, span in found)


def _after_another_given_name(text: str, start: int, end: int, known: frozenset[str]) -> bool:
    """Whether another given name stands right before the name at ``text[start:end]`` ("Bruce Lee films",
    "a Bruce Lee film"), so it is that one's family name: not a name the memories know on its own ("Inti
    told Wilber Inti will …"), a word said before a name ("Poor Lee"), a word of respect ("Uncle Lee"), nor,
    opening a sentence, a verb told to do something ("Remind Lee tomorrow"): there only a longer name
    followed by what follows a subject."""
    before = _NAME_WORD_BEFORE.search(text, max(0, start - 40), start)
    if before is None or not _names_with(before.group(1)):
        return False
    word = before.group(1).casefold()
    if word in _SAID_BEFORE_A_NAME or word in _HONORIFICS or entity_key(word) in known or opens_before_a_subject(word):
        return False
    if not re.match(r"\s+[^\W\d_]", text[end:]):
        return False  # "Hey Dario, can we …": a name closing its words is called, not named in a longer one
    return not opens_a_sentence(text, before.start(1)) or goes_on_as_after_a_subject(text[end:])


def goes_by(name: str, texts: Iterable[str], entities: Iterable[str] = ()) -> Named:
    """``name``, and for a person's full name the other ways ``texts`` write it: the given name
    alone, capitalised ("Ricardo" for "Ricardo Fortuin"), when some text calls them so
    (``_said_alone``: "I paid Ricardo", "Ricardo said …") and neither a text nor a known entity
    pairs it with another family name ("Ricardo Silva"); and always a title with the family name ("Mr Fortuin", "Mr. Fortuin"); a name said
    after a word of respect ("Alhaji Musa", "Uncle Tunde") also without it ("Musa"). A
    name some text writes where only a place goes ("moved to Ann Arbor") is a place's, with no
    given name. Whatever the name, the longer names holding it that are places, or other
    ``entities`` the memory knows ("Ivan Petrov" when "Ivan" is asked), are not it."""
    texts, entities = list(texts), list(entities)
    others = _longer_names_elsewhere(name, texts) + _other_entities_holding(name, entities)
    written = _written(name, texts)
    if written is None or any(_a_place_at(text, *found.span()) for text in texts for found in _mentions(text, name)):
        return Named(name, frozenset({entity_key(name)}), others=others, given_name=_called_by_given_name(name, texts),
                     word_too=_written_as_a_word(name, texts), known=frozenset(map(entity_key, entities)),
                     someone=_someone_never_the_word(name, texts, entities))
    given, family = written.split()[0], written.split()[-1]
    if given.casefold().rstrip(".") in _HONORIFICS:
        # "Alhaji Musa", "Uncle Tunde", "Madame Haddad": the same person is "Musa", "Tunde", "Haddad" alone.
        bare = written.split(maxsplit=1)[1]
        alone_bare = re.compile(rf"(?<![\w{APOSTROPHES}-]){_spelled(bare)}(?:{_APOSTROPHE}s)?(?![\w{APOSTROPHES}-])")
        # Other known names holding it ("Musa Bello") are someone else, whether or not "Musa" is known alone.
        besides = [entity for entity in entities if entity_key(entity) != entity_key(name)]
        others += _longer_names_elsewhere(bare, texts) + _other_entities_holding(bare, [*besides, bare])
        return Named(name, frozenset({entity_key(name), entity_key(bare)}), (alone_bare,), others)
    titled = re.compile(rf"\b(?:{'|'.join(_TITLES)})\.?\s+{_spelled(family)}(?:{_APOSTROPHE}s)?(?![\w{APOSTROPHES}])")
    # A closing quote may follow a name ("Warm regards,\nHenrik'" in a pasted letter), as may "'s" or "'ll".
    alone = re.compile(rf"(?<![\w{APOSTROPHES}-]){_spelled(given)}(?:{_APOSTROPHE}\w*)?(?![\w{APOSTROPHES}-])")
    surnames = re.compile(rf"(?<![\w{APOSTROPHES}-]){_spelled(given)}\s+({_NAME_WORD})")
    family_names = {entity_key(word) for word in written.split()[1:]}
    other_family = any(entity_key(found.group(1)) not in family_names and found.group(1).lower() not in FUNCTION_WORDS
                       for text in texts for found in surnames.finditer(text))
    other_family = other_family or any(_another_full_name(entity, given, family_names) for entity in entities)
    # "Will" is a function word too; where it is written as a name is told as any such name's is.
    a_function_word = given.lower() in FUNCTION_WORDS and not is_a_word(given)
    if a_function_word or other_family or not any(_said_alone(given, written, text) for text in texts):
        return Named(name, frozenset({entity_key(name)}), (titled,), others)
    return Named(name, frozenset({entity_key(name), entity_key(given)}), (titled, alone), others)


def _said_alone(given: str, full_name: str, text: str) -> bool:
    """Whether ``text`` calls someone by the given name ``given`` alone, capitalised and with no
    family name after it: in the middle of a sentence ("I paid Ricardo today"), or opening one
    after the text gave the ``full_name``, or opening one as only a person's name does ("Ricardo
    said …", "Ylva told me …", "Ines's clinic"; not "Blue skies today" for "Blue Bottle"). A
    given name that is an everyday word too counts only where it is written as a name ("Will
    said", not "Will you")."""
    alone = re.compile(rf"(?<![\w{APOSTROPHES}-]){_spelled(given)}(?={_APOSTROPHE}\w|(?![\w{APOSTROPHES}-]))(?![ \t]+[A-Z])")
    for found in alone.finditer(text):
        start, end = found.span()
        if is_a_word(given):
            if written_as_a_name(text, start, end):
                return True
        elif (not opens_a_sentence(text, start) or said_of_a_person(text[end:])
              or mentions(text[:start], full_name)):
            return True
    return False


def _another_full_name(entity: str, given: str, family_names: set[str]) -> bool:
    """Whether the known name ``entity`` is someone else's full name with the same given name
    ("Ricardo Silva" beside "Ricardo Fortuin")."""
    words = entity.split()
    return (len(words) > 1 and entity_key(words[0]) == entity_key(given)
            and not {entity_key(word) for word in words[1:]} <= family_names)


def _longer_names_elsewhere(name: str, texts: list[str]) -> tuple[re.Pattern[str], ...]:
    """The longer names holding ``name`` that some text writes where only a place goes ("We drove
    to Ann Arbor", "moved to Port Elizabeth"): that place, wherever the texts write it, is not the
    one asked. A longer name written only elsewhere ("Ann Smith sent the invoice") may be the
    person's own full name, so it stays theirs."""
    places: set[str] = set()
    for text in texts:
        for found in _mentions(text, name):
            start, end = found.span()
            while (before := _NAME_WORD_BEFORE.search(text, max(0, start - 40), start)) and _names_with(before.group(1)):
                start = before.start(1)
            while (after := _NAME_WORD_AFTER.match(text, end)) and _names_with(after.group(1)):
                end = after.end(1)
            if (start, end) != found.span() and _a_place_at(text, start, end):
                places.add(text[start:end])
    return tuple(re.compile(rf"(?<!\w){_spelled(place)}(?!\w)", re.IGNORECASE) for place in sorted(places))


def _other_entities_holding(name: str, entities: Iterable[str]) -> tuple[re.Pattern[str], ...]:
    """When ``name`` is itself one of the known ``entities``, those whose longer names hold it as a
    word ("Ivan Petrov", "Мария Петрова" beside "Ivan", "Мария") are someone else, whom forgetting
    ``name`` leaves alone; forgetting them is asked by their own name. A name the facts never
    speak of alone may be the longer one's short form, so it takes the longer one as before; a longer
    name that is the name beside another known name or a weekday ("Wilber Inti", "Maria Monday") is
    no one else."""
    key = entity_key(name)
    entities = set(entities)
    keys = {entity_key(entity) for entity in entities}
    if key not in keys:
        return ()

    def two_known_names(entity: str) -> bool:
        # "Wilber Inti" from "I told Wilber I will …" restated: the name asked beside the speaker, no one else.
        rest = " ".join(re.sub(rf"(?<!\w){_spelled(name)}(?!\w)", " ", entity, flags=re.IGNORECASE).split())
        return entity_key(rest) in keys or rest in CALENDAR_NAMES

    longer = {
        entity for entity in entities
        if entity_key(entity) != key and any(_mentions(entity, name)) and len(entity_key(entity)) > len(key)
        and not two_known_names(entity)
    }
    return tuple(re.compile(rf"(?<!\w){_spelled(other)}(?!\w)", re.IGNORECASE) for other in sorted(longer))


def _a_place_at(text: str, start: int, end: int) -> bool:
    """Whether the name at ``text[start:end]`` is written where only a place goes ("drove to Ann
    Arbor"; not "went to Ann Smith's"), in a text whose capitals mark where a name ends."""
    after_a_place_word = _WHERE_A_PLACE_GOES.search(text, max(0, start - 40), start) is not None
    return after_a_place_word and not typed_without_capitals(text) and not re.match(_APOSTROPHE, text[end:])


def _names_with(word: str) -> bool:
    """Whether ``word``, beside a name, makes a longer name with it (not "in", "Sunday" or "Dr")."""
    return word.lower() not in FUNCTION_WORDS and word not in CALENDAR_NAMES and word not in _TITLES


def _written(name: str, texts: list[str]) -> str | None:
    """How the texts write ``name`` when it is a person's full name (two or three capitalised
    words: "Ricardo Fortuin", "Mary Ann Wilson"), whatever the case it was asked in."""
    asked = re.compile(rf"(?<![\w{APOSTROPHES}-]){_spelled(name)}(?![\w{APOSTROPHES}-])", re.IGNORECASE)
    for text in texts:
        for found in asked.finditer(text):
            if _FULL_NAME.fullmatch(found.group(0)):
                return found.group(0)
    return None
