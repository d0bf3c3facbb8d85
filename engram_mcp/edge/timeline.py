"""The timeline page: one self-contained HTML file drawing facts over valid time.

Each fact is a bar from when it became true to when it stopped (or now); a superseded one is
struck through and links to what replaced it; certainty and source are on every bar; journal
turns are points. The chart is vis-timeline (vendored in ``assets/``, see its README there),
inlined with the page's own script and style, and a Content-Security-Policy of
``default-src 'none'`` makes the browser refuse any request the page might try.

``timeline_html(memories, now, entity)`` is pure: the command line reads the markdown and
writes the file; an HTTP transport can serve the same string.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from engram_mcp.edge import views
from engram_mcp.markdown.layout import DEFAULT_NAMESPACE, GENERAL_PAGE, relative_path
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind, Memory
from engram_mcp.model.entities import entity_key
from engram_mcp.model.supersede import chain
from engram_mcp.model.temporal import current_at, holds_at

__all__ = ["LIBRARY", "render", "timeline_data", "timeline_html", "write_timeline"]

LIBRARY = "vis-timeline-graph2d.min.js"
_JOURNAL = "journal"
_OPEN_MINIMUM = timedelta(days=1)
_SNIPPET = 160
# Inline script and style only; nothing may be fetched, not even a favicon.
_POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"


def timeline_data(
    memories: Sequence[Memory],
    now: datetime,
    entity: str | None = None,
    namespace: str = DEFAULT_NAMESPACE,
    page_of: views.PageOf = relative_path,
) -> dict[str, Any]:
    """The chart's groups, items and supersession chains, as JSON-ready values."""
    in_namespace = [m for m in memories if m.namespace == namespace]
    by_id = {m.id: m for m in in_namespace}
    if entity is None:
        facts = [m for m in in_namespace if m.kind is Kind.FACT]
        turns = [m for m in in_namespace if m.kind is Kind.EPISODE]
        title = "Everything memory holds"
    else:
        key = views.find_entity(in_namespace, entity, namespace)
        spellings = views.entity_names(in_namespace, namespace)[key]
        facts = [m for m in in_namespace if views.about(m, key)]
        turns = views.mentions(in_namespace, spellings, facts, namespace, limit=None)
        title = spellings[0]
    facts.sort(key=lambda m: (m.event_time, m.created_at))
    turns.sort(key=lambda m: m.event_time)
    groups: dict[str, str] = {}
    items = []
    for m in facts:
        topic = _topic(m)
        groups.setdefault(f"e:{entity_key(topic)}", topic)
        items.append(_fact_item(m, by_id, now, f"e:{entity_key(topic)}", page_of))
    if turns:
        groups[_JOURNAL] = "Journal"
    items += [_turn_item(t) for t in turns]
    chains = []
    seen: set[str] = set()
    for m in facts:
        if m.id not in seen and (m.supersedes or m.superseded_by):
            ids = [v.id for v in chain(by_id, m.id)]
            seen.update(ids)
            if len(ids) > 1:
                chains.append(ids)
    return {
        "title": title,
        "now": now.isoformat(),
        # Entities by name, the journal last.
        "groups": [
            {"id": gid, "content": name, "order": i}
            for i, (gid, name) in enumerate(sorted(groups.items(), key=lambda g: (g[0] == _JOURNAL, g[1].casefold())))
        ],
        "items": items,
        "chains": chains,
        # What holds at ``now``: not a fact that only begins later, and the one it replaces then still.
        "counts": {"facts": len(facts), "current": sum(holds_at(m, now) for m in facts), "turns": len(turns)},
    }


def timeline_html(
    memories: Sequence[Memory],
    now: datetime,
    entity: str | None = None,
    namespace: str = DEFAULT_NAMESPACE,
    page_of: views.PageOf = relative_path,
) -> str:
    """The whole page: library, script, style and data inlined."""
    return render(timeline_data(memories, now, entity, namespace, page_of))


