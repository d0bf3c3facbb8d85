"""A thing a person has one of, told in another language chat mixes in ("Meine neue Handynummer ist 0176 999 8888",
"Mi alquiler es 800 euros al mes", "Ahora pago 950 euros de alquiler", "namba yangu mpya ni 0712 345 678"), read as
the English the attribute rules read (``attributes``): "my new mobile number is 0176 999 8888", "my rent is 800 euros
al mes", "my rent is now 950 euros". Pure.

Only the words before the value are read: whose it is, the attribute's word, "new" and the verb; the value is kept as
typed, and the attribute rules judge it (a number has digits, a rent an amount). Every language's words are in the
tables below, one row per attribute.
"""

from __future__ import annotations

import re

__all__ = ["NEW", "attribute_in_english"]

# The attribute in English (as ``attributes.ATTRIBUTES`` names it), then its words in German, French, Spanish, Italian,
# Portuguese, Dutch, Polish, Czech, Romanian, Indonesian and Swahili, Tagalog and Vietnamese. The longer words of a row go
# first.
_ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("mobile number", r"handynummer|mobilnummer|numéro\s+de\s+(?:portable|mobile)|número\s+de\s+(?:móvil|movil|celular|telemóvel)|"
                      r"numero\s+di\s+cellulare|mobiele\s+nummer|06-nummer|numer\s+komórki|číslo\s+mobilu|nomor\s+(?:hp|handphone)|"
                      # "mi cel", "mon cell", "meu celular", "il mio cellulare", "no HP saya"
                      r"numéro\s+de\s+cell(?:ulaire)?|número\s+de\s+cel|cellulaire|cellulare|celular|celu|cell|cel|móvil|movil|"
                      r"telemóvel|no\.?\s*hp|hp|nombor\s+(?:hp|handphone|telefon\s+bimbit)"),
    ("email address", r"e-?mail-?adresse|adresse\s+(?:e-?mail|mail|électronique)|courriel|correo(?:\s+electrónico)?|"
                      r"indirizzo\s+(?:e-?mail|di\s+posta)|endereço\s+de\s+e-?mail|e-?mailadres|adres\s+e-?mail|alamat\s+e-?mail|e-?mail|mail"),
    ("phone number", r"telefonnummer|rufnummer|numéro\s+de\s+(?:téléphone|tél|tel)|numéro|número\s+de\s+(?:teléfono|telefone|contacto|contato)|"
                     r"número|numero\s+di\s+telefono|numero|telefoonnummer|nummer|numer\s+telefonu|numer|telefonní\s+číslo|číslo|"
                     r"numărul\s+de\s+telefon|numărul|nomor\s+(?:telepon|telp|wa)|nomor|namba\s+ya\s+simu|namba|"
                     r"số\s+điện\s+thoại|số\s+đt|sđt|sdt|số|nombor\s+(?:telefon|tel)|nombor|numéro\s+de\s+(?:cell|ligne)|zap|whats(?:app)?"),
    ("address", r"adresse|anschrift|dirección|direccion|indirizzo|endereço|endereco|adres|adresa|alamat|anwani|địa\s+chỉ"),
    ("rent", r"kaltmiete|warmmiete|miete|loyer|alquiler|renta|affitto|aluguel|aluguer|renda|huur|czynsz|nájemné|nájem|chiria|sewa|kodi|"
             r"upa|tiền\s+thuê\s+nhà|tiền\s+nhà|sewa\s+rumah"),
    ("salary", r"gehalt|lohn|salaire|sueldo|salario|stipendio|salário|ordenado|salaris|loon|pensja|wynagrodzenie|salariul|gaji|mshahara|"
               r"sweldo|suweldo|sahod|lương"),
    ("birthday", r"geburtstag|anniversaire|cumpleaños|compleanno|aniversário|verjaardag|urodziny|narozeniny|ziua\s+de\s+naștere|"
                 r"ulang\s+tahun"),
    ("dentist", r"zahnärztin|zahnarzt|dentiste|dentista|tandarts|dentysta|zubařka|zubař|dokter\s+gigi|daktari\s+wa\s+meno"),
    ("doctor", r"hausärztin|hausarzt|ärztin|arzt|médecin\s+traitant|médecin|médic[oa]\s+de\s+(?:cabecera|família|familia)|médic[oa]|"
               r"medico\s+di\s+base|medico|huisarts|lekarz\s+rodzinny|lekarz|lékařka|lékař|dokter|daktari|medicul"),
    ("boss", r"chefin|chef|patronne|patron|jef[ea]|capo|chefe|baas|szefowa|szef|šéfová|šéf|atasan|bosi"),
    ("landlord", r"vermieterin|vermieter|propriétaire|caser[oa]|padron[ea]\s+di\s+casa|senhori[oa]|huisbaas|verhuurder|"
                 r"właścicielka|właściciel|pronajímatelka|pronajímatel|proprietarul|pemilik\s+kos|mwenye\s+nyumba"),
    ("weight", r"gewicht|poids|peso|waga|váha|greutatea|berat\s+badan|berat|uzito"),
    ("employer", r"arbeitgeberin|arbeitgeber|employeur|empleador|datore\s+di\s+lavoro|empregador|werkgever|pracodawca|zaměstnavatel|"
                 r"angajatorul"),
)
# Turkish says "my" in the word's ending ("numaram", "kiram", "maaşım"): the attribute in English, then its words so.
_ATTRIBUTES_MINE: tuple[tuple[str, str], ...] = (
    ("mobile number", r"cep\s+telefonu\s+numaram|cep\s+numaram|cep\s+telefonum"),
    # "yeni numaram +49 …" alone is read by the attribute rules, as a number opening a sentence after "new".
    ("phone number", r"telefon\s+numaram|telefonum"),
    ("email address", r"e-?posta\s+adresim|e-?mail\s+adresim|mail\s+adresim|e-?mailim|mailim"),
    ("address", r"ev\s+adresim|adresim"),
    ("rent", r"ev\s+kiram|kiram"),
    ("salary", r"maaşım"),
    ("landlord", r"ev\s+sahibim"),
    ("doctor", r"doktorum"),
)
# "my" before the attribute, and after it in the languages that say it so ("namba yangu", "nomor saya", "chiria mea").
_MY = r"meine|meinen|meiner|mein|mon|ma|mes|mi|il\s+mio|la\s+mia|mio|mia|o\s+meu|a\s+minha|meu|minha|mijn|mój|moja|moje|můj|moje"
_MY_AFTER = r"yangu|wangu|langu|saya|aku|gue|ku|meu|mea|ko|của\s+mình|của\s+tôi|của\s+em|mình|tôi|tớ"
# "Die Miete beträgt 1.200 €", "El número es …": the attribute said with "the", which the English reads as the speaker's
# opening a sentence ("The rent is …").
_THE = r"l['’]|(?:die|der|das|le|la|el|il|lo|o|a|het)\s+"
NEW = r"neue|neuer|neues|neuen|nouveau|nouvel|nouvelle|nuevo|nueva|nuovo|nuova|novo|nova|nieuwe|nieuw|nowy|nowa|nowe|nový|nová|nové|nou|nouă|baru|mpya"
# "new" said before or after the word here, which the attribute rules do not read as "new" elsewhere: "bagong number ko"
# is read by them as a number opening a sentence after its label.
_NEW_HERE = rf"{NEW}|bagong|bago|mới"
# The verb that gives the value: "is" ("ist", "lautet", "est", "c'est", "es", "è", "é", "is", "to", "jest", "je", "este",
# "adalah", "ni"), or one that says it went up or down to it ("steigt auf", "passe à", "sube a", "sobe para").
_IS = r"ist|lautet|beträgt|c['’]est|est\s+de|est|es\s+de|es|son|è\s+di|è|é\s+de|é|is|to|jest|je|este|e|adalah|ialah|ni|ay|là|[:–-]"
_GOES_TO = (r"steigt\s+auf|ist\s+auf|passe\s+à|est\s+passée?\s+à|augmente\s+à|sube\s+a|subió\s+a|ha\s+subido\s+a|pasa\s+a|aumenta\s+(?:a|para)|"
            r"sale\s+a|passa\s+a|è\s+salit[oa]\s+a|sobe\s+para|subiu\s+para|passou\s+para|gaat\s+(?:omhoog\s+)?naar|wzrasta\s+do|wzrósł\s+do|"
            r"wzrosła\s+do|stoupá\s+na|crește\s+la|a\s+crescut\s+la|naik\s+(?:jadi|menjadi)|inapanda\s+hadi|imepanda\s+hadi")
