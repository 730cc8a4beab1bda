package wirebench.contract.perftest;

import java.io.Reader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import wirebench.contract.Columns;
import wirebench.contract.JsonReader;
import wirebench.contract.JsonReader.Obj;
import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * RTI Perftest's JSON printer (3.1+): the complete documents of the Java and C# printers
 * ({@code {"perftest":[{...},...]}}) and the fragments of the C++ printer, which are not JSON on
 * their own (they start with {@code "length":} and lack the {@code {"perftest":[{} prefix and the
 * {@code ]}} suffix; reading them as if wrapped in those gives the intended document). Several runs
 * appended to one file ({@code -outputFile} appends) are read one after the other. Lines that cannot
 * belong to the JSON text (stderr of a {@code 2>&1} capture) are blanked by {@link #jsonLine}; a
 * text that ends inside a data size's object is truncated: a warning, and the sizes before it (and
 * the intervals read before the cut) are kept. JSON names no time unit: values are microseconds
 * (a 3.1 to 4.2 build with the nanosecond clock cannot be told from its JSON).
 *
 * <p>The text is read once as a stream ({@link JsonReader}): only a data size's scalar members and
 * summary are held; its {@code "intervals"} array is read one interval at a time and handed on, so
 * memory does not grow with the input. The one reader of this format: the analyzer and
 * {@code campaign --executable} use it.
 */
public final class PerftestJsonReader {
    /** Latency interval keys and their columns (key, column, ...). */
    private static final List<String> LATENCY_INTERVAL_KEYS = List.of("latency", Columns.LATENCY_US,
            "latency_ave", Columns.AVE_US, "latency_std", Columns.STD_US, "latency_min", Columns.MIN_US,
            "latency_max", Columns.MAX_US);
    private static final List<String> THROUGHPUT_INTERVAL_KEYS = List.of("packets", Columns.TOTAL_SAMPLES,
            "packets/s", Columns.SAMPLES_PER_S, "packets/s_ave", Columns.AVE_SAMPLES_PER_S, "mbps", Columns.MBPS,
            "mbps_ave", Columns.AVE_MBPS, "lost", Columns.LOST, "lost_percent", Columns.LOST_PCT);
    private static final List<String> LATENCY_SUMMARY_KEYS = List.of("latency_ave", Columns.AVE_US,
            "latency_std", Columns.STD_US, "latency_min", Columns.MIN_US, "latency_max", Columns.MAX_US,
            "latency_50", Columns.P50_US, "latency_90", Columns.P90_US, "latency_99", Columns.P99_US,
            "latency_99.99", Columns.P9999_US, "latency_99.9999", Columns.P999999_US);

    private PerftestJsonReader() {
    }

    /** {@code line} if it can be part of Perftest's JSON text, else "" (line numbers are kept). */
    public static String jsonLine(String line) {
        return isJsonLine(line.strip()) ? line : "";
    }

    /**
     * Reads the JSON text {@code in} (its lines passed through {@link #jsonLine}) into {@code out};
     * the format it showed: {@code perftest-json-java} (documents only) or {@code perftest-json-cpp}.
     */
    public static String read(Reader in, PerftestRows out) {
        boolean java = false;
        boolean cpp = false;
        JsonReader r = new JsonReader(out.source(), in);
        try {
            while (r.peek() != -1) {
                if (r.peek() == '{') {
                    java = true;
                    document(r, out);
                } else if (r.peek() == '"') {
                    cpp = true;
                    fragments(r, out);
                } else {
                    r.expect('{');
                }
            }
        } catch (JsonReader.EndOfInput e) {
            out.warn(e.line(), "truncated JSON (the text ends before the run is complete); the complete data "
                    + "sizes and the interval rows before this line are kept");
        }
        return java && !cpp ? "perftest-json-java" : "perftest-json-cpp";
    }

    /** A line that can be part of Perftest's JSON text (it starts with a structural character). */
    private static boolean isJsonLine(String s) {
        if (s.isEmpty()) {
            return false;
        }
        char c = s.charAt(0);
        return c == '{' || c == '}' || c == '"' || c == ',' || c == ']' || s.equals("[");
    }

    /** {@code {"perftest":[ {size}, ... ]}} of the Java and C# printers. */
    private static void document(JsonReader r, PerftestRows out) {
        r.expect('{');
        int line = r.line();
        String key = r.key();
        if (!key.equals("perftest")) {
            throw WirebenchException.badInput(out.source() + ":" + line + ": expected the member \"perftest\", got \""
                    + key + "\"");
        }
        r.expect('[');
        if (r.peek() == ']') {
            r.expect(']');
        } else {
            while (true) {
                if (r.peek() != '{') {
                    Object v = r.value();
                    throw WirebenchException.badInput(out.source() + ":" + r.line()
                            + ": expected a data size object in \"perftest\", got " + describe(v));
                }
                int sizeLine = r.line();
                r.expect('{');
                if (r.peek() == ']') {
                    // the Java/C# printers' empty run: an object opened, then the array closed
                    out.warn(sizeLine, "empty run (no data size was printed): no result");
                    r.expect(']');
                    break;
                }
                Obj size = new Obj(sizeLine);
                if (r.peek() == '}') {
                    r.expect('}');
                } else {
                    r.members(size, intervalsHook(out));
                }
                size(size, out);
                if (r.peek() == ',') {
                    r.expect(',');
                } else {
                    r.expect(']');
                    break;
                }
            }
        }
        r.expect('}');
    }

    /** The C++ printer's text: members of the first size's object, then {@code ,{...}} per further size. */
    private static void fragments(JsonReader r, PerftestRows out) {
        Obj first = new Obj(r.line());
        r.members(first, intervalsHook(out));
        size(first, out);
        while (r.peek() == ',') {
            r.expect(',');
            r.expect('{');
            Obj next = new Obj(r.line());
            if (r.peek() == '}') {
                r.expect('}');
            } else {
                r.members(next, intervalsHook(out));
            }
            size(next, out);
        }
    }

    /**
     * Reads a data size's {@code "intervals"} array element by element as it streams past, handing
     * each interval on as a row: the array is never held.
     */
    private static JsonReader.MemberHook intervalsHook(PerftestRows out) {
        return (key, valueLine, size, r) -> {
            if (!key.equals("intervals")) {
                return false;
            }
            if (r.peek() != '[') {
                Object v = r.value();
                throw WirebenchException.badInput(out.source() + ":" + valueLine
                        + ": expected a list in \"intervals\", got " + describe(v));
            }
            r.expect('[');
            if (r.peek() == ']') {
                r.expect(']');
                return true;
            }
            Double length = size.has("length") ? num(size, "length", Columns.SIZE_BYTES, out) : null;
            while (true) {
                Object item = r.value();
                if (!(item instanceof Obj)) {
                    throw WirebenchException.badInput(out.source() + ":" + valueLine
                            + ": expected interval objects in \"intervals\", got " + describe(item));
                }
                interval((Obj) item, length, out);
                if (r.peek() == ',') {
                    r.expect(',');
                } else {
                    r.expect(']');
                    return true;
                }
            }
        };
    }

    /** One interval object, handed on as a latency or throughput interval row. */
    private static void interval(Obj i, Double length, PerftestRows out) {
        Map<String, Double> v = new LinkedHashMap<>();
        if (i.has("latency")) {
            v.put(Columns.SIZE_BYTES, length);
            put(i, v, LATENCY_INTERVAL_KEYS, out);
            cpu(i, v, out);
            out.latencyInterval(v);
        } else {
            Double l = num(i, "length", Columns.SIZE_BYTES, out);
            v.put(Columns.SIZE_BYTES, l != null ? l : length);
            put(i, v, THROUGHPUT_INTERVAL_KEYS, out);
            cpu(i, v, out);
            out.throughputInterval(v);
        }
    }

    /** For each key of {@code keys} (key, column, key, column...), its value into {@code v} under the column. */
    private static void put(Obj o, Map<String, Double> v, List<String> keys, PerftestRows out) {
        for (int k = 0; k < keys.size(); k += 2) {
            v.put(keys.get(k + 1), num(o, keys.get(k), keys.get(k + 1), out));
        }
    }

    private static void size(Obj o, PerftestRows out) {
        Double length = num(o, "length", Columns.SIZE_BYTES, out);
        if (length == null && !o.has("summary") && !o.has("intervals")) {
            out.warn(o.line(), "empty data size object: no result");
            return;
        }
        Object summary = o.get("summary");
        if (summary == null) {
            out.warn(o.line(), "data size " + (length == null ? "?" : Numbers.plain(length))
                    + " has no summary: no result");
            return;
        }
        if (!(summary instanceof Obj)) {
            throw WirebenchException.badInput(out.source() + ":" + o.lineOf("summary")
                    + ": expected an object in \"summary\", got " + describe(summary));
        }
        Obj s = (Obj) summary;
        int line = o.lineOf("summary");
        Map<String, Double> v = new LinkedHashMap<>();
        v.put(Columns.SIZE_BYTES, length);
        if (s.has("latency_ave") || s.has("latency_50")) {
            put(s, v, LATENCY_SUMMARY_KEYS, out);
            cpu(s, v, out);
            if (s.has("serialize") || s.has("deserialize")) {
                v.put(Columns.SERIALIZE_US, num(s, "serialize", Columns.SERIALIZE_US, out));
                v.put(Columns.DESERIALIZE_US, num(s, "deserialize", Columns.DESERIALIZE_US, out));
            }
            out.latencySummary(line, v);
        } else {
            v.put(Columns.TOTAL_SAMPLES, num(s, "packets", Columns.TOTAL_SAMPLES, out));
            v.put(Columns.SAMPLES_PER_S, summaryNum(s, "packets/sAve", "packets/s_ave", Columns.SAMPLES_PER_S, out));
            v.put(Columns.MBPS, summaryNum(s, "mbpsAve", "mbps_ave", Columns.MBPS, out));
            v.put(Columns.LOST, num(s, "lost", Columns.LOST, out));
            v.put(Columns.LOST_PCT, summaryNum(s, "lostPercent", "lost_percent", Columns.LOST_PCT, out));
            cpu(s, v, out);
            out.throughputSummary(line, v);
        }
    }

    /**
     * A throughput summary value under its released key (camelCase, 3.1 to 4.3) or, with a warning,
     * under the pre-release key of the 3.1 design documents (the interval keys: {@code packets/s_ave},
     * {@code mbps_ave}, {@code lost_percent}). Neither present: a warning, no value.
     */
    private static Double summaryNum(Obj o, String key, String preRelease, String column, PerftestRows out) {
        if (o.has(key)) {
            return num(o, key, column, out);
        }
        if (o.has(preRelease)) {
            out.warn(o.lineOf(preRelease), "throughput summary key \"" + preRelease + "\" read as \"" + key
                    + "\" (the name in a pre-release RTI Perftest 3.1 design; released printers write \"" + key + "\")");
            return num(o, preRelease, column, out);
        }
        out.warn(o.line(), "throughput summary without \"" + key + "\": column '" + column + "' left empty");
        return null;
    }

    private static void cpu(Obj o, Map<String, Double> v, PerftestRows out) {
        if (o.has("CPU")) {
            v.put(Columns.CPU_PCT, num(o, "CPU", Columns.CPU_PCT, out));
        } else if (o.has("cpu")) {
            v.put(Columns.CPU_PCT, num(o, "cpu", Columns.CPU_PCT, out));
        }
    }

    private static Double num(Obj o, String key, String column, PerftestRows out) {
        Object v = o.get(key);
        if (v == null) {
            return null;
        }
        if (v instanceof Double d) {
            return out.check(o.lineOf(key), column, d);
        }
        String got = v instanceof JsonReader.Bare b ? b.text() : v instanceof String str ? str : describe(v);
        if (v instanceof String str) {
            Double d = Numbers.parseOrNull(str);
            if (d != null) {
                return out.check(o.lineOf(key), column, d);
            }
        }
        throw WirebenchException.badInput(out.source() + ":" + o.lineOf(key) + ": column '" + column
                + "': expected a number, got '" + got + "'");
    }

    private static String describe(Object v) {
        if (v instanceof Obj) {
            return "an object";
        }
        if (v instanceof List) {
            return "a list";
        }
        if (v instanceof JsonReader.Bare b) {
            return "'" + b.text() + "'";
        }
        if (v instanceof Double d) {
            return "'" + Numbers.plain(d) + "'";
        }
        return v == null ? "null" : "'" + v + "'";
    }
}
