"""An Inference as a TOML `[schema]` mapping a person reads and edits (every decision with its reason in a comment,
the values the sample showed), or as JSON for machines. The TOML loads with xgrag.config.load_settings into exactly
the inferred GraphSchema (TOML has no null: a field set to nothing is written "", which load_settings reads so).
"""

from __future__ import annotations

import json
import re
from typing import Any

from xgrag.schema.decide import EntityDecision, PropertyDecision, TypeDecision
from xgrag.schema.infer import Inference

WIDTH = 118
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def toml_value(value: Any) -> str:
    """A TOML value: strings (basic, escaped), booleans, integers, lists of those; None as ""."""
    if value is None:
        return '""'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        out = value.replace("\\", "\\\\").replace('"', '\\"')
        out = _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", out)
        return f'"{out}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def one_line(text: str) -> str:
    """Text from the graph as part of a comment: control characters (a newline would end the comment) as spaces."""
    return _CONTROL.sub(" ", text)


def _comment(text: str, indent: str = "") -> list[str]:
    """`text` as comment lines wrapped at WIDTH: `# <indent>text`, continued two spaces further in."""
    words = one_line(text).split(" ")
    lines: list[str] = []
    line = ""
    for word in words:
        lead = indent if not lines else indent + "  "
        if line and len(lead) + 2 + len(line) + 1 + len(word) > WIDTH:
            lines.append(f"# {lead}{line}".rstrip())
            line = word
        else:
            line = f"{line} {word}" if line else word
    lead = indent if not lines else indent + "  "
    lines.append(f"# {lead}{line}".rstrip())
    return lines


def _kv(key: str, value: Any, why: str = "") -> list[str]:
    line = f"{key} = {toml_value(value)}"
    if not why:
        return [line]
    tail = f"  # {one_line(why)}"
    if len(line) + len(tail) <= WIDTH:
        return [line + tail]
    return [*_comment(why), line]


def _fact_list(key: str, facts: list[PropertyDecision]) -> list[str]:
    if not facts:
        return [f"{key} = []"]
    width = max(len(toml_value(f.key)) for f in facts) + 1
    out = [f"{key} = ["]
    for f in facts:
        item = f"  {toml_value(f.key) + ',':<{width}}"
        out.append((item + f"  # {one_line(f.reason)}").rstrip())
    out.append("]")
    return out


def _excluded(excluded: list[PropertyDecision]) -> list[str]:
    if not excluded:
        return []
    out = ["# not facts:"]
    for e in excluded:
        out += _comment(f"{e.key}: {e.reason}", "  ")
    return out


def _entity(e: EntityDecision) -> list[str]:
    sampled = f"{e.sampled} sampled" if e.sampled < e.count else "all read"
    out = ["", *_comment(f"{e.label}: {e.count:,} nodes ({sampled})"), "[[schema.entities]]",
           f"label = {toml_value(e.label)}"]
    if e.key:
        out += _kv("key", e.key, e.key_reason)
    if e.name:
        out += _kv("name", e.name, e.name_reason)
    else:
        out += _comment(f"name: none; {e.name_reason}")
    if e.name_fallback:
        out += _kv("name_fallback", e.name_fallback, e.fallback_reason)
    if e.label_in_name:
        out += _kv("label_in_name", True, "a record: named by its label and what it holds")
    if e.aliases:
        why = "; ".join(f"{a}: {e.alias_reasons[a]}" if a in e.alias_reasons else f"{a}: a list of other names"
                        for a in e.aliases)
        out += _kv("aliases", e.aliases, f"other names, linked as the name is ({why})")
    out += _fact_list("facts", e.facts)
    if e.identifiers:
        out += _kv("identifiers", e.identifiers, "no facts; stated when a question names them (\"what is the id of "
                                                 "X\")")
    for note in e.notes:
        out += _comment(note)
    out += _excluded(e.excluded)
    return out


def _relationship(t: TypeDecision) -> list[str]:
    out = ["", *_comment(f"{t.type}: {t.count:,} relationships, {', '.join(t.ends)}"
                         + (f" ({t.reason})" if t.reason else "")),
           "[[schema.relationships]]", f"type = {toml_value(t.type)}"]
    if t.relation:
        out += _kv("relation", t.relation, t.relation_reason)
    out += _fact_list("facts", t.facts)
    for note in t.notes:
        out += _comment(note)
    out += _excluded(t.excluded)
    return out


def _header(inf: Inference) -> list[str]:
    p, o = inf.profile, inf.options
    return [
        *_comment(f"xgrag schema mapping inferred by `xgrag schema infer` from {inf.source}."),
        *_comment(f"The graph: {p.nodes:,} nodes, {p.relationships:,} relationships, {len(p.labels)} labels, "
                  f"{len(p.types)} relationship types. Read: counts, constraints, indexes and up to "
                  f"{o.sample_nodes} nodes per label and {o.sample_relationships} relationships per type, in read "
                  "transactions; nothing was written. (`--verbose` / `--json` say what it cost.)"),
        *_comment("Every decision says why; edit freely (a field set to nothing is written \"\"). Load it with "
                  "`--config THIS_FILE` or as ./xgrag.toml."),
        *(_comment(f"Coverage: {inf.coverage.sentence(limit=20)}.") if inf.coverage else []),
        "",
    ]


