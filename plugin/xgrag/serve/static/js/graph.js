// The subgraph drawn with cytoscape.js (vendored). Positions and label placement come with the view data (computed
// by xgrag: deterministic, labels that never overlap); labels are carried by tiny transparent nodes at their
// places, so a name is cytoscape text, never markup. A large subgraph has a collapsed and a full drawing.

const FONT = "system-ui, -apple-system, Segoe UI, Roboto, Helvetica Neue, Arial, sans-serif";
const HALIGN = { start: "right", end: "left", middle: "center" };

function styles() {
  return [
    { selector: "node.entity", style: {
      width: "data(d)", height: "data(d)", "background-color": "data(fill)", "border-width": 1.2,
      "border-color": "#4a525c", label: "", "overlay-opacity": 0 } },
    { selector: "node.entity.seed", style: { "border-width": 3, "border-color": "#1d232b" } },
    { selector: "node.entity.derived", style: { "border-style": "dashed" } },
    { selector: "node.entity.unscored", style: { "border-style": "dashed", "border-color": "#7b8591" } },
    { selector: "node.entity.bridge", style: { "outline-width": 2, "outline-color": "#0b63ce",
      "outline-style": "dashed", "outline-offset": 3, "outline-opacity": 1 } },
    { selector: "node.entity.chain", style: { "underlay-color": "#d7191c", "underlay-opacity": 0.3,
      "underlay-padding": 6, "underlay-shape": "ellipse" } },
    { selector: "edge", style: {
      width: "data(w)", "line-color": "data(fill)", "target-arrow-color": "data(fill)",
      "target-arrow-shape": "triangle", "arrow-scale": 0.8, "curve-style": "bezier",
      "control-point-step-size": "data(step)", "loop-direction": "0deg", "loop-sweep": "-50deg",
      "overlay-opacity": 0 } },
    { selector: "edge.unscored", style: { "line-style": "dashed", "line-color": "#9aa3ad",
      "target-arrow-color": "#9aa3ad" } },
    { selector: "edge.undirected", style: { "target-arrow-shape": "none" } },
    { selector: "edge.chain", style: { "underlay-color": "#d7191c", "underlay-opacity": 0.28, "underlay-padding": 4 } },
    { selector: "node.entity.active", style: { "border-color": "#0b63ce", "border-width": 4 } },
    { selector: "edge.active", style: { "underlay-color": "#0b63ce", "underlay-opacity": 0.45, "underlay-padding": 5 } },
    { selector: "node.entity.removed", style: { "background-opacity": 0.25, "border-style": "dashed",
      "border-color": "#6a1b9a", "border-width": 2.5 } },
    { selector: "edge.removed", style: { "line-style": "dashed", "line-color": "#6a1b9a",
      "target-arrow-color": "#6a1b9a", "underlay-opacity": 0, opacity: 0.6 } },
    { selector: "node.label", style: {
      width: 1, height: 1, "background-opacity": 0, "border-width": 0, events: "no", label: "data(text)",
      "font-size": "data(size)", "font-family": FONT, color: "#1d232b", "text-outline-color": "#fbfcfd",
      "text-outline-width": 2.5, "text-valign": "center", "text-halign": "center", "min-zoomed-font-size": 0,
      "overlay-opacity": 0 } },
    { selector: "node.label.ha-right", style: { "text-halign": "right" } },
    { selector: "node.label.ha-left", style: { "text-halign": "left" } },
    { selector: "node.label.relation, node.label.extra", style: { "font-style": "italic", color: "#3d4650" } },
    { selector: "node.label.hover, node.label.extra", style: { display: "none" } },
    { selector: "node.label.show", style: { display: "element" } },
    { selector: "node.label.conceal", style: { display: "none" } },
  ];
}

function elementsFor(vm, drawing) {
  const nodes = new Map(vm.graph.nodes.map((n) => [n.key, n]));
  const edges = new Map(vm.graph.edges.map((e) => [e.key, e]));
  const out = [];
  for (const [key, xy] of Object.entries(drawing.positions)) {
    const n = nodes.get(key);
    const cls = ["entity"];
    if (n.seed) { cls.push("seed"); }
    if (n.bridge) { cls.push("bridge"); }
    if (n.chain) { cls.push("chain"); }
    if (n.derived) { cls.push("derived"); }
    if (n.value === null) { cls.push("unscored"); }
    out.push({ group: "nodes", data: { id: key, fill: n.fill, d: 2 * drawing.radius[key], value: n.value },
      position: { x: xy[0], y: xy[1] }, classes: cls.join(" ") });
  }
  for (const key of drawing.edges) {
    const e = edges.get(key);
    const cls = [];
    if (e.value === null) { cls.push("unscored"); }
    if (e.chain) { cls.push("chain"); }
    if (e.undirected) { cls.push("undirected"); }  // a storage-ordered relation whose description states no direction
    const w = (drawing.kind === "full" ? 1.0 : 1.4) + 3.2 * Math.min(1, Math.max(0, e.value || 0));
    out.push({ group: "edges", data: { id: key, source: e.source, target: e.target, fill: e.fill, w: w,
      step: 2 * drawing.parallel_step, value: e.value }, classes: cls.join(" ") });
  }
  drawing.labels.forEach((l, i) => {
    out.push({ group: "nodes", data: { id: "label-" + i, owner: l.owner, text: l.text, size: l.size },
      position: { x: l.x, y: l.y }, classes: "label " + l.role + " ha-" + HALIGN[l.anchor] });
  });
  return out;
}

