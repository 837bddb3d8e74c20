"""The story's prose, read on its own: every sentence of a reasoning-core story is parsed
into what it says (who moves what where and who sees it; who tells whom what, how it is
delivered, whether it is accepted), and each event so read is compared with the
structured ``spec`` the translation uses.  A sentence that is not of a known shape, or
that says something else than its spec, is a translation error naming it: the story model
is built from the specs, and the prose accounts for every one of them."""

from __future__ import annotations

import re

from smcdel_bridge.values import value

from ..errors import UserError

_N = r"[A-Z][a-z]+"
_T = r"[a-z][a-z_]*"
_NAMES = rf"{_N}(?:(?:, | and |, and ){_N})*"


class ProseError(UserError, ValueError):
    """A sentence of the story that no spec accounts for (``args[0]``: the message)."""


@value(frozen=True)
class Told:
    """What the prose says of one event."""

    text: str
    kind: str  # move | report
    actor: str | None
    obj: str
    #: a move's destination, a report's content (None: an indirect report)
    value: str | None = None
    scene: str = ""
    #: who else watches (a move), the listener (a report)
    observers: tuple[str, ...] = ()
    target: str | None = None
    #: a report's chain of believers ("I think Bob thinks …": (actor, Bob))
    proposition_chain: tuple[str, ...] = ()
    report_type: str | None = None
    accept: bool = False
    quoted: bool = False


_MOVE = re.compile(rf"(?:(?P<actor>{_N}) moves the (?P<obj>{_T}) to the (?P<dest>{_T})"
                   rf"|The (?P<obj2>{_T}) falls into the (?P<dest2>{_T}))\.")
_SEEN = (
    ("public_observation", re.compile(rf" (?P<who>{_N}) witnesses the move\.")),
    ("public_observation", re.compile(rf" (?P<who>{_NAMES}) watch together and can see one another\.")),
    ("private_observation", re.compile(rf" Unknown to the others, (?P<who>{_N}) watches through a window\.")),
    ("private_observation", re.compile(r" No one else sees the move\.")),
    ("one_way_observation", re.compile(
        rf" (?P<subject>{_N}) watches (?:(?P<a1>{_N}) make the move|it happen), while "
        rf"(?P<watcher>{_N}) secretly watches (?P<subject2>{_N}) watching "
        rf"(?:(?P<a2>{_N}) make the move|it happen)\.")),
    ("missed_observation", re.compile(rf" (?P<knower>{_N}) knows where they put it, but nobody else sees the move\.")),
    ("missed_observation", re.compile(r" Nobody sees this happen\.")),
)
_QUOTE = rf'"(?P<utterance>[^"]*)"'
_INDIRECT = (rf"(?P<indirect>what {_N} believes about where the {_T} is|exactly what {_N} "
             rf"believes about (?:{_N}'s belief about )*the location of the {_T})")
_PAY_FACE = rf"(?:, {_QUOTE}| {_INDIRECT})"
_PAY_MSG = rf"(?:the message {_QUOTE}|a message stating {_INDIRECT})"
_REPORTS = (
    ("face_to_face", re.compile(rf"(?P<actor>{_N}) tells (?P<target>{_N}) face to face{_PAY_FACE}\.")),
    ("confirmed_message", re.compile(
        rf"(?P<actor>{_N}) sends (?P<target>{_N}) {_PAY_MSG}\. (?P<t2>{_N}) confirms receipt\.")),
    ("unconfirmed_message", re.compile(
        rf"(?P<actor>{_N}) sends (?P<target>{_N}) {_PAY_MSG}\. (?P<t2>{_N}) receives it, but "
        rf"(?P<a2>{_N}) receives no delivery confirmation\.")),
    ("failed_message", re.compile(
        rf"(?P<actor>{_N}) sends (?P<target>{_N}) {_PAY_MSG}, but it is not delivered\.")),
    ("visible_conversation", re.compile(rf"(?P<actor>{_N}) tells (?P<target>{_N}){_PAY_FACE}\.")),
)
_ACCEPT = re.compile(rf" (?P<who>{_N}) accepts the stated location\.")
_ONLOOKERS = re.compile(rf" (?P<who>{_NAMES}) (?:sees|see) them talking but cannot hear the words\.")
_SAID = re.compile(rf"^(?P<chain>(?:I think )?(?:{_N} thinks )*)the (?P<obj>{_T}) is in the (?P<c>{_T})$",
                   re.IGNORECASE)
_INDIRECT_CHAIN = re.compile(rf"^(?:what (?P<a>{_N}) believes about where the (?P<o>{_T}) is|"
                             rf"exactly what (?P<b>{_N}) believes about (?P<rest>(?:{_N}'s belief about )*)"
                             rf"the location of the (?P<o2>{_T}))$")


def names(text: str) -> tuple[str, ...]:
    return tuple(re.findall(_N, text))


