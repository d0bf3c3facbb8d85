"""How often a person does a thing, and the days a habit is on. Pure.

"I run three times a week", "six cups of coffee a day", "I've gone down to two days a week at
Boots" each hold one slot per thing ("run how often"), so the later habit replaces the earlier;
"My yoga classes moved to Tuesdays and Thursdays" gives the habit's new days, said of the thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.clauses import HABIT_AFTER
from engram_mcp.extraction.lexicon import NOT_YET, expand_contractions
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.predicates import HABIT_KINDS, third_singular

__all__ = ["corrected_habit_days", "habit_moved_to_a_time_of_day", "how_often_said", "rescheduled_habit"]

# "like six cups a day", "Cut down to three coffees a day": how much of a thing one has, one amount at a time.
_PER_DAY = re.compile(r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple|a\s+few)\s+"
                      r"(?P<unit>cups?|mugs?|glasses|pints|coffees|teas|espressos|beers|cigarettes|cans)"
                      r"(?:\s+of\s+(?P<of>[a-z]+))?\s+(?:a|per)\s+(?P<per>day|week)\b", re.IGNORECASE)
# "trying to drink at least eight glasses of water a day" is a goal, not what one has.
_AIMED_AT = re.compile(r"\b(?:try|trying|tried|aim|aiming|want|wants|need|needs|should|goal|target|supposed)\b|\bat\s+least\b",
                       re.IGNORECASE)
_VESSELS = frozenset({"cup", "cups", "mug", "mugs", "glasses", "pints", "cans"})
_DRINK = re.compile(r"\b(coffee|tea|water|wine|beer|cola|coke|espresso)\b", re.IGNORECASE)
_OWN_AMOUNT = re.compile(r"^\s*(?:I\b|I'm|(?:cut|cutting|down|up|now|only|just|still)\b)|\b(?:I|my)\b", re.IGNORECASE)

# "I run three times a week", "these days I run every morning": how often one does a thing is one
# setting per thing, so the later habit replaces the earlier ("…_how_often" is single-valued).
_FREQUENCY = (r"(?P<freq>(?:once|twice|three\s+times|four\s+times|five\s+times|\d+\s+times|a\s+few\s+times|several\s+times|"
              r"(?:one|two|three|four|five|six|\d)\s+(?:days|nights|evenings|mornings|shifts))"
              r"\s+(?:a|per|every)\s+(?:day|week|month|year|fortnight)|every\s+(?:single\s+)?(?:day|morning|evening|night|"
              r"week|weekend|other\s+day|weekday|month|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|daily|weekly|"
              r"on\s+(?:weekdays|weekends|_DAYS(?:\s*,\s*(?:and\s+)?_DAYS)*(?:\s*,?\s*and\s+_DAYS)?))")
_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s+(?:mornings|evenings|nights|afternoons))?"
_FREQUENCY = _FREQUENCY.replace("_DAYS", _DAYS)
_DAY_LIST = r"(?P<days>(?:on\s+)?_DAYS(?:\s*,\s*(?:and\s+)?_DAYS)*(?:\s*,?\s*and\s+_DAYS)?)".replace("_DAYS", _DAYS)
# "My yoga classes moved to Tuesdays and Thursdays": the days of a habit said before, changed.
# A word that opens a sentence to join it to what came before ("So choir is Tuesdays now") is no part of the habit.
_RESCHEDULED = re.compile(r"^(?:(?:so|anyway|and|but|also|well|ok|okay|oh)\W+)?(?:(?:my|our|the)\s+|(?P<owner>(?-i:[A-Z])[\w-]+)['’]s\s+)?(?!(?:it|this|that|he|she|they|we|i|you|there|everything|nothing|today|"
                          r"tomorrow|work|school)\b)(?P<thing>[a-z]+)(?:\s+(?P<kind>" + "|".join(sorted(HABIT_KINDS, key=len, reverse=True)) + r"))?\s+(?:have\s+|has\s+)?"
                          r"(?:(?:moved|changed|switched|are\s+now|is\s+now)|(?P<plain>meets?|runs?|happens?|takes\s+place|is|are))"
                          # A day said with its date ("now tuesday the 25th") is one day, not a habit's days.
                          r"\s+(?:to\s+|back\s+to\s+)?" + _DAY_LIST + r"\b(?!,?\s+(?:the\s+\d|\d{1,2}(?:st|nd|rd|th)\b))", re.IGNORECASE)
# "Ice swimming is Thursdays now, not Tuesdays", "Correction: Nabila's badminton is Saturday mornings at 9, not
# Friday", "my long runs have to move to Sundays from now on": a habit's days put right or changed, the habit
# named in one or two words.
_CORRECTED_DAYS = re.compile(
    r"^(?:(?:ugh|oh|sorry|ok|okay)\W+)?(?:(?:one|a|quick|small)\s+)?(?:correction\s*(?:(?:to|from|for)\s+[\w\s]+?)?\s*[:,.!–-]\s*)?"
    r"(?:(?:my|our|the)\s+|(?P<owner>(?-i:[A-Z])[\w-]+)['’]s\s+)?(?!(?:it|this|that|he|she|they|we|i|you|there)\b)"
    r"(?P<thing>[a-z]+(?:\s+(?!(?:is|are|have|has)\b)[a-z]+)?)\s+"
    r"(?:(?:is|are)\s+(?:now\s+|actually\s+|really\s+)?" + _DAY_LIST + r"(?:\s+at\s+\d[\d:.]*\s*(?:am|pm)?)?(?:\s+now)?\s*,?\s+"
    r"(?:and\s+)?not\s+(?:on\s+)?" + _DAYS + r"|(?:(?:have|has)\s+to\s+move|(?:is|are)\s+moving|will\s+move)\s+to\s+"
    + _DAY_LIST.replace("?P<days>", "?P<to_days>") + r")\b", re.IGNORECASE)
_HABIT = re.compile(
    r"^(?:(?:these\s+days|nowadays|now)\s*,?\s*)?I\s+(?:now\s+|usually\s+|normally\s+|still\s+|only\s+)?(?P<verb>[a-z]+)"
    r"(?P<what>(?:\s+(?!(?:once|twice|every|daily|weekly|on|a|three|four|five|\d+|them|him|her|it|you|at|least|most|"
    r"about|around)\b)[a-z0-9]+){0,3}?)(?P<company>\s+with\s+(?:a|the|my|our)\s+[a-z]+)?\s+" + _FREQUENCY + r"\b",
    re.IGNORECASE,
)
# "I've gone down to two days a week at Boots": how often one works, changed, said of the workplace.
_WORK_CUT_TO = re.compile(r"^(?:I|we)(?:'ve|\s+have)?\s+(?:gone|cut|dropped|come|moved|switched)\s+(?:back\s+)?(?:down\s+|up\s+)?"
                          r"to\s+" + _FREQUENCY + r"\s+(?:at\s+(?:work|[A-Z][\w&'.-]*)|of\s+work)|"
                          # "i work saturdays at tesco", then "got moved to sundays at tesco"
                          r"^(?:I\s+(?:only\s+)?work|(?:I\s+)?(?:got|have\s+been|was|been)\s+moved\s+to)\s+(?P<days>" + _DAYS
                          + r"(?:\s+and\s+" + _DAYS + r")?)\s+(?:at|for|in)\b", re.IGNORECASE)
_HABIT_VERBS = frozenset("""run jog walk swim cycle ride train meditate cook exercise work go play practise practice
    study read visit call see drink eat smoke climb dance sing teach volunteer attend""".split())


def how_often_said(text: str, speaker: str) -> dict[str, tuple[str, str, str]]:
    """How often the speaker does or has a thing, by slot: (statement, slot, how often)."""
    found: dict[str, tuple[str, str, str]] = {}
    if ((per_day := _PER_DAY.search(text)) is not None and _OWN_AMOUNT.search(text)
            and not _AIMED_AT.search(text[: per_day.start()])):
        unit = per_day["unit"].lower()
        drinks = _DRINK.findall(text[: per_day.start()])
        # "six cups a day" after "coffee" are cups of coffee; "three coffees a day" are coffees.
        thing = per_day["of"] or (drinks[-1].lower() if drinks else None) if unit in _VESSELS else unit[:-1]
        if thing:
            held = f"{per_day['unit']} of {thing}" if unit in _VESSELS else per_day["unit"]
            # The amount as said is the value, so the clause that said it is read once, as this.
            found[f"{thing} how often"] = (f"{speaker} has {per_day['n']} {held} a {per_day['per']}", f"{thing} how often",
                                           " ".join(per_day.group(0).split()))
    if (hours := _WORK_CUT_TO.match(text)) is not None:
        often = hours["freq"] or f"on {hours['days'].lower()}"
        found["work how often"] = (f"{speaker} works {often}", "work how often", often)
    # The habit may be said after a comma, its "I'm" dropped (``clauses.HABIT_AFTER``).
    tail = HABIT_AFTER.search(text)
    habit = _HABIT.match(_simple_present(text)) or (_HABIT.match(_simple_present(f"I am {tail['habit']}")) if tail else None)
    if habit and habit["verb"].lower() in _HABIT_VERBS and not NOT_YET.search(habit.group(0)):
        verb, what, often = habit["verb"].lower(), habit["what"], habit["freq"]
        # A distance or an amount ("run 5k", "run 10k") describes the habit; it is still running.
        habit_of = "".join(f" {w}" for w in what.split() if not any(c.isdigit() for c in w))
        # "I run with a club on Thursdays": whom one does it with is said, not part of the habit.
        found[f"{verb}{habit_of} how often"] = (f"{speaker} {third_singular(verb)}{what}{habit['company'] or ''} {often}",
                                                f"{verb}{habit_of} how often", often)
    return found


def _simple_present(text: str) -> str:
    """"I'm now running 10k twice a week" said as "I now run 10k twice a week": a habit is the
    same whichever tense says it."""
    def base(match: re.Match[str]) -> str:
        ing = match["ing"].lower()
        verb = next((v for v in _HABIT_VERBS if ing in {v + "ing", v[:-1] + "ing", v + v[-1] + "ing"}), None)
        return f"I {match['now'] or ''}{verb}" if verb else match.group(0)
    return re.sub(r"^I\s+(?:am|'m)\s+(?P<now>(?:now|still|only|also)\s+)?(?P<ing>[a-z]+ing)\b", base, text, flags=re.IGNORECASE)


def rescheduled_habit(sentence: str, speaker: str, earlier: Sequence[str] = ()) -> list[ExtractedFact]:
    """"My yoga classes moved to Tuesdays and Thursdays": the days of the habit done with that
    thing, said of the thing ("yoga how often"), which is the slot of "I teach yoga on Mondays"
    too (``model.supersede.same_relation``), so the new days replace the old. Said of someone
    ("Mateo's football training is on Tuesdays"), it is theirs; "Mateo's training moved" is the
    training named before (``earlier``: the texts said before it)."""
    moved = _RESCHEDULED.match(expand_contractions(sentence.strip()))
    # "Our bowls club meets on Saturdays" is a habit; "my birthday is on Sunday" is one day.
    if moved is None or moved["plain"] and not re.search(r"days\b", moved["days"], re.IGNORECASE):
        return []
    thing, days = moved["thing"].lower(), " ".join(moved["days"].split())
    who = moved["owner"] or speaker
    if moved["owner"] and not moved["kind"] and thing in HABIT_KINDS:
        # "Mateo's training moved to Wednesdays": the training said of Mateo before.
        said = [m for text in earlier for m in re.finditer(rf"\b{re.escape(who)}['’]s\s+([a-z]+)\s+{thing}\b", text)]
        if said:
            return _habit_days(who, said[-1][1], thing, days)
    return _habit_days(who, thing, (moved["kind"] or "").lower(), days, meets=(moved["plain"] or "").lower().startswith("meet"))


def _habit_days(who: str, thing: str, kind: str, days: str, *, meets: bool = False) -> list[ExtractedFact]:
    days = days if days.lower().startswith("on ") else f"on {days}"
    said = f"{thing} {kind}" if kind else thing
    verb = "are" if said.endswith("s") and not said.endswith("ss") else "is"
    verb = ("meet" if verb == "are" else "meets") if meets else verb
    return [ExtractedFact(statement=f"{who}'s {said} {verb} {days}.", type=MemoryType.SEMANTIC,
                          certainty=Certainty.STATED.value, subject=who, predicate=f"{thing} how often", object=days,
                          entities=(who,))]


# The parts of a sentence a habit's new days may be said in: "the Sharks play on Saturdays so my long runs have to
# move to Sundays".
_PARTS = re.compile(r"\s+(?:so|and|but|because)\s+|[;:]\s*|,\s+(?=(?:so|but|and)\b)", re.IGNORECASE)
# Days a habit is on, not one day: "Thursdays", "Saturday mornings".
_RECURRING = re.compile(r"days\b|(?:mornings|evenings|nights|afternoons)\b", re.IGNORECASE)


def corrected_habit_days(sentence: str, speaker: str) -> list[ExtractedFact]:
    """"Ice swimming is Thursdays now, not Tuesdays", "Correction: Nabila's badminton is Saturday mornings at 9,
    not Friday", "my long runs have to move to Sundays from now on": the habit's days as they are now, in the
    habit's slot ("ice swimming how often"), so they replace the days said before. "The meeting is Monday, not
    Tuesday" is one day put right, no habit."""
    for part in (sentence, *_PARTS.split(sentence)):
        part = expand_contractions(part.strip())
        corrected = _CORRECTED_DAYS.match(part)
        if corrected is None or _RESCHEDULED.match(part):
            continue
        days = " ".join((corrected["days"] or corrected["to_days"]).split())
        if _RECURRING.search(days):
            return _habit_days(corrected["owner"] or speaker, corrected["thing"].lower(), "", days)
    return []


