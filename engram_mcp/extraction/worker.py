"""Background consolidation: one worker drains the turns waiting for fact extraction.

The queue is not a separate store that could drift: a turn is waiting exactly when it is
an episode in the markdown whose id is not yet in ``done.log`` (ids only — no text, so a
purge never has to chase it here). A turn is marked done only after all its facts are
written, and a fact's id is derived from its turn and statement, so a crash at any point
means the turn is extracted again on the next start and nothing is duplicated.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from pathlib import Path

from engram_mcp.errors import EngramError, ExtractionError
from engram_mcp.extraction.base import ExtractedFact, Extractor
from engram_mcp.extraction.done_log import DoneLog, extracted_before
from engram_mcp.files import atomic_write
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id
from engram_mcp.model.entities import without_invisible
from engram_mcp.model.supersede import was_unsaid
from engram_mcp.model.trust import believed_at_most, gives_instructions

__all__ = ["ExtractionStatus", "ExtractionWorker", "fact_from", "fact_id"]

log = logging.getLogger(__name__)

_CONTEXT_TURNS = 3


@dataclass
class ExtractionStatus:
    extractor: str
    queued: int
    extracted_turns: int = 0
    facts_written: int = 0
    failed_turns: int = 0
    last_error: str | None = None
    seconds_per_turn: float | None = None
    idle: bool = True
    retrying: int = 0
    """Failed turns waiting to be tried again (included in ``queued``)."""


def fact_id(turn_id: str, statement: str, said: int = 1) -> str:
    """The same statement from the same turn always gets the same id; ``said``: the how-manieth time
    the turn gives it, when a correction of the turn took it back and a later one put it back."""
    normalised = re.sub(r"\W+", " ", statement.casefold()).strip()
    return new_memory_id(Kind.FACT, seed=f"{turn_id}|{normalised}" + (f"|{said}" if said > 1 else ""))


def given_by(extracted: Sequence[ExtractedFact], turn: Memory) -> list[ExtractedFact]:
    """What a turn may give, whichever extractor read it: a standing instruction only from the user
    or a person (``trust.gives_instructions``); a tool's "always answer in Dutch" stays in its turn."""
    if gives_instructions(turn.provenance):
        return list(extracted)
    return [fact for fact in extracted if fact.type is not MemoryType.PROCEDURAL]


def readable(memory: Memory) -> Memory:
    """A memory as an extractor reads it: its text as it shows (``entities.without_invisible``)."""
    text = without_invisible(memory.text)
    return memory if text == memory.text else replace(memory, text=text)


def fact_from(extracted: ExtractedFact, turn: Memory, now: datetime) -> Memory:
    """A fact memory from an extractor's output, with provenance back to its turn."""
    source = turn.provenance
    # The assistant's word is not the user's, nor a tool's output anyone's: at most a strong inference
    # or a guess until the user says it (a later user turn saying the same reinforces the fact).
    certainty = min(extracted.certainty, believed_at_most(source))
    return Memory(
        id=fact_id(turn.id, extracted.statement),
        kind=Kind.FACT,
        type=extracted.type,
        text=extracted.statement,
        created_at=now,
        valid_at=extracted.event_time or turn.event_time,
        utc_offset=None if extracted.event_time else turn.utc_offset,
        certainty=certainty,
        provenance=Provenance(
            namespace=source.namespace,
            speaker=source.speaker,
            role=source.role,
            session=source.session,
            source=source.source,
            turn_ids=(turn.id, *extracted.also_from),
        ),
        entities=extracted.entities,
        subject=extracted.subject or None,
        predicate=extracted.predicate or None,
        object=extracted.object or None,
    )


@dataclass
class _Counters:
    turns: int = 0
    facts: int = 0
    failed: int = 0
    seconds: float = 0.0
    last_error: str | None = None
    busy: bool = False


