"""The words questions ask with, and the words that meet them: a slot's topic ("Who is Kofi's
employer?" asks for ``works_at``), a relation's other names ("mother" by "Mama"), a kind met by
its instances ("exercise" by "mountain bike": ``instances.py``). Pure tables; ``abstain`` reads them to
tell whether a memory addresses a question, and ``slot_asked`` which fact holds the slot asked about.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from engram_mcp.model.predicates import CAT_WORDS, DIETS, DOG_WORDS, HEALTH_CONDITIONS, HORSE_WORDS, PET_WORDS

__all__ = ["ANIMALS", "BELONGINGS", "KIN_WORDS", "OTHER_WORDS_FOR", "PETS", "PLANNED", "RELATIONS", "RELATION_WORDS", "TASTE", "TOPICS", "birth_order", "birth_orders", "asks_a_belonging", "slots_asked", "stem",
           "thing_asked_for", "topic_words"]

# Words the crude stem would make into another, with the stem they keep: "booked a table" is no
# book, "a meeting" no meet, "care" no car, "scared" no scar.
_STEMMED_APART = {word: word for word in ("booked", "booking", "bookings", "meeting", "meetings", "building", "buildings")} | {
    "care": "care", "cares": "care", "cared": "care", "caring": "care", "scared": "scared"} | {
    # A weekday cut short is the day ("fri is 5-11 now" for "Friday"); not "sat", "sun", "wed", "weds" or "mon", words of
    # their own ("Kavya weds Pradeep").
    "tue": "tuesday", "tues": "tuesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday"} | {
    # A past said apart from its verb is the verb ("I pay him ₦85,000" for "How much is Tobi paid?"); not those that are
    # words of their own too ("left", "felt", "fell", "made", "broke").
    past: verb for verb, pasts in (("pay", "paid"), ("buy", "bought"), ("sell", "sold"), ("spend", "spent"), ("teach", "taught"),
                                   ("tell", "told"), ("send", "sent"), ("bring", "brought"), ("fly", "flew flown"),
                                   ("drive", "drove driven"), ("writ", "wrote written"), ("keep", "kept"), ("lend", "lent"),
                                   ("meet", "met"), ("los", "lost"), ("build", "built"))
    for past in pasts.split()} | {
    # "How much is Tobi paid monthly?" asks of "₦85,000 a month".
    # Not "hourly", a word of a rate ("What is her hourly rate?"), never of opening hours.
    "monthly": "month", "weekly": "week", "daily": "day", "yearly": "year", "nightly": "night"}


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude stem that lets 'lives', 'lived', 'living' and 'live' meet. Cached: a recall stems the same
    words of the memories it reads many times over."""
    word = word.replace("’", "'")
    if word in _STEMMED_APART:
        return _STEMMED_APART[word]
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "shes", "ches", "xes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


TASTE = frozenset(stem(word) for word in "favourite favorite fav favourites favorites love loves loved like likes liked prefer "
                   "prefers preferred enjoy enjoys enjoyed adore adores best go-to obsessed".split())


# An animal by its kind or its breed: "a greyhound" is a dog, "a tabby" a cat.
ANIMALS = (frozenset(stem(w) for w in DOG_WORDS), frozenset(stem(w) for w in CAT_WORDS), frozenset(stem(w) for w in HORSE_WORDS))
"""Kinds of animal, each with its breeds: a dog is named as a greyhound, never as a cat."""
PETS = {stem(w): frozenset(stem(a) for a in PET_WORDS) for w in ("pet", "pets", "animal", "animals")}
"""A pet, asked of, is any animal kept: "Mereana's guinea pig Pickle" is her pet."""


def _relation_groups(groups: dict[str, str]) -> dict[str, frozenset[str]]:
    return {stem(word): frozenset(stem(w) for w in f"{word} {alike}".split()) for word, alike in groups.items()}


