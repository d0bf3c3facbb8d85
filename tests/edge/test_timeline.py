"""The timeline page: its data from records, and the page itself in headless Chromium.

The browser tests need Debian's ``chromium`` (``scripts/install --test`` installs it where
apt-get can); where it is missing they skip and say why.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engram_mcp.edge.timeline import timeline_data, timeline_html
from engram_mcp.errors import MemoryNotFound
from engram_mcp.model import Memory
from engram_mcp.model.supersede import retract
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
ARTEFACTS = Path(os.environ.get("ENGRAM_TEST_ARTEFACTS", Path(__file__).parents[2] / "test-artefacts"))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def at(day: str) -> datetime:
    return datetime.fromisoformat(f"{day}T09:00:00+00:00")


@dataclass
class Written:
    google: Memory
    meta: Memory
    stripe: Memory
    berlin: Memory
    lisbon: Memory
    eva: Memory
    tennis: Memory
    turns: list[Memory] = field(default_factory=list)


def write_life(service: MemoryService, clock: SteppingClock) -> Written:
    """A small life, written through the real pipeline: three jobs, two homes, a sister, a retraction."""
    facts = FactService(service, clock)
    turns = [
        service.remember("I joined Google as a data analyst.", speaker="Ana", event_time=at("2023-02-01")),
        service.remember("Big news: I moved to Meta!", speaker="Ana", event_time=at("2024-06-03")),
        service.remember("My sister Eva says Oslo is cold.", speaker="Ana", event_time=at("2024-11-20")),
        service.remember("Starting at Stripe on Monday.", speaker="Ana", event_time=at("2025-09-12")),
    ]

    def state(text: str, day: str, certainty: float = 1.0, subject: str | None = None) -> Memory:
        stored = facts.state(text, speaker="Ana", subject=subject, event_time=at(day), certainty=certainty).memory
        assert stored is not None
        return stored

    google = state("Ana works at Google.", "2023-02-01")
    meta = state("Ana works at Meta.", "2024-06-03")
    stripe = state("Ana works at Stripe.", "2025-09-15")
    berlin = state("Ana lives in Berlin.", "2022-05-01", certainty=0.7)
    lisbon = state("Ana lives in Lisbon.", "2025-03-01")
    eva = state("Eva lives in Oslo.", "2024-01-10", certainty=0.4, subject="Eva")
    tennis = state("Ana plays tennis on Sundays.", "2024-04-01")
    clock.jump_to(at("2025-12-01"))
    service.replace(retract(tennis, clock()))
    current = {m.id: m for m in service.memories()}
    return Written(*(current[m.id] for m in (google, meta, stripe, berlin, lisbon, eva, tennis)), turns=turns)


# -- the data ---------------------------------------------------------------------------------


def test_facts_are_bars_over_valid_time_and_a_chain_links_each_version_to_the_next(
    service: MemoryService, clock: SteppingClock
) -> None:
    life = write_life(service, clock)
    data = timeline_data(service.memories(), NOW)
    items = {item["id"]: item for item in data["items"]}
    google, meta, stripe = items[life.google.id], items[life.meta.id], items[life.stripe.id]
    assert (google["start"], google["end"]) == (at("2023-02-01").isoformat(), at("2024-06-03").isoformat())
    assert google["state"] == "superseded" and google["replacedBy"] == life.meta.id
    assert meta["replacedBy"] == life.stripe.id and stripe["state"] == "current" and stripe["end"] == NOW.isoformat()
    assert items[life.tennis.id]["state"] == "retracted" and items[life.tennis.id]["replacedBy"] is None
    assert items[life.berlin.id]["certainty"] == 0.7 and items[life.berlin.id]["source"] == "user"
    assert [life.google.id, life.meta.id, life.stripe.id] in data["chains"]
    assert [life.berlin.id, life.lisbon.id] in data["chains"]
    assert {items[t.id]["type"] for t in life.turns} == {"point"}
    assert data["counts"] == {"facts": 7, "current": 3, "turns": 4}


def test_an_entity_timeline_holds_its_facts_and_the_turns_naming_it_only(
    service: MemoryService, clock: SteppingClock
) -> None:
    life = write_life(service, clock)
    data = timeline_data(service.memories(), NOW, "eva")
    assert [item["id"] for item in data["items"]] == [life.eva.id, life.turns[2].id]
    with pytest.raises(MemoryNotFound, match="no entity named 'Zed'"):
        timeline_data(service.memories(), NOW, "Zed")


def test_memory_text_cannot_end_the_script_or_inject_markup(service: MemoryService, clock: SteppingClock) -> None:
    hostile = "Ana's motto is </script><script>alert(1)</script> <!-- & -->"
    FactService(service, clock).state(hostile, subject="Ana", predicate="motto", obj="x")
    page = timeline_html(service.memories(), NOW)
    assert page.count("</script>") == 3 and "alert(1)</script>" not in page
    embedded = page.split('<script id="engram-data" type="application/json">')[1].split("</script>")[0]
    assert json.loads(embedded)["items"][0]["text"] == hostile


def test_the_page_asks_for_nothing_from_the_network(service: MemoryService, clock: SteppingClock) -> None:
    write_life(service, clock)
    page = timeline_html(service.memories(), NOW)
    assert "Content-Security-Policy\" content=\"default-src 'none';" in page
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|<link\b|@import|url\(\s*["']?https?:""", page)


