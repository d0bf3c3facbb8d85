from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engram_mcp.extraction import RulesExtractor, rules
from engram_mcp.extraction.lexicon import with_dropped_subject
from engram_mcp.model import MemoryType
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(
    "text",
    [
        "Hey Mel! Good to see you! How have you been?",
        "Thanks, Caroline! That's really sweet.",
        "What kinda jobs are you thinkin' of?",
        "Wow, love that painting!",
        "You'd be a great counselor!",
        '{"status": 200, "rows": 3}',
        "lol ok",
    ],
)


def test_greetings_questions_reactions_and_noise_yield_no_facts(text: str) -> None:
    assert extract(turn(text), []) == []


def test_a_past_event_becomes_an_episodic_fact_about_the_speaker_dated_from_the_session() -> None:
    [fact] = extract(turn("I went to a LGBTQ support group yesterday and it was so powerful."), [])
    assert fact.statement.startswith("Caroline went to a LGBTQ support group yesterday")
    assert fact.type is MemoryType.EPISODIC
    assert fact.certainty == 1.0
    assert fact.event_time == datetime(2023, 5, 7, tzinfo=timezone.utc)


def test_a_preference_becomes_a_semantic_fact_in_the_third_person() -> None:
    [fact] = extract(turn("I really love hiking in the mountains.", speaker="Mel"), [])
    assert fact.statement == "Mel really loves hiking in the mountains."
    assert fact.type is MemoryType.SEMANTIC
    assert (fact.subject, fact.predicate) == ("Mel", "really loves")


def test_identity_statements_name_the_speaker() -> None:
    job, home = extract(turn("I'm a nurse and I live in Porto.", speaker="Ana"), [])
    assert (job.statement, home.statement) == ("Ana works as a nurse.", "Ana lives in Porto.")
    assert "Porto" in home.entities


@pytest.mark.parametrize("said", ["Can you remember that I prefer metric units?", "I prefer metric units.",
                                  "For future reference, I hate emojis in replies."])


def test_a_taste_for_how_the_assistant_writes_is_an_instruction(said: str) -> None:
    [fact] = extract(turn(said, speaker="Marta"), [])
    assert fact.type is MemoryType.PROCEDURAL


def test_a_lasting_condition_said_in_passing_is_kept() -> None:
    [fact] = extract(turn("My asthma has been a bit annoying since it got cold.", speaker="Idris"), [])
    assert fact.statement == "Idris's asthma has been a bit annoying since it got cold."
    [fact] = extract(turn("I get migraines sometimes.", speaker="Ayumi"), [])
    assert fact.statement == "Ayumi gets migraines sometimes."


def test_a_taste_for_someone_elses_answers_is_no_instruction() -> None:
    [fact] = extract(turn("I love the answers my teacher gives.", speaker="Marta"), [])
    assert fact.type is MemoryType.SEMANTIC


def test_a_question_asking_to_remember_something_states_it() -> None:
    [fact] = extract(turn("Could you remember I'm vegetarian?", speaker="Marta"), [])
    assert (fact.predicate, fact.object) == ("diet", "vegetarian")
    assert extract(turn("Can you remember what I said about Jo?", speaker="Marta"), []) == []


def test_what_one_cannot_stand_is_a_dislike_said_as_said() -> None:
    [_, fact] = extract(turn("I used to love sushi but now I can't stand raw fish.", speaker="Mira"), [])
    assert (fact.statement, fact.predicate, fact.object) == ("Mira can't stand raw fish.", "dislikes", "raw fish")


def test_a_hedged_statement_is_a_strong_inference_not_a_stated_fact() -> None:
    [fact] = extract(turn("I think I'll probably move to Berlin next year.", speaker="Tom"), [])
    assert fact.certainty == 0.7


def test_a_dropped_subject_is_restored_to_the_speaker() -> None:
    [fact] = extract(turn("Gonna continue my edu and check out career options."), [])
    assert fact.statement == "Caroline is going to continue Caroline's edu and check out career options."


def test_a_long_turn_gives_at_most_five_facts() -> None:
    places = ["Louvre", "Orsay", "Pompidou", "Rodin", "Carnavalet", "Guimet", "Cluny"]
    text = " ".join(f"I visited the {place} museum in Paris." for place in places)
    assert len(extract(turn(text), [])) == 5


