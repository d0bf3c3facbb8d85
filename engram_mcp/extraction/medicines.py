"""A medicine switched for another, said in one turn. Pure.

"He's taken me off the ramipril. On amlodipine 5mg now", "she's switching me to losartan, 50 mg",
"taking him off the warfarin and putting him on Eliquis", "so he is stopping it and I will take
atorvastatin 10 mg instead": the turn names the old medicine as it gives the new one, so it can
never answer "what is she on now?" without the old name. What is taken now is restated on its own
("Hamish's medication is now amlodipine 5mg"), as a fact that names only what holds; recall leads
with it over the turn (``model.corrections.PUTS_RIGHT``).

A word is read as a medicine only where the sentence says one is taken or stopped, and only if it
looks like one: a dose beside it, or a medicine's ending ("-pril", "-sartan", "-statin", …).
"""

from __future__ import annotations

import re

from engram_mcp.extraction.base import ExtractedFact
from engram_mcp.extraction.lexicon import NOT_YET, alternation
from engram_mcp.extraction.people import last_person_named
from engram_mcp.model import Certainty, MemoryType
from engram_mcp.model.corrections import PUTS_RIGHT
from engram_mcp.model.medicines import is_medicine_name
from engram_mcp.model.predicates import HEALTH_CONDITIONS

__all__ = ["DOSE", "doses_said", "listed_doses", "switched_medicine"]

_WORD = r"[A-Za-z][a-z-]{3,}"
_WHOM = r"(?:me|him|her|them|us)"
# A dose as labels and people write it: "5mg", "7.5 mg", "75 microgrammes", "10 units".
DOSE = r"\d+(?:\.\d+)?\s*(?:mg|mcg|µg|ml|iu|units?|milligram(?:me)?s?|microgram(?:me)?s?)\b"
# "amlodipine, 5 mg": a dose said right after a word makes it a medicine.
_DOSE_AFTER = re.compile(r"\s*,?\s*(" + DOSE + r")")
_NOT_MEDICINES = frozenset("""that this them those these there then time tablet tablets pill pills dose medication medicine
                              meds drug drugs days nights weekends morning evening once twice daily instead again still
                              something anything nothing""".split())
# What is stopped: "taken me off the ramipril", "stopping the nifedipine", "no more amlodipine",
# "zopiclone is stopped".
_STOPPED = re.compile(r"\b(?:tak(?:en|ing|e)|took|came|come|coming|switch(?:ed|ing|es)?)\s+(?:" + _WHOM + r"\s+)?off\s+(?:the\s+|my\s+|his\s+|her\s+)?"
                      r"(?P<old>" + _WORD + r")|\b(?:stopp?(?:ed|ing|s)?|discontinu(?:ed|ing|es|e))\s+(?:the\s+|my\s+|his\s+|her\s+)?(?P<stopped>" + _WORD
                      + r")|\bno\s+more\s+(?P<no_more>" + _WORD + r")|\bstopp?(?:ed|ing|s)\s+(?P<it>it)\b|"
                      r"\b(?P<passive>" + _WORD + r")\s+(?:is|was|has\s+been|'s)\s+(?:now\s+)?(?:stopped|discontinued)\b", re.IGNORECASE)
# What is taken now: "switching me to losartan", "putting him on Eliquis", "on amlodipine 5mg now",
# "I will take atorvastatin 10 mg … instead", "start a new one called ramipril", "… and starting apixaban".
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|my|me)\b")
_STARTED = re.compile(
    r"\b(?:(?:switch|mov|chang)(?:ed|ing|es|e)?\s+" + _WHOM + r"\s+(?:over\s+)?(?:onto|on|to)|(?:put|putting|puts|start(?:ed|ing|s)?)\s+"
    + _WHOM + r"\s+on(?:to)?|(?<=and\s)start(?:ed|ing|s)?(?:\s+on)?|(?:new\s+one\s+called|(?:will|'ll|to)\s+(?:now\s+)?(?:take|start)|now\s+(?:on|taking)|^on|(?<=[.;,]\s)on)|"
    # "switching me off adderall to vyvanse 30mg", "she prescribed melatonin instead"
    r"off\s+(?:the\s+)?" + _WORD + r"\s+(?:on)?to|prescribed(?:\s+" + _WHOM + r")?)\s+"
    # a name of two words when a dose follows: "ferrous fumarate 210mg"
    r"(?P<new>" + _WORD + r"(?:\s+[a-z][a-z-]{3,}(?=\s*\d))?)(?P<after>[^.;!?]{0,40})", re.IGNORECASE)
