from engram_mcp.retrieval.whom_asked import (
    may_be_of_whom_asked,
    names_no_one_asked,
    of_another_person,
    opens_with_someone_else,
    said_only_as_anothers,
    says_trait_of_whom_asked,
    tells_trait_of_another_asked,
)
from tests.retrieval.leading_cases import focus_of, memory


def test_a_trait_is_told_of_someone_else_only_in_the_sentence_that_names_them() -> None:
    question = focus_of("What is Jase's trade?", frozenset({"Jase"}))
    assert tells_trait_of_another_asked(memory("t-intro", "I'm a physio. partner is Jase, he's an electrician."), question)
    assert not tells_trait_of_another_asked(memory("t-two", "my boss Ruth is a physio. Jase is saving for the trip."), question)
    own = focus_of("What did Ngozi do for work before she retired?")
    assert not tells_trait_of_another_asked(memory("f-asked", "Ngozi asked: the assistant keeps it short.", subject="Ngozi"), own)


def test_the_speakers_own_memory_answers_of_a_thing_of_theirs_named_in_the_question() -> None:
    springdale = memory("t-springdale", "springdale general said yes!! tue + wed + thu lunch 11-2, so bye domain i guess")
    assert may_be_of_whom_asked(springdale, focus_of("Where does La Chispa do its weekday lunch service?", frozenset({"La Chispa"})))
    assert not may_be_of_whom_asked(memory("t-skoda", "I drive a red Skoda."), focus_of("What car does Ilka drive?", frozenset({"Ilka"})))


def test_the_letters_of_a_code_are_no_one_else_named() -> None:
    asked = focus_of("What's the Blue Badge reference number?", frozenset({"Blue Badge"}))
    assert may_be_of_whom_asked(memory("t-code", "renewal reference BB-2291-KX, evidence within 28 days"), asked)
    assert not may_be_of_whom_asked(memory("t-kai", "The reference for Kai is BB-2291-KX."), asked)


def test_a_trait_is_said_of_someone_named_in_its_sentence_or_the_one_before_it_said_of_them() -> None:
    question = focus_of("What did Ingrid do for a living?", frozenset({"Ingrid"}))
    assert says_trait_of_whom_asked(memory("t-sister", "My sister Ingrid called. she is a florist now."), question)
    assert says_trait_of_whom_asked(memory("t-poem", "A poem for Ingrid, because she taught English all those years."), question)
    assert not says_trait_of_whom_asked(memory("t-car", "Ingrid keeps the radiator on full. The mechanic says the pads are gone."),
                                        question)


def test_a_relative_the_question_names_is_met_by_their_name_in_the_sentence_saying_the_trait() -> None:
    question = focus_of("What does Ngozi's partner Riikka do?")
    assert says_trait_of_whom_asked(memory("t-nurse", "Riikka is ER nurse. Night shifts."), question)
    assert not says_trait_of_whom_asked(memory("t-vet", "Musti ate Riikka's mitten. Again. Vet?"), question)
    assert not says_trait_of_whom_asked(memory("t-nurse", "Riikka is ER nurse."), focus_of("What does Ngozi's partner do?"))


def test_the_speakers_own_memory_is_not_said_of_someone_else_asked_by_name_or_relation() -> None:
    own_fact = memory("f-own", "Ngozi drives a Skoda.", subject="Ngozi")
    own_turn = memory("t-own", "I drive a red Skoda.")
    asked = focus_of("What car does Ilka drive?", frozenset({"Ilka"}))
    assert not may_be_of_whom_asked(own_fact, asked) and not may_be_of_whom_asked(own_turn, asked)
    assert may_be_of_whom_asked(memory("t-hers", "Ilka just bought a Tesla."), asked)
    sister = focus_of("What car does my sister drive?")
    assert not may_be_of_whom_asked(own_turn, sister)
    assert may_be_of_whom_asked(memory("t-sis", "my sister drives a Polo"), sister)
    assert may_be_of_whom_asked(own_turn, focus_of("What car do I drive?"))
    assert may_be_of_whom_asked(own_fact, focus_of("What car do Ngozi and Ilka drive?", frozenset({"Ilka", "Ngozi"})))


def test_the_speakers_word_naming_someone_else_is_not_of_whom_a_question_names() -> None:
    question = focus_of("Where does Temi live?", frozenset({"Temi"}))
    assert of_another_person(memory("t-mum", "My mum Folake says back home in Ibadan nobody had heard of it."), question)
    assert not of_another_person(memory("t-sister", "My sister moved to Manchester."), question)
    assert not of_another_person(memory("t-temi", "Temi moved to Manchester, my mum Folake cried."), question)
    assert not of_another_person(memory("t-moved", "So from the 19th your lunch service moves to Springdale General."),
                                 question)
    # Asked who, the answer is someone else.
    who = focus_of("Who is my contact at the Proteomics Core?", frozenset({"Proteomics Core"}))
    assert not of_another_person(memory("t-met", "I met Camilla Juhl today, who now manages our mass spectrometry samples."), who)


