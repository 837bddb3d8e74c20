"""Options are never dropped in silence: engines reject what they do not take, and
``--backend both`` runs the embedded checker on the worker processes it is given."""

from __future__ import annotations

import pytest

from smcdel_bridge.backend import get_backend
from smcdel_bridge.native import NativeBackend
from smcdel_bridge.native.explicit import ExplicitBackend
from smcdel_bridge.native.symbolic import SymbolicBackend
from smcdel_bridge.syntax import parse_input

PROGRAM = parse_input("VARS 1,2 LAW Top OBS a:1 b:2 VALID? a knows whether 1")


@pytest.mark.parametrize("make, words", [
    (lambda: SymbolicBackend(bdd="autoref", colour="red"), "symbolic engine has no option 'colour'"),
    (lambda: ExplicitBackend(bdd="cudd"), "explicit engine has no option 'bdd'"),
    (lambda: NativeBackend(engine="auto", depth=3), "native backend has no option 'depth'"),
    (lambda: get_backend("symbolic", workers=2), "symbolic engine has no option 'workers'"),
])
def test_unknown_options_are_one_line_errors(make, words):
    with pytest.raises(ValueError, match=words) as info:
        make()
    assert "\n" not in str(info.value)


def test_native_hands_each_engine_its_own_options():
    native = NativeBackend(engine="symbolic", bdd="autoref", limit=12)
    assert native.symbolic().bdd_impl == "autoref"
    assert native.explicit().limit == 12
    assert [a.value for a in native.run(PROGRAM)] == [True]


def test_evaluate_both_passes_its_workers_on(monkeypatch, tmp_path):
    import fake_smcdel
    from pyfront.checking import evaluate
    from pyfront.data.items import CheckItem
    from smcdel_bridge.official.binary import OfficialBackend

    seen = []
    real = evaluate.evaluate_native

    def watched(entries, *, engine="auto", workers=1, **options):
        seen.append(workers)
        return real(entries, engine=engine, workers=workers, **options)

    monkeypatch.setattr(evaluate, "evaluate_native", watched)
    # the bridge's mechanics, not agreement: the stand-in answers with the embedded engine
    official = OfficialBackend(fake_smcdel.make(tmp_path, "embedded"), pack_size=4)
    text = "VARS 1,2 LAW Top OBS a:1 b:2 VALID? a knows whether 1"
    items = [CheckItem(source="x.csv", row=k, problem=text, expected="entailment")
             for k in range(6)]
    records = [r for _, r in evaluate.evaluate_both(items, official, workers=2)]
    assert seen == [2]
    assert [r["backends_agree"] for r in records] == [True] * 6
    assert [r["agrees"] for r in records] == [True] * 6
