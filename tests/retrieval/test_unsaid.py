from datetime import datetime, timezone

import pytest

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.abstain import Coverage, focus_terms, focus_words, should_abstain
from engram_mcp.retrieval.details import detail_asked
from engram_mcp.retrieval.question_words import stem
from engram_mcp.retrieval.unsaid import unsaid_of, workplace_given

WHEN = datetime(2026, 11, 30, tzinfo=timezone.utc)


def turn(text: str) -> Memory:
    return Memory(id="t-000000000001", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text, created_at=WHEN,
                  provenance=Provenance(speaker="Maureen"))


def unsaid(question: str, names: set[str], texts: list[str], *, where: bool = False) -> tuple[str, ...]:
    terms = focus_terms(focus_words(question, ["Maureen"]))
    return unsaid_of(names, terms, [turn(t) for t in texts], where=where, other_names={"Fiona"})


@pytest.mark.parametrize(("question", "names", "texts"), [
    ("What does Fiona's husband Liam do for a living?", {"Liam"},
     ["liam, thats fionas husband, is taking keeva over to cork for the bank holiday"]),
    ("What does Camila do for work?", {"Camila"}, ["mateo says camila made them pancakes"]),
    ("When is Teo's birthday?", {"Teo"}, ["farmers market w/ Teo, then nothing"]),
    ("What does Priti do for a living?", {"Priti"},
     ["we are staying near amit. amit is pharmacist at the royal infirmary. his wife is priti and vihaan is 6"]),
    ("Where did Joana study?", {"Joana"}, ["Joana's competition entry submitted, we're driving to Ericeira"]),
    ("Where does Kevin work?", {"Kevin"}, ["Fourth is Sora, she lives in Atlanta with her husband Kevin. She is pregnant!"]),
    ("What position does Kudzai play in rugby?", {"Kudzai"}, ["Kudzai is the middle one, 15. Ropa plays flanker"]),
    ("Which company does Nikhil work for?", {"Nikhil"}, ["also Nikhil is a civil engineer in Nashik btw, mum approves"]),
    ("Which company does Tomek work for?", {"Tomek"},
     ["My husband Tomek is electrician.", "Tomek finished big job in Swords today, he is happy."]),
    ("Who is Arnel's family doctor?", {"Arnel"}, ["family stuff: husband arnel is a welder at prairie steel, day shifts."]),
    ("Who is Zofia's hockey coach?", {"Zofia"}, ["son migs plays hockey, coach bryce. daughter zofia is 11 and does piano"]),
    ("What is Marisol's per diem rate?", {"Marisol"},
     ["Marisol Quintero, the Spanish interpreter, covered the other case in 7A. o número dela é 973-555-0148"]),
    # said of someone else in the same sentence, or in the next one after naming them
    ("What sport does Arman play?", {"Arman"}, ["two sons, Arman is 16 and Daniyar is 11. Arman has exams and Daniyar plays hockey"]),
    ("Which school does Mereana go to?", {"Mereana"}, ["Mereana got into the kapa haka group for the regionals!! so proud."]),
    ("Which school does Daan go to?", {"Daan"}, ["- called mum, she's fine\n- Daan scored 2 goals at Friday training"]),
    ("What does Marc do for work?", {"Marc"}, ["Yasaman is 27, she is a paralegal in Ottawa and she is engaged to Marc, the wedding is in June"]),
    # someone else's wife is not the one the speaker's wife is
    ("What does Priti do for a living?", {"Priti"}, ["amit is pharmacist. his wife is priti and vihaan is 6",
                                                    "my wife sunita is coming also. she was a teacher for 30 years"]),
    ("What does Sergio do for a living?", {"Sergio"},
     ["I'm divorced from their dad Sergio, we get on ok. my partner is Andrés, he's a vet with his own clinic"]),
    # whose a relative is says nothing of them: the cousin keeps the books
    ("What does Marta do for a living?", {"Marta"},
     ["my accountant is retiring end of the month, marta's cousin joanna wilk does bookkeeping maybe her",
      "my wife marta says I should tell you the family stuff"]),
    # another's birthday said by its ordinal is not theirs
    ("When is Thando's birthday?", {"Thando"},
     ["Now driving to Eshowe with Thando and my mom for Gogo's 85th! What can I get an 85 year old?"]),
    # named only as whose a relative is, they are named and nothing is said of them
    ("What does Philippa's husband Rob do for a living?", {"Rob"},
     ["A message from my daughter Philippa: 'Mum, change of plan for Christmas, sorry!! Rob's parents want us in Cornwall "
      "so we can't do Harrogate this year.'"]),
    # another's allergy is not theirs
    ("What is Kiara allergic to?", {"Kiara"},
     ["kiara play went good. she forgot her one line", "and mia is allergic to peanuts like deadly allergic"]),
    # a place named in a compound of its own ("gent-sint-pieters") names no one
    ("What does Fiona's husband Pieter do for work?", {"Pieter"},
     ["pieter is away in lyon until thursday", "bus company needs the text: pick up at gent-sint-pieters 13:15"]),
])
def test_a_slot_asked_of_someone_every_memory_naming_them_is_silent_on_is_unsaid(
    question: str, names: set[str], texts: list[str]
) -> None:
    assert unsaid(question, names, texts, where=question.startswith("Where")) == tuple(n.casefold() for n in names)
    assert should_abstain(Coverage(confidence=0.6, focus=("job",), lexical=0.5, focus_cosine=0.6, unsaid_of=("liam",)),
                          0.2, 0.5, 0.35)