# What the medicine is for, when the turn says it: "my BP check", "his blood", "the cholesterol".
_PURPOSE = re.compile(r"\b(?:blood\s+pressure|bp|cholesterol|blood\s+thinner|(?<=his\s)blood|(?<=her\s)blood|(?<=my\s)blood|sleep|"
                      r"insomnia|adhd|thyroid|"
                      + alternation(HEALTH_CONDITIONS) + r")\b", re.IGNORECASE)
_NOW = re.compile(r"\b(?:now|instead|from\s+(?:today|tomorrow|tonight)|starting\s+(?:today|tomorrow|tonight))\b", re.IGNORECASE)


def switched_medicine(text: str, speaker: str) -> ExtractedFact | None:
    """What ``text`` says is taken now in place of a medicine it says is stopped, or None."""
    stops = [(match, name) for match in _STOPPED.finditer(text) if (name := _old(match, text))]
    if not stops:
        return None
    old = {name.lower() for match, name in stops if match["it"] is not None or _is_medicine(name, text[match.end():])}
    for started in _STARTED.finditer(text):
        new, after = started["new"], started["after"]
        if new.lower() in old or not _is_medicine(new, after):
            continue
        # "stopping the sulphate and switching me to ferrous fumarate 210mg": what is stopped in the
        # sentence that names the new medicine and its dose needs no medicine's look of its own.
        if not old and not (re.match(r"\s*" + DOSE, after) and any(
                name.lower() not in _NOT_MEDICINES and not re.search(r"[.!?;]\s", text[match.end():started.start()])
                for match, name in stops)):
            continue
        # "on amlodipine 5mg now": said as what is taken now, or beside what was stopped.
        whom = re.search(r"\b" + _WHOM + r"\b", started.group(0), re.IGNORECASE)
        if not (_NOW.search(after) or _NOW.search(started.group(0)) or whom
                or re.search(r"called|will|'ll|to\s|start", started.group(0))):
            continue
        dose = _DOSE_AFTER.match(after)
        # "she prescribed melatonin instead": the one who prescribes is not the one who takes it.
        prescribed = whom is None and started.group(0).lower().startswith("prescribed")
        taker = speaker if prescribed else _taker(text[: started.start()], speaker, whom[0] if whom else None)
        if taker is None:
            return None
        taken = f"{new}{' ' + ' '.join(dose[1].split()) if dose else ''}"
        purpose = _PURPOSE.search(text)
        what_for = f" for {' '.join(purpose[0].split())}" if purpose else ""
        return ExtractedFact(
            statement=f"{taker}'s medication{what_for} is now {taken}.",
            type=MemoryType.SEMANTIC,
            certainty=Certainty.STATED.value,
            subject=taker,
            predicate=PUTS_RIGHT,
            object=f"medication: {taken}",
            entities=tuple(dict.fromkeys((speaker, taker))),
        )
    return None


def _old(match: re.Match[str], text: str) -> str:
    """The medicine stopped; for "stopping it", the last one named before."""
    if match["it"] is None:
        return str(match["old"] or match["stopped"] or match["no_more"] or match["passive"])
    before = text[: match.start()]
    named = [m for m in re.finditer(_WORD, before) if _is_medicine(m[0], before[m.end():m.end() + 12])]
    return named[-1][0] if named else ""


def _is_medicine(word: str, after: str) -> bool:
    if word.lower() in _NOT_MEDICINES:
        return False
    return is_medicine_name(word) or bool(_DOSE_AFTER.match(after))


def _taker(before: str, speaker: str, whom: str | None) -> str | None:
    """Who takes it: the speaker for "me"/"us", else the last person the turn named before. Said of
    no one, it is the speaker's when the sentence speaks in the first person, else whom the turn
    spoke of ("Miriam's follow-up. Dr. Levinson is stopping the clopidogrel and starting apixaban"),
    else the speaker's."""
    said_by_the_speaker = (_FIRST_PERSON.search(before[before.rfind(".") + 1:]) is not None if whom is None
                           else whom.lower() in {"me", "us"})
    if said_by_the_speaker:
        return speaker
    return last_person_named(before, speaker) or (speaker if whom is None else None)


