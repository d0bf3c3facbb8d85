"""Things a person has one of, named by an attribute word, and habits' days. Pure.

"My GP is Dr. Lind", "my new number is 0611 222 333", "my number changed, the new one is
…", "I switched my editor to Helix" each become "<speaker>'s <attribute> is <value>" with
the attribute as the predicate, so a later value for the same attribute supersedes the
earlier one (``model.predicates`` lists these attributes as single-valued). Only attributes
a person has one of at a time are read: "my sister is a nurse" is not one (a person may have
several sisters), and stays a plain statement.

Self-introductions, jobs said without a verb and contact cards are read in ``introductions``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.clauses import HABIT_AFTER
from engram_mcp.extraction.lexicon import NOT_YET, expand_contractions
from engram_mcp.extraction.medicines import doses_said
from engram_mcp.extraction.state_grammar import NAME
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.belongings import kind_of
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.predicates import HABIT_KINDS, third_singular

__all__ = ["ATTRIBUTES", "TOOLS", "attribute_facts", "doctor_given", "rescheduled_habit"]

TOOLS = frozenset({"editor", "text editor", "ide", "browser", "shell", "terminal", "laptop", "os", "operating system"})
"""Attributes that are things a person uses: stated as "<who> uses <value> as <who>'s <tool>"."""
# Amounts and measures a person has one of at a time: "my rent went up to £1,350". (Not a budget:
# a person has one for each thing they shop for.)
AMOUNTS = frozenset({"rent", "salary", "pay", "wage", "weight", "mortgage", "commute", "bedtime", "handicap", "rate",
                     "hourly rate", "day rate"})
# The people and places that look after something for a person, one of each: "my accountant is
# Mei Lin", "my gym is Movement now".
CARERS = frozenset({"gym", "accountant", "lawyer", "solicitor", "vet", "hairdresser", "barber", "trainer", "personal trainer",
                    "coach", "tutor", "physio", "physiotherapist", "mechanic", "plumber", "cleaner", "nanny",
                    "babysitter", "optician", "psychiatrist", "counsellor", "counselor"})
# The companies that supply a person, one of each: "my bank is Halifax", "- energy: British Gas".
PROVIDERS = frozenset({"bank", "energy supplier", "energy provider", "electricity supplier", "gas supplier", "broadband provider",
                       "internet provider", "mobile network", "insurer"})
ATTRIBUTES = TOOLS | AMOUNTS | CARERS | PROVIDERS | frozenset(
    {"employer", "workplace", "phone number", "mobile number", "number", "mobile", "cell", "email", "email address", "address",
     "home address", "postcode", "zip code", "doctor", "gp", "family doctor", "dentist", "therapist", "manager",
     "boss", "line manager", "ops manager", "operations manager", "area manager", "shift manager", "store manager",
     "site manager", "landlord", "landlady", "username", "handle", "birthday",
     # one of each at a time, for a freelancer: "my main client is now Orange"
     "main client", "biggest client", "main customer",
     # and for a business, or a writer or a student: "our coffee supplier is North Star Roasters"
     "supplier", "coffee supplier", "main supplier", "agent", "mentor", "supervisor", "publisher"}
)

_PLACES = frozenset({"address", "home address"})
_PLACE_PARTS = re.compile(r"(?:,\s+(?!(?:and|but|so|which|who|where)\b)(?:in\s+(?:the\s+)?)?[A-Z0-9][\w' -]*?(?=,|[.!?;(]|$|\s+(?:and|but)\b))*")
_NUMBERS = frozenset({"phone number", "mobile number", "number", "mobile", "cell"})
_TITLED = re.compile(r"^(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?[A-Z0-9]")
_ATTRIBUTE = r"(?P<attr>" + "|".join(sorted((re.escape(a) for a in ATTRIBUTES), key=len, reverse=True)) + r")"
# A value runs to the end of its clause: a comma (not one inside a number, "£1,350"), a bracket, a
# semicolon, "but/and I" or a full stop that is not a title's ("Dr. Lind") ends it.
_VALUE = r"(?P<value>(?:[^,;()\n]|,(?=\d))+?)(?=\s*(?:,(?!\d)|[;(\n]|\s+but\b|\s+and\s+(?:I|we|my|it)\b|(?<!Dr)(?<!Mr)(?<!Ms)(?<!Mrs)(?<!Prof)(?<!St)[.!?]\s|[.!?]?$))"
# "The new number is …", "new address is …", "address is …", "the landlady is …" opening a sentence is the
# speaker's too.
_POSSESSOR = r"(?:\b(?:my|our)\s+(?:new\s+|current\s+|main\s+)?|(?:^|(?<=[.!?]\s))(?:the\s+)?(?:new\s+)?)"
_STATED = re.compile(
    _POSSESSOR + r"(?i:" + _ATTRIBUTE + r")\s+(?i:is\s+now|is|has\s+changed\s+to|changed\s+to|is\s+changing\s+to|"
    r"(?:has\s+)?(?:went|gone)\s+(?:up|down)\s+to|(?:has\s+)?(?:increased|decreased|risen|rose|dropped|fell|fallen)\s+to|"
    r"was\s+(?:raised|cut|increased|reduced|lowered)\s+to)\s+(?!not\b|"
    r"the\s+same\b|changing\b|still\b)" + _VALUE,
    re.IGNORECASE,
)
_CHANGED = re.compile(
    _POSSESSOR + _ATTRIBUTE + r"\s+(?:has\s+)?changed\b[^.;]*?\b(?:the\s+)?new\s+one\s+is\s+" + _VALUE, re.IGNORECASE
)
# "We changed supplier, it's Dark Woods Coffee now"
_CHANGED_IT_IS = re.compile(
    r"\b(?:I|we)\s+(?:have\s+)?(?:just\s+)?(?:changed|switched)\s+(?:(?:my|our)\s+)?" + _ATTRIBUTE
    + r"s?\s*[,;:–-]\s*(?:it(?:\s+is|'s|’s)|it\s+was|the\s+new\s+one\s+is|now\s+it(?:\s+is|'s|’s)|we\s+use|I\s+use)\s+" + _VALUE,
    re.IGNORECASE,
)
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
# "A flat white is £3.40", "Flat whites are going up to £3.60": what the speaker sells or pays
# for, one price at a time.
_PRICE = re.compile(r"^(?:(?:a|an|the)\s+)?(?!(?:my|our|your|his|her|their)\b)(?P<attr>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:is|are|costs?|"
                    r"(?:is|are)\s+now|now\s+costs?|(?:is|are)\s+(?:going|gone)\s+up\s+to|went\s+up\s+to|(?:has|have)\s+gone\s+up\s+to)"
                    r"\s+(?P<value>[£$€]\s?\d[\d.,]*\d|[£$€]\s?\d)", re.IGNORECASE)
_SWITCHED = re.compile(
    r"\b(?:I|we)\s+(?:have\s+)?(?:just\s+|finally\s+)?(?:switched|changed|moved)\s+(?:my|our)\s+" + _ATTRIBUTE
    + r"\s+(?:over\s+)?(?:from\s+[^,;]+?\s+)?to\s+" + _VALUE,
    re.IGNORECASE,
)
# "Raised my rate to 1100 DKK an hour", "I've cut my hours to 20": the speaker set a new value.
_RAISED = re.compile(r"\b(?:raised|increased|upped|lowered|cut|dropped|reduced|put\s+up)\s+(?:my|our)\s+" + _ATTRIBUTE
                     + r"\s+to\s+" + _VALUE, re.IGNORECASE)
# "I weigh 92kg", "Down to 88kg!": a weight, said by weighing or by what it went down or up to.
_WEIGH = re.compile(r"(?:\bI\s+(?:now\s+|currently\s+)?weigh|^(?:I\s+am\s+|I'm\s+)?(?:now\s+)?(?:down|up)\s+to)\s+"
                    r"(?P<value>\d+(?:\.\d+)?\s*(?:kg|kgs|kilos?|lbs?|pounds|st|stone)\b)(?P<attr>)", re.IGNORECASE)
# "we open at 7am", "We now open at 6:30am on weekdays": a business's hours, one setting each.
_HOURS = re.compile(r"\b(?:we|I)\s+(?:now\s+|only\s+)?(?P<attr>open|close)\s+at\s+(?P<value>\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?"
                    r"(?:\s+on\s+(?:weekdays|weekends|[a-z]+days?))?)", re.IGNORECASE)
# "I charge 900 DKK an hour": a rate, said by what one charges.
_CHARGE = re.compile(r"\b(?:I|we)\s+(?:now\s+|only\s+)?charge\s+(?P<value>[£$€]?\d[\d,.]*\s*(?:[A-Za-z]{1,7}\s+)?(?:an|per|a)\s+"
                     r"(?:hour|day|session|lesson|word|page|project|month))(?P<attr>)", re.IGNORECASE)
# "New address: 3 Oak Road, York", "New number - 0611 222 333": a new value under a label.
_LABELLED = re.compile(r"(?:^|[.!?]\s+|\b(?:my|our)\s+)new\s+" + _ATTRIBUTE + r"\s*[:–-]\s*" + _VALUE, re.IGNORECASE)
# "Current situation:\n- bank: Halifax, Reward account\n- car: 2014 Ford Focus": a list of what one has, by label.
_LABEL_MEANS = {"energy": "energy supplier", "broadband": "broadband provider", "internet": "internet provider", "car": "car"}
_LISTED = re.compile(r"^[ \t]*(?:[-*•][ \t]*)?(?P<attr>" + "|".join(sorted((re.escape(a) for a in (*ATTRIBUTES, *_LABEL_MEANS)),
                                                                        key=len, reverse=True))
                     + r")[ \t]*:[ \t]*" + _VALUE, re.IGNORECASE | re.MULTILINE)
_HAVE_NEW = re.compile(
    r"\b(?:(?:I|we)\s+(?:have|got|have\s+got|found|have\s+found|hired|have\s+hired)|(?:transferred|moved|switched|assigned|referred)\s+(?:\w+\s+){0,2}?to|"
    # "They have put me with a new doctor, Dr. Haddad", "I found new supplier, Ebube Foods"
    r"put\s+(?:me|us)\s+with)\s+(?:a\s+)?new\s+"
    # "my care has been transferred to a new GP, Dr Mensah"
    + _ATTRIBUTE + r"\s*(?:[,:–-]|\s+called|\s+named)\s*" + _VALUE,
    re.IGNORECASE,
)
# "First lesson with the new coach, her name is Rachel", "The new landlord called, his name is Mr Patel":
# the one who is new in the role, named after it.
_NEW_NAMED = re.compile(r"\b(?i:the|my|our)\s+(?i:new)\s+" + _ATTRIBUTE + r"\b[^.!?]{0,40}?(?:,\s*|\s+)(?i:(?:his|her|their)\s+name\s+is|"
                        r"is\s+called|called|named)\s+(?P<value>" + NAME + ")")
# "they've put Mama with a Dr van Wyk for now", "I've been put with a Dr Mahuika", "He has passed me to
# Doctor Salinas", "I'm being moved over to a Dr Mulcahy", "I'm now registered with a Dr Osei": a doctor
# one is given, named by title.
_GIVEN_A_DOCTOR = re.compile(
    r"\b(?:(?:put|passed|moved|transferred|referred|assigned|sent)\s+(?P<whom>me|us|him|her|[A-Z][a-zá]+)|(?:I\s+have\s+been\s+|I've\s+been\s+|"
    r"I\s+was\s+|I\s+am\s+(?:being\s+|now\s+)?|I'm\s+(?:being\s+|now\s+)?)(?:put|passed|moved|transferred|referred|assigned|registered))"
    r"\s+(?:over\s+)?(?:with|to|under)\s+(?:a\s+|the\s+)?(?:new\s+)?"
    r"(?P<doctor>(?:Dr|Dra|Doctor|Doctora)\.?\s+(?:(?:van|von|de|da|del|di|der|la|le)\s+)?" + NAME + r")")
_PARENTS = {"mama": "mother", "mum": "mother", "mam": "mother", "mom": "mother", "mommy": "mother", "mother": "mother",
            "dad": "father", "papa": "father", "papá": "father", "father": "father", "da": "father"}


def doctor_given(sentence: str, speaker: str) -> list[ExtractedFact]:
    """The doctor the sentence says someone was given ("they've put Mama with a Dr van Wyk"): a fact
    in the doctor slot of whom it names (the speaker, their mother or father, or a person named)."""
    match = _GIVEN_A_DOCTOR.search(sentence)
    if match is None:
        return []
    whom = (match["whom"] or "me").lower()
    if whom in {"me", "us"}:
        subject = speaker
    elif whom in _PARENTS:
        subject = f"{speaker}'s {_PARENTS[whom]}"
    elif whom in {"him", "her"} or not match["whom"][:1].isupper():
        return []
    else:
        subject = match["whom"]
    doctor = re.sub(r"\s+(?:for|from|at|in|on)$", "", match["doctor"].strip()).rstrip(" .")
    return [ExtractedFact(statement=f"{subject}'s doctor is {doctor}.", type=MemoryType.SEMANTIC,
                          certainty=Certainty.STATED.value, subject=subject, predicate="doctor", object=doctor,
                          entities=tuple(dict.fromkeys((speaker, doctor))))]


# "So now Dr. Ibáñez is my doctor", "Sarah is my new boss": the value named first.
_NAMED_IS = re.compile(r"(?<![\w'’])(?!(?:This|That|It|He|She|They|Here|There|Which|Who|What)\b)(?P<value>(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?"
                       + NAME + r")\s+(?i:is\s+(?:now\s+|officially\s+)?(?:my|our)\s+(?:new\s+|current\s+)?)(?i:" + _ATTRIBUTE
                       + r")(?!['’]s\b|\w)")
# "I report to Farhan Qureshi from today": whom one reports to is one's manager.
_REPORTS_TO = re.compile(r"\bI\s+(?i:(?:now|currently|still|directly|will)\s+)*(?i:(?P<attr>report)(?:s|ing)?)\s+(?i:directly\s+)?(?i:to)\s+"
                         r"(?P<value>(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?" + NAME + r")")
# "an appointment with my GP, Dr Kerr, at …", "my boss, Sarah, says …": the value set off by commas.
_APPOSITIVE = re.compile(r"\bmy\s+" + _ATTRIBUTE + r"\s*,\s*" + _VALUE + r"(?=\s*,)", re.IGNORECASE)
_AGE = re.compile(r"(?:^\s*I\s+(?:am|'m)\s+(?:now\s+)?(?P<age>\d{1,3})(?:\s+years?\s+old)?\s*(?:[.!]*\s*$|,|\s+and\s+(?:a|an)\s)"
                  r"|\bI\s+(?:am|'m)\s+an?\s+(?P<aged>\d{1,3})[- ]years?[- ]old\b"
                  r"|\bI\s+(?:just\s+)?turned\s+(?P<turned>\d{1,3})\b)", re.IGNORECASE)
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
_RESCHEDULED = re.compile(r"^(?:(?:my|our|the)\s+|(?P<owner>(?-i:[A-Z])[\w-]+)['’]s\s+)?(?!(?:it|this|that|he|she|they|we|i|you|there|everything|nothing|today|"
                          r"tomorrow|work|school)\b)(?P<thing>[a-z]+)(?:\s+(?P<kind>" + "|".join(sorted(HABIT_KINDS, key=len, reverse=True)) + r"))?\s+(?:have\s+|has\s+)?"
                          r"(?:(?:moved|changed|switched|are\s+now|is\s+now)|(?P<plain>meets?|runs?|happens?|takes\s+place|is|are))"
                          r"\s+(?:to\s+|back\s+to\s+)?" + _DAY_LIST + r"\b", re.IGNORECASE)
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
# "my manager is Farhan from today", "… starting monday": when it began is no part of the value.
_TIME_TAIL = re.compile(r"(?:\s+(?:now|today|yesterday|again|last\s+\w+|this\s+\w+|since\s+\w+|"
                        r"(?:from|as\s+of|starting)\s+(?:today|tomorrow|now|next\s+\w+|\w+day)))+$", re.IGNORECASE)

_HOME_PAID_FOR = re.compile(r"\b(?:for|on)\s+(?:a|an|the|my|our)\s+(?:[\w-]+\s+){0,2}?(?:flat|apartment|house|one-bed|"
                            r"two-bed|three-bed|studio|place|room|bedsit|condo|home|cottage)\s+in\s+(?P<place>" + NAME + ")")


# "neil got a new work phone": whom a sentence is about, by the name that opens it before what they did.
_SUBJECT = re.compile(r"\s*(?P<who>[A-Za-z][a-z'’-]+)\s+(?:got|has|had|changed|switched|bought|is|was)\b")
_OWNED = re.compile(r"\s*(?:my|our)\b", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|we|we're|our|us)\b", re.IGNORECASE)

def _about_another(sentence: str) -> bool:
    """Whether ``sentence`` is prose that says nothing in the first person ("Daniel booked the lake house.")."""
    return sentence.rstrip().endswith((".", "!", "?")) and _FIRST_PERSON.search(sentence) is None


_NOT_AN_ITEM = frozenset("""it this that which what rent salary pay wage mortgage rate total bill ticket budget income
                           debt loan savings deposit cost price fee fine balance""".split())
# "My main client is a law firm called Delmas & Associés": the name is the value.
_CALLED_VALUE = re.compile(r"^(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:called|named)\s+(?=[A-Z0-9])")


def attribute_facts(
    sentence: str, speaker: str, certainty: float = Certainty.STATED.value, *, uncased: bool = False, before: str = ""
) -> list[ExtractedFact]:
    """A fact for each attribute the sentence gives the speaker a value of; [] when it gives none.
    ``before`` is the sentence before it in the turn: a bare label ("Address: 27 Cedar Ridge Rd")
    after one that says nothing of the speaker ("Daniel booked the lake house.") is not theirs."""
    text = expand_contractions(sentence)
    found: dict[str, tuple[str, str, str]] = {}
    theirs: list[ExtractedFact] = []
    for pattern in (_CHANGED, _CHANGED_IT_IS, _SWITCHED, _HAVE_NEW, _NEW_NAMED, _LABELLED, _STATED, _RAISED, _CHARGE, _WEIGH, _HOURS,
                    _PRICE, _APPOSITIVE, _NAMED_IS, _LISTED, _REPORTS_TO):
        for match in pattern.finditer(text):
            attribute = match["attr"].lower() or ("weight" if pattern is _WEIGH else "rate")
            attribute = _LABEL_MEANS.get(attribute, attribute) if pattern is _LISTED else attribute
            attribute = "manager" if pattern is _REPORTS_TO else attribute
            if pattern is _LISTED and attribute in _PLACES and _about_another(before):
                continue
            # "neil got a new work phone. New number is 07700 914322": a value said without an owner, after
            # a sentence that opens with someone else, is theirs ("signed the lease. new address is …" drops the speaker).
            if (pattern in (_STATED, _LABELLED) and not _OWNED.match(match.group(0)) and _about_another(before)
                    and (owner := _SUBJECT.match(before)) is not None and owner["who"].casefold() not in FUNCTION_WORDS):
                who, said = owner["who"].capitalize(), match["value"].strip(" .!\"'“”")
                theirs.append(ExtractedFact(statement=f"{who}'s {attribute} is {said}.", type=MemoryType.SEMANTIC,
                                            certainty=certainty, subject=who, predicate=attribute, object=said, entities=(who,)))
                continue
            if pattern is _PRICE:
                if attribute.split()[0] in _NOT_AN_ITEM:
                    continue
                item = re.sub(r"(?<=[^s])s$", "", attribute)  # "flat whites" are priced as "flat white"
                found[f"{item} price"] = (f"{speaker}'s {item} costs {match['value']}", f"{item} price", match["value"])
                continue
            if pattern is _HOURS:
                attribute = {"open": "opening time", "close": "closing time"}[attribute]
            value = _CALLED_VALUE.sub("", _TIME_TAIL.sub("", match["value"].strip(" .!\"'“”")))
            if attribute in _PLACES:
                # An address goes on over its commas: "12 Elm Street, Leeds, LS6 2AB".
                parts = _PLACE_PARTS.match(text, match.end("value"))
                value += parts[0].rstrip(" .!") if parts else ""
            if not value or len(value) > 80 or attribute in found or NOT_YET.search(match.group(0)):
                continue
            if not _is_value_of(attribute, value, uncased=uncased):
                continue
            shown = attribute.upper() if attribute in {"gp", "ide", "os"} else attribute
            if attribute == "car":
                found["drives"] = (f"{speaker} drives a {value}", "drives", value)
                continue
            if attribute in TOOLS:
                statement = f"{speaker} uses {value} as {speaker}'s {shown}"
            else:
                statement = f"{speaker}'s {shown} is {value}"
            found[attribute] = (statement, attribute, value)
    if (address := found.get("address") or found.get("home address")) and (place := _locality(address[2])):
        # "new address is 14 Maryborough Hill, Douglas": a new home is where one lives now.
        found["lives in"] = (f"{speaker} lives in {place}", "lives in", place)
    elif {"rent", "mortgage"} & found.keys() and (home := _HOME_PAID_FOR.search(text)) is not None:
        # "My rent is £1,200 a month for a one-bed in Peckham": where one pays for a home is where one lives.
        place = home["place"].rstrip(".")
        found["lives in"] = (f"{speaker} lives in {place}", "lives in", place)
    for got in _BELONGING_GOT.finditer(text):
        # "got a refurb pixel 8a from cex", "Bought a MacBook Air M3 this morning": a phone, laptop, camera or
        # bike one got is the one one has.
        value = got["value"]
        kind = kind_of(value)
        if kind is None or kind in found or (value.split()[0] in _COMMON_WORDS and not re.search(r"\d|\b" + kind, value)):
            continue
        found[kind] = (f"{speaker}'s {kind} is a {value}", kind, value)
    if (age := _AGE.search(text)) and 0 < int(years := age["age"] or age["aged"] or age["turned"]) < 130:
        found["age"] = (f"{speaker} is {years} years old", "age", years)
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
    for statement, slot, amount in doses_said(text, speaker):
        found[slot] = (statement, slot, amount)
    inferred = min(certainty, Certainty.STRONG_INFERENCE.value)
    return [
        ExtractedFact(statement=statement + ".", type=MemoryType.SEMANTIC,
                      certainty=inferred if key == "lives in" else certainty, subject=speaker,
                      predicate=attribute, object=value, entities=(speaker, value) if key == "lives in" else (speaker,))
        for key, (statement, attribute, value) in found.items()
    ] + theirs


_BOUGHT_WORDS = r"(?:from|for|at|in|on|off|with|today|yesterday|tonight|and|this|last|that|which|but|so|because|instead)"
_BELONGING_GOT = re.compile(
    r"\b(?i:got|bought|ordered|purchased|picked\s+up|went\s+with|upgraded\s+to|treated\s+myself\s+to|splashed\s+out\s+on)\s+"
    r"(?:myself\s+)?(?i:a|an|the|my|our)\s+(?:(?i:new|refurb|refurbished|used|second[\s-]?hand|cheap|nearly\s+new|shiny|\d{4})\s+)*"
    # "ordered a new laptop online, a Lenovo IdeaPad": the kind said first, then the maker.
    r"(?:(?i:laptop|camera|bike|bicycle|phone)\b\s*(?:online\s*)?[,:–-]?\s*(?i:a|an|the)\s+)?"
    r"(?P<value>[\w-]+(?:\s+(?!(?i:" + _BOUGHT_WORDS + r")\b)[\w+-]+){0,3}?)"
    r"(?=\s+(?i:" + _BOUGHT_WORDS + r")\b|\s*[,.!?;(]|\s*$)")
# Makers' names that are everyday words too ("a giant pizza", "a galaxy of stars"): a maker only
# with a model number or the kind named ("a giant road bike").
_COMMON_WORDS = frozenset({"giant", "cube", "trek", "canyon", "surface", "pixel", "galaxy", "specialized", "canon"})
_POSTCODE = re.compile(r"\s+(?:[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|\d{4,5}(?:-\d{4})?|[A-Z]\d[A-Z]\s*\d[A-Z]\d)$")


def _locality(address: str) -> str | None:
    """The place an address is in: its last part that names one ("12 Elm Street, Leeds LS6 2AB" is in
    Leeds, "Guenterstalstrasse 41, 2nd floor, in the Wiehre" in the Wiehre); None for a street alone."""
    for part in reversed(address.split(",")[1:]):
        place = _POSTCODE.sub("", re.sub(r"^\s*(?:in\s+)?(?:the\s+)?", "", part.strip(" .!…"), flags=re.IGNORECASE)).strip(" .!…")
        if place[:1].isupper() and not any(c.isdigit() for c in place):
            return place
    return None


def _simple_present(text: str) -> str:
    """"I'm now running 10k twice a week" said as "I now run 10k twice a week": a habit is the
    same whichever tense says it."""
    def base(match: re.Match[str]) -> str:
        ing = match["ing"].lower()
        verb = next((v for v in _HABIT_VERBS if ing in {v + "ing", v[:-1] + "ing", v + v[-1] + "ing"}), None)
        return f"I {match['now'] or ''}{verb}" if verb else match.group(0)
    return re.sub(r"^I\s+(?:am|'m)\s+(?P<now>(?:now|still|only|also)\s+)?(?P<ing>[a-z]+ing)\b", base, text, flags=re.IGNORECASE)


def _is_value_of(attribute: str, value: str, *, uncased: bool) -> bool:
    """Whether ``value`` can be what the attribute holds: "my manager is Jordan" names one, "my
    manager is on holiday" does not; a number has digits, an email an @."""
    if attribute in _NUMBERS:
        return sum(c.isdigit() for c in value) >= 5
    if attribute in AMOUNTS:
        return any(c.isdigit() for c in value)
    if attribute.startswith("email"):
        return "@" in value
    if attribute in {"username", "handle"}:
        return " " not in value
    if attribute in {"address", "home address", "postcode", "zip code"}:
        return any(c.isdigit() for c in value) or value[:1].isupper()
    # People, employers and tools are named: by a capital, unless the person types none.
    return uncased and len(value.split()) <= 3 or _TITLED.match(value) is not None


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
