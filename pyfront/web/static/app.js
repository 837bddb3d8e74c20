// The MindGames page: an editor, the gallery, and the explanation of the problem typed.
// Everything is computed by the server (POST /api/explain); this script lays it out.
"use strict";

const $ = (id) => document.getElementById(id);
const editor = $("editor");
const LINE_HEIGHT = 20;
const DEBOUNCE_MS = 350;

const state = {
  example: null,        // name of the example loaded, while its text is unchanged
  exampleText: null,
  actual: "",
  result: null,         // the last good answer of the server
  problem: 0,           // index of the problem shown
  step: 0,              // index of the step shown
  selected: null,       // index of the hypothesis opened
  request: 0,           // number of the latest request (older answers are dropped)
};

// ---- links: ?example=NAME, #src=base64url(deflate-raw(text)), &actual=STATE -----------

function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  let b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  while (b64.length % 4) b64 += "=";
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

async function unpack(code) {
  const stream = new Blob([fromBase64Url(code)]).stream()
    .pipeThrough(new DecompressionStream("deflate-raw"));
  return await new Response(stream).text();
}

async function currentLink() {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = "";
  const hash = new URLSearchParams();
  if (state.example && editor.value === state.exampleText) {
    url.searchParams.set("example", state.example);
  } else {
    hash.set("src", await pack(editor.value));
  }
  if (state.actual) hash.set("actual", state.actual);
  const h = hash.toString();
  return url.toString() + (h ? "#" + h : "");
}

function tooLong() {
  return new TextEncoder().encode(editor.value).length > Number(document.body.dataset.maxSource);
}

let linkTimer = null;
function updateLink() {
  clearTimeout(linkTimer);
  // a text past the limit is not put in the link: the page would not check it, and the
  // link keeps what it had (the example loaded, say), so a reload brings that back
  if (tooLong()) return;
  linkTimer = setTimeout(async () => {
    if (tooLong()) return;
    try { history.replaceState(null, "", await currentLink()); } catch (e) { /* keep the old one */ }
  }, 500);
}

// ---- editor: line numbers, error marks ------------------------------------------------

function renderGutter() {
  const lines = editor.value.split("\n").length;
  const gutter = $("gutter");
  if (gutter.childElementCount !== lines) {
    const parts = [];
    for (let i = 1; i <= lines; i++) parts.push(`<div data-line="${i}">${i}</div>`);
    gutter.innerHTML = parts.join("");
  }
  syncScroll();
  markErrorLine();
}

let charWidth = null;
function measureChar() {
  const probe = document.createElement("span");
  probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;font:" +
    getComputedStyle(editor).font;
  probe.textContent = "x".repeat(100);
  document.body.append(probe);
  charWidth = probe.getBoundingClientRect().width / 100;
  probe.remove();
}

function syncScroll() {
  $("gutter").scrollTop = editor.scrollTop;
  const band = $("error-band");
  const caret = $("error-caret");
  if (!band.hidden) band.style.top = `${8 + (band.dataset.line - 1) * LINE_HEIGHT - editor.scrollTop}px`;
  if (!caret.hidden) {
    if (charWidth == null) measureChar();
    caret.style.top = `${8 + caret.dataset.line * LINE_HEIGHT - 3 - editor.scrollTop}px`;
    caret.style.left = `${10 + (caret.dataset.column - 1) * charWidth - editor.scrollLeft}px`;
    caret.style.width = `${Math.max(charWidth, 6)}px`;
  }
}

let errorLine = null;
let errorColumn = null;
function markErrorLine() {
  for (const el of $("gutter").querySelectorAll(".err")) el.classList.remove("err");
  const band = $("error-band");
  const caret = $("error-caret");
  if (errorLine == null) { band.hidden = true; caret.hidden = true; return; }
  caret.dataset.line = errorLine;
  caret.dataset.column = errorColumn || 1;
  caret.hidden = false;
  const el = $("gutter").querySelector(`[data-line="${errorLine}"]`);
  if (el) el.classList.add("err");
  band.dataset.line = errorLine;
  band.hidden = false;
  syncScroll();
}

function showError(err) {
  const box = $("error");
  errorLine = err.line || null;
  errorColumn = err.column || null;
  box.dataset.line = err.line || "";
  box.dataset.column = err.column || "";
  box.innerHTML = "";
  const where = document.createElement("button");
  where.type = "button";
  where.className = "where";
  where.textContent = err.line ? `line ${err.line}${err.column ? ", column " + err.column : ""}` : "error";
  where.title = "Go there";
  where.addEventListener("click", () => goTo(err.line, err.column));
  const pos = document.createElement("span");
  pos.className = "pos";
  pos.textContent = err.line ? `${err.line}:${err.column || 1}` : "";
  const msg = document.createElement("span");
  msg.className = "msg";
  msg.textContent = err.message;
  box.append(where, " ", msg, pos);
  box.hidden = false;
  markErrorLine();
  $("right").classList.add("stale");
}

