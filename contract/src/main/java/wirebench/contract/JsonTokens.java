package wirebench.contract;

/**
 * The lexical pieces of JSON that need no cursor, for {@link JsonReader}: number syntax, the
 * literal words ({@code true}, {@code false}, {@code null}) and string escapes.
 */
final class JsonTokens {
    private JsonTokens() {
    }

    /**
     * A number, true, false, null, or (leniently) a {@link JsonReader.Bare} word; a number beyond a
     * double's range (1e999999 is valid JSON syntax) is bad input naming {@code source:line}: read as
     * infinity it would be a wrong number.
     */
    static Object word(String w, String source, int line) {
        switch (w) {
            case "true": return Boolean.TRUE;
            case "false": return Boolean.FALSE;
            case "null": return null;
            default:
                break;
        }
        if (isJsonNumber(w)) {
            double d = Double.parseDouble(w);
            if (Double.isInfinite(d)) {
                throw WirebenchException.badInput(source + ":" + line + ": expected a number within the range of a"
                        + " double (about 1.8e308), got '" + w + "'");
            }
            return d;
        }
        return new JsonReader.Bare(w);
    }

    /** The character of the escape {@code \\e} (not {@code \\u}); bad input naming {@code source:line} otherwise. */
    static char escaped(char e, String source, int line) {
        switch (e) {
            case '"': return '"';
            case '\\': return '\\';
            case '/': return '/';
            case 'b': return '\b';
            case 'f': return '\f';
            case 'n': return '\n';
            case 'r': return '\r';
            case 't': return '\t';
            default:
                throw WirebenchException.badInput(source + ":" + line + ": expected a JSON escape, got '\\" + e + "'");
        }
    }

    /** The character of {@code \\uHEX}. */
    static char hex(String hex, String source, int line) {
        try {
            return (char) Integer.parseInt(hex, 16);
        } catch (NumberFormatException ex) {
            throw WirebenchException.badInput(source + ":" + line + ": expected 4 hex digits after \\u, got '" + hex
                    + "'");
        }
    }

    /** Whether {@code w} is a JSON number: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    static boolean isJsonNumber(String w) {
        int n = w.length();
        int i = 0;
        if (i < n && w.charAt(i) == '-') {
            i++;
        }
        if (i < n && w.charAt(i) == '0') {
            i++;
        } else {
            int start = i;
            while (i < n && isDigit(w.charAt(i))) {
                i++;
            }
            if (i == start || w.charAt(start) == '0') {
                return false;
            }
        }
        if (i < n && w.charAt(i) == '.') {
            int start = ++i;
            while (i < n && isDigit(w.charAt(i))) {
                i++;
            }
            if (i == start) {
                return false;
            }
        }
        if (i < n && (w.charAt(i) == 'e' || w.charAt(i) == 'E')) {
            i++;
            if (i < n && (w.charAt(i) == '+' || w.charAt(i) == '-')) {
                i++;
            }
            int start = i;
            while (i < n && isDigit(w.charAt(i))) {
                i++;
            }
            if (i == start) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

}
