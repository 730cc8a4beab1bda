package wirebench.runner.pubsub;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import wirebench.contract.WirebenchException;

/**
 * Perftest's {@code -latencyFile}: every one-way latency of a size, in arrival order, appended to the
 * file after the size's summary as Perftest 4.1+ writes it: a {@code Sample Number, Value} line, one
 * {@code index, microseconds} line per sample (0-based index; whole microseconds, RTT / 2 rounded
 * half up, the way the summary rounds Ave, Min, Max and the percentiles, so the file's smallest value
 * is the summary's Min; Perftest measures whole microseconds and rounds down) and an empty line. The samples wait in memory (4 bytes
 * each) until the size ends, so writing never happens while the publisher measures.
 */
final class LatencyFile {
    private final Path path;
    private int[] us;
    private int count;

    LatencyFile(Path path, long expectedSamples) {
        checkWritable(path);
        this.path = path;
        this.us = new int[(int) Math.max(1024, Math.min(expectedSamples, 1 << 20))];
    }

    /** Bad input (exit 3) unless {@code path} can be appended to now: checked before anything runs. */
    static void checkWritable(Path path) {
        try (Writer w = open(path)) {
            w.flush();
        } catch (IOException e) {
            throw WirebenchException.badInput(path + ": cannot write -latencyFile ("
                    + (e instanceof NoSuchFileException ? "its directory does not exist" : e.getMessage()) + ")");
        }
    }

    private static Writer open(Path path) throws IOException {
        return new BufferedWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE), 1 << 16);
    }

    Path path() {
        return path;
    }

    /** Forgets the samples of the previous size. */
    void reset() {
        count = 0;
    }

    void add(long oneWayNs) {
        if (count == us.length) {
            us = Arrays.copyOf(us, count * 2);
        }
        us[count++] = (int) Math.min(Integer.MAX_VALUE, Math.max(0, Math.round(oneWayNs / 1000.0)));
    }

    int count() {
        return count;
    }

    /** Appends this size's samples. */
    void append() {
        try (Writer w = open(path)) {
            StringBuilder line = new StringBuilder(32);
            w.write("Sample Number, Value\n");
            for (int i = 0; i < count; i++) {
                line.setLength(0);
                line.append(i).append(", ").append(us[i]).append('\n');
                w.append(line);
            }
            w.write("\n");
        } catch (IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, path + ": cannot write -latencyFile ("
                    + e.getMessage() + ")");
        }
    }
}
