"""A move or a job told in another language chat mixes in ("Ich bin nach Berlin gezogen", "Je travaille
maintenant chez Airbus", "mi hermano se mudó a Madrid"), read as the English the state rules read
("I moved to Berlin", "I work at Airbus", "my brother moved to Madrid"). Pure.

Only how a sentence or a clause of it opens is read: who (the speaker, one of their people, a person by name)
and the verb of moving, living or working; what follows it, the place or the employer, is kept as typed. A
clause after a comma or an "and" ("J'ai quitté Airbus, je travaille chez Thales maintenant") is read too; one
that names no one is of whom its verb says, else of whom the clause before was. Every language's words are in
the tables below, one row per thing said; an attribute of one's own ("Meine neue Handynummer ist …") is read
in ``attributes_in_languages``.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.attributes_in_languages import attribute_in_english

__all__ = ["KIN_NAMES", "in_english"]

# What is said, in English as the speaker and as someone else, then its words in German, French, Spanish,
# Italian, Portuguese and Dutch, then Swahili, Indonesian and Malay, Romanian, Polish and Czech, then Tagalog and
# Vietnamese, as the speaker and as someone else ("nimehamia Ruiru", "Rudi udah pindah ke Batam", "m-am mutat la Iași",
# "Petr bydlí v Přerově", "lumipat na ako sa Makati", "mình chuyển đến Long Biên"). Turkish says its verb last:
# ``_SAID_LAST``.
_SAID: tuple[tuple[str, str, str, str], ...] = (
    ("moved to", "moved to",
     r"bin\s+nach|ai\s+déménagé\s+(?:à|a|au|en|dans)|suis\s+déménagée?\s+(?:à|a|au|en|dans)|me\s+suis\s+installée?\s+(?:à|a|au|en)|"
     r"on\s+a\s+déménagé\s+(?:à|a|au|en|dans)|"
     r"(?:me\s+(?:mudé|he\s+mudado|fui\s+a\s+vivir|vine\s+a\s+vivir)|nos\s+mudamos|me\s+cambié\s+de\s+casa)\s+a|"
     r"mi\s+sono\s+trasferit[oa]\s+(?:a|in)|ci\s+siamo\s+trasferiti\s+(?:a|in)|ho\s+traslocato\s+(?:a|in)|"
     r"(?:me\s+mudei|mudei-me|nos\s+mudamos)\s+(?:para|pra)|ben\s+(?:verhuisd\s+)?naar|"
     r"(?:nime|nili|tume|tuli)hamia|(?:ber)?pindah\s+(?:rumah\s+)?ke|m-am\s+mutat\s+(?:în|in|la)|przeprowadził[ae]m\s+się\s+do|"
     r"přestěhoval[a]?\s+jsem\s+se\s+do|jsem\s+se\s+přestěhoval[a]?\s+do|"
     r"(?:lumipat|nakalipat|lipat)\s+(?:na\s+)?(?:ako|kami)\s+ng\s+bahay\s+sa|"
     r"(?:mình|tôi|tớ)\s+(?:chuyển\s+nhà\s+(?:đến|tới|về|sang|ra|vào)|chuyển\s+(?:đến|tới)|dọn\s+(?:nhà\s+)?(?:đến|tới|sang))",
     r"ist\s+nach|a\s+déménagé\s+(?:à|a|au|en|dans)|est\s+déménagée?\s+(?:à|a|au|en|dans)|"
     r"se\s+(?:mudó|ha\s+mudado|fue\s+a\s+vivir)\s+a|si\s+è\s+trasferit[oa]\s+(?:a|in)|"
     r"(?:se\s+mudou|mudou-se)\s+(?:para|pra)|is\s+(?:verhuisd\s+)?naar|"
     r"(?:ame|ali|wame|wali)hamia|(?:ber)?pindah\s+(?:rumah\s+)?ke|s-a\s+mutat\s+(?:în|in|la)|przeprowadził[a]?\s+się\s+do|"
     r"(?:se\s+)?přestěhoval[a]?\s+(?:se\s+)?do|(?:lumipat|nakalipat)\s+(?:na\s+)?(?:(?:siya|sya)\s+)?ng\s+bahay\s+sa|"
     r"(?:chuyển\s+nhà\s+(?:đến|tới|về|sang|ra|vào)|chuyển\s+(?:đến|tới))"),
    ("live in", "lives in",
     # "vivo con mi tía en Jesús María": whom one lives with, before where, is left out.
     r"(?:vivo|moro|habite|abito|tinggal)\s+(?:con|com|avec|bersama|sama|dengan)\s+\S+(?:\s+\S+){0,2}?\s+(?:en|em|no|na|à|au|in|di)|"
     r"wohne\s+in|habite\s+(?:à|a|au|aux|en|dans)|vis\s+(?:à|en)|vivo\s+(?:en|a|in)|estoy\s+viviendo\s+en|abito\s+(?:a|in)|"
     r"(?:moro|(?:tô|to|estou)\s+morando)\s+(?:em|no|na|nos|nas)|woon\s+in|"
     r"(?:nina|na)ishi|tinggal\s+(?:di|kat)|menetap\s+di|locuiesc\s+(?:în|in|la)|mieszkam\s+w|bydlím\s+v|"
     r"nakatira\s+(?:na\s+)?(?:ako|kami)\s+sa|(?:mình|tôi|tớ)\s+sống\s+(?:ở|tại)|nhà\s+(?:mình|tôi|tớ)\s+(?:(?:giờ|bây\s+giờ|hiện|vẫn|đang)\s+)*ở",
     r"wohnt\s+in|habite\s+(?:à|a|au|aux|en|dans)|vit\s+(?:à|en)|vive\s+(?:en|a|in)|abita\s+(?:a|in)|"
     r"mora\s+(?:em|no|na|nos|nas)|woont\s+in|"
     r"(?:ana|wana)ishi|tinggal\s+(?:di|kat)|menetap\s+di|locuie[sș]te\s+(?:în|in|la)|mieszka\s+w|bydlí\s+v|"
     r"nakatira\s+(?:na\s+)?(?:(?:siya|sya)\s+)?sa|sống\s+(?:ở|tại)"),
    ("work at", "works at",
     r"arbeite\s+(?:bei|für)|travaille\s+(?:chez|pour)|"
     r"(?:trabajo|estoy\s+trabajando|chambeo)\s+(?:(?:medio\s+tiempo|tiempo\s+completo|a\s+tiempo\s+parcial|part[- ]?time)\s+)?(?:en|para)|"
     r"lavoro\s+(?:da|per|presso)|(?:trabalho|(?:tô|to|estou)\s+trabalhando)\s+(?:(?:meio\s+período|meio\s+periodo)\s+)?(?:na|no|em|para|pra)|"
     r"werk\s+(?:bij|voor)|"
     r"(?:nina|na)fanya\s+kazi(?:\s+(?:na|katika|kwa))?|(?:be)?kerja\s+(?:di|kat|dekat)|lucrez\s+(?:la|în|in)|pracuję\s+w|pracuj[ui]\s+v|"
     r"nagtatrabaho\s+(?:na\s+)?ako\s+sa|(?:mình|tôi|tớ)\s+làm\s+(?:việc\s+)?(?:ở|tại|cho)",
     r"arbeitet\s+(?:bei|für)|travaille\s+(?:chez|pour)|trabaja\s+(?:en|para)|lavora\s+(?:da|per|presso)|"
     r"trabalha\s+(?:na|no|em|para|pra)|werkt\s+(?:bij|voor)|"
     r"(?:ana|wana)fanya\s+kazi(?:\s+(?:na|katika|kwa))?|(?:be)?kerja\s+(?:di|kat|dekat)|lucreaz[ăa]\s+(?:la|în|in)|pracuje\s+[wv]|"
     r"nagtatrabaho\s+(?:na\s+)?(?:(?:siya|sya)\s+)?sa|làm\s+(?:việc\s+)?(?:ở|tại|cho)"),
    # Taken on somewhere: "conseguí chamba en …", "j'ai commencé chez …", "mulai kerja di …".
    ("started working at", "started working at",
     r"(?:conseguí|encontré)\s+(?:chamba|trabajo|pega|curro|empleo|un\s+trabajo|un\s+empleo|una\s+chamba)\s+(?:en|con)|"
     r"(?:empecé|comencé|entré)\s+a\s+trabajar\s+(?:en|para|a)|me\s+contrataron\s+en|me\s+contrataram\s+(?:na|no)|"
     r"tengo\s+(?:un\s+|una\s+)?(?:nuevo\s+trabajo|trabajo\s+nuevo|nueva\s+chamba|chamba\s+nueva)\s+en|"
     r"tenho\s+(?:um\s+)?(?:novo\s+emprego|emprego\s+novo|trampo\s+novo)\s+(?:na|no|em)|"
     r"ai\s+(?:une\s+nouvelle\s+job|un\s+nouveau\s+job|un\s+nouvel\s+emploi|un\s+nouveau\s+travail|eu\s+la\s+job)\s+chez|"
     r"ho\s+un\s+nuovo\s+lavoro\s+(?:da|presso)|"
     r"ai\s+commencé\s+(?:à\s+travailler\s+)?chez|ai\s+été\s+embauchée?\s+(?:chez|par)|"
     r"ai\s+trouvé\s+(?:une\s+job|un\s+job|du\s+travail|un\s+emploi|un\s+poste|une\s+nouvelle\s+job)\s+chez|"
     r"ho\s+iniziato\s+a\s+lavorare\s+(?:da|per|presso)|sono\s+stat[oa]\s+assunt[oa]\s+(?:da|presso)|ho\s+trovato\s+lavoro\s+(?:da|presso)|"
     r"comecei\s+a\s+trabalhar\s+(?:na|no|em)|consegui\s+(?:um\s+)?(?:emprego|trampo|trabalho)\s+(?:na|no|em)|fui\s+contratad[oa]\s+(?:pela|pelo)|"
     r"(?:mulai|dapat|diterima|keterima)\s+(?:kerja|bekerja)\s+di|natanggap\s+(?:na\s+)?ako\s+sa|"
     r"(?:mình|tôi|tớ)\s+(?:bắt\s+đầu\s+(?:đi\s+)?làm|vào\s+làm|chuyển\s+sang\s+làm)\s+(?:ở|tại|cho)",
     r"(?:consiguió|encontró)\s+(?:chamba|trabajo|empleo|un\s+trabajo)\s+(?:en|con)|(?:empezó|comenzó|entró)\s+a\s+trabajar\s+(?:en|para|a)|"
     r"a\s+commencé\s+(?:à\s+travailler\s+)?chez|a\s+été\s+embauchée?\s+(?:chez|par)|ha\s+iniziato\s+a\s+lavorare\s+(?:da|per|presso)|"
     r"começou\s+a\s+trabalhar\s+(?:na|no|em)|(?:mulai|diterima|keterima)\s+(?:kerja|bekerja)\s+di|(?:bắt\s+đầu\s+(?:đi\s+)?làm|vào\s+làm)\s+(?:ở|tại|cho)"),
    # A job left: "renuncié a …", "pedi demissão da …", "j'ai démissionné de …", "resign dari …", "nghỉ việc ở …".
    ("quit", "quit",
     r"renuncié\s+(?:a|al)|dejé\s+(?:mi|el)\s+(?:trabajo|chamba)\s+en|ai\s+démissionné\s+(?:de|d['’]|du)|"
     r"ai\s+lâché\s+(?:ma|mon)\s+(?:job|travail|emploi)\s+(?:chez|à)|ho\s+lasciato\s+il\s+lavoro\s+(?:da|presso)|"
     r"mi\s+sono\s+licenziat[oa]\s+(?:da|dalla|dal)|pedi\s+(?:demissão|as\s+contas)\s+(?:da|do|de|na|no)|"
     r"(?:resign|berhenti\s+kerja|berhenti)\s+dari|nag-?resign\s+(?:na\s+)?ako\s+sa|(?:mình|tôi|tớ)\s+nghỉ\s+(?:việc|làm)\s+(?:ở|tại)",
     r"renunció\s+(?:a|al)|a\s+démissionné\s+(?:de|d['’]|du)|si\s+è\s+licenziat[oa]\s+(?:da|dalla|dal)|pediu\s+demissão\s+(?:da|do|de)|"
     r"resign\s+dari|nghỉ\s+(?:việc|làm)\s+(?:ở|tại)"),
)
# Turkish says the place before the verb, with the case ending after an apostrophe ("İzmir'e taşındım", "Kadıköy'de
# oturuyorum", "Aselsan'da çalışıyorum"): what is said in English, the place's endings, the verb as the speaker and as
# someone else.
_SAID_LAST: tuple[tuple[str, str, str, str, str], ...] = (
    ("moved to", "moved to", r"ye|ya|e|a", r"taşındım|taşındık", r"taşındı|taşınmış"),
    ("live in", "lives in", r"de|da|te|ta", r"oturuyorum|oturuyoruz|yaşıyorum|yaşıyoruz", r"oturuyor|yaşıyor"),
    ("work at", "works at", r"de|da|te|ta", r"çalışıyorum", r"çalışıyor"),
    ("started working at", "started working at", r"de|da|te|ta", r"işe\s+başladım|çalışmaya\s+başladım", r"işe\s+başladı"),
    ("quit", "quit", r"den|dan|ten|tan", r"istifa\s+ettim", r"istifa\s+etti"),
)
# "annem", "ablam": my mother, my older sister; Turkish says "my" in the word's ending.
_TURKISH_KIN = {"annem": "mother", "babam": "father", "ablam": "sister", "abim": "brother", "ağabeyim": "brother",
                "kız kardeşim": "sister", "erkek kardeşim": "brother", "kocam": "husband", "karım": "wife", "oğlum": "son",
                "kızım": "daughter", "arkadaşım": "friend", "sevgilim": "partner"}
_UPPER = "A-ZÇĞİÖŞÜ"
_TURKISH_NOW = r"(?:(?i:artık|şimdi|sonunda|geçen\s+(?:hafta|ay|yıl)|dün|bugün)\s+)*"
_TURKISH_PLACE = rf"(?P<place>[{_UPPER}][\w.-]*(?:\s+[{_UPPER}0-9][\w.-]*){{0,3}})['’]"
# The speaker's verb with no one named before it but "ben" or "biz"; someone else's with one of theirs or a name.
_SAID_LAST_OPENINGS = (
    re.compile(rf"^(?P<lead>\W*)(?:(?i:ben|biz)\s+)?{_TURKISH_NOW}{_TURKISH_PLACE}(?:"
               + "|".join(f"(?:{ending})\\s+(?:(?i:yeni|artık|şimdi)\\s+)?(?P<i{index}>{mine})"
                          for index, (_, _, ending, mine, _) in enumerate(_SAID_LAST)) + r")\b(?P<end>[.!]*)"),
    re.compile(rf"^(?P<lead>\W*)(?:(?P<kin>(?i:{'|'.join(_TURKISH_KIN)}))(?:\s+(?P<name>[{_UPPER}][\w'’-]+))?"
               rf"|(?P<person>[{_UPPER}][a-zçğıöşü]+))\s+{_TURKISH_NOW}{_TURKISH_PLACE}(?:"
               + "|".join(f"(?:{ending})\\s+(?:(?i:yeni|artık|şimdi)\\s+)?(?P<o{index}>{theirs})"
                          for index, (_, _, ending, _, theirs) in enumerate(_SAID_LAST)) + r")\b(?P<end>[.!]*)"),
)


def _verb_last_in_english(clause: str) -> tuple[str, str] | None:
    """(``clause`` read in English, whom it is said of) when it is a move, a home or a job said in Turkish, the verb
    last; else None. What follows the verb ("8 senedir": for 8 years) is left out."""
    if (match := _SAID_LAST_OPENINGS[0].match(clause) or _SAID_LAST_OPENINGS[1].match(clause)) is None:
        return None
    said = next(name for name, value in match.groupdict().items() if value and name[0] in "io" and name[1:].isdigit())
    who = "I"
    if said[0] == "o":
        who = (f"my {_TURKISH_KIN[match['kin'].lower()]}" + (f" {match['name']}" if match["name"] else "")
               if match["kin"] else match["person"])
    return f"{match['lead']}{who} {_SAID_LAST[int(said[1:])][0 if said[0] == 'i' else 1]} {match['place']}{match['end']}", who


# The speaker's people, by the word each language has for them.
_RELATIVES = {
    "brother": "bruder frère frere hermano fratello irmão irmao broer kaka abang fratele frate brat bratr brácha kuya",
    "sister": "schwester sœur soeur hermana sorella irmã irma zus dada sora soră siostra sestra ate",
    # "adik aku Rudi": a younger or older sibling, brother or sister alike; said by name alone.
    "sibling": "adik kakak",
    "dad": "papa papá pai tatay",
    "father": "vater père pere padre vader bố",
    "mum": "mama mamá maman mamma mãe mae nanay",
    "mother": "mutter mère mere madre moeder mẹ",
    "son": "sohn fils hijo figlio filho zoon",
    "daughter": "tochter fille hija figlia filha dochter",
    "husband": "mann mari marido esposo marito mume suami soț soțul mąż manžel chồng",
    "wife": "frau femme esposa mujer moglie mulher vrouw mke istri isteri soție soția żona manželka vợ",
    "friend": "freund freundin ami amie amigo amiga amico amica vriend vriendin",
    "boyfriend": "novio namorado fidanzato chum copain",
    "girlfriend": "novia namorada fidanzata blonde copine",
    "grandmother": "oma grand-mère abuela nonna avó avo",
    "grandfather": "opa grand-père abuelo nonno avô",
    "aunt": "tante tía tia zia",
    "uncle": "onkel oncle tío tio zio",
}
# Vietnamese says a younger or older brother or sister in two words ("em gái mình Mai Anh").
_RELATIVES_IN_TWO_WORDS = {"em gái": "sister", "chị gái": "sister", "em trai": "brother", "anh trai": "brother",
                           "con gái": "daughter", "con trai": "son"}
# The parents and grandparents a speaker calls by who they are, as a name ("Dad has moved", "Oma wohnt in Ulm"),
# with the relation each is: in English, and in the languages above.
KIN_NAMES = {
    **{word: "dad" for word in "dad daddy papa".split()}, **{word: "mum" for word in "mum mummy mam".split()},
    **{word: "mom" for word in "mom mommy".split()}, **{word: "grandma" for word in "granny gran grandma nan nana nanna".split()},
    **{word: "grandpa" for word in "grandpa grandad granddad".split()}, "uncle": "uncle",
    **{word: "aunt" for word in "aunt auntie aunty".split()},
    **{word: relation for relation in ("dad", "mum", "grandmother", "grandfather") for word in _RELATIVES[relation].split()},
    "far": "father", "mor": "mother",
}
_MY = r"mein|meine|mon|ma|mi|mio|mia|il\s+mio|la\s+mia|meu|minha|o\s+meu|a\s+minha|mijn|mój|moja|můj|moje"
# "dada yangu Neema", "adik aku Rudi", "sora mea Andreea": "my" said after the relation.
_MY_AFTER = r"yangu|wangu|aku|saya|gue|ku|mea|meu|ko|của\s+mình|của\s+tôi|mình|tôi|tớ|em"
_I = r"ich|je|j['’]|yo|io|eu|ik|mimi|aku|saya|gue|gw|ja|já|tôi|mình|tớ"
# "jetzt", "maintenant", "ahora": now, finally, just; what the English says without them.
_NOW = (r"jetzt|nun|endlich|gerade|inzwischen|maintenant|enfin|désormais|ahora|ya|finalmente|ora|adesso|agora|já|nu|eindelijk|"
        r"inmiddels|udah|sudah|dah|sekarang|akhirnya|sasa|tayari|acum|deja|teraz|już|teď|už|recién|hoy|ayer|hoje|ontem|oggi|ieri|"
        r"baru|kemarin|ngayon|giờ|bây\s+giờ|hiện\s+tại|hiện|đã|vừa|mới|đang|vẫn|hôm\s+nay|hôm\s+qua")
_ADVERB = rf"(?:(?:{_NOW})\s+)*"
# A verb said after its place ("Ich bin nach Berlin gezogen", "Ik ben naar Utrecht verhuisd"), or "now" ("kerja di
# galangan kapal sekarang").
_AFTER = re.compile(rf"\s+(?:umgezogen|gezogen|verhuisd|{_NOW})(?=\s*[.!,;]|\s*$)", re.IGNORECASE)

_WORD_OF = {word: relation for relation, words in _RELATIVES.items() for word in words.split()} | _RELATIVES_IN_TWO_WORDS
# "Ich arbeite jetzt bei Siemens": an adverb may come between any two words of the verb; so may "ich" or "ik" after an
# adverb opening the sentence ("jetzt arbeite ich bei Bosch", "nu werk ik bij ASML").
_SPEAKER_SAYS = "|".join(f"(?P<i{index}>{said[2]})".replace(r"\s+", r"\s+(?:(?:ich|ik)\s+)?" + _ADVERB)
                         for index, said in enumerate(_SAID))
_OTHER_SAYS = "|".join(f"(?P<o{index}>{said[3]})".replace(r"\s+", r"\s+" + _ADVERB) for index, said in enumerate(_SAID))
_RELATIVE_WORD = "(?i:" + "|".join(sorted(map(re.escape, _WORD_OF), key=len, reverse=True)) + ")"
# "Brat przeprowadził się do …" opens with a relation, not a name; "Oma wohnt in Ulm" names her by it (``KIN_NAMES``).
_NOT_A_NAME = "(?i:" + "|".join(sorted(map(re.escape, set(_WORD_OF) - set(KIN_NAMES)), key=len, reverse=True)) + ")"
# "pero ya conseguí chamba en …": "but" opening a sentence, which the English reads without.
_BUT = r"pero|mas|mais|ma|aber|maar|tapi|nhưng|but"
_OPENING = re.compile(
    r"^(?P<lead>\W*(?:[^\W\d_]{2,15}:\s+)?)(?i:(?:" + _BUT + r")\s+)?(?i:" + _ADVERB + r")(?:"
    r"(?P<speaker>(?i:" + _I + r")\s*)?(?i:" + _ADVERB + r")(?i:" + _SPEAKER_SAYS + r")"
    r"|(?:(?i:(?:" + _MY + r")\s+(?P<relative>" + _RELATIVE_WORD + r")|(?P<relative_after>" + _RELATIVE_WORD + r")"
    r"(?:\s+(?i:" + _MY_AFTER + r")|(?i:ku)))"
    r"(?:\s+(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?))?|(?!" + _NOT_A_NAME + r"\s)(?P<person>[A-Z][a-z][\w'’-]*))\s+(?i:" + _ADVERB + r")(?i:" + _OTHER_SAYS + r")"
    r")\s+(?i:" + _ADVERB + r")(?P<rest>\S.*)$"
)


def in_english(sentence: str) -> str:
    """``sentence`` read in English where it or a clause of it opens with a move, a home, a job or an attribute of
    one's own told in another language ("J'ai quitté Airbus, je travaille chez Thales maintenant": "J'ai quitté
    Airbus, I work at Thales"); as it is otherwise."""
    read: list[str] = []
    whose: str | None = "I"
    was_read = False
    # The parts at odd places are the breaks between clauses, kept as they are; but a clause not read after one read
    # in English is left out, so the English rules do not take its words for the place or the employer before it
    # ("mi mamá vive en Arequipa, en Cayma, viene a verme": "my mum lives in Arequipa").
    for at, part in enumerate(_CLAUSE_BREAK.split(sentence)):
        if at % 2:
            read.append(part)
            continue
        english, whose = _opening_in_english(part, whose)
        if (said := attribute_in_english(english)) != english:
            english, whose = said, "I"
        elif (theirs := _relatives_attribute_in_english(english)) != english:
            english, whose = theirs, None
        if was_read and english == part:
            read.pop()
            continue
        was_read = english != part
        read.append(english)
    return "".join(read)


