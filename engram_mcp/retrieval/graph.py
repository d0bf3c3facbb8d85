"""Multi-hop through the entity graph the facts build. Pure.

Facts name entities ('Caroline', 'the LGBTQ support group', 'Sweden'); two facts that name
the same entity are linked. A question whose answer is spread over several memories
('what might Caroline study, given what she cares about?') finds one of them directly; the
others share an entity with it. So the best facts pass a part of their score to the facts
linked to them through a specific entity: one that the question does not already name (the
entity channel covers those) and that few facts name (a hop through the person everything
is about would link everything).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

__all__ = ["entity_hops"]


def entity_hops(
    ranked: Sequence[tuple[str, float, Collection[str]]],
    facts_naming: Callable[[str], Iterable[str]],
    facts_counted: Callable[[str], int],
    named: Collection[str],
    *,
    seeds: int = 10,
    decay: float = 0.5,
    max_facts: int = 8,
) -> dict[str, float]:
    """Memories one hop away from the best ``seeds`` of ``ranked`` (id, score, entities), best first,
    each scored ``decay`` × the best score that reaches it.

    An entity carries a hop when the question does not name it and at most ``max_facts``
    facts name it. Memories already in ``ranked`` are not returned.
    """
    present = {memory_id for memory_id, _, _ in ranked}
    reached: dict[str, float] = {}
    for memory_id, score, entities in ranked[:seeds]:
        for entity in entities:
            if entity in named or not 0 < facts_counted(entity) <= max_facts:
                continue
            for other in facts_naming(entity):
                if other != memory_id and other not in present and score * decay > reached.get(other, 0.0):
                    reached[other] = score * decay
    return reached