@pytest.mark.parametrize(("question", "names", "texts"), [
    # the asked word, an occupation, a place one is at, a word that meets the slot
    ("What does Fiona's husband Liam do for a living?", {"Liam"}, ["Liam is a welder at the shipyard now"]),
    ("What does Darren do for work?", {"Darren"}, ["my son darren works fly in fly out in the pilbara"]),
    ("Which company does Nikhil work for?", {"Nikhil"}, ["Nikhil is a civil engineer at Larsen & Toubro"]),
    ("Which company does Nikhil work for?", {"Nikhil"}, ["Nikhil got hired by Infosys last spring"]),
    ("Where does Kasia work now?", {"Kasia"}, ["kasia's at costa now, loves it"]),
    ("What does Liam do for work?", {"Liam"}, ["Liam's back from Cork. He's a welder at the shipyard now."]),
    ("What did Ingrid do for a living?", {"Ingrid"},
     ["Ingrid and I have our anniversary on the 17th. I was thinking Edinburgh, she taught English for thirty years."]),
    ("What is Tahlia studying at uni?", {"Tahlia"}, ["tahlia is doing vet science at murdoch uni"]),
    ("What position does Kudzai play in rugby?", {"Kudzai"}, ["Kudzai is the middle one, 15. lives for rugby, plays flanker"]),
    ("Who is Dagny's boss?", {"Dagny"}, ["Dagny's ops mgr is Rick Okafor"]),
    ("What does Tyler do for work?", {"Tyler"}, ["my son tyler is 22 he's a lineman for empire district electric"]),
    ("Is Mia allergic to anything?", {"Mia"}, ["and mia is allergic to peanuts like deadly allergic"]),
    ("What is Myrto allergic to?", {"Myrto"}, ["H Myrto einai allergiki stis melisses, exei panta EpiPen"]),
    # said by "he" in a turn naming no one, after one naming him
    ("Is Ernst allergic to anything?", {"Ernst"},
     ["I look after my father Ernst. He is 86 and still lives alone in Leoben.",
      "Here is his medication plan.\nDonepezil 5 mg - evening\n\nAlso important: he is allergic to sticking plasters."]),
    # by the relation they were named with
    ("Who is Ernesto's family doctor?", {"Ernesto"},
     ["my dad (papa, ernesto, 78) lives with us", "also papa's family doctor is dr reyes at the keewatin clinic"]),
    ("Who is Migs's hockey coach?", {"Migs"}, ["son migs is 14, plays hockey at the gateway rec centre, coach bryce."]),
    ("What sport does Daniyar play?", {"Daniyar"}, ["two sons, Arman is 16 and Daniyar is 11. Arman has exams and Daniyar plays hockey"]),
    ("What does Yasaman do for work?", {"Yasaman"}, ["Yasaman is 27, she is a paralegal in Ottawa and she is engaged to Marc"]),
    ("Which school does Mateo go to?", {"Mateo"}, ["Mateo is at St Joseph's now, loves it"]),
    ("Which school does Vihaan attend?", {"Vihaan"}, ["his wife is priti and my grandson vihaan is 6 years, he is going to knighton fields primary"]),
    # a label that opens the sentence speaks of each clause after it
    ("Which school does Inaya go to?", {"Inaya"}, ["schools: Rayan is at Oakfield, Inaya goes to the nursery on Mill Lane."]),
    # a teacher is said by name more often than by the word ("ms okafor sent a note home about vale's reading")
    ("Who is Vale's teacher?", {"Vale"}, ["ms okafor sent a note home that vale's reading is way up"]),
    # not a slot people say in the words asked: an age, a home, a count
    ("How old is Misha?", {"Misha"}, ["We have one son, Misha, he is 4 years."]),
    ("Which city does Kerem live in?", {"Kerem"}, ["my brother kerem is in ankara"]),
    ("How many paying accounts does Groomly have?", {"Groomly"}, ["Groomly is booking and SMS reminders for groomers"]),
    # a word in capitals opening a clause is no one else ("OFW nurse"), and a pronoun of another language goes on about them
    ("What is Jhoana's number?", {"Jhoana"}, ["my sister Jhoana, OFW nurse, number +971 55 318 2046"]),
    ("What is Jhoana's number?", {"Jhoana"}, ["ate ko si Jhoana nasa Dubai. number niya +971 55 318 2046"]),
    ("Who is Fiorella's partner?", {"Fiorella"}, ["conocí a Fiorella en la uni. ella tiene partner nuevo, Bruno"]),
    # by a short form of the name
    ("What is Maddison's mobile number?", {"Maddison"},
     ["daughter Maddison is getting married!! date's 14 November", "Maddo's mobile 0423 771 508 if i ever lose it"]),
    # of the relative asked, by another word for them
    ("Which birthday is Lorna's mother celebrating?", {"Lorna"}, ["need tae remind masel: Lorna's mum's 75th next Sunday"]),
])
def test_a_slot_said_of_someone_or_asked_in_other_words_is_not_unsaid(question: str, names: set[str], texts: list[str]) -> None:
    assert unsaid(question, names, texts, where=question.startswith("Where")) == ()