# Where a clause begins inside a sentence: after a comma or a semicolon, or an "and" or "but" before its "I" or "my"
# ("… et je travaille chez Thales", "… und meine neue Nummer ist …"). Not a comma inside a figure ("1,5").
_AND = r"et|und|y|e|en|i|a|și|dan|na|mais|aber|pero|ma|mas|maar|ale|ali|tapi|lakini|iar|và|nhưng"
_CLAUSE_BREAK = re.compile(rf"((?<!\d),\s*(?:(?:{_AND})\s+)?|;\s*(?:(?:{_AND})\s+)?|\s+(?:{_AND})\s+(?=(?:{_I}|{_MY})\s))", re.IGNORECASE)


def _opening_in_english(clause: str, before: str | None) -> tuple[str, str | None]:
    """(``clause`` read in English, whom it is said of) when it opens with a move, a home or a job told in another
    language; (the clause as it is, None) otherwise. A clause that names no one is said of the speaker where its verb
    says so ("trabajo en Telefónica"); where the verb is said alike of anyone ("kerja di galangan kapal"), or is
    someone else's ("y trabaja en Indra"), it is said of whom the clause ``before`` was ("I" opening a sentence; None
    when no clause before was read, and then it is read of no one)."""
    if (last := _verb_last_in_english(clause)) is not None:
        return last
    match = _OPENING.match(clause)
    if (match is None or _said_by_the_speaker(match) and match["speaker"] is None) and before != "I" and (
            again := _GOES_ON.match(clause)) is not None:
        if before is None:
            return clause, None
        # "Rudi udah pindah ke Batam, kerja di galangan kapal": the verb said of whom the clause before was.
        match, who = again, before
    elif match is None:
        return clause, None
    else:
        who = _whom(match)
    said = next(name for name, value in match.groupdict().items() if value and name[0] in "io" and name[1:].isdigit())
    english = _SAID[int(said[1:])][0 if who == "I" else 1]
    rest = _AFTER.sub('', _ARTICLE.sub('', match['rest']))
    # "renuncié al gimnasio", "tôi làm ở nhà": a job is taken or left at a place with a name, and no one works "at home".
    if english in ("quit", "started working at") and not rest[:1].isupper() or english.startswith("work") and _HOME.match(rest):
        return clause, None
    return f"{match['lead']}{who} {english} {rest}", who


