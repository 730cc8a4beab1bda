package wirebench.runner.udp;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import wirebench.contract.CsvFamilyWriter;
import wirebench.contract.WirebenchException;
import wirebench.runner.results.ResultsDirectory;

/** Helpers shared by the udp subcommands: option checks and the results directory. */
final class UdpOptions {
    private UdpOptions() {
    }

    /** Checks a scheduler/priority pair as sched(7) allows it. */
    static void checkPriority(String option, Scheduler s, int priority) {
        if (s.realtime() && (priority < 1 || priority > 99)) {
            throw new WirebenchException(WirebenchException.USAGE, option + ": " + s.label()
                    + " needs a priority 1..99 (--priority), got " + priority);
        }
        if (!s.realtime() && priority != 0) {
            throw new WirebenchException(WirebenchException.USAGE, option + ": " + s.label()
                    + " takes priority 0, got " + priority);
        }
    }

    /** Refuses (exit 2, one line) a receive method this JVM cannot run: RECVMMSG below Java 22 or off Linux. */
    static void checkMethod(ReceiveMethod m) {
        if (m == ReceiveMethod.RECVMMSG) {
            NativeLinux.refusal().ifPresent(why -> {
                throw new WirebenchException(WirebenchException.USAGE, why);
            });
        }
    }

    /** Checks a payload size; warns (never clamps) above what fits one 1500 B MTU frame. */
    static void checkPayload(int payloadBytes, PrintWriter err) {
        if (payloadBytes < 0 || payloadBytes > Datagrams.MAX_PAYLOAD_BYTES) {
            throw new WirebenchException(WirebenchException.USAGE, "--payload: expected 0.." + Datagrams.MAX_PAYLOAD_BYTES
                    + " bytes (the largest UDP payload over IPv4), got " + payloadBytes);
        }
        if (payloadBytes > Datagrams.MAX_UNFRAGMENTED_PAYLOAD_BYTES) {
            err.println("warn: payload " + payloadBytes + " bytes > " + Datagrams.MAX_UNFRAGMENTED_PAYLOAD_BYTES
                    + ": each datagram is sent as IP fragments on a 1500 B MTU (not clamped; the seed's '1500' rows "
                    + "fragmented too)");
        }
        if (payloadBytes < Datagrams.FULL_HEADER_BYTES) {
            err.println("warn: payload " + payloadBytes + " bytes < " + Datagrams.FULL_HEADER_BYTES
                    + ": the datagrams cannot carry " + (payloadBytes < Datagrams.SEQ_END ? "sequence numbers and "
                    : "") + "send times, so " + (payloadBytes < Datagrams.SEQ_END ? "duplicates, reordering and " : "")
                    + "jitter are not measured (docs/udp.md)");
        }
    }

    /** Opens {@code dir} as a results directory holding udp.csv. */
    static ResultsDirectory open(Path dir, String commandLine, Map<String, Object> config) {
        return ResultsDirectory.create(dir, commandLine, config);
    }

    static CsvFamilyWriter udpCsv(ResultsDirectory dir) {
        return dir.family("udp", UdpResult.KEYS, UdpResult.MEASURES);
    }

    /** The rate slices of each run (udp-intervals.csv), what {@code compare} judges single runs on. */
    static CsvFamilyWriter slicesCsv(ResultsDirectory dir) {
        return dir.family("udp-intervals", UdpResult.KEYS, UdpResult.SLICE_MEASURES);
    }

    static Map<String, Object> config(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            Object v = keyValues[i + 1];
            m.put((String) keyValues[i], v instanceof Enum<?> ? v.toString() : v);
        }
        return m;
    }
}
