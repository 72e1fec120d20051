package org.xgrag.procedures;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java twin of {@code xgrag.store.queries}: loads {@code cypher/<name>.cypher} (bundled into this jar
 * from the repository's cypher/ folder at build time) and fills the schema placeholders {@code {{NAME}}} /
 * {@code {{NAME:var}}} with validated, back-quoted identifiers or fixed Cypher expressions. Every value a
 * query needs stays a {@code $parameter}.
 */
public final class Queries {

    static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Z_]+)(?::([A-Za-z_][A-Za-z0-9_]*))?\\}\\}");
    /** Field order of {{RELROW}}'s provenance part, as xgrag.store.queries.PROVENANCE_ROW. */
    static final List<String> PROVENANCE_ROW = Shared.row("provenance");
    /** Field order of {{NODEROW}} / {{NODE}} and of {{RELROW}}'s relationship part (cypher/shared_config.json). */
    static final List<String> NODE_ROW = Shared.row("node");
    static final List<String> REL_ROW = Shared.row("relationship");
    static final Pattern NAME = Pattern.compile("[a-z0-9_]+");
    static final String RESOURCE_DIR = "/org/xgrag/procedures/cypher/";

    private static final Map<String, String> RAW = new ConcurrentHashMap<>();
    private static final Map<String, String> RENDERED = new ConcurrentHashMap<>();

    private Queries() {}

    /** The bundled text of {@code cypher/<name>.cypher}. */
    public static String raw(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad query name '" + name + "' (expected [a-z0-9_]+)");
        }
        return RAW.computeIfAbsent(name, n -> {
            try (InputStream in = Queries.class.getResourceAsStream(RESOURCE_DIR + n + ".cypher")) {
                if (in == null) {
                    throw new IllegalArgumentException("no query file cypher/" + n + ".cypher in the xgrag procedures jar");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read cypher/" + n + ".cypher: " + e, e);
            }
        });
    }

    /** {@code cypher/<name>.cypher} rendered for a schema (cached: rendering is pure). */
    public static String get(String name, Schema schema) {
        if (RENDERED.size() > 2000) {
            RENDERED.clear(); // many distinct schema overrides: keep the cache bounded
        }
        return RENDERED.computeIfAbsent(schema.cacheKey() + "#" + name, k -> render(raw(name), schema));
    }

    public static String render(String text, Schema schema) {
        Map<String, Function<String, String>> table = expanders(schema);
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String key = m.group(1);
            Function<String, String> f = table.get(key);
            if (f == null) {
                throw new IllegalArgumentException("unknown placeholder {{" + key + "}}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(f.apply(m.group(2))));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code {k1: e1, k2: e2}} in the given field order. */
    static String entries(Map<String, String> fields, List<String> order) {
        List<String> parts = new ArrayList<>();
        for (String k : order) {
            parts.add(k + ": " + fields.get(k));
        }
        return "{" + String.join(", ", parts) + "}";
    }

    /** {@code [e1, e2, ..., extra...]} in the given field order. */
    static String values(Map<String, String> fields, List<String> order, List<String> extra) {
        List<String> parts = new ArrayList<>();
        for (String k : order) {
            parts.add(fields.get(k));
        }
        parts.addAll(extra);
        return "[" + String.join(", ", parts) + "]";
    }

    /** Back-quote an identifier that has passed validation. */
    static String q(String identifier) {
        Schema.validateIdentifier(identifier, "identifier");
        return "`" + identifier + "`";
    }

    static String listLiteral(List<String> values) {
        List<String> parts = new ArrayList<>();
        for (String v : values) {
            parts.add("'" + Schema.validateIdentifier(v, "identifier") + "'");
        }
        return "[" + String.join(", ", parts) + "]";
    }

    /** Python renders a missing variable as "None"; kept identical so both sides produce the same text. */
    private static String v(String var) {
        return var == null ? "None" : var;
    }

    private static String prop(String var, String prop, String dflt) {
        return prop != null ? var + "." + q(prop) : dflt;
    }

    private static String prop(String var, String prop) {
        return prop(var, prop, "null");
    }

    /** A validated identifier as a Cypher string literal (it cannot hold a quote). */
    static String string(String identifier) {
        return "'" + Schema.validateIdentifier(identifier, "identifier") + "'";
    }

    /**
     * The longest property value stated as a fact (characters of its text; list items counted apiece): a longer
     * value is free text or a blob, never part of a prompt, whatever the mapping says. As xgrag.store.queries.
     */
    static final int MAX_FACT_CHARS = Shared.retrieval("max_fact_chars");
    static final int MAX_FACT_ITEMS = Shared.retrieval("max_fact_items");
    /** Texts that state nothing, compared trimmed and in lower case. As xgrag.store.queries.BLANK_VALUES. */
    static final List<String> BLANK_VALUES = Shared.strings(Shared.section("retrieval").get("blank_values"));

    /** A Cypher list literal of texts from xgrag's own configuration (queries.py's _text_list). */
    static String textList(List<String> values) {
        List<String> parts = new ArrayList<>();
        for (String v : values) {
            parts.add("'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'");
        }
        return "[" + String.join(", ", parts) + "]";
    }

    /** {@code [[key, value], ...]} of the given fact properties of {@code v} that are set, neither blank nor "n/a"
     * and short enough (queries.py's _fact_pairs). */
    static String factPairs(String v, List<String> keys) {
        return factPairs(v, listLiteral(keys));
    }

    /** As above, over a Cypher list expression of the keys. */
    static String factPairs(String v, String listed) {
        return "[k IN " + listed + " WHERE " + v + "[k] IS NOT NULL AND CASE WHEN valueType(" + v
                + "[k]) STARTS WITH 'LIST' THEN size(" + v + "[k]) <= " + MAX_FACT_ITEMS + " ELSE size(toString(" + v
                + "[k])) <= " + MAX_FACT_CHARS + " AND NOT toLower(trim(toString(" + v + "[k]))) IN "
                + textList(BLANK_VALUES) + " END | [k, " + v + "[k]]]";
    }

    /**
     * Expanders that differ for a general mapping (several labels, composite names, property facts), as
     * {@code _general} in Python. A node carrying several mapped labels reads as the first of them in mapping order
     * (its name and type) and states the facts of all of them.
     */
    static Map<String, Function<String, String>> general(Schema s) {
        List<Mapping.Entity> mappings = s.entityMappings();
        Map<String, Function<String, String>> t = new LinkedHashMap<>();
        t.put("ENTITY", x -> String.join("|", mappings.stream().map(m -> q(m.label())).toList()));
        t.put("NAME", x -> byLabel(mappings, v(x), Queries::nameOf, "elementId(" + v(x) + ")"));
        t.put("TYPE", x -> byLabel(mappings, v(x), (var, m) -> string(m.label()), "null"));
        t.put("ALIASES", x -> mappings.stream().allMatch(m -> m.aliases().isEmpty()) ? "[]"
                : "coalesce(" + byLabel(mappings, v(x), Queries::aliasesOf, "null") + ", [])");
        t.put("DESCRIPTION", x -> byLabel(mappings, v(x), (var, m) -> propOf(var, m.description()), "null"));
        t.put("NODEFACTS", x -> nodeFacts(mappings, v(x)));
        t.put("RELFACTS", x -> {
            List<String> arms = new ArrayList<>();
            s.relationshipFacts().forEach((type, keys) -> arms.add("WHEN " + string(type) + " THEN " + factPairs(v(x), keys)));
            return arms.isEmpty() ? "[]" : "CASE type(" + v(x) + ") " + String.join(" ", arms) + " ELSE [] END";
        });
        // a type that only groups its relationships reads each one's relation from the mapped property (the type
        // where it is missing or blank), as rel_label in Python's _general
        List<Mapping.Relation> relations = s.relations().stream().filter(r -> r.relation() != null).toList();
        if (!relations.isEmpty()) {
            t.put("REL", x -> {
                List<String> arms = new ArrayList<>();
                for (Mapping.Relation r : relations) {
                    String value = "toString(" + v(x) + "." + q(r.relation()) + ")";
                    arms.add("WHEN " + string(r.type()) + " THEN CASE WHEN trim(coalesce(" + value + ", '')) = '' THEN type("
                            + v(x) + ") ELSE " + value + " END");
                }
                return "CASE type(" + v(x) + ") " + String.join(" ", arms) + " ELSE type(" + v(x) + ") END";
            });
        }
        LinkedHashSet<String> nameProps = new LinkedHashSet<>();
        for (Mapping.Entity m : mappings) {
            nameProps.addAll(m.name());
            nameProps.addAll(m.nameFallback());
            nameProps.addAll(m.aliases());
        }
        t.put("FULLTEXT_PROPS", x -> String.join(", ", nameProps.stream().map(p -> v(x) + "." + q(p)).toList()));
        return t;
    }

    /**
     * The facts of every mapped label the node carries, each key once (as {@code node_facts} in Python's
     * {@code _general}): one mapping with facts reads them by label as before.
     */
    private static String nodeFacts(List<Mapping.Entity> mappings, String v) {
        List<Mapping.Entity> factual = mappings.stream().filter(m -> !m.facts().isEmpty()).toList();
        if (factual.size() <= 1) {
            return byLabel(mappings, v, (var, m) -> m.facts().isEmpty() ? null : factPairs(var, m.facts()), "[]");
        }
        List<String> arms = new ArrayList<>();
        for (Mapping.Entity m : factual) {
            arms.add("CASE WHEN " + v + ":" + q(m.label()) + " THEN " + listLiteral(m.facts()) + " ELSE [] END");
        }
        return factPairs(v, "reduce(acc = [], k IN " + String.join(" + ", arms)
                + " | CASE WHEN k IN acc THEN acc ELSE acc + k END)");
    }

    /** {@code CASE WHEN v:`A` THEN ... ELSE default END} over the labels whose expression is not null. */
    private static String byLabel(List<Mapping.Entity> mappings, String v,
                                  BiFunction<String, Mapping.Entity, String> expr, String dflt) {
        List<String> arms = new ArrayList<>();
        for (Mapping.Entity m : mappings) {
            String e = expr.apply(v, m);
            if (e != null) {
                arms.add("WHEN " + v + ":" + q(m.label()) + " THEN " + e);
            }
        }
        return arms.isEmpty() ? dflt : "CASE " + String.join(" ", arms) + " ELSE " + dflt + " END";
    }

    private static String propOf(String v, String prop) {
        return prop == null ? null : v + "." + q(prop);
    }

    /**
     * The display name: one property, several joined by a space, after the label when labelInName ("Port 80"), or
     * none ("Order 10248"); never empty.
     */
    private static String nameOf(String v, Mapping.Entity m) {
        // no key: the label alone for a node that holds nothing to name it by (labelInName) or lacks the name most of
        // its label's nodes have (a person reads "WorkingGroup", never an element id), else its element id
        String keyed = m.key() != null ? string(m.label()) + " + ' ' + toString(" + v + "." + q(m.key()) + ")"
                : m.labelInName() || !m.name().isEmpty() ? string(m.label()) : "elementId(" + v + ")";
        if (!m.nameFallback().isEmpty()) { // where no part of the name is set: the first fallback set, then label and key
            List<String> options = new ArrayList<>();
            for (String p : m.nameFallback()) {
                options.add("toString(" + v + "." + q(p) + ")");
            }
            options.add(keyed);
            keyed = "coalesce(" + String.join(", ", options) + ")";
        }
        if (m.name().isEmpty()) {
            return keyed;
        }
        String labelled = m.labelInName() ? string(m.label()) + " + ' ' + " : "";
        if (m.name().size() == 1 && !m.labelInName()) {
            return "coalesce(toString(" + v + "." + q(m.name().get(0)) + "), " + keyed + ")";
        }
        String parts = String.join(" + ' ' + ", m.name().stream()
                .map(p -> "coalesce(toString(" + v + "." + q(p) + "), '')").toList());
        String joined = "trim(" + parts + ")";
        // every part missing: the label and key, never an empty name
        return "CASE WHEN " + joined + " = '' THEN " + keyed + " ELSE " + labelled + joined + " END";
    }

    /** Other names: each property a list of names or one value, every value as text, a missing one as none. */
    private static String aliasesOf(String v, Mapping.Entity m) {
        if (m.aliases().isEmpty()) {
            return null;
        }
        return String.join(" + ", m.aliases().stream().map(p -> {
            String prop = v + "." + q(p);
            return "CASE WHEN " + prop + " IS NULL THEN [] WHEN valueType(" + prop + ") STARTS WITH 'LIST' THEN [x IN "
                    + prop + " | toString(x)] ELSE [toString(" + prop + ")] END";
        }).toList());
    }

    static Map<String, Function<String, String>> expanders(Schema s) {
        // a general mapping reads names, types, aliases and descriptions per label; a preset from one label
        Map<String, Function<String, String>> general = s.general() ? general(s) : Map.of();
        Function<String, String> nodeId = x -> s.str("id_property") != null
                ? v(x) + "." + q(s.str("id_property")) : "elementId(" + v(x) + ")";
        Function<String, String> relId = x -> s.str("rel_id_property") != null
                ? v(x) + "." + q(s.str("rel_id_property")) : "elementId(" + v(x) + ")";
        Function<String, String> nodeType = x -> general.containsKey("TYPE") ? general.get("TYPE").apply(x)
                : s.str("type_property") != null ? v(x) + "." + q(s.str("type_property"))
                : "head([l IN labels(" + v(x) + ") WHERE NOT l IN " + listLiteral(s.list("generic_labels")) + "])";
        Function<String, String> aliases = x -> general.containsKey("ALIASES") ? general.get("ALIASES").apply(x)
                : s.str("alias_property") != null ? "coalesce(" + v(x) + "." + q(s.str("alias_property")) + ", [])" : "[]";
        Function<String, String> nodeName = x -> general.containsKey("NAME") ? general.get("NAME").apply(x)
                : "toString(" + v(x) + "." + q(s.str("name_property")) + ")";
        Function<String, String> description = x -> general.containsKey("DESCRIPTION")
                ? general.get("DESCRIPTION").apply(x) : prop(v(x), s.str("description_property"));
        Function<String, String> relLabel = x -> general.containsKey("REL") ? general.get("REL").apply(x)
                : s.str("relation_property") != null ? v(x) + "." + q(s.str("relation_property")) : "type(" + v(x) + ")";
        Function<String, Map<String, String>> nodeFields = x -> Map.of(
                "id", nodeId.apply(x), "name", nodeName.apply(x), "type", nodeType.apply(x),
                "aliases", aliases.apply(x), "description", description.apply(x));
        Function<String, Map<String, String>> relFields = x -> Map.of(
                "id", relId.apply(x), "source", nodeId.apply("startNode(" + v(x) + ")"),
                "target", nodeId.apply("endNode(" + v(x) + ")"), "label", "toString(" + relLabel.apply(x) + ")",
                "description", prop(v(x), s.str("rel_description_property")));
        // maps and rows list the fields in the order cypher/shared_config.json declares
        Function<String, String> nodeMap = x -> entries(nodeFields.apply(x), NODE_ROW);
        Map<String, String> provFields = new LinkedHashMap<>();
        for (String field : PROVENANCE_ROW) {
            provFields.put(field, "relationship".equals(s.prov("mode")) ? s.prov(field + "_property") : null);
        }
        Function<String, String> prov = x -> {
            if (!"relationship".equals(s.prov("mode"))) {
                return "{}";
            }
            List<String> inner = new ArrayList<>();
            for (Map.Entry<String, String> e : provFields.entrySet()) {
                if (e.getValue() != null) {
                    inner.add(e.getKey() + ": " + prop(v(x), e.getValue()));
                }
            }
            return "{" + String.join(", ", inner) + "}";
        };
        Function<String, String> nodeRow = x -> values(nodeFields.apply(x), NODE_ROW, List.of());
        Function<String, String> relRow = x -> {
            List<String> provValues = new ArrayList<>();
            for (String field : PROVENANCE_ROW) {
                provValues.add(prop(v(x), provFields.get(field)));
            }
            return values(relFields.apply(x), REL_ROW, provValues);
        };
        Function<String, String> relMap = x -> {
            String fields = entries(relFields.apply(x), REL_ROW);
            return fields.substring(0, fields.length() - 1) + ", provenance: " + prov.apply(x) + "}";
        };
        Function<String, String> semantic = x -> "NOT type(" + v(x) + ") IN " + listLiteral(s.list("non_semantic_types"));
        Function<String, String> mention = x -> {
            String t = q(s.prov("mention_type"));
            String c = "(c:" + q(s.prov("chunk_label")) + ")";
            return "chunk_to_entity".equals(s.prov("mention_direction"))
                    ? c + "-[:" + t + "]->(" + v(x) + ")" : "(" + v(x) + ")-[:" + t + "]->" + c;
        };
        Function<String, String> chunkDoc = x -> {
            if (s.prov("document_label") == null || s.prov("chunk_document_type") == null) {
                return "WITH pair, c, c AS d";
            }
            String t = q(s.prov("chunk_document_type"));
            String d = "(d:" + q(s.prov("document_label")) + ")";
            String pattern = "document_to_chunk".equals(s.prov("chunk_document_direction"))
                    ? d + "-[:" + t + "]->(c)" : "(c)-[:" + t + "]->" + d;
            return "OPTIONAL MATCH " + pattern;
        };
        Function<String, String> mentionProv = x -> "{doc_id: " + prop("d", s.prov("document_id_property"))
                + ", chunk_id: " + prop("c", s.prov("chunk_node_id_property"), "elementId(c)")
                + ", chunk_index: " + prop("c", s.prov("chunk_node_index_property"))
                + ", source: " + prop("d", s.prov("document_source_property")) + "}";

        Map<String, Function<String, String>> t = new LinkedHashMap<>();
        t.put("ENTITY", x -> q(s.str("entity_label")));
        t.put("ALIAS_REL", x -> q(s.str("alias_type")));
        t.put("NAME_PROP", x -> q(s.str("name_property")));
        t.put("EMBEDDING_PROP", x -> q(s.str("embedding_property") != null ? s.str("embedding_property") : "name_embedding"));
        t.put("ID_PROP", x -> q(s.str("id_property") != null ? s.str("id_property") : "id"));
        t.put("INDEX", x -> q(s.str("index_prefix") + "_" + v(x)));
        t.put("FULLTEXT_INDEX", x -> q(s.str("fulltext_index")));
        t.put("VECTOR_INDEX", x -> q(s.str("vector_index")));
        t.put("FULLTEXT_PROPS", x -> {
            List<String> parts = new ArrayList<>();
            for (String p : new String[] {s.str("name_property"), s.str("alias_property")}) {
                if (p != null) {
                    parts.add(v(x) + "." + q(p));
                }
            }
            return String.join(", ", parts);
        });
        t.put("ID", nodeId);
        t.put("RID", relId);
        t.put("NAME", nodeName);
        t.put("TYPE", nodeType);
        t.put("ALIASES", aliases);
        t.put("REL", relLabel);
        t.put("NODE", nodeMap);
        t.put("RELMAP", relMap);
        t.put("NODEROW", nodeRow);
        t.put("RELROW", relRow);
        t.put("SEMANTIC", semantic);
        t.put("MENTION", mention);
        t.put("CHUNK_DOC", chunkDoc);
        t.put("MENTION_PROV", mentionProv);
        // chunk nodes by the id provenance holds, and their text (provenance with text: cypher/chunk_texts.cypher)
        t.put("CHUNK", x -> q(s.prov("chunk_label")));
        t.put("CHUNK_ID", x -> prop(v(x), s.prov("chunk_node_id_property"), "elementId(" + v(x) + ")"));
        t.put("CHUNK_TEXT", x -> prop(v(x), s.prov("chunk_text_property")));
        // property facts: [[key, value], ...] of a node / a relationship (a preset maps none: [])
        t.put("NODEFACTS", x -> "[]");
        t.put("RELFACTS", x -> "[]");
        t.putAll(general);
        return t;
    }
}