function clearError() {
  errorLine = null;
  $("error").hidden = true;
  $("error").textContent = "";
  $("error").dataset.line = "";
  $("error").dataset.column = "";
  markErrorLine();
  $("right").classList.remove("stale");
}

function goTo(line, column) {
  if (!line) return;
  const lines = editor.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  editor.focus();
  editor.setSelectionRange(offset, offset);
  editor.scrollTop = Math.max(0, (line - 4) * LINE_HEIGHT);
}

function setStatus(text, busy) {
  $("status-text").textContent = text;
  $("status").classList.toggle("busy", !!busy);
}

// ---- talking to the server ------------------------------------------------------------

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  try {
    return await response.json();
  } catch (e) {
    return { ok: false, error: { message: `the server answered ${response.status}`, line: null, column: null } };
  }
}

let checkTimer = null;
function scheduleCheck() {
  clearTimeout(checkTimer);
  setStatus("Checking…", true);
  checkTimer = setTimeout(check, DEBOUNCE_MS);
}

async function check() {
  const number = ++state.request;
  const source = editor.value;
  const max = Number(document.body.dataset.maxSource);
  if (tooLong()) {
    showError({ message: `the problem text is too long (at most ${max} bytes)`, line: null, column: null });
    setStatus("Too long", false);
    return;
  }
  let answer;
  try {
    answer = await api("/api/explain", { source, actual: state.actual || null });
    state.source = source;
  } catch (e) {
    if (number !== state.request) return;
    showError({ message: "the server cannot be reached", line: null, column: null });
    setStatus("Offline", false);
    return;
  }
  if (number !== state.request) return;  // an older answer: the text has changed since
  if (!answer.ok) {
    showError(answer.error);
    setStatus(answer.error.line ? "Error in the text" : "Not checked", false);
    return;
  }
  clearError();
  const names = answer.problems.map((p) => p.name);
  const previous = state.result ? state.result.problems.map((p) => p.name) : [];
  if (names.join("\n") !== previous.join("\n")) { state.problem = 0; state.step = 0; state.selected = null; }
  state.result = answer;
  state.problem = Math.min(state.problem, answer.problems.length - 1);
  const shown = answer.problems[state.problem];
  if (state.selected !== null && !(shown.hypotheses && state.selected < shown.hypotheses.length)) {
    state.selected = null;
  }
  const count = (kind) => answer.problems.filter((p) => (p.kind || "problem") === kind).length;
  const parts = [];
  for (const [kind, plural] of [["problem", "problems"], ["story", "stories"]]) {
    const n = count(kind);
    if (n) parts.push(`${n} ${n === 1 ? kind : plural}`);
  }
  setStatus(`Checked: ${parts.join(", ") || answer.problems.length + " problems"}`, false);
  render();
}

// ---- the explanation --------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function render() {
  const problems = state.result.problems;
  const tabs = $("problem-tabs");
  tabs.innerHTML = "";
  if (problems.length > 1) {
    problems.forEach((p, i) => tabs.append(el("button", {
      type: "button", class: "problem-tab" + (i === state.problem ? " current" : ""),
      onclick: () => { state.problem = i; state.step = 0; state.selected = null; render(); },
    }, p.name)));
  }
  const p = problems[state.problem];
  if (p.error) {
    $("result").hidden = true;
    $("problem-error").hidden = false;
    $("problem-error").textContent = p.error;
    return;
  }
  $("problem-error").hidden = true;
  $("result").hidden = false;
  $("problem-name").textContent = p.name;
  $("english").innerHTML = "";
  $("english").append(el("p", {}, p.english || "(this problem has no English rendering)"));
  $("facts").innerHTML = "";
  for (const fact of p.facts) $("facts").append(el("li", {}, fact));
  renderLegend(p);
  renderActual(p);
  state.step = Math.min(state.step, p.steps.length - 1);
  if (window.beforeSteps) window.beforeSteps(p);
  renderStep();
  renderHypotheses(p);
  if (window.afterRender) window.afterRender(p);
}

function renderLegend(p) {
  const legend = $("legend");
  legend.innerHTML = "";
  const classes = p.picture_kind === "classes";
  legend.append(el("div", { class: "legend-title" },
    classes ? "a box: the worlds an agent " + p.legend : "an arrow: the agent " + p.legend));
  const dash = { solid: "", dashed: "6,4", dotted: "2,3", bold: "" };
  for (const agent of p.agents) {
    const width = agent.style === "bold" ? 3 : 2;
    const stroke = `stroke="${agent.colour}" stroke-width="${width}" ${dash[agent.style] ? `stroke-dasharray="${dash[agent.style]}"` : ""}`;
    const svg = classes
      ? `<svg width="46" height="16" aria-hidden="true"><rect x="2" y="2" width="42" height="12" rx="5" fill="${agent.colour}" fill-opacity="0.06" ${stroke}/></svg>`
      : `<svg width="46" height="12" aria-hidden="true"><line x1="2" y1="6" x2="44" y2="6" ${stroke}/></svg>`;
    const row = el("div", { class: "legend-row", html: svg });
    row.append(el("span", { style: `color:${agent.colour}` }, agent.name));
    legend.append(row);
  }
  const actual = el("div", { class: "legend-row" }, el("span", { class: "actual-swatch" }), "the actual world");
  legend.append(actual);
}

