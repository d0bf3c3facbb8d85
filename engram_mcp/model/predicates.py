"""Predicates as extraction writes them ("works at", "is allergic to", "doesn't like"),
normalised to slot keys that can be compared. Pure.

A slot is (subject, predicate, object, polarity). Two facts about the same subject and the
same *single-valued* predicate cannot both be current: the later one supersedes the earlier.
A multi-valued predicate (likes, visited, speaks) holds many objects at once; only the
opposite polarity on the same object contradicts it ("likes tea" / "doesn't like tea").

Normalisation: lower-case; negation words set the polarity and are dropped; auxiliaries
and adverbs are dropped; a leading preposition of the object joins the predicate
("works" + "at Google" -> ``works_at``); synonyms map to one key (``SYNONYMS``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from engram_mcp.model.entities import written_alike

__all__ = [
    "DIETS",
    "CAT_WORDS",
    "DOG_WORDS",
    "HABIT_KINDS",
    "HEALTH_CONDITIONS",
    "MULTI_VALUED",
    "PET_WORDS",
    "RELATIONSHIP_STATUSES",
    "SINGLE_VALUED",
    "SYNONYMS",
    "Slot",
    "is_single_valued",
    "normalise",
    "parse_statement",
    "third_singular",
]

SINGLE_VALUED = frozenset(
    {
        "works_at",
        "lives_in",
        "opening_time",
        "closing_time",
        "job",
        "age",
        "relationship_status",
        "spouse",
        "partner",
        "name",
        "studies_at",
        "field_of_study",
        "birthday",
        "email",
        "phone",
        "nationality",
        "pronouns",
        "diet",
        "drives",
        "team",
        # What a person has one of, named by an attribute ("my GP is …": ``extraction.attributes``).
        "address",
        "doctor",
        "dentist",
        "therapist",
        "manager",
        "landlord",
        "username",
        "editor",
        "browser",
        "shell",
        "laptop",
        "camera",
        "bike",
        "os",
        "replies_in",
        "rent", "salary", "weight", "mortgage", "commute", "bedtime", "handicap", "rate",
        "gym", "accountant", "lawyer", "vet", "hairdresser", "trainer", "tutor", "physio", "mechanic", "plumber", "cleaner",
        "nanny", "optician", "psychiatrist", "roommate", "main_client", "biggest_client", "main_customer",
        "supplier", "agent", "mentor", "supervisor", "publisher",
        "bank", "energy_supplier", "energy_provider", "electricity_supplier", "gas_supplier", "broadband_provider",
        "internet_provider", "mobile_network", "insurer",
    }
)
"""Predicates with one current value per subject. Every ``favourite_*`` is single-valued too."""

MULTI_VALUED = frozenset(
    {"likes", "visited", "speaks", "allergic_to", "has", "owns", "plays", "reads", "watches", "knows", "wants",
     "asked", "prefers", "collects", "eats", "drinks", "uses", "did", "went", "went_to", "attended", "met",
     "pet", "had", "sibling", "child", "parent", "friend"}
)
"""Predicates known to hold many objects at once: a new object never supersedes an old one."""

# "joined" is not among them: one joins a gym, a club or a support group as often as a company,
# and the rules give a joined company its own "works at" fact.
SYNONYMS: dict[str, str] = {
    **dict.fromkeys(("work_at", "works_at", "work_for", "works_for", "employed_at", "employed_by", "job_at",
                     "started_at", "working_at", "working_for", "employer", "workplace"), "works_at"),
    **dict.fromkeys(("live_in", "lives_in", "reside_in", "resides_in", "based_in", "moved_to", "move_to",
                     "relocated_to", "lives_at", "living_in", "staying_in"), "lives_in"),
    **dict.fromkeys(("work_as", "works_as", "working_as", "job", "role", "occupation", "profession", "is_a_job"), "job"),
    **dict.fromkeys(("like", "likes", "love", "loves", "enjoy", "enjoys", "is_into", "fan_of", "is_fan_of"),
                    "likes"),
    # One current partner, whatever the word: "my girlfriend Jess", later "I married Tom".
    **dict.fromkeys(("is_married_to", "married_to", "married", "wife", "husband", "spouse", "dating", "is_dating",
                     "partner", "boyfriend", "girlfriend", "is_seeing", "fiance", "fiancee", "fiancé", "fiancée"),
                    "partner"),
    **dict.fromkeys(("drive", "drives", "car", "is_driving"), "drives"),
    **dict.fromkeys(("pet", "has_pet", "has_dog", "has_cat"), "pet"),
    **dict.fromkeys(("diet", "eats_diet", "is_on_diet"), "diet"),
    **dict.fromkeys(("name", "is_called", "called", "named", "goes_by"), "name"),
    **dict.fromkeys(("study_at", "studies_at", "is_studying_at", "attend", "attends", "enrolled_at", "studying_at"),
                    "studies_at"),
    # Not "studies": "Sofia studies hard at the library" names no subject of study.
    **dict.fromkeys(("major_in", "majors_in", "majoring_in", "degree_in", "field_of_study"), "field_of_study"),
    **dict.fromkeys(("allergic_to", "is_allergic_to", "has_allergy_to"), "allergic_to"),
    **dict.fromkeys(("visit", "visits", "visited", "been_to", "went_to"), "visited"),
    **dict.fromkeys(("speak", "speaks"), "speaks"),
    **dict.fromkeys(("age", "aged", "years_old"), "age"),
    **dict.fromkeys(("birthday", "bday", "b-day", "born_on", "was_born_on"), "birthday"),
    **dict.fromkeys(("phone", "phone_number", "number", "mobile", "mobile_number", "cell", "telephone"), "phone"),
    **dict.fromkeys(("roommate", "roomie", "flatmate", "housemate"), "roommate"),
    **dict.fromkeys(("email", "email_address", "e-mail"), "email"),
    **dict.fromkeys(("address", "home_address", "postcode", "zip_code"), "address"),
    **dict.fromkeys(("doctor", "gp", "family_doctor", "physician"), "doctor"),
    **dict.fromkeys(("rate", "hourly_rate", "day_rate"), "rate"),
    **dict.fromkeys(("manager", "boss", "line_manager", "ops_manager", "operations_manager", "area_manager", "shift_manager",
                    "store_manager", "site_manager"), "manager"),
    **dict.fromkeys(("landlord", "landlady"), "landlord"),
    **dict.fromkeys(("username", "handle"), "username"),
    **dict.fromkeys(("editor", "text_editor", "ide"), "editor"),
    **dict.fromkeys(("shell", "terminal"), "shell"),
    **dict.fromkeys(("os", "operating_system"), "os"),
    **dict.fromkeys(("replies_in", "reply_in", "answers_in", "reply_language"), "replies_in"),
    **dict.fromkeys(("salary", "pay", "wage"), "salary"),
    **dict.fromkeys(("lawyer", "solicitor"), "lawyer"),
    **dict.fromkeys(("hairdresser", "barber"), "hairdresser"),
    **dict.fromkeys(("trainer", "personal_trainer", "coach"), "trainer"),
    **dict.fromkeys(("physio", "physiotherapist"), "physio"),
    **dict.fromkeys(("supplier", "coffee_supplier", "main_supplier"), "supplier"),
    **dict.fromkeys(("therapist", "counsellor", "counselor"), "therapist"),
}
# Verbs whose opposite is a negated like: "hates tea" contradicts "likes tea".
_NEGATING = {"hate": "likes", "hates": "likes", "dislike": "likes", "dislikes": "likes", "detests": "likes"}
_NEGATION = frozenset("not no never doesn't don't didn't isn't aren't wasn't won't no_longer".split())
_AUXILIARIES = frozenset(
    """is am are was were be been being has have had does do did will would shall can could may might must
    currently now still also really just already usually always actually recently finally""".split()
)
_COPULA = frozenset("is am are was were be been being isn't aren't wasn't".split())
_PREPOSITIONS = frozenset("at in to for as with from on of by".split())
_ARTICLES = frozenset("a an the".split())
# "doesn't like jazz anymore" is about jazz, not about "jazz anymore".
# "not allergic to cats after all": what a value is said with to take back what was said of it is no part of it.
_TIME_TAIL = frozenset("anymore now nowadays lately either too anyway again these_days after_all".split())
HABIT_KINDS = frozenset(
    """class classes lesson lessons session sessions practice training shift shifts rehearsal rehearsals game games match
    matches club group team choir meeting meetings""".split()
)
"""What a habit is held as ("yoga classes", "football training"): said alone ("Mateo's training
moved to Wednesdays"), it is the one habit of that kind."""
DOG_WORDS = frozenset(
    """dog puppy pup beagle labrador poodle terrier spaniel collie retriever greyhound whippet lurcher dachshund pug
    husky corgi schnauzer bulldog chihuahua dalmatian doberman rottweiler shiba akita staffy staffie elkhound kelpie
    heeler labradoodle cockapoo cavapoo cavalier samoyed malamute mastiff pitbull sheepdog mutt goldendoodle
    bernedoodle maltipoo doodle westie yorkie sheltie frenchie springer vizsla weimaraner pomeranian shih-tzu coonhound
    bloodhound foxhound basset ridgeback perro perrito perrita cachorro chien chienne hund anjing köpek""".split()
)
"""A dog, by what people call one, in the languages chat mixes in too: "a greyhound called Canela", "mi perro"."""
CAT_WORDS = frozenset("""cat kitten kitty tabby moggy moggie ragdoll siamese tomcat tortie tortoiseshell sphynx gato gata gatito gatto
    gatta katze kucing""".split())
"""A cat, by what people call one: "Pickle, our four-year-old tabby", "kucing aku Mochi"."""
HORSE_WORDS = frozenset("horse pony mare stallion gelding filly colt foal".split())
"""A horse, by what people call one: "Juniper (my mare)" is a horse."""
PET_WORDS = DOG_WORDS | CAT_WORDS | HORSE_WORDS | frozenset(
    """rabbit bunny hamster parrot budgie tortoise turtle guinea pig horse pony ferret gerbil lizard gecko iguana
    chinchilla axolotl tarantula cockatiel canary hedgehog
    snake fish goldfish""".split()
)
"""Animals people keep, and the breeds they call them by ("a greyhound called Canela")."""
HEALTH_CONDITIONS = frozenset(
    """diabetes diabetic asthma asthmatic epilepsy epileptic adhd autism autistic anxiety depression arthritis migraine
    migraines eczema psoriasis coeliac celiac crohn's ibs hypertension cancer apnea apnoea insomnia gout lupus
    endometriosis pcos copd sciatica hernia tinnitus vertigo anaemia anemia hypothyroidism hyperthyroidism emphysema
    parkinson's parkinsons dementia alzheimer's alzheimers osteoporosis angina fibromyalgia glaucoma dyslexia""".split()
)
"""Lasting conditions people mention in passing ("my asthma has been annoying"): worth keeping,
and what a question about a health condition is met by."""
RELATIONSHIP_STATUSES = frozenset("single married divorced engaged widowed separated".split())
"""What "I'm X now" can say about a relationship; one current value."""
DIETS = frozenset(
    """vegetarian vegan pescatarian pescetarian keto paleo gluten-free dairy-free plant-based carnivore
    flexitarian halal kosher lactose-free low-carb""".split()
)
"""Ways of eating a person has one of at a time: "I'm vegan now" replaces "I'm vegetarian"."""
_STATUSES = RELATIONSHIP_STATUSES | {"dating", "taken", "in_a_relationship"}
_HAVE_DO = {"has": "has", "have": "has", "had": "had", "does": "did", "do": "did", "did": "did"}
_AGE = re.compile(r"^(\d{1,3})(?: years?(?: old)?| y/?o)?$")
_POSSESSIVE = re.compile(r"^(?P<subject>.+?)['’]s (?P<attribute>[\w -]+?) (?:is|are|was) (?P<object>.+)$", re.I)
# A name may open with a title and its full stop: "Dr. Lind is my dentist", "Mr. Okafor teaches maths".
_TITLE = re.compile(r"^(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sr|Jr|St)\. ")
_NAME_WORD = re.compile(r"[\w'’-]+")


@dataclass(frozen=True, slots=True)
class Slot:
    """A fact's comparable core."""

    subject: str
    predicate: str
    object: str
    negated: bool = False
    person: str = ""
    """The name a fact about one of the speaker's people gives them ("joon" in "Young-hee's son
    Joon works at Boeing"), so that two sons are two people; empty when none is given."""

    @property
    def single_valued(self) -> bool:
        return is_single_valued(self.predicate)


def is_single_valued(predicate: str) -> bool:
    # One takes one dose of a medicine at a time: "amlodipine_dose" 10mg replaces 5mg.
    # An item's price is one at a time too: "flat_white_price" £3.60 replaces £3.40.
    return (predicate in SINGLE_VALUED or predicate.startswith("favourite_") or predicate.endswith("_how_often")
            or predicate.endswith("_dose") or predicate.endswith("_price"))


def normalise(subject: str, predicate: str, obj: str) -> Slot:
    """The slot for a (subject, predicate, object) triple as extraction wrote it."""
    words = _words(predicate)
    negated = any(w in _NEGATION for w in words)
    copula = any(w in _COPULA for w in words)
    # "had" + "an interview" is the verb itself, not an auxiliary in front of one.
    main_verb = next((_HAVE_DO[w] for w in reversed(words) if w in _HAVE_DO), None)
    words = [w for w in words if w not in _NEGATION and w not in _AUXILIARIES]
    if not words and main_verb and not copula:
        words = [main_verb]
    rest = _words(obj)
    while rest and (rest[0] in _NEGATION or rest[0] in _AUXILIARIES):
        negated = negated or rest[0] in _NEGATION
        copula = copula or rest[0] in _COPULA
        rest = rest[1:]
    if not words and copula:
        words, rest = _predicate_from_object(rest)
    elif not words:
        words, rest = rest[:1], rest[1:]
    # "teach yoga how often" + "on Mondays": the days are the value, the slot stays the habit's.
    if rest and rest[0] in _PREPOSITIONS and len(rest) > 1 and words[-1] not in _PREPOSITIONS and words[-2:] != ["how", "often"]:
        words, rest = [*words, rest[0]], rest[1:]
    key = "_".join(_lemma(words))
    if key in _NEGATING:
        key, negated = _NEGATING[key], not negated
    key = _favourite(key)
    key = SYNONYMS.get(key, key)
    return Slot(subject=subject_key(subject), predicate=key, object=_object_key(rest), negated=negated)


def parse_statement(text: str, subject: str | None = None) -> tuple[str, str, str] | None:
    """(subject, predicate, object) read from a plain statement, when its shape is simple.

    Understands "Ali works at Google", "Ali's favourite colour is blue" and, given the
    subject, any statement that starts with it. Returns None when it cannot tell.
    """
    # A line break is a space to the statement's shape: "Ana likes tea.\nShe also likes coffee."; an
    # accent typed as a letter and a mark (macOS) is read as the one letter it shows.
    body = " ".join(unicodedata.normalize("NFC", text).split()).rstrip(".!")
    possessive = _POSSESSIVE.match(body)
    if possessive and (subject is None or subject_key(possessive["subject"]) == subject_key(subject)):
        return possessive["subject"], possessive["attribute"], possessive["object"]
    if subject and body.casefold().startswith(subject.casefold() + " "):
        rest = body[len(subject) + 1 :]
    else:
        opening = _name_first(body)
        if opening is None:
            return None
        subject, rest = opening
    words = rest.split()
    if _OWNER.search(subject) and (verb := _verb_after_a_thing(words)) is not None:
        # "Lucía's job search spreadsheet has 40 rows": the slot is the thing's, never her job's.
        return subject, " ".join(words[: verb + 1]), " ".join(words[verb + 1 :])
    head = 0
    while head < len(words) and (words[head].lower() in _AUXILIARIES or words[head].lower() in _NEGATION):
        head += 1
    if head >= len(words):
        return None
    return subject, " ".join(words[: head + 1]), " ".join(words[head + 1 :])


def _name_first(body: str) -> tuple[str, str] | None:
    """The name a statement opens with and the rest: its words start with a capital ("Ali Khan",
    "Мария Иванова") or are written in a script without capitals ("王芳", "محمد")."""
    title = _TITLE.match(body)
    start = title.end() if title else 0
    words = body[start:].split(" ")
    count = 0
    while count < len(words) - 1 and _starts_a_name(words[count]):
        count += 1
    if count == 0:
        return None
    return body[:start] + " ".join(words[:count]), " ".join(words[count:])


def _starts_a_name(word: str) -> bool:
    first = word[:1]
    return first.isalpha() and not first.islower() and _NAME_WORD.fullmatch(word) is not None


_OWNER = re.compile(r"['’]s$")
"""The possessive ending of a name: "Lucía's" is Lucía, owning what follows."""
# What follows "Ali's" when it stands for "Ali is" or "Ali has": "Ali's moving", "Ali's got", "Ali's not", "Ali's in Leeds".
_SAID_OF_THEM = re.compile(r"(?i:\w+(?:ing|ed)|got|gone|been|left|done|not|no|now|just|still|also|finally|off|back|in|at|on|"
                           r"with|from|a|an|the|very|so|really|always|never|become|taken)")
_VERBS_AFTER_A_THING = frozenset("""is are was were has have had does did will would can could may might must
    went left came got took made gave ran fell broke began won lost sold bought paid met grew kept sent""".split())


def _verb_after_a_thing(words: list[str]) -> int | None:
    """Where the verb stands after a thing named after an owner ("job search spreadsheet" then
    "has"; "sister Chioma's wedding" then "is"); None when what follows the owner says something of
    them ("Ali's moving") or no verb is seen."""
    if not words or _SAID_OF_THEM.fullmatch(words[0]):
        return None
    for at, word in enumerate(words[1:], start=1):
        word = word.casefold().replace("’", "'")
        if word in _VERBS_AFTER_A_THING or word in _NEGATION or word.endswith("ed") or (
                word.endswith("s") and not word.endswith(("'s", "ss", "us", "is"))):
            return at
    return None


def subject_key(name: str) -> str:
    return " ".join(_OWNER.sub("", written_alike(name).strip()).casefold().split())


def _predicate_from_object(rest: list[str]) -> tuple[list[str], list[str]]:
    """'is' + 'allergic to peanuts' -> allergic_to / peanuts; 'is' + 'a nurse' -> is_a / nurse."""
    if not rest:
        return ["is"], []
    phrase = "_".join(rest)
    if phrase in _STATUSES or "_".join(rest[:3]) == "in_a_relationship":
        return ["relationship", "status"], rest
    if _AGE.match(" ".join(rest)):
        return ["age"], rest[:1]
    bare = rest[1:] if rest[0] in _ARTICLES else rest
    if len(bare) == 1 and bare[0] in DIETS:
        return ["diet"], bare
    if rest[0] in _ARTICLES:
        return ["is", "a"], rest[1:]
    if len(rest) > 2 and rest[1] in _PREPOSITIONS:
        return rest[:2], rest[2:]
    return ["is"], rest


def _favourite(key: str) -> str:
    # "my new favourite band" is the favourite band: one at a time, the newer replacing the older.
    key = re.sub(r"^(?:new|current|latest|all_time|absolute|top)_(?=favou?rite_)", "", key)
    return re.sub(r"^favou?rite_", "favourite_", key).replace("colour", "color")


def third_singular(verb: str) -> str:
    """The verb after "he" or "she": "play" → "plays", "watch" → "watches", "study" → "studies"."""
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _lemma(words: list[str]) -> list[str]:
    """Third-person -s off the verb only, so 'likes' and 'like' meet and 'relationship_status' stays."""
    if not words:
        return words
    head = words[0]
    if head.endswith("ies") and len(head) > 4:
        head = head[:-3] + "y"
    elif head.endswith(("ches", "shes", "sses", "xes")):
        head = head[:-2]
    elif head.endswith("s") and not head.endswith(("ss", "us", "is")) and len(head) > 3:
        head = head[:-1]
    return [head, *words[1:]]


def _object_key(words: list[str]) -> str:
    while words and words[0] in _ARTICLES:
        words = words[1:]
    while words and words[-1] in _TIME_TAIL:
        words = words[:-1]
    return " ".join(words)


def _words(text: str) -> list[str]:
    text = text.casefold().replace("’", "'").replace("does not", "doesn't").replace("do not", "don't")
    text = text.replace("no longer", "no_longer").replace("after all", "after_all")
    return re.findall(r"[\w'/-]+", text)
