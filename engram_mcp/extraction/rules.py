"""A deterministic extractor: first-person sentences, restated in the third person.

It needs no model, runs in microseconds and never invents anything, so it is the fallback
whenever a model is missing, slow or misbehaving. It keeps a sentence only when the speaker
says something about themselves ("I moved to Lisbon", "my sister is a nurse", "please
always answer in French"); questions, greetings, reactions to the other person and filler
give nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from engram_mcp.extraction.attributes import (
    AMOUNTS,
    attribute_facts,
    contact_card,
    doctor_given,
    introduction_clauses,
    rescheduled_habit,
    self_description,
)
from engram_mcp.extraction.base import MAX_FACTS_PER_TURN, ExtractedFact
from engram_mcp.extraction.called_off import gym_switched, replacement_of_called_off
from engram_mcp.extraction.certainty import certainty_of, strip_hedge
from engram_mcp.extraction.clauses import ASKED_TO_REMEMBER, clauses, sentences
from engram_mcp.extraction.corrections import (
    corrected_statement,
    correction_fact,
    ending_fact,
    replacement_fact,
    rescheduling_fact,
    switch_fact,
    without_what_does_not_hold,
)
from engram_mcp.extraction.lexicon import (
    OCCUPATIONS,
    OUTPUT_FORMS,
    alternation,
    with_dropped_subject,
)
from engram_mcp.extraction.medicines import listed_doses, switched_medicine
from engram_mcp.extraction.names import named_group
from engram_mcp.extraction.noteworthy import worth_noting
from engram_mcp.extraction.people import people_named, relations_named, with_pronouns_named
from engram_mcp.extraction.pets import pet_names, pets_named_nearby
from engram_mcp.extraction.requests import CONDITIONAL_REQUEST, REQUEST_LABEL, instruction, is_request
from engram_mcp.extraction.states import dated_starts, home_after_moving, state_facts
from engram_mcp.extraction.validate import content_words, resolve_first_person, validate_facts
from engram_mcp.extraction.vehicles import vehicles_named_nearby
from engram_mcp.extraction.wording import SECOND_PERSON, clip, names_in
from engram_mcp.model import Certainty, Memory, MemoryType, Source
from engram_mcp.model.predicates import HEALTH_CONDITIONS, third_singular
from engram_mcp.model.purge_plan import mentions

__all__ = ["RulesExtractor"]

# "..., which is pretty exciting", "... and it was so powerful": how it felt, not what happened.
_TRAILING_VERDICT = re.compile(
    r"(?:,|\s+and|\s+-)\s+(?:which|it|that|this)(?:'s|\s+(?:is|was|has\s+been|feels|felt|sounds|looks))\s+"
    r"(?:(?:so|really|pretty|super|very|quite|totally|such|a|an|the|just|all|kind\s+of)\s+)*"
    r"(?:\w+(?:\s*,\s*|\s+and\s+|\s+)?){1,3}[!.…]*$",
    re.IGNORECASE,
)
_LEADING_FILLER = re.compile(
    r"^(?:(?:yeah|yes|yep|yup|oh|ooh|wow|whoa|haha+|lol|well|so|honestly|actually|totally|definitely|"
    r"aw+|ah+|hmm+|ok|okay|sure|right|true|and|but|also|plus|btw|anyway|hey|hi|hello|thanks|"
    r"thank you|omg|gosh|cool|nice|great|awesome|absolutely|exactly|indeed|um+|uh+|long\s+story(?:\s+short)?(?:\s+but)?|"
    r"basically|tbh|to\s+be\s+honest|"
    # "Good news on the housing front, we signed …", "Big news:", "Update on the fair:"
    r"(?:(?:good|great|big|bad|some|exciting|quick)\s+news|(?:quick\s+|small\s+|holiday\s+|house\s+|job\s+)?update)"
    r"(?:\s+(?:on|about|from)\s+[^,:;!.?]{0,40}[\w'’-])?(?=\s*[,:;!.–-]))\b[,!.…:;–-]*\s*)+",
    re.IGNORECASE,
)
_TEXTSPEAK = (
    (re.compile(r"\b(?:pls|plz|pleas|pleeease|pleease)\b", re.IGNORECASE), "please"),
    (re.compile(r"\bi\b"), "I"),
    (re.compile(r"\bim\b", re.IGNORECASE), "I'm"),
    (re.compile(r"\bive\b", re.IGNORECASE), "I've"),
    # "dont give me long answers": the apostrophe a phone keyboard leaves out.
    (re.compile(r"\b(do|does|did|is|was|are|were|have|has|had|should|would|could)nt\b", re.IGNORECASE), r"\1n't"),
    (re.compile(r"\bcant\b", re.IGNORECASE), "can't"),
    # "gf is called frida": the possessive goes with the abbreviation.
    (re.compile(r"(?:^|\bmy\s+)gf\b", re.IGNORECASE), "my girlfriend"), (re.compile(r"(?:^|\bmy\s+)bf\b", re.IGNORECASE), "my boyfriend"),
    (re.compile(r"\bwk\b", re.IGNORECASE), "week"),
    (re.compile(r"\bw/(?=\s)", re.IGNORECASE), "with"), (re.compile(r"\brn\b"), "right now"),
    (re.compile(r"^(?:ngl|tbh|fr|lowkey)\s+", re.IGNORECASE), ""),
    # "moved 2 copenhagen": "2" for "to", after a verb of going.
    (re.compile(r"\b(moved|moving|going|went|go|headed|heading|flew|flying|back|off)\s+2\s+(?=[a-z])", re.IGNORECASE), r"\1 to "),
    # "staff engineer @ Stripe"; an email address keeps its @.
    (re.compile(r"(?<=\w)\s+@\s+(?=\w)|(?<=\s)@(?=[A-Z])"), " at "),
)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|my|me|myself|mine|we|we're|we've|we'll|our|us)\b",
                           re.IGNORECASE)
# Pep talk and plans for "us" ("Let's keep chasing our dreams", "We'll get through this") say
# nothing lasting about anyone; a shared past event ("We went camping") does.
_PEP_TALK = re.compile(r"^(?:let's|let us|hopefully|can't wait|here's to|fingers crossed)\b|\blet's\b", re.IGNORECASE)
_SINGULAR_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|my|me|myself|mine)\b", re.IGNORECASE)
_REACTION = re.compile(
    r"\b(?:agree|hope|bet|guess|mean|see|know|understand|appreciate|wish|glad|happy|sorry|proud|"
    r"thrilled|excited|sure|think so|can't wait|loves? (?:that|it|this)|feel)\b",
    re.IGNORECASE,
)
_PREFERENCE = re.compile(r"\b(?:like|likes|love|loves|hate|hates|prefer|prefers|enjoy|enjoys|favou?rite|into|fan of)\b",
                         re.IGNORECASE)
_FUTURE = re.compile(r"\b(?:will|going to|gonna|planning|plan to|plans to|next (?:week|month|year)|soon|tomorrow)\b",
                     re.IGNORECASE)
_PAST_IRREGULAR = frozenset(
    """went got saw made took had did was were met found bought ran began felt thought knew gave came left
    told said heard wrote read began brought built caught chose drew drove ate fell flew forgot grew hung
    kept lost meant paid put quit rode rang rose sang sat slept spent stood swam taught threw understood
    won wore became sold shut sent lent bent held led fed fought sought broke spoke woke froze stole drank sank
    shook hid bit""".split()
)
_ADVERBS = frozenset(
    """just really also never always still usually totally definitely recently finally actually even
    already often sometimes truly absolutely honestly seriously kinda currently first""".split()
)
# An adverb before the verb ("I abruptly moved") is any word in -ly as well as the listed ones.
_FIRST_PERSON_VERB = re.compile(
    r"\bI\s+((?:(?:no\s+longer|" + "|".join(sorted(_ADVERBS, key=len, reverse=True)) + r"|(?!(?:apply|reply|rely|supply|comply|imply|multiply|ally|bully|tally)\s)[a-z]{2,}ly)\s+)*)([\w']+)\b"
)
_MODALS = frozenset("can could would should might must will shall may can't couldn't won't wouldn't".split())
_RELATIVE_DAYS = (
    (re.compile(r"\byesterday\b|\blast night\b", re.IGNORECASE), timedelta(days=1)),
    (re.compile(r"\btoday\b|\bthis morning\b|\btonight\b", re.IGNORECASE), timedelta(0)),
    (re.compile(r"\blast week\b", re.IGNORECASE), timedelta(days=7)),
    (re.compile(r"\blast weekend\b", re.IGNORECASE), timedelta(days=7)),
    (re.compile(r"\blast month\b", re.IGNORECASE), timedelta(days=30)),
    (re.compile(r"\blast year\b", re.IGNORECASE), timedelta(days=365)),
)
# Casual chat drops the subject ("Gonna take a pottery class"); the speaker is meant.
_DROPPED_SUBJECT = (
    (re.compile(r"^(?:gonna|going to)\b", re.IGNORECASE), "is going to"),
    (re.compile(r"^(planning|thinking|heading|working|trying|hoping|looking forward)\b", re.IGNORECASE), "is {0}"),
    (re.compile(r"^been\b", re.IGNORECASE), "has been"),
    (re.compile(r"^(just|recently|finally|had|went|got|started|finished|loved|made|took|visited|joined)\b",
                re.IGNORECASE), "{0}"),
    (re.compile(r"^(love|enjoy|like|prefer)\b", re.IGNORECASE), "{0}s"),
)
# "Researching adoption agencies", "Finishing up the choreography": what the speaker is doing, when
# no other verb follows (else the -ing word is the subject: "Painting helps me relax").
_GERUND_CLAUSE = re.compile(
    r"^(?!(?:morning|evening|spring|wedding|building|ceiling|feeling|meeting|nothing|something|anything|everything|"
    r"sibling|darling|king|ring|thing|sing|wing|bring|swing|sting)\b)(?![a-z]+ing\s+(?:times|news|stuff|things)\b)"
    r"([a-z]{3,}ing)\b(?=\s+[a-z])(?![^.]*(?:\b(?:is|are|was|were|isn't|wasn't|has|have|had|must|can|could|will|would|"
    r"should|looks|seems|means|makes|helps|plays|gives|takes|feels|sounds|knew|know)\b|'s\b|,\s*(?:I|we|they|it)\b))",
    re.IGNORECASE)
# -ing words that describe a feeling rather than an activity ("Exciting times!", "Loving it").
_EMOTIVE_ING = frozenset(
    """exciting amazing interesting inspiring relaxing rewarding challenging boring annoying touching heartwarming
    thrilling refreshing fascinating encouraging overwhelming surprising satisfying stunning outstanding charming
    loving missing hoping wishing sending wondering praying rooting cheering""".split()
)
# "I'm lucky to have my husband and kids": the having is the fact, the luck is the mood.
_LUCKY_TO_HAVE = re.compile(r"^(?:I|we)(?:'m|'re|\s+am|\s+are)\s+(?:so\s+|really\s+|very\s+|truly\s+)?"
                            r"(?:lucky|blessed|fortunate|grateful|thankful|glad)\s+to\s+have\s+", re.IGNORECASE)
_MIN_CONTENT_WORDS = 3
_CANT_STAND = re.compile(r"(?:now\s+|really\s+|just\s+)?(?:can't|cannot|can not)\s+(?:stand|bear)\s+(?P<what>[^,.;!?]+)",
                         re.IGNORECASE)
_TASTES = frozenset("likes loves hates dislikes prefers enjoys adores like love hate dislike prefer enjoy adore".split())
# "I've started to like coffee" is the taste now: "I like coffee".
_COME_TO_LIKE = re.compile(r"\bI(?:'ve|\s+have)?\s+(?:started|begun|come|grown)\s+to\s+(?P<verb>like|love|enjoy|hate|dislike)\b",
                           re.IGNORECASE)
# Short statements of lasting facts ("I am allergic to shellfish", "I live in Oslo") are the
# ones most worth keeping; they may carry only two content words.
_DURABLE = re.compile(
    r"\b(?:allergic|vegan|vegetarian|intolerant|" + alternation(HEALTH_CONDITIONS) + "|"
    # "I love sushi", "I hate coffee": a taste named is kept however short.
    # ("I like the template", "I love your idea" are about the chat, and need more words to be kept).
    r"(?<=\bI\s)(?:really\s+|actually\s+)?(?:like|love|hate|dislike|prefer|enjoy|adore)\s+(?!(?:it|that|this|them|those|these|you|"
    r"him|her|the|your|their|his|its|how|what|when|where|to)\b)[a-z]+|obsessed\s+with|"
    r"pregnant|expecting\s+(?:a\s+baby|twins|triplets|our\s+first)|married|divorced|engaged|retired|widowed|"
    r"live\s+alone|living\s+alone|live\s+on\s+my\s+own|"
    r"my name is|call me|i(?:'m| am) from|i live|i work|i study|i teach|"
    # "I switched to memoQ": what one uses now, however short.
    r"i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:switched|changed)\s+(?:over\s+)?to)\b",
    re.IGNORECASE,
)
# "I totally agree, Mel": the name is whom the speaker addresses, not what the clause is about.
_VOCATIVE = re.compile(r",\s*[A-Z][\w'-]*[.!…]*$")
# "However, ...", "After that, ...": links to the chat that say nothing once the fact stands alone.
_LEAD_CONNECTIVE = re.compile(r"^(?:however|now|then|anyway|after\s+that|besides|still|meanwhile|otherwise|also|plus|"
                              # "Weirdly I've started to like coffee": how the speaker sees it, not what is so.
                              r"(?!only\b|early\b|family\b|daily\b|weekly\b)[a-z]{3,}ly(?=,?\s+I\b))\b,?\s+",
                              re.IGNORECASE)
# "Going to those places is on my list", "Trying new food is a must": a gerund is the subject, not a dropped "I'm".
_GERUND_SUBJECT = re.compile(r"^\w+ing\b(?:\s+[\w'-]+){0,6}?\s+(?:is|are|was|were|'s|makes?|helps?|gives?|keeps?|pumps?|"
                             r"brings?|gets?)\b", re.IGNORECASE)
class RulesExtractor:
    """Extracts what a speaker says about themselves, with no model at all."""

    name = "rules"

    def __init__(self, *, max_facts: int = MAX_FACTS_PER_TURN, default_speaker: str = "user") -> None:
        self._max_facts = max_facts
        self._default_speaker = default_speaker

    def extract(self, turn: Memory, context: Sequence[Memory]) -> list[ExtractedFact]:
        speaker = turn.provenance.speaker or self._default_speaker
        if turn.provenance.role == "assistant" or turn.provenance.source is Source.ASSISTANT:
            # "I will use British spelling" is the assistant talking about itself; nothing the user
            # said is in it. Models may still read facts about the user from it, at lower certainty.
            return []
        facts: list[ExtractedFact] = []
        said = sentences(_as_typed(turn.text))[:_MAX_SENTENCES]
        # Someone who types no capitals at all ("i moved to osaka") marks no name with one.
        uncased = not any(character.isupper() for character in turn.text)
        earlier = [memory.text for memory in context if (memory.provenance.speaker or self._default_speaker) == speaker]
        pets = pet_names(earlier)
        said = with_pronouns_named(said, people_named([*earlier, turn.text]))
        for clause in contact_card(turn.text):
            facts += attribute_facts(clause, speaker) or _facts_from(clause, clause, Certainty.STATED.value, speaker,
                                                                       turn.event_time)
        for index, sentence in enumerate(said):
            # "…, you know?": a statement with a tag, not a question.
            sentence = _TAG_QUESTION.sub(".", sentence)
            if sentence.endswith("?") and ASKED_TO_REMEMBER.match(sentence):
                # "Can you remember that I prefer metric units?" states what it asks to keep.
                sentence = sentence.rstrip("?") + "."
            if sentence.endswith("?"):
                # A question says nothing of the speaker, except what it takes as given:
                # "Since I'm vegan now, what should I cook?", "As someone who runs marathons, …".
                sentence = _premise(sentence)
                if not sentence:
                    continue
            if (restored := with_dropped_subject(bare := _LEADING_FILLER.sub("", sentence))) != bare:
                sentence = restored
            named = named_group(sentence, [*earlier, *said[:index]], speaker)
            if named is not None:
                facts.append(named)
                continue
            certainty = certainty_of(sentence)
            said_with = certainty or Certainty.STATED.value
            correction = (correction_fact(sentence, speaker, said_with) or rescheduling_fact(sentence, speaker, said_with)
                          or switch_fact(sentence, speaker, said_with))
            if correction is not None:
                facts.append(correction)
                if (restated := corrected_statement(sentence, speaker, correction)) is not None:
                    facts.append(restated)
                continue
            if (labelled := REQUEST_LABEL.match(sentence)) is not None:
                if not labelled["lead"] and (asked := instruction(labelled["rest"], speaker)) is not None:
                    facts.append(asked)
                    continue
                sentence = labelled["rest"]
            if (CONDITIONAL_REQUEST.match(conditional := _LEADING_FILLER.sub("", sentence))
                    and (asked := instruction(conditional, speaker)) is not None):
                facts.append(asked)
                continue
            if moved := rescheduled_habit(sentence, speaker, [*earlier, *said[:index]]):
                facts += moved
                continue
            introduced = introduction_clauses(sentence, speaker) or self_description(_sentence_case(sentence))
            if introduced:
                for fragment in introduced:
                    # What the introduction says in the first person is read like any sentence.
                    said_as = certainty_of(fragment)
                    for clause in clauses(fragment)[:_MAX_CLAUSES]:
                        facts += attribute_facts(clause, speaker, uncased=uncased) or _facts_from(
                            clause, fragment, said_as, speaker, turn.event_time, uncased=uncased
                        )
                continue
            attributes = attribute_facts(sentence, speaker, certainty, uncased=uncased) if certainty is not None else []
            if not any(fact.predicate in {"doctor", "gp"} for fact in attributes):
                attributes += doctor_given(sentence, speaker)
            facts += attributes
            # A habit's frequency ("three times a week") or an amount ("900 DKK an hour") marks its
            # clause too; an age ("32") does not.
            marks = [mark for fact in attributes
                     for mark in (fact.predicate, fact.object if fact.predicate.endswith(" how often")
                                  or fact.predicate in AMOUNTS or fact.predicate.endswith(" dose") else "") if mark]
            often = [fact.object for fact in attributes if fact.predicate.endswith(" how often")]
            for clause in clauses(_LEADING_FILLER.sub("", sentence).strip(" ,;:!…"))[:_MAX_CLAUSES]:
                # The clause that gave an attribute's value is read once, as that attribute; one
                # that gave a habit's frequency still says where one does it ("I work three days a
                # week as a pharmacist at Boots": at Boots, as a pharmacist).
                marked = [mark for mark in marks if mentions(clause, mark)]
                # What an ending just said leaves in its place: "Only green tea now", "… instead".
                if facts and (instead := replacement_fact(clause, facts[-1], said_with)) is not None:
                    facts.append(instead)
                elif not marked:
                    facts += _facts_from(clause, sentence, certainty, speaker, turn.event_time, uncased=uncased, pets=pets)
                elif often and all(mark in often or mark.endswith(" how often") for mark in marked):
                    rest = re.sub(r"\s+".join(map(re.escape, often[0].split())), " ", clause, count=1)
                    facts += state_facts(" ".join(rest.split()), speaker, certainty=said_with, sentence=sentence,
                                         uncased=uncased, pets=pets)
        # A pet, a new home or a vehicle spoken of in one sentence and named in the next is read across the two;
        # a pet's name is worth more than the turn's other facts when five must be kept.
        facts = [*pets_named_nearby(said, speaker), *home_after_moving(said, speaker), *facts,
                 *vehicles_named_nearby(said, speaker)]
        # What replaced something called off ("Zakopane is off … Innsbruck instead") is the turn's news.
        if (instead := replacement_of_called_off(turn.text, speaker) or switched_medicine(turn.text, speaker)
                or gym_switched(turn.text, speaker)) is not None:
            facts.insert(0, instead)
        # A pasted list or label of the speaker's medicines: each one's dose, where no sentence gave it.
        facts += [dose for dose in listed_doses(turn.text, speaker) if dose.predicate not in {fact.predicate for fact in facts}]
        # Who the speaker's people are, said in passing: kept when the turn has room for it.
        facts += relations_named(turn.text, speaker, [fact.statement for fact in facts])
        facts = [without_what_does_not_hold(fact) for fact in dated_starts(facts, turn.text, speaker, turn.event_time)]
        # Rules only restate the turn, so the grounding check that guards models is not needed.
        return validate_facts(facts, turn.text, speaker, min_grounding=0.0, max_facts=self._max_facts)



# Each clause is read with its whole sentence beside it, so a sentence of thousands of clauses
# (a hostile paste: "Sam and I " × 15,000) would cost their square; a turn keeps five facts anyway.
_MAX_CLAUSES = 30
# Likewise each sentence with the turn's sentences before it: a paste of thousands of lines ("- I
# live in Osaka" × 5,000) would take minutes. Its first sentences are read.
_MAX_SENTENCES = 200
# "the answers my teacher gives" are someone else's, not the assistant's.
_SOMEONE_ELSES = re.compile(r"^(?:the|my|his|her|their|our|this|that|these|those)\b|.*\b(?:my|his|her|their)\s", re.IGNORECASE)
_TAG_QUESTION = re.compile(r",\s*(?:you\s+know|ya\s+know|y'know)\s*\?+$", re.IGNORECASE)
_PREMISE = re.compile(r"^(?:(?:so|and|but|ok|okay|also)\s*,?\s+)?(?P<lead>since|now\s+that|given\s+that|because|as)\s+"
                      r"(?P<premise>[^,?]{3,200}),\s+(?=\w)", re.IGNORECASE)
_SOMEONE_WHO = re.compile(r"^(?:someone|a\s+person|somebody)\s+who\s+(?P<rest>.+)$", re.IGNORECASE)


def _premise(question: str) -> str:
    """What a question opening "Since …", "Now that …" or "As someone who …" takes as given, said
    as a statement ("I'm vegan now"); "" when it takes nothing about the speaker as given."""
    match = _PREMISE.match(question)
    if match is None:
        return ""
    premise = match["premise"].strip()
    if match["lead"].lower() == "as":
        if who := _SOMEONE_WHO.match(premise):
            verb, _, rest = who["rest"].partition(" ")
            premise = f"I {_base_form(verb)} {rest}".strip()
        elif re.match(r"(?:an?\s+)", premise, re.IGNORECASE):
            premise = f"I am {premise}"  # "As a nurse, …"
        else:
            return ""
    # About the speaker: "Since I'm vegan now", not "Now that we've covered storing clothes".
    return premise + "." if re.search(r"\b(?:I|I'm|I've|I'd|my)\b", premise) else ""


def _base_form(verb: str) -> str:
    """"runs" → "run", "watches" → "watch", "has" → "have": the verb after "I"."""
    lowered = verb.lower()
    if lowered in {"has", "is"}:
        return {"has": "have", "is": "am"}[lowered]
    if lowered.endswith(("shes", "ches", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    if lowered.endswith("ies") and len(lowered) > 4:
        return verb[:-3] + "y"
    return verb[:-1] if lowered.endswith("s") and not lowered.endswith("ss") else verb


def _sentence_case(sentence: str) -> str:
    """"Product manager at Paystack" as the rules read a role: its first word not capitalised."""
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence


def _as_typed(text: str) -> str:
    """Chat as people type it, read as written out: "pls", "im", a lowercase "i"; asides in
    brackets read into the sentence: "Marek (my husband) and I" as "my husband Marek and I", "a
    sparky (electrician)" as "an electrician"; a lead-in before a dash left out."""
    for pattern, written in _TEXTSPEAK:
        text = pattern.sub(written, text)
    text = _DASH_LEAD.sub("", _RELATION_ASIDE.sub(lambda m: f"{m['my']} {m['relation']} {m['name']}", text))
    return _GLOSSED_ROLE.sub(lambda m: f"{'an' if m['role'][0] in 'aeiou' else 'a'} {m['role']}", text)


