package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.analyzer.stats.ColumnLabels;
import wirebench.analyzer.stats.Repetitions;
import wirebench.contract.Columns;

/**
 * What one ddsperf process printed, folded as it is read (docs/ddsperf.md), and the tables made of
 * it. ddsperf prints statistics per interval (about a second); they are summarised without ever
 * averaging a percentile:
 * <ul>
 * <li>latency: {@code samples} = the sum of {@code cnt}; {@code ave_us} the mean weighted by
 *     {@code cnt} (a mean times its count is a sum: exact); {@code min_us}/{@code max_us} the least
 *     minimum and greatest maximum (exact); {@code interval_p50_us} (p90, p99) the <em>median of the
 *     per-interval percentiles</em>, with their least and greatest in {@code _min}/{@code _max}:
 *     not a percentile of the run's samples, which ddsperf never prints;</li>
 * <li>subscriber: counts added up; {@code samples_per_s} and {@code mbps} over the summed interval
 *     lengths (a time-weighted mean: samples and bits add up); {@code interval_samples_per_s} the
 *     median (min-max) of the per-interval rates;</li>
 * <li>resources: per process, means over the intervals it printed, the peak RSS.</li>
 * </ul>
 */
final class DdsperfProcess {
    /** ddsperf's PINGPONG_RAWSIZE: per interval, percentiles come from at most this many round trips. */
    static final long RAW_SAMPLES = 20000;
    /** The per-interval percentiles summarised. */
    static final List<String> PERCENTILES = List.of("p50", "p90", "p99");

    private final String pid;
    /** The previous and last distinct interval times of this process (ddsperf's tlast and tnow). */
    private double prevT;
    private double lastT = Double.NaN;
    private final Map<String, Latency> latency = new LinkedHashMap<>();
    private final Map<Long, Throughput> throughput = new LinkedHashMap<>();
    private long lastTotal = -1;
    private int lastTotalLine;
    private final Set<String> peers = new LinkedHashSet<>();
    // resources
    private long resN;
    private double cpuSum;
    private double cpuMin = Double.POSITIVE_INFINITY;
    private double cpuMax = Double.NEGATIVE_INFINITY;
    private double userSum;
    private double systemSum;
    private double rssMb = Double.NaN;
    private double vcswSum;
    private double ivcswSum;
    // publisher
    private long pubN;
    private double writtenSum;
    private double writeMaxUs = Double.NaN;

    DdsperfProcess(String pid) {
        this.pid = pid;
    }

    private void tick(double t) {
        if (Double.compare(t, lastT) != 0) {
            prevT = Double.isNaN(lastT) ? 0 : lastT;
            lastT = t;
        }
    }

    /** One latency line (RTT/2 of ping/pong, or {@code sublat}: source timestamp to reader). */
    void latency(int line, double t, boolean sublat, String peer, long size, double mean, double min, double p50,
            double p90, double p99, double max, long cnt) {
        tick(t);
        peers.add(peer);
        Latency l = latency.computeIfAbsent((sublat ? "s" : "p") + "\u0000" + peer + "\u0000" + size,
                k -> new Latency(sublat, peer, size));
        l.n++;
        l.samples += cnt;
        l.sum += mean * cnt;
        l.min = Math.min(l.min, min);
        l.max = Math.max(l.max, max);
        l.p[0].add(p50);
        l.p[1].add(p90);
        l.p[2].add(p99);
        if (cnt > RAW_SAMPLES) {
            if (l.capped++ == 0) {
                l.firstCappedLine = line;
            }
        }
    }

    /** One subscriber line: interval counts and rates, cumulative totals. */
    void subscriber(int line, double t, long size, long total, long lostTotal, long delta, long lost, double rateKs,
            double mbps) {
        tick(t);
        double dt = lastT - prevT;
        if (delta > 0 && rateKs > 0) {
            // ddsperf divides by the time since its previous statistics (printed or not): where the
            // times seen disagree with the printed rate beyond its rounding, the printed rate's interval wins
            double lo = delta / ((rateKs + 0.005) * 1000) - 0.0015;
            double hi = rateKs > 0.005 ? delta / ((rateKs - 0.005) * 1000) + 0.0015 : Double.POSITIVE_INFINITY;
            if (!(dt >= lo && dt <= hi)) {
                dt = delta / (rateKs * 1000);
            }
        }
        Throughput r = throughput.computeIfAbsent(size, k -> new Throughput(size));
        r.n++;
        r.received += delta;
        r.lost += lost;
        r.seconds += Math.max(0, dt);
        r.megabits += mbps * Math.max(0, dt);
        r.rate.add(rateKs * 1000);
        lastTotal = total;
        lastTotalLine = line;
    }

    /** One publisher line: samples written per second, the longest write of the interval (µs). */
    void publisher(double t, double perS, double minWriteUs, double maxWriteUs) {
        tick(t);
        pubN++;
        writtenSum += perS;
        writeMaxUs = Double.isNaN(writeMaxUs) ? maxWriteUs : Math.max(writeMaxUs, maxWriteUs);
    }

