"""Whether a memory gives the name a question asks for: "What is Ingrid's dog called?" is met by
"my dog Rex", "a dog called Rex", "Rex, our dog", "her name is Shadow", "rusty (kelpie, 13)", and
not by "the dog idea, Lars is allergic" or "mum called from pune". Pure.

Recall declines a question that asks a name when nothing recalled gives one
(``abstain.Coverage.unnamed``); what is said of someone else is ``unsaid.py``'s.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from engram_mcp.model.entities import typed_without_capitals
from engram_mcp.model.function_words import FUNCTION_WORDS
from engram_mcp.model.time_expr import says_a_time
from engram_mcp.retrieval.names_asked import names_person
from engram_mcp.retrieval.question_words import ANIMALS, PETS, RELATION_WORDS, RELATIONS, stem

__all__ = ["NAME_INSIDE", "asks_first_name", "asks_given_name", "asks_name", "asks_surname", "names_thing", "things_to_name", "without_name_asked"]


# "What did Onur and Melis name their baby?": naming a thing, asked as a verb, asks its name.
_ASKS_NAME = re.compile(r"\b(?:called|named)\W*$|\bnames?\s+of\b|\bnames?\W*$|\bsurname\b"
                        r"|^\W*what\s+(?:did|do|does|will|would|are|is|have|has)\s+[^?]*?\b(?:name|naming)\s+"
                        r"(?:their|his|her|the|my|our|your|its)\b", re.IGNORECASE)
_NAME_ASKED = frozenset({"nam", "call"})
# "What is Aunty Mele's surname?": the name after the one the question already gives.
_ASKS_SURNAME = re.compile(r"\b(?:surname|(?:last|family|full|maiden)\s+name)\b", re.IGNORECASE)
_SURNAME_SAID = re.compile(r"\b(?i:surname|(?:last|family|maiden)\s+name)\s*(?:is|was|'s|:|=)\s*[A-Z]")
# "What is Mrs Pritchard's first name?": the name before the one the question already gives.
# Asked of someone by their name ("Mrs Pritchard's", "Ashworth's"), not by who they are ("Branwen's mother's first name?":
# "my mam Eleri" gives it).
_ASKS_FIRST_NAME = re.compile(r"(?:\b(?i:mr|mrs|ms|miss|mx|dr|prof)\.?\s+[^\W\d_][\w-]*|(?<![.?!]\s)(?<!^)\b[A-Z][\w-]*)['’]s\s+"
                              r"(?i:first|given|christian|fore)\s*name\b")
_FIRST_NAME_SAID = re.compile(r"\b(?i:(?:first|given|christian|fore)\s*name)\s*(?:(?:is|was|'s|:|=)\s*)?[A-Z]")
_TITLES = frozenset("mr mrs ms miss mx dr prof professor sir dame lady lord aunty auntie aunt uncle".split())
_NAME_PAIR = re.compile(r"\b([A-Z][\w'’-]+)\s+(?=([A-Z][\w'’-]+))")
# "mams party is NOT at the pub": a word shouted in capitals is no name.
_SHOUTED_NOT_NAMES = r"(?!(?:NOT|NO|NEVER|ALL|AND|BUT|THE|IS|ARE|WAS|YES|VERY|SO|REALLY|STILL|JUST|ONLY|ALWAYS|AT|IN|ON|OFF|OK)\b)"
# "a baby boy, Emil!": a name set off by a comma that ends its clause (not "the dog idea, Lars is …").
# "a new graduate engineer starting wed, Tinashe": a name closing the clause that tells of the thing.
# "mum (Halyna) called from Lviv": the name in brackets right after. "solo with the cat till Thu" names no cat.
# "physio Thursday at 4pm", "state inspection Wednesday the 20th": a day, or a month no one is named after, names nothing.
_WHEN_NOT_NAMES = (r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|"
                   r"January|February|March|July|September|October|November|December|Jan|Feb|Mar|Jul|Sep|Sept|Oct|Nov|Dec)\b)")
# "kay Nanay sa Batangas": a word saying where or to whom, in the languages chat mixes in too, is followed by a place, not
# the thing's name.
_NOT_BEFORE_A_NAME = ("in|at|on|from|near|of|for|to|with|by|and|or|till|until|since|before|after|"
                      "sa|kay|ng|ni|em|no|na|da|do|en|de|del|au|du|im|am|zu|nach|bei|von|w|we|z|di|se|mein|ko|pe|"
                      "sur|dans|chez|avec|pour|par|vers|su|per|con|tra|fra|por|para|sobre|dari|ke|dengan|untuk|dalam|pada|b|3a|men")
# One short word may come between: "kucing aku Mochi", "ate ko si Jhoana" (not a verb: "my mum takes Concor", "mama
# betakhod Concor", "my mum visited Leeds").
_NAME_AFTER = re.compile(r"(?:['’]s)?(?:,\s*|\s+)(?:(?!(?:" + _NOT_BEFORE_A_NAME + r")\s)[a-z]{1,5}(?<!s)(?<!ed)\s+)?"
                         # "Our team is the Smoke Eaters": a name after "is the" too.
                         r"(?:(?:called|named|is|was|are)\s+(?:the\s+)?)?" + _SHOUTED_NOT_NAMES + _WHEN_NOT_NAMES + r"[A-Z]|\s*\(\s*[A-Z]|"
                         # "tiffin service chalati hoon, 'Annapurna Dabba'.": a name in quotes closes the clause too.
                         r"(?:\s+[a-z]+){1,3},\s+(?:['‘\"“][A-Z][\w’-]*(?:\s+&?\s*[A-Z][\w’-]*)*['’\"”]|[A-Z][\w'’-]*)"
                         r"(?=\s*(?:[.!?,;)]|$))")
_NAME_OPENS_THE_SENTENCE_BEFORE = re.compile(
    r"(?:^|[.!?]\s+)(?!(?:I|The|A|An|My|Our|Your|We|He|She|They|It|This|That|These|Those|There|Just|So|Got|Took|Went|Had|Did|"
    r"Was|Is|Today|Yesterday|Tonight|Last|Then|Also|Well|Oh|And|But|Still|Every|Some|No|Not)\b)" + _WHEN_NOT_NAMES
    + r"[A-Z][\w'’-]+\s+[a-z][^.!?\n]*[.!?]+\s+$")
# "the cat's been sick on the good rug. Tattie you wee midden": the name the next sentence calls it by (not
# "Thank you", "Love you", "Told you so", "Are you …").
_CALLED_BY_NEXT = re.compile(r"[^.!?\n]*[.!?]+\s+(?!(?:Thank|Thanks|Love|Bless|Miss|See|Mind|Told|Tell|Hate|Bet|Trust|Let|Got|"
                             r"Hear|Wish|Need|Want|Are|Were|Do|Did|Does|Can|Could|Will|Would|Should|Shall|Have|Had|Has|If|As|"
                             r"When|Where|What|Why|How|Who|Which|And|But|So|Or|Oh|Ah|Hey|Hi|Hello|Yes|No|Aye|Okay|Ok|Night|"
                             r"Morning|Cheers|Mean|Guess|Swear|Promise|Owe|Get|Gotcha|Same)\b)"
                             r"[A-Z][\w'’-]+,?\s+(?:you|ya|ye)\b")
_NAME_SOON_AFTER = re.compile(r"\W*(?:[\w'’-]+\W+){0,3}?(?:called|named)\s+[A-Z]")
# "a little flower shop on Sturt St in Ballarat called Wattle & Twine": the name after where the thing is.
_NAME_AFTER_ITS_PLACE = re.compile(r"(?:\s+(?:on|in|at|near|off|by)\s+(?:the\s+)?[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)+,?\s+"
                                   r"(?:called|named)\s+[A-Z]")
# "a cloud kitchen chalata hoon - Tiffin Tales", "a family olive oil business in Ayvalık - Kaya Zeytinevi": the name set
# off by a dash a few words after, closing the clause (not "the practice manager at reception - RCVS card").
_NAME_AFTER_A_DASH = re.compile(r"(?:\s+[\w'’]+){0,3}\s+[-–—]\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*\s*(?:[,.;!?)]|$)")
# "Chispa (mi chihuahua)": "my" in the languages chat mixes in.
_NAME_BEFORE_BRACKET = re.compile(r"\b(?!(?:the|a|an|my|our|his|her|their|and|or|with|of)\b)[\w'’-]+\s+\("
                                  r"(?:(?:my|our|a|an|the|mi|mis|mon|ma|mes|mein|meine|meu|minha|mio|mia)\s+)?$",
                                  re.IGNORECASE)
_HER_NAME = re.compile(r"\b(?i:her|his|their|its)\s+name(?:\s+is|['’]s)\s+[A-Z]|"
                       # "i take a kitten. grey girl, 3 months. name Tyshkan": a name given (not "my name is").
                       r"(?<![Mm]y\s)(?<![Oo]ur\s)\b(?i:name)(?:\s+is|:)?\s+[A-Z]")
_NOT_A_NAME_WORDS = "is|was|has|had|and|but|from|in|at|on|to|the|a|an|with|for|got|keeps|needs|who|that|just|really|also"
_NOT_A_NAME = rf"(?:{_NOT_A_NAME_WORDS})\b"
# "mum called from pune", "she called me back", "i called dona fatima": called on the phone, naming no one; a
# pronoun that does the calling says so.
_UNCASED_CALLED = re.compile(r"(?:\b(?:(?<!\bi\s)(?<!\bwe\s)(?<!\bhe\s)(?<!\bshe\s)(?<!\bthey\s)(?<!\byou\s)called|named)\s+(?!(?:" + _NOT_A_NAME_WORDS + r"|me|you|him|her|us|them|back|today|"
                             r"yesterday|tonight|again|about|earlier|up|off|round|over|around)\b)\w|"
                             # "archie named her mabel": naming someone is never a phone call; nor is calling a thing so, "she
                             # called it tena" (not "called it a day", "called it off").
                             r"\bnamed\s+(?:him|her|them|it)\s+(?!(?:" + _NOT_A_NAME_WORDS + r")\b)\w|"
                             r"\bcalled\s+it\s+(?!(?:" + _NOT_A_NAME_WORDS + r"|quits|off|in|out|done|even|a\s+night)\b)\w)")
# "the layout mainly. its called brassington junction": a name typed in lowercase, "called" soon after the thing.
_LOWERCASE_NAME_SOON_AFTER = re.compile(r"\W*(?:[\w'’-]+\W+){0,3}?" + _UNCASED_CALLED.pattern)
# "my partner gethin": a name after the thing; after another relation than the one asked it names
# someone else ("mum is fine … my partner gethin" names no mother). "my address w/ the uni": no name is
# one letter, or cut short by a slash.
_UNCASED_MY_THING = re.compile(r"\b(?:my|our)\s+(?P<thing>[a-z]+)\s+(?!" + _NOT_A_NAME + r")(?P<name>[a-z]{2,})(?<![^s]s)(?<!ed)\b(?!/)")
# "nuno is on my sofa tonight", "my commute now", "in my first week": a word of the language's closed classes (a
# function word, a time, an ordinal or a word that says which one) is no name, nor is what it follows a thing named.
_NEVER_NAMES = FUNCTION_WORDS | frozenset("""today tonight tomorrow yesterday now day days night nights week weeks weekend month
    months year years morning mornings afternoon evening evenings first second third last next new old own other whole only
    usual same""".split())
_NAME_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def asks_name(question: str) -> bool:
    """Whether the question asks what something is called."""
    return _ASKS_NAME.search(question.strip()) is not None


def without_name_asked(focus: tuple[str, ...]) -> tuple[str, ...]:
    """The focus (stems) without the words that ask for a name ("name", "called"): what is named."""
    return tuple(term for term in focus if term not in _NAME_ASKED)


def asks_surname(question: str) -> bool:
    """Whether the question asks the name after one it gives ("What is Kai's last name?")."""
    return _ASKS_SURNAME.search(question) is not None


_TITLED_NAME_AFTER = re.compile(r"^\s*(?:(?:is|was|[:=-])\s*)?(?:mr|mrs|ms|miss|mx|dr|prof|professor)\.?\s+[^\W\d_][\w'’-]+", re.IGNORECASE)


def things_to_name(question: str, focus: tuple[str, ...]) -> tuple[str, ...]:
    """What ``question`` asks the name of, without the names it says ("What's the name of the Sutton Vale
    manager?" asks the manager's: "Sutton Vale Rec" names no manager); ``focus`` when nothing else is left."""
    # "What is the name of Lwazi's husky?" asks the husky's: "Lwazi's" is whose, said as a name.
    said = {stem(re.sub(r"['’]s?$", "", word).casefold())
            for word in re.findall(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w'’-]+", question.strip())}
    things = tuple(term for term in focus if term not in said)
    return things if without_name_asked(things) else focus


def asks_first_name(question: str) -> bool:
    """Whether the question asks the name before one it gives ("What is Mrs Pritchard's first name?")."""
    return _ASKS_FIRST_NAME.search(question.strip()) is not None


def asks_given_name(question: str) -> bool:
    """Whether the question asks someone's first name, whoever it names them by ("What is Rosangela's English teacher's
    first name?")."""
    return _GIVEN_NAME_ASKED.search(question) is not None


_GIVEN_NAME_ASKED = re.compile(r"\b(?:first|given|christian|fore)\s*name\b", re.IGNORECASE)
# "my teacher Ms Carvalho": a title and a family name give no first name ("Dr Eleri Pritchard" does).
_TITLE_AND_SURNAME = re.compile(r"\b(?i:mr|mrs|ms|miss|mx|dr|prof)\.?\s+[A-Z][\w'’-]*(?![\w'’-])(?!\s+[A-Z])")


def names_thing(focus: tuple[str, ...], text: str, *, surname: bool = False, first_name: bool = False,
                owners: Collection[str] = (), whose: Collection[str] = (), given_name: bool = False) -> bool:
    """Whether ``text`` gives a name to what ``focus`` (stems) asks the name of: a capitalised word
    right after it ("my dog Rex", "a dog called Rex") or before it, set off by a comma ("Rex, our
    dog"); "her name is Shadow" anywhere; in a text typed without capitals, any word after
    "called" or "named". Asked for a ``surname``, only a name right after the one asked of gives it. Asked
    for the names of the relatives of someone else than the speaker (``owners``, casefolded: "Solveig's sons"),
    "my son Eirik" or "Dagny's son Eirik" names another's. Asked for a ``first_name``, only a name right before
    the one asked of gives it ("Mrs Eleri Pritchard"; not "sent mrs pritchard the quote"), or one said as a first name.
    Asked of someone else's relative or thing by their name (``whose``, as written), only a text naming them, or naming a
    relation they may be known by, gives it: "her mum Ngaire", said of Isla, is not Mila's mum, nor "My own dog is Vlek"
    Lwazi's husky, while "mum has a new budgie, she called it tena" may name Almaz's pet. Asked a ``given_name``, a title
    and a family name give none ("my teacher Ms Carvalho")."""
    if given_name and not first_name:
        text = _TITLE_AND_SURNAME.sub("someone", text)
    if not all(names_person(owner, text) for owner in whose) and not _a_relation_besides(focus, text):
        return False
    # "Dev's Jack Russell arrived, he's called Biltong": whatever their thing is called there, said as theirs.
    if any(re.search(rf"\b{re.escape(owner)}['’]s\b[^.!?\n]*\b(?:called|named)\s+[A-Z][^\W\d_]+", text) for owner in whose):
        return True
    if first_name:
        if _FIRST_NAME_SAID.search(text):
            return True
        return any(stem(after.casefold()) in focus and stem(given.casefold()) not in focus and given.casefold() not in _TITLES
                   and given.casefold() not in FUNCTION_WORDS for given, after in _NAME_PAIR.findall(text))
    if surname:
        # Only a name said after the one asked of ("Mele Tupou") gives it; "Aunty Mele wants …" does not;
        # nor does anything but the surname said as one ("the groom's surname is Ybarra with a Y").
        if _SURNAME_SAID.search(text):
            return True
        return any(stem(given.casefold()) in focus and stem(after.casefold()) not in focus
                   and after.casefold() not in FUNCTION_WORDS for given, after in _NAME_PAIR.findall(text))
    # Another word for the same thing names it too: "my mum" for a mother, "a greyhound" for a dog
    # (not "a cat called Churro").
    things = set().union(*({term}.union(RELATIONS.get(term, ()), PETS.get(term, ()), _BABY.get(term, ()), _KINDS_OF.get(term, ()),
                                        *(_named_as(term, kind) for kind in ANIMALS if term in kind))
                           for term in focus if term not in _NAME_ASKED))
    # "We adopted a greyhound! Her name is Shadow.": a name given to the thing the memory speaks of ("the home health aide
    # comes Tues, her name is Darlene" names no neurologist).
    # Asked only what kind of name ("What is Bean's real name?"), the thing is whom the question names: any name given.
    if _HER_NAME.search(text) and (things <= _KINDS_OF_NAME or any(stem(word.casefold()) in things for word in _NAME_WORD.findall(text))):
        return True
    uncased = typed_without_capitals(text)
    for found in _NAME_WORD.finditer(text):
        word, start = found.group(0), found.start()
        if stem(word.casefold()) not in things or owners and _anothers(text[:start], owners):
            continue
        # "Rusty (kelpie, 13)", "old mate rusty (kelpie": the name, then what it is in brackets.
        if _NAME_BEFORE_BRACKET.search(text[:start]):
            return True
        rest = text[start + len(word):]
        # "teacher is mr pryce": a title makes a name of the word after it, with or without capitals.
        if _TITLED_NAME_AFTER.match(rest):
            return True
        if uncased:
            continue
        # "my dog Rex", "a dog called Rex", "our baby girl Elsa", "the dog, a spaniel called Hamish"
        # (not "the dog idea, Lars is allergic").
        if (_NAME_AFTER.match(rest) or _NAME_SOON_AFTER.match(rest) or _LOWERCASE_NAME_SOON_AFTER.match(rest)
                or _NAME_AFTER_A_DASH.match(rest) or _CALLED_BY_NEXT.match(rest) or _NAME_AFTER_ITS_PLACE.match(rest)):
            return True
        # "My twins are in JSS2, Chukwudi and Ugochi": several, named as a list later in the sentence.
        if (word.casefold().endswith("s") or word.casefold() in _PLURALS) and _NAMES_LISTED_AFTER.match(rest):
            return True
        # "Rex, our dog", "Rami Mobile, a phone repair shop in Bourj Hammoud".
        if re.search(r"\b[A-Z][\w'’-]*(?:(?:,|\s+(?:is|was))\s+(?:my|our|the|his|her|their)|,\s+(?:a|an))\s+(?:[\w-]+\s+){0,2}$",
                     text[:start]):
            return True
        # "Rooster got into a skunk last night. Coonhound, dumb as a box of rocks": the name opening the sentence before the
        # one that opens on what it is.
        if rest.startswith(",") and _NAME_OPENS_THE_SENTENCE_BEFORE.search(text[:start]):
            return True
        # "Truck went into Murphy's garage": a business goes by whose it is.
        if stem(word.casefold()) in _BUSINESSES and _WHOSE_BEFORE.search(text[:start]):
            return True
        # "a meeting with Mr Kowalczyk from the Gdańsk importer": someone named as the thing's.
        if _SOMEONE_OF.search(text[:start]):
            return True
        # "Quilt guild question. I'm in the Alamo Stitchers": a group one is in, named soon after.
        if stem(word.casefold()) in _GROUPS and _IN_A_GROUP.search(rest[:_GROUP_NAMED_WITHIN]):
            return True
        # "going with Oyo Clay!! changing the etsy shop name today": a new name for the thing, said beside it.
        if _RENAMING.search(text) and NAME_INSIDE.search(text):
            return True
    # "took my furball biscuit to the beach": a pet goes by what its person calls it; "my wok burner" names no gas man.
    an_animal = any(term in kind for kind in ANIMALS for term in things) or bool(things & PETS.keys())
    return uncased and (_UNCASED_CALLED.search(text) is not None
                        or any(stem(found["thing"]) in things or an_animal and stem(found["thing"]) not in RELATION_WORDS
                               for found in _UNCASED_MY_THING.finditer(text)
                               if not {found["thing"], found["name"]} & _NEVER_NAMES and not says_a_time(found["name"])))


# A thing named by its kind: "the Northern Tern, a seiner out of Kodiak" names a boat.
_KINDS_OF = {stem(word): frozenset(stem(kind) for kind in kinds.split()) for word, kinds in {
    "boat": "seiner trawler longliner gillnetter troller skiff dinghy yacht ketch sloop schooner catamaran trimaran tug "
            "tugboat barge ferry cutter narrowboat houseboat canoe kayak dory launch",
    "ship": "vessel freighter tanker liner ferry trawler"}.items()}
_KINDS_OF_NAME = frozenset(stem(word) for word in "real full proper actual legal birth given middle maiden".split())
_PLURALS = frozenset({"children", "kids", "twins", "triplets", "grandchildren", "people", "men", "women"})
_NAMES_LISTED_AFTER = re.compile(r"[^.!?\n]{0,40}?\b[A-Z][\w'’-]+(?:\s*,\s*[A-Z][\w'’-]+)*\s*,?\s+(?:and|&)\s+[A-Z][\w'’-]+")
# A baby is named as the boy or girl, the son or daughter born: "Niamh had her baby! A boy, Oisín".
_BABY = {stem(word): frozenset(stem(w) for w in "baby boy girl son daughter".split()) for word in ("baby", "newborn")}
# What an animal of a kind is called whatever its breed: a husky is named as "his dog Rex", never as another breed.
_ANIMAL_HEADS = frozenset(stem(word) for word in "dog dogs puppy pup doggo cat cats kitten kitty horse horses pony".split())
_WORDS = re.compile(r"[^\W\d_]+")


def _named_as(term: str, kind: frozenset[str]) -> frozenset[str]:
    """The words that name an animal asked by ``term`` of ``kind``: any of the kind for the kind's own word ("a
    greyhound" for a dog), the kind's own words for a breed ("Lwazi's husky" by "his dog", not by "a cocker spaniel")."""
    return kind if term in _ANIMAL_HEADS else frozenset({term}) | (kind & _ANIMAL_HEADS)


def _a_relation_besides(focus: tuple[str, ...], text: str) -> bool:
    """Whether ``text`` speaks of a relative other than what ``focus`` (stems) asks the name of ("mum", asked a pet)."""
    asked = set().union(*({term} | RELATIONS.get(term, frozenset()) for term in focus))
    return bool({stem(word.casefold()) for word in _WORDS.findall(text)} & RELATION_WORDS - asked)


_OWNED_BY = re.compile(r"\b(?:(?P<speaker>(?i:my|our))|(?P<owner>[A-Z][\w-]*)['’]s)\s+(?:[\w-]+\s+)?$")


def _anothers(before: str, owners: Collection[str]) -> bool:
    """Whether what ``before`` ends with says the thing after it is the speaker's, or someone's but the ``owners``."""
    owned = _OWNED_BY.search(before)
    return owned is not None and (owned["speaker"] is not None or owned["owner"].casefold() not in owners)


_SOMEONE_OF = re.compile(r"\b(?:with|(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?\s+(?:from|at|of)\s+"
                         r"(?:the\s+)?(?:[\w-]+\s+){0,2}$")
_BUSINESSES = frozenset(stem(word) for word in """garage shop store pub bar cafe café restaurant bakery salon barber barbers
    deli diner takeaway chippy butcher butchers workshop yard""".split())
_WHOSE_BEFORE = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w-]*['’]s\s+$")
_GROUPS = frozenset(stem(word) for word in (
    "club", "guild", "choir", "team", "band", "group", "society", "league", "circle", "association", "troupe",
    "ensemble", "orchestra", "crew", "squad", "congregation"))
_IN_A_GROUP = re.compile(r"(?:(?:['’]m|\bam|['’]re|\bare|['’]s|\bis|\bsings?|\bplays?|\bdances?)\s+in|\bmembers?\s+of|"
                         r"\bjoin(?:ed|ing|s)?)\s+the\s+[A-Z][\w'’-]+")
_GROUP_NAMED_WITHIN = 120
_RENAMING = re.compile(r"\b(?:re-?nam(?:e|ed|es|ing)|(?:new|changing\s+(?:the|my|our)\s+(?:[\w-]+\s+){0,2}?)name)\b", re.IGNORECASE)
NAME_INSIDE = re.compile(r"(?<![.!?]\s)(?<!^)\b(?!I['’](?:m|ve|ll|d)\b)[A-Z](?![\w'’-]*\d)[\w'’-]+")
"""A capitalised word inside a sentence, where a capital marks a name (not one that opens it); a word
with a digit is a code, a road or an amount ("R85", "M25"), no name; nor is "I" with its verb ("I've", "I'm")."""
