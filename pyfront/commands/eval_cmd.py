"""``mindgames eval``: ask a language model (or a baseline) the items of a dataset, and
``mindgames eval compare RUN_DIR…``: several runs side by side."""

from __future__ import annotations

import argparse

HELP = "evaluate a model on a dataset (NLI or multiple choice); 'eval compare RUN_DIR...' compares runs"
#: most requests in flight (one thread each)
MAX_CONCURRENCY = 256


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.usage = ("mindgames eval DATASET -m MODEL -o RUN_DIR [options]\n"
                    "       mindgames eval compare RUN_DIR [RUN_DIR ...]")
    parser.add_argument("target", nargs="+", metavar="DATASET",
                        help="a dataset file (.jsonl/.csv) or folder (its test split), or "
                             "'compare' followed by run folders")
    parser.add_argument("-m", "--model", metavar="MODEL",
                        help="openai:NAME, hf:PATH_OR_NAME, baseline:random|majority|hypothesis-only")
    parser.add_argument("-o", "--output", metavar="RUN_DIR",
                        help="folder for results.jsonl, metrics.json, report.md (and the response cache)")
    parser.add_argument("--format", default=None, metavar="LIST",
                        help="nli, mcq or both: nli,mcq (default nli; in a folder of forms "
                             "such as a story dataset's, mcq for its question rows)")
    parser.add_argument("--kind", default="retrospective", metavar="LIST",
                        help="question kinds: retrospective, prospective or both (default retrospective)")
    parser.add_argument("--distractors", default="hard", metavar="LIST",
                        help="mcq distractors: hard (near misses), easy (from other problems) "
                             "or both (default hard)")
    parser.add_argument("--probe", default="none", metavar="LIST",
                        help="mcq probe: none, nota ('None of the above' is the last option: "
                             "the answer in a share of the items, where the true option is "
                             "removed, a distractor in the others) or both: none,nota "
                             "(default none)")
    parser.add_argument("--nota-share", type=float, default=None, metavar="P",
                        help="share of nota items whose answer is 'None of the above' "
                             "(default 1/(k+1) for k statements shown: every option as often "
                             "the answer)")
    parser.add_argument("--split", default="test", help="split file of a dataset folder (default test)")
    parser.add_argument("--train", metavar="FILE",
                        help="train split for the majority and hypothesis-only baselines "
                             "(default: train.jsonl beside the dataset)")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N rows")
    parser.add_argument("--seed", type=int, default=0, help="seed of options, baselines and intervals (default 0)")
    parser.add_argument("--base-url", metavar="URL",
                        help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 "
                             "(default $OPENAI_BASE_URL or OpenAI's); key from $OPENAI_API_KEY")
    parser.add_argument("--score", default=None, choices=("generate", "loglikelihood", "steps"),
                        help="how an openai: model answers: generate (default: a chat model "
                             "writes its answer, which is parsed), loglikelihood (each "
                             "option's log-probability after the prompt from /completions "
                             "with echo and logprobs, the likeliest wins: base models, as "
                             "lm-eval's local-completions) or steps (a chat model traces a "
                             "story's question sentence by sentence, in '## Step n ##' "
                             "blocks, graded against the certified trace: step accuracy, "
                             "first error, final accuracy; story datasets and DSL files)")
    parser.add_argument("--concurrency", type=int, default=4, metavar="N",
                        help=f"requests in flight at once (default 4, at most {MAX_CONCURRENCY})")
    parser.add_argument("--max-tokens", type=int, default=None, metavar="N",
                        help="longest reply (default 16; 2048 with --score steps)")
    parser.add_argument("--temperature", type=float, default=0.0, help="(default 0)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds per request before it is retried (default 60)")
    parser.add_argument("--max-retries", type=int, default=6, metavar="N",
                        help="retries of a request on 429/5xx/timeouts (default 6)")
    parser.add_argument("--backoff", type=float, default=0.5, metavar="S",
                        help="first wait before a retry, doubled each time (default 0.5)")
    parser.add_argument("--system", metavar="TEXT", help="a system message for chat models")
    parser.add_argument("--cache", metavar="FILE",
                        help="response cache (default RUN_DIR/cache.jsonl): replies already "
                             "in it are not asked again")


def option_list(text: str, allowed: tuple[str, ...], option: str) -> list[str]:
    from ..errors import UserError

    values = [v.strip() for v in text.split(",") if v.strip()]
    bad = [v for v in values if v not in allowed]
    if bad or not values:
        raise UserError(f"{option} takes {', '.join(allowed)} (comma-separated): got {text!r}")
    return list(dict.fromkeys(values))


