package org.xgrag.procedures;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cypher/shared_config.json}, bundled into the jar at build time beside the queries: the identifier rule,
 * the schema mapping's fields, defaults and presets, the retrieval defaults and the flat row layouts. The Python
 * package reads the same file ({@code xgrag.config.shared_config}), so the two sides cannot drift apart.
 */
final class Shared {

    static final Map<String, Object> CONFIG = load();

    private Shared() {}

    private static Map<String, Object> load() {
        try (InputStream in = Shared.class.getResourceAsStream(Queries.RESOURCE_DIR + "shared_config.json")) {
            if (in == null) {
                throw new IllegalStateException("cypher/shared_config.json is missing from the xgrag procedures jar");
            }
            return map(Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read cypher/shared_config.json: " + e, e);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<String> strings(Object o) {
        return List.copyOf((List<String>) o);
    }

    static Map<String, Object> section(String... path) {
        Map<String, Object> m = CONFIG;
        for (String key : path) {
            m = map(m.get(key));
        }
        return m;
    }

    /** A fresh, mutable copy of a map of (string | boolean | list | null) values. */
    static Map<String, Object> copy(Map<String, Object> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : m.entrySet()) {
            Object v = e.getValue();
            out.put(e.getKey(), v instanceof List<?> l ? List.copyOf(l) : v);
        }
        return out;
    }

    static int retrieval(String key) {
        return ((Number) section("retrieval").get(key)).intValue();
    }

    static List<String> row(String kind) {
        return strings(section("rows").get(kind));
    }
}
