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
# Italian, Portuguese and Dutch, then Swahili, Indonesian and Malay, Romanian, Polish and Czech, as the speaker and as
# someone else ("nimehamia Ruiru", "Rudi udah pindah ke Batam", "m-am mutat la Iași", "Petr bydlí v Přerově").
_SAID: tuple[tuple[str, str, str, str], ...] = (
    ("moved to", "moved to",
     r"bin\s+nach|ai\s+déménagé\s+(?:à|a|au|en)|me\s+(?:mudé|he\s+mudado|fui\s+a\s+vivir)\s+a|mi\s+sono\s+trasferit[oa]\s+a|"
     r"(?:me\s+mudei|mudei-me)\s+para|ben\s+(?:verhuisd\s+)?naar|"
     r"(?:nime|nili|tume|tuli)hamia|pindah\s+ke|m-am\s+mutat\s+(?:în|in|la)|przeprowadził[ae]m\s+się\s+do|"
     r"přestěhoval[a]?\s+jsem\s+se\s+do|jsem\s+se\s+přestěhoval[a]?\s+do",
     r"ist\s+nach|a\s+déménagé\s+(?:à|a|au|en)|se\s+(?:mudó|ha\s+mudado|fue\s+a\s+vivir)\s+a|si\s+è\s+trasferit[oa]\s+a|"
     r"(?:se\s+mudou|mudou-se)\s+para|is\s+(?:verhuisd\s+)?naar|"
     r"(?:ame|ali|wame|wali)hamia|pindah\s+ke|s-a\s+mutat\s+(?:în|in|la)|przeprowadził[a]?\s+się\s+do|"
     r"(?:se\s+)?přestěhoval[a]?\s+(?:se\s+)?do"),
    ("live in", "lives in",
     r"wohne\s+in|habite\s+(?:à|a|en)|vivo\s+(?:en|a)|abito\s+a|moro\s+em|woon\s+in|"
     r"(?:nina|na)ishi|tinggal\s+di|locuiesc\s+(?:în|in|la)|mieszkam\s+w|bydlím\s+v",
     r"wohnt\s+in|habite\s+(?:à|a|en)|vive\s+(?:en|a)|abita\s+a|mora\s+em|woont\s+in|"
     r"(?:ana|wana)ishi|tinggal\s+di|locuie[sș]te\s+(?:în|in|la)|mieszka\s+w|bydlí\s+v"),
    ("work at", "works at",
     r"arbeite\s+(?:bei|für)|travaille\s+(?:chez|pour)|trabajo\s+(?:en|para)|lavoro\s+(?:da|per|presso)|"
     r"trabalho\s+(?:na|no|em|para)|werk\s+(?:bij|voor)|"
     r"(?:nina|na)fanya\s+kazi(?:\s+(?:na|katika|kwa))?|(?:be)?kerja\s+di|lucrez\s+(?:la|în|in)|pracuję\s+w|pracuj[ui]\s+v",
     r"arbeitet\s+(?:bei|für)|travaille\s+(?:chez|pour)|trabaja\s+(?:en|para)|lavora\s+(?:da|per|presso)|"
     r"trabalha\s+(?:na|no|em|para)|werkt\s+(?:bij|voor)|"
     r"(?:ana|wana)fanya\s+kazi(?:\s+(?:na|katika|kwa))?|(?:be)?kerja\s+di|lucreaz[ăa]\s+(?:la|în|in)|pracuje\s+[wv]"),
)
# The speaker's people, by the word each language has for them.
_RELATIVES = {
    "brother": "bruder frère frere hermano fratello irmão irmao broer kaka abang fratele frate brat bratr brácha",
    "sister": "schwester sœur soeur hermana sorella irmã irma zus dada sora soră siostra sestra",
    # "adik aku Rudi": a younger or older sibling, brother or sister alike; said by name alone.
    "sibling": "adik kakak",
    "dad": "papa papá pai",
    "father": "vater père pere padre vader",
    "mum": "mama mamá maman mamma mãe mae",
    "mother": "mutter mère mere madre moeder",
    "son": "sohn fils hijo figlio filho zoon",
    "daughter": "tochter fille hija figlia filha dochter",
    "husband": "mann mari marido marito mume suami soț soțul mąż manžel",
    "wife": "frau femme esposa mujer moglie mulher vrouw mke istri isteri soție soția żona manželka",
    "friend": "freund freundin ami amie amigo amiga amico amica vriend vriendin",
    "boyfriend": "novio namorado fidanzato",
    "girlfriend": "novia namorada fidanzata",
    "grandmother": "oma grand-mère abuela nonna avó avo",
    "grandfather": "opa grand-père abuelo nonno avô",
}
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
_MY_AFTER = r"yangu|wangu|aku|saya|gue|ku|mea|meu"
_I = r"ich|je|j['’]|yo|io|eu|ik|mimi|aku|saya|gue|gw|ja|já"
# "jetzt", "maintenant", "ahora": now, finally, just; what the English says without them.
_NOW = (r"jetzt|nun|endlich|gerade|inzwischen|maintenant|enfin|désormais|ahora|ya|finalmente|ora|adesso|agora|já|nu|eindelijk|"
        r"inmiddels|udah|sudah|dah|sekarang|akhirnya|sasa|tayari|acum|deja|teraz|już|teď|už")
