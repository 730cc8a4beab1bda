package wirebench.runner.campaign;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The key columns of a Perftest summary row (docs/pubsub.md's families), read from the command
 * lines that ran the test, so that an option passed with {@code --extra-arguments} (a
 * {@code -batchSize}, {@code -bestEffort}, {@code -instances}, {@code -compressionId}) is in the key
 * it changes. Options are matched by their whole name, case-insensitively as Perftest matches
 * them; the last occurrence wins. The batch follows Perftest's rules (PERFTEST-FORMATS.md section
 * 3, {@code RTIDDSImpl::data_size_related_calculations}, 4.3): 8192 bytes unless {@code -batchSize}
 * says otherwise; off (0) in the latency test, with FlatData or Zero-Copy, when the batch holds
 * fewer than two samples, and when {@code -pubRate}/{@code -pubRatebps} come with an explicit
 * {@code -batchSize}.
 */
final class PerftestKeys {
    /** Perftest's default throughput batch ({@code DEFAULT_THROUGHPUT_BATCH_SIZE}, since 2.4). */
    static final int DEFAULT_BATCH_BYTES = 8192;

    private PerftestKeys() {
    }

    /**
     * The keys of a row of {@code sizeBytes}: transport, reliability, keyed and instances from the
     * process's own arguments {@code args}; the batch and the test from the publisher's
     * {@code publisherArgs} (the same list for the publisher itself; a subscriber has no batch).
     */
    static Map<String, Object> of(List<String> args, List<String> publisherArgs, int sizeBytes, int repetition) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("transport", value(args, "-transport", null));
        row.put("reliability", has(args, "-bestEffort") ? "best_effort" : "reliable");
        row.put("keyed", has(args, "-keyed") ? "keyed" : "unkeyed");
        row.put("instances", Integer.parseInt(value(args, "-instances", "1")));
        row.put("batch_bytes", batchBytes(publisherArgs, sizeBytes));
        String compression = value(args, "-compressionId", "NONE").toUpperCase(Locale.ROOT);
        row.put("compression", compression.equals("MASK_NONE") ? "NONE" : compression);
        row.put("size_bytes", sizeBytes);
        row.put("repetition", repetition);
        return row;
    }

    /** Whether the publisher's arguments run the latency test ({@code -latencyTest}). */
    static boolean latencyTest(List<String> publisherArgs) {
        return has(publisherArgs, "-latencyTest");
    }

    /** The batch Perftest uses for {@code sizeBytes} under these publisher arguments, 0 when off. */
    static int batchBytes(List<String> publisherArgs, int sizeBytes) {
        String given = value(publisherArgs, "-batchSize", null);
        if (latencyTest(publisherArgs) || has(publisherArgs, "-flatData") || has(publisherArgs, "-zeroCopy")) {
            return 0;
        }
        if (given != null && (has(publisherArgs, "-pubRate") || has(publisherArgs, "-pubRatebps"))) {
            return 0;
        }
        long batch = given == null ? DEFAULT_BATCH_BYTES : Long.parseLong(given);
        return batch < 2L * sizeBytes ? 0 : (int) batch;
    }

    private static boolean has(List<String> args, String option) {
        return args.stream().anyMatch(a -> a.equalsIgnoreCase(option));
    }

    private static String value(List<String> args, String option, String absent) {
        String v = absent;
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equalsIgnoreCase(option)) {
                v = args.get(i + 1);
            }
        }
        return v;
    }
}