def test_a_turn_without_a_speaker_is_about_the_user() -> None:
    memory = turn("I moved to Lisbon last month.", speaker="")
    [fact] = RulesExtractor().extract(memory, [])
    assert fact.statement.startswith("User moved to Lisbon")


@pytest.mark.parametrize("speaker", ["Eve\n- **Mallory** 10:00 UTC — hi", "**Zed** 09:00 — ", "Kim\u2028Lee", "Ana ^t-0123456789ab"])


def test_a_turn_whose_speaker_is_no_name_is_about_the_user_unnamed(speaker: str) -> None:
    [fact] = RulesExtractor().extract(turn("I moved to Lisbon last month.", speaker=speaker), [])
    assert fact.statement.startswith("User moved to Lisbon")


@pytest.mark.parametrize("speaker", ["Zoë O'Brien-Smith", "Dr. J. R. Okafor", "王芳", "Ana (work)"])


def test_a_speaker_with_a_name_of_any_spelling_is_who_the_fact_is_about(speaker: str) -> None:
    [fact] = RulesExtractor().extract(turn("I moved to Lisbon last month.", speaker=speaker), [])
    assert fact.statement.startswith(f"{speaker} moved to Lisbon")


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I am allergic to shellfish.", "Caroline is allergic to shellfish."),
        ("I live in Oslo.", "Caroline lives in Oslo."),
    ],
)


def test_short_statements_of_lasting_facts_are_kept(said: str, kept: str) -> None:
    assert [f.statement for f in extract(turn(said), [])] == [kept]


def test_an_adverb_in_ly_before_the_verb_is_not_conjugated() -> None:
    [fact] = extract(turn("I abruptly moved to Park City, Utah.", speaker="Mel"), [])
    assert fact.statement == "Mel abruptly moved to Park City, Utah."
    [fact] = extract(turn("I reply to emails quickly.", speaker="Mel"), [])
    assert fact.statement == "Mel replies to emails quickly."


@pytest.mark.parametrize(
    ("question", "slot"),
    [("Since I'm vegan now, what should I cook for my parents this weekend?", ("diet", "vegan")),
     ("Now that I've moved to Hackney, which running clubs are nearby?", ("lives in", "Hackney")),
     ("As a nurse, what do you think of the new rota?", ("works as", "nurse"))],
)


def test_what_a_question_takes_as_given_about_the_speaker_is_kept(question: str, slot: tuple[str, str]) -> None:
    assert slot in {(f.predicate, f.object) for f in RulesExtractor().extract(turn(question, speaker="Wei"), [])}


@pytest.mark.parametrize(
    "question", ["Now that we've covered storing winter clothes, what next?", "Since you asked, what do you think?",
                 "Love sure does bring us joy, huh?"],
)


def test_a_question_that_takes_nothing_about_the_speaker_as_given_gives_nothing(question: str) -> None:
    assert RulesExtractor().extract(turn(question, speaker="Wei"), []) == []


def test_a_statement_ending_in_you_know_is_still_a_statement() -> None:
    text = "I've been at Deloitte for six years as an auditor, and I'm scared of starting over, you know?"
    facts = RulesExtractor().extract(turn(text, speaker="Grace"), [])
    assert {("works at", "Deloitte"), ("works as", "auditor")} <= {(f.predicate, f.object) for f in facts}


def test_a_sentence_of_thousands_of_clauses_reads_a_bounded_number_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each clause is read beside its whole sentence, so reading all of "Sam and I " × 2,000 cost
    # their square (27 s at 10,000 characters); a turn keeps five facts whatever it holds.
    read: list[str] = []
    real = rules.state_facts
    monkeypatch.setattr(rules, "state_facts", lambda clause, *a, **k: read.append(clause) or real(clause, *a, **k))
    RulesExtractor().extract(turn("Sam and I " * 2000, speaker="Ana"), [])
    assert 0 < len(read) <= 30


def test_a_paste_of_thousands_of_lines_reads_a_bounded_number_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # "- I live in Osaka" × 5,000 took 108 s: each fact was checked against every line again.
    read: list[str] = []
    real = rules.state_facts
    monkeypatch.setattr(rules, "state_facts", lambda clause, *a, **k: read.append(clause) or real(clause, *a, **k))
    facts = RulesExtractor().extract(turn("\n".join(["- I live in Osaka"] * 5000), speaker="Ana"), [])
    assert 0 < len(read) <= 200 and [f.statement for f in facts] == ["Ana lives in Osaka."]


