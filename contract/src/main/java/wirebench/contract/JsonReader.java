package wirebench.contract;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


/**
 * A small JSON reader that knows line numbers. Values are {@link Obj} (objects, members in source
 * order, each with the line of its value), {@link List}, {@link Double} (numbers), {@link String},
 * {@link Boolean} and {@code null}. Errors are bad input ({@code FILE:LINE: expected X, got 'Y'},
 * exit 3); an input that ends inside a value throws {@link EndOfInput} so that callers can treat a
 * cut-off file as truncated rather than broken.
 *
 * <p>The reader is a cursor: {@link #value()} reads one value, and the lower-level methods
 * ({@link #members(Obj)}, {@link #peek()}, {@link #expect(char)}) let callers read text that is not
 * one complete document (RTI Perftest's C++ JSON fragments, several documents appended).
 *
 * <p>One leniency: an unquoted word in a value position (e.g. {@code "latency_99": n/a}) is read as a
 * {@link Bare} value instead of failing, so that a caller can report which field held it.
 */
public final class JsonReader {
    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private final String source;
    private final String text;
    private int pos;
    private int line = 1;

    /** An object: members in source order, with the 1-based line on which each value starts. */
    public static final class Obj {
        private final Map<String, Object> members = new LinkedHashMap<>();
        private final Map<String, Integer> lines = new LinkedHashMap<>();
        private final int line;

        public Obj(int line) {
            this.line = line;
        }

        public Map<String, Object> members() {
            return Collections.unmodifiableMap(members);
        }

        public Object get(String key) {
            return members.get(key);
        }

        public boolean has(String key) {
            return members.containsKey(key);
        }

        /** The line of the value of {@code key}, or the object's own line. */
        public int lineOf(String key) {
            return lines.getOrDefault(key, line);
        }

        /** The line of the opening brace (or of the first member for a fragment). */
        public int line() {
            return line;
        }

        void put(String key, Object value, int valueLine) {
            members.put(key, value);
            lines.put(key, valueLine);
        }
    }

    /** An unquoted word where a value was expected (not JSON; kept for a precise error). */
    public record Bare(String text) {
    }

    /** Thrown when the text ends inside a value. */
    public static final class EndOfInput extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int line;

        EndOfInput(String message, int line) {
            super(message);
            this.line = line;
        }

