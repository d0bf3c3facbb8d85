"""What people are by their work ("a nurse", "the new sous chef"): one word each. Pure table.

Read by the rules extractor (a job is said with one) and by abstention (a memory that says
Fiona is a physio says what she does for work).
"""

from __future__ import annotations

__all__ = ["OCCUPATIONS"]

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
    drummer composer conductor stylist hairdresser barber tailor florist butcher shopkeeper hygienist""".split()
)
