import pytest

from engram_mcp.retrieval.abstain import focus_terms, focus_words
from engram_mcp.retrieval.naming import (
    NAME_INSIDE,
    asks_first_name,
    asks_given_name,
    asks_name,
    asks_surname,
    names_thing,
    things_to_name,
)
from engram_mcp.retrieval.question_words import stem


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("What is Jo's dog called?", "I have a dog called Biscuit."),
        ("What is Jo's dog called?", "Ruth and I walk the dog, a spaniel called Hamish, every morning."),
        ("What is Jo's dog called?", "We adopted a greyhound! Her name is Canela."),
        ("What is the name of Jo's dog?", "Rex, our dog, is getting old."),
        ("What is Nina's baby called?", "Our baby girl Elsa was born on Tuesday!"),
        ("What is Noor's mother called?", "Please remind me to call my mum on Sundays; her name is Salma."),
        ("What is Jo's dog called?", "our dog is called rex"),
        ("What is Jo's mother's name?", "my mum halyna rang from lviv"),
        ("What is Jo's dog called?", "took my furball biscuit to the beach"),
        ("What is the name of Jo's layout?", "the layout mainly. its called brassington junction, OO gauge, BR steam"),
        ("What is Freya's baby called?", "My sister Freya just had a baby boy, Emil!"),
        ("What is the name of Jo's cat?", "Pickle, our four-year-old tabby, swipes everything off the table."),
        ("What is Jo's dog called?", "Jo has a dog called Daifuku, a shiba."),
        ("What is Jo's Etsy shop called?", "going with Oyo Clay!! changing the etsy shop name today"),
        ("What is Jo's shop called?", "the rename to Oyo Clay didn't lose any shop favourites"),
        ("What is the new graduate engineer called?", "we have a new graduate engineer starting wed, Tinashe"),
        ("What is Jo's mother's name?", "mum (Halyna) called from Lviv, she's coming in June"),
        ("What is the name of the client from the Gdańsk importer?", "client meeting at 10:00 with Mr Kowalczyk from the Gdańsk importer"),
        ("What is the name of Jo's quilt guild?", "Quilt guild question. I'm in the Alamo Stitchers, we meet on Thursdays"),
        ("What is Jo's choir called?", "Choir was fun. We joined the Brixton Community Singers in May"),
        ("What is Jo's dog called?", "kirra found a kelpie x pup on gumtree. picked her up this morning. archie named her mabel"),
        ("What is Jo's cat called?", "ok not only look. i take a kitten. grey girl, 3 months. name Tyshkan, mean little mouse"),
        ("What is the name of Jo's pet?", "Jo's guinea pig Pickle escaped AGAIN and ate the lettuce seedlings"),
        ("What is the name of Jo's teacher?", "jo is 9, yr 5 at holmfield primary, teacher is mr pryce. dad's away"),
        ("What is Jo's dog's name?", "Chispa (mi chihuahua) has her grooming Saturday 10am at Petco"),
        ("What is Jo's horse called?", "Juniper (my mare) needs her feet done."),
        ("What is Jo's cloud kitchen called?", "Pune mein ek cloud kitchen chalata hoon - Tiffin Tales, Baner mein"),
        ("What is Jo's family business called?", "we run a family olive oil business in Ayvalık - Kaya Zeytinevi, dedem kurdu"),
        ("What is Jo's bowling team called?", "Candlepin league is tuesday nights. Our team is the Smoke Eaters, all retired guys"),
        ("What is the name of the garage fixing Jo's truck?", "Truck went into Murphy's garage on Dot Ave. 2014 Silverado"),
        ("What is the name of Jo's shop?", "Bonjour Rami! You run Rami Mobile, a phone repair shop in Bourj Hammoud."),
        ("What's the name of the boat Jo works on?", "You're crewing on the Northern Tern, a seiner out of Kodiak."),
        ("What's the name of Jo's cat?", "kucing aku Mochi, oren, jadwal vaksin besok jam 5 sore"),
    ],
)
def test_a_question_asking_what_something_is_called_is_met_by_a_memory_that_names_it(question: str, text: str) -> None:
    name = question.split()[2].removesuffix("'s") if "name of" not in question else "Jo"
    assert asks_name(question)
    assert names_thing(focus_terms(focus_words(question, [name])), text)


