import java.io.File;
import java.util.Locale;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Bench helper (bench/latency-modes, bench/pubsub-vs-peers): the intervals of an HdrHistogram log
 * (nanoseconds, as wirebench writes them) added up and printed as 50 ns bins from 0 to 50 us, one
 * "lower_us count" line each. Run as a source file with the runner jar on the class path (it carries
 * HdrHistogram): java -cp runner/target/wirebench-runner.jar bench/lib/HdrBins.java FILE.hlog
 */
public class HdrBins {
    public static void main(String[] args) throws Exception {
        HistogramLogReader reader = new HistogramLogReader(new File(args[0]));
        Histogram total = null;
        for (EncodableHistogram e; (e = reader.nextIntervalHistogram()) != null; ) {
            if (total == null) {
                total = ((Histogram) e).copy();
            } else {
                total.add((Histogram) e);
            }
        }
        if (total == null) {
            throw new IllegalStateException(args[0] + ": no interval histograms");
        }
        for (long ns = 0; ns < 50_000; ns += 50) {
            System.out.printf(Locale.ROOT, "%.3f %d%n", ns / 1000.0, total.getCountBetweenValues(ns, ns + 49));
        }
    }
}
