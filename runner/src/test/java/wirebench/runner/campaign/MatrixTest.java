package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The expansion of a matrix into tests, in the seed script's order. */
class MatrixTest {

    private static Matrix seed(List<String> tests) {
        return new Matrix("seed", tests, List.of("UDPv4"), List.of("unkeyed", "keyed"), List.of("rel", "be"),
                List.of("on", "off"), 100000, 1, 20, 2);
    }

    @Test
    void shouldRunTheSeedScriptsTestsWhenTheSeedMatrixIsExpanded() {
        List<TestPoint> lat = seed(List.of("lat")).expand();
        List<TestPoint> thr = seed(List.of("thr")).expand();

        // unkeyed rel: datasizes_extended (18); unkeyed be, keyed rel, keyed be: datasizes (12)
        assertThat(lat).hasSize(18 + 12 + 12 + 12);
        // plus _noBatch for unkeyed rel and be (12 each)
        assertThat(thr).hasSize(54 + 12 + 12);
        assertThat(lat.get(17).id()).isEqualTo("lat-UDPv4-unkeyed-rel-10485760-r1");
        assertThat(lat.get(18).id()).isEqualTo("lat-UDPv4-unkeyed-be-32-r1");
        assertThat(lat.get(30).id()).isEqualTo("lat-UDPv4-keyed-rel-32-r1");
        assertThat(thr.get(54).id()).isEqualTo("thr-UDPv4-unkeyed-rel-noBatch-32-r1");
        assertThat(thr.get(54).fileName("pub", "")).isEqualTo("thr_pub_unkeyed_rel_noBatch.csv");
        assertThat(thr.get(77).fileName("sub", "_x")).isEqualTo("thr_sub_unkeyed_be_noBatch_x.csv");
    }

