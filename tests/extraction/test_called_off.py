from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.called_off import gym_switched, label_topic, plan_called_off, replacements_of_called_off
from engram_mcp.model import MemoryType
from engram_mcp.model.corrections import CALLS_OFF, PUTS_RIGHT
from tests.extraction.helpers import turn


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("Holiday update: Zakopane is off, the guesthouse cancelled on us. Marek found a family hotel in Innsbruck "
         "instead, same week.", "Dorota's update on the holiday: Marek found a family hotel in Innsbruck instead."),
        ("Change of plan on the wedding!! Hauwa just called - the hall in Kano fell through, so it's going to be in "
         "Abuja now, same date.", "Dorota's update on the wedding: it's going to be in Abuja now."),
        ("Correction on the ram sale - I had Dubbo in my head, but Craig's looked at the catalogue and it's at "
         "Wellington this year.", "Dorota's update on the ram sale: it's at Wellington this year."),
        ("Sad news, the Lisbon trip is off, we're doing Porto instead.", "Dorota's update on the trip: we're doing Porto instead."),
        ("ugh the lisbon trip is off, flights doubled. we're doing porto instead", "Dorota's update: we're doing porto instead."),
        ("Decided. Cancelled the Vasaloppet (lost the fee), registered for Engelbrektsloppet instead.",
         "Dorota's update: registered for Engelbrektsloppet instead."),
        ("Tawanda's Delta attachment fell through, they froze student intake. he's going to ZESA at Kariba power station "
         "instead, starts 5 May", "Dorota's update on Tawanda's attachment: he's going to ZESA at Kariba power station instead."),
        # someone gone from a role, somewhere no longer to be had, a day that no longer holds
        ("Mrs Hartley is starting her maternity leave early, from tomorrow. The new class teacher is Mr Okafor, he's lovely.",
         "Dorota's update: the new class teacher is Mr Okafor."),
        ("news from the institute: Gustavo resigned, he's going to teach in Valencia. the coordinator from next week is Valeria.",
         "Dorota's update on the institute: the coordinator from next week is Valeria."),
        ("egresados update: Los Aromos flooded in the storm. The party is now at a quinta in Pilar, same date.",
         "Dorota's update on the egresados: the party is now at a quinta in Pilar."),
        ("violin isn't wednesdays anymore from next week. Smaranda's lesson will be on Mondays at 5 instead.",
         "Dorota's update: Smaranda's lesson will be on Mondays at 5 instead."),
        ("the marae at Opotiki won't be finished in time. So the reunion is moving to Whakatane, same date.",
         "Dorota's update on the marae: the reunion is moving to Whakatane."),
        ("the Villeurbanne landlord pulled out. BUT the agency had another one. We're taking a flat in Venissieux, near the park.",
         "Dorota's update on the landlord: we're taking a flat in Venissieux."),
        ("Gave up on the Lidl delivery slots, we're going with Ocado instead.", "Dorota's update: we're going with Ocado instead."),
        ("trip changed!! the client meeting is moved online, so no Bergen. Instead I fly to Oslo on the 18th, new client.",
         "Dorota's update: Instead Dorota fly to Oslo on the 18th."),
        ("daniyar's team changed rink because the Baluan Sholak ice has renovation until march. Now all trainings are at Halyk "
         "Arena.", "Dorota's update: now all trainings are at Halyk Arena."),
        # someone off somewhere is no plan called off; what holds after the one that is
        ("Fiona is off to Australia over christmas. so cluj is off this year. We're spending Christmas in Swindon at Pat's.",
         "Dorota's update: we're spending Christmas in Swindon at Pat's."),
    ],
)
def test_what_replaced_something_called_off_is_restated_without_the_old_value(said: str, restated: str) -> None:
    assert [(fact.statement, fact.predicate) for fact in replacements_of_called_off(said, "Dorota")] == [(restated, PUTS_RIGHT)]


@pytest.mark.parametrize(
    "said",
    [
        "My flight got cancelled so I'm staying in London tonight.",  # nothing named was called off
        "Yoga is cancelled this week. I'm going to the gym now.",  # what is done now names nothing
        "The Leeds gig is off, gutted.",  # nothing replaced it
        "Ravi pulled out of the Leeds gig, so Leeds is just me now.",  # the new clause names the old value
        "Whaea Mihi is leaving for Wellington at 5, she's moving to Wellington now.",  # leaving for somewhere is no end
        "Mum is retired now. She lives in Nelson.",  # nothing said to hold in its place
        "Kemal is off to Izmir on Friday, we're having dinner at Meze first.",  # off to somewhere is no end
        "Mrs Reyes retired. the new one is Ms Delgado, and the fishing trip is still on.",  # "the new one" says not what it is
        "No Kevin, the meeting is at 5 now.",  # a name called by is nothing called off
    ],
)
def test_a_turn_that_calls_nothing_named_off_or_puts_nothing_in_its_place_gives_nothing(said: str) -> None:
    assert replacements_of_called_off(said, "Dorota") == []


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("So we're pushing the trip a week: not the 14th anymore, we fly to Bergen on Wednesday the 21st.",
         "Dorota's update on the trip: we fly to Bergen on Wednesday the 21st."),
        ("My operation is changed. Not the 3rd anymore, the surgeon has a congress, so now it is Thursday the 17th of December.",
         "Dorota's update on the operation: now it is Thursday the 17th of December."),
        ("The airline changed mum's flight. She now lands in Manchester on the 19th, not the 12th.",
         "Dorota's update on mum's flight: she now lands in Manchester on the 19th."),
        ("She can't come on the 12th after all. Her new flight lands on 19 December.",
         "Dorota's update: her new flight lands on 19 December."),
    ],
)
def test_a_moved_date_is_restated_with_the_new_date_only(said: str, restated: str) -> None:
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [restated]


