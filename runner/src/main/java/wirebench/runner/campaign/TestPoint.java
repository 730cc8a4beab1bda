package wirebench.runner.campaign;

/**
 * One test of a campaign: one run of the publisher and subscriber for one data size, as one
 * iteration of the seed script's {@code execute_test} loop.
 *
 * @param index      1-based position in the whole campaign (also when resuming)
 * @param test       {@code lat} or {@code thr} (the seed's {@code lat_thr})
 * @param transport  Perftest {@code -transport} value, e.g. {@code UDPv4}
 * @param keyed      {@code keyed} or {@code unkeyed}
 * @param reliability {@code rel} or {@code be}
 * @param batching   false only for the seed's {@code _noBatch} throughput tests ({@code -batchSize 0})
 * @param sizeBytes  {@code -dataLen}
 * @param repetition 1-based repetition number
 * @param domain     {@code -domain}, alternating between tests as the seed's {@code change_domain}
 * @param engine     {@code --engines}' engine ({@link CampaignEngines}), or {@code ""}: run pubsub's default
 */
public record TestPoint(int index, String test, String transport, String keyed, String reliability, boolean batching,
        int sizeBytes, int repetition, int domain, String compression, String engine) {

    /** A test on run pubsub's default engine. */
    public TestPoint(int index, String test, String transport, String keyed, String reliability, boolean batching,
            int sizeBytes, int repetition, int domain, String compression) {
        this(index, test, transport, keyed, reliability, batching, sizeBytes, repetition, domain, compression, "");
    }

    /** A test without compression. */
    public TestPoint(int index, String test, String transport, String keyed, String reliability, boolean batching,
            int sizeBytes, int repetition, int domain) {
        this(index, test, transport, keyed, reliability, batching, sizeBytes, repetition, domain, "NONE");
    }

    /** Whether the test compresses (-compressionId other than NONE). */
    public boolean compressed() {
        return !compression.equals("NONE");
    }

    /** A stable id naming everything that identifies the test (the resume state lists these). */
    public String id() {
        return test + "-" + (engine.isEmpty() ? "" : engine + "-") + transport + "-" + keyed + "-" + reliability + (batching ? "" : "-noBatch")
                + (compressed() ? "-" + compression : "") + "-" + sizeBytes + "-r" + repetition;
    }

    /** The seed's tag, without colours: {@code [UDPv4|UK|REL][lat]}. */
    public String tag() {
        return "[" + (engine.isEmpty() ? "" : engine + "|") + transport + "|" + (keyed.equals("keyed") ? "K" : "UK") + "|"
                + (reliability.equals("be") ? "BE" : "REL") + "][" + test + "]" + (batching ? "" : "[noBatch]")
                + (compressed() ? "[" + compression + "]" : "");
    }

    /**
     * The seed's output file name: {@code ${lat_thr}_${role}_${keyed_unkeyed}_${rel_be}${name_suffix}.csv}
     * with {@code name_suffix} = {@code _noBatch} for unbatched tests, {@code _compression_zlib} (as seed
     * 003 names them) for compressed ones, then the user's suffix.
     */
    public String fileName(String role, String fileSuffix) {
        return test + "_" + role + "_" + keyed + "_" + reliability + (batching ? "" : "_noBatch")
                + (compressed() ? "_compression_" + compression.toLowerCase(java.util.Locale.ROOT) : "") + fileSuffix
                + ".csv";
    }

    /**
     * The folder of the seed-named Perftest files under {@code perftest/}: the transport, or
     * {@code ENGINE-TRANSPORT} with {@code --engines} (Aeron and raw sockets both run UDPv4).
     */
    public String outputFolder() {
        return engine.isEmpty() ? transport : engine + "-" + transport;
    }

    public boolean latencyTest() {
        return test.equals("lat");
    }

    public boolean isKeyed() {
        return keyed.equals("keyed");
    }

    public boolean bestEffort() {
        return reliability.equals("be");
    }
}