# How a parent is called in the languages chat mixes in: "my mamá Graciela", "pai's birthday", "nyokap gue".
_MOTHER_ABROAD = "mamá mami mãe maman mère mamma mẹ nanay inay mamah emak nyokap emme mitera mamica"
_FATHER_ABROAD = "papá papi pai père papà bố baba tatay itay ayah bokap bayye pateras babas tatăl tatal"
# "Saskia (mijn vrouw)", "Marlene says hallo – my vrou": a spouse in the languages chat mixes in.
_HUSBAND_ABROAD = "marido marito esposo ehemann echtgenoot manžel mąż chồng suami antras andras soțul sotul"
_WIFE_ABROAD = "esposa moglie ehefrau vrouw vrou echtgenote mujer mulher żona manželka vợ mke istri gynaika syzygos soția sotia"
# "Ruan (my seun, 24)", "mi hija Lucía": a son or daughter likewise.
_SON_ABROAD = "hijo filho figlio fils sohn zoon seun syn beta anak gios fiul fiului băiatul baiatul"
_DAUGHTER_ABROAD = "hija filha figlia tochter dochter córka dcera beti anak kori fiica"
# "mi novio Marco", "meine Freundin": a boyfriend or girlfriend in the languages chat mixes in.
_BOYFRIEND_ABROAD = "novio namorado fidanzato pacar"
# "a Bruna (minha mina)": a girlfriend in Brazilian chat; "ma blonde Élodie" in Quebec's.
_GIRLFRIEND_ABROAD = "novia namorada fidanzata mina blonde pacar"
# "my abuela Chuy turns 90", "gogo turns 85", "Tutu (grandma)": a grandparent in the languages chat mixes in.
_GRANDMOTHER_ABROAD = "abuela abuelita avó oma nonna babcia babushka ouma gogo tutu bibi giagia yiayia bunica"
_GRANDFATHER_ABROAD = "abuelo abuelito avô opa nonno dziadek dedushka oupa babu"
# "Mera bhai Kabir Toronto mein hai", "onii-chan haruki texted", "mi hermana Luz": a sibling likewise.
_BROTHER_ABROAD = "bhai bhaiya hermano irmão frère frere fratello bruder onii aniki kaka adelfos fratele"
_SISTER_ABROAD = "behen bahen didi hermana irmã sœur soeur sorella schwester siostra aneki dada adelfi sora"
# "ruracio ya mchumba wangu Akinyi", "mi prometida": one to be married in the languages chat mixes in.
_FIANCE_ABROAD = "mchumba prometido prometida noivo noiva verlobter verlobte fidanzato fidanzata"
# A person's relations and the people in their life, each with the words that name the same
# relation: the question's word must be met by one of them.
_RELATION_SPELLINGS = {
    "mother": f"mum mom mam mama mommy mummy {_MOTHER_ABROAD}", "mum": f"mother mom mam mama mummy {_MOTHER_ABROAD}",
    "mom": f"mother mum mommy mama {_MOTHER_ABROAD}", "father": f"dad daddy papa {_FATHER_ABROAD}",
    "dad": f"father daddy papa {_FATHER_ABROAD}", "parent": "parents mother father mum mom dad",
    "sister": f"sis {_SISTER_ABROAD}", "brother": f"bro {_BROTHER_ABROAD}",
    "sibling": f"siblings sister brother {_SISTER_ABROAD} {_BROTHER_ABROAD}", "son": _SON_ABROAD, "daughter": _DAUGHTER_ABROAD,
    "child": "children kid kids son daughter baby twins anak bata pikin paidi", "children": "child kid kids son daughter twins anak bata pikin paidia",
    "kid": "kids child children son daughter twins pikin", "wife": f"spouse married anniversary missus missis wifey {_WIFE_ABROAD}",
    "partner": f"boyfriend girlfriend wife husband spouse fiance fiancee fiancé fiancée {_HUSBAND_ABROAD} {_WIFE_ABROAD} "
               f"{_BOYFRIEND_ABROAD} {_GIRLFRIEND_ABROAD}",
    "boyfriend": f"partner bf {_BOYFRIEND_ABROAD}", "girlfriend": f"partner gf {_GIRLFRIEND_ABROAD}", "husband": f"spouse married anniversary hubby {_HUSBAND_ABROAD}", "fiance": f"fiancee fiancé fiancée partner {_FIANCE_ABROAD}",
    "grandmother": f"grandma gran granny nan nana {_GRANDMOTHER_ABROAD}",
    "grandma": f"grandmother gran granny nan nana {_GRANDMOTHER_ABROAD}",
    "grandfather": f"grandpa granddad grandad {_GRANDFATHER_ABROAD}", "grandpa": f"grandfather granddad grandad {_GRANDFATHER_ABROAD}",
    "grandparent": f"grandparents grandmother grandfather grandma grandpa {_GRANDMOTHER_ABROAD} {_GRANDFATHER_ABROAD}", "aunt": "auntie", "uncle": "",
    "cousin": "", "niece": "", "nephew": "", "doctor": "gp physician dr", "gp": "doctor physician dr",
    "dentist": "dentista dentiste zahnarzt tandarts dentysta", "therapist": "counsellor counselor",
    # "leanne (my physio in fitzroy)": a carer called by the word cut short.
    "physiotherapist": "physio physiotherapy", "physio": "physiotherapist", "chiropractor": "chiro", "chiro": "chiropractor",
    "orthodontist": "ortho", "dermatologist": "derm", "podiatrist": "chiropodist", "optician": "optometrist", "manager": "boss mgr", "boss": "manager mgr",
    "landlord": "landlady", "landlady": "landlord", "roommate": "flatmate housemate", "flatmate": "roommate housemate",
    "neighbour": "neighbor", "neighbor": "neighbour", "colleague": "coworker co-worker", "coworker": "colleague",
    "vet": "veterinarian", "coach": "trainer",
}
RELATIONS = _relation_groups(_RELATION_SPELLINGS)
# The relations that are a person's family (not a doctor, a boss or a neighbour), each with its other
# names: "Who is in my family?" is met by "my sister Ilka", "Tell me about my relatives" by "mamá".
_KIN = ("mother mum mom father dad parent sister brother sibling son daughter child children kid wife husband "
        "grandmother grandma grandfather grandpa grandparent aunt uncle cousin niece nephew").split()
