from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.worker import fact_from
from engram_mcp.model import Kind, MemoryType
from engram_mcp.model.predicates import normalise
from engram_mcp.model.supersede import Verdict, compare
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock
from tests.extraction.helpers import slots, turn

extract = RulesExtractor().extract
START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I work for Siemens.", ("works_at", "siemens", False)),
        ("I work remotely for Shopify these days.", ("works_at", "shopify", False)),
        ("I started at Accenture on Monday.", ("works_at", "accenture", False)),
        ("Just started a new job at the Red Cross!", ("works_at", "red cross", False)),
        ("I've joined Airbus as a test pilot.", ("job", "test pilot", False)),
        ("I'm a pharmacist now.", ("job", "pharmacist", False)),
        ("I quit Deliveroo last week.", ("works_at", "deliveroo", True)),
        ("Friday was my last day at Ocado.", ("works_at", "ocado", True)),
        ("I handed in my notice and left my job at Zalando.", ("works_at", "zalando", True)),
        ("We relocated to Valencia in the spring.", ("lives_in", "valencia", False)),
        ("I've moved back to Glasgow.", ("lives_in", "glasgow", False)),
        ("I'm living in Kraków now.", ("lives_in", "kraków", False)),
        ("I've gone vegan.", ("diet", "vegan", False)),
        ("I'm pescatarian these days.", ("diet", "pescatarian", False)),
        ("I'm no longer vegetarian.", ("diet", "vegetarian", True)),
        ("I drive a Skoda Octavia.", ("drives", "skoda octavia", False)),
        ("We sold our Fiat Panda.", ("drives", "fiat panda", True)),
        ("I'm dating Rowan now.", ("partner", "rowan", False)),
        ("My fiancée Ines is a doctor.", ("partner", "ines", False)),
        ("Rowan and I split up.", ("partner", "rowan", True)),
        ("We adopted a puppy called Pickle.", ("pet", "pickle", False)),
        ("Our cat Miso died in the night.", ("pet", "miso", True)),
        ("I transferred to Trinity College Dublin.", ("studies_at", "trinity college dublin", False)),
        ("I'm studying at the University of Ghent.", ("studies_at", "university of ghent", False)),
        ("I'm single again.", ("relationship_status", "single", False)),
        ("Jonas and I broke up, and I've moved out to a small place in Vasastan.", ("lives_in", "vasastan", False)),
        ("We moved into a tiny flat in Leith.", ("lives_in", "leith", False)),
        ("My boyfriend and I share a flat in Södermalm with our cat.", ("lives_in", "södermalm", False)),
        ("I rent a room in a house in Blackpool, the heating never works.", ("lives_in", "blackpool", False)),
        ("officially in lewisham now, tolus box room is tiny but its mine", ("lives_in", "lewisham", False)),
        ("We are on a visa and we stay with host family, Whitaker family in Headingley.", ("lives_in", "headingley", False)),
        ("Update: I'm living in Porto now.", ("lives_in", "porto", False)),
        ("My GP is Dr. Okafor at the Leith surgery.", ("doctor", "dr okafor at the leith surgery", False)),
        ("My new email is noor@example.org.", ("email", "noor example org", False)),
        ("I transferred to the Boots in York city centre.", ("works_at", "boots", False)),
        ("I was made redundant from Barclays.", ("works_at", "barclays", True)),
        ("We relocated from Paris to Lyon.", ("lives_in", "lyon", False)),
        ("I changed jobs, I'm at Canva now.", ("works_at", "canva", False)),
        ("First day at Stripe! I'm a solutions architect there now.", ("works_at", "stripe", False)),
        ("Me and Chris split up.", ("partner", "chris", True)),
        ("Got a new car, a Mazda CX-5.", ("drives", "mazda cx-5", False)),
        ("I used to work at Fiat, but now I'm at Ferrari in Maranello as a test engineer.", ("works_at", "ferrari", False)),
        ("I used to work at Fiat, but now I'm at Ferrari in Maranello as a test engineer.", ("works_at", "fiat", True)),
        ("I used to live in Milan before Modena.", ("lives_in", "milan", True)),
        ("I'm seeing someone new, Kai. He's a chef.", ("partner", "kai", False)),
        ("I'm seeing someone, her name is Ada. Early days!", ("partner", "ada", False)),
        ("Last day at Siemens today! Starting at BMW on Monday.", ("works_at", "siemens", True)),
        ("First week at BMW done, the team is great.", ("works_at", "bmw", False)),
        ("Promotion! I'm now a senior auditor at Deloitte.", ("job", "senior auditor", False)),
        ("Our dog Max is 12 and getting slow.", ("pet", "max", False)),
        ("I teach English at a language school called Lingo Kyoto.", ("works_at", "lingo kyoto", False)),
        ("I teach English at a language school called Lingo Kyoto.", ("job", "english teacher", False)),
        # the subject dropped, as chat drops it
        ("switched from neovim to helix last week", ("switch", "neovim helix", False)),
        ("Working at Cloudflare on the Workers runtime team.", ("works_at", "cloudflare", False)),
        ("Promoted to staff engineer today.", ("job", "staff engineer", False)),
        ("Going fully vegan from now on", ("diet", "vegan", False)),
        ("Based in Oslo these days", ("lives_in", "oslo", False)),
        ("got my first dev job, junior frontend developer at Typeform.", ("works_at", "typeform", False)),
        ("I got a job as a junior frontend developer at Typeform.", ("works_at", "typeform", False)),
        ("I landed my dream job at Pixar", ("works_at", "pixar", False)),
        ("Now working at a clinic in Kyoto called Hikari Clinic.", ("works_at", "hikari clinic", False)),
        ("I work nights as a paramedic with the London Ambulance Service.", ("works_at", "london ambulance service", False)),
        ("I work nights as a paramedic with the London Ambulance Service.", ("job", "paramedic", False)),
        ("I live in Porto with my husband Joaquim.", ("partner", "joaquim", False)),
        ("My boyfriend Lukas and I are going to Portugal in May", ("partner", "lukas", False)),
        ("My sister and I share a flat in Leith.", ("lives_in", "leith", False)),
        ("Settled into my new flat in Birmingham, Jewellery Quarter.", ("lives_in", "birmingham", False)),
        ("I'm a backend dev at Shopify, mostly Ruby.", ("works_at", "shopify", False)),
        ("We have two cats, Mochi and Tofu.", ("pet", "tofu", False)),
        ("I'm on maternity leave until January, then back at Zalando.", ("works_at", "zalando", False)),
        ("I left Flour Pot last week now I'm doing pastry at a restaurant called Seed", ("works_at", "seed", False)),
        ("ok so I just wanted to say that I moved to Brighton last month", ("lives_in", "brighton", False)),
        ("started sixth form at leeds city college, doing maths physics and computing", ("studies_at", "leeds city college", False)),
        ("Big update: I quit my job at Accenture, moved back to Prague to be near my mum, started a PhD in economics at "
         "Charles University, adopted a cat named Kafka, and I'm vegetarian now.", ("studies_at", "charles university", False)),
        ("Big update: I quit my job at Accenture, moved back to Prague to be near my mum, started a PhD in economics at "
         "Charles University, adopted a cat named Kafka, and I'm vegetarian now.", ("pet", "kafka", False)),
        ("im doing a masters in robotics at TU Delft", ("studies_at", "tu delft", False)),
        ("im doing a masters in robotics at TU Delft", ("field_of_study", "robotics", False)),
        ("I've started seeing someone new, her name's Bea.", ("partner", "bea", False)),
        ("I've started dating Bea.", ("partner", "bea", False)),
        ("Finally moved, the house in Wieliczka is full of boxes.", ("lives_in", "wieliczka", False)),
        ("Honestly the vegan thing didn't last, I'm eating fish again, pescatarian now.", ("diet", "pescatarian", False)),
        ("My partner Julien is a sous-chef at a bistro in Croix-Rousse.", ("partner", "julien", False)),
        ("Hei! Noor, 38, nurse on the cardiology ward at Ullevål hospital in Oslo.", ("team", "cardiology ward", False)),
        ("Hei! Noor, 38, nurse on the cardiology ward at Ullevål hospital in Oslo.", ("works_at", "ullevål hospital", False)),
        ("I transferred to the neonatal unit, same hospital, starting Monday.", ("team", "neonatal unit", False)),
        ("Alex and I adopted a rescue greyhound called Biscuit.", ("pet", "biscuit", False)),
        ("hey, kemal here. 2nd year law student at Bristol uni, working weekends at a bike shop called Spokes.",
         ("studies_at", "bristol uni", False)),
        ("hey, kemal here. 2nd year law student at Bristol uni, working weekends at a bike shop called Spokes.",
         ("works_at", "spokes", False)),
        ("I'm a second-year law student at Bristol uni.", ("field_of_study", "law", False)),
        ("Yes please. Also I left Atelier Sol, I'm going freelance.", ("job", "freelance", False)),
        ("Our car is a 2012 Peugeot 208, it keeps breaking down.", ("drives", "peugeot 208", False)),
        ("We finally replaced the Peugeot with a secondhand Renault Zoe.", ("drives", "renault zoe", False)),
        ("We finally replaced the Peugeot with a secondhand Renault Zoe.", ("drives", "peugeot", True)),
        ("I've been made head of the languages department.", ("job", "head of the languages department", False)),
        ("I ride a Honda CG 160 to work every day.", ("drives", "honda cg 160", False)),
        ("My daughter Noura got into medical school in Edinburgh!", ("studies_at", "medical school in edinburgh", False)),
        ("My partner Julien is a sous-chef at a bistro in Croix-Rousse.", ("job", "sous-chef", False)),
        ("Good morning. My name is Noor, I'm 71 and a retired history teacher.", ("job", "retired history teacher", False)),
    ],
)
def test_ordinary_announcements_of_a_state_fill_the_same_slot_as_its_plain_statement(
    text: str, slot: tuple[str, str, bool]
) -> None:
    assert slot in slots(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm going to move to Rotterdam next month.",
        "If I get the job I'll move to Oslo.",
        "I'd live in Lisbon if I could.",
        "I had an interview at Siemens today.",
        "I'm thinking about leaving Siemens.",
        "I got the offer from Bosch and accepted it.",
        "Big news: I've accepted a role at Klarna as lead designer.",
    ],
)
def test_plans_conditions_and_events_never_claim_a_current_employer_or_home(text: str) -> None:
    assert not {slot for slot in slots(text) if slot[0] in {"works_at", "lives_in"}}


