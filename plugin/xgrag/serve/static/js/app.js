// xgrag serve's page: ask (progress streamed as Server-Sent Events, cancel keeps what was measured), the
// explanation view with what-ifs, save and export; saved explanations: filter, open, per-day timeline, compare two.

import { append, el, num, seconds, table } from "./dom.js";
import { renderView } from "./view.js";

const $ = (id) => document.getElementById(id);
const state = { job: null, source: null, explanationId: null, view: null, saved: [], ticked: [], maxQuestion: null };

class ApiError extends Error {
  constructor(body, status) {
    super(body && body.error ? body.error : "HTTP " + status);
    this.hint = body && body.hint;
    this.status = status;
  }
}

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => null);
  if (!response.ok) { throw new ApiError(data, response.status); }
  return data;
}

function showError(err) {
  const box = $("alert");
  box.replaceChildren(el("span", null, err.message || String(err)));
  if (err.hint) { box.appendChild(el("span", "hint", err.hint)); }
  box.classList.remove("hidden");
}

function clearError() { $("alert").classList.add("hidden"); }

// -- tabs ----------------------------------------------------------------------------------------------------

function selectTab(name) {
  for (const t of ["ask", "saved"]) {
    $("tab-" + t).setAttribute("aria-selected", t === name ? "true" : "false");
    $("panel-" + t).classList.toggle("hidden", t !== name);
  }
  if (name === "saved") { loadSaved(); }
}

// -- ask -----------------------------------------------------------------------------------------------------

async function loadConfig() {
  const cfg = await api("/api/config");
  $("version").textContent = "xgrag " + cfg.version;
  const gen = $("opt-generator");
  for (const g of cfg.generators) { gen.appendChild(el("option", null, g)).value = g; }
  gen.value = cfg.generator;
  $("opt-strategy").value = cfg.strategy;
  for (const s of cfg.strategies) { $("strategies").appendChild(el("option")).value = s; }
  for (const s of cfg.schedulers) { $("opt-scheduler").appendChild(el("option", null, s)).value = s; }
  $("opt-scheduler").value = cfg.scheduler;
  for (const m of cfg.modes) { $("opt-mode").appendChild(el("option", null, m)).value = m; }
  $("opt-mode").value = cfg.mode;
  $("opt-hops").placeholder = String(cfg.default_hops);
  state.maxQuestion = cfg.max_question_chars;
  countQuestion();
}

// The question's length against the server's limit (GET /api/config: the one the API checks). The field does not
// truncate (a maxlength would cut a pasted question silently and run the rest): a question over the limit is
// counted here and sent, and the API's refusal is shown. Characters as the server counts them: code points of the
// trimmed text.
function countQuestion() {
  const count = $("question-count");
  const limit = state.maxQuestion;
  const n = [...$("question").value.trim()].length;
  const near = limit !== null && n > 0.9 * limit;
  count.classList.toggle("hidden", !near);
  count.classList.toggle("over", near && n > limit);
  if (!near) { count.textContent = ""; return; }
  count.textContent = n.toLocaleString("en") + " / " + limit.toLocaleString("en") + " characters"
    + (n > limit ? ": over the limit, the server will refuse it" : "");
}

function options() {
  const out = { question: $("question").value, generator: $("opt-generator").value || null,
    strategy: $("opt-strategy").value || "edge", scheduler: $("opt-scheduler").value, mode: $("opt-mode").value };
  if ($("opt-max-calls").value !== "") { out.max_calls = Number($("opt-max-calls").value); }
  if ($("opt-hops").value !== "") { out.hops = Number($("opt-hops").value); }
  return out;
}

const PHASES = { queued: "waiting for a worker", started: "retrieving the subgraph", retrieved: "asking the baseline",
  baseline: "planning the probes", planned: "asking the probes", probe: "asking the probes",
  "database-lost": "Neo4j lost: answering the probes already retrieved",
  scoring: "scoring and writing the explanation" };