# "jetzt", "maintenant", "ahora": now, finally; said with the verb, it says the value is the one now.
_NOW = r"jetzt|nun|ab\s+sofort|endlich|maintenant|désormais|ahora|ya|ora|adesso|agora|nu|voortaan|teraz|już|teď|ted|acum|sekarang|sasa"
# "de", "le", "el": what a value may open with in these languages and not in English ("es de 800 euros", "c'est le 06 …").
_VALUE_OPENS = r"(?:(?:de|d['’]|le|la|el|il|o|um|una|un|het)\s+)?"

_WORD_OF = "|".join(f"(?P<a{index}>{words})" for index, (_, words) in enumerate(_ATTRIBUTES))
_NOWS = rf"(?:(?:{_NOW})\s+)*"
_STATED = re.compile(
    rf"^(?P<lead>\W*){_NOWS}(?:(?:(?P<the>{_THE})|(?:{_MY})\s+)(?:(?P<new>{_NEW_HERE})\s+)?(?:{_WORD_OF})\b(?:\s+(?P<new_after>{_NEW_HERE}))?"
    rf"|(?:{_WORD_OF.replace('?P<a', '?P<b')})\b(?:\s+(?P<new_before_my>{_NEW_HERE}))?\s+(?:{_MY_AFTER})(?:\s+(?P<new_after_my>{_NEW_HERE}))?(?:\s+(?P<now_mine>{_NOW}))?)"
    rf"\s*(?:(?P<goes>{_GOES_TO})|(?P<is>{_IS})(?=\s)|(?P<bare>(?=\s+(?:[+\d]|(?:RM|Rp|R\$|S/|₱|\$|€|£)\s?\d))))\s+(?P<now>{_NOWS}){_VALUE_OPENS}(?P<value>\S.*)$",
    re.IGNORECASE)
