"""Another employer, said in chat's own words for being taken on ("got poached by BMW", "was
headhunted by Arup", "got snapped up by Monzo"): the employer from now, for the speaker or one
of their people, so it supersedes the old one like "I started at BMW". Pure.

``job_change_rules`` are rows of the state rule table (``states``), beside ``work.work_rules``.
"""

from __future__ import annotations

import re

from engram_mcp.extraction.state_grammar import Found, Rule, object_head, rule

__all__ = ["job_change_rules"]


def job_change_rules(name: str) -> tuple[Rule, ...]:
    """The rows for being taken on by an employer, with ``name`` as what marks a name."""
    return (
        rule(r"(?:got|was|have\s+been|had\s+been|been|just\s+got)\s+(?:poached|headhunted|head-hunted|recruited|hired|"
             r"snapped\s+up|taken\s+on)\s+by", r"(?P<obj>(?:the\s+)?" + name + r")", _taken_on),
    )


def _taken_on(m: re.Match[str], who: str) -> list[Found]:
    org = object_head(m["obj"])
    return [(f"{who} works at {org}", "works at", org, "employer", False)]
