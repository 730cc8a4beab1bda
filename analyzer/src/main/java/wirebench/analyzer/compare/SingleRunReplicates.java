package wirebench.analyzer.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.Histogram;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.report.Histograms;
import wirebench.contract.Numbers;

/**
 * A verdict for one run against one run: the latency metrics of a test point are judged on the
 * intervals of its HdrHistogram log ({@code .hlog}), one run per side, by {@link IntervalBootstrap}.
 * A latency point of a results table is matched to its log by the key fields the runner puts in
 * the log's name ({@code pubsub-latency-TEST-TRANSPORT-RELIABILITY-KEYED-INSTANCES-bBATCH-SIZE});
 * a distribution row ({@code distribution NAME ...}) by the name itself. Logs with fewer than
 * {@link IntervalBootstrap#MIN_BLOCKS} intervals (written before the runner logged intervals, or
 * from very short tests) are not testable: a single histogram has lost the order of its samples,
 * and resampling its samples one by one would pretend they were independent.
 */
public final class SingleRunReplicates implements Comparison.SingleRunTest {
    /** The method's name, as the {@code method} column shows it. */
    public static final String METHOD = "interval bootstrap";
    private static final Pattern NAME = Pattern.compile(
            "pubsub-latency-(latency|throughput)-(.+)-([a-z_]+)-(keyed|unkeyed)-(\\d+)-b(\\d+)-(\\d+)");
    private static final Pattern DISTRIBUTION = Pattern.compile("distribution (.+) \\(n=\\d+\\+\\d+ values\\)");
    private static final double[] LEVELS = {50, 90, 99, 99.9, 99.99};
    private static final Map<String, Integer> STATISTIC = Map.of("p50_us", 0, "p90_us", 1, "p99_us", 2, "p999_us", 3,
            "p9999_us", 4, "ave_us", 5);

    private final Map<String, Path> baselineLogs;
    private final Map<String, Path> candidateLogs;
    private final IntervalBootstrap method = new IntervalBootstrap(LEVELS);
    private final Map<String, IntervalBootstrap.Result> results = new HashMap<>();

    /**
     * Compares the logs of the baseline's run directories with those of the candidate's (a side
     * may be several runs of different tests, as a demo's directory is). A log name found in two
     * runs of one side is a repetition, judged over runs instead: it is left out here.
     */
    public SingleRunReplicates(List<Path> baseline, List<Path> candidate) {
        this.baselineLogs = logs(baseline);
        this.candidateLogs = logs(candidate);
    }

    private static Map<String, Path> logs(List<Path> runs) {
        Map<String, Path> out = new LinkedHashMap<>();
        java.util.Set<String> twice = new java.util.HashSet<>();
        for (Path run : runs) {
            Histograms.logsIn(run).forEach((name, file) -> {
                if (out.putIfAbsent(name, file) != null) {
                    twice.add(name);
                }
            });
        }
        out.keySet().removeAll(twice);
        return out;
    }

    @Override
    public Comparison.Delta judge(Comparison.Delta untested, double alpha) {
        Integer j = STATISTIC.get(untested.metric());
        if (j == null || untested.kind() != Kind.LATENCY || untested.baseline().length != 1
                || untested.candidate().length != 1) {
            return null;
        }
        String log = logOf(untested.point());
        if (log == null) {
            return null;
        }
        IntervalBootstrap.Result r = results.computeIfAbsent(log, k -> method.compare(intervals(baselineLogs.get(k)),
                intervals(candidateLogs.get(k)), k.hashCode()));
        return judged(untested, r.outcomes().get(j), "intervals", alpha);
    }

