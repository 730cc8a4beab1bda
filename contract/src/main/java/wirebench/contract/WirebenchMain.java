package wirebench.contract;

import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * What the two entry points ({@code wirebench} of the runner and of the analyzer) share: the
 * {@code -v/--verbose} option every subcommand inherits, the internal error's exit code, and a
 * command line configured the same way (enum values in any case, {@link CommandLineErrors}).
 */
public abstract class WirebenchMain {

    /** Exit code when an internal error (a bug) occurs. */
    public static final int INTERNAL_ERROR = CommandLineErrors.INTERNAL_ERROR;

    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Print stack traces of errors (for bug reports).")
    boolean verbose;

    /** The command line of {@code main}, with wirebench's error handling installed. */
    protected static CommandLine configured(WirebenchMain main) {
        CommandLine cl = new CommandLine(main);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        CommandLineErrors.install(cl, () -> main.verbose);
        return cl;
    }
}