@pytest.mark.parametrize(
    "text",
    ["We're thinking of getting a dog, maybe a labrador.", "Scratch the dog idea, Lars is allergic.",
     "We walked from Paris to the dog park.", "my dog (the one we adopted) is asleep", "I walk a dog in Guadalajara",
     "My name is Ingrid and I like dogs.", "Thinking of changing the dog's name, any ideas?",
     "Ingrid is home alone with the dog till Fri.", "My name is Ingrid and the dog is asleep.",
     "the dog is missing again", "Monday 8.30, the dog at the groomer - RCVS card and lead", "the dog is the best",
     "Ingrid's dog is asleep", "Rex ate a dog biscuit"],
)
def test_a_memory_that_speaks_of_the_thing_without_naming_it_does_not_answer_what_it_is_called(text: str) -> None:
    assert not names_thing(focus_terms(focus_words("What is Ingrid's dog called?", ["Ingrid"])), text)


def test_a_dog_asked_of_is_not_named_by_another_animal_kept() -> None:
    assert not names_thing(focus_terms(focus_words("What is Ingrid's dog called?", ["Ingrid"])), "our guinea pig Pickle escaped")


@pytest.mark.parametrize("text", ["My quilt guild meets in the Library on Tuesdays.", "The guild is in the church hall.",
                                  "Our guild had a show at the Alamo Mall."])
def test_where_a_group_meets_is_not_its_name(text: str) -> None:
    assert not names_thing(focus_terms(focus_words("What is the name of Ingrid's quilt guild?", ["Ingrid"])), text)


@pytest.mark.parametrize("text", ["mum called from pune. she wants me home for diwali", "my mum called me back",
                                  "all 7 pups alive!! mum is fine. im knackered. my partner gethin made cawl",
                                  "change of plan, mams party is NOT at the pub anymore",
                                  "need to change my address w/ the uni and my bank"])
def test_calling_on_the_phone_or_naming_someone_else_gives_no_name(text: str) -> None:
    assert not names_thing(focus_terms(focus_words("What is Rohan's mum's name?", ["Rohan"])), text)


@pytest.mark.parametrize("text", [
    "nuno is on my sofa tonight and probably all week, he got the cat which is funny",
    "i cant take the 22nd off in my first week so i cancelled the flight",
    "bought a second hand e-bike so thats my commute now forty minutes along the river",
    "tasca ferro had been cutting my hours so i called dona fatima and told her im done",
])
def test_a_time_a_function_word_or_a_phone_call_in_lowercase_chat_names_nothing(text: str) -> None:
    assert not names_thing(focus_terms(focus_words("What is the name of Nuno's cat?", ["Nuno"])), text)


@pytest.mark.parametrize(("question", "text", "named"), [
    ("What is Aunty Mele's surname?", "After church. Aunty Mele wants the sopranos in red sashes.", False),
    ("What is Aunty Mele's surname?", "Aunty Mele Tupou rang about the sashes.", True),
    ("What is Kai's last name?", "Kai and Aisha at centre back.", False),
    ("What's Kai's full name?", "Lineup: Kai Nakamura in goal.", True),
    ("How is the groom's surname spelled?", "note to self: the groom's surname is Ybarra with a Y.", True),
    ("How is the groom's surname spelled?", "the groom's surname is on the invoice somewhere", False),
])
def test_a_surname_is_given_only_by_a_name_said_after_the_one_asked_of(question: str, text: str, named: bool) -> None:
    assert asks_name(question) and asks_surname(question)
    assert names_thing(focus_terms(focus_words(question, ["Tevita"])), text, surname=True) is named


