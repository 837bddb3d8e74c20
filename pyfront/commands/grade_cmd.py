"""``mindgames grade``: a model's reasoning steps labelled against the certified trace."""

from __future__ import annotations

import argparse

HELP = ("label every step of a model's step-by-step answers right or wrong against the "
        "certified belief trace of the story; write process-reward data")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("responses", metavar="RESPONSES.jsonl",
                        help="one response a line: {chain, response} with '## Step n ##' "
                             "blocks ending in [value], or a list of {sentence, chain, value}")
    parser.add_argument("--against", required=True, metavar="STORY_OR_TRACE",
                        help="a DSL story file, or a trace written by mindgames trace (.jsonl)")
    parser.add_argument("-o", "--output", metavar="OUT.jsonl",
                        help="write the graded records here (default: standard output)")
    parser.add_argument("--prm", metavar="OUT.jsonl",
                        help="write process-reward training data here, a row per response")
    parser.add_argument("--prm-shape", choices=("trl", "messages"), default="trl",
                        help="trl: prompt, completions, labels (TRL's stepwise "
                             "supervision); messages: the conversation and labels")
    parser.add_argument("--labels", choices=("step", "prefix"), default="step",
                        help="the labels in --prm: each step's own, or prefix-correct")
    from .options import add_limit_arguments

    add_limit_arguments(parser, what="tracing the stories and grading")


def run(args: argparse.Namespace) -> int:
    from .options import within_limits

    return within_limits(args, lambda: _run(args), file=args.against, document=True)


def _run(args: argparse.Namespace) -> int:
    import json
    import sys

    from ..errors import UserError
    from ..steps.against import load_against, story_of, variable_of
    from ..steps.grade import default_prompt, grade_response, prm_rows
    from ..steps.responses import read_responses

    _refuse_overwriting_inputs(args)
    responses = read_responses(args.responses)
    against = load_against(args.against, responses)
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    prm = open(args.prm, "w", encoding="utf-8") if args.prm else None
    steps_n = right = unaligned = failed = 0
    try:
        for resp in responses:
            try:  # a response that cannot be graded is one line; the others are graded
                name = story_of(resp, against, args.responses)
                steps = against[name]
                variable = variable_of(resp, steps, args.responses, args.against)
            except UserError as err:
                print(f"mindgames: {err}", file=sys.stderr)
                failed += 1
                continue
            graded = {**grade_response(resp, steps, variable), "story": name}
            out.write(json.dumps(graded) + "\n")
            steps_n += graded["n_steps"]
            right += graded["right"]
            unaligned += sum(r["status"] == "unaligned" for r in graded["steps"])
            if prm is not None:
                chain = resp.steps[0].chain if resp.steps else "real"
                prompt = resp.prompt or default_prompt(steps, chain, variable)
                row = prm_rows(resp, graded, prompt, args.labels)[args.prm_shape]
                prm.write(json.dumps(row) + "\n")
    finally:
        if out is not sys.stdout:
            out.close()
        if prm is not None:
            prm.close()
    not_graded = f"; {failed} not graded" if failed else ""
    print(f"graded {len(responses) - failed} responses, {steps_n} steps: {right} right, "
          f"{steps_n - right} wrong ({unaligned} unaligned){not_graded}", file=sys.stderr)
    return 1 if failed else 0


def _refuse_overwriting_inputs(args: argparse.Namespace) -> None:
    """-o and --prm never name a file the run reads, nor each other (one would be lost)."""
    from ..errors import UserError
    from .options import same_file

    for flag, target in (("-o", args.output), ("--prm", args.prm)):
        for what, path in (("the responses", args.responses), ("--against", args.against)):
            if same_file(target, path):
                raise UserError(f"{flag} names {what}: it would be overwritten", file=target)
    if same_file(args.output, args.prm):
        raise UserError("-o and --prm name the same file: one would overwrite the other",
                        file=args.prm)
