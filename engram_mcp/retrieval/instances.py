"""A word a question asks with, met by the instances of what it names, and not the other way: "What does
Theo do for exercise?" by "mountain bike", "What sport does Katya do?" by "bouldering"; asked alone, a broad
word ("family", "health") by its instances too. Pure tables, read by ``abstain.lexical_coverage`` and by the
answering stage that brings in a memory naming an instance of the kind asked.
"""

from __future__ import annotations

from engram_mcp.model.belongings import BRANDS
from engram_mcp.model.predicates import DIETS
from engram_mcp.model.time_expr import WEEKDAY_NAMES
from engram_mcp.retrieval.question_words import KIN_WORDS, stem

__all__ = ["BROAD", "KIND_INSTANCES", "MET_BY"]

_HOSPITAL_UNITS = ("ward wards unit units department icu nicu picu ccu hdu a&e ed er emergency theatre theatres "
                   "cardiology oncology haematology orthopaedics ortho paediatrics pediatrics maternity neonatal renal "
                   "respiratory geriatrics stroke surgical psychiatric rehab")
_FOOD_LIMITS = ("allergic allergy allergies intolerant intolerance coeliac celiac gluten lactose dairy halal kosher "
                "nut nuts peanut peanuts shellfish")
_HOW_TO_ANSWER = ("answers replies short shorter brief concise essay essays long bullet bullets direct detail detailed length "
                  "plain simple formal informal tone")
_WEEKDAYS = " ".join(f"{day.lower()} {day.lower()}s" for day in sorted(WEEKDAY_NAMES))


