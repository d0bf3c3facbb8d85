"""Extraction quality on LoCoMo: how many of the annotated facts an extractor finds, and how
many of its facts are real.

Usage::

    python -m engram_mcp.bench.extraction locomo.json --extractor rules --extractor smollm2 \\
        --extractor openai:http://127.0.0.1:8080/v1 --conversations 1 --max-turns 50 --out extraction.json

Gold facts are LoCoMo's per-session ``observation`` lists (``session_N_observation``:
speaker -> ``[fact, dia_id]``). The data set is CC BY-NC: it is read from the given path and
never copied into the project.

Matching rule. Predicted and gold facts are embedded (all-MiniLM-L6-v2 unless the caller
passes another ``embed``) and compared by cosine similarity.

* precision: the share of predicted facts whose best cosine against the gold facts of the
  same session is at least ``--threshold``;
* recall: the share of gold facts whose evidence turn (``dia_id``) was processed and that
  some predicted fact of the same session reaches at ``--threshold`` or above.

Turns are processed in order from the first session on, ``--max-turns`` per conversation, so
recall only counts gold facts the extractor had a chance to see. Each turn is given the two
turns before it as context and the session's date as its time. Also reported: facts per turn,
the share of turns whose output was malformed (the extractor raised), certainty and type
distributions, and seconds per turn (mean and 95th percentile).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engram_mcp.commands.progress import progress
from engram_mcp.errors import ExtractionError
from engram_mcp.extraction import ExtractedFact, Extractor, build_extractor
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id

__all__ = [
    "CERTAINTY_SET",
    "EmbedFn",
    "ExtractorReport",
    "GoldFact",
    "Turn",
    "certainty_buckets",
    "certainty_run",
    "evaluate",
    "load_turns",
    "main",
    "minilm_embed",
]

logger = logging.getLogger(__name__)

EmbedFn = Callable[[Sequence[str]], Sequence[Sequence[float]]]
# all-MiniLM-L6-v2 gives two sentences about the same person ~0.55-0.7 on name overlap alone
# ("Caroline is super thankful" vs "Caroline feels blessed with love and support" is 0.73),
# so 0.6 flatters every extractor; 0.75 is where matches start to mean the same fact.
DEFAULT_THRESHOLD = 0.75
SWEEP = (0.6, 0.7, 0.8)
_CONTEXT_TURNS = 2


@dataclass(frozen=True, slots=True)
class Turn:
    conversation: str
    session: int
    dia_id: str
    memory: Memory


@dataclass(frozen=True, slots=True)
class GoldFact:
    conversation: str
    session: int
    dia_ids: tuple[str, ...]
    text: str


@dataclass(slots=True)
class ExtractorReport:
    extractor: str
    turns: int = 0
    facts: int = 0
    malformed_turns: int = 0
    gold_facts: int = 0
    recall: float = 0.0
    precision: float = 0.0
    facts_per_turn: float = 0.0
    malformed_share: float = 0.0
    seconds_mean: float = 0.0
    seconds_p95: float = 0.0
    recall_at: dict[str, float] = field(default_factory=dict)
    precision_at: dict[str, float] = field(default_factory=dict)
    certainty: dict[str, int] = field(default_factory=dict)
    types: dict[str, int] = field(default_factory=dict)
    examples: list[dict[str, Any]] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    certainty_buckets: dict[str, dict[str, float]] = field(default_factory=dict)
    """Per certainty level on the labelled certainty set: facts, precision (mean truth of what they match)."""
    certainty_items: int = 0


def load_turns(path: Path, conversations: int, max_turns: int) -> tuple[list[Turn], list[GoldFact]]:
    """The first ``max_turns`` turns of the first ``conversations`` conversations, and all gold facts."""
    data = json.loads(path.read_text(encoding="utf-8"))
    turns: list[Turn] = []
    gold: list[GoldFact] = []
    for sample in data[:conversations]:
        name = sample["sample_id"]
        conversation = sample["conversation"]
        taken = 0
        for session in _session_numbers(conversation):
            when = _parse_locomo_date(conversation[f"session_{session}_date_time"])
            for raw in conversation[f"session_{session}"]:
                if taken == max_turns:
                    break
                turns.append(Turn(name, session, raw["dia_id"], _memory(raw, when, name, session)))
                taken += 1
        for key, by_speaker in sample.get("observation", {}).items():
            session = int(key.split("_")[1])
            for facts in by_speaker.values():
                for text, evidence in facts:
                    gold.append(GoldFact(name, session, _dia_ids(evidence), text))
    return turns, gold


def evaluate(
    extractor: Extractor,
    turns: Sequence[Turn],
    gold: Sequence[GoldFact],
    embed: EmbedFn,
    threshold: float = DEFAULT_THRESHOLD,
    examples: int = 12,
    time_budget: float | None = None,
) -> ExtractorReport:
    """Run one extractor over the turns and score its facts against the gold facts.

    With ``time_budget`` (seconds) no new turn is started once it is spent, and only the turns
    done are scored (recall counts only the gold facts of those turns), so a slow model on a
    busy machine still gives a figure, over fewer turns, that says how many.
    """
    report = ExtractorReport(extractor=extractor.name)
    deadline = None if time_budget is None else time.monotonic() + time_budget
    predicted: list[tuple[Turn, ExtractedFact]] = []
    seconds: list[float] = []
    history: list[Memory] = []
    for turn in progress(turns, len(turns), f"{extractor.name} extracting", unit="turns"):
        if deadline is not None and time.monotonic() > deadline:
            logger.info("%s: time budget spent after %d of %d turns", extractor.name, len(history), len(turns))
            break
        context = [memory for memory in history[-_CONTEXT_TURNS:]
                   if memory.provenance.session == turn.memory.provenance.session]
        started = time.perf_counter()
        try:
            facts = extractor.extract(turn.memory, context)
        except ExtractionError:
            facts = []
            report.malformed_turns += 1
        seconds.append(time.perf_counter() - started)
        predicted.extend((turn, fact) for fact in facts)
        history.append(turn.memory)
        if len(history) % 10 == 0:
            logger.info("%s: %d/%d turns, %d facts, %.1f s/turn", extractor.name, len(history), len(turns),
                        len(predicted), statistics.fmean(seconds))
    turns = turns[: len(history)]

    seen = {(turn.conversation, turn.dia_id) for turn in turns}
    reachable = [fact for fact in gold if any((fact.conversation, dia) in seen for dia in fact.dia_ids)]
    sessions = {(turn.conversation, turn.session) for turn in turns}
    session_gold = [fact for fact in gold if (fact.conversation, fact.session) in sessions]

    pred_vectors = _unit(embed([fact.statement for _, fact in predicted])) if predicted else []
    gold_vectors = _unit(embed([fact.text for fact in session_gold])) if session_gold else []
    gold_index = {id(fact): index for index, fact in enumerate(session_gold)}

    best_for_prediction: list[float] = []
    best_for_gold: dict[int, float] = {}
    for p_index, (turn, fact) in enumerate(predicted):
        best = 0.0
        best_text = ""
        for g_index, gold_fact in enumerate(session_gold):
            if (gold_fact.conversation, gold_fact.session) != (turn.conversation, turn.session):
                continue
            score = _dot(pred_vectors[p_index], gold_vectors[g_index])
            best_for_gold[g_index] = max(best_for_gold.get(g_index, 0.0), score)
            if score > best:
                best, best_text = score, gold_fact.text
        best_for_prediction.append(best)
        if len(report.examples) < examples:
            report.examples.append({"turn": turn.memory.text, "fact": fact.statement, "type": fact.type.value,
                                    "certainty": fact.certainty, "best_gold": best_text,
                                    "cosine": round(best, 3)})
    gold_best = [best_for_gold.get(gold_index[id(fact)], 0.0) for fact in reachable]

    def shares(cut: float) -> tuple[float, float]:
        recall = sum(score >= cut for score in gold_best) / len(gold_best) if gold_best else 0.0
        precision = (sum(score >= cut for score in best_for_prediction) / len(best_for_prediction)
                     if best_for_prediction else 0.0)
        return recall, precision

    report.turns = len(turns)
    report.facts = len(predicted)
    report.gold_facts = len(reachable)
    report.recall, report.precision = shares(threshold)
    for cut in SWEEP:
        report.recall_at[f"{cut:.2f}"], report.precision_at[f"{cut:.2f}"] = shares(cut)
    report.facts_per_turn = len(predicted) / len(turns) if turns else 0.0
    report.malformed_share = report.malformed_turns / len(turns) if turns else 0.0
    report.seconds_mean = statistics.fmean(seconds) if seconds else 0.0
    report.seconds_p95 = _percentile(seconds, 0.95)
    report.certainty = dict(Counter(f"{fact.certainty:.1f}" for _, fact in predicted))
    report.types = dict(Counter(fact.type.value for _, fact in predicted))
    return report


CERTAINTY_SET = Path(__file__).parent / "data" / "certainty_set.json"


def certainty_buckets(
    extractor: Extractor, path: Path, embed: EmbedFn, threshold: float = DEFAULT_THRESHOLD, limit: int | None = None,
) -> dict[str, dict[str, float]]:
    """Precision of each certainty level on the hand-labelled certainty set (see ``certainty_run``)."""
    return certainty_run(extractor, path, embed, threshold, limit)[0]


def certainty_run(
    extractor: Extractor, path: Path, embed: EmbedFn, threshold: float = DEFAULT_THRESHOLD, limit: int | None = None,
    time_budget: float | None = None,
) -> tuple[dict[str, dict[str, float]], int]:
    """Precision of each certainty level on the hand-labelled certainty set (see its "about").

    Every extracted fact is compared with its own turn's gold fact: when the cosine reaches
    ``threshold`` it scores that fact's truth ``p`` (1.0 stated, 0.7 strong hedge or inference,
    0.4 weak guess, 0.0 a condition), otherwise 0. A meaningful scale has 1.0 > 0.7 > 0.4. With
    ``time_budget`` no new item is started once it is spent; the second value is how many ran.
    """
    items = json.loads(path.read_text(encoding="utf-8"))["items"][:limit]
    deadline = None if time_budget is None else time.monotonic() + time_budget
    ran = 0
    when = datetime(2026, 1, 5, 12, tzinfo=timezone.utc)
    scored: list[tuple[float, str, list[dict[str, Any]]]] = []
    for index, item in enumerate(progress(items, len(items), "certainty items", unit="items")):
        if deadline is not None and time.monotonic() > deadline:
            break
        ran += 1
        memory = Memory(
            id=new_memory_id(Kind.EPISODE, seed=f"certainty:{index}"), kind=Kind.EPISODE, type=MemoryType.EPISODIC,
            text=item["text"], created_at=when, valid_at=when, provenance=Provenance(speaker=item["speaker"]),
        )
        try:
            facts = extractor.extract(memory, [])
        except ExtractionError:
            facts = []
        scored += [(fact.certainty, fact.statement, item["facts"]) for fact in facts]
    if not scored:
        return {}, ran
    golds = [gold for _, _, facts_of_item in scored for gold in facts_of_item]
    vectors = _unit(embed([statement for _, statement, _ in scored] + [gold["text"] for gold in golds]))
    gold_vectors = iter(vectors[len(scored):])
    buckets: dict[str, list[float]] = {}
    for index, (certainty, _, facts_of_item) in enumerate(scored):
        # The item's gold fact this statement says best, scored by its truth when close enough.
        best, truth = max((_dot(vectors[index], next(gold_vectors)), float(gold["p"])) for gold in facts_of_item)
        buckets.setdefault(f"{certainty:.1f}", []).append(truth if best >= threshold else 0.0)
    return {level: {"facts": len(values), "precision": round(statistics.fmean(values), 3)}
            for level, values in sorted(buckets.items(), reverse=True)}, ran


def minilm_embed() -> EmbedFn:
    """The project's embedder (bundled all-MiniLM-L6-v2 on onnxruntime), offline."""
    from engram_mcp.config import default_cache_dir
    from engram_mcp.embedding.onnx import OnnxEmbedder

    return OnnxEmbedder(cache_dir=default_cache_dir() / "models").embed