function renderActual(p) {
  const select = $("actual");
  select.innerHTML = "";
  select.append(el("option", { value: "" }, "(none)"));
  for (const c of p.actual_choices) {
    select.append(el("option", { value: c.name }, `${c.name}: ${c.label}`));
  }
  select.value = p.actual || "";
  $("actual-box").hidden = p.actual_choices.length === 0;
}

function renderStep() {
  const p = state.result.problems[state.problem];
  const steps = p.steps;
  const tabs = $("step-tabs");
  tabs.innerHTML = "";
  steps.forEach((s, i) => tabs.append(el("button", {
    type: "button", class: "step-tab" + (i === state.step ? " current" : ""), title: s.title,
    "data-step": i, onclick: () => { state.step = i; renderStep(); },
  }, i === 0 ? "Start" : String(i))));
  $("prev-step").disabled = state.step === 0;
  $("next-step").disabled = state.step === steps.length - 1;
  const step = steps[state.step];
  $("step-caption").innerHTML = `<h4>${escapeHtml(step.title)} <small>step ${state.step} of ${steps.length - 1}</small></h4>` + step.caption;
  const picture = $("picture");
  if (step.picture.svg) {
    picture.innerHTML = step.picture.svg;
    picture.dataset.engine = step.picture.engine;
  } else {
    picture.innerHTML = "";
    picture.append(el("div", { class: "message too-large" }, step.picture.message));
    picture.dataset.engine = "";
  }
  const eventPicture = step.event_picture;
  $("event-box").hidden = !(eventPicture && eventPicture.svg);
  $("event-picture").innerHTML = eventPicture && eventPicture.svg ? eventPicture.svg : "";
  $("views").innerHTML = "";
  for (const v of step.views) $("views").append(el("li", { html: v.html }));
  renderWhy(p);
  highlight();
  wireWorldHovers();
  if (window.afterStep) window.afterStep(p, step);
}

// the explanation of the hypothesis opened, under the picture of the step it is about
function renderWhy(p) {
  const h = state.selected == null ? null : p.hypotheses[state.selected];
  const box = $("why");
  if (!h || h.step !== state.step) { box.hidden = true; return; }
  $("why-verdict").className = "verdict " + h.tone;
  $("why-verdict").textContent = h.verdict;
  $("why-name").textContent = h.name;
  $("why-text").textContent = h.english || h.formula;
  $("why-body").innerHTML = h.explanation;
  box.hidden = false;
}

function escapeHtml(text) {
  const d = document.createElement("div");
  d.textContent = text;
  return d.innerHTML;
}

function worldNode(name) {
  for (const g of $("picture").querySelectorAll("g.node")) {
    const title = g.querySelector("title");
    if (title && title.textContent === "w" + name) return g;
  }
  return null;
}

function highlight() {
  for (const g of $("picture").querySelectorAll("g.node")) g.classList.remove("hl-counter", "hl-witness", "hl-hover");
  const p = state.result.problems[state.problem];
  const h = state.selected == null ? null : p.hypotheses[state.selected];
  if (!h || state.step !== h.step) return;
  for (const name of h.highlight) {
    const g = worldNode(name);
    if (g) g.classList.add(name === h.counterexample ? "hl-counter" : "hl-witness");
  }
  if (h.counterexample) {
    const g = worldNode(h.counterexample);
    if (g) g.classList.add("hl-counter");
  }
}

function wireWorldHovers() {
  for (const code of document.querySelectorAll("#right code.world")) {
    if (code.dataset.wired) continue;
    code.dataset.wired = "1";
    code.addEventListener("mouseenter", () => { const g = worldNode(code.dataset.world); if (g) g.classList.add("hl-hover"); });
    code.addEventListener("mouseleave", () => { const g = worldNode(code.dataset.world); if (g) g.classList.remove("hl-hover"); });
  }
}

