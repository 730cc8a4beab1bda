package wirebench.contract;

import java.io.PrintWriter;
import java.util.List;
import java.util.function.BooleanSupplier;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What every wirebench command (runner and analyzer) does with a command line picocli cannot
 * parse (unknown option, missing or ill-typed parameter): one line on stderr,
 * {@code wirebench <command>: <what was wrong>; see --help}, and exit code
 * {@link WirebenchException#USAGE} (2), instead of picocli's whole usage text. With {@code -v} or
 * {@code --verbose} among the arguments the stack trace follows. And what every command does with an
 * exception its run throws ({@link #install(CommandLine, BooleanSupplier)}).
 */
public final class CommandLineErrors implements IParameterExceptionHandler {

    /**
     * Installs the one-line parse errors on {@code root} and its whole command tree, and
     * {@link VersionProvider} on every command, so {@code --version} works wherever it is offered.
     * Call after the subcommands are added.
     */
    public static void install(CommandLine root) {
        root.setParameterExceptionHandler(new CommandLineErrors());
        setVersion(root);
    }

    /**
     * {@link #install(CommandLine)}, and the one handler of exceptions a command's run throws: a
     * {@link WirebenchException} prints its message and exits with its code; anything else is an
     * internal error (exit {@link #INTERNAL_ERROR}) printed on one line. The stack trace follows
     * with {@code -v}/{@code --verbose} among the arguments or {@code verbose} true.
     */
    public static void install(CommandLine root, BooleanSupplier verbose) {
        install(root);
        root.setExecutionExceptionHandler(executionHandler(verbose));
    }

    /** Exit code of an internal error (a bug): an exception that is no {@link WirebenchException}. */
    public static final int INTERNAL_ERROR = 1;

    static IExecutionExceptionHandler executionHandler(BooleanSupplier verboseOption) {
        return (ex, cmd, parseResult) -> {
            boolean verbose = verboseOption.getAsBoolean() || parseResult.originalArgs().contains("-v")
                    || parseResult.originalArgs().contains("--verbose");
            PrintWriter err = cmd.getErr();
            int code;
            if (ex instanceof WirebenchException) {
                err.println(ex.getMessage());
                code = ((WirebenchException) ex).exitCode();
            } else {
                err.println("wirebench: internal error: " + ex + (verbose ? "" : " (run with -v for details)"));
                code = INTERNAL_ERROR;
            }
            if (verbose) {
                ex.printStackTrace(err);
            }
            err.flush();
            return code;
        };
    }

    private static void setVersion(CommandLine cl) {
        cl.getCommandSpec().versionProvider(new VersionProvider());
        cl.getSubcommands().values().forEach(CommandLineErrors::setVersion);
    }

    /** The one line for {@code ex}: the command's full name, picocli's message, a pointer to --help. */
    public static String line(ParameterException ex) {
        String message = oneLine(ex.getMessage());
        List<String> unmatched = ex.getCommandLine().getUnmatchedArguments();
        if (!(ex instanceof UnmatchedArgumentException) && !unmatched.isEmpty()) {
            // picocli checks required parameters before it complains of an unknown option; the
            // unknown option is the likelier mistake (a typo that left the parameter unset)
            message = oneLine(new UnmatchedArgumentException(ex.getCommandLine(), unmatched).getMessage())
                    + " (also: " + message + ")";
        } else if (ex instanceof UnmatchedArgumentException) {
            List<String> suggestions = ((UnmatchedArgumentException) ex).getSuggestions();
            if (!suggestions.isEmpty()) {
                message += " (did you mean " + String.join(" or ", suggestions.subList(0,
                        Math.min(3, suggestions.size()))) + "?)";
            }
        }
        return ex.getCommandLine().getCommandSpec().qualifiedName() + ": " + message + "; see --help";
    }

    private static String oneLine(String message) {
        return String.valueOf(message).strip().replaceAll("\\s*[\\r\\n]+\\s*", "; ");
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        PrintWriter err = ex.getCommandLine().getErr();
        err.println(line(ex));
        if (List.of(args).contains("-v") || List.of(args).contains("--verbose")) {
            ex.printStackTrace(err);
        }
        err.flush();
        return WirebenchException.USAGE;
    }
}
