package wirebench.analyzer.parse;

import java.io.Reader;

/**
 * The lines of a {@link LineReader} as a character stream, each ended by {@code \n} (line ends
 * already normalised, a byte order mark already dropped), so that a reader of records spanning
 * lines (commons-csv, through the contract's CsvFamilyReader) reads an input once without holding
 * it. Closing it does not close the LineReader.
 */
final class LinesAsReader extends Reader {
    private final LineReader lines;
    private String current;
    private int pos;

    LinesAsReader(LineReader lines) {
        this.lines = lines;
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
        }
        int n = 0;
        while (n < len && pos <= current.length()) {
            buf[off + n++] = pos < current.length() ? current.charAt(pos) : '\n';
            pos++;
        }
        return n;
    }

    @Override
    public void close() {
        // the LineReader is closed by whoever opened it
    }
}
