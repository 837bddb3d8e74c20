"""Running ``inspect eval`` on our tasks from a test: the entry point that pyproject.toml
declares, written into a scratch ``.dist-info`` on the subprocess's path (the checkout
may be installed without it, or not at all), and the log read back."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def entry_point_path(tmp: Path) -> Path | None:
    """A folder whose ``.dist-info`` declares pyproject.toml's ``inspect_ai`` entry points;
    None when the installed checkout declares them already (a second distribution naming
    the same entry point makes Inspect find no task at all)."""
    from importlib.metadata import entry_points

    eps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["inspect_ai"]
    installed = {ep.name: ep.value for ep in entry_points(group="inspect_ai")}
    if all(installed.get(name) == target for name, target in eps.items()):
        return None
    info = tmp / "eps" / "mindgames_test_entry_points-0.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mindgames-test-entry-points\n"
                                   "Version: 0.0\n")
    lines = "".join(f"{name} = {target}\n" for name, target in eps.items())
    (info / "entry_points.txt").write_text(f"[inspect_ai]\n{lines}")
    return tmp / "eps"


def inspect_eval(tmp: Path, task: str, model: str, *args: str, env: dict | None = None,
                 timeout: float = 600) -> Path:
    """Run ``inspect eval`` (offline) and return the log file it wrote."""
    logs = tmp / "logs"
    # an installed checkout is found as it is installed: ROOT on the path too would make
    # its metadata (the editable install's egg-info) a second distribution of the entry point
    scratch = entry_point_path(tmp)
    path = os.pathsep.join([*([str(ROOT), str(scratch)] if scratch else []),
                            os.environ.get("PYTHONPATH", "")])
    run_env = {**os.environ, "PYTHONPATH": path, "INSPECT_LOG_DIR": str(logs),
               "NO_COLOR": "1", "INSPECT_DISPLAY": "plain", **(env or {})}
    done = subprocess.run(
        [sys.executable, "-m", "inspect_ai", "eval", task, "--model", model,
         "--log-dir", str(logs), "--log-format", "json", *args],
        cwd=tmp, env=run_env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    found = sorted(logs.glob("*.json"), key=lambda p: p.stat().st_mtime)
    assert found, "inspect eval wrote no log: " + done.stdout[-1000:]
    return found[-1]
