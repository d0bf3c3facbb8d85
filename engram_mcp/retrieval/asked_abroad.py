"""A question asked in another language chat mixes in, read as the English the rules deciding what it asks read. Pure.

"Gülşen'in doğum günü ne zaman?" asks when Gülşen's birthday is, "Hány éves Bence?" how old Bence is, "O que a Bruna
faz da vida?" what Bruna does for a living, "Kabir भैया Bangalore में क्या काम करते हैं?" what work Kabir does. Read as
typed, their question words ("ne", "zaman", "hány", "que", "faz") are taken for what they ask, the names for words
("gülşen'in"), and no rule knows a birthday, an age or a job is asked: recall answers with whatever shares a name.

Only what a question asks with is read: its question word, the few nouns that name a detail asked in a form of its own
(a birthday, a phone number, an address, an age, a blood pressure, a result, a job), whose it is ("Gülşen'in", "do Caio",
"ni Jonalyn", "की") and the verb "to be"; every other word is kept as typed. A language whose question word ends the
question ("… ne zaman?", "… ne?") has it put first, as English asks: "When is Gülşen's birthday?". A question in English
is read as it is. Every language's words are in the table below, one row per language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["in_english"]

# What a question asks with, as a mark the reading puts first ("<when>" → "When is …?"); "<job>" asks what its
# subject does for work ("What does Bruna do for work?").
_ASKED = {"<when>": "When is", "<what time>": "What time is", "<where>": "Where is", "<who>": "Who is", "<what>": "What is",
          "<how much>": "How much is", "<how old>": "How old is"}
_MARK = re.compile(r"<(?:when|what time|where|who|what|how much|how old|job)>")


@dataclass(frozen=True, slots=True)
class _Language:
    asks: re.Pattern[str]
    """Its question words: whether a question is asked in it."""
    read: tuple[tuple[re.Pattern[str], str], ...]
    """Its words and phrases, each with the English read for it, tried in order."""


def _language(asks: str, *read: tuple[str, str]) -> _Language:
    return _Language(_whole(asks), tuple((_whole(said), english) for said, english in read))


def _whole(pattern: str) -> re.Pattern[str]:
    # Words of scripts written with marks (Devanagari, Thai) end where no letter or mark follows.
    return re.compile(rf"(?<![\w\u0900-\u0DFF\u0E00-\u0E7F])(?:{pattern})(?![\w\u0900-\u0DFF\u0E00-\u0E7F])", re.IGNORECASE)


# Whose a thing is, said after the name: "Gülşen'in", "Hakan Bey'in", "Deniz'in" (Turkish), "Lajos'nak".
_NAME = r"(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w-]+"

_LANGUAGES: tuple[_Language, ...] = (
    # Turkish
    _language(
        r"ne|neler|neleri|nerede|nereye|kim|kimin|hangi|kaç|nasıl|neden|niye|ne\s+zaman|ne\s+kadar",
        (r"ne\s+zaman", "<when>"), (r"kaç\s+yaşında", "<how old>"), (r"saat\s+kaçta|saat\s+kaç", "<what time>"),
        (r"ne\s+kadar", "<how much>"), (r"ne\s+iş\s+yap\w*|mesleği\s+ne", "<job>"), (r"nerede|nereye|nerde", "<where>"),
        (r"kim(?:dir)?", "<who>"), (r"ne(?:dir)?", "<what>"), (r"hangi", "which"), (r"kaç", "how many"),
        (r"doğum\s+günü", "birthday"), (r"telefon\s+numarası|telefonu", "phone number"), (r"numarası", "number"),
        (r"plakası|plaka", "plate"), (rf"({_NAME})['’]n?[ıiuü]n(?:ın|in|un|ün)?", r"\1's"),
        (r"tır\w*", "truck"), (r"adresi", "address"), (r"yaşı", "age"), (r"maaşı", "salary"), (r"kirası", "rent"),
        (r"sonucu", "result"), (r"işi", "job")),
    # Hungarian
    _language(
        r"mi|mit|mikor|ki|kit|kinek|hol|hova|hány|mennyi|mennyibe|milyen|melyik|miért|hogyan|hánykor",
        (r"hány\s+éves", "<how old>"), (r"hány\s+órakor|hánykor", "<what time>"), (r"mikor", "<when>"),
        (r"mit\s+dolgozik", "<job>"), (r"mennyi(?:be\s+kerül)?", "<what>"), (r"hol|hova", "<where>"), (r"ki", "<who>"),
        (r"mi|mit", "<what>"), (r"melyik|milyen", "which"), (r"hány", "how many"), (r"van|volt|lesz", ""),
        (r"születésnapja|születésnap", "birthday"), (r"vérnyomása|vérnyomás", "blood pressure"),
        (r"telefonszáma|telefonszám", "phone number"), (r"címe", "address"), (r"fizetése", "salary"),
        (r"lakbére|lakbér", "rent"), (r"rendszáma|rendszám", "plate"), (r"következő", "next"),
        (r"kontrollja|kontroll", "checkup"), (r"neurológiai", "neurology"), (r"eredménye", "result"), (r"munkája", "job")),
    # Portuguese
    _language(
        r"qual|quais|quando|onde|quem|quanto|quanta|quantos|quantas|o\s+que|que\s+horas",
        (rf"o\s+que\s+(?:o\s+|a\s+)?({_NAME}(?:\s+{_NAME})?)\s+faz(?:em)?\s+da\s+vida", r"What does \1 do for a living"),
        (rf"o\s+que\s+(?:o\s+|a\s+)?({_NAME}(?:\s+{_NAME})?)\s+faz(?:em)?", r"What does \1 do"),
        (r"que\s+horas", "<what time>"), (r"quantos\s+anos\s+(?:tem|t[eê]m)", "<how old>"), (r"quando", "<when>"),
        (r"onde", "<where>"), (r"quem", "<who>"), (r"quanto\s+custa|quanto", "<how much>"), (r"^\W*(?:qual|quais|o\s+que)", "<what>"), (r"qual|quais", "which"),
        (r"é|foi|era|será|são|está", ""), (rf"(?:o|a|os|as)\s+(\w+)\s+d[oa]\s+({_NAME}(?:\s+{_NAME})*)", r"\2's \1"), (r"no|na|nos|nas|em", "in"),
        (r"aniversário", "birthday"), (r"telefone|celular", "phone number"), (r"endereço", "address"),
        (r"salário", "salary"), (r"aluguel|aluguer|renda", "rent"), (r"resultado", "result"), (r"campeonato", "championship"),
        (r"último|última", "last"), (r"idade", "age"), (r"placa|matrícula", "plate"), (r"pressão", "blood pressure"),
        (r"namorada", "girlfriend"), (r"namorado", "boyfriend"), (r"mãe", "mother"), (r"pai", "father"), (r"irmão", "brother"),
        (r"irmã", "sister"), (r"filho", "son"), (r"filha", "daughter"), (r"esposa", "wife"), (r"marido", "husband")),
    # Tagalog
    _language(
        r"ano|anong|sino|kailan|saan|nasaan|magkano|ilan|ilang|alin",
        (r"anong\s+oras", "<what time>"), (r"ilang\s+taon", "<how old>"), (r"kailan", "<when>"), (r"saan|nasaan", "<where>"),
        (r"sino", "<who>"), (r"magkano", "<how much>"), (r"ilan|ilang", "how many"),
        (rf"ano\s+(?:ang\s+)?trabaho\s+ni\s+({_NAME})", r"What is \1's job"), (r"anong|ano", "<what>"),
        (rf"(\w+)\s+ni\s+({_NAME})", r"\2's \1"), (r"ang|ng|mga|po", ""), (r"sa", "at"),
        (r"kaarawan|birthday", "birthday"), (r"numero", "number"), (r"sweldo|suweldo", "salary"), (r"upa", "rent"),
        (r"tirahan", "address"), (r"pangalan(?:\s+ng)?", "name of"), (r"ko", "my")),
    # Hindi, in Devanagari and in Latin letters
    _language(
        r"क्या|कब|कहाँ|कहां|कौन|कितना|कितनी|कितने|kya|kab|kahan|kaun|kitna|kitni|kitne",
        (r"(.+?)\s+(?:क्या|kya)\s+(?:काम|kaam)\s+(?:करत[ेीा]|karte|karti|karta)\s*(?:हैं|है|hain|hai)?", r"What does \1 do for work"),
        (r"कितने\s+साल\s+(?:का|की|के)|kitne\s+saal\s+(?:ka|ki|ke)", "<how old>"), (r"कब|kab", "<when>"),
        (r"कहाँ|कहां|kahan|kahaan", "<where>"), (r"कौन|kaun", "<who>"), (r"कितना|कितनी|कितने|kitna|kitni|kitne", "<how much>"),
        (r"क्या|kya", "<what>"), (rf"({_NAME})\s+(?:की|का|के|ki|ka|ke)\b", r"\1's"), (r"हैं|है|hain|hai|था|थी", ""),
        (r"में|mein", "in"), (r"मेरा|मेरी|मेरे|mera|meri|mere", "my"), (r"जन्मदिन|बर्थडे", "birthday"), (r"नंबर", "number"),
        (r"पता", "address"),
        (r"सैलरी|तनख़्वाह|तनख्वाह", "salary"), (r"किराया", "rent")),
    # Vietnamese
    _language(
        r"gì|khi\s+nào|bao\s+giờ|lúc\s+nào|ở\s+đâu|đâu|ai|bao\s+nhiêu|mấy",
        (r"làm\s+(?:nghề|công\s+việc)\s+gì|làm\s+gì", "<job>"), (r"mấy\s+giờ", "<what time>"),
        (r"bao\s+nhiêu\s+tuổi|mấy\s+tuổi", "<how old>"), (r"khi\s+nào|bao\s+giờ|lúc\s+nào|ngày\s+nào", "<when>"),
        (r"ở\s+đâu|đâu", "<where>"), (r"ai", "<who>"), (r"bao\s+nhiêu", "<how much>"), (r"là\s+gì|gì", "<what>"),
        (r"là", ""), (r"sinh\s+nhật", "birthday"), (r"số\s+điện\s+thoại", "phone number"), (r"địa\s+chỉ", "address"),
        (r"lương", "salary"), (r"tiền\s+nhà", "rent")),
    # Thai
    _language(
        r"อะไร|เมื่อไหร่|เมื่อไร|ที่ไหน|ใคร|เท่าไหร่|เท่าไร|กี่\w*",
        (r"ทำงานอะไร", "<job>"), (r"กี่โมง", "<what time>"), (r"กี่ขวบ|อายุเท่าไหร่|อายุเท่าไร", "<how old>"),
        (r"เมื่อไหร่|เมื่อไร|วันไหน", "<when>"), (r"ที่ไหน", "<where>"), (r"ใคร", "<who>"), (r"เท่าไหร่|เท่าไร", "<how much>"),
        (r"อะไร", "<what>"), (r"วันเกิด", "birthday"), (r"เบอร์โทร|เบอร์", "phone number"), (r"ที่อยู่", "address"),
        (r"เงินเดือน", "salary"), (r"ค่าเช่า", "rent")),
    # Greek
    _language(
        r"τι|πότε|πού|ποιος|ποια|ποιο|ποιοι|πόσο|πόσα|πόσες|πόσοι",
        (r"τι\s+δουλειά\s+κάνει", "<job>"), (r"τι\s+ώρα", "<what time>"), (r"πόσων\s+χρονών|πόσο\s+χρονών", "<how old>"),
        (r"πότε", "<when>"), (r"πού", "<where>"), (r"ποιος|ποια|ποιο|ποιοι", "<who>"), (r"πόσο|πόσα|πόσες|πόσοι", "<how much>"),
        (r"τι", "<what>"), (r"είναι|ήταν", ""), (r"γενέθλια", "birthday"), (r"τηλέφωνο", "phone number"),
        (r"διεύθυνση", "address"), (r"μισθός", "salary"), (r"ενοίκιο", "rent")),
    # Hebrew
    _language(
        r"מה|מתי|איפה|היכן|מי|כמה|איזה|איזו",
        (r"באיזו\s+שעה", "<what time>"), (r"בן\s+כמה|בת\s+כמה", "<how old>"), (r"מתי", "<when>"), (r"איפה|היכן", "<where>"),
        (r"מי", "<who>"), (r"כמה", "<how much>"), (r"מה", "<what>"), (r"יום\s+הולדת", "birthday"),
        (r"מספר\s+טלפון|טלפון", "phone number"), (r"כתובת", "address"), (r"משכורת", "salary"), (r"שכר\s+דירה", "rent")),
    # Dutch
    _language(
        r"wat|wanneer|waar|wie|hoeveel|welke|welk|hoe\s+laat|hoe\s+oud",
        (rf"wat\s+doet\s+({_NAME})\s+voor\s+(?:werk|de\s+kost)", r"What does \1 do for work"), (r"hoe\s+laat", "<what time>"),
        (r"hoe\s+oud", "<how old>"), (r"wanneer", "<when>"), (r"waar", "<where>"), (r"wie", "<who>"), (r"wat", "<what>"),
        (r"hoeveel", "how much"), (r"welke|welk", "which"), (r"verjaardag", "birthday"), (r"telefoonnummer", "phone number"),
        (r"adres", "address"), (r"salaris", "salary"), (r"huur", "rent"), (r"kenteken", "plate")),
    # Welsh
    _language(
        r"beth|pryd|ble|pwy|faint|sut",
        (r"faint\s+o['’]r\s+gloch", "<what time>"), (r"faint\s+(?:yw\s+)?oed", "<how old>"), (r"pryd", "<when>"),
        (r"ble", "<where>"), (r"pwy", "<who>"), (r"faint", "<how much>"), (r"beth", "<what>"), (r"mae|yw|ydy|oedd", ""),
        (r"pen-?blwydd", "birthday"), (r"rhif\s+ffôn", "phone number"), (r"cyfeiriad", "address"), (r"cyflog", "salary"),
        (r"rhent", "rent")),
    # Amharic
    _language(
        r"ምን\w*|መቼ|የት|ማን|ስንት",
        (r"ስንት\s+ሰዓት", "<what time>"), (r"ስንት\s+ዓመት\w*", "<how old>"), (r"መቼ", "<when>"), (r"የት", "<where>"),
        (r"ማን", "<who>"), (r"ስንት", "<how much>"), (r"ምን\w*", "<what>"), (r"ልደት\w*", "birthday"),
        (r"ስልክ\s+ቁጥር\w*", "phone number"), (r"አድራሻ\w*", "address"), (r"ደሞዝ\w*", "salary"), (r"ኪራይ\w*", "rent")),
)


def in_english(question: str) -> str:
    """``question`` read in English where a language's question words are known ("Gülşen'in doğum günü ne zaman?" →
    "When is Gülşen's birthday?"); a question in English, or in no language of the table, as it is."""
    if _IN_ENGLISH.match(question) or _ENGLISH_WORDS.search(question):
        return question
    for language in _LANGUAGES:
        if language.asks.search(question) is None:
            continue
        read = question
        for said, english in language.read:
            read = said.sub(f" {english} " if not english.startswith(("What does", "What is")) else english, read)
        return _asked_first(read)
    return question


# A question opening as English asks ("What…", "When's…", "Is…", "Does…") is read as it is.
_IN_ENGLISH = re.compile(r"^\W*(?:what|when|where|who|whom|whose|which|why|how|is|are|was|were|do|does|did|can|could|will|"
                         r"would|has|have|had|should|tell|list|any)\b", re.IGNORECASE)


_QUESTION_MARKS = str.maketrans({mark: " " for mark in "?？;;؟"})


# Words only English has among these languages: "Kim's birthday?" is English, though "kim" asks "who" in Turkish.
_ENGLISH_WORDS = re.compile(r"['’]s\b|\b(?:the|are|does|did|of|and|my|your|his|her|their|our)\b", re.IGNORECASE)


def _asked_first(read: str) -> str:
    """The reading with what it asks with first, as English asks: "Gülşen's birthday <when>?" → "When is Gülşen's birthday?"."""
    mark = _MARK.search(read)
    rest = " ".join(_MARK.sub(" ", read).translate(_QUESTION_MARKS).split())
    if mark is None:
        return f"{rest}?"
    if mark[0] == "<job>":
        return f"What does {rest} do for work?"
    return f"{_ASKED[mark[0]]} {rest}?"