# Words a question asks with that are met by instances of what they name, and not the other way:
# "What does Theo do for exercise?" is met by "mountain bike", but a question about reading is not
# met by a memory about pottery.
_MET_BY_WORDS: dict[str, str] = {
    "care": "carer carers caregiver caregivers",
    # "kos aku di Tebet", "j'habite à Verdun", "moro em Pinheiros": where one lives in the languages chat mixes in.
    "live": "tinggal kos kost ngekos habite j'habite j’habite habites habitent vivo vive vivimos abito abita moro mora wohne wohnt mieszkam mieszka",
    "neighbourhood": "neighborhood area suburb district quartier barrio bairro kelurahan",
    # "What's Ruben's usual route?" is met by "my regular run is Doncaster down to Southampton docks", "What routes will
    # Kalani fly?" by "I'm on the LAX line": a route driven or flown is a run or a line.
    "route": "routes run runs line lines",
    # "What docstring format do I want?" is met by "google-style docstrings".
    "format": "formats formatted formatting style styled",
    # "Who is Golnaz's PI?" is met by "a postdoc in the laboratory of Professor Mette Kjaer".
    "pi": "supervisor lab laboratory professor prof group",
    # "Who is Arash engaged to?" is met by "my fiancée Shirin".
    "engaged": "engagement fiance fiancee fiancé fiancée",
    # "Where is Zeynep getting married?" is met by "zeynep … wedding on 29 may 2027 at Sait Halim".
    "married": "marry marries marrying wedding weddings",
    # "ab shaadi Green Valley Resort mein": a wedding in the languages chat mixes in too.
    "wedding": "weddings married marry marries marrying shaadi shadi vivah casamento boda matrimonio hochzeit mariage ślub "
               "slub harusi kasal",
    "exercise": "exercises sport sports fitness workout workouts gym run running jog jogging ride riding cycling bike "
                "biking swim swimming climbing bouldering yoga pilates hike hiking rugby football soccer tennis "
                "badminton squash ski skiing rowing crossfit training aerobics aquafit zumba dance dancing walk walking "
                "rambling ramblers derby skate skating skates",
    "sport": "sports exercise fitness gym running cycling bike swimming climbing bouldering yoga pilates hiking rugby "
             "football soccer tennis badminton squash skiing rowing crossfit bowls golf cricket netball hockey hurling "
             "camogie basketball volleyball baseball softball boxing karate judo taekwondo fencing archery darts snooker "
             "curling padel pickleball surfing sailing kayaking canoeing triathlon marathon athletics wrestling handball "
             "derby skate skating skates volley futsal lacrosse kickboxing bjj parkour",
    # "What race is Branwen training for?" is met by "im doing the cardiff half marathon in october".
    "race": "races marathon marathons half-marathon 10k 5k parkrun triathlon ultramarathon ultra sportive ironman duathlon",
    "instrument": "instruments guitar piano violin viola cello bass drums drum flute clarinet oboe saxophone sax trumpet "
                  "trombone tuba harp ukulele banjo mandolin accordion harmonica keyboard organ synth bagpipes fiddle "
                  "whistle bodhrán bodhran cajón cajon djembe tabla sitar oud saz bağlama baglama bouzouki erhu koto "
                  "shamisen cavaquinho pandeiro charango marimba xylophone dombra kobyz domra balalaika guzheng pipa "
                  "shakuhachi didgeridoo kora mbira kalimba ocarina lute bongos tambourine euphonium cornet bassoon piccolo",
    # "When is mum's hip operation?" met by "mamá's surgery was moved".
    "operation": "operations surgery surgeries op procedure",
    "surgery": "surgeries operation operations op procedure",
    "game": "games chess checkers draughts poker bridge scrabble sudoku crossword crosswords mahjong backgammon "
            "fortnite minecraft valorant fifa",
    "hobby": "hobbies pastime pastimes garden gardening knit knitting paint painting reading fishing chess baking "
             "singing choir guitar piano photography sailing birdwatching birding woodwork woodworking pottery crafts "
             "sewing quilting sport sports gym running cycling swim swimming climbing bouldering yoga hiking surf "
             "surfing club",
    "weekend": "weekends saturday saturdays sunday sundays",
    "commute": "commutes commuting bike e-bike ebike cycle cycling bus train tram metro tube walk walking drive "
               "driving car scooter",
    # A blood thinner is a medicine: "What blood thinner is Ray on?" is met by "Ray's medication is now Eliquis".
    "thinner": "thinners medication medicine meds tablet tablets pill pills anticoagulant",
    # "my BP check" is about blood pressure.
    "pressure": "bp hypertension",
    "blood": "bp",
    "recipe": "recipes cook cooking dinner dinners lunch lunches breakfast meal meals food dish dishes",
    "drink": "drinks drinking alcohol lactose dairy milk caffeine coffee tea beer wine allergic allergy intolerant "
             "intolerance",
    "programming": "python javascript typescript java kotlin swift rust golang ruby php sql haskell scala",
    "language": "languages english french spanish german italian portuguese dutch polish japanese chinese mandarin "
                "korean arabic hindi russian swahili español espanol inglés ingles francés francais français alemán deutsch "
                "italiano português portugues python javascript typescript java kotlin swift rust golang ruby php",
    # The things people have one of at a time, met by their makers' names: "What camera does Vusi use?"
    # by "shooting on a Canon R6", "What laptop does Wojtek use?" by "this ThinkPad is dying".
    "camera": f"cameras {' '.join(BRANDS['camera'])} dslr mirrorless",
    "laptop": f"laptops {' '.join(BRANDS['laptop'])}",
    "bike": f"bikes bicycle {' '.join(BRANDS['bike'])} e-bike ebike",
    "editor": "editors vim neovim nvim emacs vscode goland intellij pycharm webstorm sublime helix nano zed cursor",
    "phone": f"phones {' '.join(BRANDS['phone'])}",
    # A hospital's units by their names: "Which unit is Delphine on?" is met by "got the ICU job".
    "unit": f"units {_HOSPITAL_UNITS}",
    "ward": f"wards {_HOSPITAL_UNITS}",
    # "just off shift at the depot" speaks of work; a question about shifts is not about an employer.
    "work": "shift shifts",
    # "Kirsty, who is in her fourth year of veterinary medicine": what one studies is said by its field.
    # "What is Mei-Lin studying?" is met by "learning Korean".
    "study": "studies studying learn learns learning learned learnt medicine engineering architecture nursing veterinary pharmacy dentistry physics chemistry "
             "biology mathematics maths economics psychology philosophy sociology linguistics geology anthropology "
             "midwifery physiotherapy informatics phd masters",
    # "What position does Kudzai play?" is met by "plays flanker" (not by the positions that are everyday words too, "wing").
    "position": "positions goalkeeper goalie keeper defender midfielder striker winger fullback full-back halfback "
                "fly-half flyhalf scrum-half scrumhalf hooker flanker pitcher catcher shortstop quarterback",
    # "When are Anwar's Urdu lessons?" is met by "Urdu classes at the mosque".
    "lesson": "lessons class classes",
    # "How much did Gwilym sell the transit for?" is met by "transit sold": a verb whose past is another word.
    "sell": "sells selling sold", "buy": "buys buying bought",
    # "When does Deolinda fly to Lisbon?" is met by "my flight is now on 14 June": a verb is said by its
    # irregular forms and by the noun of its act.
    "fly": "flies flying flew flown flight flights", "arrive": "arrives arriving arrived arrival arrivals",
    "depart": "departs departing departed departure departures", "leave": "leaves leaving left departure",
    "marry": "marries married marrying wedding marriage", "operate": "operation operations surgery",
    "deliver": "delivers delivered delivery deliveries", "pay": "pays paying paid payment payments",
    "teach": "teaches teaching taught",
    # "every sweldo nagpapadala ako HK$3,000 kay nanay": money sent home, in the languages chat mixes in too.
    "send": "sends sending sent remit remits remittance padala nagpapadala magpadala",
    "contract": "contracts kontrata contrato kontrakt vertrag contrat",
    # "How old is Wayne's boy?": someone's boy or girl is their son or daughter (a word asked, not a relation every memory
    # must name: "Are Brennan and Kayla having a boy or a girl?" is met by "it's a girl").
    "boy": "boys son sons lad",
    "girl": "girls daughter daughters",
    "begin": "begins beginning began begun start starts",
    "class": "classes lesson lessons",
    # "katla is 15 and at leith academy": a school is said by its kind.
    # "ele tá no 4th grade na Potter Road Elementary", "escola do Davi": and in the languages chat mixes in.
    "school": "schools academy primary secondary elementary nursery kindergarten preschool pre-school daycare creche "
              "crèche montessori gymnasium lycée lycee escola escuela école ecole schule scuola szkoła szkola paaralan okul",
    # "igreja de manhã, Igreja Batista Brasileira": a church by its kind, in the languages chat mixes in too.
    # (Not "chapel": "a 3-bed terrace in Chapel Allerton" is a place.)
    "church": "churches parish cathedral congregation igreja iglesia église eglise kirche chiesa kościół kosciol simbahan "
              "kanisa",
    # "booked a motel in Fort Smith for the 19th": where one stays is said by the kind of place.
    "stay": "stays staying stayed motel motels hotel hotels inn hostel airbnb lodge guesthouse b&b",
    # "Pooja ki sagai fix ho gayi": an engagement in the languages chat mixes in.
    # (Not by a fiancé: "Arjun's fiancé is Nikhil." says no one's engagement is when.)
    "engagement": "engaged sagai mangni noivado compromiso verlobung fidanzamento nişan",
    # "How much was the fuel at Villach?" is met by a pump receipt: "Diesel 412,60 L … 655,62 EUR".
    "fuel": "fuels diesel petrol gasoline gas lpg adblue unleaded",
    # "1000mg once a day": a dose is said by its amount.
    "dose": "dosage mg mcg ml",
    # "thru swift staffing", "apex recruitment": an agency one works through.
    "agency": "agencies staffing recruitment recruiter recruiters temp temping",
    "courier": "couriers delivery deliveries logistics shipping ship shipped parcel parcels package packages postal",
    # "a member of the Nairobi Rose Circle" is a club one belongs to.
    "club": "clubs member members membership society circle association",
    "belong": "belongs member members membership",
    # "What does Bronwyn have to avoid eating?" is met by "Bronwyn is coeliac"; an allergy question is
    # not met by what one eats.
    "eat": "eats eating ate food foods diet allergic allergy allergies intolerant intolerance coeliac celiac gluten "
           "lactose dairy halal kosher nut nuts peanut peanuts shellfish",
    "avoid": "avoids avoiding allergic allergy allergies intolerant intolerance coeliac celiac halal kosher vegan "
             "vegetarian",
    # "Does Fionn have any dietary restrictions?" is met by "im coeliac btw".
    "dietary": f"diet diets {_FOOD_LIMITS} {' '.join(DIETS)}",
    "restriction": f"restrictions requirement requirements {_FOOD_LIMITS} {' '.join(DIETS)}",
    "requirement": f"requirements restriction restrictions {_FOOD_LIMITS} {' '.join(DIETS)}",
    # "How long should your answers to Des be?" is met by "keep it SHORT, I dont read essays".
    "answer": _HOW_TO_ANSWER,
    "reply": _HOW_TO_ANSWER,
    # "What conference is Khanh attending?" is met by "dự Asia Pharmacy Leaders Summit".
    "conference": "summit congress convention symposium expo",
    # "Which day is the bakery shut?" is met by "our closed day is Tuesday".
    "shut": "shuts closed close closes closing",
    "closed": "shut shuts",
    # Words cut short as people text them: "bought ocean alley tix", "the 412 to uni", "412 today. pb.".
    "ticket": "tickets tix tkts",
    "campus": "uni university college",
    "university": "uni",
    "best": "pb pbs",
    # "Which day of the week …" is met by the day's name.
    "week": _WEEKDAYS,
    "weekday": _WEEKDAYS,
}
MET_BY: dict[str, frozenset[str]] = {
    stem(word): frozenset(stem(w) for w in f"{word} {instances}".split()) for word, instances in _MET_BY_WORDS.items()
}
# Broad words met by their instances only when they are all a question asks: "Who is in my family?" is met by "my
# sister", "Do I have any health issues?" by "I'm on an inhaler"; in "the family reunion", "our family doctor",
# "health insurance" they only say which one.
_BROAD_WORDS = {
    "family": f"families relative relatives {KIN_WORDS} grandson granddaughter grandchildren stepson stepdaughter in-laws",
    "relative": f"relatives family {KIN_WORDS} grandson granddaughter grandchildren stepson stepdaughter in-laws",
    "health": "medication medications medicine medicines meds prescription prescribed inhaler",
}
BROAD: dict[str, frozenset[str]] = {
    stem(word): frozenset(stem(w) for w in f"{word} {instances}".split()) for word, instances in _BROAD_WORDS.items()
}
# Kinds whose instances say them, whatever else is said: "What sport does Katya do?" is met by "bouldering
# w oksana tonight", "What instrument does Leandro play?" by "Cavaquinho this afternoon at our roda".
# Only kinds whose instances are seldom said of anything else ("bike", "walk", "reading" are).
_KINDS = ("sport", "race", "instrument", "camera", "laptop", "editor", "programming")
# Words that meet a kind in a memory already recalled but say too little alone to bring one in: "my old
# keyboard is so loud", "fixed my bike", "the gym was packed".
_SAID_OF_OTHER_THINGS = frozenset("exercise fitness gym bike keyboard organ bass whistle drum".split())
KIND_INSTANCES: dict[str, tuple[str, ...]] = {
    stem(kind): (kind, *(word for word in _MET_BY_WORDS[kind].split() if word not in _SAID_OF_OTHER_THINGS)) for kind in _KINDS
}
"""A kind (a stem), its name and the instances that say it alone, as written."""
