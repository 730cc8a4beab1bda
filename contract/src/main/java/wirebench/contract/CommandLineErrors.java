package wirebench.contract;

import java.io.PrintWriter;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What every wirebench command (runner and analyzer) does with a command line picocli cannot
 * parse (unknown option, missing or ill-typed parameter): one line on stderr,
 * {@code wirebench <command>: <what was wrong>; see --help}, and exit code
 * {@link WirebenchException#USAGE} (2), instead of picocli's whole usage text. With {@code -v} or
 * {@code --verbose} among the arguments the stack trace follows.
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