def test_a_coordinated_second_verb_becomes_its_own_fact_and_no_predicate_is_a_conjunction() -> None:
    facts = extract(turn("Remember that I use Python 3.12 and prefer pytest over unittest.", speaker="Sam"), [])
    assert [f.statement for f in facts] == ["Sam uses Python 3.12.", "Sam prefers pytest over unittest."]
    assert all(f.predicate.split()[0] not in {"and", "states"} for f in facts)


def test_hedged_sentences_keep_the_proposition_and_lower_the_certainty() -> None:
    [strong] = extract(turn("I think my brother moved to Leeds.", speaker="Noor"), [])
    [weak] = extract(turn("Maybe I'll switch to a standing desk.", speaker="Noor"), [])
    assert strong.certainty == 0.7 and weak.certainty == 0.4
    assert not weak.statement.lower().startswith("maybe")


@pytest.fixture
def facts(service: MemoryService, clock: SteppingClock) -> FactService:
    return FactService(service, clock)


def tell(service: MemoryService, facts: FactService, clock: SteppingClock, days: float, text: str) -> None:
    stored = service.remember(text, speaker="Noor", event_time=START + timedelta(days=days))
    for extracted in extract(stored, []):
        facts.add_extracted(fact_from(extracted, stored, clock()))


def current(service: MemoryService) -> list[str]:
    return sorted(m.text for m in service.memories() if m.kind is Kind.FACT and m.is_current())