# "Quick one before I head out - I'm a sparky in Auckland": a few words of lead-in before a dash,
# then the speaker; not a condition, a time the rest happened at ("Last week - I …"), or something
# the speaker says of themselves ("I've been into The Neighbourhood lately - I saw them live").
_DASH_LEAD = re.compile(r"(?:^|(?<=[.!?]\s))(?!(?i:if|when|whenever|once|unless|because|since|as|after|before|although|though|"
                        r"while|until|even|only|now\s+that|so|but|and|or|I|I'm|I've|I'd|my|we|we're|we've|our|"
                        # nor a request: "Keep everything in euros - I read you at the taxi rank"
                        r"please|keep|give|write|use|make|reply|answer|don't|do|always|never|no)\b)(?![^.!?\n]*?\b(?i:last|yesterday|today|tonight|"
                        r"ago|week|month|year|weekend|morning|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|"
                        r"sunday|growing\s+up|when|then)\b[^.!?\n]*?\s[-–—]\s)(?:[\w'’]+\s+){1,6}?[\w'’]+\s+[-–—]\s+"
                        r"(?=(?:I|I'm|I've|my)\b)")
_RELATION_ASIDE = re.compile(r"(?P<name>\b[A-Z][\w'’-]+)\s+\((?P<my>(?i:my|our))\s+(?P<relation>[a-z]+(?:\s+[a-z]+)?)\)")
_GLOSSED_ROLE = re.compile(r"\b(?:(?i:a|an)\s+)?[a-z][\w-]*\s+\((?P<role>" + "|".join(sorted(OCCUPATIONS)) + r")\)")