def test_what_one_no_longer_does_is_conjugated_after_no_longer() -> None:
    [fact] = RulesExtractor().extract(turn("I have so many pairs of jeans that I no longer wear.", speaker="Ana"), [])
    assert "Ana no longer wears" in fact.statement


def test_the_speaker_in_a_plural_subject_keeps_the_verb_plural() -> None:
    [fact] = extract(turn("My sister and I are going to Rome in June.", speaker="Ana"), [])
    assert fact.statement == "Ana's sister and Ana are going to Rome in June."


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I have type 2 diabetes.", "Rosa has type 2 diabetes."),
        ("My GP said I have asthma", "Rosa has asthma."),
        ("The doctor says I have type 2 diabetes, so I take metformin 500mg with breakfast.", "Rosa has type 2 diabetes."),
        ("I am living alone now.", "Rosa is living alone now."),
        ("We're expecting twins in September!", "Rosa and others are expecting twins in September."),
    ],
)


def test_a_condition_or_living_alone_is_kept_however_short_and_whoever_reports_it(said: str, kept: str) -> None:
    assert kept in [f.statement for f in extract(turn(said, speaker="Rosa"), [])]


@pytest.mark.parametrize(
    ("said", "restored"),
    [
        ("switched from neovim to helix", "I switched from neovim to helix"),
        ("Promoted to staff engineer today.", "I was promoted to staff engineer today."),
        ("allergic to shellfish btw", "I am allergic to shellfish btw"),
        ("Working at Cloudflare now.", "I am working at Cloudflare now."),
        ("Working from home has been great.", "Working from home has been great."),
        ("Seeing the smiles on their faces made it worth it.", "Seeing the smiles on their faces made it worth it."),
        ("Running a business isn't easy.", "Running a business isn't easy."),
        ("Now running 10k twice a week.", "I am now running 10k twice a week."),
        ("rent a room on Kapahulu Ave with two other guys.", "I rent a room on Kapahulu Ave with two other guys."),
        ("Rent: 900 a month.", "Rent: 900 a month."),
    ],
)


def test_chat_that_drops_i_i_was_or_im_gets_it_back_and_a_gerund_subject_does_not(said: str, restored: str) -> None:
    assert with_dropped_subject(said) == restored


def test_the_speaker_after_and_keeps_a_contraction_whole() -> None:
    said = [f.statement for f in extract(turn("I found a great pair of jeans at Crossroads, and I'm hoping to find a vase.",
                                               speaker="Sam"), [])]
    assert not any("Sam'm" in s or "and Sam" in s for s in said)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I love sushi", "Greta loves sushi."),
        ("I've started to like coffee.", "Greta likes coffee."),
        ("Weirdly I've started to like coffee, a flat white every morning now.",
         "Greta likes coffee, a flat white every morning now."),
        ("Broke my ankle, no football for 6 weeks.", "Greta broke Greta's ankle, no football for 6 weeks."),
        ("ngl i'm kinda obsessed w/ minecraft rn", "Greta is kinda obsessed with minecraft right now."),
        ("Unfortunately, I also lost my job at Door Dash this month.", "Greta also lost Greta's job at Door Dash this month."),
    ],
)


def test_a_taste_however_short_and_a_sentence_adverb_before_i_are_read(said: str, kept: str) -> None:
    assert kept in [f.statement for f in extract(turn(said, speaker="Greta"), [])]


def test_a_taste_said_of_the_chat_is_no_fact_and_a_tastes_object_stops_at_its_comma() -> None:
    assert not extract(turn("I like the template.", speaker="Greta"), [])
    [hates] = extract(turn("I hate coffee, tea person all the way.", speaker="Greta"), [])
    assert (hates.predicate, hates.object) == ("hates", "coffee")


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("Morning. Halvard here, I drive long-haul for Nordfrakt out of Trondheim.", "Halvard works at Nordfrakt."),
        ("Hi! I'm Halvard, second-year PhD student in hydrology at TU Delft.",
         "Halvard is a second-year PhD student in hydrology at TU Delft."),
        ("Quick one before I head out - I'm a sparky (electrician) in Auckland.", "Halvard works as an electrician."),
        ("Marek (my husband) and I are planning the winter holidays.", "Halvard's husband is Marek."),
        ("The rent is high, and Luana and I are looking at a flat in Gaia.",
         "Luana and Halvard are looking at a flat in Gaia."),
        ("Wife is Birgit.", "Halvard's wife is Birgit."),
        ("Type 2 diabetic.", "Halvard is type 2 diabetic."),
        ("Last week - I went to Paris with my sister Ana.", "Last week, Halvard went to Paris with Halvard's sister Ana."),
    ],
)


