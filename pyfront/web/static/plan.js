// The plan card: send the goal (and what to keep, the candidate moves, a plan of one's
// own) to /api/plan, show the shortest plan or where the given plan fails and why, and
// play a plan: the text gets its moves, and the page shows the model after each step.
// It uses app.js's state, api(), el(), editor and play.js's playText().
"use strict";

function planLines(id) {
  return $(id).value.split("\n").map((x) => x.trim()).filter((x) => x);
}

function showPlanAnswer(answer) {
  const box = $("plan-answer");
  box.hidden = false;
  box.innerHTML = "";
  if (!answer.ok) {
    box.className = "failed";
    box.append(el("p", { class: "ask-error" }, answer.error.message));
    return;
  }
  box.className = "";
  if (answer.plan === null) {
    box.append(el("p", { class: "plan-none" }, `No plan within ${$("plan-within").value} steps (of ${answer.candidates} candidate moves).`));
  } else if (answer.plan.length === 0) {
    box.append(el("p", { class: "plan-found" }, "The goal already holds: the empty plan."));
  } else {
    box.append(el("p", { class: "plan-found" }, `Shortest plan: ${answer.length} step${answer.length === 1 ? "" : "s"} (of ${answer.candidates} candidate moves)`));
    const list = el("ol", { id: "plan-steps" });
    for (const m of answer.plan) list.append(el("li", {}, m));
    box.append(list);
  }
  if (answer.given) {
    const g = answer.given;
    box.append(el("p", { class: "plan-reason", id: "plan-verdict" },
      g.ok ? "Your plan works." : "Your plan fails: " + g.reason));
    const list = el("ol", { id: "plan-given-steps" });
    for (const s of g.steps) {
      list.append(el("li", { class: s.ok ? "fine" : "failed" },
        s.move + (s.ok ? (s.goal ? " — the goal holds" : " — fine") : " — " + s.reason)));
    }
    box.append(list);
  }
  const moves = answer.given ? "your plan" : "the plan";
  if (answer.played_steps > 0) {
    box.append(el("button", { type: "button", id: "plan-play", onclick: () => {
      if (answer.actual) state.actual = answer.actual;
      playText(answer.played);
    } }, `Play ${moves} step by step`));
  }
}

$("plan-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("plan-button").disabled = true;
  const given = $("plan-given").value.split(";").map((x) => x.trim()).filter((x) => x);
  const answer = await api("/api/plan", {
    source: editor.value, problem: state.problem, goal: $("plan-goal").value.trim(),
    keep: planLines("plan-keep"), may: planLines("plan-may"), plan: given,
    within: Number($("plan-within").value) || 0, actually: $("plan-actually").value.trim(),
  });
  $("plan-button").disabled = false;
  showPlanAnswer(answer);
});
