"""What leads once a value was said again and differently: "Mzee Kioko has quoted KSh 380,000 for the roofing", days
later "Roofing: KSh 395,000 with Mzee Kioko". Pure, like the rest of ``leading``.
"""

from __future__ import annotations

import re

from engram_mcp.model import Kind
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.old_values import without_old_values
from engram_mcp.retrieval.abstain import prose, stem_of
from engram_mcp.retrieval.change_words import says_a_start
from engram_mcp.retrieval.focus import LEAD_DEPTH, SENTENCE_END, Focus, Scored, about, lead
from engram_mcp.retrieval.leading import WHEN_WORDS
from engram_mcp.retrieval.question_words import RELATION_WORDS
from engram_mcp.retrieval.values_said import (
    asked_of,
    figure_or_name_asked,
    is_figure,
    says_value,
    values_of,
    values_said_of,
)
from engram_mcp.retrieval.whom_asked import (
    of_another_person,
    of_someone_else,
    opens_on_someone_else,
    opens_with_someone_else,
)

__all__ = ["later_value_first"]


def later_value_first(ranked: list[Scored], focus: Focus, outdated: set[str]) -> list[Scored]:
    """"Mzee Kioko has quoted KSh 380,000 for the roofing", then "quote ni KSh 420,000 sasa", then "Roofing: KSh 395,000
    with Mzee Kioko": when a turn leads, a memory said later that speaks of what it says of the question and leaves out a
    value of the kind asked that the first gave, saying one of that kind in its place, goes first; the latest such, and
    again from there, since each said it as it stood then."""
    for _ in range(LEAD_DEPTH):
        later = _said_again_otherwise(ranked, focus, outdated)
        if later is None:
            break
        ranked = lead(ranked, later)
    return ranked


def _said_again_otherwise(ranked: list[Scored], focus: Focus, outdated: set[str]) -> Scored | None:
    first = ranked[0][0] if ranked else None
    # A fact leading holds the slot: what replaced it would be a fact too ("Marguerite lives in Harrogate." is not
    # given way by "I take the number 36 bus into town").
    # Who someone is to the person ("Who is Rukmini's contact at Al Noor?") is no value said again: a later message names
    # many people besides.
    if first is None or focus.to_assistant or focus.who or first.kind is not Kind.EPISODE:
        return None
    # Sharing only a time the question means ("this month") is not speaking of the same thing.
    spoken_of = about(first.text, focus) - focus.speakers - focus.named - RELATION_WORDS - focus.timing - WHEN_WORDS
    figures = figure_or_name_asked(focus)
    given = {value for value in values_said_of(first.text, focus) if not asked_of(value, focus) and is_figure(value) in figures}
    if not spoken_of or not given:
        return None
    own = {pair[0].id: _own_part(pair[0].text) for pair in ranked[1:LEAD_DEPTH]}
    later = [pair for pair in ranked[1:LEAD_DEPTH]
             if pair[0].id not in outdated and pair[0].event_time > first.event_time
             # "repeat HbA1c in 3 months" speaks of no monthly rent: how long something takes is no word of what is asked.
             and _speaks_of_the_same(about(_A_WHILE.sub(" ", pair[0].text), focus), spoken_of, focus)
             # "Tolani's deposit is £50" is no deposit of one's own.
             and not of_another_person(pair[0], focus) and not opens_with_someone_else(pair[0], focus)
             # Said as what holds: the assistant saying it back, or a turn saying something began or changed, or what it
             # was ("Die Hausnummer ist 21, nicht 12"); not "also Nikhil is a civil engineer in Nashik btw, mum approves",
             # nor only that something ended ("Sold 23 pieces this week from the last bale").
             and (pair[0].said_by_assistant() or says_a_start(own[pair[0].id]) or without_old_values(own[pair[0].id])[0] != own[pair[0].id])
             and not _of_another_kind(own[pair[0].id], focus)
             and _says_another(own[pair[0].id], given, first.text, focus)]
    return max(later, key=lambda pair: pair[0].event_time, default=None)


def _speaks_of_the_same(spoken: set[str], of_first: set[str], focus: Focus) -> bool:
    """Whether a later memory speaking of ``spoken`` (of the question) speaks of what the first did (``of_first``): of
    whom the question names ("take her to Enugu early, 24th" is of a wedding, not of Ebere's), of the thing it asks
    for ("gauge 28"), and of half of the rest at least, by a word the question does not write as a name ("Roofing: … gauge 28" for
    "Mabati I'm buying separately, gauge 30", without "buying"; not "Akinyi anasema…" for "ruracio ya mchumba wangu
    Akinyi is set for 15th August")."""
    # Whom or what the question writes as a name is spoken of by name: "mamka moves to Domov Pohoda" is not where Petr is moving.
    return (focus.named - focus.speakers <= spoken and of_first & focus.written_as_names <= spoken
            and (focus.asked_for not in of_first or focus.asked_for in spoken)
            and 2 * len(shared := of_first & spoken) >= len(of_first) and bool(shared - focus.written_as_names))


