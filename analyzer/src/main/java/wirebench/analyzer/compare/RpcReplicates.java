package wirebench.analyzer.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.report.Histograms;

/**
 * A verdict for one run's RPC case against another's, on the blocks of calls the runner writes
 * beside rpc.csv ({@code rpc-intervals.hdrlog}: per case, consecutive blocks of equal call counts,
 * each with its call latencies and its span of time; docs/rpc.md). The latency metrics (p50, p90,
 * p99, p99.9, p99.99, the mean) are judged by {@link IntervalBootstrap} on the blocks' histograms,
 * as a pub/sub latency test on its log's intervals; {@code calls_per_s} by {@link SliceBootstrap}
 * on the blocks' rates (calls over span, weighted by span), and the times per call ({@code
 * ms_per_call}, {@code time_ms} and the original's truncated {@code orig_ms_per_call} and {@code
 * orig_time_ms}: all the case's span over its calls) on the blocks' time per call weighted by their
 * calls, so the weighted mean is the row's figure. A case is matched to its blocks by client,
 * threads and case id. Runs without the file (written before the runner recorded blocks, or the
 * original's console output) are not testable, and the note says why.
 */
public final class RpcReplicates implements Comparison.SingleRunTest {
    /** The file the runner writes (runner's {@code RpcIntervals.FILE}). */
    static final String FILE = "rpc-intervals.hdrlog";
    private static final Map<String, Integer> STATISTIC = Map.of("p50_us", 0, "p90_us", 1, "p99_us", 2, "p999_us", 3,
            "p9999_us", 4, "ave_us", 5);
    private static final Set<String> TIME_PER_CALL = Set.of("ms_per_call", "time_ms", "orig_ms_per_call",
            "orig_time_ms");
    private static final String RATE = "calls_per_s";

    /** One block of a case: its calls' latencies (ns) and its span, s. */
    record Block(Histogram latencyNs, double spanS) {
    }

    private final Map<String, List<Block>> baseline;
    private final Map<String, List<Block>> candidate;
    private final IntervalBootstrap method = new IntervalBootstrap(50, 90, 99, 99.9, 99.99).widened();
    private final Map<String, IntervalBootstrap.Result> results = new HashMap<>();

    /** The blocks of the baseline's run directories and the candidate's. */
    public RpcReplicates(List<Path> baseline, List<Path> candidate) {
        this.baseline = blocks(baseline);
        this.candidate = blocks(candidate);
    }

    /** Tag -> blocks over the runs of a side; a tag in two runs is a repetition (judged over runs): left out. */
    private static Map<String, List<Block>> blocks(List<Path> runs) {
        Map<String, List<Block>> out = new LinkedHashMap<>();
        Set<String> twice = new HashSet<>();
        for (Path run : runs) {
            for (Path f : files(run)) {
                read(f).forEach((tag, bs) -> {
                    if (out.put(tag, bs) != null) {
                        twice.add(tag);
                    }
                });
            }
        }
        out.keySet().removeAll(twice);
        return out;
    }

    private static List<Path> files(Path run) {
        if (!Files.isDirectory(run)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(run, 3)) {
            return s.filter(f -> f.getFileName().toString().equals(FILE) && Files.isRegularFile(f)).sorted().toList();
        } catch (IOException e) {
            return List.of(); // a directory that cannot be listed: its rows already say why
        }
    }