        /** The line on which the text ended. */
        public int line() {
            return line;
        }
    }

    public JsonReader(String source, String text) {
        this.source = source;
        this.text = text;
    }

    /** Parses {@code text} as exactly one JSON value (whitespace around it allowed). */
    public static Object parse(String source, String text) {
        JsonReader r = new JsonReader(source, text);
        Object v = r.value();
        r.skipWhitespace();
        if (!r.atEnd()) {
            throw r.error("end of input");
        }
        return v;
    }

    /** The current 1-based line. */
    public int line() {
        return line;
    }

    public boolean atEnd() {
        return pos >= text.length();
    }

    /** Skips blanks and line ends; returns the next character or -1 at the end. */
    public int peek() {
        skipWhitespace();
        return atEnd() ? -1 : text.charAt(pos);
    }

    /** Consumes {@code c} after optional whitespace, or fails. */
    public void expect(char c) {
        int p = peek();
        if (p == -1) {
            throw new EndOfInput(source + ":" + line + ": expected '" + c + "', got end of input", line);
        }
        if (p != c) {
            throw error("'" + c + "'");
        }
        pos++;
    }

    /** Reads a member name and the colon after it. */
    public String key() {
        int p = peek();
        if (p == -1) {
            throw new EndOfInput(source + ":" + line + ": expected a member name, got end of input", line);
        }
        if (p != '"') {
            throw error("a member name in double quotes");
        }
        String k = string();
        expect(':');
        return k;
    }

    /** Reads one value. */
    public Object value() {
        int p = peek();
        if (p == -1) {
            throw new EndOfInput(source + ":" + line + ": expected a JSON value, got end of input", line);
        }
        switch (p) {
            case '{': {
                Obj o = new Obj(line);
                pos++;
                if (peek() == '}') {
                    pos++;
                    return o;
                }
                members(o);
                return o;
            }
            case '[': {
                pos++;
                List<Object> list = new ArrayList<>();
                if (peek() == ']') {
                    pos++;
                    return list;
                }
                while (true) {
                    list.add(value());
                    int q = peek();
                    if (q == ',') {
                        pos++;
                    } else if (q == ']') {
                        pos++;
                        return list;
                    } else if (q == -1) {
                        throw new EndOfInput(source + ":" + line + ": expected ',' or ']', got end of input", line);
                    } else {
                        throw error("',' or ']'");
                    }
                }
            }
            case '"':
                return string();
            default:
                return word();
        }
    }

    /**
     * Reads {@code "key": value} members separated by commas up to and including the closing
     * brace, into {@code into}. The opening brace must already be consumed (or be absent, as in a
     * Perftest C++ fragment).
     */
    public void members(Obj into) {
        while (true) {
            int p = peek();
            if (p == -1) {
                throw new EndOfInput(source + ":" + line + ": expected a member name, got end of input", line);
            }
            if (p != '"') {
                throw error("a member name in double quotes");
            }
            String key = string();
            expect(':');
            peek();
            int valueLine = line;
            into.put(key, value(), valueLine);
            int q = peek();
            if (q == ',') {
                pos++;
            } else if (q == '}') {
                pos++;
                return;
            } else if (q == -1) {
                throw new EndOfInput(source + ":" + line + ": expected ',' or '}', got end of input", line);
            } else {
                throw error("',' or '}'");
            }
        }
    }

    private String string() {
        pos++; // opening quote
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (atEnd()) {
                throw new EndOfInput(source + ":" + line + ": expected '\"', got end of input", line);
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\n') {
                pos--;
                throw error("'\"' before the end of the line");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (atEnd()) {
                throw new EndOfInput(source + ":" + line + ": expected an escape, got end of input", line);
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"': sb.append('"'); break;
                case '\\': sb.append('\\'); break;
                case '/': sb.append('/'); break;
                case 'b': sb.append('\b'); break;
                case 'f': sb.append('\f'); break;
                case 'n': sb.append('\n'); break;
                case 'r': sb.append('\r'); break;
                case 't': sb.append('\t'); break;
                case 'u': {
                    if (pos + 4 > text.length()) {
                        throw new EndOfInput(source + ":" + line + ": expected 4 hex digits, got end of input", line);
                    }
                    String hex = text.substring(pos, pos + 4);
                    try {
                        sb.append((char) Integer.parseInt(hex, 16));
                    } catch (NumberFormatException ex) {
                        throw WirebenchException.badInput(source + ":" + line + ": expected 4 hex digits after \\u, got '"
                                + hex + "'");
                    }
                    pos += 4;
                    break;
                }
                default:
                    throw WirebenchException.badInput(source + ":" + line + ": expected a JSON escape, got '\\" + e + "'");
            }
        }
    }

    /** A number, true, false, null, or (leniently) a bare word up to the next delimiter. */
    private Object word() {
        int start = pos;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ',' || c == '}' || c == ']' || c == '\n' || c == '\r' || c == '{' || c == '[' || c == '"') {
                break;
            }
            pos++;
        }
        String w = text.substring(start, pos).strip();
        if (w.isEmpty()) {
            pos = start;
            throw error("a JSON value");
        }
        switch (w) {
            case "true": return Boolean.TRUE;
            case "false": return Boolean.FALSE;
            case "null": return null;
            default:
                break;
        }
        if (isJsonNumber(w)) {
            return Double.parseDouble(w);
        }
        return new Bare(w);
    }

    private static boolean isJsonNumber(String w) {
        return NUMBER.matcher(w).matches();
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                line++;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private WirebenchException error(String expected) {
        int end = pos;
        while (end < text.length() && end - pos < 30 && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return WirebenchException.badInput(source + ":" + line + ": expected " + expected + ", got '"
                + text.substring(pos, end).strip() + "'");
    }
}