def main(argv: Sequence[str] | None = None, embed: EmbedFn | None = None) -> int:
    """Command line entry point; prints a table and optionally writes the full report as JSON."""
    parser = argparse.ArgumentParser(prog="python -m engram_mcp.bench.extraction", description=__doc__.split("\n")[0])
    parser.add_argument("locomo", type=Path, help="path to a LoCoMo json file")
    parser.add_argument("--extractor", action="append", dest="extractors",
                        help="rules | smollm2 | gemma3-270m | /path/to/model.gguf (repeatable)")
    parser.add_argument("--conversations", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=50, help="turns per conversation")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD,
                        help=f"cosine needed for a match (default {DEFAULT_THRESHOLD})")
    parser.add_argument("--max-tokens", type=int, default=256)
    parser.add_argument("--n-threads", type=int, default=2)
    parser.add_argument("--out", type=Path, help="write the full report here as JSON")
    parser.add_argument("--certainty-set", type=Path, default=CERTAINTY_SET,
                        help="labelled certainty set (default: the bundled one); 'none' skips it")
    parser.add_argument("--certainty-limit", type=int, default=None, help="use only the first N items of it")
    parser.add_argument("--endpoint-model", default="local", help="model name sent to an openai: endpoint")
    parser.add_argument("--time-budget", type=float, default=None,
                        help="seconds per extractor for the LoCoMo turns and again for the certainty set; "
                             "no new turn starts once spent and only the turns done are scored")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    turns, gold = load_turns(args.locomo, args.conversations, args.max_turns)
    embed = embed or minilm_embed()
    reports = []
    for name in args.extractors or ["rules"]:
        extractor = build_extractor(name, n_threads=args.n_threads, max_tokens=args.max_tokens,
                                    endpoint_model=args.endpoint_model)
        reports.append(evaluate(extractor, turns, gold, embed, args.threshold, time_budget=args.time_budget))
        if str(args.certainty_set) != "none":
            reports[-1].certainty_buckets, reports[-1].certainty_items = certainty_run(
                extractor, args.certainty_set, embed, args.threshold, args.certainty_limit, args.time_budget)
        # Only model-backed extractors keep counters; the Extractor port does not promise them.
        stats = getattr(extractor, "stats", None)
        if callable(stats):
            reports[-1].stats = asdict(stats())
    print(_table(reports, args.threshold))
    if args.out:
        payload = {"args": {key: str(value) for key, value in vars(args).items()},
                   "reports": [asdict(report) for report in reports]}
        args.out.write_text(json.dumps(payload, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


def _table(reports: Sequence[ExtractorReport], threshold: float) -> str:
    header = (f"{'extractor':<14}{'turns':>6}{'facts':>6}{'f/turn':>7}{'recall':>8}{'prec':>7}"
              f"{'malf':>6}{'s/turn':>8}{'p95':>7}  R/P@{'/'.join(f'{cut:g}' for cut in SWEEP)}  certainty | types"
              f"   (headline cosine >= {threshold:g})")
    lines = [header, "-" * len(header)]
    for r in reports:
        certainty = " ".join(f"{key}:{value}" for key, value in sorted(r.certainty.items(), reverse=True))
        types = " ".join(f"{key[:4]}:{value}" for key, value in sorted(r.types.items()))
        sweep = " ".join(f"{r.recall_at[f'{cut:.2f}']:.2f}/{r.precision_at[f'{cut:.2f}']:.2f}" for cut in SWEEP)
        lines.append(f"{r.extractor:<14}{r.turns:>6}{r.facts:>6}{r.facts_per_turn:>7.2f}{r.recall:>8.2f}"
                     f"{r.precision:>7.2f}{r.malformed_share:>6.2f}{r.seconds_mean:>8.2f}{r.seconds_p95:>7.2f}"
                     f"  {sweep}  {certainty} | {types}")
    for r in reports:
        if r.certainty_buckets:
            buckets = "  ".join(f"{level}: {b['precision']:.2f} ({b['facts']:.0f} facts)"
                                for level, b in r.certainty_buckets.items())
            lines.append(f"certainty set ({r.certainty_items} turns), {r.extractor}: precision by certainty  {buckets}")
    return "\n".join(lines)


def _memory(raw: dict[str, Any], when: datetime, conversation: str, session: int) -> Memory:
    return Memory(
        id=new_memory_id(Kind.EPISODE, seed=f"{conversation}:{raw['dia_id']}"),
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=raw["text"],
        created_at=when,
        valid_at=when,
        provenance=Provenance(namespace=conversation, speaker=raw["speaker"], session=str(session)),
    )


def _session_numbers(conversation: dict[str, Any]) -> list[int]:
    numbers = (int(match[1]) for key in conversation if (match := re.fullmatch(r"session_(\d+)", key)))
    return sorted(numbers)


def _parse_locomo_date(value: str) -> datetime:
    return datetime.strptime(value, "%I:%M %p on %d %B, %Y").replace(tzinfo=timezone.utc)


def _dia_ids(evidence: str | list[str]) -> tuple[str, ...]:
    values = evidence if isinstance(evidence, list) else [evidence]
    return tuple(dia for value in values for dia in re.split(r"[;,\s]+", value) if dia)


def _unit(vectors: Sequence[Sequence[float]]) -> list[list[float]]:
    result = []
    for vector in vectors:
        norm = math.sqrt(sum(value * value for value in vector)) or 1.0
        result.append([value / norm for value in vector])
    return result


def _dot(left: Sequence[float], right: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(left, right, strict=True))


def _percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


if __name__ == "__main__":
    raise SystemExit(main())