def check_numbers(args: argparse.Namespace) -> None:
    """The numeric options, before any work: a NaN, an infinity or a negative number would
    reach the requests (or the thread pool) and fail there, or never."""
    import math

    from ..errors import UserError

    for name, value in (("--concurrency", args.concurrency), ("--max-tokens", args.max_tokens)):
        if value < 1:
            raise UserError(f"{name} must be at least 1")
    if args.concurrency > MAX_CONCURRENCY:
        raise UserError(f"--concurrency must be at most {MAX_CONCURRENCY}: got {args.concurrency}")
    if not (math.isfinite(args.timeout) and args.timeout > 0):
        raise UserError(f"--timeout must be a positive number of seconds: got {args.timeout:g}")
    for name, value in (("--backoff", args.backoff), ("--temperature", args.temperature)):
        if not (math.isfinite(value) and value >= 0):
            what = "a number of seconds" if name == "--backoff" else "a number"
            raise UserError(f"{name} must be {what}, 0 or more: got {value:g}")
    if args.max_retries < 0:
        raise UserError(f"--max-retries must be 0 or more: got {args.max_retries}")
    if args.nota_share is not None and not 0.0 <= args.nota_share <= 1.0:
        raise UserError(f"--nota-share must lie within 0-1: got {args.nota_share:g}")
    if args.limit is not None and args.limit < 1:  # --limit 0 would evaluate nothing
        raise UserError(f"--limit must be at least 1: got {args.limit}")


def _check_cache(cache: str | None, *inputs) -> None:
    """``--cache`` is appended to: never an input of the run, never a folder or a device."""
    from pathlib import Path

    from ..errors import UserError

    if cache is None or not Path(cache).exists():
        return
    if not Path(cache).is_file():
        raise UserError("--cache must be a file", file=cache)
    for given in inputs:
        if given is not None and Path(cache).resolve() == Path(given).resolve():
            raise UserError("--cache is the dataset or its train split: the replies would be "
                            "appended to it", file=cache)


def _fitting_format(form) -> str:
    """mcq for a folder of question rows (question, choices), else nli."""
    from ..data.loading import read_rows
    from ..evaluation.pipeline import dataset_file

    for _, fields in read_rows(dataset_file(form)):
        return "mcq" if isinstance(fields, dict) and {"question", "choices"} <= set(fields) \
            else "nli"
    return "nli"


def _every_form(args: argparse.Namespace, forms) -> int:
    """``eval DIR`` on each form folder of DIR into ``RUN_DIR/<form>``; the worst exit."""
    import copy
    import sys
    from pathlib import Path

    from ..errors import UserError

    codes = []
    if args.score == "steps":  # traces are asked of the story questions: the qa form
        forms = [f for f in forms if _fitting_format(f) == "mcq"]
        if not forms:
            raise UserError("no form of this folder holds story questions to trace",
                            file=args.target[0])
    for form in forms:
        sub = copy.copy(args)
        sub.target, sub.output = [str(form)], str(Path(args.output) / form.name)
        if args.score != "steps":
            sub.format = args.format or _fitting_format(form)
        print(f"eval: {form.name} form ({form}) into {sub.output}", file=sys.stderr)
        codes.append(run(sub))
    return max(codes)


def _model(args: argparse.Namespace, score: str):
    """The model client the options describe, scoring by ``score``."""
    from ..evaluation.models import make_model

    return make_model(args.model, seed=args.seed, base_url=args.base_url, score=score,
                      max_tokens=args.max_tokens, temperature=args.temperature,
                      timeout=args.timeout, max_retries=args.max_retries, backoff=args.backoff,
                      concurrency=args.concurrency, system=args.system)


def _asked(result, run_dir: Path) -> str:
    """How many requests a run made, or its one-line failure saying what it kept."""
    from ..errors import UserError

    out = result.outcome
    if out.error is not None:
        raise UserError(f"{out.error} ({out.scored} of {len(result.items)} items scored and kept in "
                        f"{run_dir / 'results.jsonl'}; run again to resume)")
    return f"{out.requests} asked" + (f", {out.from_cache} from the cache" if out.from_cache else "")


