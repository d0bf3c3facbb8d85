"""What people are by their work ("a nurse", "the new sous chef"): one word each. Pure table.

Read by the rules extractor (a job is said with one), by abstention (a memory that says
Fiona is a physio says what she does for work) and by recall (what answers "What does Parvin
do for a living?").
"""

from __future__ import annotations

import re

__all__ = ["OCCUPATIONS", "OCCUPATION_SAID", "says_own_occupation"]

OCCUPATIONS = frozenset(
    """engineer developer dev coder nurse teacher doctor designer manager lawyer accountant consultant analyst
    architect scientist researcher student chef cook pharmacist dentist paramedic electrician plumber
    carpenter journalist writer editor photographer programmer barista waiter waitress librarian
    firefighter officer pilot driver mechanic therapist counselor counsellor professor lecturer tutor
    surgeon vet veterinarian physiotherapist midwife cleaner farmer baker artist musician actor director
    lead intern apprentice freelancer entrepreneur founder cto ceo administrator technician assistant
    auditor banker broker trader economist recruiter marketer strategist producer translator interpreter
    paralegal solicitor barrister judge clerk cashier receptionist secretary carer caregiver psychologist
    psychiatrist optometrist optician radiographer dietitian nutritionist trainer instructor coach welder
    builder gardener courier soldier detective realtor planner coordinator specialist advisor adviser
    executive associate principal headteacher postdoc statistician mathematician physicist chemist
    biologist geologist tester illustrator animator copywriter singer dancer violinist pianist guitarist
    drummer composer conductor stylist hairdresser barber tailor florist butcher shopkeeper hygienist
    joiner seaman sailor fisherman labourer bricklayer plasterer roofer locksmith postman bartender childminder
    nanny surveyor bookkeeper caretaker janitor supervisor foreman guide operator dispatcher warden ranger
    lineman linesman lineworker trucker laborer painter decorator landscaper miner machinist postie seamstress
    beautician babysitter lifeguard reporter videographer steward stewardess fishmonger estimator inspector""".split()
)

OCCUPATION_SAID = re.compile(r"\b(?:" + "|".join(sorted(OCCUPATIONS, key=len, reverse=True)) + r")s?\b", re.IGNORECASE)
"""A word of work, as written, or its plural ("a florist", "the nurses")."""
# "I'm a nurse", "I was a joiner for forty-five years", "im branwen, RVN (registered vet nurse)", "I work as a
# courier": the speaker's own work, said before the word of it in the same sentence.
_FIRST_PERSON_IS = re.compile(
    r"\b(?:i\s*['’]?\s*m|i\s+am|i\s+was|i\s+work(?:ed)?\s+as|i['’]ve\s+been|i\s+have\s+been|my\s+job\s+is)\s+"
    # Up to four words between, none that turns to someone else ("I'm off to see the nurse", "im at work, the nurse rang").
    r"(?:(?!(?:the|to|see|with|at|for|from|by|my|his|her|our|their|your|and|but|rang|called|said|told|asked|met|saw)\b)"
    r"[^\s.!?]+\s+){0,4}$", re.IGNORECASE)


def says_own_occupation(text: str) -> bool:
    """Whether ``text`` says what its speaker is by work ("I was a joiner", "im branwen, RVN (vet nurse)")."""
    return any(_FIRST_PERSON_IS.search(text[max(0, m.start() - 60): m.start()]) for m in OCCUPATION_SAID.finditer(text))
