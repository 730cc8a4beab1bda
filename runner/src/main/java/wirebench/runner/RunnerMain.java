package wirebench.runner;

import java.io.PrintWriter;
import java.util.Arrays;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import wirebench.contract.VersionProvider;
import wirebench.contract.WirebenchException;
import wirebench.contract.WirebenchMain;
import wirebench.runner.campaign.CampaignCommand;
import wirebench.runner.pubsub.PerftestAbbreviations;

/** Entry point of the runner half: {@code wirebench run ...} and {@code wirebench campaign ...}. */
@Command(name = "wirebench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Runs messaging benchmarks and writes results directories.",
        subcommands = {RunCommand.class, CampaignCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:benchmark failed (peer missing, timeout) or internal error",
                "2:usage error (bad option or command)", "3:bad input or configuration",
                "5:run ended early (a subscriber's publisher lost): the rows measured are written, marked partial"
                        + " (end_reason)"})
public final class RunnerMain extends WirebenchMain {

    public static void main(String[] args) {
        int code = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        System.exit(code);
    }

    /** Runs a command line with the given streams and returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("run") && args[i + 1].equalsIgnoreCase("pubsub")) {
                CommandLine pubsub = cl.getSubcommands().get("run").getSubcommands().get("pubsub");
                String[] rest = Arrays.copyOfRange(args, i + 2, args.length);
                try {
                    rest = PerftestAbbreviations.expand(rest, pubsub.getCommandSpec(), err::println);
                } catch (WirebenchException e) {
                    err.println(e.getMessage());
                    err.flush();
                    return e.exitCode();
                }
                String[] all = Arrays.copyOf(args, i + 2 + rest.length);
                System.arraycopy(rest, 0, all, i + 2, rest.length);
                args = all;
                break;
            }
            if (!args[i].startsWith("-")) {
                break; // another command
            }
        }
        return cl.execute(args);
    }

    /** The configured command line, with wirebench's error handling installed. */
    public static CommandLine commandLine() {
        CommandLine cl = configured(new RunnerMain());
        cl.getSubcommands().get("run").getSubcommands().get("pubsub").setOptionsCaseInsensitive(true);
        return cl;
    }
}
