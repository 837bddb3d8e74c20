"""Small wording helpers: a count with its noun in the right number, plural nouns."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 item``, ``2 items``, ``0 items`` (``plural`` for nouns that do not take ``s``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def plural_noun(noun: str) -> bool:
    """Whether a thing's name is a plural noun (``peas``, ``grapes``, ``red_slippers``): its
    last word ends in ``s`` but not ``ss``, ``us`` or ``is`` (``glass``, ``asparagus``);
    proper names (capitalised) are singular."""
    words = noun.replace("_", " ").split()
    word = words[-1] if words else ""
    return (word[:1].islower() and len(word) > 2 and word.endswith("s")
            and not word.endswith(("ss", "us", "is")))


def be(noun: str) -> str:
    """``is`` or ``are`` for ``the <noun>``."""
    return "are" if plural_noun(noun) else "is"


def capfirst(s: str) -> str:
    """``s`` with its first letter upper-case (str.capitalize would lower the rest)."""
    return s[:1].upper() + s[1:]


def squash(text: str) -> str:
    """Runs of white space as one space: templates' line breaks out of a sentence."""
    return " ".join(text.split())


#: auxiliary verbs that take "not" right after them ("is" -> "is not", "has" -> "has not")
_AUXILIARIES = frozenset(
    "is are was were has have had can could will would shall should may might must does do did".split())
_NUMBERS = frozenset("one two three four five six seven eight nine ten many several".split())
#: "has" as a main verb, and the auxiliary it takes when negated
_POSSESSION = {"has": "does", "have": "do", "had": "did"}
#: words after which a word ending in "s" is a noun, not a verb ("the dogs bark")
_DETERMINERS = frozenset(
    "the a an my his her their its our your this that these those some every each no any".split())


def _base_form(verb: str) -> str:
    """``holds`` -> ``hold``, ``watches`` -> ``watch``, ``carries`` -> ``carry``."""
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1]


def negate(phrase: str) -> str | None:
    """The negation of a plain English statement, said as a person would: ``the exam is
    cancelled`` -> ``the exam is not cancelled``, ``Bob has received the plan`` -> ``Bob has
    not received the plan``, ``Amy's secret holds`` -> ``Amy's secret does not hold``,
    ``the light is not on`` -> ``the light is on``.  None when the phrase has no verb
    these rules find (``the NSA paid``): the caller says "it is not true that …".

    >>> negate("coin 1 shows heads"), negate("the NSA paid")
    ('coin 1 does not show heads', None)
    """
    words = phrase.split()
    for i, w in enumerate(words[1:], start=1):
        if w.lower() in _AUXILIARIES:
            after = words[i + 1].lower() if i + 1 < len(words) else ""
            if after == "not":
                return " ".join(words[:i + 1] + words[i + 2:])
            if w.lower() in _POSSESSION and (after in _DETERMINERS or after in _NUMBERS or after.isdigit()):
                # "has" as the main verb: "Ann has a red card" -> "Ann does not have a red card"
                return " ".join(words[:i] + [_POSSESSION[w.lower()], "not", "have"] + words[i + 1:])
            return " ".join(words[:i + 1] + ["not"] + words[i + 1:])
    for i, w in enumerate(words[1:], start=1):
        prev = words[i - 1].lower()
        if (w.islower() and w.isalpha() and len(w) > 2 and w.endswith("s")
                and not w.endswith(("ss", "us", "is")) and prev not in _DETERMINERS):
            return " ".join(words[:i] + ["does", "not", _base_form(w)] + words[i + 1:])
    return None
