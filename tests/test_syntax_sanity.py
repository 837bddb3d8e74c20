"""The reference's sanity checks, messages and order."""

from __future__ import annotations

import pytest

from smcdel_bridge.errors import SanityError
from smcdel_bridge.syntax import parse_input, sanity_check
from smcdel_bridge.syntax.sanity import reference_message, sanity_problems


@pytest.mark.parametrize("text, problems", [
    ("VARS 1,2 LAW Top OBS alice: 1 VALID? 1", []),
    ("VARS 1,2 LAW Top OBS alice: 3 VALID? 1", ["OBS contains atoms not in VARS!"]),
    ("VARS 1,2 LAW 7 OBS alice: 1 VALID? 1", ["LAW uses atoms not in VARS!"]),
    ("VARS 1 LAW Forall 2 1 OBS alice: 1", ["LAW uses atoms not in VARS!"]),
    ("VARS 1 LAW Top OBS alice: 1 VALID? Forall 2 (1)",
     ["Query formula contains atoms not in VARS!"]),
    ("VARS 1 LAW Top OBS alice: 1 VALID? (alice,bob) comknow that 1",
     ["Query formula contains agents not in OBS!"]),
    ("VARS 1 LAW Top OBS alice: 1 VALID? [ bob ! 1 ] 1",
     ["Query formula contains agents not in OBS!"]),
    ("VARS 1,2 LAW Top OBS alice: 1 TRUE? {5} 1", ["TRUE? query contains atoms not in VARS!"]),
    # the law may mention agents without OBS lines; only queries are checked for agents
    ("VARS 1 LAW bob knows that 1 OBS alice: 1", []),
    ("VARS 1 LAW 2 OBS alice: 3 TRUE? {4} bob knows that 5", [
        "OBS contains atoms not in VARS!",
        "LAW uses atoms not in VARS!",
        "Query formula contains atoms not in VARS!",
        "Query formula contains agents not in OBS!",
        "TRUE? query contains atoms not in VARS!",
    ]),
])
def test_sanity_problems(text, problems):
    program = parse_input(text)
    assert sanity_problems(program) == problems
    if problems:
        with pytest.raises(SanityError) as info:
            sanity_check(program)
        assert list(info.value.reasons) == problems
        assert reference_message(info.value) == "Sanity check failed:\n  " + "\n  ".join(problems)
    else:
        assert sanity_check(program) is program
