"""The web page's API against a real ``mindgames serve`` on a free loopback port."""

from __future__ import annotations

import json
from markupsafe import escape
import subprocess
import sys
import time
import urllib.request
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

import pytest

from web_server import REPO, get_json, post_json, running_server

from pyfront.cli import build_parser
from pyfront.web.compute import explain_source

#: the example that takes longest to explain (four problems, fourteen pictures)
HEAVIEST = "muddy_children_4"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def server():
    with running_server("--time-limit", "5", "--max-input", "20000", "--workers", "2") as url:
        yield url


def explain(server, source, actual=None, timeout=60):
    return post_json(server + "api/explain", {"source": source, "actual": actual}, timeout)


def test_page_and_assets_are_served_from_the_package(server):
    with urllib.request.urlopen(server, timeout=10) as response:
        html = response.read().decode()
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert '<textarea id="editor"' in html
    assert "http://" not in html and "https://" not in html  # nothing fetched from elsewhere
    for asset in ("static/app.js", "static/style.css"):
        with urllib.request.urlopen(server + asset, timeout=10) as response:
            body = response.read().decode()
        assert body and "https://" not in body.replace("https://github", "")


def test_gallery_lists_the_shipped_examples_and_nothing_else(server):
    status, answer = get_json(server + "api/examples")
    assert status == 200 and answer["ok"]
    names = [e["name"] for e in answer["examples"]]
    top = sorted(p.stem for p in (REPO / "examples").glob("*.del"))
    assert names[:len(top)] == top
    assert set(names) == {p.stem for pattern in ("*.del", "*/*.del")
                          for p in (REPO / "examples").glob(pattern)}
    status, answer = get_json(server + "api/examples/forehead")
    assert answer["source"] == (REPO / "examples" / "forehead.del").read_text(encoding="utf-8")
    for probe in ("..%2Fpyproject", "..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "forehead.del",
                  ".hidden", "nope"):
        status, answer = get_json(server + "api/examples/" + probe)
        assert status == 404 and not answer["ok"], probe
    for probe in ("static/../pyproject.toml", "static/..%2F..%2F..%2Fpyproject.toml",
                  "static/%2e%2e/app.py", "static/../app.py"):
        try:
            with urllib.request.urlopen(server + probe, timeout=10) as response:
                body = response.read().decode()
            assert "[project]" not in body and "create_app" not in body, probe
        except urllib.error.HTTPError as err:
            assert err.code == 404, probe


def test_explain_answers_every_example_with_pictures_and_verdicts(server):
    for path in [*(REPO / "examples").glob("*.del"), *(REPO / "examples").glob("*/*.del")]:
        example, source = path.stem, path.read_text(encoding="utf-8")
        status, answer = explain(server, source)
        assert status == 200 and answer["ok"], (example, answer)
        for p in answer["problems"]:
            assert "error" not in p, (example, p.get("error"))
            assert p["english"], example
            assert p["steps"] and p["steps"][0]["title"]
            assert p["legend"] and p["picture_kind"] in ("classes", "arrows"), example
            for step in p["steps"]:
                svg = step["picture"]["svg"]
                if svg is None and "too many to draw" in step["picture"]["message"]:
                    from pyfront.web.picture_model import MAX_WORLDS

                    # a story model too large for its arrows is described, not drawn
                    assert p["kind"] == "story" and len(step["worlds"]) > MAX_WORLDS, (
                        example, step["picture"])
                    continue
                assert svg is not None, (example, step["picture"])  # number puzzles too
                root = ET.fromstring(svg)
                titles = {g.find(SVG + "title").text: (g.get("class") or "").split()
                          for g in root.iter(SVG + "g") if "node" in (g.get("class") or "").split()}
                assert {k for k, c in titles.items() if "removed" not in c} == {
                    "w" + w for w in step["worlds"]}
                if p["kind"] == "problem":  # worlds removed so far stay, greyed
                    assert {k for k, c in titles.items() if "removed" in c} == {
                        "x" + w for w in p["steps"][0]["worlds"] if w not in step["worlds"]}
            for h in p["hypotheses"]:
                assert h["explanation"].startswith("<p>") and h["verdict"]
                assert 0 <= h["step"] < len(p["steps"])
                if h["counterexample"]:  # a world of the picture of the step it is asked at
                    assert h["counterexample"] in p["steps"][h["step"]]["worlds"]
                if p["kind"] == "problem" and not h.get("question"):
                    # asked after the announcements written above it
                    assert h["label"] in ("entailment", "not_entailment")