def test_a_week_of_changes_leaves_only_the_current_states_current(
    service: MemoryService, facts: FactService, clock: SteppingClock
) -> None:
    for days, text in [
        (0, "Hi, I'm Noor. I work at Siemens as a data analyst in Munich."),
        (0.1, "I drive a VW Polo and I'm vegetarian."),
        (1, "I had an interview at Bosch today."),
        (2, "I got the offer from Bosch and I accepted it!"),
        (3, "Today was my last day at Siemens."),
        (4, "I moved to Stuttgart today."),
        (4.1, "I live in Stuttgart now, in the west end."),
        (5, "I started at Bosch today."),
        (5.1, "I work at Bosch now, on the battery team."),
        (6, "I sold the Polo and bought an e-bike and a Renault Zoe."),
        (6.5, "I've gone vegan."),
    ]:
        tell(service, facts, clock, days, text)
    now = current(service)
    assert "Noor works at Bosch." in now and "Noor lives in Stuttgart." in now or "Noor moved to Stuttgart." in now
    assert not [text for text in now if "Siemens" in text and "works at" in text]
    assert not [text for text in now if "Polo" in text and "drives" in text]
    assert "Noor is vegan." in now and "Noor is vegetarian." not in now
    assert "Noor is on the battery team at Bosch." in now
    # One current fact per home and employer, however many times it was announced.
    assert len([t for t in now if "Stuttgart" in t]) == 1
    assert len([t for t in now if "works at Bosch" in t or "started working at Bosch" in t]) == 1
    retracted = [m for m in service.memories() if m.kind is Kind.FACT and not m.is_current()]
    assert all("Bosch" not in m.text or "offer" in m.text for m in retracted), [m.text for m in retracted]