KIN_WORDS = " ".join(sorted({word for relation in _KIN for word in f"{relation} {_RELATION_SPELLINGS[relation]}".split()}))
OTHER_WORDS_FOR = {stem(relation): tuple(_RELATION_SPELLINGS[relation].split())
                   for relation in (*_KIN, "partner", "boyfriend", "girlfriend", "fiance")}
"""Each family relation or partner (a stem) with the other words they are called by: "mother" by "mommy", "mama",
"maman", "girlfriend" by "blonde". (Not a doctor or a boss: "dr" is said of every doctor, the one asked or not.)"""


def alike_relations(relation: str) -> frozenset[str]:
    """The relations (stems) that name the same person as ``relation`` (a stem) or that it names: "wife"
    with "spouse" and "partner", "partner" with "wife", "husband" and "girlfriend"."""
    return frozenset({relation, *RELATIONS.get(relation, ()), *(other for other, alike in RELATIONS.items() if relation in alike)})


# Every word that names someone by their relation or role: "mam", "boss", "gp".
RELATION_WORDS = frozenset().union(RELATIONS, *RELATIONS.values())

# Which one of several children or siblings: "my eldest", "the youngest of us", "the middle one".
_BIRTH_ORDER = {"elder": frozenset({"eldest", "oldest", "elder", "older", "firstborn"}),
                "younger": frozenset({"youngest", "younger", "baby"}),
                "middle": frozenset({"middle"})}
_BIRTH_ORDER_STEMS = {order: frozenset(stem(name) for name in names) for order, names in _BIRTH_ORDER.items()}


def birth_orders(words: Iterable[str]) -> set[str]:
    """Which of several children or siblings ``words`` (or their stems) single out: "elder" for
    "eldest" or "older", "younger", "middle"."""
    said = {stem(word.casefold()) for word in words}
    return {order for order, names in _BIRTH_ORDER_STEMS.items() if names & said}


def birth_order(words: Iterable[str]) -> str | None:
    """The one of ``birth_orders`` that ``words`` single out, if just one."""
    found = birth_orders(words)
    return next(iter(found)) if len(found) == 1 else None

# The words people ask about a single-valued slot with ("Who is Kofi's employer?" asks for
# works_at). A fact in that slot addresses the question whatever words it uses.
TOPICS: dict[str, frozenset[str]] = {
    predicate: frozenset(stem(w) for w in words.split())
    for predicate, words in {
        "works_at": "work job employer company office career occupation profession employed boss firm freelance freelancer "
                    "freelancing self-employed retired unemployed",
        "job": "job career occupation profession role position title",
        "lives_in": "live home city address town country move moved based reside flat house apartment neighbourhood rent",
        "partner": "partner girlfriend boyfriend dating relationship bf gf",
        "spouse": "spouse wife husband married wedding wed",
        # No fact has this slot (a dislike is a negated like); the words a dislike is said in.
        "dislikes": "dislike dislikes hate hates loathe loathes detest detests stand",
        "studies_at": "study studies university uni college course student",
        "field_of_study": "study studies subject major degree course",
        "age": "age old turned",
        "diet": "diet eat food " + " ".join(DIETS),
        # No fact has this slot; a question about a condition is met by the condition named.
        "health_condition": "condition illness disease diagnosis diagnosed health medical crohn cpap herniated thyroid pressure "
                            "cholesterol syndrome disorder chronic injury injured allergy allergic intolerance intolerant "
                            + " ".join(HEALTH_CONDITIONS),
        # Likewise: a medicine is met by the words it is taken in ("on iron tablets").
        "medication": "medication medications medicine medicines meds drug drugs dose dosage pill pills prescription "
                      "prescribed tablet tablets capsule capsules inhaler injection injections supplement supplements mg",
        "birthday": "birthday born",
        "phone": "phone number mobile cell telephone",
        "email": "email mail",
        "address": "address postcode live home",
        "doctor": "doctor gp physician dr",
        "dentist": "dentist",
        "therapist": "therapist counsellor counselor",
        "manager": "manager boss mgr report reports reporting",
        "landlord": "landlord landlady",
        "username": "username handle",
        "editor": "editor text ide",
        "browser": "browser",
        "shell": "shell terminal",
        "laptop": "laptop computer",
        "camera": "camera",
        "bike": "bike bicycle",
        # Not "pickup": chat's pickup is a collection ("school pickup", "badge pickup at gate 3"); "pickup truck"
        # is met by "truck", "I drive a pickup" by "drive".
        "drives": "car drive drives vehicle motorbike motorcycle scooter van ute truck suv 4x4 hatchback wagon "
                  "minivan campervan motorhome lorry lorries hgv rig artic bakkie",
        # What one uses: "What software does Farah use?" is met by "Farah uses memoQ".
        "use": "use uses using software app apps tool tools program programme",
        "pet": "pet pets animal " + " ".join(PET_WORDS),
        "replies_in": "language reply replies answer respond write speak",
        "rent": "rent",
        "rate": "rate charge fee price hourly",
        "salary": "salary pay wage earn",
        "weight": "weight weigh heavy kilo kg pound lb stone",
        # not "team": "Sam's favourite football team" is no team Sam works on
        "team": "ward unit department squad",
        "gym": "gym climb climbing boulder bouldering workout lift lifting train training",
        "accountant": "accountant tax",
        "supplier": "supplier suppliers supply supplies supplied wholesaler wholesale stock stockist",
        "lawyer": "lawyer solicitor",
        "vet": "vet",
        "hairdresser": "hairdresser barber hair",
        "trainer": "trainer coach",
        "supervisor": "supervisor supervise supervising advisor adviser",
        "mentor": "mentor mentoring",
        "main_client": "client clients customer customers",
        "bank": "bank banks banking",
        "energy_supplier": "energy gas electricity electric power utility utilities",
        "publisher": "publisher",
        "agent": "agent",
    }.items()
}


