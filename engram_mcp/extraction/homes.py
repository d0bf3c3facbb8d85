"""Where a person lives, and the ordinary ways people say they moved or found a new home
("We relocated to Valencia", "moved in today, Dublin 8", "I got a studio in Kralingen",
"The townhouse in Westville is ours from tomorrow", "moved!!! first night in maksimir", "I'm back in
Bristol now", "Home is Glasgow these days"), or that the home is over ("I no longer live in Leeds",
"I moved out of Leeds": the slot ended, with no new home claimed). Pure.

``home_rules`` is the part of the state rule table (``states``) about the home;
``home_said_ours``, ``moved_house_now_in`` and ``homes_in_sentence`` read what only a whole
sentence says; ``home_after_moving`` what the sentences of a turn say together. Every one is
the ``lives_in`` slot, so a later move supersedes the home before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.state_grammar import NAME, UNCASED_NAME, Found, Rule, as_facts, object_head, rule
from engram_mcp.model import Certainty
from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["home_after_moving", "home_rules", "home_said_ours", "homes_in_sentence", "moved_house_now_in"]


# A stay is no home: "living in Bristol for the summer", "back in Bristol now, visiting Mum".
_NOT_A_STAY = (r"(?![^.!?;]*\b(?i:for\s+(?:the|this|that|a|an|one|two|three|a\s+few|a\s+couple\s+of|some|\d+)?\s*(?:nights?|days?|"
               r"weeks?|weekends?|fortnight|summer|winter|spring|autumn|term|semester|holidays?|season|moment|time\s+being|now)\b|"
               r"for\s+the\s+next\b|visit(?:ing)?|until|till|trip|holidays?|vacation|conference|wedding|funeral)\b)")
# What one is "living in" or "back in" that is no place, in a turn typed without capitals: "living in denial",
# "back in the office now", "back in business".
_NOT_A_PLACE = (r"(?!(?:the|a|an)\s+[a-z]|(?i:denial|fear|hope|limbo|luxury|chaos|sin|peace|harmony|comfort|poverty|pain|love|business|action|"
                r"training|shape|touch|form|town|class|office|gym|hospital|rehab|therapy|style|fashion|charge|control)\b)")
# "… now", "… for good", "… these days": said of the present, not of a while.
_FOR_GOOD = re.compile(r"^\s+(?:now|for\s+good|permanently|these\s+days|nowadays)\b", re.IGNORECASE)
# What a home is called.
_DWELLING = r"flat|apartment|house|townhouse|place|home|studio|unit|condo|cottage|bungalow|room"


def _home(m: re.Match[str], who: str) -> list[Found]:
    place = object_head(m["obj"])
    return [(f"{who} lives in {place}", "lives in", place, "home", False)]


def _moved(m: re.Match[str], who: str) -> list[Found]:
    place = object_head(m["obj"])
    return [(f"{who} moved to {place}", "lives in", place, "home", False)]


def _home_ended(m: re.Match[str], who: str) -> list[Found]:
    place = object_head(m["obj"])
    said = m.group(0).lower()
    verb = "moved away from" if "away" in said else "moved out of" if "moved" in said else "no longer lives in"
    return [(f"{who} {verb} {place}", "no longer lives in", place, "home", True)]


def _home_back(m: re.Match[str], who: str) -> list[Found]:
    """"I'm back in Bristol now": home again, when the sentence says for good, not for a while."""
    said = m.group(0).lower()
    if not re.search(r"\b(?:now\s+back|back\s+home|back\s+living)\b", said) and not _FOR_GOOD.match(m.string[m.end():]):
        return []
    return _home(m, who)


def _new_home(m: re.Match[str], who: str) -> list[Found]:
    place = object_head(m["obj"])
    return [(f"{who} has a new home in {place}", "lives in", place, "home~", False)]


def home_rules(name: str) -> tuple[Rule, ...]:
    """The home rows of the state rule table, with ``name`` as what marks a name."""
    name_obj = r"(?P<obj>(?:the\s+)?" + name + r")"
    place_obj = _NOT_A_PLACE + name_obj
    # "I no longer live in Leeds", "I'm not living in Leeds any more", "I moved out of Leeds": the home
    # ends, with none said in its place. A plain "I don't live in Leeds" may be a correction; "any more" says a change.
    any_more = r"(?=\s+(?:any\s*more|any\s+longer|now)\b)"
    return (
        rule(r"(?:(?:no\s+longer\s+live|am\s+no\s+longer\s+(?:living|based))\s+in|(?:have\s+)?moved\s+(?:out\s+of|away\s+from))",
             name_obj, _home_ended),
        rule(r"(?:do\s+not\s+live|am\s+not\s+(?:living|based))\s+in\s+", name_obj + any_more, _home_ended),
        # "I've been living in Bristol since March", "I have lived in Leeds for six years": the home still
        # (how long so far, not a stay: "for the summer").
        rule(r"have\s+(?:been\s+living|lived)\s+in", place_obj + r"(?=\s+(?:since|for)\b)" + _NOT_A_STAY, _home),
        rule(r"have\s+been\s+living\s+in", place_obj + r"(?=\s*(?:[,.;!?]|$|\s+(?:now|these\s+days|nowadays)\b))" + _NOT_A_STAY,
             _home),
        # "I'm back in Bristol now", "I'm now back in Bristol", "I'm back home in Bristol": home again; for any
        # time at all, a stay ("back in Bristol for the weekend", "… now for a few days").
        rule(r"am\s+(?:back\s+(?:living\s+)?in|(?:now\s+back|back\s+home)\s+(?:living\s+)?in|now\s+back\s+home\s+in)",
             place_obj + r"(?![^.!?;]*\b(?i:for)\b(?!\s+(?i:good)\b))" + _NOT_A_STAY, _home_back),
        rule(r"(?:now\s+)?(?:live|am\s+living|am\s+based|have\s+settled|settled)\s+(?:now\s+)?in"
              r"(?:\s+(?:a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:called|named))?", name_obj, _home),
        rule(r"(?:have\s+)?(?:moved|relocated|settled)\s+(?:back\s+|out\s+|over\s+|away\s+|house\s+|in\s+|up\s+|down\s+)?(?:(?:from|out\s+of|away\s+from)\s+[\w\s-]+?\s+)?(?:to|into)\b"
              r"(?:\s+(?:a|an|the|our|my)\s+[\w\s-]+?\s+in|\s+(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?\s+(?:called|named))?",
              name_obj, _moved),
        # "Mum's moved in with her partner in Leeds": the home is where the one moved in with lives.
        rule(r"(?:have\s+)?moved\s+in\s+with\s+(?:(?:my|his|her|their|our|a|the)\s+)?(?:[\w'’-]+\s+){0,2}?in",
             r"(?!(?i:" + "|".join(sorted(CALENDAR_NAMES)) + r")\b)" + name_obj, _moved),
        # "moved in today, Dublin 8": the place named right after moving in.
        rule(r"(?:have\s+)?moved\s+in(?:\s+(?:today|yesterday|at\s+last|finally|this\s+\w+|last\s+\w+))?\s*[,:–-]\s*(?:in\s+)?",
              name_obj, _moved),
        # "I got a studio in Kralingen", "we signed the lease on the Brunswick place": a new home,
        # not yet said to be lived in.
        rule(r"(?:have\s+)?(?:got|found|bought|signed\s+for|signed\s+(?:the\s+)?(?:lease|contract|rental\s+agreement)\s+(?:on|for))\s+"
             r"(?:a|an|the|our|my)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?(?:flat|apartment|apt|house|place|home|studio|condo)\s+in",
             name_obj, _new_home),
        rule(r"(?:have\s+)?signed\s+(?:the\s+)?(?:lease|contract|rental\s+agreement)\s+(?:on|for)\s+(?:the|a|our)\s+(?:new\s+)?",
             name_obj + r"(?=\s+(?:flat|apartment|house|place|home|studio)\b)", _new_home),
        # "My boyfriend and I share a flat in Södermalm": where one lives, put as the home one has.
        # "I rent a room in a house in Blackpool": the place the house is in; "I rent a room on Kapahulu Ave": its street.
        rule(r"(?:share|rent|are\s+renting|am\s+renting)\s+(?:a|an|the|our|my)\s+(?:[\w-]+\s+){0,2}?"
              r"(?:flat|apartment|house|place|home|room|studio|condo|bedsit)\s+(?:in|on)(?:\s+(?:a|an|the)\s+(?:shared\s+)?"
              r"(?:house|flat|apartment|houseshare|flatshare)\s+in)?", name_obj, _home),
        # "we stay with host family, Whitaker family in Headingley"
        rule(r"(?:stay|are\s+staying|am\s+staying|live|are\s+living|am\s+living)\s+with\s+(?:a\s+|the\s+|our\s+|my\s+)?"
             r"host\s+family(?:,?\s+(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+)?\s+family)?,?\s+in", name_obj, _home),
    )


# "I've moved house, I'm in Brighton now": the change names what "I'm in" means.
_MOVED_THEN = re.compile(r"\b(?i:moved\s+(?:house|home|flats?|apartments?)|relocated)\b[^.!?]*?\bI\s+(?i:am|'m)\s+"
                         r"(?i:now\s+)?(?i:at|in|with)\s+(?P<obj>" + NAME + r")")


def moved_house_now_in(context: str, who: str) -> list[Found]:
    """"I've moved house, I'm in Brighton now": the home a move names by where one is now."""
    moved = _MOVED_THEN.search(context)
    return [] if moved is None else _moved(moved, who)


# "Finally in Valencia, the flat in Ruzafa is tiny but lovely": arrived somewhere, with a home there.
_ARRIVED = re.compile(r"^(?:(?:I\s+am|I'm|we\s+are|we're)\s+)?(?i:finally|now|at\s+last)\s+(?:here\s+)?in\s+(?P<place>" + NAME + ")")
# "Finally moved, the house in Wieliczka is full of boxes": the move is done, the home is there.
_MOVED_IN = re.compile(r"^(?:(?:I|we)\s+(?:have\s+)?)?(?i:(?:finally|just|officially|all)\s+)?(?i:moved(?:\s+in)?)\s*(?:[,!;:–-]|$)")
_HOME_THERE = re.compile(r"\b(?i:the|my|our)\s+(?i:new\s+)?(?i:flat|apartment|house|place|home|studio)(?:\s+in\s+(?P<part>" + NAME
                         + r"))?\s+(?i:is|has|feels|looks)\b")


# "Current flat is in Alfama", "My current place is in Headingley": where one lives until a move.
_CURRENT_HOME = re.compile(r"^(?i:(?:my|our)\s+)?(?i:current|present)\s+(?i:flat|apartment|house|place|home|studio)\s+(?i:is\s+)?in\s+"
                           r"(?:the\s+)?(?P<obj>" + NAME + r")")
# "Sitting on the floor of my new place in Rotterdam", "The Gaia flat is ours": a new home, named
# by where it is.
_NEW_PLACE = re.compile(r"\b(?i:my|our)\s+(?i:new)\s+(?i:flat|apartment|house|place|home|studio)\s+in\s+(?P<obj>" + NAME + ")|"
                        r"^(?i:the)\s+(?P<named>" + NAME + r")\s+(?i:flat|apartment|house|place|home|studio)\s+is\s+(?i:ours|mine)\b|"
                        # "We got the Kaimuki apartment!": the home applied for, had.
                        r"^(?:I|we|We)\s+(?i:got)\s+(?i:the)\s+(?P<got>" + NAME + r")\s+(?i:flat|apartment|house|studio)\b")
# "The townhouse in Westville is ours (from tomorrow)", "the cottage in Harlech is ours at last": a home had,
# by where it is, said with the day it is had from or without one.
_OURS_FROM = re.compile(r"^(?i:the)\s+(?i:new\s+)?(?i:" + _DWELLING + r")\s+in\s+(?P<where>" + NAME + r")\s+is\s+(?i:ours|mine)\b"
                        r"(?!\s+(?i:if|once|when|unless)\b)")


# "officially in lewisham now, tolus box room is tiny": settled somewhere, said without a verb.
_OFFICIALLY_IN = re.compile(r"^(?:(?i:I\s+am|I'm|im|we\s+are|we're)\s+)?(?i:(?:now\s+)?officially)\s+(?i:living\s+|based\s+)?"
                            r"(?i:in)\s+(?!(?i:love|charge|trouble|shape|business|debt|pain|training|the\s+clear)\b)"
                            r"(?P<place>" + NAME + "|" + UNCASED_NAME + r")(?=\s+now\b|\s*[,.!;]|\s*$)")


# "Home is Glasgow these days", "My home's in Leith now", "Home for us is Ghent": the home, named.
# A home for a night or a season ("Home is Glasgow for the summer") is a stay.
_HOME_IS = re.compile(r"^(?:(?i:these\s+days|nowadays|now)\s*,?\s+)?(?i:(?:my|our)\s+)?(?i:home|base)(?:\s+(?i:for\s+(?:me|us)|now|"
                      r"these\s+days|nowadays))?(?:\s+(?i:is)|'s)\s+(?i:now\s+|still\s+)?(?i:in\s+)?(?:the\s+)?(?P<obj>" + NAME + r")"
                      r"(?=\s*[,.;!?]|\s*$|\s+(?i:now|these\s+days|nowadays|again)\b)" + _NOT_A_STAY
                      # "Bristol is my home now", "I call Bristol home these days" ("Ben is home now" is Ben come home).
                      + r"|^(?:(?i:these\s+days|nowadays)\s*,?\s+)?(?:(?P<place>" + NAME + r")\s+(?i:is|'s)\s+(?i:now\s+)?(?i:my|our)\s+"
                      r"(?i:home|base)|I\s+(?i:now\s+)?(?i:call)\s+(?P<called>" + NAME + r")\s+(?i:home))\b(?!\s+(?i:town|page|club|"
                      r"ground|team)\b)" + _NOT_A_STAY)


def _arrived_home(text: str, who: str) -> list[Found]:
    if (settled := _OFFICIALLY_IN.match(text)) is not None:
        place = object_head(settled["place"])
        return [(f"{who} lives in {place}", "lives in", place, "home~", False)]
    arrived, home = _ARRIVED.match(text), _HOME_THERE.search(text)
    if home is not None and home["part"] and _MOVED_IN.match(text):
        return [(f"{who} lives in {object_head(home['part'])}", "lives in", object_head(home["part"]), "home~", False)]
    if arrived is None or home is None:
        return []
    place = object_head(arrived["place"])
    where = f"{object_head(home['part'])}, {place}" if home["part"] else place
    return [(f"{who} lives in {where}", "lives in", where, "home~", False)]


def home_said_ours(text: str, who: str) -> list[Found]:
    """"The townhouse in Westville is ours from tomorrow": the home had, from the day said."""
    if (ours := _OURS_FROM.search(text)) is None:
        return []
    place = object_head(ours["where"])
    return [(f"{who} has a new home in {place}", "lives in", place, "home~", False)]


def homes_in_sentence(text: str, context: str, who: str) -> list[Found]:
    """The home a clause says without a verb of living or moving: arrived or settled somewhere (in
    ``context``, the whole sentence), a new place of one's own, or the current one."""
    found = _arrived_home(context, who)
    if (named := _HOME_IS.match(text)) is not None:
        place = object_head(named["obj"] or named["place"] or named["called"])
        found.append((f"{who} lives in {place}", "lives in", place, "home", False))
    if (new_place := _NEW_PLACE.search(text)) is not None:
        place = object_head(new_place["obj"] or new_place["named"] or new_place["got"])
        found.append((f"{who} has a new home in {place}", "lives in", place, "home~", False))
    elif (home := _CURRENT_HOME.match(text)) is not None:
        place = object_head(home["obj"])
        found.append((f"{who} lives in {place}", "lives in", place, "home~", False))
    return found


