// One explanation's view: the question and answer, the drawing with the honesty signals beside it, the details of
// whatever is hovered or pinned, the ranked table, the texts, cost and configuration. With `options.whatif` (the
// served page) facts and entities can be selected and asked again without them.

import { append, dl, el, num, sourceText, table, where, yesNo } from "./dom.js";
import { GraphView } from "./graph.js";

function header(vm) {
  const h = el("header", "xg-head");
  append(h, append(el("h2", "question"), el("span", "qlabel", "Q"), el("span", "text", vm.question)));
  append(h, append(el("p", "answer"), el("span", "qlabel", "A"), el("span", "text", vm.answer)));
  append(h, el("p", "meta", [vm.generator, "strategy " + vm.strategy, "response score " +
    vm.honesty.response_score, vm.created_at, "id " + vm.id].join(" \u00b7 ")));
  const inc = vm.honesty.incomplete;
  if (inc) {
    const p = el("p", "incomplete");
    p.setAttribute("role", "alert");
    const what = inc.reason === "cancelled"
      ? "Cancelled: " + inc.answered + " of " + inc.planned + " probes were answered before the run was stopped; "
        + "they are shown and can be saved, the others are marked not evaluated."
      : "Incomplete explanation: " + vm.honesty.incomplete_text + "; the others are marked not evaluated.";
    h.appendChild(p).textContent = what;
  }
  if (vm.honesty.unlinked) {
    const p = el("p", "incomplete unlinked", "Not in the graph: " + vm.honesty.not_in_graph + " matched no entity, "
      + "so the answer does not come from the graph and there is nothing to explain.");
    p.setAttribute("role", "alert");
    h.appendChild(p);
  }
  return h;
}

// An unlinked question: nothing was retrieved or measured, so no signal may read as reassuring (no green marks).
function unlinkedHonesty(h, row) {
  row("linking", "no entity of the graph matched " + h.not_in_graph, "warn");
  row("measured", "nothing: the context is empty, no perturbation was asked", "warn");
  row("generator", h.language_model === false ? "not a language model (a deterministic reader)" : "a language model");
}

function honesty(vm) {
  const h = vm.honesty;
  const box = el("div", "honesty");
  box.appendChild(el("h3", null, "How sure is this?"));
  const d = el("dl");
  function row(k, v, cls) { append(d, el("dt", null, k), el("dd", cls || null, v)); }
  if (h.unlinked) {
    unlinkedHonesty(h, row);
    box.appendChild(d);
    return box;
  }
  if (h.not_in_graph) { row("not in the graph", h.not_in_graph + " matched no entity", "warn"); }
  row("noise floor", num(h.noise_floor) + (h.response_score === "logprob" ? " (drop of P(a\u2080))"
    : " (semantic shift between " + h.baseline_runs + " baseline answers)"));
  if (h.reproduced === null) { row("baseline", "asked once: reproduction not checked", "warn"); }
  else if (h.reproduced) { row("baseline", "reproduced: " + h.baseline_runs + " of " + h.baseline_runs + " runs gave the same answer", "ok"); }
  else { row("baseline", "NOT reproduced: the baseline runs answered differently (" + h.baseline_answers.join(" / ") + ")", "warn"); }
  row("scores", h.verified + " verified by their own removal, " + h.estimated + " estimated by group tests, "
    + h.not_evaluated + " not evaluated", h.estimated || h.not_evaluated || !h.verified ? "warn" : "ok");
  row("at or below the floor", h.below_floor + (h.below_floor === 1 ? " scored component" : " scored components"));
  row("deciding chain", h.chain ? h.chain + (h.chain === 1 ? " component" : " components")
    + " whose own removal changed the answer (red)"
    : "no single removal changed the answer", h.chain ? null : "warn");
  if (h.observed_answer !== null && h.observed_answer !== undefined) {
    row("observed answer", h.observed_answer + " (similarity to a\u2080 " + num(h.observed_similarity, 2) + ")",
      h.observed_similarity !== null && h.observed_similarity < 0.9 ? "warn" : null);
  }
  row("generator", h.language_model === false ? "not a language model (a deterministic reader)" : "a language model");
  box.appendChild(d);
  return box;
}

