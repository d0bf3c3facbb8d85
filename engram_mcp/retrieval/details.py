"""Details a person is asked that are told in a form of their own: a star sign, a blood type, a passport
or National Insurance number, a date of birth, told whole; a phone number, an email address, a salary
or a rent, told by a value of their shape; where someone studied, told by a place of learning; a
breed, a favourite or a colour, told by their words; a price, a fee or a budget, told by an amount of money. "What is Prakash's blood group?" is not met by "a
liver blood test", nor "What's Joaquin's star sign?" by "signed up for uber eats", nor "How much rent
does Rohan pay?" by "Rohan is living in north ward now": each word of the detail is common alone, so
lexical coverage and the focus's meaning find something, and recall would answer with it. Pure.

Recall declines such a question when nothing recalled tells the detail (``abstain.Coverage.untold``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engram_mcp.model.belongings import BRANDS, EVERYDAY_NAMES, VEHICLE_MAKES
from engram_mcp.model.entities import typed_without_capitals
from engram_mcp.model.number_words import in_figures
from engram_mcp.retrieval.abstain import lexical_coverage
from engram_mcp.retrieval.births import BIRTHDAY_ASKED, BIRTHDAY_SAID, BIRTHDAY_TOLD, BIRTHPLACE_ASKED, BIRTHPLACE_TOLD
from engram_mcp.retrieval.question_words import stem
from engram_mcp.retrieval.readings import BLOOD_PRESSURE, BLOOD_PRESSURE_TOLD, LEVEL_TOLD, LEVELS, reading_asked
from engram_mcp.retrieval.schools import (
    PLACE_OF_LEARNING,
    SCHOOL_ASKED,
    SCHOOL_TOLD,
    SCHOOL_TOLD_UNCASED,
)

__all__ = ["MONEY", "OF_A_PERSON", "Detail", "detail_asked"]

_SIGNS = ("aries|taurus|gemini|cancer|leo|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces")


@dataclass(frozen=True, slots=True)
class Detail:
    """A detail a question asks for, and how a memory tells it."""

    name: str
    told: re.Pattern[str]
    alongside: re.Pattern[str] | None = None
    """What must also be said with a value of the detail's shape: a rent is an amount said with "rent"
    or "a month"; an amount alone ("Arjun's half is ₹82,500") tells no salary."""

    told_uncased: re.Pattern[str] | None = None
    """How a memory typed with no capital at all tells it, where no capital marks a name ("layla is at
    westview from monday"); ``told`` when None."""

    only_asking: frozenset[str] = frozenset()
    """Words (stems) that only ask for the detail ("cost", "pay"): a value of its shape is said of so much
    ("£250 a month" to an uncle) that it tells the detail only beside another word the question asks."""

    told_alone: re.Pattern[str] | None = None
    """A form that tells the detail beside nothing else the question asks: a pay rate ("$19/hr") tells what
    is earned at the bakery though it names the bakery only by its name."""

    answers_by_its_form: bool = True
    """Whether a memory telling it in its form answers a question asked of the speaker though it holds none of
    the question's words ("$38 an hour up from $32" answers "What's Tevita's new pay rate?"). Not an age, a
    favourite or a colour: they are said of so much ("kids: Mele 19, Sione 14", "I love spicy food", "red wine")
    that one told answers only as any memory does; none told declines. (Asked of someone named, a sentence naming
    them that tells it answers: "My dog Pretzel is a beagle".)"""

    belonging: bool = False
    """A thing one has one of, asked by its kind ("What car is Craig driving these days?") and told by its make,
    model or maker ("got it then the Skoda it's an Octavia estate"): told only to choose what leads, and then only
    by what may be said of whom is asked; never a reason to decline, nor asked of a later change (no list names
    every make: "the new Staria")."""

    of_kinds: bool = False
    """Whether one has several of it, each of a kind a question may ask (``kinds_not_asked``): an old number and a new
    one, a personal line and a work line, a shop's rent and a home's."""

    names_written: frozenset[str] = frozenset()
    """Words (stems) the question writes as names. One that names no one known must be said with a value told in
    its form alone: "What is Dr. Iyer's office room number?" is not told by a notice board's "Room 24"."""

    of_an_event: bool = False
    """Whether it is an event's or a place's (a time of day, when a place opens), told by a memory saying it with what
    is asked whoever else it names ("departure 07:45 from Altona", "daycare = Bright Sprouts, closes 6pm sharp"), and
    what is asked may be said anywhere in that memory, not only on the value's line: a plan's heading names its trip
    ("updated plan for 9b on Sylt: … - Departure Mon 23 June, 07:45")."""

    asked_share: float = 0.0
    """The share of the question's other words a memory telling it must say, past any: a time of day is said of so
    much ("same time 5:30" for training) that it tells when the team photo is only beside most of what is asked."""

    def had_in(self, text: str) -> bool:
        """Whether a sentence of ``text`` tells this belonging as one still had: "got it then the Skoda it's an
        Octavia estate", not "Gwilym sold the Transit", "the old Micra gone to the scrapman"."""
        return any(self.told_in(sentence) and _LET_GO.search(sentence) is None for sentence in re.split(r"(?<=[.!?;])\s+", text))

    def told_in(self, text: str) -> bool:
        """Whether ``text`` tells this detail (names it whole, or gives a value only it has)."""
        return self.value_in(text) and (self.alongside is None or self.alongside.search(text) is not None)

    def value_in(self, text: str) -> bool:
        """Whether ``text`` holds a value of this detail, whatever is said beside it ("- EUR 1,249" in a list of a bike bought)."""
        if self._value_written(text):
            return True
        # Said in words ("fourteen pound a bag", "twenty five past nine"), as a voice note or an old hand writes it.
        figures = in_figures(text, hundreds_unsaid=False)
        return figures != text and self._told_as(text).search(figures) is not None

    def _told_as(self, text: str) -> re.Pattern[str]:
        return self.told_uncased if self.told_uncased is not None and typed_without_capitals(text) else self.told

    def _value_written(self, text: str) -> bool:
        return self._told_as(text).search(text) is not None

    def told_of(self, text: str, focus: tuple[str, ...], *, within: str | None = None,
                counted: frozenset[str] = frozenset()) -> bool:
        """Whether ``text`` tells this detail of what the question asks about (``focus``, stems); the names it must be
        said with may be anywhere ``within`` the memory ``text`` is a line of (a receipt's header names its station).
        What the question counts an amount by (``counted``: "sheep" in "per sheep") is met by an amount said of one
        ("$3.20 a head")."""
        if not self.told_in(text):
            return False
        rest = tuple(term for term in focus if term not in self.only_asking)
        unknown_names = tuple(term for term in rest if term in self.names_written)
        if unknown_names and lexical_coverage(unknown_names, [with_initials(within or text)]) < 1.0:
            return False
        if counted and _OF_ONE.search(text):
            return True
        if not rest and self.alongside is None and self.told_alone is not None:
            # Asked nothing but the detail ("How much do I earn?"), a value of its shape alone is said of too much
            # ("Gym membership is £35 a month"): it tells the detail in the form that says it alone.
            return self.told_by_its_form(text)
        asked_in = within if self.of_an_event and within else text
        # Numbers said in words are said of so much in passing ("garage says eighteen hundred quid to fix on a van") that
        # one tells the detail only beside most of what is asked.
        share = self.asked_share if self._value_written(text) else max(self.asked_share, _MOST_OF_WHAT_IS_ASKED)
        return (not self.only_asking or not rest or 0 < (said := lexical_coverage(rest, [asked_in])) and said >= share
                or self.told_by_its_form(text))

    def told_by_its_form(self, text: str) -> bool:
        """Whether ``text`` tells this detail in a form that says it alone ("$38 an hour" a pay rate)."""
        return self.told_alone is not None and self.told_alone.search(text) is not None


# More than half of the question's words: what a value said in words must be said beside.
_MOST_OF_WHAT_IS_ASKED = 0.51


# An amount said of one, whatever it is counted by: "$3.20 a head" for each sheep shorn, "£12 each" for each child, "$68.00
# per guest" for each head.
_OF_ONE = re.compile(r"\ban?\s+(?:head|unit|piece|item|one|pop|person|guest|plate)\b|\b(?:per|each|apiece|ea)\b", re.IGNORECASE)


# A name of several capitalised words, which its initials write too: "Immigration, Refugees and Citizenship Canada" is IRCC.
_NAME_OF_WORDS = re.compile(r"\b[A-Z][a-z]+(?:(?:,[ \t]+|[ \t]+(?:(?:and|of|for|the|&)[ \t]+)?)[A-Z][a-z]+)+")


def with_initials(text: str) -> str:
    """``text`` with the initials of each name of several capitalised words it writes, as a word of their own."""
    initials = ["".join(word[0] for word in re.findall(r"[A-Z][a-z]+", name)) for name in _NAME_OF_WORDS.findall(text)]
    return " ".join([text, *initials])


def _detail(name: str, asked: str, told: str, alongside: str | None = None, only_asking: str = "",
            told_alone: str | None = None, answers_by_its_form: bool = True, belonging: bool = False,
            of_kinds: bool = False, of_an_event: bool = False) -> tuple[re.Pattern[str], Detail]:
    return re.compile(rf"\b(?:{asked})\b", re.IGNORECASE), Detail(
        name, _words(told), _words(alongside) if alongside else None,
        only_asking=frozenset(stem(word) for word in only_asking.split()), told_alone=_words(told_alone) if told_alone else None,
        answers_by_its_form=answers_by_its_form, belonging=belonging, of_kinds=of_kinds, of_an_event=of_an_event)


def _words(pattern: str) -> re.Pattern[str]:
    # Not \b: a value may start or end with a sign ("₹82,500", "O+").
    return re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE)


