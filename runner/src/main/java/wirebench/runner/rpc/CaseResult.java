package wirebench.runner.rpc;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import wirebench.contract.SpeedTesterRating;

/**
 * The figures of one finished case. The original's: whole milliseconds (nanoseconds truncated),
 * milliseconds per call computed from those whole milliseconds, and its rating. wirebench's:
 * milliseconds per call and calls per second from the nanoseconds, and the latency of each call
 * (an HdrHistogram in nanoseconds, 3 significant digits).
 *
 * <p>With several threads, {@code elapsedNs} is the wall time from the start signal until the last
 * thread finished, so the original's "ms per call" is that wall time divided by all completed calls:
 * inverse throughput, not the latency of a call (that is in {@link #latencyNs()}).
 *
 * @param number         the original's running number of the result (1, 2, ... in run order)
 * @param speedCase      which case
 * @param threads        client threads (1 for the single-threaded client)
 * @param multiThreaded  whether the multithreaded client's semantics were used
 * @param calls          completed calls, all threads together
 * @param elapsedNs      the timed span in nanoseconds
 * @param latencyNs      the duration of each call in nanoseconds
 * @param blocks         the calls in consecutive blocks of equal counts ({@link CallBlocks}; rpc-intervals.hdrlog)
 */
public record CaseResult(int number, SpeedCase speedCase, int threads, boolean multiThreaded, long calls,
        long elapsedNs, Histogram latencyNs, List<CallBlocks.Block> blocks) {

    /** A result without blocks. */
    public CaseResult(int number, SpeedCase speedCase, int threads, boolean multiThreaded, long calls,
            long elapsedNs, Histogram latencyNs) {
        this(number, speedCase, threads, multiThreaded, calls, elapsedNs, latencyNs, List.of());
    }

    /** The original's whole milliseconds: {@code TimeUnit.MILLISECONDS.convert(ns, NANOSECONDS)}. */
    public long origTimeMs() {
        return TimeUnit.NANOSECONDS.toMillis(elapsedNs);
    }

    /** The original's ms per call: whole milliseconds divided by calls, as a double. */
    public double origMsPerCall() {
        return (double) origTimeMs() / calls;
    }

    public SpeedTesterRating rating() {
        return SpeedTesterRating.of(origMsPerCall());
    }

    /** The precise elapsed time in milliseconds. */
    public double timeMs() {
        return elapsedNs / 1e6;
    }

    /** Milliseconds per call from the nanoseconds (wall time per call with several threads). */
    public double msPerCall() {
        return elapsedNs / 1e6 / calls;
    }

    /** Completed calls per second of wall time. */
    public double callsPerS() {
        return elapsedNs == 0 ? Double.NaN : calls * 1e9 / elapsedNs;
    }

    /** The original's result line: {@code 1 - echo calls, Performed 1000 in 311, 0.311 ms per call - OK}. */
    public String originalLine() {
        return line(number, speedCase.label(), calls, origTimeMs());
    }

    /** A result line exactly as SpeedTester's TestResult.toString() writes it (Double.toString, any locale). */
    public static String line(int number, String label, long calls, long timeMs) {
        double msPerCall = (double) timeMs / calls;
        return number + " - " + label + ", Performed " + calls + " in " + timeMs + ", " + Double.toString(msPerCall)
                + " ms per call - " + SpeedTesterRating.of(msPerCall).text();
    }

    /** The latency at {@code percentile} (0..100) in microseconds. */
    public double latencyUs(double percentile) {
        return latencyNs.getValueAtPercentile(percentile) / 1e3;
    }
}
