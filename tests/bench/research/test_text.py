from engram_mcp.bench.research.bm25 import BM25
from engram_mcp.bench.research.text import stem, tokenize


def test_stemming_joins_inflections_of_the_same_word() -> None:
    assert stem("paints") == stem("painting") == stem("painted") == "paint"
    assert stem("running") == "run"
    assert stem("hobbies") == "hobby"


def test_tokenize_drops_stopwords_unless_asked_not_to() -> None:
    assert tokenize("What did Melanie paint?") == ["melanie", "paint"]
    assert tokenize("What did", stopwords=False, stemming=False) == ["what", "did"]


def test_bm25_prefers_the_document_with_the_rarer_matching_term() -> None:
    index = BM25([["cat", "food"], ["dog", "food"], ["dog", "walk"]])
    assert index.top(["cat", "food"], 1)[0][0] == 0
    assert index.scores(["unknown"]) == {}
