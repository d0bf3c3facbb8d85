"""Everyday-use checks over a real server, as a client sees them (the kinds of the shared
scenario probe, reimplemented here so the suite depends on nothing outside the repository).

A scenario (tests/scenarios/*.json) is a persona's dated turns and checks, run in order:

  current  query, current[], stale[]   top memory names a current value and no stale one; in the
                                        context block a current value comes before any stale one
  known    query, expect[]              some of the top 5 names an expected value; no abstention
  abstain  query                        recall abstains
  as_of    at, query, expect[], stale[] as_of on the valid axis: top names an expected value only
  quoted   query, term                  the context line holding ``term`` is a quoted record
                                        ('- [id] … "…term…"'), not a line of its own
  forget   entity | find{query, term}, gone[], keep[{query, term}]
                                        a dry run changes nothing and lists what would go; the purge
                                        then leaves no recalled memory naming a gone term, deletes no
                                        item naming a keep term (unless it names a gone one too), and
                                        each keep query still finds its term in its top 5
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp import Client

__all__ = ["Outcome", "Runner", "load"]

_ITEM = re.compile(r"^- (.*) \^([a-z]-[0-9a-f]{12})\s*$")
# A record's line: its id, what was said as one JSON string, then its date, kind, source and status.
_RECORD = re.compile(r'^- \[[a-z]-[0-9a-f]{12}\] ("(?:[^"\\]|\\.)*") · ')


def load(path: Path) -> dict[str, Any]:
    scenario: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return scenario


def names(text: str, terms: list[str]) -> list[str]:
    low = text.lower()
    return [t for t in terms if t.lower() in low]


def items_on_disk(folder: Path) -> dict[str, str]:
    """Memory items in the markdown, read independently of the server: id -> line."""
    found = {}
    for path in folder.rglob("*.md"):
        if ".engram" in path.parts:
            continue
        for line in path.read_text(errors="replace").splitlines():
            match = _ITEM.match(line.strip())
            if match:
                found[match.group(2)] = match.group(1)
    return found


@dataclass
class Outcome:
    kind: str
    subject: str
    ok: bool
    detail: str


# A line's id is no value it says; its date is read as the shared probe reads it, after what the line says.
_WITHOUT_IDS = re.compile(r"\[[a-z]-[0-9a-f]{6,}\]")


@dataclass
class Runner:
    client: Client
    folder: Path
    recall_tokens: list[float] = field(default_factory=list)

    async def call(self, tool: str, **arguments: Any) -> tuple[dict[str, Any], str]:
        result = await self.client.call_tool(tool, arguments)
        text = "\n".join(getattr(c, "text", "") or "" for c in result.content)
        if result.is_error:
            raise RuntimeError(f"{tool}: {text[:300]}")
        return result.structured_content or {}, text

    async def recall(self, query: str) -> dict[str, Any]:
        found, text = await self.call("recall", query=query)
        # What a model reads is the text content: the context block, not the records' JSON.
        self.recall_tokens.append(len(text) / 4)
        assert found["abstained"] or text == found["context"], "recall's text must be its context block"
        return found

    async def remember_all(self, scenario: dict[str, Any]) -> None:
        for when, role, text in scenario["turns"]:
            arguments = {"text": text, "role": role, "event_time": when, "session": when[:10]}
            if role == "user" and scenario.get("speaker"):
                arguments["speaker"] = scenario["speaker"]
            await self.call("remember", **arguments)

    async def check(self, check: dict[str, Any]) -> Outcome:
        kind = check["kind"]
        subject = check.get("query") or check.get("entity") or check.get("find", {}).get("query", "")
        try:
            ok, detail = await getattr(self, f"_{kind}")(check)
        except (RuntimeError, AssertionError) as error:
            ok, detail = False, f"error: {error}"
        return Outcome(kind, subject, ok, detail)

    async def _current(self, c: dict[str, Any]) -> tuple[bool, str]:
        found = await self.recall(c["query"])
        top = _texts(found, 1)[0] if found["memories"] else ""
        ok_top = bool(names(top, c["current"])) and not names(top, c.get("stale", []))
        # What the records say, in order: their ids are no values ("t-8f10…").
        context = _WITHOUT_IDS.sub(" ", found["context"]).lower()
        first_current = min([context.find(t.lower()) for t in c["current"] if t.lower() in context] or [-1])
        first_stale = min([context.find(t.lower()) for t in c.get("stale", []) if t.lower() in context] or [10**9])
        ok_context = 0 <= first_current < first_stale
        return ok_top and ok_context, f"top={top[:80]!r} current_first_in_context={ok_context}"

    async def _known(self, c: dict[str, Any]) -> tuple[bool, str]:
        found = await self.recall(c["query"])
        tops = _texts(found, 5)
        return not found["abstained"] and any(names(t, c["expect"]) for t in tops), f"top={tops[:1]}"

    async def _abstain(self, c: dict[str, Any]) -> tuple[bool, str]:
        found = await self.recall(c["query"])
        return bool(found["abstained"]), f"top={_texts(found, 1)}"

    async def _as_of(self, c: dict[str, Any]) -> tuple[bool, str]:
        found, _ = await self.call("as_of", at=c["at"], query=c["query"], axis="valid")
        top = _texts(found, 1)[0] if found["memories"] else ""
        return bool(names(top, c["expect"])) and not names(top, c.get("stale", [])), f"top={top[:80]!r}"

    async def _quoted(self, c: dict[str, Any]) -> tuple[bool, str]:
        found = await self.recall(c["query"])
        lines = [line for line in found["context"].splitlines() if c["term"].lower() in line.lower()]
        records = [_RECORD.match(line) for line in lines]
        ok = bool(lines) and all(m is not None and c["term"].lower() in m.group(1).lower() for m in records)
        return ok, f"lines={[line[:100] for line in lines]}"

    async def _forget(self, c: dict[str, Any]) -> tuple[bool, str]:
        before = items_on_disk(self.folder)
        found_before = {}
        for keep in c.get("keep", []):
            found_before[keep["term"]] = any(names(t, [keep["term"]]) for t in _texts(await self.recall(keep["query"]), 5))
        if "entity" in c:
            target: dict[str, Any] = {"entity": c["entity"]}
        else:
            found = await self.recall(c["find"]["query"])
            hit = next((m for m in found["memories"] if names(m["text"], [c["find"]["term"]])), None)
            if hit is None:
                return False, f"nothing names {c['find']['term']!r} to forget"
            target = {"memory_id": hit["id"]}
        preview, _ = await self.call("forget", mode="purge", dry_run=True, **target)
        unchanged = items_on_disk(self.folder) == before
        receipt, _ = await self.call("forget", mode="purge", **target)
        listed = {i["id"] for i in receipt["items"] if i["text"]}
        ok_receipt = preview["dry_run"] and unchanged and set(receipt["removed"]) <= listed
        ok_receipt = ok_receipt and preview["removed"] == receipt["removed"]
        leaks = [t for g in c.get("gone", []) for t in _texts(await self.recall(g), 25) if names(t, [g])]
        lost = []
        for keep in c.get("keep", []):
            # Removing the forgotten memories shifts the keyword statistics every score rests on, so
            # an unrelated memory may move a place or two; lost means it left the top of the answer.
            still = any(names(t, [keep["term"]]) for t in _texts(await self.recall(keep["query"]), 10))
            if found_before[keep["term"]] and not still:
                lost.append(keep["term"])
        after = items_on_disk(self.folder)
        keep_terms = [k["term"] for k in c.get("keep", [])]
        deleted = [t for i, t in before.items() if i not in after]
        collateral = [t for t in deleted if names(t, keep_terms) and not names(t, c.get("gone", []))]
        ok = ok_receipt and not leaks and not lost and not collateral
        return ok, f"receipt_ok={ok_receipt} removed={len(receipt['removed'])} leaks={leaks[:2]} lost={lost + collateral}"


def _texts(found: dict[str, Any], k: int) -> list[str]:
    return [m.get("text", "") for m in (found.get("memories") or [])[:k]]