@pytest.mark.parametrize(("text", "named"), [
    ("sent mrs pritchard the oak quote, £4,100 all in. fingers crossed", False),
    ("welsh class was good. tutor's called delyth, she's terrifying and great", False),
    ("Mrs Pritchard said yes to oak.", False),
    ("Invoice to Mrs Eleri Pritchard, 14 Kings Road.", True),
    ("Pritchard, first name Eleri, wants oak.", True),
])
def test_a_first_name_asked_of_someone_named_is_given_only_by_a_name_said_before_theirs(text: str, named: bool) -> None:
    question = "what is mrs pritchard's first name?"
    assert asks_name(question) and asks_first_name(question)
    assert names_thing(things_to_name(question, focus_terms(focus_words(question, []))), text, first_name=True) is named


def test_a_first_name_asked_of_someone_by_who_they_are_is_asked_as_any_name() -> None:
    assert not asks_first_name("What is Branwen's mother's first name?")
    assert asks_first_name("What is Dr Ashworth's first name?")


def test_a_name_before_what_it_is_in_brackets_names_it() -> None:
    asked = focus_terms(focus_words("What is Lachlan's dog called?", {"Lachlan"}))
    assert names_thing(asked, "old mate rusty (kelpie, 13) is struggling w his back legs")
    assert names_thing(asked, "Rusty (my kelpie) is struggling.")
    assert not names_thing(asked, "the vet (for the kelpie) is shut")


def test_the_names_a_question_says_are_no_thing_it_asks_the_name_of() -> None:
    question = "What's the name of the Sutton Vale manager?"
    things = things_to_name(question, focus_terms(focus_words(question, [])))
    assert not names_thing(things, "league ok'd it: Sutton Vale Colts v Ashfield Rovers, KO 9:30, Sutton Vale Rec")
    assert names_thing(things, "Sutton Vale's manager, Dave Pickering, messaged me")
    assert things_to_name("What is the name of the Alamo Stitchers?", ("alamo", "stitcher")) == ("alamo", "stitcher")


def test_a_capitalised_word_with_a_digit_is_a_code_or_an_amount_and_no_name_inside_a_sentence() -> None:
    text = "- pay R85 for the trip, take the M25 past Jo-Ann's and ask Ray"
    assert NAME_INSIDE.findall(text) == ["Jo-Ann's", "Ray"]


def test_names_asked_in_the_plural_ask_a_name() -> None:
    assert asks_name("What are the names of Solveig's sons?")
    assert asks_name("What are Kofi's kids' names?")


def test_the_names_of_someone_elses_relatives_are_not_given_by_the_speakers_own() -> None:
    sons = (stem("son"),)
    assert not names_thing(sons, "My son Eirik is 20, studies engineering at NTNU.", owners={"solveig"})
    assert not names_thing(sons, "Dagny's son Eirik got a place through the transfer.", owners={"solveig"})
    assert names_thing(sons, "Solveig's son Ola starts school in Bergen.", owners={"solveig"})
    assert names_thing(sons, "My son Eirik is 20, studies engineering at NTNU.")


def test_the_names_of_several_are_given_by_a_list_of_names_later_in_the_sentence_that_speaks_of_them() -> None:
    focus = focus_terms(focus_words("What are the names of Ngozi's children?", ["Ngozi"]))
    assert asks_name("What are the names of Ngozi's children?")
    assert names_thing(focus, "My twins are in JSS2, Chukwudi and Ugochi. Ugochi wants to do sewing like mummy.")
    assert not names_thing(focus_terms(focus_words("What is the name of Ngozi's child?", ["Ngozi"])),
                           "My child is off to JSS2, then Tesco and Lidl.")