function renderHypotheses(p) {
  const list = $("hypotheses");
  list.innerHTML = "";
  p.hypotheses.forEach((h, i) => {
    const verdict = el("span", { class: "verdict " + h.tone }, h.verdict);
    const head = el("button", { type: "button", class: "hyp-head", "aria-expanded": String(state.selected === i) },
      verdict, el("span", { class: "hyp-name" }, h.name));
    if (h.expected !== null) {
      head.append(el("span", { class: "expect " + (h.agrees ? "agrees" : "differs") },
        h.agrees ? "as expected" : "differs from the expected answer"));
    }
    if (p.kind === "story") {
      head.append(el("span", { class: "asked" }, `after ${p.steps[h.step].title.toLowerCase()}`));
    }
    const item = el("li", { class: "hypothesis" + (state.selected === i ? " open" : ""), "data-index": i },
      head,
      el("div", { class: "hyp-text" }, h.english || ""),
      h.formula ? el("div", { class: "hyp-formula" }, el("code", {}, h.formula)) : "");
    head.addEventListener("click", () => {
      state.selected = state.selected === i ? null : i;
      if (state.selected !== null) state.step = h.step;
      renderStep();
      renderHypotheses(p);
      if (state.selected !== null) $("steps-card").scrollIntoView({ block: "start" });
    });
    list.append(item);
  });
  wireWorldHovers();
}

// ---- start ------------------------------------------------------------------------------

async function loadExample(name) {
  const answer = await api(`/api/examples/${encodeURIComponent(name)}`);
  if (!answer.ok) {
    showError({ message: answer.error.message, line: null, column: null });
    setStatus("No such example", false);
    return false;
  }
  state.example = name;
  state.exampleText = answer.source;
  editor.value = answer.source;
  $("gallery").value = name;
  state.problem = 0; state.step = 0; state.selected = null; state.result = null;
  renderGutter();
  return true;
}

async function start() {
  const gallery = $("gallery");
  const listing = await api("/api/examples");
  if (listing.ok) {
    const groups = {};
    for (const e of listing.examples) {
      let parent = gallery;
      if (e.group) {
        if (!groups[e.group]) { groups[e.group] = el("optgroup", { label: e.group }); gallery.append(groups[e.group]); }
        parent = groups[e.group];
      }
      parent.append(el("option", { value: e.name, title: e.title }, e.name.replace(/_/g, " ")));
    }
  }
  const params = new URLSearchParams(window.location.search);
  const hash = new URLSearchParams(window.location.hash.slice(1));
  state.actual = hash.get("actual") || params.get("actual") || "";
  if (hash.get("src")) {
    try { editor.value = await unpack(hash.get("src")); }
    catch (e) { showError({ message: "the link's problem text is damaged", line: null, column: null }); }
  } else {
    const name = params.get("example") || (listing.ok && listing.examples.length ? listing.examples[0].name : null);
    // a link naming no example says so, and keeps saying it: nothing is checked under it
    if (name && !(await loadExample(name))) { renderGutter(); return; }
  }
  renderGutter();
  check();
}

editor.addEventListener("input", () => { renderGutter(); scheduleCheck(); updateLink(); });
editor.addEventListener("scroll", syncScroll);
editor.addEventListener("keydown", (event) => {
  if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
    editor.setRangeText("  ", editor.selectionStart, editor.selectionEnd, "end");
    renderGutter(); scheduleCheck(); updateLink();
  }
});
$("gallery").addEventListener("change", async () => {
  const name = $("gallery").value;
  if (!name) return;
  state.actual = "";
  if (await loadExample(name)) { updateLink(); check(); }
});
$("actual").addEventListener("change", () => { state.actual = $("actual").value; updateLink(); check(); });
$("why-close").addEventListener("click", () => {
  state.selected = null;
  renderStep();
  renderHypotheses(state.result.problems[state.problem]);
});
$("prev-step").addEventListener("click", () => { if (state.step > 0) { state.step--; renderStep(); } });
$("next-step").addEventListener("click", () => {
  const p = state.result.problems[state.problem];
  if (state.step < p.steps.length - 1) { state.step++; renderStep(); }
});
document.addEventListener("keydown", (event) => {
  // ← and → step through the models, unless a text field or a list has the keys
  if (!state.result || event.altKey || event.ctrlKey || event.metaKey) return;
  if (["TEXTAREA", "SELECT", "INPUT"].includes(document.activeElement.tagName)) return;
  if (event.key === "ArrowRight") $("next-step").click();
  else if (event.key === "ArrowLeft") $("prev-step").click();
});
$("share").addEventListener("click", async () => {
  if (tooLong()) {
    $("share-note").textContent = "Too long to share";
    setTimeout(() => { $("share-note").textContent = ""; }, 2500);
    return;
  }
  const link = await currentLink();
  history.replaceState(null, "", link);
  let copied = false;
  try { await navigator.clipboard.writeText(link); copied = true; } catch (e) { /* no clipboard here */ }
  $("share-note").textContent = copied ? "Link copied" : "Link in the address bar";
  setTimeout(() => { $("share-note").textContent = ""; }, 2500);
});
start();