# -- the page in a real browser -----------------------------------------------------------------


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    text: str = ""
    links: list[str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())


class Elements(HTMLParser):
    """Every element of a DOM dump with its full text and the links inside it."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                      "wbr"})

    def __init__(self, dom: str) -> None:
        super().__init__()
        self.found: list[Element] = []
        self._open: list[Element] = []
        self.feed(dom)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.found.append(element)
        if tag == "a":
            for parent in self._open:
                parent.links.append(element.attrs.get("href", ""))
        if tag not in self.VOID:
            self._open.append(element)

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            if self._open.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element.text += data

    def having(self, *classes: str) -> list[Element]:
        return [e for e in self.found if set(classes) <= e.classes]


def chromium(page: Path, profile: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}",
        # Any request the page made would go to a closed port and fail: the page must not need one.
        "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
        # Runs the page's timers to completion in virtual time: deterministic, no waiting.
        "--virtual-time-budget=10000",
    ]
    return subprocess.run([CHROMIUM, *flags, *extra, page.as_uri()], capture_output=True, text=True, timeout=120,
                          check=True)


needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium here: `apt-get install chromium` (scripts/install --test does it)"
)


def timeline_command(memory_dir: Path, out: Path, *entity: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "engram_mcp", "timeline", *entity, "--out", str(out), "--memory-dir", str(memory_dir)],
        capture_output=True, text=True, check=True, env={**os.environ, "ENGRAM_CONFIG": "/nonexistent"},
    )
    return done.stdout


@needs_chromium
@pytest.mark.slow
def test_the_timeline_page_draws_bars_chains_certainty_source_and_turns_in_headless_chromium(
    tmp_path: Path, service: MemoryService, clock: SteppingClock
) -> None:
    life = write_life(service, clock)
    out = tmp_path / "out" / "timeline.html"
    assert "7 facts (3 current), 4 turns" in timeline_command(tmp_path, out)

    dom = Elements(chromium(out, tmp_path / "profile", "--dump-dom").stdout)

    body = next(e for e in dom.found if e.tag == "body")
    assert body.attrs.get("data-rendered") == "11", "the page's script did not run to the end"
    bars = {e.text.split("certainty")[0]: e for e in dom.having("vis-item", "vis-range", "engram", "fact")}
    assert set(bars) == {m.text for m in (life.google, life.meta, life.stripe, life.berlin, life.lisbon,
                                          life.eva, life.tennis)}
    google, meta = bars[life.google.text], bars[life.meta.text]
    assert "superseded" in google.classes and google.links == [f"#{life.meta.id}"]
    assert "superseded" in meta.classes and meta.links == [f"#{life.stripe.id}"]
    assert "current" in bars[life.stripe.text].classes and not bars[life.stripe.text].links
    assert "retracted" in bars[life.tennis.text].classes
    assert "certainty 0.7" in bars[life.berlin.text].text and "inferred" in bars[life.berlin.text].classes
    assert "guess" in bars[life.eva.text].classes and "user" in bars[life.eva.text].text
    points = [e.text for e in dom.having("vis-item", "vis-point", "engram", "turn")]
    assert sorted(points) == sorted(f"Ana: {t.text}" for t in life.turns)

    rows = {e.attrs["id"]: e for e in dom.having("fact") if e.tag == "tr"}
    assert rows[life.google.id].attrs["data-replaced-by"] == life.meta.id
    assert "superseded" in rows[life.google.id].classes and rows[life.google.id].links == [f"#{life.meta.id}"]
    (chains,) = [e for e in dom.found if e.attrs.get("id") == "chains"]
    assert f"#{life.google.id}" in chains.links
    assert chains.links.index(f"#{life.google.id}") + 1 == chains.links.index(f"#{life.meta.id}")
    struck = [e.text for e in dom.found if e.tag == "s"]
    assert life.google.text in struck and life.stripe.text not in struck

    screenshot = tmp_path / "timeline.png"
    chromium(out, tmp_path / "profile-shot", "--hide-scrollbars", "--window-size=1400,820",
             f"--screenshot={screenshot}")
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and screenshot.stat().st_size > 20_000
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(screenshot, ARTEFACTS / "timeline.png")


@needs_chromium
@pytest.mark.slow
def test_an_entity_page_in_the_browser_shows_only_that_entity(
    tmp_path: Path, service: MemoryService, clock: SteppingClock
) -> None:
    life = write_life(service, clock)
    out = tmp_path / "eva.html"
    timeline_command(tmp_path, out, "Eva")
    dom = Elements(chromium(out, tmp_path / "profile", "--dump-dom").stdout)
    bars = [e.text for e in dom.having("vis-item", "vis-range", "engram", "fact")]
    assert len(bars) == 1 and bars[0].startswith(life.eva.text)
    assert [e.text for e in dom.having("vis-item", "vis-point", "engram", "turn")] == [f"Ana: {life.turns[2].text}"]


def test_an_unknown_entity_is_a_one_line_error_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "journal").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "engram_mcp", "timeline", "Nobody", "--out", str(tmp_path / "x.html"),
         "--memory-dir", str(tmp_path)],
        capture_output=True, text=True, env={**os.environ, "ENGRAM_CONFIG": "/nonexistent"}, check=False,
    )
    # Exit 1: something named was not found (the CLI's convention; 2 is bad input).
    assert done.returncode == 1 and done.stderr.strip().splitlines()[-1].startswith("engram-mcp: no entity named")
    assert not (tmp_path / "x.html").exists()


def test_a_job_from_next_month_is_upcoming_and_todays_stays_current_until_then_in_bars_and_counts(
    service: MemoryService, clock: SteppingClock
) -> None:
    facts = FactService(service, clock)
    siemens = facts.state("Ana works at Siemens.", speaker="Ana", event_time=at("2025-03-01")).memory
    bosch = facts.state("Ana works at Bosch.", speaker="Ana", event_time=at("2027-01-01")).memory
    assert siemens is not None and bosch is not None
    facts.state("Ana lives in Porto.", speaker="Ana", event_time=at("2027-01-01"))
    data = timeline_data(service.memories(), NOW)
    items = {item["id"]: item for item in data["items"]}
    assert (items[siemens.id]["state"], items[siemens.id]["end"]) == ("current", at("2027-01-01").isoformat())
    assert items[bosch.id]["state"] == "upcoming"
    assert data["counts"] == {"facts": 3, "current": 1, "turns": 0}
    assert "<s>" not in timeline_html(service.memories(), NOW)
    after = timeline_data(service.memories(), at("2027-02-01"))
    states = {item["id"]: item["state"] for item in after["items"]}
    assert (states[siemens.id], states[bosch.id]) == ("superseded", "current")
