package wirebench.analyzer.scale;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes long console logs of the original speed_test server and SpeedTester client, deterministic,
 * in the programs' own line formats (docs/udp.md, docs/rpc.md, the seeds): many runs one after the
 * other, as a loop around the program would leave them.
 */
public final class ConsoleLogGenerator {
    private static final String ESC = "\u001B";
    private static final String RESET = ESC + "[0m";

    private ConsoleLogGenerator() {
    }

    private static String serverLine(String colour, String level, String message, String function, int line) {
        return ESC + colour + level + ":" + RESET + " " + message + " " + ESC + "[1;30m(" + function
                + " udp_msg_server.c:" + line + ")" + RESET + "\n";
    }

    /**
     * speed_test server runs, alternately of 64- and 1024-byte payloads; per payload the runs
     * alternate between two figures: DATA 200.00 / 300.00 Mbps, loss 1 / 3 %, 1 000 000 packets
     * received within 2.000 / 4.000 s (so mean 250 Mbps, 2 %, 3 s). Each run has two progress lines.
     * At least {@code bytes} bytes and {@code runs} runs, in whole groups of four runs (so the means
     * above are exact).
     */
    public static void speedTest(Path file, long bytes, long runs) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            long written = 0;
            for (long run = 0; written < bytes || run < runs || run % 4 != 0; run++) {
                int payload = run % 2 == 0 ? 64 : 1024;
                boolean low = (run / 2) % 2 == 0;
                double data = low ? 200.0 : 300.0;
                double wire = data * (payload + 42) / payload;
                StringBuilder sb = new StringBuilder();
                sb.append(serverLine("[0;35m", "debug", "400000 packets received", "use_select", 193));
                sb.append(serverLine("[0;35m", "debug", "800000 packets received", "use_select", 193));
                sb.append(serverLine("[0;36m", "info", "1000000 packet received within " + (low ? "2.000" : "4.000")
                        + " seconds", "parse_data", 138));
                sb.append(serverLine("[0;36m", "info", "Total Byte Received: " + 1_000_000L * payload, "parse_data",
                        140));
                sb.append(serverLine("[0;35m", "debug", String.format(java.util.Locale.ROOT, "Bandwith: DATA: %.2f "
                        + "Mbps, WIRE: %.2f Mbps, Data/Header Ratio: %.2f, Packet Loss: %%%f", data, wire,
                        payload / 42.0, low ? 1.0 : 3.0), "parse_data", 142));
                w.write(sb.toString());
                written += sb.length();
            }
        }
    }

    /**
     * SpeedTester single-client runs over RMI, one after the other: three cases each; case 1 takes
     * 300 ms or 500 ms for 1000 calls in alternate runs (mean 0.4 ms per call), cases 2 and 3 fixed.
     * At least {@code bytes} bytes and {@code runs} runs, an even number of runs.
     */
    public static void speedTester(Path file, long bytes, long runs) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            long written = 0;
            for (long run = 0; written < bytes || run < runs || run % 2 != 0; run++) {
                long ms1 = run % 2 == 0 ? 300 : 500;
                String[] results = {
                    result(1, "echo calls", 1000, ms1),
                    result(2, "inbound same packet with size 1000", 1000, 700),
                    result(3, "outbound packets with size 1000", 1000, 900),
                };
                StringBuilder sb = new StringBuilder();
                sb.append("Testing with rmi://org_distributeme_speedtester_TestingService.xxx@localhost:9249\n");
                sb.append("connection established\n");
                sb.append("Testing echo calls\n\t").append(results[0]).append('\n');
                sb.append("Testing inbound packets (one packet), size 1000\n\t").append(results[1]).append('\n');
                sb.append("Testing outbound packets, size 1000\n\t").append(results[2]).append('\n');
                sb.append("==========================\n");
                sb.append("Finished Test In ").append(ms1 + 1605).append(" ServerSide: ").append(ms1 + 1600).append('\n');
                sb.append("==========================\n");
                for (String r : results) {
                    sb.append(r).append('\n');
                }
                w.write(sb.toString());
                written += sb.length();
            }
        }
    }

    /** SpeedTester's TestResult.toString: number, label, calls, ms, Double.toString(ms / calls), rating. */
    private static String result(int number, String label, int calls, long ms) {
        double avg = (double) ms / calls;
        String rating = avg < 0.1 ? "SUPERB" : avg < 0.3 ? "TOP" : avg < 0.5 ? "OK" : avg < 1.0 ? "ACCEPTABLE"
                : avg < 5.0 ? "LOUSY" : "DEAD HORSE";
        return number + " - " + label + ", Performed " + calls + " in " + ms + ", " + avg + " ms per call - " + rating;
    }
}