def _facts_from(
    clause: str, sentence: str, certainty: float | None, speaker: str, when: datetime, *, uncased: bool = False,
    pets: frozenset[str] = frozenset(),
) -> list[ExtractedFact]:
    """The facts of one clause of ``sentence``, said with the sentence's ``certainty`` (None: not a statement)."""
    clause = strip_hedge(_LEADING_FILLER.sub("", clause).strip(" ,;:!…"))
    if not clause or certainty is None:
        return []
    if not is_request(clause):
        states = state_facts(clause, speaker, certainty=certainty, sentence=sentence, uncased=uncased, pets=pets)
        if states:
            return states
    fact = _fact_from(clause, speaker, when)
    if not is_request(clause):
        ending = ending_fact(
            clause, speaker, certainty, statement=fact.statement if fact is not None else None, sentence=sentence
        )
        if ending is not None:
            return [ending]
    return [replace(fact, certainty=min(fact.certainty, certainty))] if fact is not None else []


def _fact_from(sentence: str, speaker: str, when: datetime) -> ExtractedFact | None:
    if not sentence:
        return None
    sentence = _COME_TO_LIKE.sub(r"I \g<verb>", sentence)
    if is_request(sentence):
        return instruction(sentence, speaker)
    sentence = _restore_subject(sentence, speaker)
    if not (_FIRST_PERSON.search(sentence) or sentence.startswith(speaker + " ")) or SECOND_PERSON.search(sentence):
        return None
    if _PEP_TALK.search(sentence):
        return None
    if (not (_SINGULAR_FIRST_PERSON.search(sentence) or sentence.startswith(speaker + " ")) and not _is_past(sentence)
            and not _DURABLE.search(sentence)):
        return None
    words = content_words(sentence) - content_words(speaker)
    minimum = _MIN_CONTENT_WORDS - 2 if _DURABLE.search(sentence) else _MIN_CONTENT_WORDS
    # A place or a person named ("I've been to Rome once") says as much as a longer clause.
    if any(name != speaker for name in names_in(_VOCATIVE.sub("", sentence), speaker)[1:]):
        minimum -= 1
    if len(words) < minimum or (len(words) < minimum + 1 and _REACTION.search(sentence)):
        return None
    as_said = "I " + sentence[len(speaker) + 1 :] if sentence.startswith(speaker + " ") else sentence
    if not worth_noting(as_said, durable=bool(_DURABLE.search(sentence))):
        return None
    sentence = _TRAILING_VERDICT.sub("", sentence)
    statement = _third_person(sentence, speaker)
    statement = _capitalise(clip(statement.rstrip(" .!…")) + ".")
    predicate, obj = _predicate_and_object(statement, speaker)
    if (cannot := _CANT_STAND.match(statement, len(speaker) + 1)) is not None:
        predicate, obj = "dislikes", cannot["what"]  # "Mira can't stand raw fish": a dislike, said as she said it
    kind = _kind(predicate, sentence)
    if predicate.split()[-1] in _TASTES:
        # "hates coffee, tea person all the way": the taste is for coffee; the rest says more of it.
        obj = obj.split(",")[0].strip()
        if OUTPUT_FORMS.search(obj) and not _SOMEONE_ELSES.match(obj):
            kind = MemoryType.PROCEDURAL  # "prefers metric units": how the assistant is to write
    return ExtractedFact(
        statement=statement,
        type=kind,
        certainty=Certainty.STATED.value,
        subject=speaker,
        predicate=predicate,
        object=obj,
        entities=names_in(statement, speaker),
        event_time=_event_time(sentence, when) if kind is MemoryType.EPISODIC else None,
    )