@pytest.mark.parametrize("said", ["I'm not in the office on the 12th, I'm in Leeds on the 14th.",
                                  "Not the 14th anymore. When should we go?"])
def test_a_date_that_no_longer_holds_without_a_new_one_gives_nothing(said: str) -> None:
    assert replacements_of_called_off(said, "Dorota") == []


@pytest.mark.parametrize(("said", "restated"), [
    ("From 17 March please liaise with Mr Gift Chari instead of Mrs Ruvimbo Dube, who is going on maternity leave. "
     "Gate access is now from the Mutare Road side only.",
     "Dorota's update: from 17 March please liaise with Mr Gift Chari instead."),
    ("The class will be taught by Mr Lee instead of Mrs Park, who is leaving.", "Dorota's update: the class will be taught by Mr Lee instead."),
])
def test_who_takes_the_place_of_someone_gone_named_just_before_is_the_replacement(said: str, restated: str) -> None:
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [restated]

@pytest.mark.parametrize(("said", "restated"), [
    ("Dear committee, I'm sorry to say St Ninian's need the hall back for urgent roof repairs, so our last session there will "
     "be Tuesday 18 November. From Saturday 22 November all pantry sessions will run at the Citadel Youth Centre, same days.",
     "Dorota's update: from Saturday 22 November all pantry sessions will run at the Citadel Youth Centre."),
    ("The Grange needs its barn back, our last class there is Friday. Yoga will be held in the Quaker Meeting House.",
     "Dorota's update: Yoga will be held in the Quaker Meeting House."),
])
def test_a_venue_taken_back_and_where_it_will_run_instead_is_the_venue_now(said: str, restated: str) -> None:
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [restated]


@pytest.mark.parametrize(
    ("said", "restated"),
    [
        ("Heads up: the dentist appointment on 4 March has been moved to 11 March.",
         "Dorota's update on the dentist appointment: now on 11 March."),
        ("ugh. my viva is postponed to the 30th, the examiner is ill", "Dorota's update on the viva: now on the 30th."),
        ("Plumbers can't come, so we pushed it: install date is now 9 March.", "Dorota's update on the install date: now on 9 March."),
        ("the Fairmont double-booked june. they moved the wedding to september, 12 september, same hotel.",
         "Dorota's update on the wedding: now in september."),
    ],
)
def test_a_thing_moved_to_a_new_date_is_restated_with_that_date_alone(said: str, restated: str) -> None:
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [restated]


@pytest.mark.parametrize(("said", "restated"), [
    ("forwarding this:\n> Dear parents, Sports Day has been postponed to Friday, June 19 because of the forecast.\nfinally some luck",
     "Dorota's update on Sports Day: now on Friday, June 19."),
    ("Riverside Book Club is moved to Tuesday, 3 March.", "Dorota's update on Riverside Book Club: now on Tuesday, 3 March."),
])
def test_a_thing_called_by_its_name_moved_to_a_weekday_and_date_is_restated_with_them(said: str, restated: str) -> None:
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [restated]


@pytest.mark.parametrize(("said", "restated"), [
    ("Rain all weekend, the barbecue is a washout. New plan: bowling at Strike on Saturday.",
     "Dorota's update: bowling at Strike on Saturday."),
    ("The knee says no to the Berlin marathon. New goal then: the Bristol half in May.", "Dorota's update: the Bristol half in May."),
])
def test_what_follows_a_new_plan_or_goal_is_the_plan_now(said: str, restated: str) -> None:
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [restated]


def test_a_gym_joined_in_place_of_one_cancelled_is_the_gym_now() -> None:
    fact = gym_switched("Cancelled my PureGym membership and joined The Climbing Hangar, way nicer.", "Dorota")
    assert fact is not None and (fact.statement, fact.predicate, fact.object) == (
        "Dorota's gym is now Climbing Hangar.", "gym", "Climbing Hangar")
    assert gym_switched("Cancelled Netflix and signed up for Disney Plus.", "Dorota") is None


