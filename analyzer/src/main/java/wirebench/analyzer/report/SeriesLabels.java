package wirebench.analyzer.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.contract.Numbers;

/**
 * Names of chart series and table groups in words, naming only what varies between them:
 * {@code reliable, batch 8 KiB} rather than {@code pubsub-latency.csv UDPv4/reliable/unkeyed/1/8192}.
 */
public final class SeriesLabels {
    /** Context keys that say where a table came from, not what was measured. */
    private static final Set<String> NOT_CONDITIONS = Set.of("format", "family", "source", "file", "role");
    /** wirebench's histogram log names: family-test-transport-reliability-keyed-instances-bBATCH-SIZE. */
    private static final Pattern HLOG = Pattern.compile(
            "^(?:[a-z]+-[a-z]+)-(latency|throughput)-([A-Za-z0-9_]+)-(reliable|best_effort)-(keyed|unkeyed)-(\\d+)"
                    + "-b(\\d+)-(\\d+)$");

    private SeriesLabels() {
    }

    /**
     * One label per context, in words, naming the keys whose values differ among {@code contexts};
     * {@code fallback} when nothing differs.
     */
    public static List<String> varying(List<Map<String, String>> contexts, String fallback) {
        Set<String> keys = new LinkedHashSet<>();
        contexts.forEach(c -> keys.addAll(c.keySet()));
        List<String> differing = new ArrayList<>();
        for (String k : keys) {
            if (NOT_CONDITIONS.contains(k)) {
                continue;
            }
            if (contexts.stream().map(c -> c.get(k)).distinct().count() > 1) {
                differing.add(k);
            }
        }
        List<String> out = new ArrayList<>();
        for (Map<String, String> c : contexts) {
            List<String> parts = new ArrayList<>();
            for (String k : differing) {
                if (c.get(k) != null) {
                    parts.add(word(k, c.get(k)));
                }
            }
            out.add(parts.isEmpty() ? fallback : String.join(", ", parts));
        }
        return out;
    }

    /** Every condition of one context in words ({@code UDPv4, reliable, no batching}), or {@code fallback}. */
    public static String all(Map<String, String> context, String fallback) {
        List<String> parts = new ArrayList<>();
        context.forEach((k, v) -> {
            if (!NOT_CONDITIONS.contains(k) && v != null && !v.isEmpty()) {
                parts.add(word(k, v));
            }
        });
        return parts.isEmpty() ? fallback : String.join(", ", parts);
    }

    /** One condition in words: {@code best effort}, {@code batch 8 KiB}, {@code 4 instances}, {@code 1 KiB}. */
    public static String word(String key, String value) {
        switch (key) {
            case "reliability":
                return value.replace('_', ' ');
            case "keyed":
                return value.equals("true") ? "keyed" : value.equals("false") ? "unkeyed" : value;
            case "test":
                return value.equals("throughput") ? "under load" : value.equals("latency") ? "latency test" : value;
            case "compression":
                return value.equalsIgnoreCase("NONE") ? "no compression" : value;
            case "instances":
                return value + (value.equals("1") ? " instance" : " instances");
            case "batch_bytes":
                return value.equals("0") ? "no batching" : "batch " + bytes(value);
            case "rate_per_s":
                return value.equals("max") ? "max rate" : value + "/s";
            case "client":
                return value + " client";
            case "threads":
                return value + (value.equals("1") ? " thread" : " threads");
            default:
                if (key.endsWith("_bytes")) {
                    return bytes(value);
                }
                if (key.equals("transport") || key.equals("method") || key.equals("algorithm")
                        || key.equals("case") || key.equals("label") || key.equals("name")) {
                    return value;
                }
                return key.replace('_', ' ') + " " + value;
        }
    }

    /** A byte count as people say it: 32 B, 1 KiB, 8 KiB, 63.5 KiB, 1 MiB. */
    public static String bytes(String value) {
        Double v = Numbers.parseOrNull(value);
        return v == null ? value : bytes(v);
    }

    /** A byte count as people say it: 32 B, 1 KiB, 8 KiB, 63.5 KiB, 1 MiB. */
    public static String bytes(double v) {
        if (v >= 1 << 20 && v % (1 << 20) == 0) {
            return Numbers.plain(v / (1 << 20)) + " MiB";
        }
        if (v >= 1024 && v % 64 == 0) {
            return Numbers.upTo(v / 1024, 2) + " KiB";
        }
        return Numbers.plain(v) + " B";
    }

    /**
     * The conditions of a wirebench histogram log from its file name (test, transport,
     * reliability, keyed, instances, batch_bytes, size_bytes), or just {@code name} when the name
     * is not one of wirebench's.
     */
    public static Map<String, String> ofHistogramLog(String name) {
        Matcher m = HLOG.matcher(name);
        if (!m.matches()) {
            return Map.of("name", name);
        }
        Map<String, String> c = new java.util.LinkedHashMap<>();
        c.put("test", m.group(1));
        c.put("transport", m.group(2));
        c.put("reliability", m.group(3));
        c.put("keyed", m.group(4));
        c.put("instances", m.group(5));
        c.put("batch_bytes", m.group(6));
        c.put("size_bytes", m.group(7));
        return c;
    }
}