def test_an_event_on_the_way_does_not_end_the_state_it_does_not_contradict(
    service: MemoryService, facts: FactService, clock: SteppingClock
) -> None:
    tell(service, facts, clock, 0, "I live in Leeds.")
    tell(service, facts, clock, 1, "I had an interview in Manchester today.")
    tell(service, facts, clock, 2, "I flew to Lisbon for a conference.")
    assert "Noor lives in Leeds." in current(service)
    events = [m for m in service.memories() if m.kind is Kind.FACT and m.type is MemoryType.EPISODIC]
    assert events and all(m.is_current() for m in events)


@pytest.mark.parametrize(("before", "ended", "old"), [
    ("I live in Leeds.", "I no longer live in Leeds.", "Noor lives in Leeds."),
    ("I live in Leeds.", "I'm not living in Leeds any more.", "Noor lives in Leeds."),
    ("I live in Leeds.", "I moved out of Leeds.", "Noor lives in Leeds."),
    ("I work at Tesco.", "I don't work at Tesco any more.", "Noor works at Tesco."),
])
def test_a_home_or_job_said_to_be_over_is_no_longer_current_and_nothing_takes_its_place(
    service: MemoryService, facts: FactService, clock: SteppingClock, before: str, ended: str, old: str
) -> None:
    tell(service, facts, clock, 0, before)
    tell(service, facts, clock, 30, ended)
    now = current(service)
    assert old not in now
    assert len(now) == 1 and ("no longer" in now[0] or "moved out of" in now[0]), now


@pytest.mark.parametrize("moved", ["I've been living in Bristol since March.", "I'm back in Bristol now.",
                                   "Home is Bristol these days."])
def test_a_new_home_said_in_everyday_words_supersedes_the_old_one(
    service: MemoryService, facts: FactService, clock: SteppingClock, moved: str
) -> None:
    tell(service, facts, clock, 0, "I live in York.")
    tell(service, facts, clock, 90, moved)
    assert current(service) == ["Noor lives in Bristol."]