# "switching to evening runs, 6:30pm", "I've moved to lunchtime walks": a habit done at another time of day from now on.
_TO_A_TIME_OF_DAY = re.compile(
    r"^(?:(?:I|we)\s+(?:am\s+|are\s+|have\s+)?|(?:I|we)(?:'m|'re|'ve)\s+)?(?:(?:now|just)\s+)?"
    r"(?:switch(?:ing|ed)?|mov(?:ing|ed)|chang(?:ing|ed)|go(?:ing)?|gone|went)\s+(?:over\s+|back\s+)?to\s+"
    r"(?P<when>morning|evening|night|afternoon|lunchtime|weekend)\s+(?P<habit>[a-z]+)s\b"
    r"(?:\s*,?\s*(?:at\s+)?(?P<time>\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)|\d{1,2}[:.]\d{2}))?", re.IGNORECASE)


def habit_moved_to_a_time_of_day(sentence: str, speaker: str) -> list[ExtractedFact]:
    """"switching to evening runs, 6:30pm": the habit ("run how often") done in the evenings now, so it
    replaces "I run every morning at 5:30"."""
    moved = _TO_A_TIME_OF_DAY.match(expand_contractions(sentence.strip()))
    if moved is None or (verb := moved["habit"].lower()) not in _HABIT_VERBS:
        return []
    when = "at lunchtime" if moved["when"].lower() == "lunchtime" else f"in the {moved['when'].lower()}s"
    often = f"{when}, at {' '.join(moved['time'].split())}" if moved["time"] else when
    return [ExtractedFact(statement=f"{speaker} {third_singular(verb)} {often} now.", type=MemoryType.SEMANTIC,
                          certainty=Certainty.STATED.value, subject=speaker, predicate=f"{verb} how often", object=often,
                          entities=(speaker,))]
