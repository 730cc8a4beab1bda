package wirebench.runner.pubsub;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import wirebench.contract.WirebenchException;

/**
 * Perftest's abbreviated options on {@code wirebench run pubsub}: Perftest accepts any prefix of an
 * option name, case-insensitively, and the first option in its own key order that the prefix
 * matches wins ({@code IS_OPTION} = {@code strncasecmp(arg, option, strlen(arg))}, see
 * PERFTEST-FORMATS.md section 4): {@code -exec} is {@code -executionTime}, {@code -noPrint} is
 * {@code -noPrintIntervals}, {@code -latency} is {@code -latencyCount} (not {@code -latencyTest}).
 * A whole option name always means itself. Options only wirebench has come after Perftest's, in the
 * order the command declares them. An abbreviation of a Perftest option wirebench does not implement
 * is a usage error that names it.
 */
public final class PerftestAbbreviations {

    /** Perftest 4.3's options in ParameterManager::initialize order (PERFTEST-FORMATS.md section 4). */
    static final List<String> PERFTEST_ORDER = List.of(
            // general
            "-pub", "-sub", "-bestEffort", "-dataLen", "-verbosity", "-dynamicData", "-durability", "-domain",
            "-instances", "-keyed", "-noDirectCommunication", "-noPositiveAcks", "-noPrintIntervals", "-qosFile",
            "-qosLibrary", "-noXmlQos", "-useReadThread", "-waitsetDelayUsec", "-waitsetEventCount", "-asynchronous",
            "-messageSizeMax", "-flowController", "-cpu", "-unbounded", "-threadPriorities", "-threadCPUAffinity",
            "-outputFormat", "-noOutputHeaders", "-outputFile", "-flatData", "-preallocateFragmentedSamples",
            "-sendQueueSize", "-receiveQueueSize", "-receiveBufferSize", "-showResourceLimits", "-cacheStats",
            "-networkCapture", "-compressionId", "-compressionLevel", "-compressionThreshold", "-crc",
            "-enable-message-length", "-enableInstanceStateRecovery", "-enableMonitoring2", "-loaningSendReceive",
            "-fastQueue",
            // publisher
            "-batchSize", "-enableAutoThrottle", "-latencyCount", "-executionTime", "-initialBurstSize",
            "-latencyTest", "-numIter", "-numSubscribers", "-pidMultiPubTest", "-pubRate", "-pubRatebps",
            "-latencyFile", "-sleep", "-writerStats", "-lowResolutionClock", "-writeInstance",
            "-showSerializationTime", "-loadDataFromFile", "-maximumAllocableBufferSize", "-scan",
            // subscriber
            "-numPublishers", "-sidMultiSubTest", "-cft",
            // transport
            "-transport", "-nic", "-allowInterfaces", "-peer", "-multicast", "-multicastAddr",
            "-transportVerbosity", "-transportServerBindPort", "-transportWan", "-transportPublicAddress",
            "-transportHostPort", "-transportWanServerAddress", "-transportWanServerPort", "-transportWanId",
            "-transportSecureWan", "-transportCertAuthority", "-transportCertFile", "-transportPrivateKey",
            "-rawTransport", "-noBlockingSockets",
            // security
            "-secureGovernanceFile", "-securePermissionsFile", "-secureCertAuthority", "-secureCertFile",
            "-securePrivateKey", "-secureEncryptionAlgorithm", "-secureEnableAAD", "-secureLibrary",
            "-lightWeightSecurity", "-securePSK", "-securePSKAlgorithm", "-secureRtpsHmacOnly");

    private PerftestAbbreviations() {
    }

    /**
     * {@code args} (the arguments after {@code run pubsub}) with every abbreviated option written
     * out in full. Values of options that take one are left alone, as are {@code --} options.
     */
    public static String[] expand(String[] args, CommandSpec spec) {
        Map<String, OptionSpec> ours = new LinkedHashMap<>();
        for (OptionSpec o : spec.options()) {
            for (String name : o.names()) {
                ours.put(name.toLowerCase(Locale.ROOT), o);
            }
        }
        List<String> order = new ArrayList<>(PERFTEST_ORDER);
        for (OptionSpec o : spec.options()) {
            for (String name : o.names()) {
                if (!name.startsWith("--") && order.stream().noneMatch(name::equalsIgnoreCase)) {
                    order.add(name);
                }
            }
        }
        String[] out = args.clone();
        for (int i = 0; i < out.length; i++) {
            String arg = out[i];
            if (arg.length() < 2 || arg.charAt(0) != '-' || arg.startsWith("--")) {
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            OptionSpec option = ours.get(name.toLowerCase(Locale.ROOT));
            if (option == null) {
                String full = firstMatch(order, name);
                if (full == null) {
                    continue; // picocli reports the unknown option
                }
                option = ours.get(full.toLowerCase(Locale.ROOT));
                if (option == null) {
                    throw new WirebenchException(WirebenchException.USAGE, name + (full.equalsIgnoreCase(name)
                            ? ": a Perftest option wirebench does not implement"
                            : ": abbreviates Perftest's " + full + ", which wirebench does not implement")
                            + " (see docs/pubsub.md)");
                }
                out[i] = full + (eq < 0 ? "" : arg.substring(eq));
            }
            if (eq < 0 && option.arity().max() > 0 && !option.type().equals(boolean.class)) {
                i++; // its value, even when it starts with '-'
            }
        }
        return out;
    }

    private static String firstMatch(List<String> order, String prefix) {
        String p = prefix.toLowerCase(Locale.ROOT);
        for (String name : order) {
            if (name.toLowerCase(Locale.ROOT).startsWith(p)) {
                return name;
            }
        }
        return null;
    }
}