def render(data: dict[str, Any]) -> str:
    """The page for ``timeline_data``'s values."""
    counts = data["counts"]
    texts = {item["id"]: item["text"] for item in data["items"]}
    rows = "\n".join(_row(item, texts) for item in data["items"] if item["kind"] == "fact")
    chains = "\n".join(
        "<li>" + " → ".join(f'<a href="#{i}">{html.escape(texts[i])}</a>' for i in ids) + "</li>"
        for ids in data["chains"]
    )
    title = html.escape(str(data["title"]))
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Engram timeline — {title}</title>
<style>{_asset("timeline.css")}</style>
</head>
<body>
<header>
<h1>Timeline — {title}</h1>
<p id="summary">{counts["facts"]} facts ({counts["current"]} current), {counts["turns"]} journal turns.
<span class="legend"><span class="key current">current</span> <span class="key superseded">superseded</span>
<span class="key retracted">ended</span> <span class="key turn">journal turn</span>
· paler bars are less certain · drag to pan, scroll to zoom</span></p>
</header>
<div id="timeline"></div>
<section id="facts-section">
<h2>Facts</h2>
<table id="facts">
<thead><tr><th>fact</th><th>about</th><th>true from</th><th>until</th><th>certainty</th><th>source</th>
<th>replaced by</th></tr></thead>
<tbody>
{rows}
</tbody>
</table>
<h2>How facts changed</h2>
<ol id="chains">
{chains}
</ol>
</section>
<script id="engram-data" type="application/json">{_json(data)}</script>
<script>{_asset(LIBRARY)}</script>
<script>{_asset("timeline.js")}</script>
</body>
</html>
"""


def write_timeline(
    memory_dir: Path, out: Path, now: datetime, entity: str | None = None, namespace: str = DEFAULT_NAMESPACE
) -> dict[str, int]:
    """Read the memory folder's markdown (no lock, no index) and write the page; returns its counts."""
    store = MarkdownStore(memory_dir)
    memories = list(store.load_all().memories.values())
    data = timeline_data(memories, now, entity, namespace, lambda m: store.file_of(m.id) or relative_path(m))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(data), encoding="utf-8")
    counts: dict[str, int] = data["counts"]
    return counts


def _fact_item(m: Memory, by_id: dict[str, Memory], now: datetime, group: str, page_of: views.PageOf) -> dict[str, Any]:
    start = m.event_time
    if m.invalid_at is not None and current_at(m, now):
        # Holds until a successor that begins later: current until then.
        end, state = m.invalid_at, "current"
    elif m.invalid_at is not None:
        end, state = m.invalid_at, "superseded" if m.superseded_by else "retracted"
    elif not m.is_current():
        # Believed no longer (revised by hand) without a world-time end: the bar ends with the belief.
        end, state = m.expired_at or now, "superseded" if m.superseded_by else "retracted"
    elif start > now:
        end, state = start + _OPEN_MINIMUM, "upcoming"
    else:
        end, state = max(now, start + _OPEN_MINIMUM), "current"
    successor = by_id.get(m.superseded_by) if m.superseded_by else None
    return {
        "id": m.id,
        "kind": "fact",
        "group": group,
        "type": "range",
        "start": start.isoformat(),
        "end": max(end, start).isoformat(),
        "text": m.text,
        "state": state,
        "certainty": m.certainty,
        "source": m.provenance.source.value,
        "speaker": m.provenance.speaker,
        "about": _topic(m),
        "replacedBy": successor.id if successor else None,
        "supersedes": list(m.supersedes),
        "file": str(page_of(m)),
        "title": html.escape(_fact_title(m, state, successor)),
    }


def _turn_item(t: Memory) -> dict[str, Any]:
    flat = " ".join(t.text.split())
    snippet = flat if len(flat) <= _SNIPPET else flat[: _SNIPPET - 1] + "…"
    who = t.provenance.speaker or t.provenance.role or "someone"
    return {
        "id": t.id,
        "kind": "turn",
        "group": _JOURNAL,
        "type": "point",
        "start": t.event_time.isoformat(),
        "text": snippet,
        "speaker": who,
        "title": html.escape(f"{who}, {t.event_time:%Y-%m-%d %H:%M}: {flat}"),
    }


def _fact_title(m: Memory, state: str, successor: Memory | None) -> str:
    lines = [m.text, f"{state}; certainty {m.certainty:.1f}; source {m.provenance.source.value}", m.id]
    if successor is not None:
        lines.append(f"replaced by: {successor.text} ({successor.id})")
    return "\n".join(lines)


def _row(item: dict[str, Any], texts: dict[str, str]) -> str:
    text = html.escape(item["text"])
    fact = f"<s>{text}</s>" if item["state"] in ("superseded", "retracted") else text
    until = {"current": "now", "upcoming": ""}.get(item["state"], item["end"][:10])
    replaced = item["replacedBy"]
    link = f'<a class="replaced-by" href="#{replaced}">{html.escape(texts[replaced])}</a>' if replaced else ""
    return (
        f'<tr id="{item["id"]}" class="fact {item["state"]}" data-replaced-by="{replaced or ""}">'
        f'<td class="text">{fact}</td><td>{html.escape(item["about"])}</td><td>{item["start"][:10]}</td>'
        f'<td>{until}</td><td class="certainty">{item["certainty"]:.1f}</td>'
        f'<td class="source">{html.escape(item["source"])}</td><td>{link}</td></tr>'
    )


def _topic(m: Memory) -> str:
    return m.subject or (m.entities[0] if m.entities else GENERAL_PAGE)


def _json(data: dict[str, Any]) -> str:
    # Inside <script>, "</" could end the element and "<!--" could start a comment state.
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")


def _asset(name: str) -> str:
    return resources.files("engram_mcp.edge").joinpath("assets", name).read_text(encoding="utf-8")
