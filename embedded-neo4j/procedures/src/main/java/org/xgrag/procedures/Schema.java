package org.xgrag.procedures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The Java twin of {@code xgrag.config.GraphSchema}: how xgrag reads a graph (entity label, id/name/type
 * properties, relation text, provenance; or a general mapping's entity labels, composed names and fact
 * properties, {@link Mapping}). The same presets, the same field names (snake_case, as in {@code xgrag.toml}'s
 * [schema] table) and the same identifier rule; identifiers are the only thing ever spliced into Cypher,
 * back-quoted, and only after {@link #validateIdentifier} accepted them.
 *
 * <p>Kept in step with the Python side by tests/integration/test_procedures.py, which renders every
 * cypher/*.cypher file through both and compares the text for every preset.
 */
public final class Schema {

    private static final Map<String, Object> FIELDS = Shared.section("schema_fields");
    public static final Pattern IDENTIFIER = Pattern.compile((String) Shared.CONFIG.get("identifier_pattern"));
    static final String IDENTIFIER_RULE = (String) Shared.CONFIG.get("identifier_rule");

    static final List<String> PROVENANCE_IDENTIFIERS = Shared.strings(FIELDS.get("provenance_identifiers"));
    static final List<String> IDENTIFIERS = Shared.strings(FIELDS.get("identifiers"));
    static final Set<String> LISTS = Set.copyOf(Shared.strings(FIELDS.get("identifier_lists")));
    static final Set<String> BOOLEANS = Set.copyOf(Shared.strings(FIELDS.get("booleans")));
    static final Map<String, List<String>> CHOICES = choices();
    /** Top-level fields with a fixed set of values (schema_fields.choices: relationship_direction). */
    static final Map<String, List<String>> TOP_CHOICES = topChoices();
    /** Non-null string fields (the Python model types them {@code str}, not {@code str | None}). */
    static final Set<String> REQUIRED = required();

    public static final List<String> PRESETS = List.copyOf(Shared.section("presets").keySet());

    private static Map<String, List<String>> choices() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : Shared.map(FIELDS.get("provenance_choices")).entrySet()) {
            out.put(e.getKey(), Shared.strings(e.getValue()));
        }
        return Map.copyOf(out);
    }

    private static Map<String, List<String>> topChoices() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : Shared.map(FIELDS.get("choices")).entrySet()) {
            out.put(e.getKey(), Shared.strings(e.getValue()));
        }
        return Map.copyOf(out);
    }

    private static Set<String> required() {
        Set<String> out = new java.util.HashSet<>(Shared.strings(FIELDS.get("required")));
        out.addAll(Shared.strings(FIELDS.get("provenance_required")));
        return Set.copyOf(out);
    }

    private final Map<String, Object> fields;
    private final Map<String, Object> provenance;
    private final List<Mapping.Entity> entities;
    private final List<Mapping.Relation> relations;

    private Schema(Map<String, Object> fields, Map<String, Object> provenance, List<Mapping.Entity> entities,
                   List<Mapping.Relation> relations) {
        this.fields = fields;
        this.provenance = provenance;
        this.entities = entities;
        this.relations = relations;
    }

    // -- accessors ------------------------------------------------------------------------------

    public String str(String field) {
        return (String) fields.get(field);
    }

    @SuppressWarnings("unchecked")
    public List<String> list(String field) {
        return (List<String>) fields.get(field);
    }

    public String prov(String field) {
        return (String) provenance.get(field);
    }

    public String preset() {
        return str("preset");
    }

    /** Identifies the mapping, as {@code GraphSchema.key} in Python: what saved explanations are filed under. */
    public String key() {
        if (general()) {
            return str("preset") + ":" + String.join("|", entityLabels());
        }
        return str("preset") + ":" + str("entity_label");
    }

    public boolean readOnly() {
        return Boolean.TRUE.equals(fields.get("read_only"));
    }

    /** A mapping with its own {@code [[schema.entities]]} (any labels, composite names, property facts). */
    public boolean general() {
        return !entities.isEmpty();
    }

    /** Every entity label and how it reads: the general mapping's tables, or the one label of a preset. */
    List<Mapping.Entity> entityMappings() {
        if (general()) {
            return entities;
        }
        String alias = str("alias_property");
        return List.of(new Mapping.Entity(str("entity_label"), str("id_property"), List.of(str("name_property")), List.of(),
                false, List.of(), alias == null ? List.of() : List.of(alias), List.of(),
                str("description_property")));
    }

    List<String> entityLabels() {
        return entityMappings().stream().map(Mapping.Entity::label).toList();
    }

    /** Entity label -> its fact properties (labels with none are left out), in mapping order. */
    Map<String, List<String>> nodeFacts() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Mapping.Entity e : entityMappings()) {
            if (!e.facts().isEmpty()) {
                out.put(e.label(), e.facts());
            }
        }
        return out;
    }

    /** The relationship tables of a general mapping, in mapping order. */
    List<Mapping.Relation> relations() {
        return relations;
    }

    /** Relationship type -> its fact properties (types with none are left out), in mapping order. */
    Map<String, List<String>> relationshipFacts() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Mapping.Relation r : relations) {
            if (!r.facts().isEmpty()) {
                out.put(r.type(), r.facts());
            }
        }
        return out;
    }

    boolean hasPropertyFacts() {
        return !nodeFacts().isEmpty() || !relationshipFacts().isEmpty();
    }

    /** A key for caching rendered queries: distinguishes null from the string "null" (a valid identifier). */
    String cacheKey() {
        StringBuilder sb = new StringBuilder();
        for (Map<String, Object> m : List.of(fields, provenance)) {
            for (Map.Entry<String, Object> e : m.entrySet()) {
                Object v = e.getValue();
                sb.append(e.getKey()).append('=').append(v == null ? "\u0000" : v instanceof String s ? "'" + s + "'" : v)
                        .append(';');
            }
            sb.append('|');
        }
        entities.forEach(e -> sb.append(e.cacheKey()).append(';'));
        sb.append('|');
        relations.forEach(r -> sb.append(r.cacheKey()).append(';'));
        return sb.toString();
    }

    // -- construction ---------------------------------------------------------------------------

    /** xgrag's own schema (what {@code xgrag ingest} writes). */
    public static Schema xgrag() {
        return build("xgrag", Map.of());
    }

    /**
     * A preset with overrides, as {@code schema_preset(name, **overrides)} in Python: top-level fields
     * replace the preset's, a {@code provenance} map is merged field by field. Unknown fields are an error.
     */
    public static Schema build(String preset, Map<String, Object> overrides) {
        if (preset == null || !PRESETS.contains(preset)) {
            throw new IllegalArgumentException("schema.preset: unknown preset '" + preset + "'; choose one of "
                    + PRESETS.stream().sorted().toList());
        }
        Map<String, Object> f = defaults();
        Map<String, Object> p = provenanceDefaults();
        applyPreset(preset, f, p);
        // the general mapping's tables are typed lists of their own (Mapping), parsed from the preset, then overrides
        List<Mapping.Entity> entities = Mapping.entities(f.remove("entities"));
        List<Mapping.Relation> relations = Mapping.relations(f.remove("relationships"));
        if (overrides != null) {
            for (Map.Entry<String, Object> e : overrides.entrySet()) {
                String key = e.getKey();
                if ("entities".equals(key)) {
                    entities = Mapping.entities(e.getValue());
                } else if ("relationships".equals(key)) {
                    relations = Mapping.relations(e.getValue());
                } else if ("provenance".equals(key)) {
                    if (!(e.getValue() instanceof Map<?, ?> m)) {
                        throw new IllegalArgumentException("schema.provenance: expected a map, got " + describe(e.getValue()));
                    }
                    for (Map.Entry<?, ?> pe : m.entrySet()) {
                        String pk = String.valueOf(pe.getKey());
                        if (!p.containsKey(pk)) {
                            throw new IllegalArgumentException("schema.provenance." + pk + ": unknown field; known: "
                                    + p.keySet().stream().sorted().toList());
                        }
                        p.put(pk, coerce("schema.provenance." + pk, pk, pe.getValue()));
                    }
                } else {
                    if (!f.containsKey(key)) {
                        throw new IllegalArgumentException("schema." + key + ": unknown field; known: "
                                + known(f));
                    }
                    f.put(key, coerce("schema." + key, key, e.getValue()));
                }
            }
        }
        return validated(f, p, entities, relations);
    }

    private static List<String> known(Map<String, Object> f) {
        Set<String> out = new java.util.TreeSet<>(f.keySet());
        out.addAll(List.of("entities", "relationships", "provenance"));
        return List.copyOf(out);
    }

    private static Object coerce(String path, String key, Object value) {
        if (LISTS.contains(key)) {
            if (!(value instanceof List<?> l)) {
                throw new IllegalArgumentException(path + ": expected a list of identifiers, got " + describe(value));
            }
            List<String> out = new ArrayList<>();
            for (Object o : l) {
                if (!(o instanceof String s)) {
                    throw new IllegalArgumentException(path + ": expected a list of identifiers, got " + describe(o));
                }
                out.add(s);
            }
            return out;
        }
        if (BOOLEANS.contains(key)) {
            if (!(value instanceof Boolean)) {
                throw new IllegalArgumentException(path + ": expected true or false, got " + describe(value));
            }
            return value;
        }
        if (value == null) {
            if (REQUIRED.contains(key)) {
                throw new IllegalArgumentException(path + ": may not be null");
            }
            return null;
        }
        if (!(value instanceof String)) {
            throw new IllegalArgumentException(path + ": expected a string, got " + describe(value));
        }
        return value;
    }

    private static Schema validated(Map<String, Object> f, Map<String, Object> p, List<Mapping.Entity> entities,
                                    List<Mapping.Relation> relations) {
        for (String name : IDENTIFIERS) {
            check((String) f.get(name), "schema." + name);
        }
        for (String name : PROVENANCE_IDENTIFIERS) {
            check((String) p.get(name), "schema.provenance." + name);
        }
        for (String list : List.of("generic_labels", "non_semantic_types")) {
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) f.get(list);
            for (int i = 0; i < values.size(); i++) {
                validateIdentifier(values.get(i), "schema." + list + "[" + i + "]");
            }
        }
        for (Map.Entry<String, List<String>> c : TOP_CHOICES.entrySet()) {
            Object v = f.get(c.getKey());
            if (!c.getValue().contains(v)) {
                throw new IllegalArgumentException("schema." + c.getKey() + ": '" + v + "' is not one of " + c.getValue());
            }
        }
        for (Map.Entry<String, List<String>> c : CHOICES.entrySet()) {
            Object v = p.get(c.getKey());
            if (!c.getValue().contains(v)) {
                throw new IllegalArgumentException("schema.provenance." + c.getKey() + ": '" + v
                        + "' is not one of " + c.getValue());
            }
        }
        @SuppressWarnings("unchecked")
        List<String> nonSemantic = new ArrayList<>((List<String>) f.get("non_semantic_types"));
        if (!nonSemantic.contains((String) f.get("alias_type"))) {
            nonSemantic.add((String) f.get("alias_type"));
        }
        f.put("non_semantic_types", List.copyOf(nonSemantic));
        f.put("generic_labels", List.copyOf(castList(f.get("generic_labels"))));
        Mapping.checkUnique(entities, relations);
        if (!entities.isEmpty() && (f.get("id_property") != null || f.get("rel_id_property") != null)) {
            throw new IllegalArgumentException("schema.entities: a general mapping identifies nodes and relationships "
                    + "by elementId(); set id_property and rel_id_property to nothing (preset 'domain' does)");
        }
        return new Schema(f, p, entities, relations);
    }

    @SuppressWarnings("unchecked")
    private static List<String> castList(Object o) {
        return (List<String>) o;
    }

    private static void check(String value, String field) {
        if (value != null) {
            validateIdentifier(value, field);
        }
    }

    /** The identifier rule of {@code xgrag.config.validate_identifier}. */
    public static String validateIdentifier(String value, String field) {
        if (value == null || !IDENTIFIER.matcher(value).matches()) {
            throw new IllegalArgumentException(field + ": " + (value == null ? "null" : repr(value))
                    + " is not a valid identifier (" + IDENTIFIER_RULE + ")");
        }
        return value;
    }

    /**
     * A string as Python's {@code repr} writes it (the error texts quote values that way): single quotes, or double
     * when the text holds a single quote and no double one; backslashes, quotes and unprintable characters escaped.
     */
    static String repr(String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder sb = new StringBuilder().append(quote);
        s.codePoints().forEach(cp -> {
            if (cp == '\\' || cp == quote) {
                sb.append('\\').appendCodePoint(cp);
            } else if (cp == '\n') {
                sb.append("\\n");
            } else if (cp == '\r') {
                sb.append("\\r");
            } else if (cp == '\t') {
                sb.append("\\t");
            } else if (printable(cp)) {
                sb.appendCodePoint(cp);
            } else if (cp < 0x100) {
                sb.append(String.format("\\x%02x", cp));
            } else if (cp < 0x10000) {
                sb.append(String.format("\\u%04x", cp));
            } else {
                sb.append(String.format("\\U%08x", cp));
            }
        });
        return sb.append(quote).toString();
    }

    /** Python's {@code str.isprintable} for one character: not a control, format, separator (but space) or unassigned. */
    private static boolean printable(int cp) {
        if (cp == ' ') {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED,
                 Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> false;
            default -> true;
        };
    }

    static String describe(Object v) {
        return v == null ? "null" : v.getClass().getSimpleName() + " " + v;
    }

    // -- defaults and presets: cypher/shared_config.json ----------------------------------------------

    private static Map<String, Object> defaults() {
        Map<String, Object> f = Shared.copy(Shared.section("schema"));
        f.remove("provenance");
        return f;
    }

    private static Map<String, Object> provenanceDefaults() {
        return Shared.copy(Shared.section("schema", "provenance"));
    }

    private static void applyPreset(String preset, Map<String, Object> f, Map<String, Object> p) {
        Map<String, Object> layer = Shared.copy(Shared.section("presets", preset));
        Object prov = layer.remove("provenance");
        f.putAll(layer);
        if (prov != null) {
            p.putAll(Shared.copy(Shared.map(prov)));
        }
    }
}