def test_naming_a_thing_asked_as_a_verb_asks_its_name_which_having_one_does_not_give() -> None:
    question = "What did Tarik and Selin name their baby?"
    assert asks_name(question) and asks_name("What are they naming the puppy?") and asks_name("What did Ruth name her new horse?")
    assert not asks_name("What did Tarik say about the name change?") and not asks_name("Who did Mira call about the flat?")
    things = things_to_name(question, focus_terms(focus_words(question, ["Tarik", "Selin"])))
    assert not names_thing(things, "Tarik's wife Selin had a baby boy this morning! Write a congrats card?")
    assert names_thing(things, "they named the baby Deniz")


def test_the_name_of_someone_elses_relative_or_thing_is_given_only_by_a_memory_naming_them() -> None:
    question = "What is the name of Lwazi's husky?"
    things = things_to_name(question, focus_terms(focus_words(question, ["Lwazi"])))
    assert things == ("nam", "husky")
    assert not names_thing(things, "My own dog is Vlek, a pavement special, 8 years old.", whose={"Lwazi"})
    assert names_thing(things, "Lwazi's husky Storm pulls like a train", whose={"Lwazi"})
    mum = (stem("mum"), "nam")
    assert not names_thing(mum, "Isla is allergic to bee stings and her mum Ngaire gave me an EpiPen.", whose={"Mila"})
    assert names_thing(mum, "Mila's mum Ngaire is doing oranges at half time", whose={"Mila"})


def test_a_breed_asked_is_named_as_its_animal_never_as_another_breed() -> None:
    husky = ("nam", "husky")
    assert not names_thing(husky, "Mabel, cocker spaniel, owner Charlene, Tue/Thu 8am")
    assert names_thing(husky, "Lwazi got a new dog Storm last month")


def test_the_name_of_someone_elses_thing_may_be_given_by_a_memory_naming_a_relation_they_may_be_known_by() -> None:
    pet = ("pet", "call")
    assert names_thing(pet, "mention mum has a new budgie, she called it Tena and talks to it all day", whose={"Almaz"})
    mum = (stem("mum"), "nam")
    assert not names_thing(mum, "Isla is allergic to bee stings and her mum Ngaire gave me an EpiPen.", whose={"Mila"})


def test_the_name_of_someone_elses_thing_is_given_by_a_sentence_saying_what_their_thing_is_called() -> None:
    assert names_thing(("dog",), "Dev's Jack Russell arrived, he's called Biltong.", whose={"Dev"})
    assert not names_thing(("dog",), "Dev's Jack Russell arrived, he's lovely.", whose={"Dev"})


def test_a_baby_is_named_as_the_boy_or_girl_born() -> None:
    baby = ("baby", "call")
    assert names_thing(baby, "Sister Niamh had her baby! A boy, Oisín, 3.4kg.", whose={"Niamh"})
    assert not names_thing(baby, "Sister Niamh had her baby! 3.4kg, all well.", whose={"Niamh"})


@pytest.mark.parametrize(("text", "named"), [
    ("Farrier Neil is booked Wednesday evening at the livery yard.", False),
    ("Neil Thwaite the farrier is booked Wednesday.", True),
])
def test_a_surname_follows_the_name_asked_of_not_a_word_for_what_they_do(text: str, named: bool) -> None:
    question = "What's Neil the farrier's surname?"
    assert names_thing(focus_terms(focus_words(question, ["Tevita"])), text, surname=True) is named


@pytest.mark.parametrize("text", ["physio Thursday at 4pm at the clinic on Whiteladies Road",
                                  "Noted: state inspection Wednesday the 20th, morning."])
def test_a_day_after_the_thing_names_nothing(text: str) -> None:
    for question in ("What's the physio's name?", "What was the name of the state inspector?"):
        assert not names_thing(things_to_name(question, focus_terms(focus_words(question, ["Tevita"]))), text)


def test_a_name_in_quotes_closing_the_clause_names_the_thing() -> None:
    focus = (stem("bakery"),)
    assert names_thing(focus, "I run a little home bakery from the flat, 'Crumb & Co'. mostly sourdough")
    assert not names_thing(focus, "I run a little home bakery from the flat, mostly sourdough")