def test_what_chat_wraps_around_a_statement_is_read_through(said: str, statement: str) -> None:
    assert statement in [f.statement for f in extract(turn(said, speaker="Halvard"), [])]


def test_a_sentence_shouted_in_capitals_is_read_as_typed_and_a_model_name_in_capitals_is_kept() -> None:
    [job] = RulesExtractor().extract(turn("GOT THE ICU JOB. staying on nights", speaker="Delphine"), [])
    assert job.statement == "Delphine got the icu job."
    assert not [f for f in RulesExtractor().extract(turn("the transfer is approved.\n\nI'M GOING TO RENAL", speaker="Kerryn"), [])
                if "'M" in f.statement]
    [lens] = RulesExtractor().extract(turn("I bought a Canon EF 70-200mm f/2.8L IS III USM lens.", speaker="Ana"), [])
    assert "IS III USM" in lens.statement


def test_words_shouted_before_the_rest_of_a_sentence_are_read_as_typed_and_mark_no_name() -> None:
    said = RulesExtractor().extract(turn("GOT THE JOB at el pendulo!! starting thursday, 10 to 6", speaker="Itzel"), [])
    assert ("works at", "el pendulo") in {(f.predicate, f.object) for f in said}


def test_the_job_one_got_somewhere_is_the_job_and_a_job_got_done_is_not() -> None:
    [tesco] = RulesExtractor().extract(turn("I got the job at Tesco!", speaker="Ana"), [])
    assert (tesco.predicate, tesco.object) == ("works at", "Tesco")
    assert all(f.predicate != "works at" for f in RulesExtractor().extract(turn("i got the job done at work", speaker="Ana"), []))


def test_a_forwarded_email_below_its_header_is_someone_elses_words() -> None:
    pasted = ("fwd, can you pull out what I need for Monday. I work at Medtronic.\n\nFrom: Sunflower Montessori <office@sun.ie>\n"
              "Sent: Friday 13 November 2026 06:52\nSubject: Welcome\n\nWe are delighted to welcome Cian. I am the manager here.")
    said = [fact.statement for fact in RulesExtractor().extract(turn(pasted, speaker="Bridget"), [])]
    assert "Bridget works at Medtronic." in said
    assert not [statement for statement in said if "delighted" in statement or "manager" in statement]


def test_what_the_speaker_says_after_a_pasted_email_is_theirs_again() -> None:
    pasted = ("Pasting the email:\n\n---\nFrom: Chief People Officer\nTo: People Team\nSubject: reporting lines\nColleagues, "
              "we will report to Graham Baird.\n---\n\nSo that's me. Graham's my manager now, as of today.")
    said = [fact.statement for fact in RulesExtractor().extract(turn(pasted, speaker="Agnieszka"), [])]
    assert "Agnieszka's manager is Graham." in said


def test_a_pasted_address_of_a_booked_house_moves_no_one() -> None:
    said = turn("Daniel booked the Lake Arrowhead house. Address: 27 Cedar Ridge Rd, Lake Arrowhead. Check in 4pm Saturday.",
                speaker="Young-hee")
    assert not [f for f in extract(said, []) if f.predicate in {"address", "lives in"}]


def test_a_sentence_that_opens_with_the_day_it_begins_holds_from_that_day() -> None:
    friday = datetime(2026, 11, 20, 18, tzinfo=timezone.utc)
    [job] = [f for f in extract(turn("From Monday I work at Tesco.", speaker="Dmitri", when=friday), []) if f.predicate == "works at"]
    assert job.object == "Tesco" and job.event_time == datetime(2026, 11, 23, tzinfo=timezone.utc)
    [later] = [f for f in extract(turn("Big news. From 3rd March I work at Aldi.", speaker="Dmitri", when=friday), [])
               if f.predicate == "works at"]
    assert later.event_time == datetime(2027, 3, 3, tzinfo=timezone.utc)


