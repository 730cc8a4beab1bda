package wirebench.runner.campaign;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dimensions of a campaign and their expansion into tests in the seed script's order: per test
 * kind and transport, the batching-allowed tests (unkeyed reliable, unkeyed best effort, keyed
 * reliable, keyed best effort), then, for throughput, the {@code _noBatch} tests (unkeyed only, as
 * the seed); each of those per compression algorithm (seed 003's runs); within each, repetitions then
 * data sizes. See docs/campaign.md.
 *
 * @param sizes          {@code seed}, {@code default}, {@code extended} or sizes in bytes
 * @param domain         the first test's domain; then {@code change_domain} (1 -> 2, otherwise -> 1)
 * @param executionTimeS seconds per test ({@code -executionTime})
 * @param sizesExtended  sizes in bytes of the batched unkeyed reliable group (the seed's
 *                       {@code datasizes_extended}), or null: that group follows {@code sizes}
 * @param engines        {@code --engines} ({@link CampaignEngines}): per test kind, each engine's tests on the
 *                       transports it runs; {@code [""]} without the option (run pubsub's default engine)
 */
public record Matrix(String sizes, List<String> tests, List<String> transports, List<String> keyed,
        List<String> reliability, List<String> batching, int instances, int repetitions, long executionTimeS,
        int domain, List<String> compression, String sizesExtended, List<String> engines) {

    /** A matrix without an engine dimension (every test on run pubsub's default engine). */
    public Matrix(String sizes, List<String> tests, List<String> transports, List<String> keyed,
            List<String> reliability, List<String> batching, int instances, int repetitions, long executionTimeS,
            int domain, List<String> compression, String sizesExtended) {
        this(sizes, tests, transports, keyed, reliability, batching, instances, repetitions, executionTimeS, domain,
                compression, sizesExtended, List.of(""));
    }

    /** A matrix whose groups all follow {@code sizes}. */
    public Matrix(String sizes, List<String> tests, List<String> transports, List<String> keyed,
            List<String> reliability, List<String> batching, int instances, int repetitions, long executionTimeS,
            int domain, List<String> compression) {
        this(sizes, tests, transports, keyed, reliability, batching, instances, repetitions, executionTimeS, domain,
                compression, null);
    }

    /** A matrix without compression. */
    public Matrix(String sizes, List<String> tests, List<String> transports, List<String> keyed,
            List<String> reliability, List<String> batching, int instances, int repetitions, long executionTimeS,
            int domain) {
        this(sizes, tests, transports, keyed, reliability, batching, instances, repetitions, executionTimeS, domain,
                List.of("NONE"));
    }

    /** The seed's {@code datasizes}. */
    public static final List<Integer> DEFAULT_SIZES = List.of(32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384,
            32768, 63000);
    /** The seed's {@code datasizes_extended}. */
    public static final List<Integer> EXTENDED_SIZES;

    static {
        List<Integer> e = new ArrayList<>(DEFAULT_SIZES);
        e.addAll(List.of(100000, 500000, 1048576, 1548576, 4194304, 10485760));
        EXTENDED_SIZES = List.copyOf(e);
    }

    /** The sizes of one group ({@code seed}: the extended list for batched unkeyed reliable only). */
    List<Integer> sizesFor(String keyedValue, String rel, boolean batchingOn) {
        if (sizesExtended != null && batchingOn && keyedValue.equals("unkeyed") && rel.equals("rel")) {
            return parseSizes(sizesExtended);
        }
        switch (sizes) {
            case "seed":
                return batchingOn && keyedValue.equals("unkeyed") && rel.equals("rel") ? EXTENDED_SIZES : DEFAULT_SIZES;
            case "default":
                return DEFAULT_SIZES;
            case "extended":
                return EXTENDED_SIZES;
            default:
                return parseSizes(sizes);
        }
    }

    static List<Integer> parseSizes(String list) {
        List<Integer> out = new ArrayList<>();
        for (String s : list.split("[,\\s:]+")) {
            if (s.isBlank()) {
                continue;
            }
            try {
                out.add(Integer.parseInt(s.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected seed, default, extended or sizes in bytes separated by ',', got '"
                        + s + "' in '" + list + "'");
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("expected at least one size, got '" + list + "'");
        }
        return out;
    }

    /** Every test of the campaign, numbered from 1, with its domain. */
    public List<TestPoint> expand() {
        List<TestPoint> out = new ArrayList<>();
        int[] domainNow = {domain};
        for (String test : tests) {
            for (String engine : engines) {
                for (String transport : CampaignEngines.transports(engine, transports)) {
                    expand(out, domainNow, test, engine, transport);
                }
            }
        }
        return out;
    }

    private void expand(List<TestPoint> out, int[] domainNow, String test, String engine, String transport) {
        for (String comp : compression) {
            if (batching.contains("on")) {
                for (String k : List.of("unkeyed", "keyed")) {
                    for (String r : List.of("rel", "be")) {
                        if (keyed.contains(k) && reliability.contains(r)) {
                            group(out, domainNow, test, engine, transport, k, r, true, comp);
                        }
                    }
                }
            }
            if (test.equals("thr") && batching.contains("off") && keyed.contains("unkeyed")) {
                for (String r : List.of("rel", "be")) {
                    if (reliability.contains(r)) {
                        group(out, domainNow, test, engine, transport, "unkeyed", r, false, comp);
                    }
                }
            }
        }
    }

    private void group(List<TestPoint> out, int[] domainNow, String test, String engine, String transport, String k,
            String r, boolean batchingOn, String comp) {
        for (int rep = 1; rep <= repetitions; rep++) {
            for (int size : sizesFor(k, r, batchingOn)) {
                out.add(new TestPoint(out.size() + 1, test, transport, k, r, batchingOn, size, rep, domainNow[0],
                        comp, engine));
                domainNow[0] = domainNow[0] == 1 ? 2 : 1;
            }
        }
    }

    /** The resolved matrix for run.json. */
    Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sizes", sizes);
        m.put("sizes_extended", sizesExtended);
        m.put("tests", tests);
        m.put("transports", transports);
        if (!engines.equals(List.of(""))) {
            m.put("engines", engines);
        }
        m.put("keyed", keyed);
        m.put("reliability", reliability);
        m.put("batching", batching);
        m.put("compression", compression);
        m.put("instances", instances);
        m.put("repetitions", repetitions);
        m.put("execution_time_s", executionTimeS);
        m.put("first_domain", domain);
        return m;
    }
}