def _restore_subject(sentence: str, speaker: str) -> str:
    sentence = _LEAD_CONNECTIVE.sub("", sentence)
    sentence = _LUCKY_TO_HAVE.sub("I have ", sentence)
    sentence = sentence[:1].upper() + sentence[1:]
    if _GERUND_SUBJECT.match(sentence) or re.match(r"^going\s+to\s+(?:the|those|these|a|an)\b", sentence, re.I):
        return sentence
    first, _, rest = sentence.partition(" ")
    if rest and _is_past(first) and first[:1].isupper() and re.match(r"(?:my|our|a|an|the|to|up|back|some)\b", rest):
        return f"{speaker} {first.lower()} {rest}"
    adverb_ing = re.match(r"^(just|recently|finally|still|now)\s+(\w+ing)\b", sentence, re.IGNORECASE)
    if adverb_ing:
        return f"{speaker} is {adverb_ing[1].lower()} {sentence[adverb_ing.start(2):]}"
    gerund = _GERUND_CLAUSE.match(sentence)
    if gerund and gerund[1].lower() not in _EMOTIVE_ING:
        return f"{speaker} is {gerund[1].lower()}{sentence[gerund.end():]}"
    for pattern, replacement in _DROPPED_SUBJECT:
        match = pattern.match(sentence)
        if match:
            verb = replacement.format(*(group.lower() for group in match.groups()))
            return f"{speaker} {verb}{sentence[match.end():]}"
    return sentence