    /**
     * The blocks of one file by tag, in file order; an unreadable file gives none (its cases stay
     * untested, saying no blocks were found). At most 256 blocks a case are read.
     */
    static Map<String, List<Block>> read(Path file) {
        Map<String, List<Block>> out = new LinkedHashMap<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = in.readLine()) != null) {
                Histogram h = Histograms.intervalHistogram(line);
                if (h == null || !line.startsWith("Tag=")) {
                    continue;
                }
                String[] f = line.split(",", -1);
                List<Block> bs = out.computeIfAbsent(f[0].substring("Tag=".length()), k -> new ArrayList<>());
                if (bs.size() < 256) {
                    bs.add(new Block(h, Double.parseDouble(f[2])));
                }
            }
        } catch (IOException | RuntimeException | java.util.zip.DataFormatException e) {
            return Map.of();
        }
        return out;
    }

    @Override
    public Comparison.Delta judge(Comparison.Delta untested, double alpha) {
        String metric = untested.metric();
        if (untested.kind() != Kind.RPC || untested.baseline().length != 1 || untested.candidate().length != 1
                || !STATISTIC.containsKey(metric) && !TIME_PER_CALL.contains(metric) && !metric.equals(RATE)) {
            return null;
        }
        String tag = tagOf(untested.point());
        List<Block> b = tag == null ? null : baseline.get(tag);
        List<Block> c = tag == null ? null : candidate.get(tag);
        if (b == null || c == null) {
            String which = b == null && c == null ? "either run" : b == null ? "the baseline" : "the candidate";
            return new Comparison.Delta(untested.point(), untested.kind(), metric, untested.direction(),
                    untested.baseline(), untested.candidate(), untested.baselineMedian(), untested.candidateMedian(),
                    untested.baselineCi(), untested.candidateCi(), untested.deltaPct(), null, null,
                    untested.note() + ": no blocks of calls in " + which + " (" + FILE + ": written before the "
                            + "runner recorded them, or not by the runner); run repetitions", untested.method());
        }
        IntervalBootstrap.Outcome o;
        if (STATISTIC.containsKey(metric)) {
            o = results.computeIfAbsent(tag, k -> method.compare(latencies(b), latencies(c), k.hashCode()))
                    .outcomes().get(STATISTIC.get(metric));
        } else {
            boolean rate = metric.equals(RATE);
            o = SliceBootstrap.compare(slices(b, rate), slices(c, rate), (tag + metric).hashCode());
        }
        return SingleRunReplicates.judged(untested, o, "blocks", alpha);
    }

    private static List<Histogram> latencies(List<Block> bs) {
        return bs.stream().map(Block::latencyNs).toList();
    }

    /**
     * The blocks as slices: calls per second weighted by span ({@code rate}), else milliseconds per
     * call weighted by calls; a block with no call or no span is left out.
     */
    static SliceBootstrap.Slices slices(List<Block> bs, boolean rate) {
        double[] v = new double[bs.size()];
        double[] w = new double[bs.size()];
        int n = 0;
        for (Block b : bs) {
            long calls = b.latencyNs().getTotalCount();
            if (calls == 0 || b.spanS() <= 0) {
                continue;
            }
            v[n] = rate ? calls / b.spanS() : b.spanS() * 1e3 / calls;
            w[n++] = rate ? b.spanS() : calls;
        }
        return new SliceBootstrap.Slices(java.util.Arrays.copyOf(v, n), java.util.Arrays.copyOf(w, n));
    }

    /** The original's case labels (docs/rpc.md) and the case ids the runner's tags use. */
    private static final List<Map.Entry<java.util.regex.Pattern, String>> LABELS = List.of(
            Map.entry(java.util.regex.Pattern.compile("echo calls"), "echo"),
            Map.entry(java.util.regex.Pattern.compile("inbound same packet with size (\\d+)"), "in-same-$1"),
            Map.entry(java.util.regex.Pattern.compile("inbound new packets with size (\\d+)"), "in-new-$1"),
            Map.entry(java.util.regex.Pattern.compile("outbound packets with size (\\d+)"), "out-$1"),
            Map.entry(java.util.regex.Pattern.compile("in-and-out bound packets with size (\\d+)"), "in-out-$1"));

    /**
     * The tag ({@code CLIENT-THREADS-CASE}) of an rpc point, from its client, threads and case (or
     * the original's label, which the rpc table shows instead of the case id); null when one is
     * missing.
     */
    static String tagOf(String point) {
        Map<String, String> f = SingleRunReplicates.pointFields(point);
        String client = f.get("client");
        String threads = f.get("threads");
        String id = f.get("case");
        String label = f.get("label");
        for (int i = 0; id == null && label != null && i < LABELS.size(); i++) {
            java.util.regex.Matcher m = LABELS.get(i).getKey().matcher(label);
            if (m.matches()) {
                id = m.replaceFirst(LABELS.get(i).getValue());
            }
        }
        return client == null || threads == null || id == null ? null : client + "-" + threads + "-" + id;
    }
}
