"""Writes engram_mcp/bench/data/certainty_set.json, the hand-written certainty set (see its "about").

Run from the repository root: python scripts/make_certainty_set.py
"""
import json
import random
random.seed(7)
# (speaker, first-person clause in present/past, the fact a note-taker writes)
P = [
 ("Ana", "my sister moved to Leeds", "Ana's sister moved to Leeds."),
 ("Ana", "the dentist appointment is on the 14th", "Ana's dentist appointment is on the 14th."),
 ("Ben", "I'm allergic to penicillin", "Ben is allergic to penicillin."),
 ("Ben", "our landlord is selling the flat", "Ben's landlord is selling the flat."),
 ("Chloe", "I'll be in Berlin for the conference in May", "Chloe will be in Berlin for the conference in May."),
 ("Chloe", "my manager is leaving the company", "Chloe's manager is leaving the company."),
 ("Dev", "I left my passport at my parents' house", "Dev left his passport at his parents' house."),
 ("Dev", "the team offsite is in Lisbon this year", "Dev's team offsite is in Lisbon this year."),
 ("Elif", "I'm pregnant with our second child", "Elif is pregnant with her second child."),
 ("Elif", "my brother got into Oxford", "Elif's brother got into Oxford."),
 ("Femi", "I'll switch to the night shift in March", "Femi will switch to the night shift in March."),
 ("Femi", "my car needs a new gearbox", "Femi's car needs a new gearbox."),
 ("Greta", "I'm lactose intolerant", "Greta is lactose intolerant."),
 ("Greta", "my daughter starts school in September", "Greta's daughter starts school in September."),
 ("Hugo", "I'm going to run the Paris marathon in April", "Hugo is going to run the Paris marathon in April."),
 ("Hugo", "my grandfather was born in Naples", "Hugo's grandfather was born in Naples."),
 ("Ines", "I'll take the job at the museum", "Ines will take the job at the museum."),
 ("Ines", "our cat is diabetic", "Ines's cat is diabetic."),
 ("Jonas", "I'm moving to Rotterdam next year", "Jonas is moving to Rotterdam next year."),
 ("Jonas", "my landlord raised the rent by ten percent", "Jonas's landlord raised the rent by ten percent."),
 ("Kemi", "I'll start learning Portuguese this autumn", "Kemi will start learning Portuguese this autumn."),
 ("Kemi", "my mum is retiring in June", "Kemi's mum is retiring in June."),
 ("Lars", "I broke my wrist skiing", "Lars broke his wrist skiing."),
 ("Lars", "the wedding is in Bergen", "Lars's wedding is in Bergen."),
 ("Mina", "I'm the only vegetarian in the office", "Mina is the only vegetarian in the office."),
 ("Mina", "my partner works for the BBC", "Mina's partner works for the BBC."),
 ("Nils", "I'll sell the boat this summer", "Nils will sell the boat this summer."),
 ("Nils", "my son is applying to art school", "Nils's son is applying to art school."),
 ("Omar", "I'm getting a promotion to team lead", "Omar is getting a promotion to team lead."),
 ("Omar", "my uncle owns a bakery in Tunis", "Omar's uncle owns a bakery in Tunis."),
 ("Pia", "I'll adopt a second dog", "Pia will adopt a second dog."),
 ("Pia", "my flatmate is moving out in July", "Pia's flatmate is moving out in July."),
 ("Quinn", "I'm changing my name after the wedding", "Quinn is changing their name after the wedding."),
 ("Quinn", "my knee needs surgery", "Quinn's knee needs surgery."),
 ("Rosa", "I'll visit my aunt in Lima at Christmas", "Rosa will visit her aunt in Lima at Christmas."),
 ("Rosa", "my neighbour is a retired pilot", "Rosa's neighbour is a retired pilot."),
 ("Sven", "I'm quitting coffee for good", "Sven is quitting coffee."),
 ("Sven", "the project deadline is the end of March", "Sven's project deadline is the end of March."),
 ("Tara", "I'll apply for the PhD programme in Edinburgh", "Tara will apply for the PhD programme in Edinburgh."),
 ("Tara", "my dad has type 2 diabetes", "Tara's dad has type 2 diabetes."),
]
FRAMES = [
 # (bucket, p, template)
 ("stated", 1.0, "{C}."),
 ("stated", 1.0, "Just so you know, {c}."),
 ("strong", 0.7, "I think {c}."),
 ("strong", 0.7, "{C}, probably."),
 ("strong", 0.7, "I'm pretty sure {c}."),
 ("strong", 0.7, "Apparently {c}."),
 ("strong", 0.7, "Chances are {c}."),
 ("weak", 0.4, "I have a feeling {c}."),
 ("weak", 0.4, "Maybe {c}."),
 ("weak", 0.4, "I'm not sure, but {c} maybe."),
 ("weak", 0.4, "Perhaps {c}, who knows."),
 ("hypothetical", 0.0, "If things go badly, {c}."),
 ("hypothetical", 0.0, "If I win the lottery, {c}."),
]
items = []
for i, (speaker, clause, fact) in enumerate(P):
    # every proposition in one stated frame, one strong, one weak and one hypothetical, plus a second stated or hedged
    chosen = [random.choice([f for f in FRAMES if f[0] == b]) for b in ("stated", "strong", "weak", "hypothetical")]
    chosen.append(random.choice([f for f in FRAMES if f[0] != "hypothetical"]))
    for bucket, p, t in chosen:
        text = t.format(c=clause, C=clause[0].upper() + clause[1:])
        items.append({"speaker": speaker, "text": text, "label": bucket, "facts": [{"text": fact, "p": p}]})