_NUMBER = r"(?:number|no\.?|#|num)"
_DETAILS: tuple[tuple[re.Pattern[str], Detail], ...] = (
    _detail("star sign", r"star\s+sign|zodiac(?:\s+sign)?|horoscope\s+sign",
            rf"star\s+sign|zodiac|horoscope|(?:a|an)\s+(?:{_SIGNS})|(?:{_SIGNS})\s+(?:sun|rising|moon)"),
    _detail("blood type", r"blood\s+(?:type|group)",
            r"blood\s+(?:type|group)|(?-i:AB|A|B|O)\s?[+-](?!\w)|(?:ab|a|b|o)\s?(?:pos|neg)(?:itive|ative)?"),
    _detail("passport number", rf"passport\s+{_NUMBER}", rf"passport\s+{_NUMBER}"),
    _detail("National Insurance number", rf"national\s+insurance(?:\s+{_NUMBER})?|(?-i:NI)\s+{_NUMBER}",
            rf"national\s+insurance|(?-i:NI)\s+{_NUMBER}"),
    _detail("social security number", rf"social\s+security(?:\s+{_NUMBER})?|(?-i:SSN)", r"social\s+security|(?-i:SSN)"),
    _detail("student number", rf"student\s+(?:id|{_NUMBER}|card\s+{_NUMBER})", rf"student\s+(?:id|{_NUMBER}|card)"),
    _detail("date of birth", r"date\s+of\s+birth|(?-i:DOB)|birth\s*date", r"date\s+of\s+birth|(?-i:DOB)|birth\s*date|born|birthday"),
    # Said of so much ("on 18 December", "born in Leeds") that one told answers only as any memory does; none told declines.
    _detail("birthday", BIRTHDAY_ASKED, BIRTHDAY_TOLD, BIRTHDAY_SAID, answers_by_its_form=False),
    _detail("place of birth", BIRTHPLACE_ASKED, BIRTHPLACE_TOLD, answers_by_its_form=False),
    _detail("licence number", rf"(?:driv(?:ing|er'?s)\s+)?licen[cs]e\s+{_NUMBER}", rf"licen[cs]e\s+{_NUMBER}"),
    _detail("NHS number", rf"(?-i:NHS)\s+{_NUMBER}", rf"(?-i:NHS)\s+{_NUMBER}"),
    # "What is Ezra's instagram handle?" is told by a handle's form ("@ezra.ink"), not by "instagram caption for flash day".
    _detail("social media handle", r"(?:instagram|insta|ig|twitter|tiktok|threads|bluesky|mastodon|youtube|social\s+media)\s+"
                                   r"(?:handle|username|user\s*name|account|name|@)", r"@[A-Za-z0-9_][A-Za-z0-9_.]+"),
    _detail("tax number", rf"tax\s+(?:id|{_NUMBER}|file\s+{_NUMBER})|(?-i:TIN|PPSN|PPS\s+number)",
            rf"tax\s+(?:id|{_NUMBER}|file)|(?-i:TIN|PPSN?)"),
)


