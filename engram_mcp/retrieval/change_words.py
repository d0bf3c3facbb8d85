"""The words that say something changed, in English and in the languages chat mixes in: "went with a Fairphone in the
end", "it's going to be in Abuja now", "Kwik from now on", "ertelenmiştir", "a partir de segunda". Pure.

``says_changed`` reads a whole text; ``CHANGED_HERE`` holds the words that say a change only in the sentence speaking
of what is asked ("moving to", "took over"); ``says_a_start`` whether a text says something began, not only ended.
"""

from __future__ import annotations

import re

from engram_mcp.model.pasted import own_words
from engram_mcp.model.time_expr import WEEKDAY_NAMES

__all__ = ["CHANGED_HERE", "says_a_start", "says_changed"]


# Words a person uses when what they said before no longer holds: "went with a Fairphone in the
# end", "the old van goes to the wreckers", "it's going to be in Abuja now", "Kwik from now on".
_CHANGED = re.compile(
    r"\b(?:now|instead|in\s+the\s+end|ended\s+up|switched|swapped|changed|change\s+of\s+plans?|update|no\s+more|"
    r"no\s+longer|any\s*more|from\s+now\s+on|fell\s+through|cancel(?:l)?ed|called\s+off|is\s+off|are\s+off|replaced|rebooked|"
    r"rescheduled|postponed|moved|moves\s+to|shifted|"
    # "the old van goes to the wreckers", not "feel like an old man" or "four years old"
    r"(?<!\ban\s)(?<!\ba\s)(?<!\bhow\s)(?<!years\s)(?<!year\s)(?<!yrs\s)old|new|after\s+all|not\s+any\s+longer|signed\s+(?:\w+\s+){0,2}?up|enrolled|"
    r"from\s+(?:next|this)\s+(?:week|month|year)|starting\s+(?:next|this)\s+(?:week|month)|"
    # an agreement signed, which holds from then: "signed it. £110", "signed the new lease", "contract signed last night"
    r"signed\s+it|signed\s+(?:the|a|our|my)\s+(?:new\s+)?(?:lease|contract|licen[cs]e|agreement|offer|deal|papers)|"
    r"(?:lease|contract|licen[cs]e|agreement|deal)\s+(?:is\s+|was\s+|got\s+)?signed|"
    # news that settles what was awaited: "IELTS result came: 7.5 overall", "Extension approved"
    r"results?\s+(?:came|is\s+in|are\s+in|is\s+back|are\s+back)|approved|granted|"
    # a start on a day: "Halina is coming to do my cleaning from Friday the 20th"
    r"(?:from|starting)\s+(?:this\s+|next\s+)?(?:" + "|".join(sorted(WEEKDAY_NAMES)) + r"|tomorrow|tmrw|tmr|the\s+\d{1,2}(?:st|nd|rd|th)?\b)|"
    # what one has now, said as getting it: "picked up the Sony A7 IV from Orms"
    r"picked\s+(?:\w+\s+){0,3}?up|bought|got\s+(?:a|the|my)\s+new|traded\s+in|sold|"
    # a figure that rose or fell: "Tuition goes up to $1,540 a month starting September", "every single year it goes up"
    # (not a start from a month alone: "they want 14 containers a month from june" is a plan, no change)
    r"(?:go(?:es)?|going|went|gone)\s+(?:back\s+)?(?:up|down)|increased?|increases|rises|rose|hiked?)\b",
    re.IGNORECASE,
)
# The same words in the languages chat mixes in: now, new, from then on, postponed or moved, switched, no longer ("09.10
# Perşembe 18:00'e ertelenmiştir", "simula ngayong buwan", "a partir de segunda", "Holnaptól Eliquis 5 mg", "הועבר ליום שלישי").
_CHANGED_ABROAD = re.compile(
    r"\b(?:"
    r"yeni|artık|artik|ertelen\w*|erteledi\w*|değişti\w*|degisti\w*|taşındı\w*|taşınmış\w*|itibaren|"  # Turkish
    r"agora|nov[oa]s?|mud(?:ou|ei|amos|aram)|remarcad\w*|adiad\w*|transferid\w*|troc(?:ou|ei|amos)|a\s+partir\s+d[eoa]s?|"  # Portuguese
    r"ahora|nuev[oa]s?|cambi[óé]|aplazad\w*|pospuest\w*|ya\s+no|"  # Spanish
    r"maintenant|désormais|nouveau|nouvelle|report[ée]e?s?|déplac[ée]e?s?|à\s+partir\s+d[eu]|"  # French
    r"adesso|nuov[oa]|rimandat\w*|spostat\w*|rinviat\w*|"  # Italian
    r"jetzt|verschoben|ab\s+sofort|nicht\s+mehr|voortaan|nieuwe|verplaatst|uitgesteld|niet\s+meer|"  # German, Dutch
    r"simula|bagong|na-move|inilipat|na-resched\w*|hindi\s+na|"  # Tagalog
    r"új|mostantól|holnaptól|áthelyez\w*|elhalaszt\w*|már\s+nem|"  # Hungarian
    r"mới|bây\s+giờ|dời|hoãn|đổi\s+sang|chuyển\s+sang|không\s+còn|giảm|tăng|"  # Vietnamese
    r"sekarang|pindah|diundur|ditunda|sasa|mpya|imeahirishwa|"  # Indonesian and Malay, Swahili
    r"teraz|przełożon\w*|przeniesion\w*|już\s+nie|now[yae]|zmieni\w*|droższ\w*|tańsz\w*|"
    r"od\s+(?:poniedziałku|wtorku|środy|czwartku|piątku|soboty|niedzieli|jutra|dziś|dzisiaj)|teď|přeložen\w*|přesunut\w*|už\s+ne|acum|amânat\w*|nu\s+mai|"  # Polish, Czech, Romanian
    r"τώρα|νέ[οαες]|αναβλήθηκε|μεταφέρθηκε|πλέον|άλλαξε|"  # Greek
    r"עכשיו|חדש\w*|נדחה|הועבר\w*|כבר\s+לא|"  # Hebrew
    r"nawr|rŵan|newydd|wedi\s+symud|gohiri\w*|"  # Welsh
    r"(?-i:ab)|naya|nayi|naye|badal\s+(?:gaya|gayi|gaye|diya|di)|shift\s+ho\s+(?:gaya|gayi|gaye)|"  # Hindi written in Latin letters
    r"noo|fae\s+the\s+morra"  # Scots
    r")\b"
    # Scripts whose words run together or carry marks a word boundary does not see: Hindi, Thai, Amharic.
    r"|अब|नया|नई|नए|ตอนนี้|ใหม่|ย้าย|เลื่อน|አዲስ|አሁን",
    re.IGNORECASE,
)