@pytest.mark.parametrize("said", ["I'm back in Bristol for the weekend.", "My sister has been living in Bristol since March."])
def test_a_stay_or_a_relatives_home_leaves_the_speakers_home_current(
    service: MemoryService, facts: FactService, clock: SteppingClock, said: str
) -> None:
    tell(service, facts, clock, 0, "I live in York.")
    tell(service, facts, clock, 90, said)
    assert "Noor lives in York." in current(service)


def test_a_partner_or_a_pet_who_dies_weeks_later_is_no_longer_current(
    service: MemoryService, facts: FactService, clock: SteppingClock
) -> None:
    tell(service, facts, clock, 0, "I live in Porto with my husband Joaquim.")
    tell(service, facts, clock, 0.1, "Our dog Max is 12 and getting slow.")
    tell(service, facts, clock, 40, "Joaquim passed away in March.")
    tell(service, facts, clock, 50, "Max died last night.")
    now = current(service)
    assert "Noor lives in Porto." in now
    assert not [t for t in now if "husband is Joaquim" in t or "dog called Max" in t], now


def test_a_relatives_move_is_a_state_of_the_relative_and_never_of_the_speaker() -> None:
    earlier = extract(turn("My brother Idris lives in Leeds and works for the BBC.", speaker="Zara"), [])
    later = extract(turn("My brother just moved to Glasgow for a new job at STV.", speaker="Zara"), [])
    assert [(f.subject, f.predicate, f.object) for f in earlier] == [
        ("Zara's brother", "lives in", "Leeds"), ("Zara's brother", "works at", "BBC")]
    assert earlier[0].statement == "Zara's brother Idris lives in Leeds." and "Idris" in earlier[0].entities
    [move] = later
    assert normalise(move.subject, move.predicate, move.object) == normalise("Zara's brother", "lives in", "Glasgow")


def test_a_partner_who_died_is_an_ending_of_the_name_whoever_was_named_when() -> None:
    said = "Joaquim passed away in March. I am living alone now."
    earlier = [turn("I live in Porto with my husband Joaquim.", speaker="Rosa")]
    for context in ([], earlier):
        gone = [(f.predicate, f.object) for f in extract(turn(said, speaker="Rosa"), context) if f.predicate == "ends"]
        assert gone == [("ends", "Joaquim")]


@pytest.mark.parametrize(
    "text",
    [
        "I'm going vegan for the weekend.",
        "Going vegan in January.",
        "I got a job interview at Google.",
        "I'm having lunch at Nando's.",
        "My dad has Alzheimer's, so I'm his main carer at the moment.",
    ],
)
def test_a_diet_for_a_while_or_later_and_a_job_interview_fill_no_slot(text: str) -> None:
    assert not {slot for slot in slots(text) if slot[0] in {"diet", "works_at"}}