def _third_person(sentence: str, speaker: str) -> str:
    """'I really love hiking' -> 'Mel really loves hiking'; 'we' becomes the speaker and others."""
    # "Lukas and I are going": the speaker is one of a plural subject, and the verb stays plural.
    sentence = re.sub(r"\b(and|&)\s+I\b(?!['’])", rf"\1 {speaker}", sentence)
    sentence = re.sub(r"\bI don't\b|\bI do not\b", f"{speaker} doesn't", sentence)
    sentence = _FIRST_PERSON_VERB.sub(lambda m: _conjugate(m, speaker), sentence)
    sentence = re.sub(r"\b[Ww]e're\b|\b[Ww]e are\b", f"{speaker} and others are", sentence)
    sentence = re.sub(r"\b[Ww]e've\b", f"{speaker} and others have", sentence)
    sentence = re.sub(r"\b[Ww]e'll\b", f"{speaker} and others will", sentence)
    sentence = re.sub(r"\b[Ww]e\b", f"{speaker} and others", sentence)
    sentence = re.sub(r"\b[Oo]ur\b", f"{speaker}'s", sentence)
    sentence = re.sub(r"(?<=\s)us\b", f"{speaker} and others", sentence)
    return resolve_first_person(sentence, speaker)


def _conjugate(match: re.Match[str], speaker: str) -> str:
    adverbs, verb = match.group(1), match.group(2)
    lowered = verb.lower()
    if lowered in _MODALS or lowered in _PAST_IRREGULAR or lowered.endswith("ed") or lowered in _ADVERBS:
        return f"{speaker} {adverbs}{verb}"
    if lowered in {"am", "'m"}:
        return f"{speaker} {adverbs}is"
    if lowered == "have":
        return f"{speaker} {adverbs}has"
    if lowered in {"do", "go"}:
        return f"{speaker} {adverbs}{lowered}es"
    if not verb.isalpha() or not verb.islower():
        return match.group(0)
    return f"{speaker} {adverbs}{third_singular(verb)}"


