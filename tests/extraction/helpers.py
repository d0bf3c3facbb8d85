from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from engram_mcp.extraction.rules import RulesExtractor
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id
from engram_mcp.model.predicates import normalise

SESSION_DATE = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)


def turn(text: str, speaker: str = "Caroline", when: datetime = SESSION_DATE) -> Memory:
    return Memory(
        id=new_memory_id(Kind.EPISODE, seed=f"{speaker}:{text}"),
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=text,
        created_at=when,
        valid_at=when,
        provenance=Provenance(speaker=speaker),
    )


def slots(text: str, speaker: str = "Noor") -> set[tuple[str, str, bool]]:
    """The (predicate, object, ended) slots the rules extractor's facts for ``text`` fill."""
    facts = RulesExtractor().extract(turn(text, speaker=speaker), [])
    found = {normalise(f.subject, f.predicate, f.object) for f in facts}
    return {(slot.predicate, slot.object, slot.negated) for slot in found}


class _Quoting(BaseHTTPRequestHandler):
    """Refuses every chat completion with an error that quotes the request, as some servers do."""

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        asked = json.loads(self.rfile.read(int(self.headers["Content-Length"])))["messages"][-1]["content"]
        body = json.dumps({"error": {"message": f"invalid request; input was: {asked[-300:]}"}}).encode()
        self.send_response(400)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def quoting_server() -> Iterator[str]:
    """An OpenAI-compatible server whose every error quotes the turn asked about; yields its URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Quoting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
