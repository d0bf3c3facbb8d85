"""Torture benchmark: SIGKILL at random points during mixed writes, hostile inputs and hand edits.

    engram-mcp bench torture --ops 600 --kills 20 --seed 7 --out bench-results/torture.json

Drives the real server over stdio (the rules extractor runs in the background) with a mix of
remember (hostile texts, speakers and sessions from ``bench.hostile``, ordinary turns, facts),
forget (purge and retract), recall, hand-written notes and malformed files; kills it with
SIGKILL in the middle of a request or of its start-up, edits the markdown while it is down,
and restarts it. Every acknowledged write goes into a ledger. Counted:

- lost: an acknowledged memory (or hand-written note) that memory no longer has;
- damaged: one whose text, speaker, session or namespace differs from what was acknowledged;
- resurrected: an acknowledged purge whose memory is back;
- divergent: differences between the files and the index that ``check`` reports after each
  restart (files broken on purpose excepted, as long as they are reported as malformed);
- failed starts, and unexpected errors on ordinary calls.

Progress goes to stderr; figures to stdout and the JSON file.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engram_mcp.bench.hostile import MALFORMED_KINDS, hostile_input, malformed_block
from engram_mcp.bench.wire_client import ServerGone, WireServer

__all__ = ["Figures", "main", "run_torture"]

_PAST_DAYS = tuple(f"2026-0{month}-1{day}T0{day}:30:00Z" for month in (3, 4) for day in (1, 2, 3))
_NAMESPACES = ("default", "default", "torture")
_START_TIMEOUT = 300.0


@dataclass(frozen=True, slots=True)
class Expected:
    text: str
    speaker: str | None
    session: str | None
    namespace: str
    category: str


@dataclass
class Figures:
    operations: int = 0
    kills: int = 0
    acknowledged: int = 0
    refused: int = 0
    hand_notes: int = 0
    malformed_files: int = 0
    held_in_malformed: int = 0
    restarts: int = 0
    failed_starts: int = 0
    lost: int = 0
    damaged: int = 0
    resurrected: int = 0
    divergent: int = 0
    errors: int = 0
    refused_by_reason: dict[str, int] = field(default_factory=dict)
    examples: list[str] = field(default_factory=list)

    def note(self, example: str) -> None:
        if len(self.examples) < 25:
            self.examples.append(example[:300])


class Torture:
    def __init__(self, folder: Path, seed: int, env: dict[str, str] | None = None, extractor: str = "rules") -> None:
        self.folder = folder
        self.memories = folder / "memories"
        self.rng = random.Random(seed)
        self.env = env
        self.extra = ("--extractor", extractor, "--log-level", "WARNING")
        self.log = (folder / "server.log").open("ab")
        self.figures = Figures()
        self.ledger: dict[str, Expected] = {}
        self.maybe_gone: set[str] = set()
        self.purged: set[str] = set()
        self.notes: list[tuple[str, str]] = []  # (note, the file it was written to)
        self.broken: set[str] = set()
        self.refusals: Counter[str] = Counter()

    # -- the run ---------------------------------------------------------------------------

    def run(self, operations: int, kills: int) -> Figures:
        per_phase = max(1, operations // (kills + 1))
        for phase in range(kills + 1):
            server = self._start()
            if server is None:
                continue
            self._check(server)
            last = phase == kills
            for _ in range(per_phase if not last else operations - per_phase * kills):
                if not self._operation(server):
                    break
            if last:
                server.stop()
            else:
                self._kill_during_write(server)
                self._edit_while_down()
            _progress(f"phase {phase + 1}/{kills + 1}: {self.figures.operations} operations, "
                      f"{self.figures.kills} kills, {len(self.ledger)} acknowledged")
        self._verify()
        self.figures.refused_by_reason = dict(self.refusals.most_common(20))
        self.log.close()
        return self.figures

    def _start(self) -> WireServer | None:
        """A server that answered the handshake; sometimes killed once during start-up first."""
        for attempt in range(3):
            server = WireServer(self.memories, self.log, *self.extra, env=self.env)
            self.figures.restarts += 1
            if attempt == 0 and self.rng.random() < 0.25:
                time.sleep(self.rng.uniform(0.0, 3.0))
                server.kill()
                self.figures.kills += 1
                continue
            try:
                server.handshake(_START_TIMEOUT)
                return server
            except ServerGone as error:
                self.figures.failed_starts += 1
                self.figures.note(f"start failed: {error}")
                server.kill()
        return None

    def _operation(self, server: WireServer) -> bool:
        self.figures.operations += 1
        roll = self.rng.random()
        try:
            if roll < 0.42:
                self._remember_hostile(server)
            elif roll < 0.57:
                self._remember_plain(server)
            elif roll < 0.64:
                self._remember_fact(server)
            elif roll < 0.76:
                self._forget(server)
            elif roll < 0.84:
                self._recall(server)
            elif roll < 0.94:
                self._hand_note_file()
            else:
                self._malformed_file()
        except ServerGone as error:
            self.figures.errors += 1
            self.figures.note(f"server gone during an operation: {error}")
            server.kill()
            return False
        return True

    # -- operations --------------------------------------------------------------------------

    def _remember_args(self) -> tuple[dict[str, Any], str]:
        hostile = hostile_input(self.rng)
        arguments: dict[str, Any] = {"text": hostile.text, "namespace": self.rng.choice(_NAMESPACES)}
        if hostile.speaker is not None:
            arguments["speaker"] = hostile.speaker
        if hostile.session is not None:
            arguments["session"] = hostile.session
        if self.rng.random() < 0.5:
            arguments["event_time"] = self.rng.choice(_PAST_DAYS)
        return arguments, hostile.category

    def _remember_hostile(self, server: WireServer) -> None:
        arguments, category = self._remember_args()
        ok, value = server.call("remember", arguments)
        if ok:
            self._acknowledge(value["id"], arguments, category)
        else:
            self.figures.refused += 1
            self.refusals[f"{category}: {_reason(value)}"] += 1

    def _remember_plain(self, server: WireServer) -> None:
        n = self.rng.randrange(10_000)
        arguments = {"text": f"Plain turn {n}: I moved to city {n % 37} and my dog is called Rex{n}.",
                     "speaker": self.rng.choice(("Ana", "Ben")), "namespace": self.rng.choice(_NAMESPACES)}
        ok, value = server.call("remember", arguments)
        if ok:
            self._acknowledge(value["id"], arguments, "plain")
        else:
            self._error("plain remember", value)

    def _remember_fact(self, server: WireServer) -> None:
        person, city = self.rng.randrange(30), self.rng.randrange(12)
        arguments = {"text": f"Person{person} lives in City{city}", "kind": "fact",
                     "subject": f"Person{person}", "predicate": "lives in", "object": f"City{city}"}
        ok, value = server.call("remember", arguments)
        if not ok:
            self._error("fact remember", value)
        elif value["action"] == "added":
            self._acknowledge(value["id"], {**arguments, "namespace": "default"}, "fact")

    def _forget(self, server: WireServer) -> None:
        candidates = sorted(set(self.ledger) - self.purged - self.maybe_gone)
        if not candidates:
            return
        target = self.rng.choice(candidates)
        mode = "purge" if self.rng.random() < 0.8 else "retract"
        ok, value = server.call("forget", {"memory_id": target, "mode": mode})
        if not ok:
            self._error(f"forget {mode}", value)
        elif mode == "purge":
            self.purged.update(value["removed"])

    def _recall(self, server: WireServer) -> None:
        ok, value = server.call("recall", {"query": self.rng.choice(("dog", "city", "Oslo", "password", "Ana"))})
        if not ok:
            self._error("recall", value)

    def _hand_note_file(self) -> None:
        """A note a person saves in a new file of their own (written whole, as editors do)."""
        note = f"hand note {self.rng.getrandbits(40):010x}"
        path = self.memories / "facts" / f"hand-{note[-10:]}.md"
        _atomic_write(path, f"# Notes\n\n- {note}\n".encode())
        self.notes.append((note, f"facts/{path.name}"))
        self.figures.hand_notes += 1

    def _malformed_file(self) -> None:
        kind = self.rng.choice(MALFORMED_KINDS)
        relative = f"journal/1999-0{self.rng.randint(1, 9)}-{self.rng.randint(10, 28)}.md"
        _atomic_write(self.memories / relative, malformed_block(kind, self.rng))
        self.broken.add(relative)
        self.figures.malformed_files += 1

    def _kill_during_write(self, server: WireServer) -> None:
        """SIGKILL a moment after a write was sent: the write may or may not have happened."""
        try:
            if self.rng.random() < 0.7 or not self.ledger:
                arguments, _ = self._remember_args()
                server.send_call("remember", arguments)
            else:
                turns = [i for i in set(self.ledger) - self.purged if i.startswith("t-")]
                if turns:
                    target = self.rng.choice(sorted(turns))
                    self.maybe_gone.add(target)
                    server.send_call("forget", {"memory_id": target})
            self.figures.operations += 1
        except ServerGone:
            pass
        time.sleep(self.rng.uniform(0.0, 0.08))
        server.kill()
        self.figures.kills += 1

    def _edit_while_down(self) -> None:
        """A person edits the files while no server runs: appends a note, or breaks a file."""
        journals = sorted((self.memories / "journal").glob("*.md")) if (self.memories / "journal").exists() else []
        healthy = [p for p in journals if f"journal/{p.name}" not in self.broken]
        if healthy and self.rng.random() < 0.5:
            note = f"hand note {self.rng.getrandbits(40):010x}"
            target = self.rng.choice(healthy)
            with target.open("a", encoding="utf-8") as stream:
                stream.write(f"\n- {note}\n")
            self.notes.append((note, f"journal/{target.name}"))
            self.figures.hand_notes += 1
        if journals and self.rng.random() < 0.3:
            path = self.rng.choice(journals)
            with path.open("ab") as stream:
                stream.write(b"\n" + malformed_block(self.rng.choice(MALFORMED_KINDS[:4]), self.rng))
            self.broken.add(f"journal/{path.name}")
            self.figures.malformed_files += 1

    # -- bookkeeping and verification ---------------------------------------------------------

    def _acknowledge(self, memory_id: str, arguments: dict[str, Any], category: str) -> None:
        self.figures.acknowledged += 1
        self.ledger[memory_id] = Expected(
            arguments["text"], arguments.get("speaker"), arguments.get("session"), arguments["namespace"], category
        )

    def _error(self, what: str, message: object) -> None:
        self.figures.errors += 1
        self.figures.note(f"{what} failed: {message}")

    def _check(self, server: WireServer) -> None:
        ok, value = server.call("check_memory", {"wait_seconds": 20}, timeout=180)
        if not ok:
            self._error("check_memory", value)
            return
        for line in value["differences"]:
            if line.startswith("malformed") and any(b in line for b in self.broken):
                continue
            self.figures.divergent += 1
            self.figures.note(f"check: {line}")

    def _verify(self) -> None:
        server = self._start()
        if server is None:
            self.figures.lost += len(set(self.ledger) - self.purged - self.maybe_gone) + len(self.notes)
            return
        self._check(server)
        for memory_id, expected in sorted(self.ledger.items()):
            ok, value = server.call("history", {"memory_id": memory_id})
            found = next((v for v in value["versions"] if v["id"] == memory_id), None) if ok else None
            if memory_id in self.purged:
                if found is not None:
                    self.figures.resurrected += 1
                    self.figures.note(f"purged but back: {memory_id}")
            elif found is None:
                if memory_id not in self.maybe_gone:
                    self.figures.lost += 1
                    self.figures.note(f"lost ({expected.category}): {memory_id} {expected.text[:80]!r}: {value}")
            else:
                got = Expected(found["text"], found["speaker"], found["session"], found["namespace"], expected.category)
                if got != expected:
                    self.figures.damaged += 1
                    self.figures.note(f"damaged ({expected.category}) {memory_id}: {_difference(expected, got)}")
        for note, relative in self.notes:
            ok, value = server.call("recall", {"query": note, "limit": 5})
            if ok and note in [m["text"] for m in value["memories"]]:
                continue
            if relative in self.broken:
                # A malformed file is left as the person wrote it until they fix it; check names it.
                self.figures.held_in_malformed += 1
            else:
                self.figures.lost += 1
                self.figures.note(f"hand note lost: {note!r} in {relative}")
        server.stop()


def run_torture(folder: Path, operations: int, kills: int, seed: int, env: dict[str, str] | None = None) -> Figures:
    """Run the torture in ``folder`` (a fresh memory folder is made inside it)."""
    return Torture(folder, seed, env).run(operations, kills)


def _difference(expected: Expected, got: Expected) -> str:
    for name in ("text", "speaker", "session", "namespace"):
        if getattr(expected, name) != getattr(got, name):
            return f"{name} {getattr(expected, name)!r:.80} became {getattr(got, name)!r:.80}"
    return "?"


def _reason(message: object) -> str:
    """A refusal's reason without the file, line and id that make every message unique."""
    text = re.sub(r"\S+\.md:\d+: ", "", str(message))
    text = re.sub(r"\^?[tf]-[0-9a-f]{12}", "<id>", text)
    return text[:80]


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def _progress(message: str) -> None:
    print(f"torture: {message}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram-mcp bench torture", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ops", type=int, default=600, help="operations in all (default 600)")
    parser.add_argument("--kills", type=int, default=20, help="SIGKILLs during writes (default 20)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--dir", type=Path, help="where to run (default: a new temporary folder)")
    parser.add_argument("--out", type=Path, default=Path("bench-results/torture.json"))
    args = parser.parse_args(argv)
    folder = args.dir or Path(tempfile.mkdtemp(prefix="engram-torture-"))
    folder.mkdir(parents=True, exist_ok=True)
    _progress(f"running in {folder}")
    started = time.perf_counter()
    figures = run_torture(folder, args.ops, args.kills, args.seed)
    result = {"benchmark": "torture", "seed": args.seed, "seconds": round(time.perf_counter() - started, 1),
              "load_average": [round(x, 2) for x in os.getloadavg()], "folder": str(folder), **asdict(figures)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for name in ("operations", "kills", "restarts", "acknowledged", "refused", "hand_notes", "malformed_files",
                 "held_in_malformed", "failed_starts", "errors", "lost", "damaged", "resurrected", "divergent"):
        print(f"{name:16} {result[name]}")
    print(f"wrote {args.out}")
    bad = figures.lost + figures.damaged + figures.resurrected + figures.divergent + figures.failed_starts
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
