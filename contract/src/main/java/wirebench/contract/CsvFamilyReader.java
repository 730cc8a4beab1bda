package wirebench.contract;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a CSV family file ({@link CsvFamilies}) one row at a time, in memory bounded by one row:
 * the declaration line (blank lines before it are skipped), the header, then {@link Row}s from
 * {@link #next()}, {@link #eachRow(RowHandler)} or a for-each loop. Built on commons-csv, so a
 * quoted field may hold commas, quotes and line ends (as {@link CsvFamilyWriter} writes them).
 * Blank lines and lines starting with {@code #} between rows are skipped. Surrounding blanks of
 * unquoted fields are dropped. Text cells are read with {@link Row#text} (formula prefix removed),
 * numeric cells with {@link Row#number} (empty = missing).
 *
 * <p>Every row knows the file and the 1-based line it starts on; errors are bad input
 * ({@code FILE:LINE: expected X, got Y}, exit 3). The reader checks the declaration (version
 * and family, one of {@link CsvFamilies#ALL}) and that the header names every key column and no
 * column twice; the caller checks the width of each row (a short last row is a cut-off file:
 * {@link Row#last()}) and the cells.
 */
public final class CsvFamilyReader implements Closeable, Iterable<CsvFamilyReader.Row> {
    private static final CSVFormat READ = CsvCells.FORMAT.builder()
            .setCommentMarker('#')
            .setIgnoreEmptyLines(true)
            .setIgnoreSurroundingSpaces(true)
            .get();
    private static final Pattern PARSER_LINE = Pattern.compile("\\((?:start)?line (\\d+)\\)");

    private final String source;
    private final Reader in;
    private final int declarationLine;
    private final CsvFamilies.Declaration declaration;
    private final int lineOffset;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final List<String> header;
    private final int headerLine;
    private int lastLine;
    private Row pending;

    /** Handles one row; may throw {@link IOException}. */
    @FunctionalInterface
    public interface RowHandler {
        void row(Row row) throws IOException;
    }

    /**
     * One row: its cells as written (quotes removed) and the line it starts on.
     *
     * @param last whether no row follows (a short last row is a file cut off while written)
     */
    public record Row(String source, int line, List<String> header, List<String> cells, boolean last) {
        public int size() {
            return cells.size();
        }

        /** The cell as written (with a formula prefix, if any). */
        public String raw(int i) {
            return cells.get(i);
        }

        /** The text a text cell stands for ({@link CsvCells#unneutralise}). */
        public String text(int i) {
            return CsvCells.unneutralise(cells.get(i));
        }

        /**
         * A numeric cell: null when empty (missing), else its value; a cell that is no finite
         * number is bad input naming file, line and column.
         */
        public Double number(int i) {
            String v = cells.get(i);
            if (v.isBlank()) {
                return null;
            }
            Double d = Numbers.parseOrNull(v);
            if (d == null) {
                throw error("column '" + (i < header.size() ? header.get(i) : "#" + (i + 1))
                        + "': expected a number, got '" + v + "'");
            }
            return d;
        }

        /** Bad input located at this row: {@code FILE:LINE: message}. */
        public WirebenchException error(String message) {
            return WirebenchException.badInput(source + ":" + line + ": " + message);
        }
    }

    /** Opens {@code file} (UTF-8) and reads its declaration and header. */
    public static CsvFamilyReader open(Path file) {
        Reader r;
        try {
            r = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot read (" + e.getMessage() + ")");
        }
        try {
            return new CsvFamilyReader(file.toString(), r);
        } catch (RuntimeException e) {
            closeQuietly(r);
            throw e;
        }
    }

    /** Reads from {@code in} (closed by {@link #close()}); {@code source} names it in errors. */
    public static CsvFamilyReader of(String source, Reader in) {
        return new CsvFamilyReader(source, in);
    }

    private CsvFamilyReader(String source, Reader in) {
        this.source = source;
        this.in = in;
        BufferedReader br = in instanceof BufferedReader ? (BufferedReader) in : new BufferedReader(in);
        try {
            int n = 0;
            String line;
            do {
                line = br.readLine();
                n++;
            } while (line != null && line.isBlank());
            if (line == null) {
                throw WirebenchException.badInput(source + ":" + Math.max(1, n - 1) + ": expected '"
                        + CsvFamilies.MAGIC.strip() + "' as the first line, got an empty file");
            }
            this.declarationLine = n;
            this.declaration = CsvFamilies.parse(source, n, line);
            if (!CsvFamilies.ALL.contains(declaration.family())) {
                throw WirebenchException.badInput(source + ":" + n + ": expected family one of "
                        + new TreeSet<>(CsvFamilies.ALL) + ", got '" + declaration.family() + "'");
            }
            this.lineOffset = n;
            this.lastLine = n;
            this.parser = READ.parse(br);
        } catch (IOException e) {
            throw WirebenchException.badInput(source + ": cannot read (" + e.getMessage() + ")");
        }
        this.records = parser.iterator();
        Row h = fetch(List.of());
        if (h == null) {
            throw WirebenchException.badInput(source + ":" + lastLine + ": expected a header row after the "
                    + "format line, got end of file");
        }
        this.header = List.copyOf(h.cells());
        this.headerLine = h.line();
        Set<String> seen = new HashSet<>();
        for (String c : header) {
            if (!seen.add(c)) {
                throw h.error("expected each column once in the header, got '" + c + "' twice");
            }
        }
        for (String k : declaration.keys()) {
            if (!header.contains(k)) {
                throw h.error("expected key column '" + k + "' in the header, got " + header);
            }
        }
        this.pending = fetch(header);
    }

    public String source() {
        return source;
    }

    /** The declaration: version, family, key columns. */
    public CsvFamilies.Declaration declaration() {
        return declaration;
    }

    /** The 1-based line of the declaration. */
    public int declarationLine() {
        return declarationLine;
    }

    /** The column names, in file order. */
    public List<String> header() {
        return header;
    }

    /** The 1-based line of the header. */
    public int headerLine() {
        return headerLine;
    }

    /** The next row, or null after the last one. */
    public Row next() {
        Row r = pending;
        if (r == null) {
            return null;
        }
        Row following = fetch(header);
        pending = following;
        return following == null ? new Row(r.source(), r.line(), r.header(), r.cells(), true) : r;
    }

    /** Hands every remaining row to {@code handler}, in file order. */
    public void eachRow(RowHandler handler) throws IOException {
        for (Row r = next(); r != null; r = next()) {
            handler.row(r);
        }
    }

    /** The remaining rows, one at a time (the same rows {@link #next()} returns; one pass only). */
    @Override
    public Iterator<Row> iterator() {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return pending != null;
            }

            @Override
            public Row next() {
                Row r = CsvFamilyReader.this.next();
                if (r == null) {
                    throw new java.util.NoSuchElementException(source + ": no more rows");
                }
                return r;
            }
        };
    }

    private Row fetch(List<String> columns) {
        try {
            if (!records.hasNext()) {
                return null;
            }
            int end = lineOffset + (int) parser.getCurrentLineNumber();
            CSVRecord rec = records.next();
            List<String> cells = new ArrayList<>(rec.size());
            int breaks = 0;
            for (String v : rec) {
                cells.add(v);
                breaks += lineBreaks(v);
            }
            lastLine = end;
            return new Row(source, end - breaks, columns, List.copyOf(cells), false);
        } catch (UncheckedIOException | IllegalStateException e) {
            String msg = String.valueOf(e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
            Matcher m = PARSER_LINE.matcher(msg);
            int line = m.find() ? lineOffset + Integer.parseInt(m.group(1)) : lastLine + 1;
            if (msg.contains("EOF reached before encapsulated token finished")) {
                throw WirebenchException.badInput(source + ":" + line + ": expected a closing '\"' of the "
                        + "quoted field that starts here, got end of file");
            }
            throw WirebenchException.badInput(source + ":" + line + ": expected a CSV row, got an unreadable one ("
                    + msg + ")");
        }
    }

    private static int lineBreaks(String v) {
        int n = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 == v.length() || v.charAt(i + 1) != '\n'))) {
                n++;
            }
        }
        return n;
    }

    @Override
    public void close() {
        closeQuietly(in);
    }

    private static void closeQuietly(Reader r) {
        try {
            r.close();
        } catch (IOException e) {
            // read-only: nothing to lose
        }
    }
}
