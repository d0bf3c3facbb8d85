from engram_mcp.extraction.as_typed import as_typed, unshouted


def test_words_shouted_in_capitals_are_read_in_lowercase_and_a_model_name_in_capitals_is_kept() -> None:
    assert unshouted("so. GOT THE ICU JOB. staying on nights") == "so. got the icu job. staying on nights"
    assert unshouted("NHS GP Surgery rang about my bloods") == "NHS GP Surgery rang about my bloods"
    assert unshouted("I bought a Canon EF 70-200mm f/2.8L IS III USM lens.").endswith("IS III USM lens.")


def test_chat_as_typed_is_read_as_written_out() -> None:
    assert as_typed("im moving 2 leeds pls") == "I'm moving to leeds please"
    assert as_typed("Marek (my husband) and I") == "my husband Marek and I"
    assert as_typed("I'm a sparky (electrician) in Auckland") == "I'm an electrician in Auckland"
