package wirebench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JavaOptionsTest {

    @Test
    void shouldSplitAtWhiteSpaceWhenSeveralOptionsAreGiven() {
        assertThat(JavaOptions.parse("  -Xmx256m\t-XX:+UseSerialGC \n -Dx=1 ")).containsExactly("-Xmx256m",
                "-XX:+UseSerialGC", "-Dx=1");
    }

    @Test
    void shouldGiveNoOptionWhenTheVariableIsUnsetOrBlank() {
        assertThat(JavaOptions.parse(null)).isEmpty();
        assertThat(JavaOptions.parse(" \t")).isEmpty();
    }
}