def _steps(args: argparse.Namespace) -> int:
    """``--score steps``: a step-by-step trace of every story question, graded."""
    import sys
    from pathlib import Path

    from ..errors import UserError
    from ..evaluation.pipeline import dataset_file
    from ..evaluation.runner import progress_printer
    from ..evaluation.step_run import evaluate_steps

    if not args.model.startswith("openai:"):
        raise UserError("--score steps asks a chat model for a trace: give -m openai:NAME")
    for option, given in (("--format", args.format), ("--train", args.train),
                          ("--nota-share", args.nota_share)):
        if given is not None:
            raise UserError(f"{option} is not used with --score steps (it asks each story "
                            "question as a trace)")
    dataset = dataset_file(args.target[0], args.split)
    _check_cache(args.cache, dataset)
    run_dir = Path(args.output)
    if run_dir.exists() and not run_dir.is_dir():
        raise UserError("not a folder", file=str(run_dir))
    model = _model(args, "steps")
    result = evaluate_steps(dataset, model, run_dir, seed=args.seed, limit=args.limit,
                            cache=Path(args.cache) if args.cache else None,
                            on_scored=progress_printer())
    asked = _asked(result, run_dir)
    m = result.metrics or {}
    first = m["first_error"]
    mean = "-" if first["mean"] is None else f"{first['mean']:.2f}"
    print(f"eval: {m['n']} traces ({asked}): step accuracy {m['step_accuracy']:.4f} "
          f"(95% CI {m['step_ci95'][0]:.4f}-{m['step_ci95'][1]:.4f}) over {m['steps']} "
          f"sentences, first error at sentence {mean} on average, no error in "
          f"{first['no_error']:.4f}, final accuracy {m['accuracy']:.4f} (95% CI "
          f"{m['ci95'][0]:.4f}-{m['ci95'][1]:.4f}); wrote {run_dir}/", file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from ..errors import UserError

    if args.target[0] == "compare":
        from ..evaluation.compare import compare_table

        if len(args.target) < 2:
            raise UserError("eval compare takes one or more run folders")
        sys.stdout.write(compare_table(args.target[1:]))
        return 0
    if len(args.target) != 1:
        raise UserError("eval takes one dataset (or: eval compare RUN_DIR…)")
    if not args.model or not args.output:
        raise UserError("eval needs -m MODEL and -o RUN_DIR")
    from ..evaluation import items as it
    from ..evaluation.pipeline import dataset_file, evaluate, form_folders, train_file
    from ..evaluation.runner import progress_printer

    if args.max_tokens is None:
        args.max_tokens = 2048 if args.score == "steps" else 16
    check_numbers(args)
    forms = form_folders(args.target[0])
    if forms:  # a folder of forms (a story dataset): every form, each in its own run
        return _every_form(args, forms)
    if args.score == "steps":
        return _steps(args)
    sets = it.settings(option_list(args.format or "nli", it.FORMATS, "--format"), option_list(args.kind, it.KINDS, "--kind"),
                       option_list(args.distractors, it.DISTRACTORS, "--distractors"),
                       option_list(args.probe, it.PROBES, "--probe"))
    dataset = dataset_file(args.target[0], args.split)
    train = train_file(dataset, args.train)
    _check_cache(args.cache, dataset, train)
    run_dir = Path(args.output)
    if run_dir.exists() and not run_dir.is_dir():
        raise UserError("not a folder", file=str(run_dir))
    if args.score is not None and not args.model.startswith("openai:"):
        raise UserError("--score is an option of openai: models (hf: models always score by "
                        "log-likelihood, baselines do not score)")
    if args.score == "loglikelihood" and args.system:
        raise UserError("--system is for chat models: --score loglikelihood sends no messages")
    model = _model(args, args.score or "generate")
    result = evaluate(dataset, model, run_dir, sets, seed=args.seed,
                      train=train, limit=args.limit,
                      cache=Path(args.cache) if args.cache else None, on_scored=progress_printer(),
                      nota_share=args.nota_share)
    asked = _asked(result, run_dir)
    m = result.metrics or {}
    from pyfront.words import count

    for bad in result.unreadable:  # left out: bad input, and the run fails for it
        print(f"mindgames: {bad}", file=sys.stderr)
    unread = f", {count(len(result.unreadable), 'row')} not read" if result.unreadable else ""
    print(f"eval: {count(m.get('n') or 0, 'item')} ({asked}{unread}, scored by "
          f"{m.get('scoring')}): accuracy {m.get('accuracy', 0):.4f} "
          f"(95% CI {m['ci95'][0]:.4f}-{m['ci95'][1]:.4f}), macro-F1 {m.get('macro_f1', 0):.4f}, "
          f"unparsed {m.get('unparsed')}; wrote {run_dir}/", file=sys.stderr)
    return 1 if result.unreadable else 0