def _predicate_and_object(statement: str, speaker: str) -> tuple[str, str]:
    body = statement.rstrip(".")
    if body.startswith(speaker + " "):
        rest = body[len(speaker) + 1 :].split()
        if rest[:2] == ["and", "others"]:
            rest = rest[2:]
        verbs = [word for word in rest[:3] if word.lower() not in _ADVERBS]
        if verbs:
            head = rest.index(verbs[0]) + 1
            return " ".join(rest[:head]), " ".join(rest[head:])
    return "states", body


def _is_past(sentence: str) -> bool:
    words = re.findall(r"[a-z]+", sentence.lower())
    return any(word in _PAST_IRREGULAR or (word.endswith("ed") and len(word) > 4) for word in words)


def _kind(predicate: str, sentence: str) -> MemoryType:
    head = predicate.split()[-1].lower() if predicate else ""
    if head == "states":
        past = any(pattern.search(sentence) for pattern, delta in _RELATIVE_DAYS if delta)
        return MemoryType.EPISODIC if past and not _PREFERENCE.search(sentence) else MemoryType.SEMANTIC
    if head in _PAST_IRREGULAR or (head.endswith("ed") and head != "need"):
        return MemoryType.EPISODIC
    if _PREFERENCE.search(predicate) or _PREFERENCE.search(sentence):
        return MemoryType.SEMANTIC
    if _FUTURE.search(sentence):
        return MemoryType.EPISODIC
    return MemoryType.SEMANTIC


def _event_time(sentence: str, when: datetime) -> datetime | None:
    for pattern, delta in _RELATIVE_DAYS:
        if pattern.search(sentence):
            return (when - delta).replace(hour=0, minute=0, second=0, microsecond=0)
    return None


def _capitalise(text: str) -> str:
    return text[0].upper() + text[1:] if text else text