# "all my stuff is at jacks now. first night in sandy bay tonight", "the movers have taken the last boxes and
# tonight we sleep the first time in Luthagen": a first night somewhere, in a turn about moving there, is
# at the new home; in a turn about a trip or a stay it is not.
_FIRST_NIGHT_ANYWHERE = re.compile(r"(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)\b(?i:first\s+night|(?:sleep|sleeping|slept)\s+(?:for\s+)?the\s+first\s+time|"
                                   r"first\s+time\s+sleeping)\s+(?i:in|at)\s+(?i:the\s+|my\s+|our\s+)?(?i:new\s+)?"
                                   r"(?:(?i:" + _DWELLING + r")\s+in\s+)?(?!(?i:" + _DWELLING + r"|new|the|a|an)\b)"
                                   r"(?P<obj>" + NAME + "|" + UNCASED_NAME + r")")
# "Everything is in the casita in Pasadena except my plants": where all one's things are, in a turn about moving.
_ALL_THINGS_IN = re.compile(r"\b(?i:everything|all\s+(?:my|our)\s+(?:stuff|things|boxes))\s+(?i:is|are|'s)\s+(?i:now\s+)?(?i:in|at)\s+"
                            r"(?i:the|my|our)\s+(?i:new\s+)?(?i:" + _DWELLING + r"|casita)\s+(?i:in|at|on)\s+(?P<obj>" + NAME + ")")