def test_a_job_from_a_later_day_ends_the_old_one_on_that_day_and_not_before(
    service: MemoryService, facts: FactService, clock: SteppingClock
) -> None:
    tell(service, facts, clock, 0, "I work at Siemens.")
    tell(service, facts, clock, 3, "I accepted the offer from Bosch, I start on 1 April.")
    siemens = next(m for m in service.memories() if m.text == "Noor works at Siemens.")
    assert siemens.invalid_at == datetime(2026, 4, 1, tzinfo=timezone.utc)
    assert "Noor works at Bosch from 1 April 2026." in current(service)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dr. Fraser has retired. I'm seeing Dr. Khan now.", {("doctor", "dr khan", False)}),
        ("I tutor maths to high schoolers now.", {("job", "maths tutor", False)}),
        ("I coach football for the under-12s.", {("job", "football coach", False)}),
        ("I also work part-time at a café called Forno Brisa on weekends.", {("works_at", "forno brisa", False)}),
        ("I study architecture at the University of Bologna.",
         {("studies_at", "university of bologna", False), ("field_of_study", "architecture", False)}),
        ("moved in today, Dublin 8, boxes everywhere", {("lives_in", "dublin 8", False)}),
        ("Finally in Valencia, the flat in Ruzafa is tiny but lovely.", {("lives_in", "ruzafa valencia", False)}),
    ],
)
def test_everyday_ways_of_saying_a_state_fill_its_slot(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert slots(text) == expected


@pytest.mark.parametrize(
    "text", ["I teach them to be kind.", "I study hard at the library.", "Finally in Tokyo! The hotel is amazing."]
)
def test_words_that_only_look_like_those_states_fill_none(text: str) -> None:
    assert not {s for s in slots(text) if s[0] in {"job", "field_of_study", "lives_in"}}


def test_a_switch_restates_what_it_changes_and_what_an_ending_leaves_is_said_as_that_habit(
    service: MemoryService, facts: FactService, clock: SteppingClock
) -> None:
    tell(service, facts, clock, 0, "I study architecture at the University of Bologna.")
    tell(service, facts, clock, 1, "I play golf every Tuesday with my friend Morag.")
    tell(service, facts, clock, 2, "I switched from architecture to engineering, architecture wasn't for me.")
    tell(service, facts, clock, 3, "My knee has been bad so I've given up golf. I've taken up lawn bowls instead.")
    now = current(service)
    assert "Noor studies engineering." in now and "Noor studies architecture." not in now
    assert "Noor plays lawn bowls." in now
    assert not [text for text in now if "golf" in text and "given up" not in text]


def test_what_the_speaker_meant_to_tell_is_read_without_the_telling() -> None:
    [fact] = extract(turn("I think I should tell you I have type 1 diabetes, diagnosed when I was 12.", speaker="Tom"), [])
    assert fact.statement.startswith("Tom has type 1 diabetes")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I left Monzo for Wise last week.", {("works_at", "monzo", True), ("works_at", "wise", False)}),
        # Notice handed in is a plan: the job goes on until the last day.
        ("handed in my notice at Deloitte today", {("handed_in_notice_at", "deloitte", False)}),
        ("Sam and I moved to Leeds.", {("lives_in", "leeds", False)}),
        ("also forgot to say, Sam and I broke up a couple of weeks ago", {("partner", "sam", True)}),
    ],
)
def test_a_job_left_for_another_notice_handed_in_and_a_couple_as_subject(
    text: str, expected: set[tuple[str, str, bool]]
) -> None:
    assert slots(text) == expected


def test_a_turn_typed_without_capitals_still_names_a_girlfriend_and_a_break_up() -> None:
    assert ("partner", "frida", False) in slots("gf is called frida 😍", speaker="Sven")
    assert ("partner", "frida", True) in slots("frida and i broke up 😢", speaker="Sven")
    assert ("lives_in", "copenhagen", False) in slots("moved 2 copenhagen 🇩🇰 last wk", speaker="Sven")


def test_a_habits_new_days_said_of_the_thing_replace_the_days_of_the_habit() -> None:
    [moved] = extract(turn("My yoga classes moved to Tuesdays and Thursdays.", speaker="Leila"), [])
    assert moved.statement == "Leila's yoga classes are on Tuesdays and Thursdays."
    [habit, _job] = extract(turn("I teach yoga on Monday and Wednesday evenings.", speaker="Leila"), [])
    new, old = (normalise(f.subject, f.predicate, f.object) for f in (moved, habit))
    assert compare(new, old) is Verdict.SUPERSEDES


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I've decided to go fully vegan, starting today.", ("diet", "vegan", False)),
        ("No more fish for me - fully vegan from tomorrow.", ("diet", "vegan", False)),
    ],
)
def test_a_diet_said_in_passing_fills_its_slot(text: str, expected: tuple[str, str, bool]) -> None:
    assert expected in slots(text)


def test_a_diet_said_only_of_a_plan_fills_no_slot() -> None:
    assert not {slot for slot in slots("If I'm vegan from tomorrow, what do I eat?") if slot[0] in {"lives_in", "drives", "diet"}}


