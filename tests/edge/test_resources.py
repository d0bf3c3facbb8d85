"""The resources module's HTTP page: GET /timeline on the server's own Starlette app, with a real Engram."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from engram_mcp.app import Engram
from engram_mcp.config import load_settings
from engram_mcp.edge.mcp_server import build_server


@pytest.fixture
def engram(tmp_path: Path, model_cache: Path) -> Iterator[Engram]:
    settings = load_settings(environ={
        "ENGRAM_MEMORY_DIR": str(tmp_path / "memories"), "ENGRAM_CACHE_DIR": str(model_cache),
        "ENGRAM_CONFIG": "/nonexistent", "ENGRAM_EXTRACTOR": "none",
    })
    running = Engram.open(settings)
    running.start(background=False)
    yield running
    running.close()


def test_the_timeline_page_is_served_over_http_for_everything_or_one_entity(engram: Engram) -> None:
    engram.facts.state("Ana works at Google.", speaker="Ana")
    engram.facts.state("Eva lives in Oslo.", subject="Eva", speaker="Ana")
    client = TestClient(build_server(engram).streamable_http_app())

    everything = client.get("/timeline")
    assert everything.status_code == 200 and everything.headers["content-type"].startswith("text/html")
    assert "Ana works at Google." in everything.text and "Eva lives in Oslo." in everything.text
    only_eva = client.get("/timeline", params={"entity": "eva"})
    assert "Eva lives in Oslo." in only_eva.text and "Ana works at Google." not in only_eva.text
    unknown = client.get("/timeline", params={"entity": "Zed"})
    assert unknown.status_code == 404 and "no entity named 'Zed'" in unknown.text


def test_the_timeline_names_the_page_a_fact_is_on_after_a_person_renamed_it(tmp_path: Path, model_cache: Path) -> None:
    settings = load_settings(environ={
        "ENGRAM_MEMORY_DIR": str(tmp_path / "memories"), "ENGRAM_CACHE_DIR": str(model_cache),
        "ENGRAM_CONFIG": "/nonexistent", "ENGRAM_EXTRACTOR": "none",
    })
    first = Engram.open(settings)
    first.start(background=False)
    first.facts.state("Ana works at Google.", speaker="Ana")
    first.close()
    facts = tmp_path / "memories" / "facts"
    (facts / "ana.md").rename(facts / "ana-lima.md")

    renamed = Engram.open(settings)
    renamed.start(background=False)
    try:
        page = TestClient(build_server(renamed).streamable_http_app()).get("/timeline", params={"entity": "ana"})
    finally:
        renamed.close()
    assert '"file": "facts/ana-lima.md"' in page.text and "facts/ana.md" not in page.text
