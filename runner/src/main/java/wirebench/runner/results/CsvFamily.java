package wirebench.runner.results;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import wirebench.runner.WirebenchException;

/**
 * One CSV file of a results directory, appended row by row with a flush after each row, so an
 * interrupted run leaves a valid file holding every finished test (docs/results-format.md).
 * The first line declares the format version, the family and its key columns:
 * {@code # wirebench-results 1 family=udp keys=method,payload_bytes}.
 * Thread-safe.
 */
public final class CsvFamily implements Closeable {
    /** First characters of every wirebench CSV file. */
    public static final String MAGIC = "# wirebench-results ";
    /** The results format version written. */
    public static final int VERSION = 1;

    private final Path file;
    private final List<String> keys;
    private final List<String> columns;
    private final BufferedWriter out;

    /**
     * Opens {@code dir/family.csv} for appending; a new file gets the format line and the header.
     * An existing file must have the same header (a resumed campaign), else it is bad input.
     *
     * @param keys     key columns (text), first in the header
     * @param measures measure columns with units in their names (numbers; null = missing)
     */
    public static CsvFamily open(Path dir, String family, List<String> keys, List<String> measures) {
        List<String> columns = new ArrayList<>(keys);
        columns.addAll(measures);
        Path file = dir.resolve(family + ".csv");
        try {
            Files.createDirectories(dir);
            boolean exists = Files.exists(file) && Files.size(file) > 0;
            if (exists) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                String header = lines.size() > 1 ? lines.get(1) : "";
                if (!header.equals(String.join(",", columns))) {
                    throw WirebenchException.badInput(file + ":2: expected header '" + String.join(",", columns)
                            + "' to append to, got '" + header + "'");
                }
                repairTruncatedLastLine(file);
            }
            BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            CsvFamily f = new CsvFamily(file, keys, columns, w);
            if (!exists) {
                w.write(MAGIC + VERSION + " family=" + family + " keys=" + String.join(",", keys) + "\n");
                w.write(String.join(",", columns) + "\n");
                w.flush();
            }
            return f;
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot write (" + e.getMessage() + ")");
        }
    }

    private CsvFamily(Path file, List<String> keys, List<String> columns, BufferedWriter out) {
        this.file = file;
        this.keys = List.copyOf(keys);
        this.columns = List.copyOf(columns);
        this.out = out;
    }

    /** A crash in the middle of a row leaves a partial line: end it so the next row starts clean. */
    private static void repairTruncatedLastLine(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        if (b.length > 0 && b[b.length - 1] != '\n') {
            Files.writeString(file, "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        }
    }

    public Path file() {
        return file;
    }

    public List<String> columns() {
        return columns;
    }

    /**
     * Appends one row and flushes. Values: String for keys, Number for measures (written with
     * {@link Num#plain}), null for missing. Columns absent from {@code row} are written empty.
     */
    public synchronized void append(Map<String, ?> row) {
        for (String k : row.keySet()) {
            if (!columns.contains(k)) {
                throw new IllegalArgumentException(file + ": no column '" + k + "' in " + columns);
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(field(row.get(columns.get(i))));
        }
        sb.append('\n');
        try {
            out.write(sb.toString());
            out.flush();
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, file + ": cannot append a row ("
                    + e.getMessage() + ")");
        }
    }

    /** Whether a key column. */
    public boolean isKey(String column) {
        return keys.contains(column);
    }

    static String field(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double || v instanceof Float) {
            return Num.plain(((Number) v).doubleValue());
        }
        if (v instanceof Number) {
            return Long.toString(((Number) v).longValue());
        }
        String s = v.toString();
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            // every row was flushed when appended; nothing is lost by a failed close
        }
    }
}