def test_a_word_after_a_partner_typed_without_capitals_is_a_name_only_when_it_could_be_one() -> None:
    assert not {slot for slot in slots("my bf is too social", speaker="Ifeoma") if slot[0] == "partner"}
    assert not {slot for slot in slots("my gf is so annoying today", speaker="Ifeoma") if slot[0] == "partner"}
    assert ("partner", "tunde", False) in slots("my bf is tunde", speaker="Ifeoma")


@pytest.mark.parametrize(("text", "expected"), [
    ("honestly im done being vegan. going pescetarian from now on", {("diet", "vegan", True), ("diet", "pescetarian", False)}),
    ("ok update lol marta and me are officially together", {("partner", "marta", False)}),
])
def test_a_diet_or_a_partner_said_in_chat_fills_its_slot(text: str, expected: set[tuple[str, str, bool]]) -> None:
    assert expected <= slots(text, speaker="Ines")


def test_where_someone_else_is_settled_said_without_a_verb_of_living_is_their_home() -> None:
    facts = RulesExtractor().extract(turn("My buddy Denny is officially in Tampa now.", speaker="Hollis"), [])
    assert [(f.subject, f.predicate, f.object) for f in facts] == [("Hollis's buddy", "lives in", "Tampa")]


@pytest.mark.parametrize(("before", "change", "old", "new"), [
    ("Tom works at KPMG.", "Tom's got a new job at Deloitte.", "Tom works at KPMG.", "Tom started working at Deloitte."),
    ("Dad lives in Derby.", "Dad has moved to Nottingham.", "Noor's dad lives in Derby.", "Noor's dad moved to Nottingham."),
    ("My sister works at Barclays.", "my sister's started at Google.", "Noor's sister works at Barclays.",
     "Noor's sister started working at Google."),
    ("Mum lives in Sheffield.", "Mum's moved in with her partner in Leeds.", "Noor's mum lives in Sheffield.", "Noor's mum moved to Leeds."),
    ("Raj works at Wipro.", "Raj has a new job — he's at Infosys now.", "Raj works at Wipro.", "Raj started working at Infosys."),
    ("My brother works at Tesco.", "my brother just got a job at the hospital in Cork.", "Noor's brother works at Tesco.",
     "Noor's brother works at the hospital in Cork."),
    ("Granny lives in Dalkey.", "Granny moved into a care home in Bray.", "Noor's grandma lives in Dalkey.",
     "Noor's grandma moved to Bray."),
    ("Tom lives in York.", "Tom has finally moved to Leeds.", "Tom lives in York.", "Tom moved to Leeds."),
])
def test_a_change_said_of_someone_else_supersedes_what_was_said_of_them_and_leaves_the_speaker_alone(
    service: MemoryService, facts: FactService, clock: SteppingClock, before: str, change: str, old: str, new: str
) -> None:
    tell(service, facts, clock, 0, "I live in York and work at Arup.")
    tell(service, facts, clock, 1, before)
    tell(service, facts, clock, 3, change)
    now = current(service)
    assert new in now and old not in now, now
    assert "Noor lives in York." in now and "Noor works at Arup." in now


@pytest.mark.parametrize(("text", "expected"), [
    ("I've just moved to Leeds.", ("lives_in", "leeds", False)),
    ("I have finally started at Deloitte.", ("works_at", "deloitte", False)),
])
def test_an_adverb_between_have_and_its_verb_still_says_the_state(text: str, expected: tuple[str, str, bool]) -> None:
    assert expected in slots(text)


def test_of_someone_by_name_alone_only_their_home_and_work_are_read() -> None:
    assert extract(turn("Ilka just bought a Tesla.", speaker="Mara"), []) == []
    assert {(f.subject, f.predicate) for f in extract(turn("Ilka moved to Graz.", speaker="Mara"), [])} == {("Ilka", "lives in")}
