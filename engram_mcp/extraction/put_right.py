"""What chat puts right in the message before: a starred word ("*Tinashe" mends "Tinsahe") or a
value said again after a word that says so ("no wait, 2pm", "make that €160 per kid"). Pure.

Each gives a correction (``CORRECTS``) and what was said, said again with the value mended
(``PUTS_RIGHT``), drawn from the message it mends too, so recall answers that message through it.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.corrections import CORRECTION_CUE
from engram_mcp.model import Certainty, Memory, MemoryType
from engram_mcp.model.corrections import CORRECTION_OPENING, CORRECTS, PUTS_RIGHT, corrected, correction_object
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.time_expr import MONTH_WORD

__all__ = ["put_right_within", "starred_correction", "value_put_right", "with_cues_joined"]

# "*Tinashe. typing with one thumb": chat's way of mending a word of the message before.
# "Nikhil* lol", "Fabian*** sorry": the star after the word too.
_STARRED = re.compile(r"^\s*(?:\*+\s*(?P<before>[^\W\d_][\w'’-]*)\s*\**|(?P<after>[^\W\d_][\w'’-]*)\s*\*+)(?=\s|[.!,;:]|$)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_NOT = re.compile(r"\s*,?\s*not\b", re.IGNORECASE)
_NAME_LIKENESS = 0.6


def starred_correction(text: str, before: Memory | None, speaker: str, certainty: float = Certainty.STATED.value) -> list[ExtractedFact]:
    """The word a starred message ("*Tinashe") mends in the message ``before`` it (the closest in
    spelling, "Tinsahe"), as a correction and the sentence said again with the word mended (drawn
    from both messages); none when no word there is spelt nearly alike."""
    match = _STARRED.match(text)
    if match is None or before is None or _NOT.match(text, match.end()):
        return []  # "*Caron, not Karen" says which word it mends (``_said_not``)
    new, said_before = match["before"] or match["after"], before.text
    words = {w for w in re.findall(r"[^\W\d_][\w'’-]*", said_before) if w.casefold() != new.casefold()}
    scored = [(SequenceMatcher(None, w.casefold(), new.casefold()).ratio(), w) for w in words if abs(len(w) - len(new)) <= 2]
    likeness, old = max(scored, default=(0.0, ""))
    # A name misspelt may differ more ("*Caron" of "Karen"): both capitalised, a little less likeness does.
    if likeness < (_NAME_LIKENESS if new[:1].isupper() and old[:1].isupper() else 0.7):
        return []
    sentence = next(s.strip() for s in _SENTENCE_END.split(said_before) if re.search(rf"\b{re.escape(old)}\b", s))
    mended = re.sub(rf"\b{re.escape(old)}\b", new, sentence).rstrip(" .!?")
    entities = tuple(dict.fromkeys((speaker, *((new,) if new[:1].isupper() else ()))))
    return _put_right(speaker, old, new, mended, certainty, also_from=(before.id,), entities=entities)


def _put_right(speaker: str, old: str, new: str, said: str, certainty: float, *, also_from: tuple[str, ...],
               entities: tuple[str, ...]) -> list[ExtractedFact]:
    """The correction of ``old`` to ``new``, and what was said (``said``, with ``new`` in it) said
    again, naming ``entities`` and drawn from the messages it mends (``also_from``) too."""
    return [
        ExtractedFact(statement=f"{speaker} corrected {old} to {new}.", type=MemoryType.SEMANTIC, certainty=certainty,
                      subject=speaker, predicate=CORRECTS, object=correction_object(old, new), entities=(speaker,)),
        ExtractedFact(statement=f"{speaker} put it right: {said}.", type=MemoryType.SEMANTIC, certainty=certainty,
                      subject=speaker, predicate=PUTS_RIGHT, object=said, entities=entities, also_from=also_from),
    ]


# "no wait, 2pm.", "wait no — ₹1,65,000.", "make that €160 per kid": a value said again, put right,
# of the same kind as one said just before (a time for a time, a sum for a sum).
# Beside a value of the kind said just before, these put it right too: "sorry, 3 of us", "actually make it 5".
_SOFTER_OPENING = re.compile(r"^\W*(?:sorry|oops|actually|(?:i\s+)?mean(?:t)?)\b[\s,:;.!—–-]*", re.IGNORECASE)
_NO = re.compile(r"^\W*no\b[\s,:;.!—–-]*", re.IGNORECASE)
# A sentence that only says the next one puts something right: "Sorry — no.", "Wait.", "Hang on, no."
_BARE_CUE = re.compile(r"^\W*(?:(?:sorry|oops|actually|hang\s+on|wait|no|nope|scratch\s+that|correction|my\s+bad)\b[\s,:;.!—–-]*)+$",
                       re.IGNORECASE)
# "Wait. No. 10th of May.": sentences of a word that say what follows puts something right.
_CUE_SENTENCES = re.compile(r"^\W*(?:(?:wait|no|nope|hang\s+on|sorry|oops)\s*[.!—–-]+\s*)+", re.IGNORECASE)
_WHOLE_MESSAGE = 160
_SAID_RIGHT_BEFORE = 4
_THING_SAID = re.compile(r"(?:the|my|our)\s+(?P<thing>[^\W\d_][\w'’-]*)\s+(?:is|'s|’s|will\s+be)\s+(?:now\s+)?(?:at|on)?\s*",
                         re.IGNORECASE)
_SAID_AS = re.compile(r"(?:it'?s|its|make\s+(?:that|it)|it\s+is)\s+", re.IGNORECASE)
_NUMBER = r"\d+(?:[.,]\d+)*"
_VALUE_KINDS = (
    # "Saturday 19 December", "19th Dec", "Dec 19": a date, before the day or number it holds.
    ("date", rf"(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?,?\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH_WORD}"
             rf"|{MONTH_WORD}\s+\d{{1,2}}(?:st|nd|rd|th)?)"),
    ("sum", rf"[€$£₹¥]\s?{_NUMBER}|{_NUMBER}\s?(?:euros?|eur|usd|dollars|pounds|rupees|rs|kr|zł|pln|rand|yen)\b"),
    ("time", r"\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)\b|\d{1,2}[:.]\d{2}\b"),
    ("day", r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b"),
    ("number", _NUMBER),
)
_CONSEQUENCE = re.compile(r"\s*[,;]\s*(?:so|which|because|cos|coz|since)\b", re.IGNORECASE)
_A_VALUE = {kind: re.compile(rf"(?<![\w€$£₹¥]){pattern}", re.IGNORECASE) for kind, pattern in _VALUE_KINDS}
# "sunday and monday", "Tue, Wed & Fri": values of one kind said as a list, put right whole.
_JOINED = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+|\s*&\s*)"
_A_LIST = {kind: re.compile(rf"(?<![\w€$£₹¥])(?:{pattern})(?:{_JOINED}(?:{pattern}))+(?!\w)", re.IGNORECASE)
           for kind, pattern in _VALUE_KINDS}


def _ending_a_clause(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    clause = re.match(r"[^,;.!?]{0,50}[,;]\s*", text)
    found = pattern.match(text, clause.end()) if clause else None
    return found if found is not None and re.match(r"\s*(?:[.!,;]|$)", text[found.end():]) else None


def value_put_right(text: str, before: str, speaker: str, certainty: float = Certainty.STATED.value,
                    also_from: tuple[str, ...] = ()) -> list[ExtractedFact]:
    """What ``text`` puts right when it opens with a word that says so and a value ("no wait, 2pm"):
    the same kind of value in the sentence ``before`` it, said again with the new one (drawn from
    ``also_from`` too, the message ``before`` is); none when ``before`` holds no value of that kind."""
    if not before:
        return []
    cue = CORRECTION_OPENING.match(text) or _SOFTER_OPENING.match(text) or _CUE_SENTENCES.match(text)
    mended = _mended(text[cue.end():], before, speaker, certainty, also_from) if cue is not None else []
    return mended or _said_not(text, before, speaker, certainty, also_from)


def put_right_within(sentence: str, speaker: str, certainty: float = Certainty.STATED.value) -> tuple[list[ExtractedFact], str]:
    """What a sentence puts right in itself ("welsh class tuesday, i mean wednesday, 7pm", "i start on monday,
    no, friday"): the correction and the sentence said again with the value mended and what it says after it
    kept ("welsh class wednesday, 7pm"), with that mended sentence; none, and the sentence, when no value of
    the kind said before the cue follows it."""
    for cue in _WITHIN_CUE.finditer(sentence):
        head, rest = sentence[:cue.start()], sentence[cue.end():]
        if facts := _mended(rest, head, speaker, certainty, (), keep_rest=True):
            return facts, str(facts[-1].object)
    return [], sentence


# "tuesday, no wait, thursday at 10", "tuesday, i mean wednesday", "on monday, no, friday": a cue inside a
# sentence, after a value, that says the value after it replaces the one before.
_WITHIN_CUE = re.compile(r"(?:,\s*|\s+)(?:no\s+wait|wait\s+no|no\s+sorry|sorry\s+no|i\s+mean|scratch\s+that|make\s+that)\b[\s,:;—–-]*"
                         r"|,\s*no\s*,\s*|\s+[—–-]+\s*no\b[\s,:;—–-]*", re.IGNORECASE)


def _mended(rest: str, before: str, speaker: str, certainty: float, also_from: tuple[str, ...],
            keep_rest: bool = False) -> list[ExtractedFact]:
    """The correction ``rest`` (what follows a cue) makes of the same kind of value in ``before``; with
    ``keep_rest``, what ``rest`` says after the new value is kept in the sentence said again."""
    # "Sorry — no. It's Saturday 19 December.": cues one after another.
    while rest and (more := CORRECTION_OPENING.match(rest) or _SOFTER_OPENING.match(rest) or _NO.match(rest)):
        rest = rest[more.end():]
    rest = rest[said_as.end():] if (said_as := _SAID_AS.match(rest)) else rest
    # "Actually the flight is at 9:40am, same day": the value said again of a thing the message before names.
    # A value said beside the one it is not ("the braai is saturday not sunday") is ``_said_not``'s.
    if (thing := _THING_SAID.match(rest)) and not _VALUE_NOT_VALUE.search(rest) and re.search(rf"\b{re.escape(thing['thing'])}\b", before, re.IGNORECASE):
        rest = rest[thing.end():]
    for kind, value in _A_VALUE.items():
        # A list puts right the list said before ("monday and tuesday … wait no, sunday and monday"), else a value.
        listed = _A_LIST[kind].match(rest) or _ending_a_clause(_A_LIST[kind], rest)
        pattern = _A_LIST[kind] if listed is not None and _A_LIST[kind].search(before) else value
        # The value first ("no wait, 2pm"), or ending the first clause ("no wait, she re-read the email, 9:30am").
        # Inside a sentence, the new value follows the cue ("tuesday, i mean wednesday, 7pm").
        # Inside a sentence, the new value follows the cue ("tuesday, i mean wednesday, 7pm"), and a list stands for a
        # list said before it ("Tuesday no wait Thursday, Thursday the 12th" says one day twice).
        new = (None if keep_rest and pattern is value else listed) or value.match(rest) or (
            None if keep_rest else _ending_a_clause(value, rest))
        if new is None:
            continue
        # A short message is said again whole ("BOQ for the Msasa culverts came back. quote is USD 48,000"),
        # a longer one by the sentence that held the value.
        said_before = before.strip()
        sentence = said_before if len(said_before) <= _WHOLE_MESSAGE and pattern.search(said_before) else next(
            (s for s in reversed(_SENTENCE_END.split(said_before)) if pattern.search(s)), None)
        # The value said last is the one just put right: "moved it from 3pm to 8.40am. no hang on, 8.20".
        old = next(reversed([*pattern.finditer(sentence)]), None) if sentence else None
        if sentence is None or old is None:
            return []
        if old.group(0).casefold() == new.group(0).casefold():
            continue  # "Saturday" said again of another date: a value of another kind may be what changed
        after = sentence[old.end():]
        # "…, so i can finally make tuesday training": what followed from the old value may not follow from the new.
        after = after[:consequence.start()] if (consequence := _CONSEQUENCE.search(after)) else after
        if keep_rest:
            if len(sentence[old.end():].split()) > _SAID_RIGHT_BEFORE:
                return []  # the value put right is the one said just before the cue, not one said further back
            # "welsh class tuesday, i mean wednesday, 7pm, canton library": the sentence goes on after the new value.
            after = rest[new.end():]
        old_said, new_said = old.group(0), new.group(0)
        if not keep_rest and (both := _value_said_with(rest[new.end():], after)) is not None:
            # "scratch that, Wednesday at 11" after "on Tuesday at 10": the time said with the day is put right too.
            new_said, old_said = new_said + both[0], old_said + after[:both[1]]
            after = after[both[1]:]
        said = (sentence[:old.start()] + new_said + after).strip().rstrip(" .!?,")
        return _put_right(speaker, old_said, new_said, said, certainty, also_from=also_from, entities=(speaker,))
    return []


_WITH_VALUE = re.compile(r"(?P<joint>,?\s*(?:at|@|on|from|by)?\s*)", re.IGNORECASE)


def _value_said_with(told: str, after: str) -> tuple[str, int] | None:
    """The value ``told`` right after a new one ("Wednesday| at 11") and where the value of its kind ends in
    ``after``, what followed the old one ("Tuesday| at 10"), when it follows it as closely: both are put right."""
    joint = _WITH_VALUE.match(told)
    said_after = _WITH_VALUE.match(after)
    if joint is None or said_after is None or not joint.group(0).strip():
        return None
    for value in _A_VALUE.values():
        if (also := value.match(told, joint.end())) and (was := value.match(after, said_after.end())):
            if re.match(r"\s*(?:[.!,;]|$)", told[also.end():]):
                return told[:also.end()].rstrip(), was.end()
    return None


def with_cues_joined(sentences: list[str]) -> list[str]:
    """``sentences`` with one that only says the next puts something right ("Sorry — no.") joined to it, so the
    two read as the correction they are ("Sorry — no. It's Saturday 19 December.")."""
    joined: list[str] = []
    for sentence in sentences:
        if joined and _BARE_CUE.match(joined[-1]):
            joined[-1] = f"{joined[-1]} {sentence}"
        else:
            joined.append(sentence)
    return joined


# "the dentist is on 22 April not 20", "sorry, Caron not Karen", "*Caron, not Karen", "not the 20th, the 22nd": a value
# said beside the one it is not. A value is a date, a day of the month (its weekday before it or not), a sum, a time, a
# day, a name (a starred word too) or a number.
_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
_DAY_OF_MONTH = rf"(?:{_WEEKDAY},?\s+)?(?:the\s+)?(?P<{{}}>\d{{{{1,2}}}})(?:st|nd|rd|th)?(?![\w:.,]\d|\w)"
_NAMED = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}"


def _a_value(name: str) -> str:
    dates, others = _VALUE_KINDS[0][1], "|".join(pattern for kind, pattern in _VALUE_KINDS[1:] if kind != "number")
    return (rf"(?P<{name}>(?i:{dates})|(?i:{_DAY_OF_MONTH.format(name + '_day')})|(?i:{others})|\*+[^\W\d_][\w'’-]*\**"
            rf"|(?<![A-Z][\w'’-]\s){_NAMED}\**|{_NUMBER})")


_VALUE_NOT_VALUE = re.compile(rf"(?<![\w*]){_a_value('new')}\s*,?\s+(?i:not)\s+{_a_value('old')}(?![\w'’])")
_NOT_VALUE_VALUE = re.compile(rf"(?<!\w)(?i:not)\s+{_a_value('old')}\s*[,;–—-]\s*(?i:but\s+|it'?s\s+|it\s+is\s+)?{_a_value('new')}"
                              r"(?![\w'’])")
# Words that say nothing of what is put right, or only that it is a name: "her name is Caron not Karen".
_CHAT_WORDS = frozenset("sorry oops lol haha typo ugh it's its that's i'm meant mean wait name spelt spelled spelling called".split())


def _said_not(text: str, before: str, speaker: str, certainty: float, also_from: tuple[str, ...]) -> list[ExtractedFact]:
    """What ``text`` puts right by saying a value and the one it is not ("the dentist is on 22 April not 20"),
    when ``before`` said the one it is not: that sentence said again with the value mended. It is a correction
    when a word says so, when the values are all the message says, or when it says them of something
    ``before`` names ("the dentist")."""
    for said in sorted((*_VALUE_NOT_VALUE.finditer(text), *_NOT_VALUE_VALUE.finditer(text)), key=lambda match: match.start()):
        new, old = said["new"].strip("*"), said["old"]
        if {word.casefold() for word in (*new.split(), *old.split())} <= FUNCTION_WORDS:
            continue  # "not Thursday, I always think …": "I" is no value
        sentence, where = _where_said(said, before)
        if where is None or re.search(rf"(?<!\w){re.escape(new)}(?!\w)", sentence, re.IGNORECASE):
            continue
        others = [word for word in re.findall(r"[^\W\d_][\w'’-]*", text[: said.start()] + " " + text[said.end():])
                  if word.casefold() not in FUNCTION_WORDS | _CHAT_WORDS]
        if not (CORRECTION_CUE.search(text) or CORRECTION_OPENING.match(text) or _SOFTER_OPENING.match(text) or not others
                or any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", sentence, re.IGNORECASE) for word in others)):
            continue
        old, new = _values_mended(sentence, where, said, text)
        mended = corrected(sentence, old, new)
        if mended is None:
            continue
        entities = tuple(dict.fromkeys((speaker, *((new,) if said["new"].strip("*")[:1].isupper() and new == said["new"].strip("*")
                                                    and not _A_VALUE["date"].match(new) and not _A_VALUE["day"].match(new) else ()))))
        return _put_right(speaker, old, new, mended.strip().rstrip(" .!?,"), certainty, also_from=also_from, entities=entities)
    return []


def _where_said(said: re.Match[str], before: str) -> tuple[str, re.Match[str] | None]:
    """The sentence of ``before`` that says the value ``said`` is not (a short message whole), and where in it."""
    day = said["old_day"]
    pattern = re.compile(rf"(?<![\w€$£₹¥:.]){day}(?:st|nd|rd|th)?(?![\w'’]|[:.,]\d)" if day is not None and re.fullmatch(r"(?i:the\s+)?\d+(?:st|nd|rd|th)?", said["old"])
                         else rf"(?<![\w€$£₹¥]){re.escape(said['old'])}(?![\w'’]|[:.,]\d)", re.IGNORECASE)
    said_before = before.strip()
    sentence = said_before if len(said_before) <= _WHOLE_MESSAGE and pattern.search(said_before) else next(
        (s for s in reversed(_SENTENCE_END.split(said_before)) if pattern.search(s)), "")
    return sentence, pattern.search(sentence)


def _values_mended(sentence: str, where: re.Match[str], said: re.Match[str], text: str) -> tuple[str, str]:
    """The old value as ``sentence`` says it and the new one said the same way: "20 April" and "22 April" for
    "on the 22nd not the 20th"; "Sunday the 15th" and "Saturday the 14th" for "saturday not sunday. saturday the 14th"."""
    old, new = where.group(0), said["new"].strip("*")
    if (date := _date_holding(sentence, where)) is not None:
        old = date.group(0)
        if said["new_day"] is not None and said["old_day"] is not None:
            # The day of the month put right, the month kept.
            at = where.start() - date.start()
            return old, old[:at] + said["new_day"] + old[at + len(where.group(0)):]
        return old, new
    if _A_VALUE["day"].fullmatch(new) and (dated := re.match(r",?\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b", sentence[where.end():])):
        # "sunday the 15th" put right as "saturday": the day of the month went with it, unless the message gives it.
        told = re.search(rf"(?i:{re.escape(new)}),?\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\b", text)
        return old + dated.group(0), told.group(0) if told else new
    return old, new


def _date_holding(sentence: str, where: re.Match[str]) -> re.Match[str] | None:
    return next((date for date in _A_VALUE["date"].finditer(sentence) if date.start() <= where.start() and where.end() <= date.end()),
                None)