function renderProgress(event) {
  const panel = $("progress");
  panel.classList.remove("hidden");
  const phase = event.type === "progress" ? event.phase : event.type;
  $("progress-phase").textContent = PHASES[phase] || phase;
  if (event.type !== "progress") { return; }
  const bar = $("progress-bar");
  if (event.probes_planned) {
    bar.max = event.probes_planned;
    bar.value = Math.min(event.probes_done, event.probes_planned);
  } else if (event.components) {
    bar.removeAttribute("value");  // indeterminate: an adaptive scheduler has no fixed total
  }
  const stats = [
    ["subgraph", event.entities + " entities, " + event.facts + " facts"],
    ["scheduler", event.scheduler || "\u2013"],
    ["probes", event.probes_done + " done / " + (event.probes_planned === null ? "adaptive (of "
      + event.components + " components)" : event.probes_planned + " planned")],
    ["calls", String(event.calls) + (event.cache_hits ? " (+" + event.cache_hits + " cached)" : "")],
    ["tokens", String(event.prompt_tokens + event.completion_tokens)],
    ["elapsed", seconds(event.elapsed_seconds)],
    ["time left", event.eta_seconds !== null ? "~" + seconds(event.eta_seconds)
      : event.eta_bound_seconds !== null ? "under ~" + seconds(event.eta_bound_seconds) : "\u2013"],
  ];
  const d = $("progress-stats");
  d.replaceChildren();
  for (const [k, v] of stats) {
    const s = el("div", "stat " + k.replace(" ", "-"));
    append(s, el("dt", null, k), el("dd", null, v));
    d.appendChild(s);
  }
}

// The progress panel the moment a question is submitted, before the server answers (the first ask of a fresh
// server builds the generator and loads the embedding model first): the previous run's status goes at once.
function renderStarting(question) {
  $("progress").classList.remove("hidden");
  $("progress-phase").textContent = "starting\u2026";
  $("progress-phase").classList.remove("warn");
  $("progress-question").textContent = question;
  $("progress-stats").replaceChildren();
  const bar = $("progress-bar");
  bar.max = 1;
  bar.value = 0;
  $("cancel").disabled = true;  // nothing to cancel until the server has made the job
}

let askRequest = 0;  // only the newest submission's job is followed

async function ask(ev) {
  ev.preventDefault();
  clearError();
  if (state.source) { state.source.close(); state.source = null; }
  state.job = null;
  $("result").replaceChildren();
  $("result-tools").classList.add("hidden");
  const request = ++askRequest;
  const body = options();
  renderStarting(body.question.trim());
  let job;
  try {
    job = await api("/api/ask", body);
  } catch (err) {
    if (request === askRequest) {
      $("progress").classList.add("hidden");
      showError(err);
    }
    return;
  }
  if (request !== askRequest) { return; }
  state.job = job.id;
  $("progress-question").textContent = job.question;
  $("cancel").disabled = false;
  renderProgress({ type: "queued" });
  const source = new EventSource("/api/jobs/" + job.id + "/events");
  state.source = source;
  for (const type of ["queued", "started", "progress"]) {
    source.addEventListener(type, (m) => { if (state.job === job.id) { renderProgress(JSON.parse(m.data)); } });
  }
  source.addEventListener("done", (m) => {
    source.close();
    const event = JSON.parse(m.data);
    $("cancel").disabled = true;
    if (state.job !== job.id) { return; }
    const phase = $("progress-phase");
    // unlinked: the question's names matched nothing in the graph; said as such, never as a finished result
    phase.textContent = event.status === "done" ? "done"
      : event.status === "unlinked" ? "not in the graph: " + event.message
      : event.status + (event.message ? ": " + event.message : "");
    phase.classList.toggle("warn", event.status === "unlinked");
    const bar = $("progress-bar");
    if (event.status === "done") { bar.max = 1; bar.value = 1; }
    const left = document.querySelector("#progress-stats .time-left dd");
    if (left) { left.textContent = "\u2013"; }
    if (event.explanation_id) { openExplanation(event.explanation_id, $("result"), true); }
  });
  source.addEventListener("failed", (m) => {
    source.close();
    if (state.job !== job.id) { return; }
    const event = JSON.parse(m.data);
    showError(new ApiError(event, event.status));
    $("progress-phase").textContent = "failed";
    $("cancel").disabled = true;
  });
}