# "Could you help me keep track of my tablets? … Metformin 500mg - one tablet twice a day": a pasted
# list or label of the speaker's own medicines, one per line.
_MEDICINE_NOUNS = r"tablets|pills|meds|medication|medications|medicines|prescriptions?"
_OWN_MEDICINES = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:" + _MEDICINE_NOUNS + r"|boxes|labels?)\b|\bI\s+(?:take|am\s+on)\b|\blabel\b",
                            re.IGNORECASE)
_SOMEONE_ELSES = re.compile(r"\b(?:his|her|their|[A-Za-z]+['’]s)\s+(?:\w+\s+)?(?:" + _MEDICINE_NOUNS + r")\b", re.IGNORECASE)
_LISTED = re.compile(r"(?:^\s*(?:[-*•]\s*|\d+[.)]\s*)?|\blabel\s*(?:says\s*)?:\s*)['\"‘“]?(?P<medicine>" + _WORD + r"(?:\s+[a-z][a-z-]{3,})?)\s+(?P<dose>" + DOSE + ")",
                     re.IGNORECASE | re.MULTILINE)


def listed_doses(text: str, speaker: str) -> list[ExtractedFact]:
    """The dose of each of the speaker's own medicines a pasted list or label gives, one slot per medicine."""
    if not _OWN_MEDICINES.search(text) or _SOMEONE_ELSES.search(text):
        return []
    found: dict[str, ExtractedFact] = {}
    for listed in _LISTED.finditer(text):
        medicine, dose = " ".join(listed["medicine"].lower().split()), " ".join(listed["dose"].split())
        if not is_medicine_name(medicine.split()[0]):
            continue
        found.setdefault(medicine, ExtractedFact(
            statement=f"{speaker} takes {medicine} {dose}.", type=MemoryType.SEMANTIC, certainty=Certainty.STATED.value,
            subject=speaker, predicate=f"{medicine} dose", object=dose, entities=(speaker,)))
    return list(found.values())


# "I'm on sertraline 50mg", "my GP put me on amlodipine 5mg", "increased my amlodipine dose to
# 10mg": a medicine's dose is one setting per medicine ("<medicine> dose" is single-valued).
_DOSE_SAID = r"(?P<dose>" + DOSE + r"(?:\s+(?:a|per)\s+day|\s+daily|\s+twice\s+a\s+day)?)"
_MEDICINE = r"(?P<medicine>(?!(?:a|an|the|my|it|that|this|dose|dosage|meds|medication|tablets?|pills?)\b)[A-Za-z][a-z-]{3,})"
_TAKING = (r"\b(?:I\s+(?:am|'m)\s+(?:now\s+|still\s+|currently\s+)?(?:[\w-]+\s+){0,3}?on|(?:put|started|switched|moved)\s+me\s+(?:onto|on|to)|"
           r"I\s+(?:now\s+|still\s+)?(?:take|am\s+taking|have\s+been\s+taking|started\s+taking)|prescribed\s+(?:me\s+)?|"
           r"(?:gave|given|has|had|got)\s+me(?:\s+on)?|"
           # the subject chat drops: "Now on 100mg sertraline", "taking 20mg citalopram from today"
           r"(?:^|(?<=[.!;]\s))(?:(?:now|still|currently)\s+)?(?:on|taking))\s+")
_DOSE_TAKEN = re.compile(
    # "I'm type 2 diabetic on metformin 500mg": what one is, then what one is on
    _TAKING
    # "I take amlodipine for my blood pressure, 5mg every morning": what it is for, then the dose
    + _MEDICINE + r"(?:\s+for\s+(?:my\s+)?[a-z]+(?:\s+[a-z]+)?\s*,)?\s+" + _DOSE_SAID, re.IGNORECASE)
# "My doctor put me on 50mg of sertraline", "I take 20mg citalopram": the dose, then the medicine.
_DOSE_OF_TAKEN = re.compile(_TAKING + _DOSE_SAID + r"\s+(?:of\s+)?(?:my\s+|the\s+)?" + _MEDICINE, re.IGNORECASE)
# "putting my levothyroxine up to 75 mcg", "is dropping my sertraline down to 50mg", "she raises the
# losartan to 100mg" (the speaker's own, unless the sentence is about someone else's)
_DOSE_CHANGED = re.compile(
    r"\b(?:increas|upp|rais|lower|reduc|cut|dropp|doubl|halv|chang|putt?|bump)(?:ed|ing|es|s|e)?(?:\s+up|\s+down)?\s+(?P<whose>my|our|the)\s+"
    + _MEDICINE + r"(?:\s+(?:dose|dosage))?(?:\s+up|\s+down)?\s+to\s+" + _DOSE_SAID, re.IGNORECASE)
