// The page's interactive parts: look through one agent's eyes, ask the model a formula,
// play the next move (and undo it), and test yourself on the hypotheses.  Every answer
// comes from the server (the engines); this script only shows it.  It uses app.js's
// state, api(), el(), render(), check() and the editor.
"use strict";

const play = {
  undo: [],            // texts before each move played
  agent: "",           // the agent whose eyes the picture shows ("" = nobody)
  order: "2",          // the order of nested beliefs shown for a story
  asked: null,         // the last answer of "Ask the model": {answer, step}
  exercise: false,     // test-yourself mode
  answers: {},         // hypothesis key -> the student's answer ("true"/"false")
  pendingLast: false,  // after a move: show the last step when the answer comes
};

// ---- through one agent's eyes ----------------------------------------------------------

function currentProblem() {
  return state.result ? state.result.problems[state.problem] : null;
}

function beforeSteps(p) {
  const select = $("eyes-agent");
  const names = p.agents.map((a) => a.name);
  if (!names.includes(play.agent)) play.agent = "";
  select.innerHTML = "";
  select.append(el("option", { value: "" }, "(nobody: every agent)"));
  for (const n of names) select.append(el("option", { value: n }, n));
  select.value = play.agent;
  $("eyes-box").hidden = p.kind === "smcdel";
  $("order-box").hidden = p.kind !== "story" || !play.agent;
  $("ask-card").hidden = false;
  $("ask-syntax").querySelector('[value="smcdel"]').disabled = p.kind === "story";
  if (p.kind === "story" && $("ask-syntax").value === "smcdel") $("ask-syntax").value = "dsl";
  $("play-card").hidden = p.kind === "smcdel";
  $("plan-card").hidden = p.kind === "smcdel";
  if (play.pendingLast) { state.step = p.steps.length - 1; play.pendingLast = false; }
}

function applyEyes(p, step) {
  const box = $("eyes-view");
  const svg = $("picture").querySelector("svg");
  const eyes = (step.eyes || []).find((e) => e.agent === play.agent);
  for (const g of $("picture").querySelectorAll("g.node")) g.classList.remove("faded", "believed");
  for (const g of $("picture").querySelectorAll("g.cls")) g.classList.remove("dim", "mine");
  if (!play.agent) { box.hidden = true; return; }
  if (!eyes) {
    box.hidden = false;
    box.innerHTML = "";
    box.append(el("p", { class: "hint" }, p.actual_choices.length
      ? "Choose the actual world (beside the picture) to look through " + play.agent + "’s eyes."
      : "At this step " + play.agent + "’s view is not listed."));
    return;
  }
  const keep = new Set(eyes.worlds.map((w) => "w" + w));
  const believed = new Set((eyes.believed || []).map((w) => "w" + w));
  for (const g of $("picture").querySelectorAll("g.node")) {
    const title = g.querySelector("title");
    const name = title ? title.textContent : "";
    if (!keep.has(name) && !believed.has(name)) g.classList.add("faded");
    if (believed.has(name)) g.classList.add("believed");
  }
  const position = String(p.agents.findIndex((a) => a.name === play.agent));
  for (const g of $("picture").querySelectorAll("g.cls")) {
    g.classList.add(g.dataset.agent === position ? "mine" : "dim");
  }
  box.hidden = false;
  box.innerHTML = eyes.html;
  for (const n of box.querySelectorAll(".nested")) n.hidden = n.dataset.order !== play.order;
  if (svg) svg.dataset.eyes = play.agent;
  wireWorldHovers();
}

$("eyes-agent").addEventListener("change", () => {
  play.agent = $("eyes-agent").value;
  const p = currentProblem();
  $("order-box").hidden = !p || p.kind !== "story" || !play.agent;
  renderStep();
});
$("eyes-order").addEventListener("change", () => { play.order = $("eyes-order").value; renderStep(); });

// ---- ask the model -----------------------------------------------------------------------

