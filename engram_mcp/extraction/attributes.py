"""Things a person has one of, named by an attribute word. Pure.

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

from engram_mcp.extraction.attributes_in_languages import NEW
from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.habits import how_often_said
from engram_mcp.extraction.lexicon import NOT_YET, expand_contractions
from engram_mcp.extraction.medicines import doses_said
from engram_mcp.extraction.people import RELATIONS, relation_called
from engram_mcp.extraction.state_grammar import NAME
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.belongings import kind_of
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.number_words import in_figures
from engram_mcp.model.time_expr import MONTH_WORD

__all__ = ["ATTRIBUTES", "SAID_OTHERWISE", "TOOLS", "attribute_facts", "doctor_given", "relatives_number"]

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
# The one a person shares a home with: "my roommate is kiara", "new roomie jas moved in today".
SHARERS = frozenset({"roommate", "roomie", "flatmate", "housemate"})
# The companies that supply a person, one of each: "my bank is Halifax", "- energy: British Gas".
PROVIDERS = frozenset({"bank", "energy supplier", "energy provider", "electricity supplier", "gas supplier", "broadband provider",
                       "internet provider", "mobile network", "insurer"})
ATTRIBUTES = TOOLS | AMOUNTS | CARERS | PROVIDERS | SHARERS | frozenset(
    {"employer", "workplace", "phone number", "mobile number", "number", "mobile", "cell", "email", "email address", "address",
     "home address", "postcode", "zip code", "doctor", "gp", "family doctor", "dentist", "therapist", "manager",
     "boss", "line manager", "ops manager", "operations manager", "area manager", "shift manager", "store manager",
     "site manager", "landlord", "landlady", "username", "handle", "birthday", "bday", "b-day",
     # one of each at a time, for a freelancer: "my main client is now Orange"
     "main client", "biggest client", "main customer",
     # and for a business, or a writer or a student: "our coffee supplier is North Star Roasters"
     "supplier", "coffee supplier", "main supplier", "agent", "mentor", "supervisor", "publisher"}
)

# Other words for an attribute, read as it: "my bday is oct 5" is a birthday.
SAID_OTHERWISE = {"bday": "birthday", "b-day": "birthday", "roomie": "roommate", "flatmate": "roommate", "housemate": "roommate"}
_PLACES = frozenset({"address", "home address"})
# A day of the year: "oct 5", "5 October", "12/05".
_A_DAY = re.compile(rf"\d|\b{MONTH_WORD}\b", re.IGNORECASE)
_PLACE_PARTS = re.compile(r"(?:,\s+(?!(?:and|but|so|which|who|where)\b)(?:in\s+(?:the\s+)?)?[A-Z0-9][\w' -]*?(?=,|[.!?;(]|$|\s+(?:and|but)\b))*")
_NUMBERS = frozenset({"phone number", "mobile number", "number", "mobile", "cell"})
_TITLED = re.compile(r"^(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?[A-Z0-9]")
_ATTRIBUTE = r"(?P<attr>" + "|".join(sorted((re.escape(a) for a in ATTRIBUTES), key=len, reverse=True)) + r")"
# A value runs to the end of its clause: a comma (not one inside a number, "£1,350"), a bracket, a
# semicolon, "but/and I" or a full stop that is not a title's ("Dr. Lind") ends it.
_VALUE = r"(?P<value>(?:[^,;()\n]|,(?=\d))+?)(?=\s*(?:,(?!\d)|[;(\n]|\s+but\b|\s+and\s+(?:I|we|my|it)\b|(?<!Dr)(?<!Mr)(?<!Ms)(?<!Mrs)(?<!Prof)(?<!St)[.!?]\s|[.!?]?$))"
# "The new number is …", "new address is …", "address is …", "the landlady is …" opening a sentence is the
# speaker's too.
# After a comma only with "new": "The landlord emailed, new rent is 1350".
_POSSESSOR = r"(?:\b(?:my|our)\s+(?:new\s+|current\s+|main\s+)?|(?:^|(?<=[.!?]\s))(?:the\s+)?(?:new\s+)?|(?<=[,;:]\s)(?:the\s+)?new\s+)"
_STATED = re.compile(
    _POSSESSOR + r"(?i:" + _ATTRIBUTE + r")\s*(?i:is\s+now|has\s+changed\s+to|changed\s+to|is\s+changing\s+to|"
    # "rent is going up to 1350", "rent's gone up to", "the rent has been raised to 1350"
    r"(?:has\s+|is\s+|'s\s+|’s\s+)?(?:went|gone|going|goes)\s+(?:up|down)\s+to|(?:has\s+)?(?:increased|decreased|risen|rose|dropped|fell|fallen)\s+to|"
    r"(?:was|has\s+been|got|is\s+being|'s\s+been|’s\s+been)\s+(?:raised|cut|increased|reduced|lowered|hiked|bumped|put\s+up)(?:\s+up)?\s+to|is)"
    r"\s+(?!not\b|"
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
# "Landlord raised the rent to 1350", "they're putting the rent up to 1350": a home's rent or mortgage is the speaker's
# by "the" too, unless the sentence says whose else it is.
_RAISED = re.compile(r"\b(?:(?:raised|increased|upped|lowered|cut|dropped|reduced|hiked|bumped)(?:\s+up)?|put\s+up|(?:is|are|'s|'re)\s+"
                     r"(?:raising|increasing|hiking|putting\s+up|upping))\s+(?P<whose>my|our|the)\s+" + _ATTRIBUTE
                     + r"\s+to\s+" + _VALUE + r"|\bput(?:s|ting)?\s+(?P<whose_put>my|our|the)\s+(?P<put>rent|mortgage)\s+(?:up|down)\s+to\s+"
                     + _VALUE.replace("?P<value>", "?P<put_value>"), re.IGNORECASE)
_HOME_AMOUNTS = frozenset({"rent", "mortgage"})
_SOMEONE_ELSES_HOME = re.compile(r"\b(?:his|her|their)\b|['’]s\s+(?:\w+\s+)?(?:landlord|landlady|flat|house|place|home)\b", re.IGNORECASE)
# "I weigh 92kg", "Down to 88kg!": a weight, said by weighing or by what it went down or up to.
_WEIGH = re.compile(r"(?:\bI\s+(?:now\s+|currently\s+)?weigh|^(?:I\s+am\s+|I'm\s+)?(?:now\s+)?(?:down|up)\s+to)\s+"
                    r"(?P<value>\d+(?:\.\d+)?\s*(?:kg|kgs|kilos?|lbs?|pounds|st|stone)\b)(?P<attr>)", re.IGNORECASE)
# "Got a raise!! now on 58k", "pay rise came through, I'm on £41,500 now": the pay one is on after news of a raise.
_PAY_AMOUNT = r"(?P<value>[£$€]?\s?\d[\d.,]*\s?(?:k|K|grand)?(?:\s+(?:a|per)\s+(?:year|annum|month|hour)|\s+p\.?a\.?)?)(?P<attr>)"
_PAY_NOW_ON = re.compile(r"(?:^|[,;:—–-]\s*)(?:(?:I\s+am|I'm)\s+)?(?:now\s+)?on\s+" + _PAY_AMOUNT + r"(?:\s+now)?\s*[.!]*\s*$", re.IGNORECASE)
_RAISE_NEWS = re.compile(r"\b(?:(?:pay\s*)?raise|pay\s*rise|pay\s+bump|payrise)\b", re.IGNORECASE)
# "we open at 7am", "We now open at 6:30am on weekdays": a business's hours, one setting each.
_HOURS = re.compile(r"\b(?:we|I)\s+(?:now\s+|only\s+)?(?P<attr>open|close)\s+at\s+(?P<value>\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?"
                    r"(?:\s+on\s+(?:weekdays|weekends|[a-z]+days?))?)", re.IGNORECASE)
# "I charge 900 DKK an hour": a rate, said by what one charges.
_CHARGE = re.compile(r"\b(?:I|we)\s+(?:now\s+|only\s+)?charge\s+(?P<value>[£$€]?\d[\d,.]*\s*(?:[A-Za-z]{1,7}\s+)?(?:an|per|a)\s+"
                     r"(?:hour|day|session|lesson|word|page|project|month))(?P<attr>)", re.IGNORECASE)
# "New address: 3 Oak Road, York", "New number - 0611 222 333": a new value under a label.
_LABELLED = re.compile(r"(?:^|[.!?]\s+|\b(?:my|our)\s+)new\s+" + _ATTRIBUTE + r"\s*[:–-]\s*" + _VALUE, re.IGNORECASE)
# "new number btw 404-555-0187", "number ko for forms: 050 662 1907", "bagong number ko: 055 734 2281": a number
# opening a sentence with no one else's name before it, a few words of its own between (what it is for, "my" in
# another language), is the speaker's, under a label (a colon or dash) or after a word before it: "new" in any
# language, never whose it is ("mums number") nor what kind of number it is ("Account number: 9021 4477 12"). Not
# "roger drops them saturdays. number 01749 823116", said of someone else. A word that says news comes may lead it:
# "update: new number 0498 222 777".
_NOT_A_PHONE = ("account|reference|ref|order|case|policy|tracking|serial|customer|member|membership|booking|flight|invoice|room|"
                "table|house|seat|ticket|id|vat|tax|registration|licence|license|passport|plate|model|part|batch|lot|bus|route|"
                "platform|gate|pin|insurance|student|staff|employee|patient|nhs|claim|card|sort|routing|iban|contract|meter")
# A phone number in the languages chat mixes in, said of one's own or of no one ("yeni numaram", "új számom", "nomor baru"),
# never of another ("numarası", "his number").
_NUMBER_ABROAD = ("numara|numaram|telefonum|número|numero|numéro|nummer|telefoonnummer|numer|szám|számom|telefonszámom|"
                  "nomor|nomorku|nomer|nambari|rhif|số|αριθμός|κινητό|מספר|नंबर|เบอร์|ቁጥር")
_SAID_NEW = re.compile(rf"\b(?:new|{NEW})\b", re.IGNORECASE)
_NUMBER_OPENS = re.compile(r"^(?:(?:update|news|fyi|btw|heads\s+up|psa|note)\s*[:–—-]\s*)?(?:(?:my|our)\s+)?(?:(?P<lead>(?!(?:his|her|their|your|" + _NOT_A_PHONE + r")\b)[^\W\d_]+(?<!s))\s+)?(?P<attr>phone\s+number|"
                           r"mobile\s+number|number|mobile|cell|phone|" + _NUMBER_ABROAD + r")(?:\s+(?!(?:is|was|of|to|for\s+(?:him|her|them)\b)\b)[a-z']+){0,3}?"
                           r"(?(lead)\s*[:–—-]?|\s*[:–—-])\s*(?P<value>\+?\d[\d ().-]{5,}\d)(?![ ().-]*\d)(?!\s*(?:%|[a-z]))", re.IGNORECASE)
# "My mom's number is 555-1234", "Mom got a new phone: 555-9876", "my sister has a new number, 0791 …": a relative's
# number, one at a time, theirs (``relatives_number``).
_RELATIVES_NUMBER = re.compile(r"^(?:(?:my|our)\s+)?(?P<rel>" + RELATIONS + r")(?:(?:['’]s\s+(?:new\s+)?(?:phone\s+|mobile\s+|cell\s+)?"
                               r"(?:number|mobile|phone|cell)(?:\s+is(?:\s+now)?|\s*[:–—-]))|\s+(?:has\s+got|has|got|just\s+got)\s+a\s+new\s+"
                               r"(?:phone\s+|mobile\s+|cell\s+)?(?:number|mobile|phone|cell)(?:\s*[:,–—-]|\s+is)?)"
                               r"(?:\s*(?:it['’]?s|the\s+number\s+is|number\s+is))?\s*(?P<value>\+?\d[\d ().-]{5,}\d)(?!\s*(?:%|[a-z]))",
                               re.IGNORECASE)


def relatives_number(sentence: str, speaker: str, certainty: float = Certainty.STATED.value) -> ExtractedFact | None:
    """The phone number a sentence gives one of the speaker's people ("Mom got a new phone: 555-9876"), as theirs."""
    if (said := _RELATIVES_NUMBER.match(sentence.strip())) is None:
        return None
    whose, number = f"{speaker}'s {relation_called(said['rel'])}", said["value"].strip()
    return ExtractedFact(statement=f"{whose}'s phone number is {number}.", type=MemoryType.SEMANTIC, certainty=certainty,
                         subject=whose, predicate="phone number", object=number, entities=(speaker,))


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
# "new roomie jas moved in today!!", "Our new vet Dr Amin starts Monday": the one new in the role, named as they arrive.
_NEW_ARRIVES = re.compile(r"(?:^|\b(?i:my|our|the)\s+)(?i:new)\s+(?i:" + _ATTRIBUTE + r")\s+(?P<value>(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?"
                          r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?|(?![a-z]+ly\b)[a-z][\w'’-]+)\s+(?i:(?:has\s+)?(?:moved|moves|moving)\s+in|starts|started|"
                          r"starting|arrived|arrives|joined|joins|came|comes|begins|began)\b")
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
# "my manager is Farhan from today", "… starting monday": when it began is no part of the value.
_TIME_TAIL = re.compile(r"(?:\s+(?:now|today|yesterday|again|last\s+\w+|this\s+\w+|since\s+\w+|"
                        r"(?:from|as\s+of|starting)\s+(?:today|tomorrow|now|next\s+\w+|\w+day)))+$", re.IGNORECASE)
_AMOUNT_ENDS = re.compile(r"\s+(?:which|who|so|because|cos|as)\b", re.IGNORECASE)
_AMOUNT_ASIDE = re.compile(r"\s+from\s+[£$€]?\d[\d,.]*(?=\s|$)", re.IGNORECASE)

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
    if (theirs_said := relatives_number(sentence, speaker, certainty)) is not None:
        return [theirs_said]
    text = expand_contractions(sentence)
    found: dict[str, tuple[str, str, str]] = {}
    theirs: list[ExtractedFact] = []
    for pattern in (_CHANGED, _CHANGED_IT_IS, _SWITCHED, _HAVE_NEW, _NEW_NAMED, _NEW_ARRIVES, _LABELLED, _NUMBER_OPENS, _STATED, _RAISED, _CHARGE, _WEIGH, _HOURS,
                    _PAY_NOW_ON, _PRICE, _APPOSITIVE, _NAMED_IS, _LISTED, _REPORTS_TO):
        for match in pattern.finditer(text):
            if pattern is _PAY_NOW_ON and not _RAISE_NEWS.search(f"{before} {text[:match.start()]}"):
                continue
            if pattern is _RAISED and (match["put"] or match["attr"]).lower() in _HOME_AMOUNTS and "the" in (
                    (match["whose"] or match["whose_put"]).lower(),) and _SOMEONE_ELSES_HOME.search(text[: match.end()]):
                continue
            if pattern is _RAISED and (match["whose"] or "").lower() == "the" and match["attr"].lower() not in _HOME_AMOUNTS:
                continue
            if pattern is _RAISED and match["put"]:
                put, said = match["put"].lower(), _amount(match["put_value"], money=True)
                found.setdefault(put, (f"{speaker}'s {put} is {said}", put, said))
                continue
            attribute = match["attr"].lower() or {_WEIGH: "weight", _PAY_NOW_ON: "salary"}.get(pattern, "rate")
            attribute = _LABEL_MEANS.get(attribute, attribute) if pattern is _LISTED else attribute
            attribute = "manager" if pattern is _REPORTS_TO else SAID_OTHERWISE.get(attribute, attribute)
            attribute = "number" if pattern is _NUMBER_OPENS and re.fullmatch(_NUMBER_ABROAD, attribute) else attribute
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
                # "Gym membership is £35", then "gym's gone up to £42": what one pays for the gym, one price.
                item = re.sub(r"(?<=\w)\s+(?:membership|subscription)$", "", item)
                found[f"{item} price"] = (f"{speaker}'s {item} costs {match['value']}", f"{item} price", match["value"])
                continue
            if pattern is _HOURS:
                attribute = {"open": "opening time", "close": "closing time"}[attribute]
            value = _CALLED_VALUE.sub("", _TIME_TAIL.sub("", match["value"].strip(" .!\"'“”")))
            if attribute == "birthday":
                value = re.sub(r"^on\s+(?:the\s+)?", "", value, flags=re.IGNORECASE)  # "my birthday is on 12 May"
            if attribute in AMOUNTS:
                value = _amount(value, money=attribute in _PAID)
            if attribute in _PLACES:
                # An address goes on over its commas: "12 Elm Street, Leeds, LS6 2AB".
                parts = _PLACE_PARTS.match(text, match.end("value"))
                value += parts[0].rstrip(" .!") if parts else ""
            if not value or len(value) > 80 or attribute in found or NOT_YET.search(match.group(0)):
                continue
            if not _is_value_of(attribute, value, uncased=uncased):
                continue
            shown = attribute.upper() if attribute in {"gp", "ide", "os"} else attribute
            if pattern is _NUMBER_OPENS and _SAID_NEW.search(text, match.start(), match.start("value")):
                # "nomor WA bisnis baru: 0812 …" is a new number: asked the old one, it is not that.
                shown = f"new {shown}"
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
    found.update(how_often_said(text, speaker))
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


def _amount(value: str, *, money: bool = False) -> str:
    """"720 from 650 starting in march which is annoying" is "720 starting in march": the amount and when, no more;
    money said in words in figures ("twelve hundred and fifty" is 1250)."""
    amount = _AMOUNT_ASIDE.sub("", _AMOUNT_ENDS.split(value.strip(" .!\"'“”"))[0])
    return in_figures(amount, hundreds_unsaid=not _BY_THE_HOUR.search(amount)) if money else amount


# Amounts of money, which may be said in words; not a weight or a bedtime ("ten thirty" is no 1030).
_PAID = frozenset({"rent", "salary", "pay", "wage", "mortgage", "rate", "hourly rate", "day rate"})
# "twelve fifty an hour" is £12.50, not 1250.
_BY_THE_HOUR = re.compile(r"\b(?:an|per|a)\s+hour\b|\bhourly\b", re.IGNORECASE)


def _is_value_of(attribute: str, value: str, *, uncased: bool) -> bool:
    """Whether ``value`` can be what the attribute holds: "my manager is Jordan" names one, "my
    manager is on holiday" does not; a number has digits, an email an @."""
    if attribute in _NUMBERS:
        return sum(c.isdigit() for c in value) >= 5
    if attribute in AMOUNTS:
        return any(c.isdigit() for c in value)
    if attribute.startswith("email"):
        return "@" in value
    if attribute == "birthday":
        return _A_DAY.search(value) is not None
    if value.casefold() in FUNCTION_WORDS:
        return False
    if attribute in {"username", "handle"}:
        return " " not in value
    if attribute in {"address", "home address", "postcode", "zip code"}:
        return any(c.isdigit() for c in value) or value[:1].isupper()
    # People, employers and tools are named: by a capital, unless the person types none.
    return uncased and len(value.split()) <= 3 or _TITLED.match(value) is not None
