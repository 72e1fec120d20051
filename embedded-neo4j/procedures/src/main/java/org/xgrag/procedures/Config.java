package org.xgrag.procedures;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The optional config map of a procedure: its own keys (camelCase, e.g. hops, excludedNodeIds) plus
 * {@code preset} (xgrag | langchain | neo4j-graphrag) and {@code schema} (field overrides, snake_case as
 * in xgrag.toml's [schema]). Unknown keys are an error, so a typo never silently changes a result.
 */
final class Config {

    private final String procedure;
    private final Map<String, Object> values;

    Config(String procedure, Map<String, Object> values, Set<String> allowed) {
        this.procedure = procedure;
        this.values = values == null ? Map.of() : values;
        Set<String> known = new HashSet<>(allowed);
        known.add("preset");
        known.add("schema");
        for (String key : this.values.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException(procedure + ": unknown config key '" + key + "'; known keys: "
                        + new TreeSet<>(known));
            }
        }
    }

    /**
     * The schema mapping: {@code preset}, else {@code schema.preset} (as in xgrag.toml's [schema] table, so a
     * mapping written for the TOML file can be passed as it is), else xgrag; the other {@code schema} fields
     * override the preset's. As {@code load_settings}: the chosen preset (the CLI's --preset) wins over the table's.
     */
    Schema schema() {
        Object overrides = values.get("schema");
        if (overrides != null && !(overrides instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(procedure + ": config.schema must be a map of schema fields");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> o = overrides == null ? null : new LinkedHashMap<>((Map<String, Object>) overrides);
        Object tablePreset = o == null ? null : o.remove("preset");
        Object preset = values.get("preset") != null ? values.get("preset")
                : tablePreset != null ? tablePreset : "xgrag";
        if (!(preset instanceof String)) {
            throw new IllegalArgumentException(procedure + ": config.preset must be a string");
        }
        return Schema.build((String) preset, o);
    }

    int integer(String key, int dflt, int min, int max) {
        Object v = values.get(key);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof Long || v instanceof Integer)) {
            throw new IllegalArgumentException(procedure + ": config." + key + " must be an integer, got " + Schema.describe(v));
        }
        long n = ((Number) v).longValue();
        if (n < min || n > max) {
            throw new IllegalArgumentException(procedure + ": config." + key + " = " + n + " is outside " + min + ".." + max);
        }
        return (int) n;
    }

    double number(String key, double dflt) {
        Object v = values.get(key);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof Number)) {
            throw new IllegalArgumentException(procedure + ": config." + key + " must be a number, got " + Schema.describe(v));
        }
        return ((Number) v).doubleValue();
    }

    boolean bool(String key, boolean dflt) {
        Object v = values.get(key);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof Boolean b)) {
            throw new IllegalArgumentException(procedure + ": config." + key + " must be true or false, got " + Schema.describe(v));
        }
        return b;
    }

    String string(String key, String dflt) {
        Object v = values.get(key);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException(procedure + ": config." + key + " must be a string, got " + Schema.describe(v));
        }
        return s;
    }

    List<String> strings(String key) {
        return Retrieval.strings(values.get(key), procedure + ": config." + key);
    }

    Object raw(String key) {
        return values.get(key);
    }
}