function applyAsked(p, step) {
  for (const g of $("picture").querySelectorAll("g.node")) g.classList.remove("hl-true");
  const box = $("ask-answer");
  if (!play.asked || play.asked.problem !== state.problem) { box.hidden = true; return; }
  const a = play.asked.answer;
  box.hidden = false;
  box.innerHTML = "";
  box.className = "tone-" + a.tone;
  const head = el("div", { class: "why-head" }, el("span", { class: "verdict " + a.tone }, a.verdict),
    el("span", { class: "asked" }, `at ${p.steps[a.step].title.toLowerCase()}`));
  box.append(head);
  if (a.english) box.append(el("div", { class: "hyp-text" }, a.english));
  box.append(el("div", { class: "ask-body", html: a.explanation }));
  if (state.step !== a.step) {
    box.append(el("button", { type: "button", class: "link", onclick: () => { state.step = a.step; renderStep(); } },
      "show that step"));
    return;
  }
  const holds = new Set((a.true_at || []).map((w) => "w" + w));
  for (const g of $("picture").querySelectorAll("g.node:not(.removed)")) {
    const title = g.querySelector("title");
    if (title && holds.has(title.textContent)) g.classList.add("hl-true");
  }
  if (a.true_at && a.true_at.length !== undefined && p.kind !== "smcdel") {
    box.append(el("p", { class: "legend-note" },
      `True at ${a.true_at.length} of the ${step.worlds.length} worlds of this step (outlined in green).`));
  }
  wireWorldHovers();
}

$("ask-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const p = currentProblem();
  if (!p) return;
  $("ask-button").disabled = true;
  const answer = await api("/api/ask", {
    source: editor.value, problem: state.problem, step: state.step,
    formula: $("ask-formula").value, syntax: $("ask-syntax").value, actual: state.actual || null,
  });
  $("ask-button").disabled = false;
  if (!answer.ok) {
    play.asked = null;
    const box = $("ask-answer");
    box.hidden = false;
    box.innerHTML = "";
    box.className = "failed";
    box.append(el("p", { class: "ask-error" }, answer.error.message +
      (answer.error.column ? ` (at character ${answer.error.column} of the formula)` : "")));
    return;
  }
  play.asked = { problem: state.problem, answer: answer.answer };
  state.step = answer.step;
  renderStep();
});

// ---- play ---------------------------------------------------------------------------------

function spliced(text, after, indent, line) {
  const lines = text.split("\n");
  lines.splice(after, 0, indent + line);
  return lines.join("\n");
}

function resetMoves() {  // the moves shown are those of a text that has changed
  $("play-moves").innerHTML = "";
  $("play-moves").append(el("button", { id: "play-show", type: "button", onclick: showMoves },
    "Show the moves that can happen now"));
}

function playText(next) {
  play.undo.push(editor.value);
  editor.value = next;
  play.pendingLast = true;
  $("play-undo").disabled = false;
  renderGutter();
  updateLink();
  check();
}

async function showMoves() {
  const box = $("play-moves");
  box.innerHTML = "";
  box.append(el("p", { class: "hint" }, "Looking for the moves that can happen…"));
  const answer = await api("/api/moves", { source: editor.value, problem: state.problem,
                                           actual: state.actual || null });
  play.movesFor = editor.value + "\0" + state.problem;
  box.innerHTML = "";
  if (!answer.ok) { box.append(el("p", { class: "ask-error" }, answer.error.message)); return; }
  if (!answer.moves.length) {
    box.append(el("p", { class: "hint" }, "Nothing the engine accepts changes the model now; type a line below."));
    return;
  }
  const groups = {};
  for (const m of answer.moves) (groups[m.group] = groups[m.group] || []).push(m);
  for (const [group, list] of Object.entries(groups)) {
    const row = el("div", { class: "move-group" }, el("span", { class: "move-kind" }, group));
    for (const m of list) {
      row.append(el("button", {
        type: "button", class: "move", title: m.line + " — " + m.effect, "data-line": m.line,
        onclick: () => playText(spliced(editor.value, answer.after, answer.indent, m.line)),
      }, m.english || m.line));
    }
    box.append(row);
  }
}