def read_story(prompt: str) -> list[Told]:
    """Every event the story's prose tells, in order (:class:`ProseError` at the first
    text of no known shape)."""
    story = prompt.split("Story: ", 1)
    if len(story) != 2:
        raise ProseError("the prompt has no 'Story: ' part")
    text = story[1].split("\n\nQuestion:", 1)[0].strip()
    out, at = [], 0
    while at < len(text):
        while at < len(text) and text[at] == " ":
            at += 1
        if at >= len(text):
            break
        told, at2 = _one(text, at)
        if told is None:
            raise ProseError(f"sentence {len(out) + 1} of no known shape: "
                             f"{text[at:at + 80]!r}")
        out.append(told)
        at = at2
    return out


def _one(text: str, at: int):
    m = _MOVE.match(text, at)
    if m:
        for scene, pattern in _SEEN:
            s = pattern.match(text, m.end())
            if s:
                return _move(m, scene, s, text[at:s.end()]), s.end()
        return None, at
    for scene, pattern in _REPORTS:
        m = pattern.match(text, at)
        if not m:
            continue
        end, accept = m.end(), False
        a = _ACCEPT.match(text, end)
        if a and a.group("who") == m.group("target"):
            end, accept = a.end(), True
        onlookers: tuple[str, ...] = ()
        if scene == "visible_conversation":
            o = _ONLOOKERS.match(text, end)
            if not o:
                continue
            end, onlookers = o.end(), names(o.group("who"))
        return _report(m, scene, accept, onlookers, text[at:end]), end
    return None, at


def _move(m, scene: str, s, text: str) -> Told:
    actor = m.group("actor")
    obj = m.group("obj") or m.group("obj2")
    dest = m.group("dest") or m.group("dest2")
    g = s.groupdict()
    if scene == "one_way_observation":
        observers = (g["subject"], g["watcher"])
        if g["subject2"] != g["subject"] or g["a1"] != actor or g["a2"] != actor:
            raise ProseError(f"a one-way watch that does not add up: {text!r}")
    elif g.get("who"):
        observers = tuple(a for a in names(g["who"]) if a != actor)
    else:
        observers = ()
    if g.get("knower") and g["knower"] != actor:
        raise ProseError(f"someone other than the mover knows where it went: {text!r}")
    return Told(text, "move", actor, obj, dest, scene, observers)


def _report(m, scene: str, accept: bool, onlookers, text: str) -> Told:
    g = m.groupdict()
    actor, target = g["actor"], g["target"]
    if g.get("t2") not in (None, target) or g.get("a2") not in (None, actor):
        raise ProseError(f"a message whose sender or receiver changes: {text!r}")
    if g.get("utterance") is not None:
        said = _SAID.match(g["utterance"])
        if said is None:
            raise ProseError(f"a quotation of no known shape: {g['utterance']!r}")
        chain = names(said.group("chain").replace("I think", ""))
        starts = said.group("chain").startswith("I think")
        kind = "belief_report" if said.group("chain") else "direct_claim"
        prop = ((actor,) + chain) if starts else chain
        return Told(text, "report", actor, said.group("obj").lower(), said.group("c"), scene,
                    onlookers, target, prop, kind, accept, True)
    ind = _INDIRECT_CHAIN.match(g["indirect"])
    if ind.group("a"):
        return Told(text, "report", actor, ind.group("o"), None, scene, onlookers, target,
                    (), "direct_claim", accept, False)
    rest = tuple(re.findall(rf"({_N})'s belief", ind.group("rest")))
    return Told(text, "report", actor, ind.group("o2"), None, scene, onlookers, target,
                (ind.group("b"),) + rest, "belief_report", accept, False)


def compare(told: Told, spec: dict, content: str | None, number: int) -> None:
    """:class:`ProseError` when sentence ``number`` (``told``) does not say what ``spec``
    (with its realised ``content``, for a report) says."""
    want = {"kind": spec["kind"], "actor": spec["actor"], "obj": spec["object"],
            "scene": spec["scene"]}
    if spec["kind"] == "move":
        want.update(value=spec["destination"], observers=tuple(
            a for a in dict.fromkeys(spec["observers"]) if a != spec["actor"]))
    else:
        quoted = spec["surface_form"] == "explicit_quote"
        prop = tuple(spec["asserted_proposition_chain"])
        if not quoted and spec["report_type"] == "belief_report" and prop[:1] != (spec["actor"],):
            prop = (spec["actor"],) + prop
        want.update(value=content if quoted else None, target=spec["target"],
                    report_type=spec["report_type"], proposition_chain=prop,
                    observers=tuple(spec["observers"]) if spec["scene"] == "visible_conversation" else (),
                    accept=spec["scene"] != "failed_message" and spec["adoption_policy"] == "accept",
                    quoted=quoted)
    for key, value in want.items():
        got = getattr(told, key)
        if got != value:
            raise ProseError(f"sentence {number} ({told.text!r}) says {key} {got!r}, "
                             f"its spec {value!r}")
