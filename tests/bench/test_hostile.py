"""The hostile corpus covers its categories, within the bounds the tools accept, reproducibly."""

from __future__ import annotations

import random

from engram_mcp.bench.hostile import CATEGORIES, LINE_BREAKS, MALFORMED_KINDS, hostile_input, malformed_block


def test_a_few_hundred_draws_cover_every_category_and_every_line_break() -> None:
    draws = [hostile_input(random.Random(seed)) for seed in range(400)]
    assert {d.category for d in draws} == set(CATEGORIES)
    everything = "".join(d.text + (d.speaker or "") + (d.session or "") for d in draws)
    assert all(br in everything for br in LINE_BREAKS)
    assert any("<!-- engram" in d.text for d in draws) and any(" ^t-" in d.text or " ^f-" in d.text for d in draws)
    assert all(0 < len(d.text) <= 100_000 for d in draws)
    assert all(len(name) <= 200 for d in draws for name in (d.speaker, d.session) if name is not None)
    assert any(d.speaker is not None and "\n" in d.speaker for d in draws)


def test_the_same_seed_gives_the_same_inputs() -> None:
    assert hostile_input(random.Random(9)) == hostile_input(random.Random(9))
    assert [malformed_block(k, random.Random(1)) for k in MALFORMED_KINDS] == [
        malformed_block(k, random.Random(1)) for k in MALFORMED_KINDS
    ]