def render_toml(inf: Inference) -> str:
    lines = _header(inf)
    lines.append("[schema]")
    if inf.recognised is not None:
        r = inf.recognised
        lines += _comment(f"recognised: {r.reason}; preset {r.preset!r} reads it "
                          f"({r.entities:,} entity nodes)")
        lines += _kv("preset", r.preset)
        lines += _kv("read_only", inf.table["read_only"], _read_only_why(inf.table["read_only"]))
        for key, value in r.overrides.items():
            lines += _kv(key, value)
        for note in r.notes:
            lines += _comment(note)
        if inf.unread:
            lines += _comment("labels this preset does not read (a mapping reads one graph layout; infer on a "
                              "database holding them alone, or write [[schema.entities]] by hand): "
                              + ", ".join(inf.unread))
        for other in inf.also:
            lines += _comment(f"also found: {other.reason} ({other.entities:,} nodes; preset {other.preset!r} "
                              "reads those)")
        lines += _comment("every other field: the preset's (cypher/shared_config.json)")
        return "\n".join(lines) + "\n"
    d = inf.domain
    assert d is not None
    lines += _comment("a domain graph (no RAG library's layout): the general mapping, one table per entity label "
                      "and per relationship type with fact properties")
    lines += _kv("preset", "domain")
    lines += _kv("read_only", inf.table["read_only"], _read_only_why(inf.table["read_only"]))
    book = [t for t in d.types if t.bookkeeping]
    lines += _comment("relationship types that are bookkeeping: never facts, never paths between entities"
                      + "".join(f"; {t.type} ({t.count:,}, {', '.join(t.ends)}): {t.reason}" for t in book))
    lines += _kv("non_semantic_types", inf.table["non_semantic_types"])
    for note in d.notes:
        lines += _comment(note)
    if d.skipped:
        lines += ["", "# labels that are not entities:"]
        for s in d.skipped:
            lines += _comment(f"{s.label} ({s.count:,} nodes): {s.reason}", "  ")
    if "provenance" in inf.table:
        lines += ["", *_comment(f"provenance: {d.provenance_reason}"), "[schema.provenance]"]
        for key, value in inf.table["provenance"].items():
            lines += _kv(key, value)
    else:
        lines += _comment(f"provenance: {d.provenance_reason}")
    for e in d.entities:
        lines += _entity(e)
    plain = []
    for t in d.types:
        if t.bookkeeping:
            continue
        if t.facts or t.relation:
            lines += _relationship(t)
        else:
            plain.append(t)
    if plain:
        lines += [""]
        lines += _comment("relationship types without fact properties (read as relations between entities): "
                          + "; ".join(f"{t.type} ({t.count:,}, {', '.join(t.ends)})"
                                      + (f" not facts: {', '.join(f'{e.key} ({e.reason})' for e in t.excluded)}"
                                         if t.excluded else "") for t in plain))
    return "\n".join(lines) + "\n"


def _read_only_why(read_only: bool) -> str:
    if read_only:
        return "never write to this database: no indexes, migration records or saved explanations"
    return "xgrag may add its own indexes and records here (`xgrag migrate`); --read-only turns that off"


def to_json(inf: Inference) -> dict[str, Any]:
    """The mapping, every decision with its reason, and what the inference read and cost."""
    out: dict[str, Any] = {"schema": inf.table, "source": inf.source, "summary": inf.summary()}
    if inf.coverage is not None:
        out["coverage"] = inf.coverage.to_json()
    if inf.recognised is not None:
        out["recognised"] = {"preset": inf.recognised.preset, "reason": inf.recognised.reason,
                             "overrides": inf.recognised.overrides, "notes": list(inf.recognised.notes),
                             "also": [{"preset": r.preset, "reason": r.reason} for r in inf.also],
                             "unread_labels": inf.unread}
    if inf.domain is not None:
        d = inf.domain
        out["entities"] = [{"label": e.label, "count": e.count, "sampled": e.sampled, "key": e.key,
                            "key_reason": e.key_reason, "name": e.name, "name_reason": e.name_reason,
                            "name_fallback": e.name_fallback,
                            "facts": [{"property": f.key, "values": f.reason} for f in e.facts],
                            "excluded": [{"property": x.key, "reason": x.reason} for x in e.excluded],
                            "notes": e.notes} for e in d.entities]
        out["skipped_labels"] = [{"label": s.label, "count": s.count, "reason": s.reason} for s in d.skipped]
        out["relationships"] = [{"type": t.type, "count": t.count, "sampled": t.sampled, "ends": t.ends,
                                 "bookkeeping": t.bookkeeping, "reason": t.reason, "relation": t.relation,
                                 "facts": [{"property": f.key, "values": f.reason} for f in t.facts],
                                 "excluded": [{"property": x.key, "reason": x.reason} for x in t.excluded],
                                 "notes": t.notes} for t in d.types]
        out["provenance_reason"] = d.provenance_reason
        out["notes"] = d.notes
    return out


def render_json(inf: Inference) -> str:
    return json.dumps(to_json(inf), indent=2, sort_keys=False) + "\n"
