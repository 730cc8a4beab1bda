package wirebench.contract;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
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
 * <p>The text is read from a {@link Reader} through a small buffer, so a reader over a large
 * input holds only the value being read: a caller that reads a long array element by element
 * ({@link #value()} per element, or a {@link MemberHook} in {@link #members(Obj, MemberHook)})
 * keeps memory independent of the input's size.
 *
 * <p>One leniency: an unquoted word in a value position (e.g. {@code "latency_99": n/a}) is read as a
 * {@link Bare} value instead of failing, so that a caller can report which field held it.
 */
public final class JsonReader {
    /**
     * The deepest nesting of arrays and objects read ({@value}): far beyond any run.json or Perftest
     * output, and shallow enough that the recursive reader never nears the thread's stack.
     */
    public static final int MAX_DEPTH = 256;
    /** Characters looked ahead for an error message. */
    private static final int CONTEXT_CHARS = 31;
    private final String source;
    private final Reader in;
    private char[] buf = new char[1 << 14];
    private int pos;
    private int limit;
    private boolean eof;
    private int line = 1;
    private int depth;

    /**
     * Takes over the value of one member in {@link #members(Obj, MemberHook)}: called after the
     * member's name and colon; returns true when it read the value itself (the member is then
     * recorded with a null value, so {@link Obj#has} still sees it), false to let the reader read it.
     */
    @FunctionalInterface
    public interface MemberHook {
        boolean value(String key, int valueLine, Obj into, JsonReader reader);
    }

    /** An object: members in source order, with the 1-based line on which each value starts. */
    public static final class Obj {
        private final Map<String, Object> members = new LinkedHashMap<>();
        private final Map<String, Integer> lines = new LinkedHashMap<>();
        private final Map<String, Integer> repeated = new LinkedHashMap<>(0);
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
            if (members.containsKey(key)) {
                repeated.putIfAbsent(key, valueLine);
            }
            members.put(key, value);
            lines.put(key, valueLine);
        }

        /** Names given twice or more, with the line of the second value (RFC 8259 leaves them open; get: the last). */
        public Map<String, Integer> repeated() {
            return Collections.unmodifiableMap(repeated);
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
        this(source, new StringReader(text));
    }

    /** A reader over {@code in}, read once and in order; the caller closes {@code in}. */
    public JsonReader(String source, Reader in) {
        this.source = source;
        this.in = in;
    }

    /** Makes at least {@code n} characters available from {@code pos} unless the input ends first. */
    private boolean ensure(int n) {
        while (limit - pos < n) {
            if (eof) {
                return false;
            }
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, limit - pos);
                limit -= pos;
                pos = 0;
            }
            if (limit == buf.length) {
                buf = java.util.Arrays.copyOf(buf, buf.length * 2);
            }
            try {
                int r = in.read(buf, limit, buf.length - limit);
                if (r < 0) {
                    eof = true;
                } else {
                    limit += r;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(source + ": cannot read (" + e.getMessage() + ")", e);
            }
        }
        return true;
    }

    private char charAt(int p) {
        return buf[p];
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
        return pos >= limit && !ensure(1);
    }

    /** Skips blanks and line ends; returns the next character or -1 at the end. */
    public int peek() {
        skipWhitespace();
        return atEnd() ? -1 : charAt(pos);
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

    /** Reads one value; nesting deeper than {@link #MAX_DEPTH} is bad input. */
    public Object value() {
        int p = peek();
        if (p == -1) {
            throw new EndOfInput(source + ":" + line + ": expected a JSON value, got end of input", line);
        }
        if (p != '{' && p != '[') {
            return p == '"' ? string() : word();
        }
        if (depth == MAX_DEPTH) {
            throw WirebenchException.badInput(source + ":" + line + ": expected arrays and objects nested at most "
                    + MAX_DEPTH + " deep, got deeper");
        }
        depth++;
        try {
            return container(p);
        } finally {
            depth--;
        }
    }

    private Object container(int p) {
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
            default:
                throw new IllegalStateException("not a container: " + (char) p);
        }
    }

    /**
     * Reads {@code "key": value} members separated by commas up to and including the closing
     * brace, into {@code into}. The opening brace must already be consumed (or be absent, as in a
     * Perftest C++ fragment).
     */
    public void members(Obj into) {
        members(into, null);
    }

    /**
     * As {@link #members(Obj)}, offering each member's value to {@code hook} first (null: none), so
     * that a caller can read a large member (a long array) piece by piece instead of as one value.
     */
    public void members(Obj into, MemberHook hook) {
        while (true) {
            String key = key();
            peek();
            int valueLine = line;
            if (hook != null && hook.value(key, valueLine, into, this)) {
                into.put(key, null, valueLine);
            } else {
                into.put(key, value(), valueLine);
            }
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
            char c = charAt(pos++);
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
            char e = charAt(pos++);
            if (e == 'u') {
                if (!ensure(4)) {
                    throw new EndOfInput(source + ":" + line + ": expected 4 hex digits, got end of input", line);
                }
                sb.append(JsonTokens.hex(new String(buf, pos, 4), source, line));
                pos += 4;
            } else {
                sb.append(JsonTokens.escaped(e, source, line));
            }
        }
    }

    /** A number, true, false, null, or (leniently) a bare word up to the next delimiter. */
    private Object word() {
        StringBuilder sb = new StringBuilder();
        while (pos < limit || ensure(1)) {
            char c = charAt(pos);
            if (c == ',' || c == '}' || c == ']' || c == '\n' || c == '\r' || c == '{' || c == '[' || c == '"') {
                break;
            }
            sb.append(c);
            pos++;
        }
        String w = sb.toString().strip();
        if (w.isEmpty()) {
            throw error("a JSON value");
        }
        return JsonTokens.word(w, source, line);
    }

    private void skipWhitespace() {
        while (pos < limit || ensure(1)) {
            char c = charAt(pos);
            if (c == '\n') {
                line++;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private WirebenchException error(String expected) {
        ensure(CONTEXT_CHARS);
        int end = pos;
        while (end < limit && end - pos < 30 && charAt(end) != '\n' && charAt(end) != '\r') {
            end++;
        }
        return WirebenchException.badInput(source + ":" + line + ": expected " + expected + ", got '"
                + new String(buf, pos, end - pos).strip() + "'");
    }
}