    /** One resource line: peak RSS so far, context switches per second, CPU % of one core by user and system. */
    void resources(double t, double rss, long vcsw, long ivcsw, long userPct, long systemPct) {
        tick(t);
        resN++;
        double cpu = userPct + systemPct;
        cpuSum += cpu;
        cpuMin = Math.min(cpuMin, cpu);
        cpuMax = Math.max(cpuMax, cpu);
        userSum += userPct;
        systemSum += systemPct;
        if (!Double.isNaN(rss)) {
            rssMb = Double.isNaN(rssMb) ? rss : Math.max(rssMb, rss);
        }
        vcswSum += vcsw;
        ivcswSum += ivcsw;
    }

    private String role() {
        List<String> roles = new ArrayList<>();
        if (latency.values().stream().anyMatch(l -> !l.sublat)) {
            roles.add("ping");
        }
        if (pubN > 0) {
            roles.add("pub");
        }
        if (!throughput.isEmpty()) {
            roles.add("sub");
        }
        return roles.isEmpty() ? "other" : String.join("+", roles);
    }

    /** The tables of every process of one input. */
    static ParsedInput parsed(String src, String format, Map<String, DdsperfProcess> processes,
            BoundedWarnings warnings) {
        List<ResultTable> tables = new ArrayList<>();
        long latencyProcesses = processes.values().stream().filter(p -> !p.latency.isEmpty()).count();
        long subProcesses = processes.values().stream().filter(p -> !p.throughput.isEmpty()).count();
        for (DdsperfProcess p : processes.values()) {
            p.latencyTables(src, format, latencyProcesses > 1, tables, warnings);
        }
        for (DdsperfProcess p : processes.values()) {
            if (!p.throughput.isEmpty()) {
                tables.add(p.throughputTable(src, format, subProcesses > 1, warnings));
            }
        }
        if (processes.values().stream().anyMatch(p -> p.resN > 0 || p.pubN > 0)) {
            tables.add(resourcesTable(src, format, processes.values()));
        }
        if (tables.isEmpty()) {
            warnings.always(new wirebench.analyzer.model.Warning(src, 0, "ddsperf output without any latency, "
                    + "subscriber, publisher or resource line (did the processes match?)"));
        }
        return new ParsedInput(src, format, tables, List.of(), warnings.list());
    }

    private void latencyTables(String src, String format, boolean manyProcesses, List<ResultTable> out,
            BoundedWarnings warnings) {
        Map<String, List<Latency>> byTable = new LinkedHashMap<>();
        for (Latency l : latency.values()) {
            byTable.computeIfAbsent((l.sublat ? "s" : "p") + "\u0000" + l.peer, k -> new ArrayList<>()).add(l);
        }
        for (List<Latency> group : byTable.values()) {
            Latency first = group.get(0);
            Map<String, String> ctx = new LinkedHashMap<>();
            ctx.put("format", format);
            ctx.put("role", first.sublat ? "sub" : "ping");
            ctx.put("test", pubN > 0 || first.sublat ? "throughput" : "latency");
            ctx.put("latency", first.sublat ? "one-way (source timestamp to reader)" : "round trip / 2");
            if (peers.size() > 1) {
                ctx.put("peer", first.peer);
            }
            if (manyProcesses) {
                ctx.put("process", pid);
            }
            ctx.put(Repetitions.AGGREGATE, "n intervals: ave_us weighted by cnt, min_us/max_us over all; "
                    + "interval_pNN_us = median (min-max) of the per-interval percentiles (never averaged)");
            List<String> cols = new ArrayList<>(List.of(Columns.SIZE_BYTES, Repetitions.N, "samples", Columns.AVE_US,
                    Columns.MIN_US, Columns.MAX_US));
            for (String p : PERCENTILES) {
                String c = "interval_" + p + "_us";
                cols.addAll(List.of(c, c + Repetitions.MIN, c + Repetitions.MAX));
            }
            List<Row> rows = new ArrayList<>();
            for (Latency l : group) {
                Row.Builder b = Row.builder().measure(Columns.SIZE_BYTES, l.size).measure(Repetitions.N, l.n)
                        .measure("samples", l.samples)
                        .measure(Columns.AVE_US, l.samples == 0 ? null : l.sum / l.samples)
                        .measure(Columns.MIN_US, l.min).measure(Columns.MAX_US, l.max);
                for (int i = 0; i < PERCENTILES.size(); i++) {
                    String c = "interval_" + PERCENTILES.get(i) + "_us";
                    b.measure(c, l.p[i].median()).measure(c + Repetitions.MIN, l.p[i].min())
                            .measure(c + Repetitions.MAX, l.p[i].max());
                }
                rows.add(b.build());
                if (l.capped > 0) {
                    warnings.add(l.firstCappedLine, "size " + l.size + (peers.size() > 1 ? ", peer " + l.peer : "")
                            + ": " + l.capped + " of " + l.n + " intervals counted more than " + RAW_SAMPLES
                            + " round trips; ddsperf's 50%/90%/99% of such an interval cover only its first "
                            + RAW_SAMPLES + " (mean, min, max and cnt cover all)");
                }
            }
            out.add(new ResultTable(src, Kind.LATENCY, ctx, cols, rows));
        }
    }

