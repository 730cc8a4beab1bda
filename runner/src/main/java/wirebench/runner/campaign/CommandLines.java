package wirebench.runner.campaign;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Perftest arguments of one test, built as the seed script builds {@code $command}:
 * {@code -domain D -dataLen N}, then the role's string ({@code -pub <transport> -noPrintIntervals
 * -executionTime T [-latencyTest] [-batchSize 0]} or {@code -sub <transport> -noPrintIntervals}),
 * then {@code -keyed -instances N}, {@code -bestEffort}, the extra arguments, and
 * {@code -noOutputHeaders} when the output file already holds a run. {@code wirebench run pubsub}
 * takes the same options, so the same list drives both engines.
 *
 * @param nic      {@code -nic} (null: not passed)
 * @param peer     the other host ({@code -peer}; null: not passed)
 * @param extra    {@code --extra-arguments}, for every role
 * @param extraPub {@code --extra-arguments-pub}
 * @param extraSub {@code --extra-arguments-sub}
 */
record CommandLines(int instances, long executionTimeS, String nic, String peer, List<String> extra,
        List<String> extraPub, List<String> extraSub) {

    /** Roles of one process: the publisher, a subscriber, or both in one wirebench process ({@code -bothRoles}). */
    enum Role {
        PUB, SUB, BOTH
    }

    static List<String> split(String args) {
        if (args == null || args.isBlank()) {
            return List.of();
        }
        return Arrays.asList(args.trim().split("\\s+"));
    }

    List<String> arguments(TestPoint p, Role role, boolean noOutputHeaders) {
        List<String> a = new ArrayList<>(List.of("-domain", Integer.toString(p.domain()), "-dataLen",
                Integer.toString(p.sizeBytes())));
        if (role == Role.SUB) {
            a.add("-sub");
            a.addAll(transport(p.transport(), role));
            a.add("-noPrintIntervals");
        } else {
            a.add(role == Role.PUB ? "-pub" : "-bothRoles");
            a.addAll(transport(p.transport(), role));
            a.addAll(List.of("-noPrintIntervals", "-executionTime", Long.toString(executionTimeS)));
            if (p.latencyTest()) {
                a.add("-latencyTest");
            }
            if (!p.batching()) {
                a.addAll(List.of("-batchSize", "0"));
            }
        }
        a.addAll(CampaignEngines.arguments(p.engine()));
        if (p.isKeyed()) {
            a.addAll(List.of("-keyed", "-instances", Integer.toString(instances)));
        }
        if (p.bestEffort()) {
            a.add("-bestEffort");
        }
        if (p.compressed()) {
            // set on both sides, as seed 003's scripts do
            a.addAll(List.of("-compressionId", p.compression()));
        }
        a.addAll(extra);
        if (role != Role.SUB) {
            a.addAll(extraPub);
        }
        if (role != Role.PUB) {
            a.addAll(extraSub);
        }
        if (noOutputHeaders) {
            a.add("-noOutputHeaders");
        }
        return a;
    }

    /** The seed's {@code transport_string_pub/sub}. */
    private List<String> transport(String transport, Role role) {
        List<String> t = new ArrayList<>(List.of("-transport", transport));
        switch (transport) {
            case "UDPv4":
                addNic(t);
                if (peer != null) {
                    t.addAll(List.of("-peer", peer));
                }
                break;
            case "TCP":
                addNic(t);
                if (peer != null) {
                    t.addAll(List.of("-peer", "0@tcpv4_lan://" + peer + ":7400"));
                }
                break;
            case "TLS":
                addNic(t);
                if (peer != null) {
                    t.addAll(List.of("-peer", "tlsv4_lan://" + peer + ":7400"));
                }
                break;
            default:
                break;
        }
        return t;
    }

    private void addNic(List<String> t) {
        if (nic != null) {
            t.addAll(List.of("-nic", nic));
        }
    }
}
