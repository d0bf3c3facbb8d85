from datetime import datetime, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.stating import Statement, cut_statement, restates

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def fact(text: str, subject: str = "user", value: str | None = None) -> Memory:
    return Memory(id="f-1", kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text, created_at=NOW, subject=subject,
                  object=value, provenance=Provenance(role="user"))


TESCO = Statement.of_fact(fact("User works at Tesco.", value="Tesco"))
PENICILLIN = Statement.of_fact(fact("User is allergic to penicillin.", value="penicillin"))


def test_a_clause_saying_the_fact_goes_and_the_other_clauses_of_its_sentence_stay() -> None:
    assert cut_statement(["I work at Tesco, and my dog is called Biscuit."], TESCO, drawn_from=True) == {
        "I work at Tesco, and my dog is called Biscuit.": "My dog is called Biscuit."}
    assert cut_statement(["I had a rash, so reminder: allergic to penicillin!"], PENICILLIN, drawn_from=False) == {
        "I had a rash, so reminder: allergic to penicillin!": "I had a rash."}


def test_a_clause_that_also_says_another_fact_of_its_turn_loses_only_the_value_forgotten() -> None:
    cashier = Statement.of_fact(fact("User works as a cashier.", value="cashier"))
    assert cut_statement(["I work at Tesco as a cashier."], TESCO, drawn_from=True, others=[cashier]) == {
        "I work at Tesco as a cashier.": "I work as a cashier."}
    # Without another fact told in it, the clause goes whole.
    assert cut_statement(["I work at Tesco as a cashier."], TESCO, drawn_from=True) == {"I work at Tesco as a cashier.": ""}


def test_in_a_turn_naming_the_value_only_the_clause_naming_it_says_the_fact() -> None:
    assert cut_statement(["I work at Tesco.", "I work nights, and I love it."], TESCO, drawn_from=True) == {"I work at Tesco.": ""}


def test_a_clause_going_on_by_pronoun_about_what_was_cut_goes_with_it() -> None:
    boss = Statement.of_fact(fact("User's boss is Mr. Adeyemi.", value="Mr. Adeyemi"))
    parts = ["My boss is Mr. Adeyemi, he wants the report by Friday.", "He is strict.", "I drive a Honda."]
    assert cut_statement(parts, boss, drawn_from=True) == {parts[0]: ""}


def test_a_clause_of_a_turn_it_was_drawn_from_in_its_words_goes_with_the_one_saying_it() -> None:
    hip = Statement.of_fact(fact("User's update: his dad had his hip replaced last month and his parents want us in Sopot."))
    assert cut_statement(["His dad had his hip replaced last month and his parents want us in Sopot."], hip, drawn_from=True) == {
        "His dad had his hip replaced last month and his parents want us in Sopot.": ""}
    # A preface that says nothing of its own is no clause: "On a personal note, I share a flat in Partick".
    flat = Statement.of_fact(fact("User shares a flat in Partick.", value="a flat in Partick"))
    assert cut_statement(["On a personal note, I share a flat in Partick, and I cycle to work."], flat, drawn_from=True) == {
        "On a personal note, I share a flat in Partick, and I cycle to work.": "I cycle to work."}


def test_another_turn_says_the_fact_again_only_all_of_it_of_the_speaker_not_denied_and_with_little_else() -> None:
    def says(sentence: str, said: Statement = PENICILLIN) -> bool:
        return sentence in cut_statement([sentence], said, drawn_from=False)

    assert says("Reminder: allergic to penicillin!") and says("My penicillin allergy flared up.")
    assert says("Noted, you're allergic to penicillin.")
    assert not says("My sister is allergic to penicillin too.") and not says("Ana is allergic to penicillin.")
    assert not says("Turns out I'm not allergic to penicillin after all.")
    assert not says("Penicillin is on the shelf.")
    assert not says("I cooked a vegan curry for Tom.", Statement.of_fact(fact("User is vegan.")))
    # A fact of someone named is said again only where they are named.
    ana = Statement.of_fact(fact("Ana lives in Porto.", subject="Ana", value="Porto"))
    assert says("Ana still lives in Porto.", ana) and not says("Tom lives in Porto.", ana)


def test_a_fact_says_what_was_forgotten_again_only_with_its_value_and_of_the_same_one() -> None:
    assert restates(fact("User has a penicillin allergy.", value="penicillin allergy"), PENICILLIN)
    assert restates(fact("User is on the analytics team at Tesco.", value="the analytics team at Tesco"), TESCO)
    assert not restates(fact("User works as a cashier.", value="cashier"), TESCO)
    assert not restates(fact("Ana works at Tesco.", subject="Ana", value="Tesco"), TESCO)