_HOME = re.compile(r"(?:(?:mi|la|ma|mia|minha|a)\s+)?(?:casa|maison|nhà|bahay|rumah|home|ev|domicile)\b", re.IGNORECASE)


# "en la Librería Crisol", "chez le Groupe …": an article before a name, which the English says without.
_ARTICLE = re.compile(r"^(?:la|el|los|las|le|les|il|lo|o|os|as)\s+(?=[A-ZÀ-ÝĐ])|^l['’](?=[A-ZÀ-ÝĐ])")


# "el número de mi hermana es …", "o celular da minha mãe é …", "sdt của chồng mình là …": an attribute of one of the
# speaker's people, said with "of" before whose it is.
_OF = r"de|da|do|di|del|della|dello|dos|das|du|của"
_RELATIVES_ATTRIBUTE = re.compile(
    r"^(?P<lead>\W*)(?:(?:el|la|le|il|lo|o|a|l['’])\s*)?(?P<attribute>\S+(?:\s+\S+){0,3}?)\s+(?:" + _OF + r")\s+(?:(?:" + _MY
    + r")\s+)?(?P<relative>" + _RELATIVE_WORD + r")(?:\s+(?i:" + _MY_AFTER + r"))?(?:\s+(?P<name>(?-i:[A-Z])[\w'’-]+))?\s+(?P<rest>\S.*)$",
    re.IGNORECASE)


