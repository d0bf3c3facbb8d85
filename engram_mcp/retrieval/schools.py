"""Where someone studied and the school someone goes to, as a question asks it and a memory tells it: details told in a
form of their own (``details.py``), so that "Which school does Inaya go to?" is declined when no school is named, and
"Daan scored 2 goals at Friday training" names none. Pure.
"""

from __future__ import annotations

from collections.abc import Callable

from engram_mcp.model.time_expr import CALENDAR_NAMES

__all__ = ["AT_NO_TIME", "PLACE_OF_LEARNING", "SCHOOL_ASKED", "SCHOOL_TOLD", "SCHOOL_TOLD_UNCASED"]

# A place of learning named: "murdoch uni", "University of Plymouth", "TU Delft", "phd at JCU".
PLACE_OF_LEARNING = (
    r"(?:university|uni|college|polytechnic|conservatoire|conservatory|institute|academy|school)\s+of\s+\w+"
    r"|(?!(?:a|an|the|my|his|her|their|our|your|to|at|in|from|of|for|and|or|local|new|old|this|that|same|"
    r"any|some|which|what|state|community|whole|every|each|good|big|fancy|open|art|med|medical|law)\b)"
    r"[\w'’&.-]+\s+(?:university|uni|college|polytechnic|conservatoire|institute)"
    r"|(?:at|from)\s+(?-i:[A-Z][A-Za-z]?[A-Z]{1,5})"
    r"|(?:studied|graduated|trained|qualified|did\s+(?:my|his|her|their)\s+\w+)(?:\s+[\w-]+){0,3}\s+(?:at|from|in)\s+\w+"
)
# A school named: "Brincliffe Primary", "St Mary's Primary", "école Jules Guesde", "Kamsi school Greenfield
# Heights", "he's at Bishop Gore"; typed without capitals, "knighton fields primary", "layla is at westview".
# Not "Layla's school", "skipping school", "the new school", "lessons at 5".
_KINDS_OF_SCHOOL = "public state primary elementary high junior middle secondary grammar prep catholic community".split()
_SCHOOL_KINDS_ALONE = ("primary elementary high junior infants? middle secondary grammar prep montessori nursery kindergarten "
                       "preschool pre-school academy school ps daycare childcare creche crèche").split()


def _kinds(written: Callable[[str], str]) -> str:
    """The kinds of school, each word as ``written`` ("school" as it is, or "School"; "ps" as "PS")."""
    return (rf"(?:{'|'.join(map(written, _KINDS_OF_SCHOOL))})\s+{written('school')}|"
            + "|".join(map(written, _SCHOOL_KINDS_ALONE)))


_SCHOOL_KINDS = _kinds(lambda word: word)
_CAPITALISED_KINDS = _kinds(lambda word: word.upper() if word == "ps" else "-".join(map(str.capitalize, word.split("-"))))
# "Daan scored 2 goals at Friday training": a day, a month or a feast after "at" is a time, no school.
AT_NO_TIME = r"(?!(?i:" + "|".join(sorted(CALENDAR_NAMES)) + r"|christmas|easter|halloween|midnight|noon|lunchtime)\b)"
_SCHOOL_WORDS = r"school|nursery|école|ecole|escola|escuela|scuola|schule|szkoła|przedszkole|školka|kita|daycare|kindergarten"
_NOT_A_SCHOOLS_NAME = (r"(?!(?:a|an|the|my|his|her|their|our|your|to|at|in|into|from|of|for|and|or|after|before|local|new|old|"
                       r"this|that|same|any|some|which|what|whole|every|each|good|big|public|private|state|primary|secondary|"
                       r"high|junior|middle|year|grade|first|last|next|no|one|two|kids?|child|children|son|daughter|"
                       r"boarding|summer|sunday|driving|swim|swimming|dance|music|art|language|up|down|off|out|back|on|by|with|again|me|us|"
                       r"him|them|it|today|yesterday|about|earlier|so|is|was|were|are)\b)(?![\w-]+ing\b)(?![\w-]+['’]s\b)")
# "Which school does Mateo go to?", "What is the name of Rayan's nursery?".
SCHOOL_ASKED = (
    r"\b(?:which|what)\s+(?:school|nursery|kindergarten|daycare|day\s+care|preschool|pre-school|creche|crèche|"
    r"primary(?:\s+school)?|high\s+school|secondary(?:\s+school)?)\s+(?:does|do|did|is|are|will|was|were)\b|"
    r"\bname\s+of\s+(?:[\w'’]+\s+){0,3}(?:school|nursery|kindergarten|daycare|preschool)\b|"
    r"\b(?:school|nursery|kindergarten|daycare|preschool)\s+called\s*\?"
)
SCHOOL_TOLD = (
    rf"(?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){{0,3}}\s+(?-i:{_CAPITALISED_KINDS})"
    rf"|(?:{_SCHOOL_WORDS})\s+(?:is\s+|called\s+|named\s+)?(?-i:[A-Z])[\w'’-]+"
    r"|(?:at|attends?|attending|into)\s+" + AT_NO_TIME + r"(?-i:[A-Z])[\w'’-]+"
)
# Typed without capitals: "knighton fields primary", "layla is at westview".
SCHOOL_TOLD_UNCASED = (
    rf"(?<!['’])(?:{_NOT_A_SCHOOLS_NAME}[\w'’.-]+\s+){{1,2}}(?:{_SCHOOL_KINDS})"
    rf"|(?:{_SCHOOL_WORDS})\s+(?:is|called|named)\s+{_NOT_A_SCHOOLS_NAME}[\w'’-]+"
    rf"|(?:at|attends?|attending)\s+{_NOT_A_SCHOOLS_NAME}(?!(?:home|work|night|nights|noon|least|all|once|"
    r"it|about|around|lunch|weekends?|mine|gran'?s|nan'?s|\d)\b)[a-z]{3,}"
)