function legend() {
  const p = el("p", "legend");
  for (const [cls, text] of [["seed", "seed entity"], ["chain", "deciding chain"], ["bridge", "bridge node"],
    ["unscored", "not scored (dashed)"], ["removed", "removed in the what-if"]]) {
    append(p, append(el("span"), el("span", "mark " + cls), document.createTextNode(text)));
  }
  return p;
}

function colourBar(vm) {
  const wrap = el("div", "colour-bar");
  const ramp = el("div", "ramp");
  ramp.style.background = "linear-gradient(to right, " + vm.colour_stops.map((s) => s[1] + " " + (100 * s[0]) + "%")
    .join(", ") + ")";
  const ticks = el("div", "ticks");
  for (const t of ["0", "0.25", "0.5", "0.75", "1"]) { ticks.appendChild(el("span", null, t)); }
  append(wrap, el("span", null, "importance"), append(el("div"), ramp, ticks));
  wrap.title = "Importance 1 \u2212 cos(E(a\u2080), E(a\u209a)): how far the answer moved";
  return wrap;
}

export function renderView(container, vm, options) {
  options = options || {};
  const arrived = options.arrived === undefined ? performance.now() : options.arrived;
  const sec = el("section", "xg-view");
  sec.dataset.id = vm.id;
  container.appendChild(sec);
  sec.appendChild(header(vm));
  const grid = el("div", "xg-grid");
  const figure = el("div", "xg-figure");
  const side = el("div", "xg-side");
  append(grid, figure, side);
  sec.appendChild(grid);

  // -- the drawing and its controls
  const controls = el("div", "controls");
  const relLabel = el("label");
  const relBox = el("input", "rel-toggle");
  relBox.type = "checkbox";
  append(relLabel, relBox, document.createTextNode(" every relation name"));
  controls.appendChild(relLabel);
  let expand = null;
  const n = vm.graph.nodes.length;
  if (vm.graph.collapsed) {
    expand = el("button", "expand", "Show all " + n + " entities");
    expand.type = "button";
    expand.setAttribute("aria-expanded", "false");
    controls.appendChild(expand);
  }
  figure.appendChild(controls);
  const canvas = el("div", "xg-cy" + (vm.graph.drawings.whole && vm.graph.drawings.whole.height < 450 ? " small" : ""));
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", vm.graph.collapsed ? "the most important entities, coloured by importance"
    : "the retrieved subgraph, coloured by importance");
  figure.appendChild(canvas);
  const caption = el("p", "caption", vm.graph.caption + (vm.graph.focus ? ". " + vm.graph.focus : "")
    + ". Hover or click an entity, a relationship or a table row.");
  append(figure, caption, legend(), colourBar(vm));

  // -- beside the drawing: how sure the explanation is, the what-if, the details of what is hovered
  side.appendChild(honesty(vm));
  const panel = el("div", "details");
  panel.setAttribute("aria-live", "polite");
  const hint = el("p", "hint", "Hover or click an entity, a relationship or a table row to see its scores, the "
    + "counterfactual answer and its provenance.");
  panel.appendChild(hint);
  side.appendChild(panel);
  const selected = new Map();  // key -> unit, the what-if selection
  let whatifBox = null;
  const state = { pinned: null };
  const view = { vm: vm, section: sec, graph: null, selected: selected };
  if (options.whatif) {
    whatifBox = whatifPanel(vm, options.whatif, selected, () => syncSelection());
    side.insertBefore(whatifBox.element, panel);
  }

  // -- below the drawing (built once the drawing has been painted: a large table must not delay it)
  function below() {
  const ranked = el("div", "xg-ranked");
  sec.appendChild(ranked);
  ranked.appendChild(el("h3", null, "Ranked components"));
  const wrap = el("div", "table-wrap");
  const t = el("table", "ranked");
  const headRow = el("tr");
  const cols = ["#", "strategy", "component", "importance", "rank", "changed", "counterfactual answer", "provenance"];
  if (options.whatif) { headRow.appendChild(el("th", "remove", "remove")).title = "select for the what-if"; }
  for (const c of cols) { headRow.appendChild(el("th", null, c)); }
  append(t, append(el("thead"), headRow));
  const body = el("tbody");
  vm.rows.forEach((r, i) => {
    const tr = el("tr", "component" + (r.chain ? " chain" : ""));
    if (r.key) { tr.dataset.key = r.key; tr.tabIndex = 0; }
    tr.dataset.unit = r.unit.kind + ":" + r.unit.id;
    if (options.whatif) {
      const td = el("td", "remove");
      const box = el("input", "remove-unit");
      box.type = "checkbox";
      box.title = "remove " + r.label + " in the what-if";
      box.addEventListener("click", (ev) => { ev.stopPropagation(); toggleUnit(r.key, r.unit, box.checked); });
      tr.appendChild(append(td, box));
    }
    tr.appendChild(el("td", "num", i + 1));
    tr.appendChild(el("td", null, r.strategy));
    const label = el("td", "label");
    const sw = el("span", "swatch");
    sw.style.background = r.fill;
    append(label, sw, document.createTextNode(r.label));
    if (r.copies && r.copies.length) {
      // a copy of a fact the context states several times: removed with the others, its score is the group's
      const mark = el("span", "copy-of", "one of " + (r.copies.length + 1) + " copies, with " + r.copies.join(", "));
      mark.title = "the context states this fact " + (r.copies.length + 1) + " times: the copies are removed "
        + "together and share one joint importance (" + num(r.joint_importance) + ")";
      label.appendChild(mark);
    }
    if (r.alternatives && r.alternatives.length) {
      // redundant support: which of interchangeable facts the model read no removal shows
      const n = r.alternatives.length;
      const alt = el("span", "copy-of", "interchangeable with " + n + " parallel fact" + (n === 1 ? "" : "s") + ": "
        + r.alternatives.slice(0, 3).join("; ") + (n > 3 ? "; +" + (n - 3) + " more" : ""));
      alt.title = "removed before this one while the answer stayed; each states the same relation to the same "
        + "seed or answer, so which the model read does not show in its answers (inferred, not each measured here)";
      label.appendChild(alt);
    }
    tr.appendChild(label);
    const imp = el("td", "num importance", num(r.importance));
    if (r.copies && r.copies.length) { imp.appendChild(el("span", "flag joint", "joint")); }
    if (r.flag) {
      const f = el("span", "flag " + r.flag, r.flag);
      f.title = { estimated: "estimated: cleared as part of a group whose removal did not move the answer; not "
        + "removed on its own", conditional: "measured after removing redundant alternatives",
      noise: "at or below the noise floor" }[r.flag];
      imp.appendChild(f);
    }
    tr.appendChild(imp);
    tr.appendChild(el("td", "num", r.rank === null ? "\u2013" : r.rank));
    tr.appendChild(el("td", null, yesNo(r.changed)));
    tr.appendChild(el("td", "cf", r.counterfactual === null ? "\u2013" : r.counterfactual));
    tr.appendChild(el("td", "prov", r.provenance));
    body.appendChild(tr);
  });
  t.appendChild(body);
  if (vm.rows.length) { ranked.appendChild(append(wrap, t)); }
  else { ranked.appendChild(el("p", "empty", "No component was scored.")); }
  if (vm.notes) { ranked.appendChild(el("p", "note", vm.notes)); }
  if (vm.copies && vm.copies.length) {
    // copies of one fact (a stack's context): removing one leaves the others, so they are one unit with one score
    const c = el("div", "copies");
    append(c, el("h3", null, "Copies of one fact"), el("p", "note", "Each fact below is stated by several units of "
      + "the context. Removing one copy leaves the others, so the copies are removed together: the importance is "
      + "the group's joint importance, shown on every copy."));
    const ct = table("copies-table", ["joint importance", "rank", "changed", "counterfactual answer", "fact",
      "copies"], vm.copies.map((g) => [num(g.importance), g.rank === null ? "\u2013" : String(g.rank),
      yesNo(g.changed), g.counterfactual === null ? "\u2013" : g.counterfactual, g.text,
      g.members.map((m) => m.kind === "span" ? m.id + " (in item " + m.item + ")" : m.kind + " " + m.id)
        .join("; ")]));
    ct.querySelectorAll("tbody tr").forEach((tr, i) => {
      tr.className = "copy-group";
      tr.dataset.group = vm.copies[i].id;
      const sw = el("span", "swatch");
      sw.style.background = vm.copies[i].fill;
      tr.cells[0].prepend(sw);
    });
    ranked.appendChild(append(c, ct));
  }
  if (vm.bridges.length) {
    const b = el("div", "bridges");
    append(b, el("h3", null, "Bridge nodes"), el("p", "bridge-line", vm.bridge_line));
    const bt = table("bridge-table", ["entity", "core-pair paths", "articulation", "importance"],
      vm.bridges.map((x) => [x.name, x.paths === null || x.paths === undefined ? "\u2013" : String(x.paths),
        yesNo(x.articulation), num(x.importance)]));
    bt.querySelectorAll("tbody tr").forEach((tr, i) => {
      tr.className = "bridge-row";
      tr.dataset.key = vm.bridges[i].key;
      tr.tabIndex = 0;
    });
    ranked.appendChild(append(b, bt));
  }

  // -- texts, cost, configuration
  const texts = el("div", "texts");
  append(texts, append(el("p", "user-explanation"), el("b", null, "For the user: "),
    document.createTextNode(vm.texts.user)));
  append(texts, append(el("p", "technical-explanation"), el("b", null, "Technical: "),
    document.createTextNode(vm.texts.technical)));
  if (vm.texts.evidence.length) {
    append(texts, append(el("p", "evidence"), el("b", null, "Generator evidence: "),
      document.createTextNode(vm.texts.evidence.join("; "))));
  }
  if (vm.texts.surrogate) { texts.appendChild(el("p", "note", vm.texts.surrogate)); }
  texts.appendChild(el("p", "note", vm.texts.cost));
  sec.appendChild(texts);
  const facts = el("div", "facts");
  append(facts, append(el("div", "cost"), el("h4", null, "Cost"), dl(null, vm.cost)),
    append(el("div", "config"), el("h4", null, "Configuration"), dl(null, vm.config)));
  sec.appendChild(facts);
  sec.querySelectorAll("tr[data-key]").forEach((x) => {
    const key = x.dataset.key;
    x.addEventListener("mouseenter", () => hover(key));
    x.addEventListener("mouseleave", leave);
    x.addEventListener("focus", () => hover(key));
    x.addEventListener("click", () => tap(key));
    x.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); tap(key); }
    });
  });
  }

  // -- interaction: hover shows, click pins, the table and the drawing stay in step
  function markRows(key) {
    sec.querySelectorAll("[data-key]").forEach((x) => {
      x.classList.toggle("active", key !== null && x.dataset.key === key);
    });
  }
  function show(key) {
    const d = vm.details[key];
    if (!d) { return; }
    // the details scroll inside the panel; the what-if button sits below them, always in view (a long provenance
    // list pushed it out of the panel's fixed height)
    const body = el("div", "details-body");
    panel.replaceChildren(body);
    panel.dataset.shown = key;
    append(body, el("h4", "title", d.title), el("p", "subtitle", d.kind + " \u00b7 " + d.subtitle));
    for (const b of d.badges) { body.appendChild(el("span", "badge" + (b.startsWith("on the deciding") ? " chain" : ""), b)); }
    if (d.scores.length) {
      const st = table("scores", ["strategy", "importance", "rank", "changed", "counterfactual answer"],
        d.scores.map((s) => [s.strategy + (s.synonym ? " (as \u201c" + s.synonym + "\u201d)" : ""),
          num(s.importance) + (s.evaluated === "conditional" ? " (conditional)"
            : s.evaluated === "group" ? " (estimated by a group test)" : ""),
          s.rank === null ? "\u2013" : String(s.rank), yesNo(s.changed),
          s.counterfactual === null ? "\u2013" : s.counterfactual]));
      st.querySelectorAll("tbody tr").forEach((tr) => { tr.lastChild.className = "counterfactual"; });
      body.appendChild(st);
    } else {
      body.appendChild(el("p", "unscored", "Not scored by the strategies of this explanation."));
    }
    body.appendChild(el("b", null, "Provenance"));
    const ul = el("ul", "provenance");
    if (!d.provenance.length) { ul.appendChild(el("li", null, "none recorded")); }
    for (const p of d.provenance) {
      const li = el("li", null, where(p));
      if (p.text) { li.appendChild(sourceText(p)); }
      ul.appendChild(li);
    }
    body.appendChild(ul);
    if (options.whatif) {
      const on = selected.has(key);
      const b = el("button", "secondary unit-toggle", on ? "Keep it in the what-if" : "Remove it in the what-if");
      b.type = "button";
      b.addEventListener("click", () => { toggleUnit(key, d.unit, !selected.has(key)); show(key); });
      panel.appendChild(append(el("div", "details-actions"), b));
    }
    markRows(key);
    if (view.graph) { view.graph.mark(key); }
  }
  function reset() {
    panel.replaceChildren(hint);
    delete panel.dataset.shown;
    markRows(null);
    if (view.graph) { view.graph.mark(null); }
  }
  function hover(key) { show(key); }
  function leave() { if (state.pinned) { show(state.pinned); } else { reset(); } }
  function tap(key) {
    state.pinned = state.pinned === key ? null : key;
    if (state.pinned) { show(state.pinned); } else { reset(); }
  }
  function toggleUnit(key, unit, on) {
    if (on) { selected.set(key, unit); } else { selected.delete(key); }
    syncSelection();
  }
  function syncSelection() {
    sec.querySelectorAll("table.ranked tbody tr").forEach((tr) => {
      const on = tr.dataset.key !== undefined && selected.has(tr.dataset.key);
      tr.classList.toggle("removed", on);
      const box = tr.querySelector("input.remove-unit");
      if (box) { box.checked = on; }
    });
    if (view.graph) { view.graph.setRemoved(selected.keys()); }
    if (whatifBox) { whatifBox.update(); }
  }
  view.show = show;
  view.reset = reset;
  view.toggleUnit = toggleUnit;

  // -- the drawing: its first paint is measured from the moment the data arrived; then the rest is built, and the
  // view says it is ready (data-first-paint-ms)
  function ready() {
    below();
    sec.dataset.firstPaintMs = view.firstPaintMs.toFixed(1);
    if (options.painted) { options.painted(view.firstPaintMs); }
  }
  if (vm.graph.nodes.length) {
    view.graph = new GraphView(canvas, vm, { hover: hover, leave: leave, tap: tap });
    view.graph.cy.one("render", () => requestAnimationFrame(() => {
      view.firstPaintMs = performance.now() - arrived;
      ready();
    }));
    relBox.addEventListener("change", () => view.graph.setRelations(relBox.checked));
    if (expand) {
      expand.addEventListener("click", () => {
        const on = expand.getAttribute("aria-expanded") !== "true";
        grid.classList.toggle("expanded", on);
        expand.setAttribute("aria-expanded", on ? "true" : "false");
        expand.textContent = on ? "Show the " + vm.graph.shown + " most important only" : "Show all " + n + " entities";
        canvas.setAttribute("aria-label", on ? "every entity, coloured by importance"
          : "the most important entities, coloured by importance");
        view.graph.setExpanded(on);
      });
    }
  } else {
    canvas.replaceWith(el("p", "empty", vm.honesty.unlinked
      ? "No subgraph: nothing in the graph matched the question." : "No subgraph was retrieved for this question."));
    view.firstPaintMs = performance.now() - arrived;
    ready();
  }
  return view;
}