_PHONE_VALUE = r"(?<![\w.])\+?\(?\d(?:[\d ().-]?\d){6,}(?!\w)"
_EMAIL_VALUE = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
# An amount of money: a currency before or after the figure ("£38", "38 €", "HK$5,300", "R$ 3.400", "THB 4M"), or
# thousands said "k".
_MONEY = (r"(?:[£$€¥₹₩₱₦₽₺₴₸₪₫฿]|(?-i:(?:HK|US|NZ|AU|A|C|S|SG|R|MX|NT|TT|J|EC|BB|BZ|FJ|Z)\$|R|Rs\.?|Rp\.?|Kč|CHF|EUR|USD|GBP|NZD|AUD|CAD|INR|ZAR|"
          r"HKD|SGD|THB|PHP|BRL|HUF|VND|MXN|JPY|CNY|KRW|PLN|CZK|SEK|NOK|DKK|ETB|ILS|TRY)\s?)\s?\d[\d,.]*(?:\s?(?:k|m|bn|million|grand))?"
          r"|\d[\d,.]*\s?(?:k|m|mn|bn|million|billion|thousand)?\s?[£$€¥₹₩₱₦₽₺₴₸₪₫฿]"
          r"|\d[\d,.]*\s?(?:(?:m|mn|bn|million|billion|thousand)\s?(?=[a-z]))?(?:k|grand|quid|pounds?|euros?|dollars?|bucks|rand|rupees?|yen|won|naira|pesos?|lira|"
          r"zloty|złotych|zł|kr|kroner|kronor|krona|sek|nok|dkk|eur|usd|gbp|aud|nzd|cad|inr|zar|ngn|hkd|sgd|thb|php|brl|huf|vnd|mxn|"
          r"tenge|som|sum|"
          r"lei|ron|huf|czk|kč|chf|reais|real|ringgit|rm|baht|dong|shillings?|cedis?|tl|soles|sol|bolivianos?|quetzal(?:es)?|"
          r"col[oó]n(?:es)?|lempiras?|pula|kwacha|birr|dirhams?|aed|dinars?|riyals?|rials?|sar|shekels?|nis|rupiah|idr|taka|"
          r"kyat|lari|drams?|manats?|hryvnias?|uah|r[uo]ubles?|rub|forint|korun[ay]|leva|lev|kuna|denars?|yuan|rmb|renminbi|"
          r"pence|cents?|juta|jt|ribu|rb)\b")
