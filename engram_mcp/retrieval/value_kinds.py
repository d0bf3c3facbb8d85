"""Kinds of a detail's value that exclude one another, for a detail one has several of (``Detail.of_kinds``): an old
phone number and a new one, a personal line and a work line, a shop's rent and a home's. "What is Jitka's personal
phone number?" is not told by "new phone number for work: 731 455 902". Pure.
"""

from __future__ import annotations

import re

from engram_mcp.retrieval.details import Detail

__all__ = ["kinds_not_asked", "said_of_another_kind"]

# Kinds of a value that exclude one another, in the languages chat mixes in: an old number is no new one, a
# personal line no work line, a shop's rent no home's ("rent ya bedsitter"). Stems of words, casefolded.
_EXCLUSIVE_KINDS: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(kind.split()), frozenset(other.split())) for kind, other in (
        ("old older previous former earlier lama zamani alt alte alten alter ancien ancienne antiguo antigua viejo vieja "
         "stary stara stare vecchio vecchia gammel gamle oud oude eski",
         "new newer latest current baru mpya neu neue neuen neuer nouveau nouvelle nuevo nueva nowy nowa nowe novo nova "
         "nuovo nuova ny nye nieuw nieuwe yeni"),
        ("personal private pribadi binafsi privat privée privé prywatny prywatna home house flat apartment room "
         "bedsitter bedsit",
         "work business office shop store company bisnis kerja kantor toko usaha kazi duka biashara firma arbeit "
         "dienst trabajo negocio tienda travail boutique lavoro negozio praca służbowy sklep"),
    ))


def _kind_words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", text.casefold()))


def kinds_not_asked(question: str, detail: Detail | None) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """For each kind of value ``question`` asks ("old", "personal") of a ``detail`` one has several of, the words of that
    kind and of the kinds it excludes ("new", "work"): "What is Jitka's personal phone number?" asks no work line."""
    if detail is None or not detail.of_kinds:
        return ()
    asked = _kind_words(question)
    return tuple((kind, other) for pair in _EXCLUSIVE_KINDS for kind, other in (pair, pair[::-1])
                 if asked & kind and not asked & other)


def said_of_another_kind(kinds: tuple[tuple[frozenset[str], frozenset[str]], ...], sentence: str) -> bool:
    """Whether ``sentence`` says its value is of a kind the question excludes and not of the kind it asks ("new phone
    number for work: 731 455 902" tells no personal number, "My new phone line is 0803 221 4870" no old one)."""
    said = _kind_words(sentence)
    return any(said & other and not said & kind for kind, other in kinds)
