package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The keys of a Perftest row from the command lines that ran it; the batch as Perftest 4.3 decides
 * it ({@code RTIDDSImpl::data_size_related_calculations} of rticommunity/rtiperftest tag 4.3).
 */
class PerftestKeysTest {

    private static List<String> args(String line) {
        return List.of(line.split(" "));
    }

    @Test
    void shouldTakeEveryKeyFromTheCommandLineWhenExtraArgumentsOverrideTheCampaign() {
        List<String> pub = args("-domain 1 -dataLen 1024 -pub -transport UDPv4 -noPrintIntervals -executionTime 20"
                + " -compressionId LZ4 -bestEffort -keyed -instances 8 -compressionId ZLIB -batchSize 4096");

        Map<String, Object> keys = PerftestKeys.of(pub, pub, 1024, 2);

        assertThat(keys).containsExactly(Map.entry("transport", "UDPv4"), Map.entry("reliability", "best_effort"),
                Map.entry("keyed", "keyed"), Map.entry("instances", 8), Map.entry("batch_bytes", 4096),
                Map.entry("compression", "ZLIB"), Map.entry("size_bytes", 1024), Map.entry("repetition", 2));
    }

    @Test
    void shouldUseTheDefaultBatchUntilItHoldsFewerThanTwoSamplesWhenNoBatchSizeIsGiven() {
        List<String> pub = args("-pub -transport UDPv4");

        assertThat(PerftestKeys.batchBytes(pub, 4096)).isEqualTo(8192);
        assertThat(PerftestKeys.batchBytes(pub, 4097)).isZero();
    }

    @Test
    void shouldTurnBatchingOffWhenPerftestWouldWhateverBatchSizeSays() {
        assertThat(PerftestKeys.batchBytes(args("-pub -latencyTest"), 32)).isZero();
        assertThat(PerftestKeys.batchBytes(args("-pub -flatData"), 32)).isZero();
        assertThat(PerftestKeys.batchBytes(args("-pub -zeroCopy -batchSize 65536"), 32)).isZero();
        assertThat(PerftestKeys.batchBytes(args("-pub -pubRate 1000:sleep -batchSize 65536"), 32)).isZero();
        assertThat(PerftestKeys.batchBytes(args("-pub -batchSize 100"), 64)).isZero();
        assertThat(PerftestKeys.batchBytes(args("-pub -BATCHSIZE 0"), 32)).isZero();
    }

    @Test
    void shouldKeepTheDefaultBatchWhenPubRateComesWithoutBatchSize() {
        assertThat(PerftestKeys.batchBytes(args("-pub -pubRate 1000:sleep"), 32)).isEqualTo(8192);
        assertThat(PerftestKeys.batchBytes(args("-pub -batchSize 128"), 64)).isEqualTo(128);
    }
}