def test_verdicts_are_those_of_mindgames_check(server, tmp_path):
    paths = [REPO / "examples" / f"{name}.del" for name in ("forehead", HEAVIEST, "surprises")]
    out = tmp_path / "check.jsonl"
    subprocess.run([sys.executable, "-m", "pyfront.cli", "check", *map(str, paths), "-o", str(out)],
                   capture_output=True, text=True, cwd=REPO, timeout=120)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    for path in paths:
        labels = {r["name"]: r["label"] for r in rows if r["source"] == str(path)}
        status, answer = explain(server, path.read_text(encoding="utf-8"))
        shown = {f"{p['name']}/{h['name']}": h["label"]
                 for p in answer["problems"] for h in p["hypotheses"]}
        assert labels and shown == labels, path.stem


def test_the_actual_world_is_marked(server):
    source = (REPO / "examples" / "forehead.del").read_text(encoding="utf-8")
    status, answer = explain(server, source, actual="11")
    p = answer["problems"][0]
    assert p["actual"] == "11"
    assert 'fill="#ffe08a"' in p["steps"][-1]["picture"]["svg"].lower()
    assert "At the actual world" in p["steps"][0]["views"][0]["html"]
    status, answer = explain(server, source, actual="zz")
    assert status == 200 and "error" in answer["problems"][0]


def test_parse_errors_come_back_with_line_and_column(server):
    status, answer = explain(server, "problem x\n  agents A, B\n  announce foo\n")
    assert status == 200 and not answer["ok"]
    assert (answer["error"]["line"], answer["error"]["column"]) == (3, 12)
    assert answer["error"]["message"] == "unknown proposition 'foo'"
    status, answer = explain(server, "problem x\n  agents A, B\n  announce A knows\n")
    assert (answer["error"]["line"], answer["error"]["column"]) == (3, 19)
    assert answer["error"]["message"] == 'expected "that", "the", "what" or "whether", got end of line'
    impossible = ("story s\n  agents Sally, Anne\n  location(marble): basket, box\n"
                  "  Sally puts the marble in the basket\n  announce the marble is in the box\n")
    status, answer = explain(server, impossible)  # a story event that cannot happen
    assert not answer["ok"] and answer["error"]["line"] == 5
    assert "cannot happen" in answer["error"]["message"]
    status, answer = explain(server, "# nothing here\n")
    assert not answer["ok"] and "no problem" in answer["error"]["message"]


def test_bad_requests_get_one_line_errors(server):
    for body in (b"not json", b"[]", b'{"source": 3}', b'{"source": "x", "actual": 5}'):
        status, answer = post_json(server + "api/explain", body)
        assert status == 400 and not answer["ok"] and "\n" not in answer["error"]["text"]
    status, answer = get_json(server + "api/nothing")
    assert status == 404 and not answer["ok"]


def test_oversized_input_is_refused(server):
    status, answer = explain(server, "problem x\n  agents A\n" + "# padding\n" * 3000)
    assert status == 413 and "too long" in answer["error"]["message"]
    status, answer = post_json(server + "api/explain", b'{"source": "' + b"a" * 400_000 + b'"}')
    assert status == 413 and not answer["ok"]


def _muddy(n: int, k: int) -> str:
    return subprocess.run([sys.executable, "-m", "pyfront.cli", "puzzle", "muddy", str(n), str(k)],
                          capture_output=True, text=True, check=True).stdout


def test_a_check_past_the_time_limit_is_stopped_and_the_server_goes_on(server):
    # twelve children and 800 announcements: 4,096 worlds at every step, hours of work
    endless = ("problem endless\n  agents " + ", ".join(f"C{i}" for i in range(12))
               + "\n  setup forehead\n" + "  announce someone\n" * 800)
    assert len(endless.encode()) < 20_000
    with ThreadPoolExecutor(4) as pool:
        slow = pool.submit(explain, server, endless)
        time.sleep(0.3)
        started = time.monotonic()
        status, answer = get_json(server + "api/health", timeout=10)
        assert answer["ok"] and time.monotonic() - started < 3
        status, small = explain(server, "problem quick\n  agents A, B\n  setup forehead\n"
                                        "  hypothesis h: A knows whether muddy(B)\n")
        assert small["ok"] and small["problems"][0]["hypotheses"][0]["holds"]
        status, answer = slow.result(timeout=40)
    assert status == 200 and not answer["ok"]
    assert "took more than 5 s" in answer["error"]["message"]