_MOVING = re.compile(r"\b(?:moved|moving|movers|removal\s+(?:van|men|firm)|boxes|unpack(?:ed|ing)?|keys|"
                     r"all\s+(?:my|our)\s+(?:stuff|things))\b", re.IGNORECASE)
_SOMEONE_ELSE = re.compile(r"\b(?i:he|she|they|his|her|their)\b|\b[A-Z][\w-]*['’]s\s+(?i:moved|in|here|settled)\b")
_AWAY = re.compile(r"\b(?:holidays?|trip|hotel|hostel|airbnb|vacation|camping|tent|conference|visit(?:ing)?)\b", re.IGNORECASE)

# "moved!!! first night in maksimir", "We're in. First night in the Leith flat": where the first night
# after a move is spent is the new home (a first night anywhere else may be a holiday).
_MOVED_SENTENCE = re.compile(r"^(?:(?:I|we)\s+(?:have\s+|'ve\s+)?)?(?i:(?:finally|just|officially|all)\s+)?(?i:moved(?:\s+in)?|shifted|in)\W*$|"
                             r"^(?i:we(?:'re|\s+are)\s+in|(?:I|we)\s+moved(?:\s+in)?(?:\s+today)?)\W*$", re.IGNORECASE)
_FIRST_NIGHT = re.compile(r"^(?i:(?:my|our)\s+)?(?i:first\s+night)\s+(?i:in|at)\s+(?i:the\s+|my\s+|our\s+)?(?i:new\s+)?"
                          r"(?:(?i:flat|apartment|house|place|home|room)\s+in\s+)?(?P<obj>" + NAME + "|" + UNCASED_NAME + r")")


