package wirebench.analyzer.parse;

import java.io.Reader;
import java.util.function.UnaryOperator;

/**
 * The lines of a {@link LineReader} as a character stream, each ended by {@code \n} (line ends
 * already normalised, a byte order mark already dropped), so that a reader of records spanning
 * lines (commons-csv, through the contract's CsvFamilyReader) reads an input once without holding
 * it. An optional filter maps each line before it is passed on (e.g. to blank out lines that
 * cannot belong to the text, keeping line numbers). Closing it does not close the LineReader.
 */
final class LinesAsReader extends Reader {
    private final LineReader lines;
    private final UnaryOperator<String> filter;
    private String current;
    private int pos;

    LinesAsReader(LineReader lines) {
        this(lines, UnaryOperator.identity());
    }

    /** The lines of {@code lines}, each mapped by {@code filter} (which must not return null). */
    LinesAsReader(LineReader lines, UnaryOperator<String> filter) {
        this.lines = lines;
        this.filter = filter;
    }

    @Override
    public int read(char[] buf, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (current == null || pos > current.length()) {
            current = lines.next();
            pos = 0;
            if (current == null) {
                return -1;
            }
            current = filter.apply(current);
        }
        int n = Math.min(len, current.length() - pos);
        current.getChars(pos, pos + n, buf, off);
        pos += n;
        if (n < len && pos == current.length()) {
            buf[off + n++] = '\n';
            pos++;
        }
        return n;
    }

    @Override
    public void close() {
        // the LineReader is closed by whoever opened it
    }
}