def test_a_sentence_opening_with_a_time_already_here_or_none_holds_from_when_it_was_said() -> None:
    friday = datetime(2026, 11, 20, 18, tzinfo=timezone.utc)
    [diet] = [f for f in extract(turn("from today I'm vegan", speaker="Dmitri", when=friday), []) if f.predicate == "diet"]
    assert diet.event_time is None
    assert [f for f in extract(turn("From what I hear, I am moving.", speaker="Dmitri", when=friday), [])
            if f.predicate == "lives in"] == []


@pytest.mark.parametrize(
    "text",
    ["My boss said 'I live in Paris'.", "My boss told me: I moved to Paris last year.", 'Tom said "I work at Google now".',
     "My aunt wrote: I'm a vegan these days."],
)


def test_the_i_someone_else_is_quoted_saying_is_theirs_not_the_speakers(text: str) -> None:
    facts = RulesExtractor().extract(turn(text, speaker="Mara"), [])
    assert not [f.statement for f in facts if "Mara lives" in f.statement or "Mara moved" in f.statement
                or "Mara works" in f.statement or "Mara is a vegan" in f.statement or f.predicate in {"lives in", "works at", "diet"}]


def test_the_speakers_own_words_beside_someone_elses_quote_are_still_read() -> None:
    facts = RulesExtractor().extract(turn("I live in Leeds and my boss said 'I live in Paris'.", speaker="Mara"), [])
    assert [f.statement for f in facts] == ["Mara lives in Leeds."]


@pytest.mark.parametrize("text", ["Never mind, I'm not moving to York after all.", "Nevermind, I'll sort it out myself.",
                                  "never mind, the trip to Rome is cancelled"])


def test_never_mind_opening_a_statement_is_no_standing_request(text: str) -> None:
    assert not [f for f in RulesExtractor().extract(turn(text, speaker="Mara"), []) if f.type is MemoryType.PROCEDURAL]


def test_a_change_said_to_begin_at_a_later_month_holds_from_its_first_day() -> None:
    november = datetime(2026, 11, 1, 9, tzinfo=timezone.utc)
    [price] = extract(turn("pool's gone up to £36/month from February", speaker="Dmitri", when=november), [])
    assert price.object == "£36" and price.event_time == datetime(2027, 2, 1, tzinfo=timezone.utc)


def test_a_change_said_made_on_an_earlier_date_holds_from_that_date() -> None:
    march = datetime(2026, 3, 9, 9, tzinfo=timezone.utc)
    [home] = [f for f in extract(turn("I moved to Harrogate on 2 March.", speaker="Dmitri", when=march), []) if f.predicate == "lives in"]
    assert home.event_time == datetime(2026, 3, 2, tzinfo=timezone.utc)


@pytest.mark.parametrize(("text", "day"), [
    ("Forgot to mention, I moved to York back in May.", datetime(2026, 5, 1, tzinfo=timezone.utc)),
    ("I moved to Bristol last week.", datetime(2026, 8, 25, tzinfo=timezone.utc)),
    ("I started at Stripe two weeks ago.", datetime(2026, 8, 18, tzinfo=timezone.utc)),
    ("We moved to Porto in 2019.", datetime(2019, 1, 1, tzinfo=timezone.utc)),
])


def test_a_change_said_made_at_an_earlier_time_holds_from_when_it_was_made_not_from_its_telling(text: str, day: datetime) -> None:
    september = datetime(2026, 9, 1, 9, tzinfo=timezone.utc)
    [fact] = [f for f in extract(turn(text, speaker="Dmitri", when=september), []) if f.predicate in ("lives in", "works at")]
    assert fact.event_time == day


def test_a_change_yet_to_be_made_takes_no_earlier_time_from_a_phrase_beside_it() -> None:
    september = datetime(2026, 9, 1, 9, tzinfo=timezone.utc)
    facts = extract(turn("I'm moving to Leeds, we started looking back in May.", speaker="Dmitri", when=september), [])
    assert all(f.event_time is None or f.event_time >= september.replace(hour=0) for f in facts if f.predicate == "lives in")


def test_what_turned_out_to_be_so_is_said_as_so() -> None:
    [fact] = extract(turn("Turns out I'm not allergic to cats after all, it was dust mites.", speaker="Jo"), [])
    assert fact.statement == "Jo is not allergic to cats after all."
