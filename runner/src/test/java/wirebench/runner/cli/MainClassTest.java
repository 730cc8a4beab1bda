package wirebench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import wirebench.runner.RunnerMain;

class MainClassTest {

    @Test
    void shouldNameTheRunnersEntryPointWhenAChildJvmIsStarted() {
        assertThat(MainClass.NAME).isEqualTo(RunnerMain.class.getName());
    }
}