@pytest.mark.parametrize(("said", "restated"), [
    ("sorry, correction - the van keys are with moira, i got mixed up. deepak only has the cash tin",
     "Dorota's update: the van keys are with moira."),
    ("no wait, the party is at 7 not 6", "Dorota's update: the party is at 7."),
    ("Correction: my flight is on the 12th.", "Dorota's update: Dorota's flight is on the 12th."),
])
def test_the_statement_a_correction_opens_with_is_what_holds(said: str, restated: str) -> None:
    assert [(fact.statement, fact.predicate) for fact in replacements_of_called_off(said, "Dorota")] == [(restated, PUTS_RIGHT)]


@pytest.mark.parametrize("said", ["correction: the party is not at 7", "sorry, the van keys are with moira", "scratch that, it's Naniwa ward gym"])
def test_a_correction_that_says_only_what_does_not_hold_or_no_correction_restates_nothing(said: str) -> None:
    assert replacements_of_called_off(said, "Dorota") == []


def test_a_message_that_moves_a_date_and_changes_a_place_restates_each() -> None:
    said = ("mamá's surgery was moved!! the surgeon got covid. it's not the 20th anymore. Now it's thursday 26th. And the "
            "hospital changed too. They're doing it at Clínica Pueyrredón because the surgeon's other team works there.")
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [
        "Dorota's update on the hospital: they're doing it at Clínica Pueyrredón because the surgeon's other team works there.",
        "Dorota's update on mamá's surgery: now it's thursday 26th.",
    ]


@pytest.mark.parametrize(("said", "restated"), [
    ("The venue changed. We're now doing it at the Old Mill in Hexham.", "Dorota's update on the venue: we're now doing it at the Old Mill in Hexham."),
    ("Bad news, our clinic has changed, from next week it's at Riverside Health.",
     "Dorota's update on the clinic: from next week it's at Riverside Health."),
])
def test_a_place_said_to_have_changed_is_the_topic_of_where_it_is_now(said: str, restated: str) -> None:
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [restated]


def test_what_holds_said_again_in_other_words_is_restated_with_it() -> None:
    said = ("given up on goalpost. ordered from northern teamwear in stockport instead, they say 10 working days. "
            "the u10 kit supplier is northern teamwear from now on")
    assert [fact.statement for fact in replacements_of_called_off(said, "Dorota")] == [
        "Dorota's update: ordered from northern teamwear in stockport instead; the u10 kit supplier is northern teamwear from now on."]


@pytest.mark.parametrize(
    ("clause", "plan", "said"),
    [
        ("I cancelled my flight to Rome.", "flight to Rome", "Mara's flight to Rome is cancelled."),
        ("We had to call off the party", "party", "The party is cancelled."),
        ("My trip to Oslo got cancelled", "trip to Oslo", "Mara's trip to Oslo is cancelled."),
        ("Our trip to Rome is off.", "trip to Rome", "Mara's trip to Rome is cancelled."),
        ("I'm not moving to York after all.", "moving to York", "Mara is not moving to York after all."),
        ("I won't be selling the flat after all", "selling the flat", "Mara is not selling the flat after all."),
        ("We're not going to Berlin after all", "going to Berlin", "Mara is not going to Berlin after all."),
        ("I'm no longer moving to York", "moving to York", "Mara is no longer moving to York."),
    ],
)
def test_a_plan_called_off_ends_the_plan_it_names(clause: str, plan: str, said: str) -> None:
    fact = plan_called_off(clause, "Mara", 1.0)
    assert fact is not None and fact.predicate == CALLS_OFF and fact.object == plan and fact.statement == said


@pytest.mark.parametrize("clause", ["The light is off.", "I'm not working today.", "I cancelled it.", "I'm not moving to York.",
                                    "I'm not going to eat meat anymore."])
def test_what_calls_off_no_plan_gives_no_ending(clause: str) -> None:
    assert plan_called_off(clause, "Mara", 1.0) is None


def test_the_rules_extractor_reads_a_plan_called_off_after_never_mind() -> None:
    [fact] = RulesExtractor().extract(turn("Never mind, I'm not moving to York after all.", speaker="Mara"), [])
    assert fact.predicate == CALLS_OFF and fact.object == "moving to York" and fact.type is not MemoryType.PROCEDURAL


def test_a_plan_named_then_said_cancelled_is_called_off_without_its_day() -> None:
    facts = RulesExtractor().extract(turn("never mind the physio on the 9th, cancelled it.", speaker="Ada"), [])
    assert [(f.predicate, f.object) for f in facts] == [(CALLS_OFF, "physio")]


def test_an_exclamation_before_a_labels_word_for_a_correction_says_no_topic() -> None:
    assert label_topic("Oh no, correction! Rainbow Mountain is 140 soles now, not 120.", set()) == ""
    assert label_topic("Holiday update: Zakopane is off.", set()) == "the holiday"