    private ResultTable throughputTable(String src, String format, boolean manyProcesses, BoundedWarnings warnings) {
        Map<String, String> ctx = new LinkedHashMap<>();
        ctx.put("format", format);
        ctx.put("role", "sub");
        if (manyProcesses) {
            ctx.put("process", pid);
        }
        ctx.put(Repetitions.AGGREGATE, "n intervals: counts added up, rates over the summed intervals; "
                + "interval_samples_per_s = median (min-max) of the per-interval rates");
        String rate = "interval_" + Columns.SAMPLES_PER_S;
        List<String> cols = List.of(Columns.SIZE_BYTES, Repetitions.N, Columns.TOTAL_SAMPLES, Columns.SAMPLES_PER_S,
                Columns.MBPS, Columns.LOST, Columns.LOST_PCT, "duration_s", rate, rate + Repetitions.MIN,
                rate + Repetitions.MAX);
        List<Row> rows = new ArrayList<>();
        long received = 0;
        for (Throughput r : throughput.values()) {
            received += r.received;
            boolean timed = r.seconds > 0;
            rows.add(Row.builder().measure(Columns.SIZE_BYTES, r.size).measure(Repetitions.N, r.n)
                    .measure(Columns.TOTAL_SAMPLES, r.received)
                    .measure(Columns.SAMPLES_PER_S, timed ? r.received / r.seconds : null)
                    .measure(Columns.MBPS, timed ? r.megabits / r.seconds : null).measure(Columns.LOST, r.lost)
                    .measure(Columns.LOST_PCT, r.received + r.lost == 0 ? null
                            : 100.0 * r.lost / (r.received + r.lost))
                    .measure("duration_s", r.seconds).measure(rate, r.rate.median())
                    .measure(rate + Repetitions.MIN, r.rate.min()).measure(rate + Repetitions.MAX, r.rate.max())
                    .build());
        }
        if (lastTotal >= 0 && lastTotal != received) {
            warnings.add(lastTotalLine, "process " + pid + ": the intervals' counts add up to " + received
                    + " samples but its last line says total " + lastTotal + " (lines missing, or the capture began "
                    + "after the first)");
        }
        return new ResultTable(src, Kind.THROUGHPUT, ctx, cols, rows);
    }

    private static ResultTable resourcesTable(String src, String format, Iterable<DdsperfProcess> processes) {
        Map<String, String> ctx = new LinkedHashMap<>();
        ctx.put("format", format);
        ctx.put(Repetitions.AGGREGATE, "mean (min-max) over the n intervals a process printed (ddsperf leaves out "
                + "an interval in which every thread used less than 0.5% of a core); CPU in % of one core");
        List<String> cols = List.of("role", Repetitions.N, "cpu_core_pct", "cpu_core_pct" + Repetitions.MIN,
                "cpu_core_pct" + Repetitions.MAX, "cpu_user_core_pct", "cpu_system_core_pct", "max_rss_mb",
                "vcsw_per_s", "ivcsw_per_s", "written_per_s", "write_max_us");
        List<Row> rows = new ArrayList<>();
        for (DdsperfProcess p : processes) {
            if (p.resN == 0 && p.pubN == 0) {
                continue;
            }
            boolean r = p.resN > 0;
            rows.add(Row.builder().key("role", p.role()).measure(Repetitions.N, p.resN)
                    .measure("cpu_core_pct", r ? p.cpuSum / p.resN : null)
                    .measure("cpu_core_pct" + Repetitions.MIN, r ? p.cpuMin : null)
                    .measure("cpu_core_pct" + Repetitions.MAX, r ? p.cpuMax : null)
                    .measure("cpu_user_core_pct", r ? p.userSum / p.resN : null)
                    .measure("cpu_system_core_pct", r ? p.systemSum / p.resN : null)
                    .measure("max_rss_mb", Double.isNaN(p.rssMb) ? null : p.rssMb)
                    .measure("vcsw_per_s", r ? p.vcswSum / p.resN : null)
                    .measure("ivcsw_per_s", r ? p.ivcswSum / p.resN : null)
                    .measure("written_per_s", p.pubN > 0 ? p.writtenSum / p.pubN : null)
                    .measure("write_max_us", Double.isNaN(p.writeMaxUs) ? null : p.writeMaxUs).build());
        }
        return new ResultTable(src, Kind.RESOURCES, ctx, cols, rows);
    }

    /** Latency lines of one peer and size. */
    private static final class Latency {
        final boolean sublat;
        final String peer;
        final long size;
        long n;
        long samples;
        double sum;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        final IntervalValues[] p = {new IntervalValues(1000), new IntervalValues(1000), new IntervalValues(1000)};
        long capped;
        int firstCappedLine;

        Latency(boolean sublat, String peer, long size) {
            this.sublat = sublat;
            this.peer = peer;
            this.size = size;
        }
    }

    /** Subscriber lines of one size. */
    private static final class Throughput {
        final long size;
        long n;
        long received;
        long lost;
        double seconds;
        double megabits;
        final IntervalValues rate = new IntervalValues(1);

        Throughput(long size) {
            this.size = size;
        }
    }
}
