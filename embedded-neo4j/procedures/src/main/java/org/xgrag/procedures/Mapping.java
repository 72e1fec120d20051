package org.xgrag.procedures;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The general mapping's tables, twins of {@code xgrag.config.EntityMapping} and {@code RelationshipMapping}:
 * {@code schema.entities} (label, key, composed name, fact properties) and {@code schema.relationships} (fact
 * properties per type). Parsed from a procedure's {@code schema} map with the field names of {@code xgrag.toml}
 * and the error texts Python prints ({@code xgrag.config.readable}), so a mapping that is wrong in the TOML file
 * reads the same when it is passed to a procedure.
 */
final class Mapping {

    private static final Map<String, Object> ENTITY_FIELDS = Shared.section("schema_fields", "entity_fields");
    private static final Map<String, Object> REL_FIELDS = Shared.section("schema_fields", "relationship_fields");
    private static final List<String> ENTITY_KEYS = List.of("label", "key", "name", "name_fallback", "label_in_name",
            "facts", "aliases", "identifiers", "description");
    private static final List<String> REL_KEYS = List.of("type", "facts", "relation");

    private Mapping() {}

    /**
     * One entity label: {@code name} lists the properties joined by a space into the display name (empty: label and
     * key, "Order 10248"), after the label when {@code labelInName} ("Port 80"); {@code nameFallback} the properties
     * naming a node none of whose {@code name} properties is set, the first one set; {@code facts} the node
     * properties stated as facts; {@code aliases} the properties holding other names (a list, or one value);
     * {@code identifiers} properties that identify a node but are no facts, which xgrag.retrieval states when a
     * question names them: validated here, stated by no procedure (as xgrag.subgraph states no asked key).
     */
    record Entity(String label, String key, List<String> name, List<String> nameFallback, boolean labelInName,
                  List<String> facts, List<String> aliases, List<String> identifiers, String description) {

        String field(String f) {
            return switch (f) {
                case "label" -> label;
                case "key" -> key;
                case "description" -> description;
                default -> throw new IllegalArgumentException("not a string field of an entity mapping: " + f);
            };
        }

        List<String> listField(String f) {
            return switch (f) {
                case "name" -> name;
                case "name_fallback" -> nameFallback;
                case "facts" -> facts;
                case "aliases" -> aliases;
                case "identifiers" -> identifiers;
                default -> throw new IllegalArgumentException("not a list field of an entity mapping: " + f);
            };
        }

        /** Distinguishes null from the string "null" (a valid identifier), for the rendered-query cache. */
        String cacheKey() {
            return Mapping.cacheKey(label) + Mapping.cacheKey(key) + name + nameFallback + labelInName + facts + aliases
                    + identifiers + Mapping.cacheKey(description);
        }
    }

    /** The fact properties of one relationship type. */
    record Relation(String type, List<String> facts, String relation) {

        String cacheKey() {
            return Mapping.cacheKey(type) + facts + Mapping.cacheKey(relation);
        }
    }

    private static String cacheKey(String s) {
        return s == null ? "\u0000;" : "'" + s + "';";
    }

    // -- parsing: pydantic's checks, then the validators of xgrag.config, in the same order ------------------------

    static List<Entity> entities(Object value) {
        List<Entity> out = new ArrayList<>();
        List<?> items = list(value, "schema.entities");
        for (int i = 0; i < items.size(); i++) {
            String at = "schema.entities[" + i + "]";
            Map<String, Object> m = table(items.get(i), at, "EntityMapping", ENTITY_KEYS);
            if (!m.containsKey("label")) {
                throw new IllegalArgumentException(at + ".label: Field required");
            }
            Entity e = new Entity(string(m.get("label"), at + ".label", false), string(m.get("key"), at + ".key", true),
                    strings(m.getOrDefault("name", List.of()), at + ".name"),
                    strings(m.getOrDefault("name_fallback", List.of()), at + ".name_fallback"),
                    bool(m.getOrDefault("label_in_name", false), at + ".label_in_name"),
                    strings(m.getOrDefault("facts", List.of()), at + ".facts"),
                    aliases(m.get("aliases"), at + ".aliases"),
                    strings(m.getOrDefault("identifiers", List.of()), at + ".identifiers"),
                    string(m.get("description"), at + ".description", true));
            String where = "schema.entities[" + Schema.repr(e.label()) + "]";
            for (String f : Shared.strings(ENTITY_FIELDS.get("identifiers"))) {
                if (e.field(f) != null) {
                    Schema.validateIdentifier(e.field(f), where + "." + f);
                }
            }
            for (String f : Shared.strings(ENTITY_FIELDS.get("identifier_lists"))) {
                List<String> values = e.listField(f);
                for (int j = 0; j < values.size(); j++) {
                    Schema.validateIdentifier(values.get(j), where + "." + f + "[" + j + "]");
                }
            }
            if (e.name().isEmpty() && e.key() == null && !e.labelInName()) {
                throw new IllegalArgumentException(where + ": give `name` (the properties that name a node) or `key` "
                        + "(nodes are then named '" + e.label() + " <key>')");
            }
            out.add(e);
        }
        return List.copyOf(out);
    }