def test_a_story_past_the_time_limit_says_how_far_it_got_and_marks_the_event(server):
    story = (REPO / "tests" / "data" / "scale_stories" / "scale_8x80.del").read_text()
    assert len(story.encode()) < 20_000  # (a minute of work or more on either engine)
    status, answer = explain(server, story)
    assert status == 200 and not answer["ok"]
    error = answer["error"]
    head, _, rest = error["message"].partition(", with ")
    assert head == "the check took more than 5 s and was stopped in story scale8x80s0"
    n = int(rest.split(" ")[0])
    # the next event, read off the text: its lines that begin with one of its 8 agents
    lines = story.splitlines()
    agents = lines[1].split(None, 1)[1].replace(",", " ").split()
    events = [k + 1 for k, line in enumerate(lines) if line.split()[:1]
              and line.split()[0] in agents]
    at = events[n]
    assert rest == (f"{n} of its 92 events applied; the next, line {at}: "
                    f"{lines[at - 1].strip()}; try a smaller story")
    assert error["line"] == at  # where the editor marks it


def test_large_models_are_drawn_smaller_then_as_dots(server):
    status, answer = explain(server, _muddy(7, 3))
    step = answer["problems"][0]["steps"][0]
    root = ET.fromstring(step["picture"]["svg"])  # 128 boxes named by their rows of 0/1
    names = [g.find(SVG + "title").text for g in root.iter(SVG + "g") if g.get("class") == "node"]
    assert len(names) == 128 and not step["picture"]["compact"]
    status, answer = explain(server, _muddy(10, 2))
    step = answer["problems"][0]["steps"][0]
    assert step["picture"]["compact"] and step["picture"]["worlds"] == 1024
    assert "classes are not drawn at this size" in step["picture"]["note"]
    status, answer = explain(server, _muddy(13, 2))  # too many worlds even to list
    p = answer["problems"][0]
    assert answer["ok"] and "too large to explain world by world" in p["error"]
    assert "\n" not in p["error"]


def test_fifty_concurrent_requests_of_the_heaviest_example_complete(server):
    source = (REPO / "examples" / f"{HEAVIEST}.del").read_text(encoding="utf-8")
    # ten different texts (a comment apart), each asked five times, all at once
    texts = [source + f"# reader {i % 10}\n" for i in range(50)]
    started = time.monotonic()
    with ThreadPoolExecutor(50) as pool:
        answers = list(pool.map(lambda t: explain(server, t, timeout=90), texts))
    spent = time.monotonic() - started
    assert all(status == 200 and a["ok"] for status, a in answers), [a for _, a in answers][:1]
    assert {len(a["problems"]) for _, a in answers} == {4}
    first = json.dumps(answers[0][1]["problems"])
    assert all(json.dumps(a["problems"]) == first for _, a in answers)
    assert spent < 90


def test_builtin_layout_draws_every_world_and_arrow_of_a_story_without_graphviz():
    from pyfront.explain.story import explain_story
    from pyfront.story.dsl import parse_document

    source = (REPO / "examples" / "stories" / "sally_anne.del").read_text(encoding="utf-8")
    answer = explain_source(source, use_dot=False)
    (story,) = parse_document(source, "sally_anne.del")
    explained = explain_story(story)  # the engine's belief arrows, step by step
    for step, engine_step in zip(answer["problems"][0]["steps"], explained.steps):
        assert step["picture"]["engine"] == "builtin"
        root = ET.fromstring(step["picture"]["svg"])
        nodes = [g for g in root.iter(SVG + "g") if g.get("class") == "node"]
        assert sorted(g.find(SVG + "title").text for g in nodes) == sorted(
            "w" + w for w in step["worlds"])
        edges = [g for g in root.iter(SVG + "g") if g.get("class") == "edge"]
        assert len(edges) == sum(len(vs) for _, rows in engine_step.belief for _, vs in rows)
    assert any('fill="#FFE08A"' in s["picture"]["svg"] for s in answer["problems"][0]["steps"])


def test_serve_binds_to_loopback_by_default_and_refuses_a_bad_port():
    args = build_parser("serve").parse_args(["serve"])
    assert args.host == "127.0.0.1"
    proc = subprocess.run([sys.executable, "-m", "pyfront.cli", "serve", "--port", "70000"],
                          capture_output=True, text=True, timeout=30, cwd=REPO)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and "--port 70000" in proc.stderr