# "moved in. sleeping on a mattress on the floor in friedrichshain": the one place named, after "in".
_IN_PLACE = re.compile(r"\bin\s+(?P<obj>" + NAME + "|" + UNCASED_NAME + r")(?=\s*[,.;!?]|$)")
# "Moved!! Graduate House room is small", "moved. the Leith flat is freezing": the home, by its place's name (not
# by whose it was: "Dimitra's flat in Pagkrati is now our flat" is in Pagkrati).
_NAMED_HOME = re.compile(r"^(?i:the\s+|my\s+|our\s+)?(?P<obj>" + NAME + r")(?<!['’]s)\s+(?i:" + _DWELLING + r")\b")
# "Now I sleep in my own apartment on Garden City Road", "Dimitra's flat in Pagkrati is now our flat": the home, by where it is.
_HOME_ON = re.compile(r"(?:\b(?i:my|our|the)|\b[A-Z][\w-]*['’]s)\s+(?i:own\s+|new\s+)*(?i:flat|apartment|house|place|home|studio)\s+"
                      r"(?i:on|in)\s+(?P<obj>" + NAME + ")")


# "handed my keys back to the landlord", "The old keys went back in the post", "Handed the Scarborough key back":
# the home before is given up.
_KEYS_BACK = re.compile(r"\b(?:hand(?:ed|ing)?|gave|giv(?:e|ing)|return(?:ed|ing)?|post(?:ed|ing)?|dropp(?:ed|ing))\s+"
                        r"(?:back\s+)?(?:[\w'’]+\s+){0,3}?keys?\s+back\b|\bkeys?\s+(?:went|go(?:es)?|(?:are|is)\s+going)\s+back\b|"
                        r"\b(?:handed|gave|returned)\s+back\s+(?:my|our|the)\s+(?:[\w'’]+\s+){0,2}?keys?\b", re.IGNORECASE)
