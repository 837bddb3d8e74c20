"""One module per ``mindgames`` sub-command.

Each module defines ``HELP`` (one line), ``add_arguments(parser)`` and ``run(args) -> int``.
Modules keep their top-level imports light (argparse only) and import the machinery they
need inside ``run`` so that ``mindgames smcdel`` starts fast.
"""

#: sub-command name -> module name under pyfront.commands
COMMANDS: dict[str, str] = {
    "smcdel": "smcdel_cmd",
    "check": "check",
    "render": "render",
    "verbalize": "verbalize",
    "import": "import_cmd",
    "generate": "generate",
    "explain": "explain",
    "puzzle": "puzzle",
    "doctor": "doctor",
    "eval": "eval_cmd",
    "audit": "audit",
    "export": "export_cmd",
    "del": "del_cmd",
    "plan": "plan",
    "certify": "certify_cmd",
    "serve": "serve",
    "trace": "trace_cmd",
    "grade": "grade_cmd",
}