def test_a_name_no_recalled_memory_holds_is_left_to_the_other_rules() -> None:
    assert unsaid("What does Camila do for work?", {"Camila"}, ["Rodrigo has the kids this weekend"]) == ()


def test_a_car_asked_of_someone_is_unsaid_until_a_memory_naming_them_says_one_by_its_word_or_its_make() -> None:
    asked = "What car does Ilka drive?"
    assert unsaid(asked, {"Ilka"}, ["My sister Ilka lives in Graz.", "Ilka works as a pharmacist."]) == ("ilka",)
    assert unsaid(asked, {"Ilka"}, ["My sister Ilka lives in Graz.", "Ilka just bought a Tesla."]) == ()
    assert unsaid(asked, {"Ilka"}, ["Ilka's car is in the garage again."]) == ()
    assert unsaid("What colour is Ilka's car?", {"Ilka"}, ["Ilka works as a pharmacist."]) == ("ilka",)


@pytest.mark.parametrize(("question", "said"), [
    ("What bike does Henrik ride?", "Henrik is on a Brompton these days."),
    ("What laptop does Henrik use?", "Henrik finally got a MacBook."),
    ("What camera does Henrik shoot with?", "Henrik swears by his Fujifilm."),
])
def test_a_thing_one_has_one_of_asked_of_someone_is_unsaid_until_a_memory_naming_them_says_it(question: str, said: str) -> None:
    assert unsaid(question, {"Henrik"}, ["My brother Henrik lives in Oslo."]) == ("henrik",)
    assert unsaid(question, {"Henrik"}, ["My brother Henrik lives in Oslo.", said]) == ()



def test_the_verb_a_question_asks_with_says_nothing_of_the_slot_it_asks() -> None:
    question = "What position does Sione play?"
    terms = focus_terms(focus_words(question, ["Maureen"]))
    said = [turn("kids: Mele 19, Sione 14 (he plays in my U15s, no favouritism I promise lol)")]
    assert unsaid_of({"Sione"}, terms, said, verbs={stem("play")}) == (stem("sione"),)
    assert unsaid_of({"Sione"}, terms, [turn("Sione plays hooker for the U15s now")], verbs={stem("play")}) == ()


def test_a_detail_asked_in_a_form_of_its_own_is_said_of_someone_by_that_form() -> None:
    question = "How much did Makana pay for the truck?"
    terms = focus_terms(focus_words(question, ["Maureen"]))
    detail = detail_asked(question)
    assert detail is not None
    said = [turn("the Tacoma's got a new owner. my cousin Makana gave me $3,500 for it.")]
    assert unsaid_of({"Makana"}, terms, said) == ("makana",)
    assert unsaid_of({"Makana"}, terms, said, tells_detail=detail.told_in) == ()