_MINE_STATED = re.compile(
    r"^(?P<lead>\W*)(?:benim\s+)?(?:(?P<new>yeni)\s+)?(?:"
    + "|".join(f"(?P<c{index}>{words})" for index, (_, words) in enumerate(_ATTRIBUTES_MINE))
    + r")\s*(?:(?P<now>artık|şimdi)\s+|(?:[:–-]|şu)\s+|\s(?=[+\d]))(?P<value>\S.*)$",
    re.IGNORECASE)
# "Ahora pago 950 euros de alquiler", "Ich zahle jetzt 1.200 € Miete", "je paie 900 € de loyer": a rent said by what one pays.
_PAY = r"zahle|bezahle|paie|paye|pago|betaal|płacę|platím|plătesc"
_I = r"ich|je|yo|io|eu|ik|ja|já"
_AMOUNT = (r"(?:[£$€]|R\$|S/\.?|RM|Rp|₱|CHF|Kč|zł)?\s?\d[\d.,]*(?:\s?(?:k|mil|tys\.?|juta|jt|triệu|ribu|rb))?(?:\s?(?:€|\$|euros?|eur|"
           r"pesos?|zł|złotych|zl|kč|korun|lei|ron|reais|dólares|dolares|dollars?|francs?|chf|soles|sol|tl|lira|ringgit|rupiah|php))?")
_RENT_PAID = re.compile(
    rf"^(?P<lead>\W*){_NOWS}(?:(?:{_I})\s+)?{_NOWS}(?:{_PAY})\s+{_NOWS}(?P<value>{_AMOUNT}(?:\s+(?:al|par|im|pro|per|por|ao|a|na|za)\s+"
    r"(?:mes|mois|monat|mese|mês|maand|miesiąc|měsíc|lună))?)\s+(?:(?:de|d['’]|di|aan|za|na|ca)\s+)?"
    r"(?:kaltmiete|warmmiete|miete|loyer|alquiler|renta|affitto|aluguel|aluguer|renda|huur|czynszu|czynsz|nájemné|nájmu|nájem|chirie)"
    # "pago 50 soles de alquiler de la cancha": the rent of something else.
    r"(?!\s+(?:de|del|da|do|di|du|des|für|of|van|za)\b)(?P<rest>\b.*)$",
    re.IGNORECASE)


# "gano 3,000 soles al mes", "ganho R$ 4.000 por mês": a salary said by what one earns, only with the time it is earned in.
_EARNED = re.compile(
    rf"^(?P<lead>\W*){_NOWS}(?:(?:{_I})\s+)?{_NOWS}(?:gano|ganho|gagne|guadagno)\s+{_NOWS}(?P<value>{_AMOUNT}\s+"
    # "gano 200 al mes en propinas": what one earns by something else than one's pay.
    r"(?:al|por|a|par|ao|per|l['’])\s*(?:mes|mois|mês|mese|año|an|ano|anno))(?!\s+(?:en|de|con|em|com|in|di|da|du|des|extra)\b)(?P<rest>\b.*)$",
    re.IGNORECASE)


def attribute_in_english(clause: str) -> str:
    """``clause`` read in English when it opens by giving one of the speaker's attributes in another language (a
    number, an address, a rent, a salary, a doctor); as it is otherwise."""
    if (earned := _EARNED.match(clause)) is not None:
        return f"{earned['lead']}my salary is {earned['value']}{earned['rest']}"
    if (paid := _RENT_PAID.match(clause)) is not None:
        return f"{paid['lead']}my rent is now {paid['value']}{paid['rest']}"
    if (mine := _MINE_STATED.match(clause)) is not None:
        said = next(name for name, value in mine.groupdict().items() if value and name[0] == "c" and name[1:].isdigit())
        new, verb = "new " if mine["new"] else "", "is now" if mine["now"] else "is"
        return f"{mine['lead']}my {new}{_ATTRIBUTES_MINE[int(said[1:])][0]} {verb} {mine['value']}"
    if (stated := _STATED.match(clause)) is None:
        return clause
    said = next(name for name, value in stated.groupdict().items() if value and name[0] in "ab" and name[1:].isdigit())
    new = "new " if any(stated[part] for part in ("new", "new_after", "new_before_my", "new_after_my")) else ""
    verb = "is now" if stated["now"] or stated["now_mine"] else "has changed to" if stated["goes"] else "is"
    whose = "the" if stated["the"] else "my"
    return f"{stated['lead']}{whose} {new}{_ATTRIBUTES[int(said[1:])][0]} {verb} {stated['value']}"
