"""Asking the memory: ``recall`` a question now or at a moment, ``as_of`` with or without one.

A question is checked, asked at its namespace's present (``MemoryService.present``) or at the
moment given, on either time axis, and ranked by the one retriever; the answer names the file
each memory is read from, and what it found is counted as used (the salience prior's access counts).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import PurePosixPath

from engram_mcp.errors import InvalidInput
from engram_mcp.index.base import MemoryFilter
from engram_mcp.model import DEFAULT_NAMESPACE, Kind, MemoryType
from engram_mcp.model.temporal import Axis
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.pipeline import Retriever
from engram_mcp.service.inputs import searched_for, utc
from engram_mcp.service.looking_back import held_at
from engram_mcp.service.results import Recall, recall_of
from engram_mcp.service.warm_up import warm_up

__all__ = ["Asking"]

log = logging.getLogger(__name__)


class Asking:
    """Answers questions of the memories the service holds, through its retriever and catalogue."""

    def __init__(
        self,
        retriever: Retriever,
        catalogue: Catalogue,
        present: Callable[[str], datetime],
        namespace_to_read: Callable[[str], str],
        file_of: Callable[[str], PurePosixPath | None],
        accessed: Callable[[Iterable[str], datetime], None],
        recall_limit: int,
    ) -> None:
        """``present``: the moment a namespace is asked about now; ``namespace_to_read``: a namespace asked of,
        checked (``MemoryService.namespace_to_read``); ``accessed``: told the ids of what
        a recall found, to count their use."""
        self._retriever = retriever
        self._catalogue = catalogue
        self._present = present
        self._namespace_to_read = namespace_to_read
        self._file_of = file_of
        self._accessed = accessed
        self._recall_limit = recall_limit

    def recall(
        self,
        query: str,
        *,
        limit: int | None = None,
        namespace: str = DEFAULT_NAMESPACE,
        types: Sequence[MemoryType] = (),
        kinds: Sequence[Kind] = (),
        at: datetime | None = None,
        axis: Axis = Axis.VALID,
    ) -> Recall:
        """The memories most relevant to ``query``; current ones, or those visible at ``at``."""
        query = searched_for(query)
        self._namespace_to_read(namespace)
        limit = self._check_limit(limit)
        moment = utc(at, "at") if at else None
        now = self._present(namespace)
        where = MemoryFilter(
            namespace=namespace,
            types=tuple(types),
            kinds=tuple(kinds),
            current_only=moment is None,
            present=now if moment is None else None,
            valid_at=moment if axis is Axis.VALID else None,
            known_at=moment if axis is Axis.KNOWN else None,
        )
        # Looking back ranks as recall does, facts at their usual weight: at full weight a fact that
        # only names the person ("Theo works as an electrician") went before what answers.
        found = self._retriever.recall(query, where, limit, now)
        try:
            self._accessed([hit.memory.id for hit in found.hits], now)
        except OSError as error:
            # Access counts are bookkeeping: a full or read-only disk must not fail a recall.
            log.warning("access counts not saved: %s", error.strerror or error)
        return recall_of(found, self._file_of)

    def as_of(
        self,
        at: datetime,
        query: str | None = None,
        *,
        axis: Axis = Axis.VALID,
        limit: int | None = None,
        namespace: str = DEFAULT_NAMESPACE,
        types: Sequence[MemoryType] = (),
    ) -> Recall:
        """What was true (axis=valid) or believed (axis=known) at ``at``; the latest first without a query."""
        moment = utc(at, "at")
        if query:
            return self.recall(query, limit=limit, namespace=namespace, types=types, at=moment, axis=axis)
        self._namespace_to_read(namespace)
        limit = self._check_limit(limit)
        # Without a question, what held then is the useful answer.
        held = held_at(self._catalogue, namespace, moment, axis, types, limit)
        where = MemoryFilter(
            namespace=namespace,
            types=tuple(types),
            valid_at=moment if axis is Axis.VALID else None,
            known_at=moment if axis is Axis.KNOWN else None,
        )
        return recall_of(self._retriever.present(held, where, self._present(namespace)), self._file_of)

    def warm_up(self) -> int:
        """Ask each namespace a few everyday questions, counting no use of what they find (``warm_up.py``)."""
        return warm_up(self._retriever, self._catalogue.namespaces(), self._present, self._recall_limit)

    def _check_limit(self, limit: int | None) -> int:
        limit = self._recall_limit if limit is None else limit
        if not 1 <= limit <= 200:
            raise InvalidInput(f"limit must be within 1..200, got {limit}")
        return limit
