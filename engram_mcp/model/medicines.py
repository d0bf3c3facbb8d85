"""Medicines, by the names people know them by: what a word names, and what it is taken for. Pure.

Read by the rules extractor (a medicine switched for another) and by abstention ("What blood
thinner is Ray on?" is answered by "Ray takes warfarin"): a person asks for a medicine by what it
does, and says its name.
"""

from __future__ import annotations

import re

__all__ = ["MEDICINE_ENDING", "is_medicine_name", "what_medicines_are_for"]

# Endings that name a medicine: ramipril, losartan, amlodipine, atorvastatin, bisoprolol, metformin, …
# (Not "-tine" or "-zine": a routine and a magazine are no medicines; and three letters at least
# before the ending: "April" is no ACE inhibitor.)
MEDICINE_ENDING = re.compile(r"(?:\w{3}(?:pril|sartan|dipine|statin|olol|formin|prazole|azole|mab|cillin|mycin|oxacin|azepam|"
                             r"zolam|oxetine|traline|apine|triptan|parin|xaban|gatran|farin|thiazide|semide|lukast|isone|olone|"
                             r"pezil|mantine|tidine|afil|gliptin|glutide|gliflozin|lamide|setron|profen|tamol)|codeine|"
                             r"morphine|oxycodone|methadone)$", re.IGNORECASE)

# What each kind of medicine is asked about by, and the names (endings, generics, brands) that say it.
_FOR = {
    "pressure bp hypertension": r"\w{3,}(?:pril|sartan|dipine|olol|thiazide|semide)|doxazosin|indapamide",
    # taken for atrial fibrillation: "What does Conchita take for the atrial fibrillation?" is met by "Now is Eliquis"
    "thinner thinners anticoagulant anticoagulants clot clots atrial fibrillation afib arrhythmia": (
        r"\w{3,}(?:xaban|gatran|farin|parin)|clopidogrel|ticagrelor|eliquis|xarelto|pradaxa|lixiana|waran|marevan|"
        r"coumadin|plavix|sintrom"),
    "painkiller painkillers pain": (r"\w{3,}(?:profen|tamol)|codeine|morphine|oxycodone|tramadol|aspirin|naproxen|diclofenac|"
                                    r"metamizole|nolotil|nurofen|advil|tylenol|panadol|acetaminophen|co-codamol"),
    "cholesterol": r"\w{3,}statin|ezetimibe",
    "diabetes sugar": r"\w{3,}(?:formin|gliptin|glutide|gliflozin)|insulin|gliclazide|ozempic",
    "dementia memory alzheimer": r"donepezil|memantine|rivastigmine|galantamine|aricept",
    "stomach acid reflux heartburn": r"\w{3,}prazole|ranitidine|famotidine|gaviscon",
    "antibiotic antibiotics infection": r"\w{3,}(?:cillin|mycin|oxacin)|doxycycline|cefalexin|trimethoprim",
    "antidepressant antidepressants depression anxiety mood": r"\w{3,}(?:oxetine|traline)|citalopram|escitalopram|mirtazapine",
    "sleep sleeping insomnia": r"zopiclone|zolpidem|zaleplon|temazepam|melatonin|circadin|stilnoct|ambien|imovane",
    "adhd stimulant stimulants focus": (r"adderall|vyvanse|elvanse|lisdexamfetamine|dexamfetamine|methylphenidate|ritalin|"
                                        r"concerta|medikinet|atomoxetine|strattera|guanfacine"),
    "thyroid": r"levothyroxine|thyroxine|liothyronine|euthyrox|levothyrox|synthroid|eltroxin",
    "iron anaemia anemia supplement supplements": r"ferrous|ferric|feroglobin|ferritab|spatone",
}
_KINDS = [(frozenset(words.split()), re.compile(r"\b(?:" + names + r")\b", re.IGNORECASE)) for words, names in _FOR.items()]


def what_medicines_are_for(text: str) -> frozenset[str]:
    """The words a question would use for the medicines ``text`` names ("warfarin": thinner,
    anticoagulant, …); empty when it names none of a known kind."""
    return frozenset(word for words, names in _KINDS if names.search(text) for word in words)


def is_medicine_name(word: str) -> bool:
    """Whether ``word`` names a medicine: by its ending ("ramipril") or as a known name ("Eliquis", "Waran")."""
    return bool(MEDICINE_ENDING.search(word)) or bool(what_medicines_are_for(word))