@pytest.mark.parametrize(("question", "name", "texts"), [
    ("What does Jussi do at Ericsson?", "Jussi", ["Jussi took a job at Ericsson. Moved to Stockholm already."]),
    ("What was Bence's job at the printing company?", "Bence",
     ["Bence (my husband) he lost his job today, the printing company is closing.",
      "Bence is working in the bike shop since yesterday, he come home with black hands"]),
    ("What does Niamh do in Boston?", "Niamh", ["Niamh rang from Boston, she flew in this morning for Mam's party."]),
])
def test_the_work_asked_of_someone_at_a_place_is_not_said_by_where_they_work_or_the_word_job(
    question: str, name: str, texts: list[str]
) -> None:
    terms = focus_terms(focus_words(question, ["Maureen", "Ericsson", "Boston"]))
    assert unsaid_of({name}, terms, [turn(t) for t in texts], workplace=workplace_given(question)) == (stem(name.casefold()),)
    said = [turn(t) for t in [*texts, f"{name} is a nurse there, nights mostly."]]
    assert unsaid_of({name}, terms, said, workplace=workplace_given(question)) == ()


def test_a_place_asked_with_is_given_only_for_the_work_asked_and_never_a_time() -> None:
    assert workplace_given("What was Bence's job at the printing company?") == ("printing", "company")
    assert workplace_given("What does Jussi do at Ericsson?") == ("Ericsson",)
    assert workplace_given("What does Dorota do in the evenings?") == ()
    assert workplace_given("When does Jayden work at Tesco?") == ()


@pytest.mark.parametrize(("text", "said"), [
    ("Also my sister Katrin had her baby last night!! Mila, 3,4 kg. I'm Onkel now.", False),
    ("A message from Philippa: 'big news, I got the partnership!! Don't tell Katrin yet.' I am so very proud.", False),
    ("my sister katrin moved to munich last year", True),
    ("Katrin is in Munich now, near the Isar", True),
    ("Katrin lives with her boyfriend near the Isar", True),
])
def test_where_someone_lives_asked_where_is_unsaid_until_a_memory_naming_them_says_at_or_in_somewhere_or_a_home(
    text: str, said: bool
) -> None:
    assert unsaid("Where does Katrin live?", {"Katrin"}, [text], where=True) == (() if said else ("katrin",))


def test_where_someone_lives_is_asked_by_its_verb_and_still_said_by_a_home() -> None:
    terms = focus_terms(focus_words("Where does Graziella live?", ["Maureen"]))
    said = [turn("my sister graziella's birthday is the 23rd, she lives in turin now since she left milan")]
    assert unsaid_of({"Graziella"}, terms, said, where=True, verbs={stem("live")}) == ()
    silent = [turn("Graziella rang, her birthday is the 23rd")]
    assert unsaid_of({"Graziella"}, terms, silent, where=True, verbs={stem("live")}) == (stem("graziella"),)


def test_a_name_is_not_met_by_a_word_sharing_fewer_than_its_first_four_letters() -> None:
    texts = ["daughter Maddison is getting married!! date's 14 November", "Mad day. Mum's mobile 0423 771 508"]
    assert unsaid("What is Maddison's mobile number?", {"Maddison"}, texts) == ("maddison",)


def test_a_number_given_by_its_label_right_after_the_one_named_is_theirs() -> None:
    question = "What is Albers's phone number?"
    phone = detail_asked(question)
    assert phone is not None
    terms = focus_terms(focus_words(question, ["Maureen"]))
    said = [turn("Steuerberaterin Frau Albers braucht die Belege bis 20.12. Tel 040 555 38 71")]
    assert unsaid_of({"Albers"}, terms, said, tells_detail=phone.told_in) == ()
    apart = [turn("Steuerberaterin Frau Albers braucht die Belege bis 20.12. Der Klempner kommt um 9. Tel 040 555 38 71")]
    assert unsaid_of({"Albers"}, terms, apart, tells_detail=phone.told_in) == ("alber",)


def test_a_relation_asked_of_a_name_said_after_it_is_what_is_asked() -> None:
    terms = focus_terms(focus_words("Who is the coach of the Island Bay Sharks?", ["Maureen"]))
    sharks = {"Island", "Bay", "Sharks"}
    fixture = [turn("Updated: Round 6 vs Island Bay Sharks is now at Ian Galloway Park, field 2.")]
    assert unsaid_of(sharks, terms, fixture, named_after=True) == ("bay", "island", "shark")
    assert unsaid_of(sharks, terms, [turn("Island Bay Sharks coach is Tama Rewi, nice guy")], named_after=True) == ()


def test_a_note_opening_on_what_is_asked_right_after_a_sentence_naming_them_says_it_of_them() -> None:
    question = "Where is Tamsin's wedding reception?"
    assert unsaid(question, {"Tamsin"}, ["bride is Tamsin. reception at the Old Mill, 2pm on the 9th. 40 guests"]) == ()
    assert unsaid(question, {"Tamsin"}, ["bride is Tamsin. the Old Mill does lovely scones"]) == ("tamsin",)