    @Test
    void shouldAlternateDomainsAsChangeDomainWhenTestsFollowEachOther() {
        Matrix m = new Matrix("32,64", List.of("lat", "thr"), List.of("UDPv4"), List.of("unkeyed"), List.of("rel"),
                List.of("on"), 1, 2, 1, 7);

        List<TestPoint> t = m.expand();

        assertThat(t.stream().map(TestPoint::domain)).containsExactly(7, 1, 2, 1, 2, 1, 2, 1);
        assertThat(t.stream().map(TestPoint::id)).containsExactly("lat-UDPv4-unkeyed-rel-32-r1",
                "lat-UDPv4-unkeyed-rel-64-r1", "lat-UDPv4-unkeyed-rel-32-r2", "lat-UDPv4-unkeyed-rel-64-r2",
                "thr-UDPv4-unkeyed-rel-32-r1", "thr-UDPv4-unkeyed-rel-64-r1", "thr-UDPv4-unkeyed-rel-32-r2",
                "thr-UDPv4-unkeyed-rel-64-r2");
        assertThat(t.stream().map(TestPoint::index)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    }

    @Test
    void shouldRunNoUnbatchedLatencyTestWhenOnlyBatchingOffIsAsked() {
        Matrix m = new Matrix("default", List.of("lat", "thr"), List.of("UDPv4", "SHMEM"), List.of("keyed", "unkeyed"),
                List.of("be"), List.of("off"), 1, 1, 1, 2);

        List<TestPoint> t = m.expand();

        assertThat(t).hasSize(2 * 12);
        assertThat(t).allSatisfy(p -> {
            assertThat(p.test()).isEqualTo("thr");
            assertThat(p.batching()).isFalse();
            assertThat(p.keyed()).isEqualTo("unkeyed");
        });
        assertThat(t.get(12).tag()).isEqualTo("[SHMEM|UK|BE][thr][noBatch]");
    }

    @Test
    void shouldBuildTheSeedsSubscriberCommandWhenTheTestIsKeyedBestEffortUnbatched() {
        CommandLines c = new CommandLines(100000, 20, "eno1", null, List.of("-cpu"), List.of("-pubRate", "1000"),
                List.of("-sidMultiSubTest", "0"));
        TestPoint p = new TestPoint(1, "thr", "UDPv4", "keyed", "be", false, 1024, 1, 1);

        assertThat(String.join(" ", c.arguments(p, CommandLines.Role.SUB, true))).isEqualTo(
                "-domain 1 -dataLen 1024 -sub -transport UDPv4 -nic eno1 -noPrintIntervals -keyed -instances 100000"
                        + " -bestEffort -cpu -sidMultiSubTest 0 -noOutputHeaders");
        assertThat(String.join(" ", c.arguments(p, CommandLines.Role.PUB, false))).isEqualTo(
                "-domain 1 -dataLen 1024 -pub -transport UDPv4 -nic eno1 -noPrintIntervals -executionTime 20"
                        + " -batchSize 0 -keyed -instances 100000 -bestEffort -cpu -pubRate 1000");
    }

    @Test
    void shouldBuildTheSeedsTcpPeerWhenTheTransportIsTcp() {
        CommandLines c = new CommandLines(1, 20, "10.0.0.1", "10.0.0.2", List.of(), List.of(), List.of());
        TestPoint p = new TestPoint(1, "lat", "TCP", "unkeyed", "rel", true, 32, 1, 2);

        assertThat(String.join(" ", c.arguments(p, CommandLines.Role.SUB, false))).isEqualTo(
                "-domain 2 -dataLen 32 -sub -transport TCP -nic 10.0.0.1 -peer 0@tcpv4_lan://10.0.0.2:7400"
                        + " -noPrintIntervals");
    }

    @Test
    void shouldRunEveryTestOncePerCompressionAlgorithmWithTheOptionOnBothSides() {
        Matrix m = new Matrix("32,1024", List.of("thr"), List.of("UDPv4"), List.of("unkeyed"), List.of("rel"),
                List.of("on"), 1, 1, 5, 2, List.of("NONE", "ZLIB"));

        List<TestPoint> t = m.expand();

        assertThat(t).extracting(TestPoint::id).containsExactly("thr-UDPv4-unkeyed-rel-32-r1",
                "thr-UDPv4-unkeyed-rel-1024-r1", "thr-UDPv4-unkeyed-rel-ZLIB-32-r1", "thr-UDPv4-unkeyed-rel-ZLIB-1024-r1");
        assertThat(t.get(2).tag()).isEqualTo("[UDPv4|UK|REL][thr][ZLIB]");
        // seed 003 names its compressed runs' files this way (thr_udpv4_sub_unkeyed_be_compression_zlib.csv)
        assertThat(t.get(2).fileName("sub", "")).isEqualTo("thr_sub_unkeyed_rel_compression_zlib.csv");
        assertThat(t.get(0).fileName("sub", "")).isEqualTo("thr_sub_unkeyed_rel.csv");
        CommandLines c = new CommandLines(1, 5, null, null, List.of(), List.of(), List.of());
        assertThat(c.arguments(t.get(2), CommandLines.Role.SUB, false)).containsSubsequence("-compressionId", "ZLIB");
        assertThat(c.arguments(t.get(2), CommandLines.Role.PUB, false)).containsSubsequence("-compressionId", "ZLIB");
        assertThat(c.arguments(t.get(0), CommandLines.Role.PUB, false)).doesNotContain("-compressionId");
        assertThat(m.describe()).containsEntry("compression", List.of("NONE", "ZLIB"));
    }

    @Test
    void shouldRunEachTestOnEachEngineWithItsArgumentsWhenEnginesAreGiven() {
        Matrix m = new Matrix("32", List.of("lat", "thr"), List.of("UDPv4"), List.of("unkeyed"), List.of("be"),
                List.of("on"), 1, 1, 5, 2, List.of("NONE"), null, List.of("aeron", "raw", "tcp"));
        CommandLines c = new CommandLines(1, 5, null, null, List.of(), List.of(), List.of());

        List<TestPoint> t = m.expand();

        assertThat(t).extracting(TestPoint::id).containsExactly("lat-aeron-UDPv4-unkeyed-be-32-r1",
                "lat-raw-UDPv4-unkeyed-be-32-r1", "lat-tcp-TCP-unkeyed-be-32-r1", "thr-aeron-UDPv4-unkeyed-be-32-r1",
                "thr-raw-UDPv4-unkeyed-be-32-r1", "thr-tcp-TCP-unkeyed-be-32-r1");
        assertThat(t).extracting(p -> String.join(" ", c.arguments(p, CommandLines.Role.BOTH, false))).containsExactly(
                "-domain 2 -dataLen 32 -bothRoles -transport UDPv4 -noPrintIntervals -executionTime 5 -latencyTest"
                        + " -bestEffort",
                "-domain 1 -dataLen 32 -bothRoles -transport UDPv4 -noPrintIntervals -executionTime 5 -latencyTest"
                        + " -rawTransport -bestEffort",
                "-domain 2 -dataLen 32 -bothRoles -transport TCP -noPrintIntervals -executionTime 5 -latencyTest"
                        + " -bestEffort",
                "-domain 1 -dataLen 32 -bothRoles -transport UDPv4 -noPrintIntervals -executionTime 5 -bestEffort",
                "-domain 2 -dataLen 32 -bothRoles -transport UDPv4 -noPrintIntervals -executionTime 5 -rawTransport"
                        + " -bestEffort",
                "-domain 1 -dataLen 32 -bothRoles -transport TCP -noPrintIntervals -executionTime 5 -bestEffort");
        // Aeron and raw sockets both run UDPv4: their Perftest files go to folders of their own
        assertThat(t).extracting(TestPoint::outputFolder).containsExactly("aeron-UDPv4", "raw-UDPv4", "tcp-TCP",
                "aeron-UDPv4", "raw-UDPv4", "tcp-TCP");
        assertThat(t.get(1).tag()).isEqualTo("[raw|UDPv4|UK|BE][lat]");
    }

    @Test
    void shouldRunAeronOnEveryTransportItSupportsAndRawOnUdpOnlyWhenTransportsAreSeveral() {
        Matrix m = new Matrix("32", List.of("lat"), List.of("UDPv4", "SHMEM"), List.of("unkeyed"), List.of("be"),
                List.of("on"), 1, 1, 5, 2, List.of("NONE"), null, List.of("aeron", "raw"));

        assertThat(m.expand()).extracting(TestPoint::id).containsExactly("lat-aeron-UDPv4-unkeyed-be-32-r1",
                "lat-aeron-SHMEM-unkeyed-be-32-r1", "lat-raw-UDPv4-unkeyed-be-32-r1");
    }
}
