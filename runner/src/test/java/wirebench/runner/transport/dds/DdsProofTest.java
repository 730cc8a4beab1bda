package wirebench.runner.transport.dds;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The DDS engine's proofs (issue 27): RTPS on the wire, keyed instances, a byte-identical 1 MB
 * round trip between two processes, and the refusals. The engine runs in child JVMs on Java 22+
 * ({@link DdsChild}); domains 60..69 keep these tests apart from runs with the default domain.
 */
class DdsProofTest {
    private static final String PROOFS = DdsProofs.class.getName();

    /** The line starting with {@code prefix} that the proof {@code args} printed, once it exited 0 (90 s, 30 s at most). */
    private static String proofLine(String prefix, String... args) throws Exception {
        try (DdsChild child = DdsChild.start(PROOFS, args)) {
            String line = child.await(prefix, 90);
            assertThat(line).as("output: %s", child.output()).isNotNull();
            assertThat(child.exit(30)).as("output: %s", child.output()).isZero();
            return line;
        }
    }

    @Test
    @Timeout(120)
    void shouldSendRtpsWithCycloneVendorIdWhenASocketIsListedAsDiscoveryPeer() throws Exception {
        DdsChild.requirePrerequisites();
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            socket.setSoTimeout(60_000);
            try (DdsChild child = DdsChild.start(PROOFS, "rtps", String.valueOf(socket.getLocalPort()), "61")) {
                DatagramPacket p = new DatagramPacket(new byte[65536], 65536);
                socket.receive(p); // the child's first SPDP announcement (or any later RTPS message)
                assertThat(child.output()).as("the child has not failed").noneMatch(l -> l.contains("Exception"));
                byte[] d = p.getData();
                assertThat(p.getLength()).as("an RTPS header is 20 bytes").isGreaterThanOrEqualTo(20);
                // RTPS 2.x header: "RTPS", protocol version major 2, minor, vendor id 0x0110 (Eclipse Cyclone DDS)
                assertThat(new String(d, 0, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("RTPS");
                assertThat(d[4]).isEqualTo((byte) 2);
                assertThat(new byte[] {d[6], d[7]}).containsExactly(0x01, 0x10);
                assertThat(p.getAddress().isLoopbackAddress()).isTrue();
            }
        }
    }

    @Test
    @Timeout(120)
    void shouldKeepOneSamplePerInstanceWhenFiveKeysAreWrittenThreeTimesWithDepthOne() throws Exception {
        String line = proofLine("samples ", "instances", "true", "62");
        // the last write (2) of each of the 5 keys, in key order
        assertThat(line).isEqualTo("samples 5 0/2,1/2,2/2,3/2,4/2");
    }

    @Test
    @Timeout(120)
    void shouldTakeOnceAndDeliverWithinTheLimitWhenMoreMessagesWaitThanAPollMayDeliver() throws Exception {
        String line = proofLine("loan ", "loan", "65");
        // 100 messages, 7 per poll at most: 15 polls (14 x 7 + 2), one dds_take for all of them;
        // an idle reader is polled without any take (the data-available listener's flag is down)
        // until the next write raises it
        assertThat(line).isEqualTo("loan got 100 in 15 polls, at most 7 per poll, in order true, takes 1; idle polls"
                + " delivered 0 with takes 0; after one more write delivered 1 (100) takes 1");
    }

    /**
     * 6 rounds of 4, one take each. A loan returned per take frees the octet buffers, so the first round's
     * would no longer hold its messages after its poll; kept samples reuse one buffer per slot, grown once
     * by the 5000-byte round.
     */
    @Test
    @Timeout(120)
    void shouldTakeIntoKeptSamplesWhoseBuffersOutliveEachPollWhenMessagesArriveInRounds() throws Exception {
        assertThat(proofLine("kept ", "kept", "68")).isEqualTo("kept got 24 intact true; first round still held after"
                + " its poll true; distinct buffers 4 then 4; takes 6; take true");
    }

    /**
     * One take at the first await (for whatever came before the listener was set), none after; a role
     * thread that took at every wake-up made at least one take per await (60 before).
     */
    @Test
    @Timeout(120)
    void shouldParkWithoutTakingWhenTheListenerLeftNothingForTheRoleThread() throws Exception {
        assertThat(proofLine("handoff idle", "handoff-idle", "69"))
                .isEqualTo("handoff idle: hands off true, 30 awaits delivered 0, takes 1");
    }

    @Test
    @Timeout(120)
    void shouldKeepOneSampleWhenTheTopicIsUnkeyed() throws Exception {
        String line = proofLine("samples ", "instances", "false", "63");
        assertThat(line).isEqualTo("samples 1 4/2");
    }

    @Test
    @Timeout(180)
    void shouldEchoOneMegabyteByteIdenticalWhenTwoProcessesMeetOverRtps() throws Exception {
        int bytes = 1 << 20;
        long seed = 27;
        byte[] expected = new byte[bytes];
        new Random(seed).nextBytes(expected);
        String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(expected));
        try (DdsChild echo = DdsChild.start(PROOFS, "echo", "64")) {
            assertThat(echo.await("ready", 90)).as("echo side: %s", echo.output()).isNotNull();
            try (DdsChild ping = DdsChild.start(PROOFS, "ping", "64", String.valueOf(bytes), String.valueOf(seed))) {
                String line = ping.await("bytes sha256", 120);
                assertThat(line).as("ping side: %s; echo side: %s", ping.output(), echo.output())
                        .isEqualTo("identical " + bytes + " bytes sha256 " + sha);
                assertThat(ping.exit(30)).isZero();
            }
        }
    }

    @Test
    @Timeout(120)
    void shouldRefuseWithExit3NamingThePackageWhenLibddscIsMissing() throws Exception {
        try (DdsChild child = DdsChild.start(PROOFS, "library", "libddsc.so.0wirebench-missing")) {
            String line = child.await("refused", 90);
            assertThat(line).as("output: %s", child.output()).isEqualTo("refused 3: the DDS engine needs Cyclone DDS's C"
                    + " library (libddsc.so.0wirebench-missing), not found: apt-get install libddsc0debian (bash .ci/setup"
                    + " installs it)");
        }
    }

    @Test
    void shouldNameJava22AndTheLauncherWhenRefusingBelowJava22() {
        assertThat(NativeLibrary.refusal(17, "Linux", "amd64")).hasValueSatisfying(m -> assertThat(m)
                .startsWith("the DDS engine (Cyclone DDS through the Foreign Function & Memory API) needs Java 22+"
                        + " (this is Java 17); install a JDK 22+"));
        assertThat(NativeLibrary.refusal(25, "Linux", "amd64")).isEmpty();
        assertThat(NativeLibrary.refusal(25, "Mac OS X", "aarch64")).hasValueSatisfying(m -> assertThat(m)
                .contains("Linux on x86-64 or aarch64"));
    }
}
