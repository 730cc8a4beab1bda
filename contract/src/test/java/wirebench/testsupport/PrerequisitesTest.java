package wirebench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A missing prerequisite skips loudly on a developer machine and fails under wirebench.requireAll. */
@ResourceLock(Resources.SYSTEM_PROPERTIES)
class PrerequisitesTest {
    private String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(Prerequisites.REQUIRE_ALL);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(Prerequisites.REQUIRE_ALL);
        } else {
            System.setProperty(Prerequisites.REQUIRE_ALL, saved);
        }
    }

    @Test
    void shouldFailNamingWhatToInstallWhenAPrerequisiteIsMissingAndAllAreRequired() {
        System.setProperty(Prerequisites.REQUIRE_ALL, "true");

        assertThatThrownBy(() -> Prerequisites.requireCommand("wirebench-no-such-tool", "no-such-package"))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("missing prerequisite (wirebench.requireAll=true, a skip is a failure here): needs "
                        + "'wirebench-no-such-tool' (Debian package no-such-package); apt-get install no-such-package "
                        + "(bash .ci/setup installs it)");
    }

    @Test
    void shouldSkipNamingWhatToInstallWhenAPrerequisiteIsMissingOnADeveloperMachine() {
        System.setProperty(Prerequisites.REQUIRE_ALL, "false");

        assertThatThrownBy(() -> Prerequisites.requireExecutable(java.nio.file.Path.of("/no/such/chromium"), "chromium"))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("needs /no/such/chromium (Debian package chromium); apt-get install chromium");
    }

    @Test
    void shouldDoNothingWhenThePrerequisiteIsThere() {
        System.setProperty(Prerequisites.REQUIRE_ALL, "true");

        assertThatCode(() -> Prerequisites.requireCommand("sh", "dash")).doesNotThrowAnyException();
        assertThat(Prerequisites.which("sh")).endsWith("/sh");
    }
}
