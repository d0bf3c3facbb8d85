import pytest

from engram_mcp.retrieval.abstain import focus_terms, focus_words
from engram_mcp.retrieval.traits import trait_asked


def asked(question: str) -> str | None:
    trait = trait_asked(question, focus_terms(focus_words(question, [])))
    return trait.name if trait else None


@pytest.mark.parametrize(("question", "trait"), [
    ("What does Dariusz do for a living?", "occupation"), ("What did I do for work?", "occupation"),
    ("What does Rui do?", "occupation"), ("What does Jarkko's partner Riikka do?", "occupation"),
    ("What's Parvin's job?", "occupation"), ("What is Jase's trade?", "occupation"), ("What trade is Jase in?", "occupation"),
    ("Does Lupita have any health conditions?", "health condition"),
    ("Does Ruben have any health problems I should know about?", "health condition"),
    ("What lung disease does Walter have?", "health condition"),
    ("Does Branwen have any dietary restrictions?", "diet"), ("What food intolerance does Kenji have?", "diet"),
])
def test_a_question_asking_what_someone_is_asks_that_trait(question: str, trait: str) -> None:
    assert asked(question) == trait


@pytest.mark.parametrize("question", ["How does Jurgen get to work?", "What are we eating on Friday?", "Where does Lena work?",
"What does Rui do on Sundays?", "What does she like to do?",
                                      "What do we call the water treatment job now?",
                                      "Who is Rukmini's contact at Al Noor Trading?"])
def test_a_question_about_something_else_asks_no_trait(question: str) -> None:
    assert asked(question) is None


@pytest.mark.parametrize(("trait", "text"), [
    ("diet", "forgot to say im coeliac so no random toast from the staff room"), ("diet", "Lactose intolerant btw. Shake ideas?"),
    ("diet", "we keep kosher at home, so no pork"), ("health condition", "im type 2 diabetic and i keep grazing on pan dulce"),
    ("health condition", "got my CPAP machine going, the sleep apnoea is no joke"),
    ("health condition", "right so this is Walter our Gemma set this up she says it remembers and I've got emphysema from the pit"),
])
def test_a_trait_the_speaker_says_with_no_one_else_before_it_is_their_own(trait: str, text: str) -> None:
    found = next(t for t in (trait_asked(q, focus_terms(focus_words(q, []))) for q in ("What is Ann's diet?", "Any health conditions?"))
                 if t is not None and t.name == trait)
    assert found.said_in(text) and found.told_of_oneself(text)


@pytest.mark.parametrize("text", ["my sister has asthma, poor thing", "she says me mam's got dementia now", "Tomas's eczema flared up again", "she's pescatarian",
                                  "vet says Brutus has got arthritis starting in his hip"])
def test_a_condition_said_of_someone_else_is_not_the_speakers(text: str) -> None:
    health = trait_asked("Does Ann have any health conditions?", focus_terms(focus_words("Does Ann have any health conditions?", [])))
    diet = trait_asked("What is Ann's diet?", focus_terms(focus_words("What is Ann's diet?", [])))
    assert health is not None and diet is not None
    assert not (health.said_in(text) and health.told_of_oneself(text)) and not (diet.said_in(text) and diet.told_of_oneself(text))


def test_teaching_a_subject_says_what_someone_does_for_work() -> None:
    trait = trait_asked("What did Ingrid do for a living?", focus_terms(focus_words("What did Ingrid do for a living?", [])))
    assert trait is not None
    assert trait.said_in("a little poem, in English, because she taught English all those years")
    assert not trait.said_in("she taught me to swim last summer")


def test_teaching_a_class_or_at_a_place_says_what_someone_does_for_work() -> None:
    trait = trait_asked("What does Piet's wife do for a living?", focus_terms(focus_words("What does Piet's wife do for a living?", [])))
    assert trait is not None
    assert trait.said_in("Anneke says hallo - my vrou. She teaches Grade 4 at the primary in town.")
    assert trait.said_in("she teaches at Hillside now")
    assert not trait.said_in("she's teaching at the moment, call later")
    assert not trait.said_in("she teaches me patience")
