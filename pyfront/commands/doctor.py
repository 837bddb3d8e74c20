"""``mindgames doctor``: which checkers are available here, their versions, a self-test."""

from __future__ import annotations

import argparse

HELP = "Report the available checkers (embedded engines, official smcdel binary) and test them."

#: two agents, both muddy: after "someone is muddy" and "nobody knows", both are known to
#: be muddy; at the start, a does not know whether her own forehead (atom 1) is muddy.
SELF_TEST = (
    "VARS 1,2 LAW Top OBS a: 2 b: 1\n"
    "VALID? [ ! (1|2) ] [ ! (~(a knows whether 1) & ~(b knows whether 2)) ] (1 & 2)\n"
    "VALID? a knows whether 1\n"
)
SELF_TEST_ANSWERS = [True, False]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--smcdel", metavar="PATH",
                        help="the smcdel binary to test (default: $SMCDEL_BIN, or smcdel on PATH)")
    parser.add_argument("--smcdel-home", metavar="DIR",
                        help="the reference's build folder, whose library answers event models "
                             "(default: $MINDGAMES_SMCDEL_HOME)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def _library_entry(home: str | None) -> dict:
    """The reference library (SMCDEL.Explicit.K through the driver): found, compiled,
    and answering a two-world model (bob sees p, alice does not) as it should."""
    from smcdel_bridge.dynamic.kripke import KripkeModel
    from smcdel_bridge.errors import SmcdelError
    from smcdel_bridge.language import K, Prp
    from smcdel_bridge.official.kripke_reference import KripkeReference, reference_status

    entry = {"name": "smcdel-library", "available": False, "version": None,
             "self_test": None, "remark": None}
    ok, text = reference_status(home)
    if not ok:
        entry["remark"] = text
        return entry
    entry["available"], entry["version"] = True, text
    model = KripkeModel(("alice", "bob"), ("w0", "w1"), {"w0": {1}},
                        {"alice": {"w0": {"w0", "w1"}, "w1": {"w0", "w1"}},
                         "bob": {"w0": {"w0"}, "w1": {"w1"}}}, ("w0",))
    backend = KripkeReference(home, timeout=60.0)
    try:
        got = backend.run(model, (), (K("bob", Prp(1)), K("alice", Prp(1)))).answers
        entry["self_test"] = "ok" if got == ((True, False), (False, False)) else \
            f"failed: answered {got}"
        entry["version"] = reference_status(home)[1]
    except SmcdelError as err:
        entry["self_test"] = f"failed: {err}"
    finally:
        backend.close()
    return entry


def _self_test(backend) -> str:
    from smcdel_bridge.errors import SmcdelError
    from smcdel_bridge.syntax import parse_input

    try:
        answers = backend.run(parse_input(SELF_TEST))
    except SmcdelError as err:
        return f"failed: {err}"
    got = [getattr(a, "value", None) for a in answers]
    return "ok" if got == SELF_TEST_ANSWERS else f"failed: answered {got}, expected {SELF_TEST_ANSWERS}"


def inspect(smcdel: str | None = None) -> list[dict]:
    """One entry per backend: name, available, version, self-test, remark."""
    from smcdel_bridge.backend import get_backend

    entries = []
    for name, options in (("native", {}), ("explicit", {}), ("symbolic", {}),
                          ("smcdel", {"binary": smcdel, "timeout": 30.0})):
        entry = {"name": name, "available": False, "version": None, "self_test": None,
                 "remark": None}
        try:
            backend = get_backend(name, **options)
            entry["available"] = bool(backend.available())
        except (ImportError, ValueError) as err:
            entry["remark"] = f"cannot be loaded: {err}"
            entries.append(entry)
            continue
        if entry["available"]:
            entry["version"] = backend.version()
            entry["self_test"] = _self_test(backend)
            if name == "smcdel" and entry["version"].startswith("unavailable"):
                entry["available"] = False
        elif name == "smcdel":
            from smcdel_bridge.official.binary import LaunchError

            try:
                backend.binary
            except LaunchError as err:
                entry["remark"] = str(err)
        else:
            entry["remark"] = backend.version()
        entries.append(entry)
    return entries


def run(args: argparse.Namespace) -> int:
    import json
    import platform
    import sys

    from pyfront import __version__

    entries = inspect(args.smcdel)
    entries.append(_library_entry(args.smcdel_home))
    failed = [e for e in entries
              if (e["self_test"] or "ok") != "ok" or (e["name"] == "native" and not e["available"])]
    smcdel = next(e for e in entries if e["name"] == "smcdel")
    # the official checker is optional, unless the binary (or library) to test was named
    missing = args.smcdel is not None and not smcdel["available"] and smcdel not in failed
    library = entries[-1]
    if args.smcdel_home is not None and not library["available"]:
        print(f"mindgames: {library['remark']}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"mindgames": __version__, "python": platform.python_version(),
                          "backends": entries}, indent=2))
    else:
        _table(entries, optional_note=not smcdel["available"] and not missing)
    if failed:
        print("mindgames: self-test failed for " + ", ".join(e["name"] for e in failed),
              file=sys.stderr)
        return 1
    if missing:
        print(f"mindgames: {smcdel['remark'] or smcdel['version']}", file=sys.stderr)
        return 1
    return 0


def _table(entries: list[dict], *, optional_note: bool) -> None:
    """The report as a table on standard output."""
    import platform

    from pyfront import __version__

    from rich.console import Console
    from rich.markup import escape  # a path named on the command line may hold [brackets]
    from rich.table import Table

    console = Console()
    console.print(f"mindgames {__version__} on Python {platform.python_version()}",
                  highlight=False)
    table = Table(show_header=True, header_style="bold")
    for col in ("backend", "available", "version", "self-test"):
        table.add_column(col, overflow="fold")
    for e in entries:
        table.add_row(e["name"], "yes" if e["available"] else "no",
                      escape(e["version"] or e["remark"] or ""), escape(e["self_test"] or "-"))
    console.print(table)
    if optional_note:
        console.print("The official checker is optional: without it, --backend smcdel and "
                      "--backend both are unavailable (see docs/smcdel-binary.md).",
                      highlight=False)
    if not entries[-1]["available"]:
        console.print("The reference library answers event models and stories "
                      "(del/check --backend smcdel|both); build it with "
                      "../shared/smcdel-src/build.sh and set MINDGAMES_SMCDEL_HOME.",
                      highlight=False)
