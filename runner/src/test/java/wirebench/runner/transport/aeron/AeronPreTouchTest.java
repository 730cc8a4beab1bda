package wirebench.runner.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import wirebench.runner.transport.Threading;
import wirebench.runner.transport.Topic;
import wirebench.runner.transport.TransportSettings;

/**
 * The client maps every log with its pages touched (Aeron's {@code preTouchMappedMemory}): a
 * publication's log is resident in this process as soon as it is opened, so its first pass inside a
 * timed run does not fault page by page (issue 25; docs/pubsub.md). Read from the kernel's own
 * account of this process's mappings, {@code /proc/self/smaps}.
 */
class AeronPreTouchTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldHoldTheWholeLogResidentWhenAPublicationOpens() throws IOException {
        // 1 MiB messages: 8 MiB terms, a 24 MiB log (sparse file: untouched pages are not resident)
        int maxBytes = 1 << 20;
        TransportSettings s = new TransportSettings(TransportSettings.Kind.AERON_IPC, true, false, null, null, null,
                List.of(), List.of(), 0, 0, 1234, 1235, maxBytes, true,
                new Threading("INVOKER", "spinyield", "test"), null, 0, null);
        try (AeronTransport t = new AeronTransport(s)) {
            assertEquals(true, t.describe().get("pre_touch_mapped_memory"));
            t.openSender(Topic.DATA);
            int term = AeronFraming.termLengthFor(maxBytes);
            long residentKb = largestLogResidentKb();
            // three terms; without the touch only the pages written so far (the metadata) are resident
            assertTrue(residentKb * 1024 >= 3L * term, "largest .logbuffer mapping resident " + residentKb
                    + " KiB, expected at least 3 terms of " + term + " bytes");
        }
    }

    /** The largest Rss of a mapping of an Aeron {@code .logbuffer} file in this process, in KiB. */
    private static long largestLogResidentKb() throws IOException {
        long best = 0;
        boolean inLog = false;
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 5 && f[0].contains("-") && f[0].indexOf(':') < 0) {
                inLog = f[f.length - 1].endsWith(".logbuffer");
            } else if (inLog && f[0].equals("Rss:")) {
                best = Math.max(best, Long.parseLong(f[1]));
            }
        }
        return best;
    }
}