def test_i_with_its_verb_is_no_one_else_named_in_the_speakers_word() -> None:
    question = focus_of("Which day of the week is Kringle & Co shut?", frozenset({"Kringle & Co"}))
    sign = memory("t-sign", "Day off today and I've realised the sign is wrong. Our closed day is Tuesday! Can you fix it?")
    assert not of_another_person(sign, question)
    assert of_another_person(memory("t-ditte", "I've told my sister Ditte our closed day is Tuesday."), question)


def test_a_sentence_opening_with_someone_elses_name_and_s_is_not_of_whom_a_question_names() -> None:
    question = focus_of("Where does Ngozi's friend Denny live now?", frozenset({"Denny"}))
    assert opens_with_someone_else(memory("t-dana", "Dana's sister helped her move, she's officially living in Columbus now."),
                                   question)
    assert not opens_with_someone_else(memory("t-denny", "Denny's officially in Tampa now."), question)
    assert not opens_with_someone_else(memory("t-she", "She's officially in Tampa now."), question)
    assert not opens_with_someone_else(memory("t-naniwa", "scratch that, it's Naniwa ward gym."), question)


def test_the_speaker_named_only_as_whose_relative_is_asked_is_not_asked() -> None:
    mum = focus_of("How old is Ngozi's mum?", frozenset({"Ngozi"}))
    assert not may_be_of_whom_asked(memory("f-age", "Ngozi is 29 years old.", subject="Ngozi"), mum)
    assert not may_be_of_whom_asked(memory("t-intro", "hi! I'm Ngozi, 29, pharmacist in Footscray"), mum)
    assert may_be_of_whom_asked(memory("t-mum", "my mum turns 64 on Friday, she wants a quiet lunch"), mum)


def test_a_memory_naming_no_one_asked_of_and_saying_no_he_she_or_they_names_no_one_asked() -> None:
    of_mia = focus_of("How much does Mia weigh?", frozenset({"Mia"}))
    assert names_no_one_asked(memory("t-note", "note: weight 82kg this morning"), of_mia)
    assert not names_no_one_asked(memory("t-mia", "Mia had her checkup, 21kg"), of_mia)
    assert not names_no_one_asked(memory("t-she", "she's 21kg now"), of_mia)
    assert not names_no_one_asked(memory("t-note", "note: weight 82kg this morning"), focus_of("How much do I weigh?"))


def test_a_thing_asked_of_someone_said_only_as_another_named_persons_is_not_said_of_them() -> None:
    leo = focus_of("Who is Leo's teacher?", frozenset({"Leo"}))
    mias = [memory("t-mia", "My daughter Mia's teacher is Mrs Hartley."), memory("t-leo", "My son Leo is 9."),
            memory("f-mia", "Ngozi's daughter Mia's teacher is Mrs Hartley.", subject="Mia")]
    assert said_only_as_anothers(["Leo"], leo, mias) == ("leo",)


def test_a_thing_said_of_whom_is_asked_as_no_ones_or_as_the_speakers_may_be_theirs() -> None:
    leo = focus_of("Who is Leo's teacher?", frozenset({"Leo"}))
    mia = memory("t-mia", "My daughter Mia's teacher is Mrs Hartley.")
    assert said_only_as_anothers(["Leo"], leo, [mia, memory("t-leo", "Leo's teacher is Mrs Okafor.")]) == ()
    assert said_only_as_anothers(["Leo"], leo, [mia, memory("t-class", "the new teacher starts on Monday")]) == ()
    assert said_only_as_anothers(["Leo"], leo, [mia, memory("t-son", "my son's teacher rang today")]) == ()
    assert said_only_as_anothers(["Leo"], leo, [mia, memory("t-son", "Son's teacher rang today")]) == ()
    assert said_only_as_anothers(["Mia"], focus_of("Who is Mia's teacher?", frozenset({"Mia"})), [mia]) == ()
    # The speaker asked by another form of their name ("Kai" for Kaito) is told by their own "my".
    kai = focus_of("Who's Kai's team lead?", frozenset({"Kai"}))
    assert said_only_as_anothers(["Kai"], kai, [memory("t-lead", "my lead is kostas, v chill")]) == ()
    assert said_only_as_anothers(["Kai"], kai, [memory("f-lead", "Ngozi's lead is Kostas.", subject="Ngozi")]) == ()
