"""Whether a fact holds the slot a question asks about, for whom it asks, or another slot: what the
stages that choose what leads an answer read of a fact beside its words. Pure.

A fact's slot (``model/supersede.slot_of``) has a topic, the words that ask about it
(``question_words.TOPICS``): "Where does Maya's brother live?" asks the home slot of her brother, so
"Maya lives in Porto" holds the slot's topic but not for whom it is asked.
"""

from __future__ import annotations

from engram_mcp.model import Memory
from engram_mcp.model.medicines import what_medicines_are_for
from engram_mcp.model.supersede import slot_of
from engram_mcp.retrieval.abstain import WORD, words_of
from engram_mcp.retrieval.question_words import PLANNED, RELATIONS, TOPICS, stem, topic_words

__all__ = [
    "about_topic", "answers_slot", "holds_another_slot", "holds_asked_slot", "is_place", "is_plan", "speaks_of_another_topic",
]

_PLACES = frozenset({"works_at", "lives_in", "studies_at", "address"})


def is_place(memory: Memory) -> bool:
    """Whether a fact says where: an employer, a home, a school, an address."""
    slot = slot_of(memory)
    return slot is not None and slot.predicate in _PLACES


def is_plan(memory: Memory) -> bool:
    slot = slot_of(memory)
    return slot is not None and slot.predicate in PLANNED


def holds_asked_slot(focus: tuple[str, ...], memory: Memory) -> bool:
    """Whether a fact holds the slot the focus asks about, for whom it asks ("Zara's brother lives
    in Glasgow" holds where her brother lives, never where she does)."""
    return _asked_topic(focus, memory) is not None


def answers_slot(focus: tuple[str, ...], memory: Memory) -> bool:
    """Whether a fact answers the question whole: it holds the slot asked about, and every other
    focus word is in its text ("Where does Maya's brother live?" is not answered by "Maya lives in
    Porto")."""
    topic = _asked_topic(focus, memory)
    if topic is None:
        return False
    # "Paavo takes zopiclone 7.5 mg" answers "What sleep medication does Paavo take?": a medicine says
    # what it is taken for.
    have = {stem(w) for w in WORD.findall(memory.text.casefold())} | {stem(w) for w in what_medicines_are_for(memory.text)}
    return all(term in topic or term in have or term in _HOW_ONE_HAS for term in focus)


# "What camera does Aroha shoot with?": how one has the thing a slot holds asks nothing more than the
# slot ("use" is no focus word at all).
_HOW_ONE_HAS = frozenset(stem(w) for w in ("shoot", "shoots", "ride", "rides", "own", "owns"))


def _asked_topic(focus: tuple[str, ...], memory: Memory) -> frozenset[str] | None:
    """The words of the slot a fact holds, when it is the slot the focus asks about, for whom it asks."""
    slot = slot_of(memory)
    topic = topic_words(slot.predicate) if slot is not None and not slot.negated else None
    if topic is None or not any(term in topic for term in focus):
        return None
    relation = (memory.subject or "").partition("'s ")[2]
    if not relation:
        # "Where is Valentina's father living?" is not answered by where Valentina lives.
        return None if any(term in RELATIONS and term not in topic for term in focus) else topic
    return topic if {stem(w) for w in relation.split()} <= set(focus) else None


def speaks_of_another_topic(focus: tuple[str, ...], text: str) -> bool:
    """Whether ``text`` names a slot's topic ("medication", "doctor", "car") that none of the
    question's words ask about: Ray's new medicine is no answer to what car Ray had."""
    have = words_of(text)
    asked = [words for words in TOPICS.values() if set(focus) & words]
    return any(words & have for words in TOPICS.values()) and not any(words & have for words in asked)


def about_topic(focus: tuple[str, ...], memory: Memory) -> bool:
    """Whether ``memory`` is a fact in a slot the focus words ask about."""
    slot = slot_of(memory)
    topic = topic_words(slot.predicate) if slot is not None else None
    return topic is not None and any(term in topic for term in focus)


def holds_another_slot(focus: tuple[str, ...], memory: Memory) -> bool:
    """Whether ``memory`` is a fact in a slot none of the focus words ask about, while they ask about
    one: "Sid lives in Leith" for "Who is Sid's PhD supervisor?", "Thandiwe runs in the evenings" (a habit's slot,
    named by the habit) for "What company is Thandiwe joining?"."""
    slot = slot_of(memory)
    topic = topic_words(slot.predicate) if slot is not None else None
    if slot is not None and topic is None and slot.predicate.endswith("_how_often"):
        topic = frozenset(stem(word) for word in slot.predicate.removesuffix("_how_often").split("_"))
    return topic is not None and not any(term in topic for term in focus) and any(set(focus) & words for words in TOPICS.values())