class ExtractionWorker:
    """Extracts facts from stored turns on one background thread, in the order they arrived."""

    def __init__(
        self,
        extractor: Extractor,
        done: DoneLog,
        *,
        lookup: Callable[[str], Memory | None],
        context_of: Callable[[Memory, int], Sequence[Memory]],
        write_fact: Callable[[Memory], bool],
        clock: Callable[[], datetime],
        withdraw_unsaid: Callable[[Memory, frozenset[str]], object] | None = None,
        status_file: Path | None = None,
        retry_delay: float = 5.0,
        max_retry_delay: float = 600.0,
    ) -> None:
        self._status_file = status_file
        self._retry_delay = retry_delay
        self._max_retry_delay = max_retry_delay
        # Turns whose extraction failed (a server down, garbage answers): id -> when to try again.
        self._retry_at: dict[str, float] = {}
        self._attempts: dict[str, int] = {}
        self._extractor = extractor
        self._done = done
        self._lookup = lookup
        self._context_of = context_of
        self._write_fact = write_fact
        # What a turn gave before and does not give now (its text corrected) is withdrawn before its
        # facts are written (``Withdrawal.withdraw_unsaid``).
        self._withdraw_unsaid = withdraw_unsaid
        self._clock = clock
        self._queue: deque[str] = deque()
        self._queued: set[str] = set()
        self._wake = threading.Condition()
        self._stopping = False
        self._thread: threading.Thread | None = None
        self._counters = _Counters()

    def enqueue(self, turn: Memory) -> None:
        """Queue a stored turn; returns at once."""
        if turn.kind is not Kind.EPISODE or turn.id in self._done:
            return
        with self._wake:
            if turn.id not in self._queued:
                self._queue.append(turn.id)
                self._queued.add(turn.id)
                self._wake.notify()

    def redo(self, turn: Memory) -> None:
        """A person corrected a turn's text: extract it again, whether it was extracted or not."""
        if turn.kind is not Kind.EPISODE:
            return
        self._done.discard(turn.id)
        self.enqueue(turn)

    def forget(self, memory_ids: Collection[str]) -> None:
        """A purge removed ``memory_ids`` and cut text from turns: the removed turns leave the queue and
        the retries, so the status no longer counts them, and the last error is cleared here and in
        the published status. An error may quote any text a request carried (the turn, the turns before
        it as context, a model's answer), so no error from before a purge is shown after it; the next
        failure sets one again."""
        gone = set(memory_ids)
        with self._wake:
            self._queue = deque(turn_id for turn_id in self._queue if turn_id not in gone)
            self._queued -= gone
            for turn_id in gone:
                self._retry_at.pop(turn_id, None)
                self._attempts.pop(turn_id, None)
            self._counters.last_error = None
            self._wake.notify_all()
        if self._thread is not None:
            self._publish()
        else:
            self._clear_published_error()

    def _clear_published_error(self) -> None:
        """Not extracting here (a one-shot command): the status a server left keeps its counts and loses
        its error."""
        if self._status_file is None or not self._status_file.exists():
            return
        try:
            published = json.loads(self._status_file.read_text(encoding="utf-8"))
            if isinstance(published, dict) and published.get("last_error"):
                published["last_error"] = None
                atomic_write(self._status_file, json.dumps(published, indent=2).encode(), durable=False)
        except (OSError, ValueError) as error:
            log.warning("could not clear the last extraction error from %s (%s): removing it", self._status_file, error)
            self._status_file.unlink(missing_ok=True)

    def resume(self, turns: Sequence[Memory]) -> int:
        """Queue every stored turn not yet extracted (e.g. after a crash); returns how many. With the log
        lost, what the markdown's facts show was extracted is logged again first, so a fact a person
        deleted by hand is not drawn again from its turn."""
        if self._done.lost:
            self._done.add_many([t for t in extracted_before(turns) if t not in self._done])
            self._done.lost = False
        waiting = sorted(
            (t for t in turns if t.kind is Kind.EPISODE and t.id not in self._done), key=lambda t: t.created_at
        )
        for turn in waiting:
            self.enqueue(turn)
        return len(waiting)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="engram-extraction", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)

    def wait_idle(self, timeout: float) -> bool:
        """Block until the queue is empty and nothing is being extracted (for tests and the CLI)."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while self._queue or self._retry_at or self._counters.busy:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._wake.wait(min(remaining, 0.1))
        return True

    def status(self) -> ExtractionStatus:
        counters = self._counters
        return ExtractionStatus(
            extractor=getattr(self._extractor, "name", type(self._extractor).__name__),
            queued=len(self._queue) + len(self._retry_at),
            extracted_turns=counters.turns,
            facts_written=counters.facts,
            failed_turns=counters.failed,
            last_error=counters.last_error,
            seconds_per_turn=round(counters.seconds / counters.turns, 3) if counters.turns else None,
            idle=not self._queue and not self._retry_at and not counters.busy,
            retrying=len(self._retry_at),
        )

    def _run(self) -> None:
        _lower_priority()
        while True:
            with self._wake:
                while not self._queue and not self._stopping:
                    self._requeue_due()
                    if self._queue:
                        break
                    due = min(self._retry_at.values(), default=None)
                    self._wake.wait(None if due is None else max(0.01, due - time.monotonic()))
                if self._stopping:
                    return
                turn_id = self._queue.popleft()
                self._queued.discard(turn_id)
                self._counters.busy = True
            try:
                self._extract(turn_id)
            except Exception as error:  # noqa: BLE001 - the worker must outlive any one turn
                self._counters.failed += 1
                self._counters.last_error = f"{turn_id}: unexpected {type(error).__name__}: {error}"
                log.exception("fact extraction crashed on turn %s", turn_id)
            finally:
                with self._wake:
                    self._counters.busy = False
                    drained = not self._queue
                    self._wake.notify_all()
                if drained or self._counters.last_error:
                    self._publish()

    def _requeue_due(self) -> None:
        """Move failed turns whose wait is over back to the queue (called holding ``_wake``)."""
        now = time.monotonic()
        for turn_id, due in list(self._retry_at.items()):
            if due <= now:
                del self._retry_at[turn_id]
                if turn_id not in self._queued:
                    self._queue.append(turn_id)
                    self._queued.add(turn_id)

    def _publish(self) -> None:
        """Leave the status where `engram-mcp status` can read it while this process holds the folder."""
        if self._status_file is None:
            return
        try:
            atomic_write(self._status_file, json.dumps(asdict(self.status()), indent=2).encode(), durable=False)
        except OSError as error:
            log.debug("could not write extraction status: %s", error)

    def _extract(self, turn_id: str) -> None:
        turn = self._lookup(turn_id)
        if turn is None:  # forgotten while it waited
            return
        started = time.perf_counter()
        try:
            # What is read is the text as it shows ("Goo\u200bgle" pasted from a page is Google); the turn stays as typed.
            extracted_facts = self._extractor.extract(
                readable(turn), [readable(memory) for memory in self._context_of(turn, _CONTEXT_TURNS)])
            now = self._clock()
            told = [self._as_told_again(fact_from(e, turn, now), turn, e.statement) for e in given_by(extracted_facts, turn)]
            facts = [fact for fact in told if fact is not None]
            if self._withdraw_unsaid is not None:
                self._withdraw_unsaid(turn, frozenset(fact.id for fact in facts))
            written = 0
            for fact in facts:
                if self._write_fact(fact):
                    written += 1
            self._done.add(turn_id)
        except (ExtractionError, EngramError, OSError, ValueError) as error:
            if self._lookup(turn_id) is None:
                return  # forgotten while it was being extracted: neither its error nor a retry stays
            # Counted and logged, never dropped: the turn is tried again later (and after a restart,
            # since it is not in done.log).
            self._counters.failed += 1
            self._counters.last_error = f"{turn_id}: {error}"
            attempts = self._attempts.get(turn_id, 0) + 1
            self._attempts[turn_id] = attempts
            delay = min(self._retry_delay * 2 ** (attempts - 1), self._max_retry_delay)
            with self._wake:
                self._retry_at[turn_id] = time.monotonic() + delay
            log.warning("fact extraction failed for turn %s (retry in %.0f s): %s", turn_id, delay, error)
            return
        self._attempts.pop(turn_id, None)
        self._counters.turns += 1
        self._counters.facts += written
        self._counters.seconds += time.perf_counter() - started

    def _as_told_again(self, fact: Memory, turn: Memory, statement: str) -> Memory | None:
        """``fact`` as written when its turn is extracted again: as it is while none has its id or the
        one with its id is still believed (the pipeline finds it the same); None when that one has
        ended since (superseded, retracted: what ended it stands); under a new id when a correction of
        the turn withdrew it (``unsaid``) and the turn, corrected again, says it once more."""
        said = 1
        while (held := self._lookup(fact.id)) is not None and held.expired_at is not None:
            if not was_unsaid(held):
                return None
            said += 1
            fact = replace(fact, id=fact_id(turn.id, statement, said))
        return fact


def _lower_priority() -> None:
    """Let the hot path win the CPU: a model's compute threads inherit this thread's niceness."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError) as error:  # not Linux, or not permitted
        log.debug("could not lower the extraction thread's priority: %s", error)
