"""The ``mindgames`` console script: dispatch to ``pyfront.commands.<name>``.

Only the chosen sub-command's module is imported, and every failure becomes one line on
stderr with a non-zero exit code: users never see a Python traceback (set
``MINDGAMES_DEBUG=1`` to get one).
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading

from .commands import COMMANDS


class _Parser(argparse.ArgumentParser):
    """argparse with one-line usage errors (exit code 2); the usage is in ``--help``."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _load(name: str):
    return importlib.import_module(f"pyfront.commands.{COMMANDS[name]}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    from . import __version__

    parser = _Parser(
        prog="mindgames",
        description="Theory-of-mind problems in Dynamic Epistemic Logic.",
    )
    parser.add_argument("--version", action="version", version=f"mindgames {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if only is not None and name != only:
            continue
        try:
            module = _load(name)
        except Exception as err:  # noqa: BLE001 - one broken command must not hide the others
            reason = f"{type(err).__name__}: {err}".splitlines()[0]
            sp = sub.add_parser(name, help=f"(cannot be loaded: {reason})", add_help=False)
            sp.add_argument("rest", nargs=argparse.REMAINDER)
            sp.set_defaults(_module=_Broken(name, reason))
            continue
        sp = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sp)
        sp.set_defaults(_module=module)
    return parser


class _Broken:
    """A sub-command whose module failed to import: listed in ``--help`` with the reason,
    and running it is a one-line error."""

    def __init__(self, name: str, reason: str):
        self.name, self.reason = name, reason

    def run(self, args) -> int:
        from .errors import UserError

        raise UserError(f"the {self.name} command cannot be loaded: {self.reason} "
                        "(a broken installation: reinstall the package)")


class _Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``), raised like Ctrl-C so that the same clean-up runs:
    results written so far stay, and the smcdel processes started are killed."""


def _on_sigterm(pid: int):
    def handler(signum, frame):
        if os.getpid() != pid:  # a worker process forked from this one: just end
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise _Terminated()

    return handler


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    only = argv[0] if argv and argv[0] in COMMANDS else None
    debug = bool(os.environ.get("MINDGAMES_DEBUG"))
    for stream in ("stdin", "stdout", "stderr"):  # started with it closed: read or write nothing
        if getattr(sys, stream) is None:
            setattr(sys, stream, open(os.devnull, "r" if stream == "stdin" else "w"))
    # a terminal that cannot show a character (a Latin-1 locale, a file name that is not
    # UTF-8) gets an escape, not a crash
    if getattr(sys.stdout, "errors", None) == "strict" and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _on_sigterm(os.getpid()))
    try:
        parser = build_parser(only)
        args = parser.parse_args(argv)
        if getattr(args, "_module", None) is None:
            parser.print_help()
            return 0 if not argv else 2
        return int(args._module.run(args) or 0)
    except KeyboardInterrupt as exc:
        if isinstance(exc, _Terminated):
            print("mindgames: terminated", file=sys.stderr)
            return 128 + signal.SIGTERM
        print("mindgames: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except SystemExit as exc:
        if isinstance(exc.__context__, BrokenPipeError):  # rich's answer to a closed pipe
            return 0
        raise
    except Exception as err:  # noqa: BLE001 - the one place that turns errors into lines
        if debug:
            raise
        from smcdel_bridge.errors import SmcdelError

        from .errors import UserError

        if isinstance(err, (UserError, SmcdelError)):
            print(f"mindgames: {err}", file=sys.stderr)
        elif isinstance(err, OSError):
            where = f"{err.filename}: " if getattr(err, "filename", None) else ""
            print(f"mindgames: {where}{err.strerror or err}", file=sys.stderr)
        else:
            msg = str(err).splitlines()[0] if str(err) else ""
            print(
                f"mindgames: internal error: {type(err).__name__}: {msg} "
                "(set MINDGAMES_DEBUG=1 for details)",
                file=sys.stderr,
            )
        return 1
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
