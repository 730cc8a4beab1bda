package wirebench.contract;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.csv.CSVPrinter;

/**
 * One CSV family file of a results directory ({@link CsvFamilies}), appended row by row with a
 * flush after each row, so an interrupted run leaves a valid file holding every finished test.
 * Cells are written by commons-csv ({@link CsvCells#FORMAT}): a text with a comma, quote or line
 * end is quoted (and reads back whole with {@link CsvFamilyReader}), a text a spreadsheet would
 * evaluate gets the formula prefix ({@link CsvCells#neutralise}), numbers are plain
 * ({@link Numbers#plain}; NaN and infinities are empty cells: missing). Thread-safe.
 */
public final class CsvFamilyWriter implements Closeable {
    private final Path file;
    private final List<String> keys;
    private final List<String> columns;
    private final BufferedWriter out;
    private final CSVPrinter printer;

    /**
     * Opens {@code dir/family.csv} for appending; a new file gets the declaration line and the
     * header. An existing file must have the same header (a resumed campaign), else it is bad input.
     *
     * @param keys     key columns (text, or numbers such as {@code size_bytes}), first in the header
     * @param measures measure columns with units in their names (numbers; null = missing)
     */
    public static CsvFamilyWriter open(Path dir, String family, List<String> keys, List<String> measures) {
        List<String> columns = new ArrayList<>(keys);
        columns.addAll(measures);
        Path file = dir.resolve(family + ".csv");
        try {
            Files.createDirectories(dir);
            boolean exists = Files.exists(file) && Files.size(file) > 0;
            if (exists) {
                String header = headerLine(file);
                if (!header.equals(String.join(",", columns))) {
                    throw WirebenchException.badInput(file + ":2: expected header '" + String.join(",", columns)
                            + "' to append to, got '" + header + "'");
                }
                repairTruncatedLastLine(file);
            }
            BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            CsvFamilyWriter f = new CsvFamilyWriter(file, keys, columns, w);
            if (!exists) {
                w.write(CsvFamilies.formatLine(family, keys) + "\n");
                f.printer.printRecord(columns);
                w.flush();
            }
            return f;
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot write (" + e.getMessage() + ")");
        }
    }

    private CsvFamilyWriter(Path file, List<String> keys, List<String> columns, BufferedWriter out)
            throws IOException {
        this.file = file;
        this.keys = List.copyOf(keys);
        this.columns = List.copyOf(columns);
        this.out = out;
        this.printer = new CSVPrinter(out, CsvCells.FORMAT);
    }

    /** The second line of {@code file} (its header), read without loading the file. */
    private static String headerLine(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            r.readLine();
            String h = r.readLine();
            return h == null ? "" : h;
        }
    }

    /** A crash in the middle of a row leaves a partial line: end it so the next row starts clean. */
    private static void repairTruncatedLastLine(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            ByteBuffer last = ByteBuffer.allocate(1);
            if (size > 0 && ch.read(last, size - 1) == 1 && last.get(0) != '\n') {
                ch.write(ByteBuffer.wrap(new byte[] {'\n'}), size);
            }
        }
    }

    public Path file() {
        return file;
    }

    public List<String> columns() {
        return columns;
    }

    /**
     * Appends one row and flushes. Values: String for text (neutralised), Number for numbers
     * ({@link CsvCells#cell}), null for missing. Columns absent from {@code row} are written empty.
     */
    public synchronized void append(Map<String, ?> row) {
        for (String k : row.keySet()) {
            if (!columns.contains(k)) {
                throw new IllegalArgumentException(file + ": no column '" + k + "' in " + columns);
            }
        }
        List<String> cells = new ArrayList<>(columns.size());
        for (String c : columns) {
            cells.add(CsvCells.cell(row.get(c)));
        }
        try {
            printer.printRecord(cells);
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

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            // every row was flushed when appended; nothing is lost by a failed close
        }
    }
}