$("play-show").addEventListener("click", showMoves);
$("play-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const line = $("play-line").value.trim();
  if (!line) return;
  const answer = await api("/api/moves", { source: editor.value, problem: state.problem });
  if (!answer.ok) { $("play-note").textContent = answer.error.message; return; }
  const next = spliced(editor.value, answer.after, answer.indent, line);
  const checked = await api("/api/explain", { source: next, actual: state.actual || null });
  if (!checked.ok) {
    $("play-note").textContent = "That line cannot be played: " + checked.error.message;
    return;
  }
  $("play-note").textContent = "";
  $("play-line").value = "";
  playText(next);
});
$("play-undo").addEventListener("click", () => {
  if (!play.undo.length) return;
  editor.value = play.undo.pop();
  $("play-undo").disabled = play.undo.length === 0;
  play.pendingLast = true;
  renderGutter();
  updateLink();
  check();
});
$("play-copy").addEventListener("click", async () => {
  let copied = false;
  try { await navigator.clipboard.writeText(editor.value); copied = true; } catch (e) { /* none */ }
  $("play-note").textContent = copied ? "The text is copied, with the moves played."
    : "Select the text in the editor to copy it.";
});

// ---- test yourself --------------------------------------------------------------------------

function exerciseKey(p, h) {
  return `${p.name}/${h.name}/${h.step}`;
}

function loadScore() {
  try { play.answers = JSON.parse(sessionStorage.getItem("mindgames-answers") || "{}"); }
  catch (e) { play.answers = {}; }
}

function saveScore() {
  try { sessionStorage.setItem("mindgames-answers", JSON.stringify(play.answers)); } catch (e) { /* private mode */ }
}

function renderExercises(p) {
  const list = $("hypotheses");
  list.innerHTML = "";
  let right = 0, done = 0;
  p.hypotheses.forEach((h, i) => {
    const key = exerciseKey(p, h);
    const given = play.answers[key];
    const truth = h.holds === null || h.holds === undefined ? null : (h.holds ? "true" : "false");
    const item = el("li", { class: "hypothesis exercise", "data-index": i });
    item.append(el("div", { class: "hyp-text" }, h.english || h.formula || h.name));
    if (truth === null) {
      item.append(el("button", { type: "button", class: "reveal", onclick: () => {
        play.answers[key] = "seen"; saveScore(); renderExercises(p); } }, "Show the answer"));
      if (given) item.append(el("div", { class: "verdict " + h.tone }, h.verdict));
    } else if (!given) {
      item.append(el("span", { class: "question" }, "True or false?"));
      for (const choice of ["true", "false"]) {
        item.append(el("button", { type: "button", class: "choice", "data-choice": choice, onclick: () => {
          play.answers[key] = choice; saveScore(); renderExercises(p); } }, choice));
      }
    } else {
      done += 1;
      const good = given === truth;
      right += good ? 1 : 0;
      item.classList.add(good ? "right" : "wrong");
      item.append(el("span", { class: "verdict " + (good ? "yes" : "no") },
        good ? `✔ right: ${truth}` : `✘ you said ${given}, it is ${truth}`));
      item.append(el("button", { type: "button", class: "link", onclick: () => {
        state.selected = i; state.step = h.step; renderStep(); } }, "why?"));
    }
    list.append(item);
  });
  const asked = p.hypotheses.filter((h) => h.holds !== null && h.holds !== undefined).length;
  $("score").hidden = false;
  $("score").textContent = `score: ${right} of ${done} answered (${asked} to answer)`;
}

const showHypotheses = renderHypotheses;
renderHypotheses = function (p) {  // eslint-disable-line no-func-assign
  if (play.exercise) renderExercises(p);
  else { $("score").hidden = true; showHypotheses(p); }
};

$("exercise-mode").addEventListener("change", () => {
  play.exercise = $("exercise-mode").checked;
  state.selected = null;
  const p = currentProblem();
  if (p) { renderStep(); renderHypotheses(p); }
});

function afterRender(p) {
  if (play.asked && play.asked.problem !== state.problem) play.asked = null;
  if (play.movesFor !== state.source + "\0" + state.problem) resetMoves();
}

function afterStep(p, step) {
  applyEyes(p, step);
  applyAsked(p, step);
}

loadScore();
window.beforeSteps = beforeSteps;
window.afterRender = afterRender;
window.afterStep = afterStep;