# "my sertraline went up to 100mg", "sertraline dose went up to 100mg", "the sertraline got bumped up to 100mg": without
# "my", a medicine by its name or its dose's ("the dose" of nothing named is no medicine's).
_DOSE_NOW = re.compile(
    r"(?:\b(?P<whose>my|the)\s+|^|(?<=[,;:]\s))" + _MEDICINE + r"(?P<dose_word>\s+(?:dose|dosage))?\s+(?:is\s+now|is|(?:went|goes|is\s+going|has\s+gone)\s+(?:up|down)\s+to|"
    r"(?:was|has\s+been|got|is\s+being|'s\s+been)\s+(?:increased|raised|lowered|reduced|changed|upped|cut|doubled|halved|bumped|dropped|put)"
    r"(?:\s+up|\s+down)?\s+to|(?:increased|decreased|dropped|doubled|halved|rose|risen)\s+to)\s+" + _DOSE_SAID, re.IGNORECASE)


# "I am to go up to 10mg of amlodipine", "she wants me down to 2mg melatonin": the new dose, then the medicine.
_DOSE_TO = re.compile(
    r"\b(?:me\s+|I\s+(?:am|'m)\s+(?:to\s+)?(?:go(?:ing)?\s+)?|I\s+(?:have\s+to|need\s+to|should)\s+(?:go\s+)?)(?:up|down)\s+to\s+"
    + _DOSE_SAID + r"\s+(?:of\s+)?(?:my\s+|the\s+)?" + _MEDICINE, re.IGNORECASE)


# "Doc halved my atorvastatin", "they've doubled my sertraline dose": a dose changed by a share, no new amount said; the
# dose held before is no longer taken.
_DOSE_SCALED = re.compile(r"\b(?P<by>halved|doubled)\s+(?P<whose>my)\s+" + _MEDICINE + r"(?:\s+(?:dose|dosage))?(?!\s+(?:up|down)?\s*to\b)",
                          re.IGNORECASE)
_SCALED_AS = {"halved": "half", "doubled": "double"}


# Someone else the turn speaks of, whose "the metformin" it may be: "Mum's GP", "his tablets", "Dad".
_SOMEONE_ELSE = re.compile(r"\b(?i:his|their|mum|mom|mam|dad|mother|father|mama|papa|gran|granny|grandma|grandad|nan)\b|"
                           r"\b[A-Z][a-z]+['’]s\b")


def doses_said(text: str, speaker: str) -> list[tuple[str, str, str]]:
    """(statement, slot, dose) for each medicine ``text`` says the speaker takes at a dose now, one slot
    per medicine ("<medicine> dose"): taken, prescribed, put up or down; not one planned."""
    found: dict[str, tuple[str, str, str]] = {}
    for dose in (*_DOSE_TAKEN.finditer(text), *_DOSE_OF_TAKEN.finditer(text), *_DOSE_CHANGED.finditer(text), *_DOSE_NOW.finditer(text),
                 *_DOSE_TO.finditer(text)):
        medicine, amount = dose["medicine"].lower(), " ".join(dose["dose"].split())
        if dose.re in (_DOSE_CHANGED, _DOSE_NOW) and (dose["whose"] or "the").lower() == "the" and _SOMEONE_ELSE.search(text[: dose.start()]):
            continue
        if dose.re is _DOSE_NOW and dose["whose"] is None and not (dose["dose_word"] or is_medicine_name(medicine)):
            continue
        if not NOT_YET.search(dose.group(0)):
            found[f"{medicine} dose"] = (f"{speaker} takes {medicine} {amount}", f"{medicine} dose", amount)
    # "she's doubled my metformin - 1000 mg twice a day": the new amount said is the dose, not a share of the old one.
    amount_said = re.search(DOSE, text, re.IGNORECASE) is not None
    for scaled in _DOSE_SCALED.finditer(text):
        medicine, share = scaled["medicine"].lower(), _SCALED_AS[scaled["by"].lower()]
        if is_medicine_name(medicine) and not amount_said and not NOT_YET.search(scaled.group(0)):
            found.setdefault(f"{medicine} dose", (f"{speaker} takes {medicine} at {share} the dose before", f"{medicine} dose",
                                                  f"{share} the dose before"))
    return list(found.values())