# A plan answers what its slot asks when nothing holds that slot now ("Where does Lena work?"
# once Spotify is done: the Klarna role she accepted). ``leading.slot_first`` prefers a
# fact that holds the slot.
PLANNED = {"accepted_a_job_offer_from": "works_at"}
TOPICS.update({plan: TOPICS[slot] for plan, slot in PLANNED.items()})


# A favourite is a topic too: "What music does Ines like?" is about her favourite band.
_FAVOURITE_KINDS = {
    "band singer artist song album genre musician composer": "music songs",
    "film movie actor actress director": "films movies cinema",
    # not with films: "a rainfall series" is no favourite film
    "show series programme sitcom": "shows tv television",
    "book author novel writer poet": "books",
    "food dish meal cuisine restaurant snack dessert": "foods dishes",
    "drink coffee tea beer wine cocktail": "drinks",
    "team club sport": "teams",
    "colour color": "colours colors",
    "game": "games",
    "place city country": "places",
}
TOPICS.update({
    f"favourite_{thing}": frozenset(stem(w) for w in f"{things} {alike}".split())
    for things, alike in _FAVOURITE_KINDS.items()
    for thing in things.split()
})


# Every medicine's dose is its own slot ("amlodipine_dose"); all are asked about in the same words.
_DOSES = TOPICS["medication"]


def topic_words(predicate: str) -> frozenset[str] | None:
    """The words a question asks about ``predicate``'s slot with; None for a slot no question word names."""
    return _DOSES if predicate.endswith("_dose") else TOPICS.get(predicate)


def slots_asked(terms: tuple[str, ...]) -> list[str]:
    """The slots a question's words ask about ("car", "driv" ask for ``drives``)."""
    asked = set(terms)
    return [predicate for predicate, words in TOPICS.items() if words & asked]


_WHICH_THING = re.compile(r"\b(?:which|what)\s+([^\W\d_]+)", re.IGNORECASE)


def thing_asked_for(question: str, terms: tuple[str, ...]) -> str:
    """The word (a stem of ``terms``) of what a which- or what-question asks for: "hospital" in "Which
    hospital is my mother's operation at?"; "" when it names none ("What is …", "When is …")."""
    asked = _WHICH_THING.search(question)
    word = stem(asked.group(1).casefold()) if asked else ""
    return word if word in terms else ""


# The things one has one of, said by their word or their make ("Ilka just got a Tesla", "on a Brompton":
# ``abstain.lexical_coverage``): "What car does my sister drive?" is not answered by the speaker's own car.
BELONGINGS = ("drives", "bike", "laptop", "camera")
_BELONGING_WORDS = frozenset().union(*(TOPICS[slot] for slot in BELONGINGS))


def asks_a_belonging(focus: tuple[str, ...]) -> bool:
    """Whether a question asks of a thing one has one of (a car, a bike, a laptop, a camera)."""
    return bool(_BELONGING_WORDS & set(focus))
