package wirebench.runner.rpc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;

import org.HdrHistogram.Histogram;

import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * {@code rpc-intervals.hdrlog} of a results directory (docs/rpc.md): the blocks of each finished
 * case ({@link CallBlocks}) as the lines of an HdrHistogram log (format 1.3), tagged with the case
 * ({@code Tag=CLIENT-THREADS-CASE}, e.g. {@code Tag=single-1-echo}), start and length in seconds
 * to the nanosecond (HdrHistogram's own writer rounds them to milliseconds, longer than a block of
 * fast calls), the maximum in milliseconds, the block's call latencies in nanoseconds. Not named
 * {@code .hlog}: the reports draw every {@code .hlog} as a latency distribution of its own, and
 * the rpc rows already hold these percentiles. Appended and flushed as each case ends.
 */
public final class RpcIntervals {
    /** The file name. */
    public static final String FILE = "rpc-intervals.hdrlog";

    private final Path file;

    /** The log of the results directory {@code dir}, its header written. */
    public RpcIntervals(Path dir) {
        this.file = dir.resolve(FILE);
        write("#[wirebench rpc: each case's calls in consecutive blocks of equal call counts; values in ns]\n"
                + "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
    }

    /** The tag of {@code r}'s lines: client, threads and case, as the rpc.csv row's keys. */
    public static String tag(CaseResult r) {
        return (r.multiThreaded() ? "multi" : "single") + "-" + r.threads() + "-" + r.speedCase().id();
    }

    /** Appends the blocks of {@code r}. */
    public void append(CaseResult r) {
        StringBuilder sb = new StringBuilder();
        for (CallBlocks.Block b : r.blocks()) {
            Histogram h = b.latencyNs();
            ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
            int n = h.encodeIntoCompressedByteBuffer(buf);
            sb.append("Tag=").append(tag(r)).append(',').append(Numbers.fixed(b.startNs() / 1e9, 9)).append(',')
                    .append(Numbers.fixed(b.durationNs() / 1e9, 9)).append(',')
                    .append(Numbers.fixed(h.getMaxValue() / 1e6, 3)).append(',')
                    .append(Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n))).append('\n');
        }
        write(sb.toString());
    }

    private void write(String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot write the call blocks (" + e.getMessage() + ")");
        }
    }
}