# Where one is now, in a turn giving the old home up: "boxes at Tutu's now", "all my stuff is at Jack's now",
# "The new apartment at Finch has a real window", "Made it to Aoife's".
_NOW_AT = re.compile(r"^(?i:made\s+it\s+to)\s+(?P<reached>" + NAME + r")(?=\s*[,.;!?]|$)|"
                     r"\b(?i:boxes|stuff|things|everything)\s+(?i:is\s+|are\s+)?(?i:all\s+)?(?i:at|in)\s+"
                     r"(?P<obj>" + NAME + "|" + UNCASED_NAME + r")\s+(?i:now)\b|"
                     r"\b(?i:the|my|our)\s+(?i:new)\s+(?i:" + _DWELLING + r")\s+(?i:at|in|on)\s+(?P<new>" + NAME + ")")


def home_after_moving(sentences: Sequence[str], speaker: str, said_before: str = "") -> list[ExtractedFact]:
    """The home a sentence saying the move is done is followed by: "moved!!! first night in maksimir",
    "I moved today. Now I sleep in my own apartment on Garden City Road", "moved in. sleeping on a
    mattress on the floor in friedrichshain", "MOVED. Boxes everywhere. The Chapel Allerton flat is
    lovely"; the one a turn giving the old home's keys back says one is at now: "handed my keys back
    to the landlord … boxes at Tutu's now"; where a turn about moving, or one right after the speaker's
    turn about it (``said_before``), says one spends the first night or has all one's things ("First
    night in the Oranmore house.", "Everything is in the casita in Pasadena")."""
    for at, before in enumerate(sentences):
        if not _MOVED_SENTENCE.match(before.strip()):
            continue
        # The next sentence may name the place alone ("in friedrichshain"); a later one, the home by its place.
        for distance, sentence in enumerate(sentences[at + 1:]):
            if (home := _FIRST_NIGHT.match(sentence.strip()) or _NAMED_HOME.match(sentence.strip()) or _HOME_ON.search(sentence)
                    or (_IN_PLACE.search(sentence) if distance == 0 else None)) is not None:
                place = object_head(home["obj"])
                return as_facts([(f"{speaker} lives in {place}", "lives in", place, "home", False)], speaker,
                                Certainty.STATED.value)
    turn = " ".join(sentences)
    if _KEYS_BACK.search(turn) and not _AWAY.search(turn):
        for sentence in sentences:
            if (now_at := _NOW_AT.search(sentence)) is not None and not _SOMEONE_ELSE.search(sentence[: now_at.start()]):
                place = object_head(now_at["obj"] or now_at["new"] or now_at["reached"])
                return as_facts([(f"{speaker} lives at {place}", "lives in", place, "home", False)], speaker,
                                Certainty.STATED.value)
    if not (_MOVING.search(turn) or _MOVING.search(said_before) and not _AWAY.search(said_before)) or _AWAY.search(turn):
        return []
    for sentence in sentences:
        night = _FIRST_NIGHT_ANYWHERE.search(sentence.strip().rstrip(".!")) or _ALL_THINGS_IN.search(sentence)
        # "Papa's moved!! … he slept his first night in Amersfoort": someone else's move.
        if night is not None and not _SOMEONE_ELSE.search(sentence.strip()[: night.start()]):
            place = object_head(night["obj"])
            return as_facts([(f"{speaker} lives in {place}", "lives in", place, "home", False)], speaker, Certainty.STATED.value)
    return []
