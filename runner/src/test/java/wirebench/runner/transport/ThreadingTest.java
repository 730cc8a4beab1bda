package wirebench.runner.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The Aeron threading default by core count, and the command line's overrides. */
class ThreadingTest {

    @Test
    void shouldRunNoDriverThreadOnSmallMachines() {
        for (int cores = 1; cores <= 3; cores++) {
            Threading t = Threading.forCores(cores);
            assertThat(t.mode()).isEqualTo("INVOKER");
            assertThat(t.idle()).as("measured, not guessed from the core count").isEqualTo("auto");
            assertThat(t.reason()).startsWith(cores + " cores");
        }
    }

    @Test
    void shouldGiveTheDriverThreadsOfItsOwnOnLargerMachines() {
        assertThat(Threading.forCores(4).mode()).isEqualTo("SHARED_NETWORK");
        assertThat(Threading.forCores(7).mode()).isEqualTo("SHARED_NETWORK");
        assertThat(Threading.forCores(8).mode()).isEqualTo("DEDICATED");
        assertThat(Threading.forCores(8).idle()).isEqualTo("auto");
    }

    @Test
    void shouldSayWhenTheCommandLineChoseTheMode() {
        Threading t = Threading.forCores(2).override("shared", null);

        assertThat(t.mode()).isEqualTo("SHARED");
        assertThat(t.idle()).as("auto's candidates all stop spinning within 300 us").isEqualTo("auto");
        assertThat(t.reason()).isEqualTo("set on the command line");
        assertThat(Threading.forCores(2).override(null, null)).isEqualTo(Threading.forCores(2));
        assertThat(Threading.forCores(2).override("SHARED", "spin").idle()).isEqualTo("spin");
        assertThat(Threading.forCores(2).override(null, "Yield").idle()).isEqualTo("yield");
    }
}
