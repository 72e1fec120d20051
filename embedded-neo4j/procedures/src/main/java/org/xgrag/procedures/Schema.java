package org.xgrag.procedures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The Java twin of {@code xgrag.config.GraphSchema}: how xgrag reads a graph (entity label, id/name/type
 * properties, relation text, provenance). The same presets, the same field names (snake_case, as in
 * {@code xgrag.toml}'s [schema] table) and the same identifier rule; identifiers are the only thing ever
 * spliced into Cypher, back-quoted, and only after {@link #validateIdentifier} accepted them.
 *
 * <p>Kept in step with the Python side by tests/integration/test_procedures.py, which renders every
 * cypher/*.cypher file through both and compares the text for every preset.
 */
public final class Schema {

    public static final Pattern IDENTIFIER = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]{0,63}$");

    static final List<String> PROVENANCE_IDENTIFIERS = List.of(
            "doc_id_property", "chunk_id_property", "chunk_index_property", "source_property",
            "extractor_property", "created_at_property", "line_property", "chunk_label", "mention_type",
            "document_label", "chunk_document_type", "document_id_property", "chunk_node_id_property",
            "chunk_node_index_property", "document_source_property");
    static final List<String> IDENTIFIERS = List.of(
            "entity_label", "id_property", "name_property", "alias_property", "description_property",
            "type_property", "relation_property", "rel_id_property", "rel_description_property",
            "alias_type", "embedding_property", "fulltext_index", "vector_index", "index_prefix");
    static final Set<String> LISTS = Set.of("generic_labels", "non_semantic_types");
    static final Set<String> BOOLEANS = Set.of("index_id_property");
    static final Map<String, List<String>> CHOICES = Map.of(
            "mode", List.of("relationship", "mentions"),
            "mention_direction", List.of("chunk_to_entity", "entity_to_chunk"),
            "chunk_document_direction", List.of("document_to_chunk", "chunk_to_document"));
    /** Non-null string fields (the Python model types them {@code str}, not {@code str | None}). */
    static final Set<String> REQUIRED = Set.of(
            "preset", "entity_label", "name_property", "alias_type", "index_prefix", "fulltext_index",
            "vector_index", "chunk_label", "mention_type", "mode", "mention_direction", "chunk_document_direction");

    public static final List<String> PRESETS = List.of("xgrag", "langchain", "neo4j-graphrag");

    private final Map<String, Object> fields;
    private final Map<String, Object> provenance;

    private Schema(Map<String, Object> fields, Map<String, Object> provenance) {
        this.fields = fields;
        this.provenance = provenance;
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
        if (overrides != null) {
            for (Map.Entry<String, Object> e : overrides.entrySet()) {
                String key = e.getKey();
                if ("provenance".equals(key)) {
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
                                + f.keySet().stream().sorted().toList());
                    }
                    f.put(key, coerce("schema." + key, key, e.getValue()));
                }
            }
        }
        return validated(f, p);
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

    private static Schema validated(Map<String, Object> f, Map<String, Object> p) {
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
        return new Schema(f, p);
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
            throw new IllegalArgumentException(field + ": " + (value == null ? "null" : "'" + value + "'")
                    + " is not a valid identifier (allowed: letters, digits and '_', not starting with a digit, "
                    + "at most 64 characters)");
        }
        return value;
    }

    static String describe(Object v) {
        return v == null ? "null" : v.getClass().getSimpleName() + " " + v;
    }

    // -- presets (mirror plugin/xgrag/config.py) ---------------------------------------------------

    private static Map<String, Object> defaults() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("preset", "xgrag");
        f.put("entity_label", "Entity");
        f.put("id_property", "id");
        f.put("name_property", "name");
        f.put("alias_property", "aliases");
        f.put("description_property", "description");
        f.put("type_property", "type");
        f.put("generic_labels", List.of());
        f.put("relation_property", "label");
        f.put("rel_id_property", "id");
        f.put("index_id_property", true);
        f.put("rel_description_property", "description");
        f.put("non_semantic_types", List.of("ALIAS_OF"));
        f.put("alias_type", "ALIAS_OF");
        f.put("embedding_property", "name_embedding");
        f.put("index_prefix", "xgrag");
        f.put("fulltext_index", "xgrag_entity_names");
        f.put("vector_index", "xgrag_entity_embeddings");
        return f;
    }

    private static Map<String, Object> provenanceDefaults() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("mode", "relationship");
        p.put("doc_id_property", "doc_id");
        p.put("chunk_id_property", "chunk_id");
        p.put("chunk_index_property", "chunk_index");
        p.put("source_property", "source");
        p.put("extractor_property", "extractor");
        p.put("created_at_property", "created_at");
        p.put("line_property", "line");
        p.put("chunk_label", "Chunk");
        p.put("mention_type", "MENTIONS");
        p.put("mention_direction", "chunk_to_entity");
        p.put("document_label", "Document");
        p.put("chunk_document_type", "HAS_CHUNK");
        p.put("chunk_document_direction", "document_to_chunk");
        p.put("document_id_property", "id");
        p.put("chunk_node_id_property", "id");
        p.put("chunk_node_index_property", "index");
        p.put("document_source_property", "source");
        return p;
    }

    private static void applyPreset(String preset, Map<String, Object> f, Map<String, Object> p) {
        if ("langchain".equals(preset)) {
            f.put("preset", "langchain");
            f.put("index_prefix", "xgrag_lc");
            f.put("index_id_property", false);
            f.put("fulltext_index", "xgrag_lc_entity_names");
            f.put("vector_index", "xgrag_lc_entity_embeddings");
            f.put("entity_label", "__Entity__");
            f.put("id_property", "id");
            f.put("name_property", "id");
            f.put("alias_property", null);
            f.put("description_property", "description");
            f.put("type_property", null);
            f.put("generic_labels", List.of("__Entity__"));
            f.put("relation_property", null);
            f.put("rel_id_property", null);
            f.put("rel_description_property", null);
            f.put("non_semantic_types", List.of("ALIAS_OF", "MENTIONS"));
            f.put("embedding_property", null);
            // ProvenanceMapping(...) in Python: unspecified fields keep the class defaults
            p.put("mode", "mentions");
            p.put("chunk_label", "Document");
            p.put("mention_type", "MENTIONS");
            p.put("mention_direction", "chunk_to_entity");
            p.put("document_label", null);
            p.put("chunk_document_type", null);
            p.put("document_id_property", "id");
            p.put("chunk_node_id_property", "id");
            p.put("chunk_node_index_property", null);
            p.put("document_source_property", "source");
        } else if ("neo4j-graphrag".equals(preset)) {
            f.put("preset", "neo4j-graphrag");
            f.put("index_prefix", "xgrag_kg");
            f.put("fulltext_index", "xgrag_kg_entity_names");
            f.put("vector_index", "xgrag_kg_entity_embeddings");
            f.put("entity_label", "__Entity__");
            f.put("id_property", null);
            f.put("name_property", "name");
            f.put("alias_property", null);
            f.put("description_property", "description");
            f.put("type_property", null);
            f.put("generic_labels", List.of("__Entity__", "__KGBuilder__"));
            f.put("relation_property", null);
            f.put("rel_id_property", null);
            f.put("rel_description_property", null);
            f.put("non_semantic_types", List.of("ALIAS_OF", "FROM_CHUNK", "FROM_DOCUMENT", "NEXT_CHUNK"));
            f.put("embedding_property", null);
            p.put("mode", "mentions");
            p.put("chunk_label", "Chunk");
            p.put("mention_type", "FROM_CHUNK");
            p.put("mention_direction", "entity_to_chunk");
            p.put("document_label", "Document");
            p.put("chunk_document_type", "FROM_DOCUMENT");
            p.put("chunk_document_direction", "chunk_to_document");
            p.put("document_id_property", "path");
            p.put("chunk_node_id_property", null);
            p.put("chunk_node_index_property", "index");
            p.put("document_source_property", "path");
        }
    }
}