export class GraphView {
  // container: an element with a size; vm: the view data; handlers: {hover(key), leave(), tap(key)}
  constructor(container, vm, handlers) {
    this.container = container;
    this.vm = vm;
    this.handlers = handlers;
    this.kind = vm.graph.collapsed ? "collapsed" : "whole";
    this.removed = new Set();
    this.active = null;
    this.relations = false;
    this.cy = globalThis.cytoscape({
      container: container, elements: elementsFor(vm, vm.graph.drawings[this.kind]), style: styles(),
      layout: { name: "preset", fit: true, padding: 12 }, autoungrabify: true, boxSelectionEnabled: false,
      minZoom: 0.15, maxZoom: 5, selectionType: "single", autounselectify: true,
    });
    const cy = this.cy;
    this.hovering = null;
    cy.on("mouseover", "node.entity, edge", (ev) => {
      container.style.cursor = "pointer";
      this.hovering = ev.target.id();
      this.handlers.hover(this.hovering);
    });
    const out = () => {
      if (this.hovering === null) { return; }
      this.hovering = null;
      container.style.cursor = "";
      this.handlers.leave();
    };
    cy.on("mouseout", "node.entity, edge", out);
    // a pointer that leaves the drawing straight from an element gets no mouseout from cytoscape
    container.addEventListener("mouseleave", out);
    cy.on("tap", "node.entity, edge", (ev) => this.handlers.tap(ev.target.id()));
  }

  get drawing() { return this.vm.graph.drawings[this.kind]; }

  has(key) { return this.cy.getElementById(key).nonempty(); }

  setExpanded(on) {
    const kind = on ? "full" : "collapsed";
    if (!this.vm.graph.collapsed || kind === this.kind) { return; }
    this.kind = kind;
    this.cy.batch(() => {
      this.cy.elements().remove();
      this.cy.add(elementsFor(this.vm, this.drawing));
    });
    this.cy.resize();
    this.cy.fit(undefined, 12);
    this.setRelations(this.relations);
    this.mark(this.active);
    this.setRemoved(this.removed);
  }

  fit() { this.cy.resize(); this.cy.fit(undefined, 12); }

  setRelations(on) {
    this.relations = on;
    this.cy.nodes("node.label.extra").toggleClass("show", on);
  }

  // highlight one element (and show its full name if it was shortened or hidden), or none
  mark(key) {
    const cy = this.cy;
    cy.batch(() => {
      cy.elements(".active").removeClass("active");
      cy.nodes("node.label.hover.show").removeClass("show");
      cy.nodes("node.label.conceal").removeClass("conceal");
      if (!this.relations) { cy.nodes("node.label.extra.show").removeClass("show"); }
      this.active = key;
      if (key === null || key === undefined) { return; }
      const target = cy.getElementById(key);
      if (target.empty()) { return; }
      target.addClass("active");
      const own = cy.nodes("node.label").filter((n) => n.data("owner") === key);
      if (own.filter(".hover").nonempty()) {
        own.filter(".hover").addClass("show");
        own.filter(".short").addClass("conceal");
      }
      own.filter(".extra").addClass("show");
    });
  }

  setRemoved(keys) {
    this.removed = new Set(keys);
    this.cy.batch(() => {
      this.cy.elements(".removed").removeClass("removed");
      for (const key of this.removed) { this.cy.getElementById(key).addClass("removed"); }
    });
  }

  // where an element is drawn on the page (for a person's pointer, and for tests): the centre in client pixels
  clientPoint(key) {
    const ele = this.cy.getElementById(key);
    if (ele.empty()) { return null; }
    const box = this.container.getBoundingClientRect();
    const p = ele.isNode() ? ele.renderedPosition() : ele.renderedMidpoint();
    return { x: box.left + p.x, y: box.top + p.y };
  }

  // the labels drawn visible, as the boxes of their text in client pixels (what a person sees; tests check that
  // none overlap): the glyphs' width and the font's height from the canvas's own metrics, where cytoscape drew them
  visibleLabels() {
    const box = this.container.getBoundingClientRect();
    const zoom = this.cy.zoom();
    const pan = this.cy.pan();
    const ctx = document.createElement("canvas").getContext("2d");
    return this.cy.nodes("node.label").filter((n) => n.visible()).map((n) => {
      ctx.font = [n.style("font-style"), n.style("font-weight"), n.style("font-size"), n.style("font-family")].join(" ");
      const m = ctx.measureText(n.data("text"));
      const h = m.fontBoundingBoxAscent + m.fontBoundingBoxDescent;
      const x = n.position("x");
      const halign = n.style("text-halign");
      const x1 = halign === "right" ? x + n.width() / 2 : halign === "left" ? x - n.width() / 2 - m.width : x - m.width / 2;
      const b = n.boundingBox({ includeNodes: false, includeEdges: false, includeLabels: true });
      const cy = (b.y1 + b.y2) / 2;
      const client = (mx, my) => [box.left + mx * zoom + pan.x, box.top + my * zoom + pan.y];
      const [l, t] = client(x1, cy - h / 2);
      const [r, bottom] = client(x1 + m.width, cy + h / 2);
      return [n.data("text"), l, t, r, bottom];
    });
  }
}
