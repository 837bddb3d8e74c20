"""The engines of every level are picked the same way: one registry per level, its names
from ``smcdel_bridge.engines``, an instance of that level's interface for each; ``auto``
follows the rule written there; an event model's ``executable`` check agrees with the
update it guards, on both engines."""

from __future__ import annotations

import pytest

from smcdel_bridge.backend import Backend, backend_names, get_backend
from smcdel_bridge.dynamic import InexecutableAction, KripkeModel, public_announcement
from smcdel_bridge.dynamic.backend import EventBackend, event_backend_names, get_event_backend
from smcdel_bridge.dynamic.belief.backend import (
    BeliefEngine, belief_engine_name, belief_engine_names, get_belief_engine,
)
from smcdel_bridge.engines import (
    AUTO_STORY_EVENTS, AUTO_STORY_WORLDS, CONCRETE_ENGINES, ENGINE_NAMES,
)
from smcdel_bridge.language import Neg, Prp


@pytest.mark.parametrize("name", CONCRETE_ENGINES)
def test_every_level_has_both_engines_under_their_names(name):
    assert name in backend_names() and isinstance(get_backend(name), Backend)
    assert name in event_backend_names()
    assert isinstance(get_event_backend(name), EventBackend)
    assert get_event_backend(name).name == name
    assert name in belief_engine_names()
    assert isinstance(get_belief_engine(name), BeliefEngine)
    assert get_belief_engine(name).name == name


def test_the_names_a_user_may_choose_are_taken_at_every_level():
    assert set(ENGINE_NAMES) <= set(event_backend_names())
    assert set(ENGINE_NAMES) <= set(belief_engine_names())


def test_unknown_names_are_refused():
    for get, words in ((get_backend, "unknown backend"),
                       (get_event_backend, "unknown event backend"),
                       (get_belief_engine, "unknown belief engine")):
        with pytest.raises(ValueError, match=words):
            get("nope")


def test_a_story_s_auto_rule():
    # written out here from the table of smcdel_bridge/engines.py, not read from the code
    assert belief_engine_name("auto", 16, 8) == "explicit"
    assert belief_engine_name("auto", 17, 8) == "symbolic"
    assert belief_engine_name("auto", 16, 9) == "symbolic"
    assert (AUTO_STORY_WORLDS, AUTO_STORY_EVENTS) == (16, 8)
    assert get_belief_engine("auto", start_worlds=2, events=1).name == "explicit"
    assert get_belief_engine("auto", start_worlds=2, events=100).name == "symbolic"
    for name in CONCRETE_ENGINES:
        assert belief_engine_name(name, 10**6, 10**6) == name


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_executable_is_the_check_before_an_update(name):
    engine = get_event_backend(name)
    m = KripkeModel(("a",), ("w", "v"), {"w": {1}, "v": set()},
                    {"a": {"w": {"w", "v"}, "v": {"w", "v"}}}, ("w",))
    true, false = public_announcement(m.agents, Prp(1)), public_announcement(m.agents, Neg(Prp(1)))
    assert engine.executable(m, true)
    assert len(engine.update(m, true).worlds) == 1
    assert not engine.executable(m, false)
    with pytest.raises(InexecutableAction):
        engine.update(m, false)