def test_story_pictures_draw_every_belief_arrow_of_the_engine():
    from pyfront.explain.story import explain_story
    from pyfront.story.dsl import parse_stories

    path = REPO / "examples" / "stories" / "sally_anne.del"
    source = path.read_text(encoding="utf-8")
    story = explain_story(parse_stories(source)[0])
    for use_dot in (True, False):
        answer = explain_source(source, use_dot=use_dot)
        page = answer["problems"][0]
        assert page["kind"] == "story" and page["directed"]
        assert len(page["steps"]) == len(story.steps)
        for step, shown in zip(story.steps, page["steps"]):
            arrows = sum(len(vs) for _, rows in step.belief for _, vs in rows)
            root = ET.fromstring(shown["picture"]["svg"])
            edges = [g for g in root.iter(SVG + "g") if g.get("class") == "edge"]
            assert len(edges) == arrows
            actual = [w.short for w in step.worlds if w.actual]
            marked = [g.find(SVG + "title").text for g in root.iter(SVG + "g")
                      if g.get("class") == "node" and "ffe08a" in ET.tostring(g).decode().lower()]
            assert sorted(marked) == sorted("w" + w for w in actual)
        for step, shown in zip(story.steps, page["steps"]):  # the event models, drawn
            if step.event is None:
                assert shown["event_picture"] is None
                continue
            root = ET.fromstring(shown["event_picture"]["svg"])
            events = sorted(g.find(SVG + "title").text for g in root.iter(SVG + "g")
                            if g.get("class") == "node")
            assert events == sorted("w" + e.name for e in step.event.events)
            edges = [g for g in root.iter(SVG + "g") if g.get("class") == "edge"]
            assert len(edges) == sum(len(fs) for _, rows in step.event.arrows for _, fs in rows)
        # after the move, Sally's only arrow from the actual world points to the basket
        after_move = page["steps"][3]
        assert "Sally thinks that the marble is in the basket" in " ".join(
            v["html"] for v in after_move["views"])


def test_without_graphviz_the_page_still_gets_pictures():
    with running_server("--no-dot", "--workers", "1") as url:
        source = (REPO / "examples" / "stories" / "sally_anne.del").read_text(encoding="utf-8")
        status, answer = explain(url, source)
    steps = answer["problems"][0]["steps"]
    assert {s["picture"]["engine"] for s in steps} == {"builtin"}
    assert all(s["picture"]["svg"].startswith("<svg") for s in steps)


def test_ask_and_moves_answer_and_refuse_in_one_line(server):
    source = (REPO / "examples" / "forehead.del").read_text(encoding="utf-8")
    status, answer = post_json(server + "api/ask", {"source": source, "problem": 0, "step": 2,
                                                    "formula": "Bob knows whether muddy(Alice)"})
    assert status == 200 and answer["ok"] and answer["step"] == 2
    assert answer["answer"]["verdict"] == "✔ entailed"
    status, answer = post_json(server + "api/ask", {"source": source, "problem": 0, "step": 2,
                                                    "formula": "Bob knows whether wet(Alice)"})
    assert not answer["ok"] and answer["error"]["column"] == 19
    assert "unknown" in answer["error"]["message"] and "\n" not in answer["error"]["message"]
    for bad in ({"source": source, "problem": "x", "step": 0, "formula": "true"},
                {"source": source, "problem": 0, "step": -1, "formula": "true"},
                {"source": source, "problem": 0, "step": 0, "formula": 3},
                {"source": source, "problem": 0, "step": 0, "formula": "t", "syntax": "latex"}):
        status, answer = post_json(server + "api/ask", bad)
        assert status == 400 and not answer["ok"], bad
    # every move offered on a story is a line the engine accepts after the last event
    story = (REPO / "examples" / "stories" / "secret_peek.del").read_text(encoding="utf-8")
    status, offered = post_json(server + "api/moves", {"source": story, "problem": 0})
    assert offered["ok"] and offered["moves"]
    for move in offered["moves"][:4]:
        lines = story.split("\n")
        lines.insert(offered["after"], offered["indent"] + move["line"])
        status, answer = explain(server, "\n".join(lines))
        p = answer["problems"][0]
        assert answer["ok"] and "error" not in p and len(p["steps"]) == 3, move
        assert str(escape(move["english"])) in p["steps"][-1]["caption"]


def test_an_smcdel_program_is_answered_as_mindgames_smcdel_answers_it(server, tmp_path):
    program = "VARS 1,2,3\nLAW Top\nOBS a: 1\n    b: 2, 3\nVALID? [ ! (1 | 2) ] b knows whether 1\nWHERE? < ! 3 > a knows that 3\n"
    path = tmp_path / "p.smcdel.txt"
    path.write_text(program, encoding="utf-8")
    reference = subprocess.run([sys.executable, "-m", "pyfront.cli", "smcdel", str(path)],
                               capture_output=True, text=True, cwd=REPO, timeout=60).stdout
    status, answer = explain(server, program)
    p = answer["problems"][0]
    assert answer["ok"] and p["kind"] == "smcdel" and p["output"] == reference
    status, answer = explain(server, "VARS 1,2\nLAW Top\nOBS a: 1\nVALID? a knws that 1\n")
    assert not answer["ok"] and answer["error"]["line"] == 4