async function cancel() {
  if (!state.job) { return; }
  $("cancel").disabled = true;
  $("progress-phase").textContent = "cancelling\u2026";
  try { await api("/api/jobs/" + state.job + "/cancel", {}); } catch (err) { showError(err); }
}

async function openExplanation(id, target, live) {
  let vm;
  try {
    vm = await api("/api/explanations/" + encodeURIComponent(id) + "/view");
  } catch (err) {
    target.replaceChildren();  // no earlier explanation left under the error as if it were this one
    showError(err);
    return null;
  }
  const arrived = performance.now();
  target.replaceChildren();
  const view = renderView(target, vm, {
    arrived: arrived,
    whatif: (units) => api("/api/explanations/" + encodeURIComponent(id) + "/whatif", { units: units }),
    painted: (ms) => { globalThis.xgrag.paints.push({ id: id, ms: ms, entities: vm.graph.nodes.length }); },
  });
  globalThis.xgrag.views.push(view);
  if (live) {
    state.explanationId = id;
    state.view = view;
    $("result-tools").classList.remove("hidden");
    $("save").disabled = vm.saved;
    $("save").textContent = vm.saved ? "Saved" : "Save to the graph";
    $("result-note").textContent = vm.honesty.incomplete ? "(incomplete: what was measured can be saved)" : "";
  }
  return view;
}

async function save() {
  try {
    await api("/api/explanations/" + encodeURIComponent(state.explanationId) + "/save", {});
    $("save").disabled = true;
    $("save").textContent = "Saved";
  } catch (err) { showError(err); }
}

