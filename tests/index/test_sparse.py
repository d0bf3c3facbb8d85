from __future__ import annotations

from engram_mcp.index.sparse import Bm25Encoder, stem, token_id, tokenize


def test_tokenize_lowercases_folds_accents_and_drops_stopwords() -> None:
    assert tokenize("Zoë and I visited the CAFÉ in Zürich") == ["zoe", "visit", "cafe", "zurich"]


def test_tokenize_splits_on_punctuation_and_keeps_numbers() -> None:
    assert tokenize("Caroline's flight: 7:45, gate B12!") == ["caroline", "flight", "7", "45", "gate", "b12"]


def test_tokenize_keeps_words_of_other_scripts() -> None:
    assert tokenize("東京 に 行きました") == ["東京", "に", "行きました"]


def test_stem_merges_the_common_english_word_forms() -> None:
    forms = {"hiking": "hike", "hiked": "hike", "hikes": "hike", "running": "run", "studies": "study"}
    assert {word: stem(word) for word in forms} == forms


def test_stem_leaves_short_and_non_ascii_words_alone() -> None:
    assert [stem(w) for w in ("bus", "is", "naïves")] == ["bus", "is", "naïves"]


def test_token_ids_are_stable_across_processes_and_releases() -> None:
    # Stored sparse vectors depend on these ids: changing them needs an index rebuild.
    assert token_id("hike") == 2308809805
    assert 0 <= token_id("anything") < 2**32


def test_query_gives_each_distinct_term_weight_one() -> None:
    vector = Bm25Encoder().query("hiking hikes Alps")
    assert len(vector) == 2
    assert vector.values == (1.0, 1.0)
    assert list(vector.indices) == sorted(vector.indices)


def test_document_weights_saturate_with_repetition() -> None:
    encoder = Bm25Encoder()
    once = encoder.document("tea").values[0]
    thrice = encoder.document("tea tea tea").values[0]
    assert once < thrice < encoder.k + 1.0


def test_document_weights_fall_as_the_document_grows() -> None:
    encoder = Bm25Encoder()
    short = encoder.document("tea biscuits").values
    long = encoder.document("tea " + " ".join(f"word{i}" for i in range(60))).values
    assert max(long) < max(short)


def test_text_without_words_gives_an_empty_vector() -> None:
    encoder = Bm25Encoder()
    assert len(encoder.document("... the of !")) == 0
    assert len(encoder.query("")) == 0