    static List<Relation> relations(Object value) {
        List<Relation> out = new ArrayList<>();
        List<?> items = list(value, "schema.relationships");
        for (int i = 0; i < items.size(); i++) {
            String at = "schema.relationships[" + i + "]";
            Map<String, Object> m = table(items.get(i), at, "RelationshipMapping", REL_KEYS);
            if (!m.containsKey("type")) {
                throw new IllegalArgumentException(at + ".type: Field required");
            }
            Relation r = new Relation(string(m.get("type"), at + ".type", false),
                    strings(m.getOrDefault("facts", List.of()), at + ".facts"),
                    string(m.get("relation"), at + ".relation", true));
            String where = "schema.relationships[" + Schema.repr(r.type()) + "]";
            Map<String, String> fields = Map.of("type", r.type(), "relation", String.valueOf(r.relation()));
            for (String f : Shared.strings(REL_FIELDS.get("identifiers"))) {
                if (!"relation".equals(f) || r.relation() != null) {
                    Schema.validateIdentifier(fields.get(f), where + "." + f);
                }
            }
            for (String f : Shared.strings(REL_FIELDS.get("identifier_lists"))) {
                for (int j = 0; j < r.facts().size(); j++) {
                    Schema.validateIdentifier(r.facts().get(j), where + "." + f + "[" + j + "]");
                }
            }
            out.add(r);
        }
        return List.copyOf(out);
    }

    /** {@code GraphSchema._identifiers}' checks across the tables: one table per label, one per type. */
    static void checkUnique(List<Entity> entities, List<Relation> relations) {
        String label = firstRepeated(entities.stream().map(Entity::label).toList());
        if (label != null) {
            throw new IllegalArgumentException("schema.entities: the label " + Schema.repr(label)
                    + " is listed twice (one [[schema.entities]] table per label)");
        }
        String type = firstRepeated(relations.stream().map(Relation::type).toList());
        if (type != null) {
            throw new IllegalArgumentException("schema.relationships: the type " + Schema.repr(type) + " is listed twice");
        }
    }

    /** The smallest value listed more than once (Python reports {@code sorted(duplicates)[0]}), or null. */
    private static String firstRepeated(List<String> values) {
        Set<String> seen = new HashSet<>();
        String first = null;
        for (String v : values) {
            if (!seen.add(v) && (first == null || v.compareTo(first) < 0)) {
                first = v;
            }
        }
        return first;
    }

    // -- pydantic's type errors, worded as xgrag.config.readable prints them -----------------------------------------

    private static List<?> list(Object value, String at) {
        if (!(value instanceof List<?> l)) {
            throw new IllegalArgumentException(at + ": Input should be a valid list");
        }
        return l;
    }

    private static Map<String, Object> table(Object value, String at, String model, List<String> keys) {
        if (!(value instanceof Map<?, ?> raw)) {
            throw new IllegalArgumentException(at + ": Input should be a valid dictionary or instance of " + model);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : raw.entrySet()) {
            String k = String.valueOf(e.getKey());
            if (!keys.contains(k)) {
                throw new IllegalArgumentException(at + "." + k + ": unknown field (check its spelling)");
            }
            m.put(k, e.getValue());
        }
        return m;
    }

    private static String string(Object value, String at, boolean optional) {
        if (value == null && optional) {
            return null;
        }
        if (!(value instanceof String s)) {
            throw new IllegalArgumentException(at + ": Input should be a valid string");
        }
        return s;
    }

    /** {@code EntityMapping._one_alias}: one property name is the list of that one; none, an empty list. */
    private static List<String> aliases(Object value, String at) {
        if (value == null) {
            return List.of();
        }
        return value instanceof String s ? List.of(s) : strings(value, at);
    }

    private static boolean bool(Object value, String at) {
        if (!(value instanceof Boolean b)) {
            throw new IllegalArgumentException(at + ": Input should be a valid boolean");
        }
        return b;
    }

    private static List<String> strings(Object value, String at) {
        List<?> items = list(value, at);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            out.add(string(items.get(i), at + "[" + i + "]", false));
        }
        return List.copyOf(out);
    }
}