_ADVERB = rf"(?:(?:{_NOW})\s+)*"
# A verb said after its place ("Ich bin nach Berlin gezogen", "Ik ben naar Utrecht verhuisd"), or "now" ("kerja di
# galangan kapal sekarang").
_AFTER = re.compile(rf"\s+(?:umgezogen|gezogen|verhuisd|{_NOW})(?=\s*[.!,;]|\s*$)", re.IGNORECASE)

_WORD_OF = {word: relation for relation, words in _RELATIVES.items() for word in words.split()}
# "Ich arbeite jetzt bei Siemens": an adverb may come between any two words of the verb; so may "ich" or "ik" after an
# adverb opening the sentence ("jetzt arbeite ich bei Bosch", "nu werk ik bij ASML").
_SPEAKER_SAYS = "|".join(f"(?P<i{index}>{said[2]})".replace(r"\s+", r"\s+(?:(?:ich|ik)\s+)?" + _ADVERB)
                         for index, said in enumerate(_SAID))
_OTHER_SAYS = "|".join(f"(?P<o{index}>{said[3]})".replace(r"\s+", r"\s+" + _ADVERB) for index, said in enumerate(_SAID))
_RELATIVE_WORD = "(?i:" + "|".join(sorted(map(re.escape, _WORD_OF), key=len, reverse=True)) + ")"
# "Brat przeprowadził się do …" opens with a relation, not a name; "Oma wohnt in Ulm" names her by it (``KIN_NAMES``).
_NOT_A_NAME = "(?i:" + "|".join(sorted(map(re.escape, set(_WORD_OF) - set(KIN_NAMES)), key=len, reverse=True)) + ")"
_OPENING = re.compile(
    r"^(?P<lead>\W*)(?i:" + _ADVERB + r")(?:"
    r"(?P<speaker>(?i:" + _I + r")\s*)?(?i:" + _ADVERB + r")(?i:" + _SPEAKER_SAYS + r")"
    r"|(?:(?i:(?:" + _MY + r")\s+(?P<relative>" + _RELATIVE_WORD + r")|(?P<relative_after>" + _RELATIVE_WORD + r")"
    r"(?:\s+(?i:" + _MY_AFTER + r")|(?i:ku)))"
    r"(?:\s+(?P<name>[A-Z][\w'’-]+))?|(?!" + _NOT_A_NAME + r"\s)(?P<person>[A-Z][a-z][\w'’-]*))\s+(?i:" + _ADVERB + r")(?i:" + _OTHER_SAYS + r")"
    r")\s+(?i:" + _ADVERB + r")(?P<rest>\S.*)$"
)


def in_english(sentence: str) -> str:
    """``sentence`` read in English where it or a clause of it opens with a move, a home, a job or an attribute of
    one's own told in another language ("J'ai quitté Airbus, je travaille chez Thales maintenant": "J'ai quitté
    Airbus, I work at Thales"); as it is otherwise."""
    read: list[str] = []
    whose: str | None = "I"
    # The parts at odd places are the breaks between clauses, kept as they are.
    for at, part in enumerate(_CLAUSE_BREAK.split(sentence)):
        if at % 2:
            read.append(part)
            continue
        english, whose = _opening_in_english(part, whose)
        if (said := attribute_in_english(english)) != english:
            english, whose = said, "I"
        read.append(english)
    return "".join(read)


# Where a clause begins inside a sentence: after a comma or a semicolon, or an "and" or "but" before its "I" or "my"
# ("… et je travaille chez Thales", "… und meine neue Nummer ist …"). Not a comma inside a figure ("1,5").
_AND = r"et|und|y|e|en|i|a|și|dan|na|mais|aber|pero|ma|mas|maar|ale|ali|tapi|lakini|iar"
_CLAUSE_BREAK = re.compile(rf"((?<!\d),\s*(?:(?:{_AND})\s+)?|;\s*(?:(?:{_AND})\s+)?|\s+(?:{_AND})\s+(?=(?:{_I}|{_MY})\s))", re.IGNORECASE)


def _opening_in_english(clause: str, before: str | None) -> tuple[str, str | None]:
    """(``clause`` read in English, whom it is said of) when it opens with a move, a home or a job told in another
    language; (the clause as it is, None) otherwise. A clause that names no one is said of the speaker where its verb
    says so ("trabajo en Telefónica"); where the verb is said alike of anyone ("kerja di galangan kapal"), or is
    someone else's ("y trabaja en Indra"), it is said of whom the clause ``before`` was ("I" opening a sentence; None
    when no clause before was read, and then it is read of no one)."""
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
    return f"{match['lead']}{who} {english} {_AFTER.sub('', match['rest'])}", who


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