    /**
     * {@code untested} judged by a single-run outcome {@code o} (its p-value, or why there is none),
     * the method named; {@code blocks} names what the blocks are ({@code intervals}, {@code slices}).
     */
    static Comparison.Delta judged(Comparison.Delta untested, IntervalBootstrap.Outcome o, String blocks,
            double alpha) {
        if (o.pValue() == null) {
            return new Comparison.Delta(untested.point(), untested.kind(), untested.metric(), untested.direction(),
                    untested.baseline(), untested.candidate(), untested.baselineMedian(), untested.candidateMedian(),
                    untested.baselineCi(), untested.candidateCi(), untested.deltaPct(), null, null,
                    o.why(),
                    METHOD + " (not testable)");
        }
        String verdict;
        if (o.pValue() >= alpha || o.candidate() == o.baseline()) {
            verdict = "~";
        } else {
            boolean up = o.candidate() > o.baseline();
            verdict = (untested.direction() == Metric.HIGHER_IS_BETTER) == up ? "better" : "worse";
        }
        String note = "p=" + Numbers.upTo(o.pValue(), 3) + " " + o.baselineBlocks().length + "+"
                + o.candidateBlocks().length + " " + blocks + ", delta 95% CI " + signed(o.deltaCiPct()[0]) + ".."
                + signed(o.deltaCiPct()[1]);
        return new Comparison.Delta(untested.point(), untested.kind(), untested.metric(), untested.direction(),
                o.baselineBlocks(), o.candidateBlocks(), untested.baselineMedian(), untested.candidateMedian(),
                o.baselineCi(), o.candidateCi(), untested.deltaPct(), o.pValue(), verdict, note, METHOD);
    }

    private static String signed(double pct) {
        return (pct >= 0 ? "+" : "") + Numbers.fixed(pct, 1) + "%";
    }

    /** The log both sides hold for {@code point}, or null when none or several match. */
    String logOf(String point) {
        Matcher d = DISTRIBUTION.matcher(point);
        if (d.matches()) {
            String name = d.group(1);
            return baselineLogs.containsKey(name) && candidateLogs.containsKey(name) ? name : null;
        }
        Map<String, String> fields = pointFields(point);
        String found = null;
        for (String name : baselineLogs.keySet()) {
            if (!candidateLogs.containsKey(name) || !matches(name, fields)) {
                continue;
            }
            if (found != null) {
                return null;
            }
            found = name;
        }
        return found;
    }

    private static final Pattern SIZE = Pattern.compile("^(.*) (\\d+(?:\\.\\d+)?) B$");
    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9_]*=.*");

    /**
     * The {@code k=v} fields of a point key ({@code Comparison.pointKey}: the kind, then fields
     * separated by spaces, a value may hold spaces) and its size ({@code size_bytes}).
     */
    static Map<String, String> pointFields(String point) {
        Map<String, String> out = new LinkedHashMap<>();
        String rest = point;
        Matcher size = SIZE.matcher(point);
        if (size.matches()) {
            rest = size.group(1);
        }
        String key = null;
        String[] t = rest.split(" ");
        for (int i = 1; i < t.length; i++) {
            if (KEY.matcher(t[i]).matches()) {
                int eq = t[i].indexOf('=');
                key = t[i].substring(0, eq);
                out.put(key, t[i].substring(eq + 1));
            } else if (key != null) {
                out.put(key, out.get(key) + " " + t[i]);
            }
        }
        if (size.matches()) {
            out.put("size_bytes", size.group(2));
        }
        return out;
    }

    private static boolean matches(String log, Map<String, String> fields) {
        Matcher m = NAME.matcher(log);
        if (!m.matches() || !fields.containsKey("size_bytes")) {
            return false;
        }
        String[] names = {"test", "transport", "reliability", "keyed", "instances", "batch_bytes", "size_bytes"};
        for (int i = 0; i < names.length; i++) {
            String v = fields.get(names[i]);
            if (v != null && !v.equals(m.group(i + 1))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The interval histograms of one log in file order; an unreadable log gives none (the
     * distribution rows already warn about it). At most 256 intervals are kept: beyond that,
     * adjacent pairs are merged as they are read, so memory stays bounded whatever the log's length.
     */
    static List<Histogram> intervals(Path log) {
        List<Histogram> out = new ArrayList<>();
        if (log == null || !Files.isRegularFile(log)) {
            return out;
        }
        try (java.io.BufferedReader in = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = in.readLine()) != null) {
                Histogram h = Histograms.intervalHistogram(line);
                if (h == null || h.getTotalCount() == 0) {
                    continue;
                }
                out.add(h);
                if (out.size() > 256) {
                    out = IntervalBootstrap.mergePairs(out);
                }
            }
        } catch (IOException | RuntimeException | java.util.zip.DataFormatException e) {
            return new ArrayList<>();
        }
        return out;
    }
}