function whatifPanel(vm, ask, selected, changed) {
  const box = el("div", "whatif");
  append(box, el("h3", null, "What if\u2026"),
    el("p", "note", "Tick facts or entities in the table (or pick one in the drawing), then ask again without them. "
      + "Nothing is written to the graph: the removal is a filter on this explanation's context."));
  const list = el("ul", "selection");
  const buttons = el("div", "buttons");
  const go = el("button", "primary ask-whatif", "Ask without the selected");
  const undo = el("button", "secondary undo", "Undo");
  const reset = el("button", "secondary reset", "Reset");
  for (const b of [go, undo, reset]) { b.type = "button"; buttons.appendChild(b); }
  const result = el("div", "result");
  result.setAttribute("aria-live", "polite");
  const history = el("ol", "history");
  append(box, list, buttons, result, history);
  const done = [];  // [{selection: Map, result}]

  function labelOf(key) { return vm.details[key] ? vm.details[key].title : key; }
  function update() {
    list.replaceChildren();
    for (const key of selected.keys()) { list.appendChild(el("li", null, labelOf(key))); }
    if (!selected.size) { list.appendChild(el("li", "none", "nothing selected")); }
    go.disabled = !selected.size;
    undo.disabled = !done.length;
    reset.disabled = !done.length && !selected.size;
    go.textContent = "Ask without the selected (" + selected.size + ")";
  }
  function showResult(entry) {
    result.replaceChildren();
    if (!entry) { return; }
    const r = entry.result;
    const a = append(el("div", "box original"), el("div", "what", "original answer"), el("div", "text", vm.answer));
    const b = append(el("div", "box counterfactual" + (r.changed ? " changed" : "")),
      el("div", "what", "without " + r.labels.length + " selected"),
      el("div", "text", r.answer === null ? "(log P(a\u2080) scored: " + num(r.answer_logprob, 2) + ")" : r.answer));
    const shift = el("div", "shift", (vm.honesty.response_score === "logprob" ? "drop of P(a\u2080) " : "semantic shift ")
      + num(r.effect) + (r.changed === null ? "" : r.changed ? " \u00b7 the answer changed" : " \u00b7 the answer did not change")
      + (r.below_noise_floor ? " \u00b7 at or below the noise floor " + num(vm.honesty.noise_floor) : "")
      + (r.cached ? " \u00b7 from the response cache" : "") + " \u00b7 " + r.facts_left + " facts left");
    append(result, a, b, shift);
  }
  function renderHistory() {
    history.replaceChildren();
    for (const entry of done) {
      history.appendChild(el("li", null, entry.result.labels.join("; ") + " \u2192 "
        + (entry.result.answer === null ? num(entry.result.effect) : entry.result.answer)));
    }
  }
  go.addEventListener("click", async () => {
    const units = Array.from(selected.values());
    const snapshot = new Map(selected);
    go.disabled = true;
    result.replaceChildren(el("p", "note", "asking\u2026"));
    try {
      const r = await ask(units);
      done.push({ selection: snapshot, result: r });
      showResult(done[done.length - 1]);
      renderHistory();
    } catch (err) {
      result.replaceChildren(el("p", "alert", err.message || String(err)));
    }
    update();
  });
  undo.addEventListener("click", () => {
    done.pop();
    const last = done[done.length - 1];
    selected.clear();
    if (last) { for (const [k, v] of last.selection) { selected.set(k, v); } }
    showResult(last);
    renderHistory();
    changed();
  });
  reset.addEventListener("click", () => {
    done.length = 0;
    selected.clear();
    showResult(null);
    renderHistory();
    changed();
  });
  update();
  return { element: box, update: update };
}