@pytest.mark.parametrize(("text", "named"), [
    ("the dog chewed the sofa cushion again. Bramble you absolute menace", True),
    ("the dog chewed the sofa cushion again. Thank you for the tips", False),
    ("the dog chewed the sofa cushion again. Are you sure it's teething?", False),
])
def test_the_name_the_next_sentence_calls_the_thing_by_names_it(text: str, named: bool) -> None:
    assert names_thing((stem("pet"),), text) is named


def test_a_name_given_in_a_memory_speaking_of_another_thing_names_nothing_asked() -> None:
    assert not names_thing((stem("neurologist"),), "the childminder comes Mon and Wed, her name is Bronagh. lovely girl")
    assert names_thing((stem("neurologist"),), "saw the new neurologist today, her name is Dr Quigley")


def test_a_title_and_a_family_name_give_no_first_name() -> None:
    assert asks_given_name("What is Kofi's piano teacher's first name?")
    assert not names_thing((stem("teacher"),), "my piano teacher Mr Boateng says I rush the scales", given_name=True)
    assert names_thing((stem("teacher"),), "my piano teacher Mr Boateng says I rush the scales")
    assert names_thing((stem("teacher"),), "my piano teacher Mr Kwame Boateng says I rush the scales", given_name=True)


@pytest.mark.parametrize(("text", "named"), [
    ("Mabel dug up the tulips again. Terrier, so what do I expect", True),
    ("The garden's a mess again. Terrier, so what do I expect", False),
])
def test_the_name_opening_the_sentence_before_the_one_opening_on_what_it_is_names_it(text: str, named: bool) -> None:
    assert names_thing((stem("dog"),), text) is named


def test_a_name_said_after_where_the_thing_is_names_it() -> None:
    assert names_thing((stem("cafe"),), "we run a tiny cafe on Quay Street in Galway called The Salt Box since 2019")
    assert not names_thing((stem("cafe"),), "we run a tiny cafe on Quay Street in Galway, busy all summer")


def test_a_place_after_a_word_saying_where_in_another_language_names_no_one() -> None:
    assert not names_thing((stem("mother"),), "nagpadala ako ng pera kay Nanay sa Iloilo kahapon")
    assert not names_thing((stem("mother"),), "mandei dinheiro pra mãe em Recife ontem")


def test_a_kind_of_name_asked_of_someone_named_is_given_by_any_name_said_as_one() -> None:
    question = "What is Pip's real name?"
    things = things_to_name(question, focus_terms(focus_words(question, ["Pip"])))
    assert names_thing(things, "Youngest is Harry, Korean name Seung-hoon, 35.")
    assert not names_thing((stem("neurologist"),), "Youngest is Harry, Korean name Seung-hoon, 35.")


@pytest.mark.parametrize(("question", "text"), [
    ("What is the gas man's name?", "my wok burner a bit weak, flame not strong. need to call gas man. last service $120"),
    ("What is the name of the client on Beaubien?", "une cliente sur Beaubien veut pas payer la deuxième moitié"),
    ("What is the name of the client in Kemang?", "client dari Kemang minta revisi lagi"),
])
def test_a_word_after_the_thing_that_says_where_it_is_or_what_one_has_gives_it_no_name(question: str, text: str) -> None:
    assert not names_thing(things_to_name(question, focus_terms(focus_words(question, []))), text)


@pytest.mark.parametrize("text", ["mama betakhod Concor 5 lel daght", "my mum visited Leeds last week", "my mum takes Ramipril"])
def test_a_name_after_what_someone_does_is_no_name_of_them(text: str) -> None:
    question = "What is the name of Mostafa's mother?"
    assert not names_thing(things_to_name(question, focus_terms(focus_words(question, ["Mostafa"]))), text)


def test_what_someone_is_gives_no_name_to_the_thing_they_work_at() -> None:
    question = "What is the name of Neil's farm?"
    text = "my husband Neil is a farm manager, lambing starts next month"
    assert not names_thing(things_to_name(question, focus_terms(focus_words(question, ["Neil"]))), text)
