// DOM helpers. Every text from the data enters the page through textContent: markup in a name stays text.

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) { e.className = cls; }
  if (text !== undefined && text !== null) { e.textContent = String(text); }
  return e;
}

export function append(parent, ...children) {
  for (const c of children) {
    if (c !== null && c !== undefined && c !== false) { parent.appendChild(c); }
  }
  return parent;
}

export function num(v, digits) {
  return (v === null || v === undefined) ? "\u2013" : Number(v).toFixed(digits === undefined ? 3 : digits);
}

export function yesNo(v) {
  return v === null || v === undefined ? "\u2013" : (v ? "yes" : "no");
}

export function where(p) {
  const parts = [];
  if (p.source !== undefined) { parts.push(String(p.source).replace(/\/+$/, "").split("/").pop()); }
  else if (p.doc_id !== undefined) { parts.push("document " + p.doc_id); }
  if (p.source !== undefined && p.doc_id !== undefined && p.doc_id !== p.source) { parts.push("document " + p.doc_id); }
  if (p.chunk_index !== undefined) { parts.push("chunk " + p.chunk_index); }
  else if (p.chunk_id !== undefined) { parts.push("chunk " + p.chunk_id); }
  if (p.line !== undefined) { parts.push("line " + p.line); }
  if (p.extractor !== undefined) { parts.push("extractor " + p.extractor); }
  return parts.join(" \u00b7 ");
}

// The chunk text behind a fact: [segment, role of its mark or null] pairs from the view model, each inserted as
// text (a mark is a <mark> whose textContent is the segment): markup in the chunk's text stays text.
export function sourceText(p) {
  const q = el("blockquote", "source-text");
  for (const [segment, role] of p.text) {
    if (role) {
      const m = el("mark", "term " + String(role).replace(/[^a-z]/g, ""), segment);
      m.title = String(role);
      q.appendChild(m);
    } else {
      q.appendChild(document.createTextNode(String(segment)));
    }
  }
  if (p.text_note) { q.appendChild(el("span", "note", " (" + p.text_note + ")")); }
  return q;
}

export function dl(cls, pairs) {
  const d = el("dl", cls);
  for (const [k, v] of pairs) { append(d, el("dt", null, k), el("dd", null, v)); }
  return d;
}

export function table(cls, head, rows) {
  const t = el("table", cls);
  const tr = el("tr");
  for (const h of head) { tr.appendChild(el("th", null, h)); }
  append(t, append(el("thead"), tr));
  const body = el("tbody");
  for (const r of rows) {
    const row = el("tr");
    for (const cell of r) {
      row.appendChild(cell instanceof Node ? append(el("td"), cell) : el("td", null, cell));
    }
    body.appendChild(row);
  }
  return append(t, body);
}

export function seconds(v) {
  if (v === null || v === undefined) { return "\u2013"; }
  return v < 60 ? v.toFixed(1) + " s" : Math.floor(v / 60) + " min " + Math.round(v % 60) + " s";
}
