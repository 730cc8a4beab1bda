package wirebench.runner.pubsub;

import java.nio.file.Path;
import java.util.List;

import wirebench.runner.compression.CompressionSettings;
import wirebench.runner.transport.Engine;
import wirebench.runner.transport.TransportSettings;
import wirebench.runner.transport.idle.Contention;

/**
 * A resolved pub/sub test configuration (every default applied, every rule checked).
 *
 * @param publisher         this process runs the publisher role
 * @param subscriber        this process runs a subscriber role
 * @param latencyTest       ping-pong test (else throughput test)
 * @param sizesBytes        data sizes in test order (-dataLen or -scan)
 * @param batchBytes        harness batch size per size (0 = off), same order as sizesBytes
 * @param domain            keeps concurrent runs apart (ports and stream ids derive from it)
 * @param keyed             samples carry an instance key
 * @param instances         number of instances written round robin
 * @param numIter           samples to send per size
 * @param executionTimeS    seconds per size, 0 = until numIter
 * @param latencyCount      batches between latency pings (throughput test)
 * @param pubRatePerS       samples per second, 0 = as fast as possible
 * @param pubRateSleep      pace by sleeping (else spinning)
 * @param numSubscribers    subscribers the publisher waits for
 * @param numPublishers     publishers the subscriber waits for
 * @param publisherId       -pidMultiPubTest
 * @param subscriberId      -sidMultiSubTest
 * @param discoveryTimeoutS how long to wait for the peers
 * @param transportName     the key column value (UDPv4, SHMEM, raw-UDPv4, ...)
 * @param engine            the engine that opens the transport
 * @param transport         where and how to send
 * @param compression       this side's -compressionId/-compressionLevel/-compressionThreshold
 * @param compressionExplicit a compression option or -loadDataFromFile was given (a subscriber then
 *                          checks the publisher's settings; rows of the compression family are written)
 * @param payload           -loadDataFromFile, or null (payload bytes stay zero)
 * @param sleepMs           -sleep: milliseconds to sleep after each sample sent (a batch: per sample in it), 0 = none
 * @param initialBurstSize  -initialBurstSize: warm-up round trips per size, 0 = the default
 * @param warmUpMs          throughput test: milliseconds of uncounted samples before each size's
 *                          measured window; latency test: of warm-up round trips (-warmUpMs,
 *                          resolved: 0 = none)
 * @param warmUpUntilQuiet  latency test: the warm-up ends early once the JIT compilers of both
 *                          sides are quiet ({@link JitActivity}); warmUpMs is then its limit
 * @param latencyFile       -latencyFile: where every latency sample goes, or null
 * @param output            where and how results are printed and written
 * @param calculatedRatePerS the samples/s -pubRatebps came to, 0 = not given (printed with the configuration)
 * @param idleGiven         -idleStrategy was given (run.json says so)
 * @param contention        the run's CPUs, spinning threads and load at start; the one mutable part:
 *                          the peer's CPUs are added when it is first heard from
 */
record PubSubConfig(boolean publisher, boolean subscriber, boolean latencyTest, List<Integer> sizesBytes,
        List<Integer> batchBytes, int domain, boolean keyed, int instances, long numIter, long executionTimeS,
        long latencyCount, long pubRatePerS, boolean pubRateSleep, int numSubscribers, int numPublishers,
        int publisherId, int subscriberId, long discoveryTimeoutS, String transportName, Engine engine, TransportSettings transport,
        CompressionSettings compression, boolean compressionExplicit, PayloadFile payload, long sleepMs,
        int initialBurstSize, long warmUpMs, boolean warmUpUntilQuiet, Path latencyFile, Output output, long calculatedRatePerS,
        boolean idleGiven, Contention contention) {

    /**
     * Printing and files.
     *
     * @param format         -outputFormat as given (csv, json, legacy, legacy2)
     * @param printIntervals not -noPrintIntervals
     * @param headers        not -noOutputHeaders
     * @param cpu            -cpu: the CPU usage column
     * @param outputFile     -outputFile, or null (stdout)
     * @param subOutputFile  -subOutputFile, or null
     * @param resultsDir     --out, or null (no results directory)
     */
    record Output(String format, boolean printIntervals, boolean headers, boolean cpu, Path outputFile,
            Path subOutputFile, Path resultsDir) {
    }

    String reliability() {
        return transport.reliable() ? "reliable" : "best_effort";
    }

    /** Warm-up round trips before each size (not recorded): -initialBurstSize, else at most 1000 and about 16 MiB. */
    int warmUpPings(int sizeBytes) {
        if (initialBurstSize > 0) {
            return initialBurstSize;
        }
        return (int) Math.max(1, Math.min(1000, (16L << 20) / sizeBytes));
    }
}