def _relatives_attribute_in_english(clause: str) -> str:
    """``clause`` read in English when it gives an attribute of one of the speaker's people in another language; as it
    is otherwise. The attribute's words and the verb are read as for the speaker's own (``attribute_in_english``)."""
    if (match := _RELATIVES_ATTRIBUTE.match(clause)) is None:
        return clause
    said = attribute_in_english(f"mi {match['attribute']} {match['rest']}")
    if not said.startswith("my "):
        return clause
    relation = _WORD_OF[match["relative"].lower()]
    if relation == "sibling":
        return clause
    whose = f"my {relation}" + (f" {match['name']}" if match["name"] else "")
    return f"{match['lead']}{whose}'s {said.removeprefix('my ')}"


# A clause going on with no one named, said with the verb of anyone but the speaker: "… y trabaja en Indra".
_GOES_ON = re.compile(r"^(?P<lead>\W*)(?i:" + _ADVERB + r")(?i:" + _OTHER_SAYS + r")\s+(?i:" + _ADVERB + r")(?P<rest>\S.*)$")


def _said_by_the_speaker(match: re.Match[str]) -> bool:
    return any(value for name, value in match.groupdict().items() if value and name[0] == "i" and name[1:].isdigit())


def _whom(match: re.Match[str]) -> str:
    """Whom an opening names: the speaker, one of their people ("my brother", a sibling by name) or a person by name."""
    relative = match["relative"] or match["relative_after"]
    if relative and _WORD_OF[relative.lower()] == "sibling" and match["name"]:
        return match["name"]
    if relative:
        return f"my {_WORD_OF[relative.lower()]}" + (f" {match['name']}" if match["name"] else "")
    return match["person"] or "I"