def _says_another(text: str, given: set[str], first: str, focus: Focus) -> bool:
    """Whether ``text`` leaves out a value of a kind the first memory gave (a figure, a name) and says one of that kind
    the first does not in a sentence speaking of the question, not asking one ("Screen time limits for a first phone:
    what's sane for 11?"); not one it marks as what it was ("£26.10 (was £23.40)",
    "my old Pixel"), a relation ("Mummy's dose"), nor one said of someone else when the question asks of the speaker
    ("Becky says the Tesla is costing her a fortune")."""
    said = SENTENCE_END.split(without_old_values(text)[0])
    of_the_speaker = not focus.named - focus.speakers and not focus.relations
    values = set().union(*(values_of(_A_WHILE.sub(" ", _OLD_ONE.sub(" ", sentence))) for sentence in said
                           if about(sentence, focus) - focus.speakers and not sentence.rstrip().endswith("?")
                           and not (of_the_speaker and (of_someone_else(sentence) or opens_on_someone_else(sentence, text, focus)))))
    new = {value for value in values - RELATION_WORDS if not asked_of(value, focus) and not says_value(first, value)}
    # A figure for a figure of its shape: an amount for an amount, a count for a count ("$2.50 from Monday" is no number
    # of pączki ordered, "week 3" no cost of the bathroom, "3rd floor" no lesson's fee).
    left_out = {_shape(value, first) for value in given if not says_value(text, value)}
    return any(_shape(value, text) in left_out for value in new)


def _of_another_kind(text: str, focus: Focus) -> bool:
    """Whether ``text`` says a word the question asks of with another word before it than the question's own, and never
    with the question's: "parents evening appointments have been moved" speaks of another appointment than "Where is
    Precious's biometrics appointment?" asks of ("Your appointment has been rescheduled" may be it)."""
    asked = {(stem_of(which.casefold()), stem_of(word.casefold())) for which, word in zip(focus.words, focus.words[1:], strict=False)}
    # Words standing together only when nothing but a space is between them: a table's cells ("| Tenant | Rent |") or a
    # list's items qualify nothing.
    kinds = {(stem_of(before), stem_of(word)) for before, word in
             ((found[1].casefold(), found[2].casefold()) for found in _TWO_WORDS.finditer(prose(text)))
             if before not in _SAYS_WHICH and not any(character.isdigit() for character in before)}
    heads = {word for _, word in asked}
    # Another word the question says is no other kind: "Saturday's Tujengane meeting" for "the Tujengane chama meeting".
    words_asked = {stem_of(word.casefold()) for word in focus.words}
    return bool({pair for pair in kinds if pair[1] in heads and pair[0] not in words_asked} - asked) and not kinds & asked


_TWO_WORDS = re.compile(r"(?<![\w'’-])([^\W_][\w'’-]*) +(?=([^\W_][\w'’-]*))")
# Words before a thing's word that say which one, not what kind: "your appointment", "the new appointment".
_SAYS_WHICH = FUNCTION_WORDS | frozenset("new next old first last same other another usual own rescheduled original".split())


# "within 5 minutes", "in like 2 hrs": how long something took is no value of what is asked.
_A_WHILE = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|months?|years?|yrs?)\b", re.IGNORECASE)
# "on my old Pixel", "the previous Head of Year": a value called what was.
_OLD_ONE = re.compile(r"\b(?:old|older|previous|former|ex)[\s-]+(?:[\w'’-]+\s+)?[A-Z0-9][\w'’.-]*")


def _own_part(text: str) -> str:
    """What the person said of ``text``, without a message they introduce and paste after it ("Siân's email after the
    visit:" then the vet's "Group A (hill ewes) — 45 epg"): someone else's words say nothing of what holds for them."""
    introduction, _, message = text.partition("\n")
    return introduction if message.strip() and _INTRODUCES_A_MESSAGE.search(introduction) else text


# "Siân's email after the visit:", "Reply from the venue:", "Pasting:", "she texted:": a line introducing what follows.
_INTRODUCES_A_MESSAGE = re.compile(r"\b(?:e-?mail|message|msg|text|texted|letter|reply|replied|note|wrote|writes|says|said|"
                                   r"pasting|pasted|forwarded|sms|whatsapp)\b[^\n]*:\s*$", re.IGNORECASE)


def _shape(value: str, text: str) -> tuple[bool, bool, bool, int]:
    """What kind of value ``value`` is as ``text`` writes it: a figure or a name, and a figure's shape (said as money, as
    an ordinal, "3rd floor", "22nd August", and how many digits it has, one or two, three or four, more)."""
    if not is_figure(value):
        return (False, False, False, 0)
    digits = sum(character.isdigit() for character in value)
    as_money = re.search(_MONEY_AROUND.format(value=re.escape(value)), text) is not None
    ordinal = re.search(rf"(?<![\d.,]){re.escape(value)}(?:st|nd|rd|th)\b", text) is not None
    return (True, as_money, ordinal, 0 if digits <= 2 else 1 if digits <= 4 else 2)


# A figure said as money: a currency sign or code right before it or right after it ("KSh 395,000", "$2.50", "48.000đ").
_MONEY_AROUND = r"(?:[$£€¥₹₦₱₩₫฿]|\b[A-Z]{{3}}|\bK?Sh|\bRs\.?)\s?{value}|{value}\s?(?:[$£€¥₹₦₱₩₫฿đ]|[A-Z]{{3}}\b|kr\b|zł)"