def says_changed(text: str) -> bool:
    """Whether ``text`` says something changed, in English or another language chat mixes in."""
    return _CHANGED.search(text) is not None or _CHANGED_ABROAD.search(text) is not None


# Words that say a change only in the sentence that speaks of what is asked: "My first full week at Ikoyi
# starts tomorrow" changes no blood pressure medicine said beside it.
CHANGED_HERE = re.compile(
    # a move of the thing itself: "Golden Crust is moving from Yaba to Ikeja", "moving everything from Zoom to Meet"
    r"\b(?:moving\s+(?:\w+\s+){0,2}?(?:from|to|off|over)|mov(?:e|ing)\s+(?:everything|it\s+all)|switch(?:ing)?\s+(?:over\s+)?to|"
    r"chang(?:es|ing)\s+to|revised|"
    # a date that gives way: "v2.0 slips to Tue Nov 3", "pushed back to the 9th", "brought forward"
    r"slip(?:s|ped)?\s+to|pushed\s+(?:back|out)|delayed|brought\s+forward|"
    # someone taking over: "she's going to take over his days", "handing the group over to Sandrine"
    r"tak(?:e|es|ing)\s+over|took\s+over|hand(?:s|ing|ed)?\s+(?:\w+\s+){0,3}?over\s+to|"
    # a start said outright: "effective immediately", "starts on monday", "her first pickup today", "I sign up", "we said yes"
    r"effective\s+(?:immediately|from|today|tomorrow|as\s+of)|as\s+of\s+(?:today|tomorrow|now)|"
    r"(?:starts|begins)\s+(?:on\s+)?(?:this\s+|next\s+)?(?:" + "|".join(sorted(WEEKDAY_NAMES)) + r"|tomorrow|tmrw|today)|"
    r"(?:did|does|do|had|has)\s+(?:her|his|their|my)\s+first\s+(?:day|pickup|pick-up|shift|session|lesson|visit)|"
    # "first day on 5 East done", "first shift at the new depot today": a first day somewhere says one is there now
    r"first\s+(?:full\s+)?(?:day|shift|week)\s+(?:at|on|in)\s+(?:the\s+)?\w+|"
    r"sign(?:ing)?\s+(?:\w+\s+){0,2}?up|(?:we|i|she|he|they)\s+said\s+yes|"
    r"accepted\s+(?:the|their|his|her|an?)\s+(?:offer|job|place|position|role)|"
    # a figure of one's own raised or lowered: "put my rate up to 28 pounds an hour", "increase his Sinemet to four
    # times a day" (not "they put their full day up to $5,000")
    r"(?:put|putting)\s+(?:my|our)\s+(?:\w+\s+){0,4}?(?:up|down)\s+to|"
    r"(?:increas|decreas|rais|reduc|lower)(?:e|ed|es|ing)\s+(?!their\b)(?:[\w'’]+\s+){0,3}?to)\b",
    re.IGNORECASE,
)


# The words of a change that say only that something ended: "cancelled anytime fitness", "sold the van".
_ENDED_ONLY = re.compile(r"(?:cancel(?:l)?ed|no\s+more|no\s+longer|any\s*more|not\s+any\s+longer|fell\s+through|is\s+off|"
                         r"are\s+off|sold|old)", re.IGNORECASE)


def says_a_start(text: str) -> bool:
    """Whether ``text`` says something began or changed, not only that something ended ("sold the van", "my old Pixel")."""
    said = own_words(text)
    return any(not _ENDED_ONLY.fullmatch(change.group(0)) for change in _CHANGED.finditer(said)) or _CHANGED_ABROAD.search(said) is not None