function exportPage() {
  // a plain navigation to the attachment: the browser downloads it
  const a = el("a");
  a.href = "/api/explanations/" + encodeURIComponent(state.explanationId) + "/export";
  a.download = "xgrag-" + state.explanationId + ".html";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// -- saved explanations ----------------------------------------------------------------------------------------

function filters() {
  const form = new FormData($("filters"));
  const q = new URLSearchParams();
  for (const [k, v] of form.entries()) { if (v) { q.set(k, String(v)); } }
  return q;
}

// Opening the tab lists everything and a filter submitted before that answer arrives asks again: answers can come
// back in either order, so only the newest request's answer is shown (an older one would put back rows the filter
// excludes). xgrag.savedLoads counts finished requests, shown or dropped (tests wait on it).
let savedRequest = 0;

async function loadSaved(ev) {
  if (ev) { ev.preventDefault(); }
  clearError();
  const q = filters();
  const request = ++savedRequest;
  let rows;
  let days;
  try {
    [rows, days] = await Promise.all([api("/api/saved?" + q), api("/api/saved/timeline?" + q)]);
  } catch (err) {
    globalThis.xgrag.savedLoads += 1;
    if (request === savedRequest) {
      // the previous list and timeline are not this filter's: they go, and the error says why nothing is listed
      state.saved = [];
      state.ticked = [];
      $("compare").disabled = true;
      $("timeline").replaceChildren();
      $("saved-list").replaceChildren(el("p", "empty", "Nothing listed: the list could not be read (the error is "
        + "above)."));
      showError(err);
    }
    return;
  }
  globalThis.xgrag.savedLoads += 1;
  if (request !== savedRequest) { return; }
  state.saved = rows;
  state.ticked = [];
  $("compare").disabled = true;
  renderTimeline(days);
  const list = $("saved-list");
  list.replaceChildren();
  if (!rows.length) {
    list.appendChild(el("p", "empty", "No saved explanation matches."));
    return;
  }
  const t = table("saved", ["", "saved (UTC)", "question", "answer", "top component", "calls", ""],
    rows.map((r) => {
      const tick = el("input", "tick");
      tick.type = "checkbox";
      tick.title = "tick two explanations of the same question to compare them";
      tick.addEventListener("change", () => {
        state.ticked = state.ticked.filter((x) => x !== r.id);
        if (tick.checked) { state.ticked.push(r.id); }
        $("compare").disabled = state.ticked.length !== 2;
      });
      const open = el("button", "secondary open", "Open");
      open.type = "button";
      open.addEventListener("click", () => {
        $("compare-view").replaceChildren();
        openExplanation(r.id, $("saved-view"), false).then((v) => {
          if (v) { v.section.scrollIntoView({ block: "start" }); }
        });
      });
      const top = r.top && r.top.length ? r.top[0].label + " (" + num(r.top[0].importance) + ")" : "\u2013";
      return [tick, r.created_at.replace("T", " ").slice(0, 19), r.question, r.answer, top,
        String(r.cost.generator_calls === undefined ? "\u2013" : r.cost.generator_calls), open];
    }));
  t.querySelectorAll("tbody tr").forEach((tr, i) => { tr.dataset.id = rows[i].id; tr.children[2].className = "q"; });
  list.appendChild(t);
}

function renderTimeline(days) {
  const box = $("timeline");
  box.replaceChildren();
  if (!days.length) { box.appendChild(el("p", "empty", "nothing saved yet")); return; }
  const most = Math.max(...days.map((d) => d.explanations));
  for (const d of days.slice().reverse()) {
    const day = el("div", "day");
    const bar = el("div", "bar");
    bar.style.height = Math.max(4, 60 * d.explanations / most) + "px";
    day.title = d.day + ": " + d.explanations + " explanations, " + d.questions + " questions, "
      + d.generator_calls + " generator calls, " + (d.prompt_tokens + d.completion_tokens) + " tokens";
    append(day, el("span", null, String(d.explanations)), bar, el("span", null, d.day.slice(5)));
    box.appendChild(day);
  }
}

async function compareTicked() {
  const [a, b] = state.ticked;
  clearError();
  let c;
  try {
    c = await api("/api/compare?a=" + encodeURIComponent(a) + "&b=" + encodeURIComponent(b));
  } catch (err) {
    $("compare-view").replaceChildren();  // an earlier comparison is not this one's
    showError(err);
    return;
  }
  clearError();
  $("saved-view").replaceChildren();
  const box = $("compare-view");
  box.replaceChildren(el("h2", null, "Compared: " + c.question));
  const grid = el("div", "compare-grid");
  for (const [side, name] of [[c.a, "earlier"], [c.b, "later"]]) {
    const s = el("div", "side");
    append(s, el("h3", null, name + " \u00b7 " + side.created_at), append(el("p", "answer"), el("span", "qlabel", "A"),
      el("span", "text", side.answer)), el("p", "note", side.generator_calls + " generator calls \u00b7 noise floor "
      + num(side.noise_floor) + (side.incomplete ? " \u00b7 incomplete (" + side.incomplete.reason + ")" : "")));
    const ol = el("ol", "top");
    for (const l of (name === "earlier" ? c.top.a : c.top.b)) { ol.appendChild(el("li", null, l)); }
    append(s, el("b", null, "top components"), ol);
    grid.appendChild(s);
  }
  box.appendChild(grid);
  box.appendChild(el("p", "note", (c.same_answer ? "Same answer. " : "The answer moved. ")
    + (c.top.entered.length ? "Entered the top: " + c.top.entered.join("; ") + ". " : "")
    + (c.top.left.length ? "Left the top: " + c.top.left.join("; ") + ". " : "")
    + (c.top.unmeasured_b.length ? "Not measured in the later: " + c.top.unmeasured_b.join("; ") + ". " : "")
    + (c.top.unmeasured_a.length ? "Not measured in the earlier: " + c.top.unmeasured_a.join("; ") + ". " : "")
    + (c.context.only_a.length || c.context.only_b.length ? "Context: " + c.context.only_a.length
      + " facts only in the earlier, " + c.context.only_b.length + " only in the later. " : "Same context. ")
    + (c.settings.length ? "Settings that differ: " + c.settings.map((s) => s.setting + " " + JSON.stringify(s.a)
      + " \u2192 " + JSON.stringify(s.b)).join(", ") + "." : "Same settings.")));
  // what moved first; components scored the same (or only at 0 in one of the two) folded away, and those one of
  // the two did not measure (another strategy, or not evaluated) apart: nothing says how they moved
  const moved = (r) => r.moved === "up" || r.moved === "down" || ((r.moved === "new" || r.moved === "gone")
    && (r.importance_a || r.importance_b));
  const unmeasured = c.rows.filter((r) => r.moved === "unmeasured");
  const measured = c.rows.filter((r) => r.moved !== "unmeasured");
  const movedRows = measured.filter(moved);
  const still = measured.filter((r) => !moved(r));
  box.appendChild(el("h3", null, "What moved (" + movedRows.length + " of " + measured.length
    + " components measured in both, or in the one context that held them)"));
  box.appendChild(movedRows.length ? movedTable(movedRows) : el("p", "empty", "No score measured in both moved."));
  if (still.length) {
    const more = el("details", "unmoved");
    append(more, el("summary", null, still.length + " components scored the same, or only at 0 in one of them"),
      movedTable(still));
    box.appendChild(more);
  }
  if (unmeasured.length) {
    const more = el("details", "unmeasured");
    append(more, el("summary", null, unmeasured.length + " components measured in only one of them (another "
      + "strategy, or not evaluated): not compared"), movedTable(unmeasured));
    box.appendChild(more);
  }
  box.scrollIntoView({ block: "start" });
}

function movedTable(rows) {
  const t = table("moved", ["component", "strategy", "importance earlier", "importance later", "\u0394",
    "rank", "moved"], rows.map((r) => [r.label, r.strategy, num(r.importance_a), num(r.importance_b),
    r.delta === null ? "\u2013" : (r.delta > 0 ? "+" : "") + num(r.delta),
    (r.rank_a === null ? "\u2013" : r.rank_a) + " \u2192 " + (r.rank_b === null ? "\u2013" : r.rank_b), movedText(r)]));
  t.querySelectorAll("tbody tr").forEach((tr, i) => {
    tr.lastChild.className = rows[i].moved;
    tr.dataset.moved = rows[i].moved;
  });
  return t;
}

const UNMEASURED = { a: "not measured earlier", b: "not measured later", both: "not measured in either" };
const MOVED = { new: "new: not in the earlier context", gone: "gone: not in the later context" };

function movedText(r) {
  return r.moved === "unmeasured" ? UNMEASURED[r.unmeasured] : MOVED[r.moved] || r.moved;
}

// -- start ---------------------------------------------------------------------------------------------------

globalThis.xgrag = { views: [], paints: [], savedLoads: 0 };
$("tab-ask").addEventListener("click", () => selectTab("ask"));
$("tab-saved").addEventListener("click", () => selectTab("saved"));
$("ask-form").addEventListener("submit", ask);
$("question").addEventListener("input", countQuestion);
$("cancel").addEventListener("click", cancel);
$("save").addEventListener("click", save);
$("export").addEventListener("click", exportPage);
$("filters").addEventListener("submit", loadSaved);
$("compare").addEventListener("click", compareTicked);
loadConfig().catch(showError);
