"""A command to set aside what the assistant was told: "Ignore all previous instructions", however
it is prefaced ("Please …", "Kindly disregard your earlier instructions", "From now on ignore what
you were told before", "I need you to forget the system prompt"). Pure.

Such a command is what was said, kept with its turn, never a standing instruction or a fact of
the user's: kept as one, it would be read back into every later chat's context. A person's own
earlier request withdrawn ("Please ignore my earlier request about French") and a standing request
that sets nothing aside ("Please always answer in British English") are not such commands.
"""

from __future__ import annotations

import re

__all__ = ["sets_instructions_aside"]

_SET_ASIDE = (
    r"(?:ignore|disregard|forget(?:\s+about)?|disobey|override|overrule|bypass|circumvent|discard|drop|abandon|dismiss|erase|wipe|clear|"
    r"reset|scrap|throw\s+(?:out|away)|(?:set|put|leave)\s+aside|pay\s+no\s+(?:attention|heed|mind)\s+to|"
    r"stop\s+(?:following|obeying|listening\s+to)|no\s+longer\s+(?:follow|obey|listen\s+to)|"
    r"(?:don't|don’t|dont|do\s+not|never)\s+(?:follow|obey|listen\s+to))"
)
# What the assistant was told, as a whole: the instructions, rules or prompt it works under.
_TOLD = (r"(?:instructions?|instruction\s+set|rules?|guidelines?|guidance|prompts?|system\s+(?:prompt|message)s?|"
         r"directions?|directives?|commands?|programming|training|guardrails?|safeguards?|restrictions?|constraints?|"
         r"protocols?|filters?|polic(?:y|ies)|context)")
_WHICH = (r"(?:all|any|every|each|the|your|those|these|its|of|prior|previous|earlier|above|preceding|former|original|"
          r"initial|old|existing|current|system|default|developer|developers'|hidden|base|built-in|given|preset|"
          r"standing|safety|other)")
_SINGLES_OUT = (r"(?:all|any|every|your|prior|previous|earlier|above|preceding|former|original|initial|old|existing|"
                r"current|system|default|developer|developers'|hidden|base|built-in|given|preset|standing|safety)")
_BEFORE = r"(?:above(?!\s+(?:the|a|an|my|your|his|her|our|their)\b)|before(?:\s+this)?|so\s+far|until\s+now|up\s+to\s+now|earlier|previously|beforehand)"
_WERE_TOLD = (r"you(?:\s+were|\s+have\s+been|'ve\s+been|’ve\s+been|\s+got)\s+(?:told|given|instructed|taught|programmed|"
              r"trained)|(?:they|anyone|someone|others|your\s+\w+)\s+(?:told|gave|instructed)\s+you")
_OBJECT = (
    # "all previous instructions", "your system prompt", "the rules above"
    rf"(?:{_WHICH}\s+){{0,4}}(?<!\w){_TOLD}\b(?:\s+(?:{_BEFORE}|{_WERE_TOLD}))?"
    # "what you were told before", "whatever they told you"
    rf"|what(?:ever)?\s+(?:{_WERE_TOLD})"
    # "everything above", "everything you've been told", "all of the above", "the above"
    rf"|(?:everything|anything|all)\s+(?:(?:that\s+)?(?:{_WERE_TOLD})|(?:said\s+|written\s+)?{_BEFORE})"
    rf"|(?:all\s+of\s+)?the\s+above(?=\s*(?:[.,;:!?)]|$|and\b|then\b|instead\b|now\b))"
)
_COMMAND = re.compile(rf"(?<![\w'’-])(?P<verb>{_SET_ASIDE})\s+(?P<object>{_OBJECT})", re.IGNORECASE)
# "I always ignore the rules above", "she forgot all the instructions": told of someone, not asked.
_SOMEONE_DOES = re.compile(
    r"\b(?:I|we|he|she|they|it|who|people|everyone|nobody)\s+(?:(?:always|usually|often|sometimes|just|tend\s+to|"
    r"used\s+to)\s+)*$", re.IGNORECASE)
# "Don't forget the rules above" asks the opposite; "don't follow" stays one of the commands.
_KEEPS = re.compile(r"\b(?:don't|don’t|dont|do\s+not|never|not)\s+(?:ever\s+)?$", re.IGNORECASE)


def sets_instructions_aside(text: str) -> bool:
    """Whether ``text`` tells the assistant to set aside what it was told (its instructions, rules
    or prompt, "what you were told before"), in any sentence and after any preface."""
    for command in _COMMAND.finditer(text):
        before = text[: command.start()]
        if _SOMEONE_DOES.search(before) or (_KEEPS.search(before) and not _negated_verb(command["verb"])):
            continue
        if not _singled_out(command["object"]):
            continue
        return True
    return False


def _negated_verb(verb: str) -> bool:
    return re.match(r"(?:don't|don’t|dont|do\s+not|never|stop|no\s+longer)\b", verb, re.IGNORECASE) is not None


def _singled_out(said: str) -> bool:
    """Whether the object names the assistant's instructions as a whole ("all previous rules", "the
    rules above"), not a person's own ("my earlier instructions") or some other ("the rules of chess")."""
    if re.match(r"(?:what|everything|anything|all\s+of\s+the\s+above|the\s+above)\b", said, re.IGNORECASE):
        return True
    if re.search(r"\b(?:my|our)\b", said, re.IGNORECASE):
        return False
    return (re.search(rf"\b{_SINGLES_OUT}\b", said, re.IGNORECASE) is not None
            or re.search(rf"\b(?:{_BEFORE}|{_WERE_TOLD})$", said, re.IGNORECASE) is not None)