MONEY = _MONEY
"""An amount of money, as a pattern: "£38", "38 €", "R85", "4k", "HK$5,000"."""
_A_MONTH_ABROAD = (r"sebulan|per\s+bulan|bulanan|par\s+mois|al\s+mes|al\s+mese|pro\s+monat|im\s+monat|monatlich|por\s+m[eê]s|"
                   r"bl\s+shahr|bil\s+shahr|kada\s+buwan|kwa\s+mwezi|na\s+miesiąc|miesięcznie|aylık")
_RENT_ABROAD = r"sewa|loyer|affitto|alquiler|aluguel|aluguer|miete|ejar|kodi|czynsz|kirası|kira"
_PAY_RATE = rf"(?:{_MONEY})\s*(?:/\s?|an?\s+|per\s+)(?:h|hr|hour|day|wk|week|mo|month|yr|year|annum)"
"""An amount by the hour, the day, the year: a rate of pay, whatever else is said beside it."""
_WAGE_RATE = rf"(?:{_MONEY})\s*(?:/\s?|an?\s+|per\s+)(?:h|hr|hour|day|yr|year|annum)"
"""A rate of pay that says so alone: by the hour, the day or the year (by the month or week, fees and rents are too)."""
_SMALL_NUMBER = (r"\d{1,3}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|four|five|six|seven|"
                 r"eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                 r"sixteen|seventeen|eighteen|nineteen|a\s+hundred")
_AGE_TOLD = (
    rf"(?:{_SMALL_NUMBER})\s*-?\s*(?:years?|yrs?|yr|y|months?|weeks?)\s*-?\s*(?:old|o\b|of\s+age)|\d{{1,3}}\s?y/?o"
    # "he's 10", "I'm 68": the contraction is matched with its word, since a value's match may not open inside one.
    rf"|(?:aged?|turn(?:s|ed|ing)?|be|is|are|was|am|[^\W\d_]+['’]s|[^\W\d_]+['’]m|just|now|only|nearly|almost|soon)\s+(?:{_SMALL_NUMBER})"
    r"(?!\s*(?:am|pm|a\.m|p\.m|o['’]clock|[:.,/]\d|%|percent|kg|km|miles?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|times?|"
    r"[£$€]|euros?|pounds?|dollars?|quid|k\b|people|kids|of\s+us|of\s+them|(?:st|nd|rd|th)\b|jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec))"
    r"|(?<=['’]s\s)\d{1,3}(?:st|nd|rd|th)\b|\d{1,3}(?:st|nd|rd|th)\s+(?:birthday|bday|b-day)"
    r"|(?:twentie|thirtie|fortie|fiftie|sixtie|seventie|eightie|ninetie|hundred)th"
    r"|(?!(?:year|grade|room|flat|bus|route|gate|platform|level|floor|unit|apt|block|class|form|season|episode|chapter|"
    r"page|week|day|stage|phase|version|terminal|line|ward|bay|table|number|no|size|team|group|box|aisle|row|seat|pier|"
    r"exit|junction|zone|section|part|step|track|lane|road|street|house)\b)(?-i:[A-Z])[\w'’-]+,?\s+\(?\d{1,3}\)?"
    r"(?=\s*(?:[,;](?!\d)|\)|\n|and\b|$))|(?<=[(,])\s?\d{1,3}\s*\)"
    r"|born|birth\s*(?:day|date)|\bage\b|years?\s+old|teen(?:ager|s)?|toddler|newborn"
    r"|in\s+(?:his|her|their|my|our|your)\s+(?:early\s+|mid\s*-?\s*|late\s+)?(?:\d0s|twenties|thirties|forties|fifties|"
    r"sixties|seventies|eighties|nineties)|built\s+(?:in\s+)?\d{4}|from\s+(?:the\s+)?\d{4}"
)
_WHAT_OR_HOW_MUCH = r"^\W*(?:what|how\s+much|tell\s+me)\b[^?]*"
# A school named: where someone studied or goes, told as ``schools.py`` reads it.
_SCHOOL = (
    re.compile(SCHOOL_ASKED, re.IGNORECASE),
    Detail(
        "school",
        _words(SCHOOL_TOLD),
        told_uncased=_words(SCHOOL_TOLD_UNCASED),
        # Typed without capitals, "at" a word is said of so much ("parked at bad bentheim") that it answers only beside the name.
        answers_by_its_form=False,
    ),
)
# A dog's breed does not tell a cat's ("cat + a greyhound" tells no breed of the cat), nor a cat's a dog's.
_DOG_BREEDS = (
    r"labrador|lab|retriever|spaniel|terrier|collie|poodle|doodle|\w+poo|shepherd|alsatian|husky|beagle|dachshund|"
    r"sausage dog|bulldog|frenchie|pug|whippet|greyhound|lurcher|jack russell|staffie|staffy|staffordshire|"
    r"schnauzer|corgi|pointer|setter|vizsla|weimaraner|malinois|akita|shiba|samoyed|maltese|bichon|pomeranian|"
    r"chihuahua|shih tzu|boxer|rottweiler|doberman|dobermann|mastiff|great dane|sheepdog|kelpie|heeler|ridgeback|"
    r"basset|bloodhound|hound|cavalier|cockapoo|cavapoo|labradoodle|pit ?bull|border|saluki|basenji|boerboel|havanese|"
    r"mongrel|mutt"
)
_CAT_BREEDS = (
    r"tabby|siamese|persian|maine coon|ragdoll|bengal|sphynx|burmese|british shorthair|shorthair|longhair|"
    r"norwegian forest|angora|turkish van|siberian|himalayan|manx|devon rex|cornish rex|savannah|chartreux|"
    r"tonkinese|ragamuffin|exotic shorthair|oriental|birman|abyssinian|scottish fold|russian blue|moggy|moggie|tortie|"
    r"tortoiseshell|calico"
)
# "a lab mix", "a boerboel cross", "mixed breed": a mix or a cross as a noun, not "mix it in with her old food".
_ANY_BREED = (r"breed\w*|mixed[\s-]+breed|\w+\s+(?:mix|cross)(?=\s*(?:[,.;:!?)]|$|\s+(?:breed|dog|cat|pupp?y?|kitten)\b))"
              r"|crossbreed|pedigree|\w+ x \w+")
_BREEDS = f"{_DOG_BREEDS}|{_CAT_BREEDS}|{_ANY_BREED}"


def _breed_of(animals: str) -> str:
    """How a question asks the breed of one of ``animals``: "What breed is Billie's cat?", "breed of her kitten"."""
    return rf"(?:what|which)\s+(?:\w+\s+)?breed\b[^?]*\b(?:{animals})\b|breed\s+of\s+(?:[\w'’]+\s+){{0,2}}(?:{animals})\b"


_COLOURS = (r"red|blue|green|black|white|silver|grey|gray|yellow|orange|purple|pink|brown|gold|golden|navy|maroon|beige|"
            r"teal|turquoise|cream|burgundy|bronze|charcoal|lilac|violet|magenta|khaki|olive|mustard|ginger|tan|"
            r"(?:light|dark|pale|bright)[\s-]+(?:red|blue|green|grey|gray|yellow|orange|purple|pink|brown|silver|gold)|(?:redd|blu|green|grey|gray|yellow|brown|pink|purpl)ish|colou?red")
_FAVOURITE = (r"favou?rite|fave|fav|prefer(?:red|s)?|love[sd]?|loving|adore[sd]?|obsessed|addicted|hooked\s+on|go-?to|"
              r"(?:big\s+)?fan|(?:really|so|big|very|super|totally)\s+into|can(?:'|’)?t\s+get\s+enough|cannot\s+get\s+enough|"
              r"number\s+one|the\s+best|best\s+(?:band|film|movie|book|show|series|team|club|game|food|dish|colou?r|song|album)")
_DETAILS += (
    _detail("phone number", r"(?:phone|mobile|cell|telephone|landline|whatsapp|contact)\s+(?:number|no\.?|#)",
            rf"{_PHONE_VALUE}", of_kinds=True),
    _detail("email address", r"e-?mail\s+address(?:es)?|^\W*what(?:'s|’s|\s+is|\s+was)\s+(?:[\w'’]+\s+){0,3}e-?mail\s*\?",
            _EMAIL_VALUE, of_kinds=True),
    _detail("salary", rf"{_WHAT_OR_HOW_MUCH}\b(?:salary|salaries|wages?|income|earnings|pay\s+rate|day\s+rate|hourly\s+rate)",
            # Not "a month" alone: fees, rents and subscriptions are said by the month too ("Gym membership is £35 a month").
            _MONEY, r"salary|earn\w*|wages?|paid|pay(?:s|ing)?|income|rate|makes?|making|gross|net|take[\s-]home|an?\s+(?:hour|day|year)"
                    # "€45/hr": the rate's slash follows its figure, so the figure opens what is matched.
                    r"|per\s+(?:hour|day|year|annum)|(?:\d[\d.,]*\s?)?/\s?(?:h|hr|hour|day|yr|year)|p\.?a|annual",
            told_alone=_WAGE_RATE),
    _detail("rent", rf"{_WHAT_OR_HOW_MUCH}\brent\b(?![^?]*\b(?:due|paid\s+on|day)\b)",
            rf"{_MONEY}|\d{{3,}}", r"rent\w*|pcm|an?\s+(?:month|week)|per\s+(?:month|week)|monthly|weekly|/\s?(?:mo|month|wk|week)"
                                  r"|lease|landlord"
                                  # a month and a rent in the languages chat mixes in: "Rp 4,2 juta sebulan", "$600 bl shahr"
                                  rf"|{_A_MONTH_ABROAD}|{_RENT_ABROAD}"
                                  # "1.480 euro warm": a German rent, with heating (warm) or without (kalt).
                                  rf"|(?:{_MONEY})\s+(?:warm|kalt)",
            # "Gym near Malabata is 250 dh a month" is no rent of the studio asked: an amount a month tells a rent
            # only beside the place asked, or said as a rent.
            only_asking="rent rents renting pay pays paying paid much cost costs",
            told_alone=rf"rent\w*|pcm|lease|landlord|(?:{_MONEY})\s+(?:warm|kalt)|{_RENT_ABROAD}", of_kinds=True),
    # An amount made ("How much did Kobus make on Uber Eats?") is told by any amount: a table of takings says so;
    # of where it is made, by one beside it ("How much does Thandiwe earn at Standard Bank?" is not told by her rent).
    # What a job pays is what is earned at it ("How much does the surf instructor job pay?" is told by "$24 an hour").
    _detail("amount earned", r"how\s+much\s+(?:does|do|did|will)\b[^?]*\b(?:earn|make|get\s+paid|take\s+home)"
                             r"|\b(?:how\s+much|what)\s+(?:does|did|will)\s+(?:[\w'’-]+\s+){1,4}?(?:job|role|position|gig|post)\s+pay\b",
            rf"{_MONEY}|\d[\d,]*\.\d\d", only_asking="earn earns earned earning make makes made making get paid take home much",
            # Paying back a loan is no earning: "Pearline pay back di $60!!!".
            told_alone=rf"{_WAGE_RATE}|salary|wages?|earn\w*|(?:paid|pays?)(?!\s+(?:\w+\s+)?back\b)|income|makes?|made|making|takings|tips|"
                       r"take[\s-]home|gross|net"),
    # What a thing costs or someone is paid ("How much is Elektro Nord charging?", "What is the budget allocated to
    # Payouts 2.0?") is told by an amount of money: "She sends her price later" tells none.
    _detail("price", r"how\s+much\b[^?]*\b(?:cost(?:s|ing)?|charg(?:e|es|ed|ing)|pay|pays|paying|paid|spen[dt]\w*|owe[sd]?|"
                     r"fees?|price[sd]?|deposit|budget|stipend|pension|bill|quoted?)\b"
                     # "How much is Radek's van insurance?": what a thing is, in money.
                     r"|^\W*how\s+much\s+(?:is|are|was|were|will\s+be)\b"
                     r"|^\W*what(?:'s|’s|\s+is|\s+was|\s+are|\s+were|\s+will\s+be)\s+(?:[\w'’-]+\s+){0,4}?"
                     r"(?:price|cost|fee|fare|budget|deposit|stipend)s?"
                     r"(?=\s*[?.]|\s+(?:of|for|on|at|to|is|was|be|will|per|each|in|allocated|agreed|set|now|these)\b)"
                     r"|\bamount\s+of\s+money\b",
            rf"{_MONEY}|\d[\d,]*\.\d\d|\d{{1,3}}(?:[ ,]\d{{3}})+(?![\d:/])|\d+,\d\d\s(?:an?|per)\s+\w+|"
            r"\d[\d,.]*\s?(?:an?\s+(?:hour|day|week|month|year|head|night|person|term|lesson|session)|"
            r"per\s+\w+|/\s?(?:h|hr|hour|day|wk|week|mo|month|yr|year|night|term))",
            only_asking="cost costs costing charge charges charged charging pay pays paying paid spend spending spent "
                        "owe owes owed price prices priced total amount money much per each every"),
    # What a thing sold for ("How much did Dominik sell his car for?") is told by an amount said with the sale:
    # "Sold the Golf!! … 4.300 €" tells it, "thinking of selling it … would be happy with 4000" does not.
    _detail("sale price", r"how\s+much\s+(?:did|does|do|will|would|could|can|is|was|were)\b[^?]*\b(?:sell|sold|selling|sells|go\s+for|"
                          r"went\s+for|get\s+for|fetch(?:ed)?)\b",
            rf"{_MONEY}|\d{{1,3}}(?:[ ,.]\d{{3}})+(?![\d:/])|\d[\d,.]*\s+(?:cash|in\s+cash|ono)|(?:gave\s+me|paid\s+me|got)\s+\d[\d,.]{{2,}}",
            r"sold|went\s+for|got|fetched|buyer|paid\s+me|gave\s+me|vendí|vendido|vendu|verkauft|sprzeda\w+",
            only_asking="much sell sells sold selling go went get got fetch fetched",
            told_alone=r"sold|went\s+for|fetched|buyer|vendí|vendido|vendu|verkauft"),
    _detail("where they studied",
            r"where\s+did\b[^?]*\b(?:study|train|graduate|go\s+to\s+(?:university|uni|college)|get\b[^?]*\bdegree|"
            r"do\b[^?]*\bdegree)|(?:which|what)\s+(?:university|uni|college)\s+(?:did|does|do)\b[^?]*\b(?:go|attend|study|"
            r"graduate|train|get|do)",
            PLACE_OF_LEARNING),
    _SCHOOL,
    # When a place opens or closes is told by a time of day: "What time does Kita Sonnenblume open?" is not told by
    # "Kita Sonnenblume, he start there 3 November", nor by the movers coming "8 o'clock morning".
    _detail("opening time", r"\bwhat\s+time\s+(?:does|do|will|is|are)\b[^?]*\b(?:open|opens|close|closes|shut|shuts)\b",
            r"\d{1,2}[:.]\d{2}|\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.|o['’]clock|uhr|h)|midnight|noon|midday",
            only_asking="time open opens opening close closes closing shut shuts morning evening night", of_an_event=True),
    # An age is told by a number said as one ("34 years old", "aged 7", "turns 90", "Naledi who's seven",
    # "kids: Mele 19, Sione 14", "dad (78)") or by when they were born: "How old is Dominik?" is not told by
    # "Lea lives here now", nor "How old is Kalani?" by her flight schedule.
    _detail("age", r"^\W*how\s+old\b|\bwhat\s+age\b|\b(?:what(?:'s|’s|\s+is|\s+was)|which)\s+(?:[\w'’-]+\s+){0,3}age\b",
            _AGE_TOLD, answers_by_its_form=False),
    # A reading asked ("What is Senthil's blood pressure?"), not what is taken for it ("What was Ulla taking for her
    # cholesterol?"): told by a figure said of it, "BP at pharmacy: 145/95", "colesterol 245"; "sugar fasting 168" is no
    # blood pressure.
    _detail("blood pressure", reading_asked(BLOOD_PRESSURE), BLOOD_PRESSURE_TOLD),
    _detail("level", reading_asked(LEVELS), LEVEL_TOLD),
    _detail("breed", _breed_of(r"cats?|kittens?|kitty"), rf"{_CAT_BREEDS}|{_ANY_BREED}"),
    _detail("breed", _breed_of(r"dogs?|pupp(?:y|ies)|pups?"), rf"{_DOG_BREEDS}|{_ANY_BREED}"),
    _detail("breed", r"(?:what|which)\s+(?:\w+\s+)?breed|breed\s+of", _BREEDS),
    _detail("favourite", r"\b(?:favou?rite|fave|fav)\b", _FAVOURITE, answers_by_its_form=False),
    # "What colour is Brennan's work van?" is not told by "kayla says no pink overload": a colour is told beside the thing.
    _detail("colour", r"^\W*(?:what|which)\s+colou?r\b", _COLOURS, answers_by_its_form=False, only_asking="colour color"),
)


def _names(names: Iterable[str]) -> str:
    """Names as one pattern, the longest first; one that is an everyday word too only with a capital ("a Golf")."""
    ordered = sorted(names, key=len, reverse=True)
    # "Kia ora" is a greeting, no car.
    plain = [re.escape(name) + (r"(?!\s+ora\b)" if name == "kia" else "") for name in ordered if name not in EVERYDAY_NAMES]
    capitalised = [re.escape(form) for name in ordered if name in EVERYDAY_NAMES for form in (name.capitalize(), name.upper())]
    return "|".join(plain + ([f"(?-i:{'|'.join(capitalised)})"] if capitalised else []))


def _belonging(kind: str, kinds: str, names: Iterable[str]) -> tuple[re.Pattern[str], Detail]:
    # "What car does Craig drive?", "Which van's Gary driving now?", "What kind of laptop has Wojtek got?"; not
    # "What phone number …", "What car park …": the kind is followed by the verb asking of it.
    told = _names(names)
    return _detail(kind, rf"^\W*(?:what|which)\s+(?:(?:kind|make|sort|type|model|brand)\s+of\s+)?(?:{kinds})s?"
                         r"(?:'s|’s|\s+(?:do|does|did|is|are|was|were|has|have|had|am|will))",
                   told, told_alone=told, answers_by_its_form=False, belonging=True)


# What is said of a belonging not had: let go (sold or being sold, scrapped, got rid of, dead, the old one: "four
# years old" is no old one) or only wished for ("I wish I had a Leica Q3", "cant afford another iphone").
_LET_GO = re.compile(r"\b(?:sold|sell(?:s|ing)?|scrap\w*|rid\s+of|gone|writ(?:ten|e)[\s-]off|wrote\s+off|trad(?:ed|ing)\s+in|"
                     r"part[\s-]?ex\w*|died|dead|(?<!years\s)(?<!year\s)(?<!yrs\s)(?<!yr\s)old|wish\w*|wants?|afford|dream\w*)\b",
                     re.IGNORECASE)

# A belonging asked by its kind is told by its make or maker's name.
_DETAILS += (
    _belonging("vehicle", "car|van|lorry|truck|vehicle|ute|bakkie|suv|pickup|motorbike|motorcycle", VEHICLE_MAKES),
    *(_belonging(kind, kind, BRANDS[kind]) for kind in ("camera", "laptop", "phone", "bike")),
)


# How much someone weighs ("How much does Mia weigh?", "What is Hollis's current weight?"; not "How much weight has Mia
# lost?" nor a weight goal) is told by a weight: in a unit ("96kg", "231 lb", "13st 2") or a figure after its word
# ("note: weight 229."). A vehicle's registration ("What's my car's registration?", "the licence plate number of the
# bus"; not when it is due or what it costs) by a plate said beside its word ("reg RWD 317").
_PLATE = (r"(?-i:[A-Z]{2}\d{2}\s?[A-Z]{3}|[A-Z]{2,3}[\s-]?\d{2,4}|[A-Z]{1,3}-[A-Z]{1,2}\s?\d{1,4}|[A-Z]{2}-\d{3}-[A-Z]{2}"
          r"|\d{1,3}[\s-]?[A-Z]{2,3}[\s-]?\d{1,4})")
_VEHICLES = r"car|van|vehicle|motorbike|motorcycle|bike|truck|lorry|bus|ute|scooter|camper|campervan|caravan|trailer|moped"
_DETAILS += (
    _detail("weight", r"\bhow\s+much\s+(?:does|do|did|will|would)\b[^?]*\bweigh\b|\bwhat\s+(?:does|do|did)\b[^?]*\bweigh\b|\bhow\s+heavy\b"
                      r"|^\W*what(?:'s|’s|\s+is|\s+was)\s+(?:[\w'’-]+\s+){0,4}?weight\b(?!\s+(?:loss|goal|target|gain|limit|allowance|"
                      r"class|category|plan|training))",
            r"\d[\d.,]*\s?(?:kg|kgs|kilos?|kilograms?|lbs?|(?-i:st)|stone)|weigh\w*\W+(?:[^\W\d]+\W+){0,3}?\d{1,3}(?:[.,]\d+)?"
            r"(?!\s*(?:%|percent|[£$€]|am|pm|years?|days?|weeks?|months?|times?|minutes?|mins?|hours?)(?!\w))"),
    (re.compile(rf"^\W*(?:what|which|tell\s+me)\b(?![^?]*\b(?:due|expir\w*|renew\w*|cost\w*|fees?|pay|paid|price|when)\b)"
                rf"(?=[^?]*\b(?:(?:{_VEHICLES})s?|number\s+plate|licen[cs]e\s+plate|rego)\b)[^?]*\b(?:registration|reg|rego|plates?)\b",
                re.IGNORECASE),
     Detail("registration", _words(_PLATE),
            _words(r"reg|regn|rego|registration|registered\s+as|plates?|number\s*plate|licen[cs]e\s+plate|kenteken|kennzeichen|"
                   r"immatriculation|plaque|matr[ií]cula|targa|placa|tablica|(?-i:SPZ)|registreringsnummer|regnr|reg\.?\s*nr"),
            told_uncased=_words(r"(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{4,8}"))),
)
OF_A_PERSON = frozenset({
    "weight", "blood pressure", "blood type", "age", "star sign", "date of birth", "birthday", "place of birth", "salary",
    "amount earned", "passport number", "National Insurance number", "social security number", "student number",
    "licence number", "NHS number", "tax number",
})
"""Details a person has of their own (their body, birth, pay, papers): told with no one named and no "he", "she" or
"they", they are the speaker's own ("note: weight 82kg this morning") or no one's ("private session ₪450 per hour"),
and tell nothing of someone else asked of. (A thing's price, a pet's x-rays, are told without naming whose.)"""

def detail_asked(question: str) -> Detail | None:
    """The detail told in a form of its own that ``question`` asks for, if it asks one."""
    return next((detail for asked, detail in _DETAILS if asked.search(question)), None)