# Inferences: the fact is not said, it follows (0.7) or is a guess (0.4); the stated fact is not what a note-taker keeps.
INFER = [
 ("Ana", "I fly to Cork every other weekend to see my mum.", "Ana's mum lives in Cork.", 0.7),
 ("Ben", "I've been doing the school run every morning since September.", "Ben has a child in school.", 0.7),
 ("Chloe", "Can't drink tonight, I'm on antibiotics again.", "Chloe is taking antibiotics.", 1.0),
 ("Dev", "My commute to the Google office is only ten minutes on foot.", "Dev works at Google.", 0.7),
 ("Elif", "Our twins turn four next week.", "Elif has twins.", 1.0),
 ("Femi", "I keep my insulin in the fridge at work.", "Femi has diabetes.", 0.7),
 ("Greta", "The kids and I walk past the Eiffel Tower on the way to school.", "Greta lives in Paris.", 0.7),
 ("Hugo", "My wife's parents are coming over from Seoul.", "Hugo is married.", 1.0),
 ("Ines", "Finally handed in my thesis corrections.", "Ines is a graduate student.", 0.7),
 ("Jonas", "Rehearsal ran late, the conductor made us redo the second movement.", "Jonas plays in an orchestra.", 0.7),
 ("Kemi", "My shift at the ward ended at 7am.", "Kemi works in a hospital.", 0.7),
 ("Lars", "Another day of answering emails about the merger.", "Lars works for a company going through a merger.", 0.4),
 ("Mina", "The dog walker cancelled again.", "Mina has a dog.", 0.7),
 ("Nils", "Barcelona lost again, I'm gutted.", "Nils supports Barcelona.", 0.7),
 ("Omar", "Fasting has been easier this year.", "Omar observes Ramadan.", 0.4),
 ("Pia", "I'm sick of the rain here.", "Pia lives somewhere rainy.", 0.4),
 ("Quinn", "My students loved the volcano experiment.", "Quinn is a teacher.", 0.7),
 ("Rosa", "The baby kept us up all night.", "Rosa has a baby.", 0.7),
 ("Sven", "Got my black belt grading on Saturday.", "Sven does martial arts.", 0.7),
 ("Tara", "I bumped into my ex at the gym.", "Tara goes to a gym.", 0.7),
]
LITERAL = {'I fly to Cork every other weekend to see my mum.': 'Ana flies to Cork every other weekend to see her mum.', "I've been doing the school run every morning since September.": 'Ben has been doing the school run every morning since September.', "Can't drink tonight, I'm on antibiotics again.": 'Chloe is on antibiotics again.', 'My commute to the Google office is only ten minutes on foot.': "Dev's commute to the Google office is ten minutes on foot.", 'Our twins turn four next week.': "Elif's twins turn four next week.", 'I keep my insulin in the fridge at work.': 'Femi keeps his insulin in the fridge at work.', 'The kids and I walk past the Eiffel Tower on the way to school.': 'Greta and the kids walk past the Eiffel Tower on the way to school.', "My wife's parents are coming over from Seoul.": "Hugo's wife's parents are coming over from Seoul.", 'Finally handed in my thesis corrections.': 'Ines handed in her thesis corrections.', 'Rehearsal ran late, the conductor made us redo the second movement.': "Jonas's rehearsal ran late.", 'My shift at the ward ended at 7am.': "Kemi's shift at the ward ended at 7am.", 'Another day of answering emails about the merger.': 'Lars spent the day answering emails about the merger.', 'The dog walker cancelled again.': "Mina's dog walker cancelled again.", "Barcelona lost again, I'm gutted.": 'Nils is gutted that Barcelona lost again.', 'Fasting has been easier this year.': 'Omar has found fasting easier this year.', "I'm sick of the rain here.": 'Pia is sick of the rain where she lives.', 'My students loved the volcano experiment.': "Quinn's students loved the volcano experiment.", 'The baby kept us up all night.': 'The baby kept Rosa up all night.', 'Got my black belt grading on Saturday.': 'Sven has his black belt grading on Saturday.', 'I bumped into my ex at the gym.': 'Tara bumped into her ex at the gym.'}
for speaker, text, fact, p in INFER:
    items.append({"speaker": speaker, "text": text, "label": "inferred",
                  "facts": [{"text": LITERAL[text], "p": 1.0}, {"text": fact, "p": p}]})
doc = {
 "about": "Hand-written certainty set for Engram's extraction bench (not from any benchmark). Each item is one turn and "
          "the fact a careful note-taker would write from it, with p: the probability that the fact is true given only the "
          "turn. Labelling rule: a plain statement is 1.0; a strong hedge ('I think', 'probably', 'pretty sure') 0.7; a weak "
          "hedge ('maybe', 'perhaps', 'not sure') 0.4; a condition ('if ...') 0.0, because nothing is asserted; an inference "
          "from what was said 0.7 when it almost always follows, 0.4 when it is a guess, 1.0 when it is entailed. "
          "An inferred item also lists what was literally said (1.0). Precision of a certainty bucket = mean p of the "
          "item's gold fact each extracted fact matches best (0 when it reaches none).",
 "items": items,
}
json.dump(doc, open("engram_mcp/bench/data/certainty_set.json", "w"), indent=1, ensure_ascii=False)
from collections import Counter
print(len(items), Counter(i["label"] for i in items))
