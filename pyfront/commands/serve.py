"""``mindgames serve``: the local web page for learning DEL (see docs/web.md)."""

from __future__ import annotations

import argparse

HELP = "serve a local web page to write, read, step through and explain DEL problems"

#: the longest --time-limit (a day): a longer one is no bound, and the clock of the
#: operating system's waits cannot hold it
MAX_TIME_LIMIT = 86_400.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8000,
                        help="port to listen on (default: 8000; 0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default: 127.0.0.1, this machine only)")
    parser.add_argument("--time-limit", type=float, default=10.0, metavar="SECONDS",
                        help="longest time one check may take (default: 10)")
    parser.add_argument("--max-input", type=int, default=20_000, metavar="BYTES",
                        help="longest problem text accepted (default: 20000)")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="checks run at once (default: the number of processors, at least 2)")
    parser.add_argument("--examples", metavar="DIR",
                        help="directory of .del files for the gallery (default: the project's "
                             "examples/)")
    parser.add_argument("--no-dot", action="store_true",
                        help="draw pictures with the built-in layout even when Graphviz is there")


def run(args: argparse.Namespace) -> int:
    import ipaddress
    import os
    import socket
    import sys
    from pathlib import Path

    from ..errors import UserError

    try:
        import waitress
        from flask import Flask  # noqa: F401
    except ImportError as err:
        raise UserError(f"the web page needs {err.name}: pip install 'mindgames' "
                        "(flask and waitress)") from None

    from ..web.app import Settings, create_app
    from ..web.runner import Runner

    if not 0 <= args.port <= 65535:
        raise UserError(f"--port {args.port}: give a port between 0 and 65535")
    if not args.time_limit > 0 or args.max_input <= 0:  # (not > 0: also refuses nan)
        raise UserError("--time-limit and --max-input must be positive")
    if not args.time_limit <= MAX_TIME_LIMIT:
        raise UserError(f"--time-limit must be at most {MAX_TIME_LIMIT:g} seconds (a day): "
                        f"got {args.time_limit:g}")
    if args.examples is not None and not Path(args.examples).is_dir():
        raise UserError("not a directory (--examples needs one)", file=args.examples)
    from .options import check_workers

    check_workers(args.workers)
    workers = args.workers if args.workers is not None else max(2, os.cpu_count() or 2)
    runner = Runner(workers=workers, time_limit=args.time_limit)
    settings = Settings(time_limit=args.time_limit, max_source=args.max_input, workers=workers,
                        examples=Path(args.examples) if args.examples else None,
                        use_dot=not args.no_dot, runner=runner)
    app = create_app(settings)
    try:
        server = waitress.create_server(app, host=args.host, port=args.port, threads=32,
                                        connection_limit=200, channel_timeout=60,
                                        max_request_body_size=max(1 << 20, settings.max_source * 16),
                                        ident="mindgames")
    except (OSError, socket.gaierror, ValueError) as err:
        raise UserError(f"cannot listen on {args.host}:{args.port}: "
                        f"{getattr(err, 'strerror', None) or err}") from None
    try:
        runner.warm_up()
        host = args.host
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = host == "localhost"
        shown = f"[{host}]" if ":" in host else host
        print(f"mindgames: serving on http://{shown}:{server.effective_port}/ "
              "(Ctrl-C to stop)", file=sys.stderr, flush=True)
        if not loopback:
            print(f"mindgames: warning: listening on {host}, reachable from other machines",
                  file=sys.stderr, flush=True)
        server.run()
    finally:
        runner.close()
        server.close()
    return 0
