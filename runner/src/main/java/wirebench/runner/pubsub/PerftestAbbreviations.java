package wirebench.runner.pubsub;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import wirebench.contract.WirebenchException;

/**
 * Perftest's abbreviated options on {@code wirebench run pubsub}: Perftest accepts any prefix of an
 * option name, case-insensitively, and the first option in its own key order that the prefix
 * matches wins ({@code IS_OPTION} = {@code strncasecmp(arg, option, strlen(arg))}, see
 * PERFTEST-FORMATS.md section 4): {@code -exec} is {@code -executionTime}, {@code -noPrint} is
 * {@code -noPrintIntervals}, {@code -latency} is {@code -latencyCount} (not {@code -latencyTest}).
 * A whole option name always means itself. Options only wirebench has come after Perftest's, in the
 * order the command declares them. An abbreviation of a Perftest option wirebench does not implement
 * is a usage error that names it.
 */
public final class PerftestAbbreviations {

    /** Perftest 4.x's options in ParameterManager::initialize order ({@link PerftestOptions}). */
    static final List<String> PERFTEST_ORDER = PerftestOptions.names();

    private PerftestAbbreviations() {
    }

    /**
     * {@code args} (the arguments after {@code run pubsub}) with every abbreviated option written
     * out in full. Values of options that take one are left alone, as are {@code --} options.
     */
    public static String[] expand(String[] args, CommandSpec spec) {
        return expand(args, spec, note -> { });
    }

    /**
     * As {@link #expand(String[], CommandSpec)}; options wirebench ignores ({@link PerftestOptions})
     * are removed with their values and {@code notes} gets one line for each; a refused one is a usage
     * error naming the wirebench way.
     */
    public static String[] expand(String[] args, CommandSpec spec, java.util.function.Consumer<String> notes) {
        Map<String, OptionSpec> ours = new LinkedHashMap<>();
        for (OptionSpec o : spec.options()) {
            for (String name : o.names()) {
                ours.put(name.toLowerCase(Locale.ROOT), o);
            }
        }
        List<String> order = new ArrayList<>(PERFTEST_ORDER);
        for (OptionSpec o : spec.options()) {
            for (String name : o.names()) {
                if (!name.startsWith("--") && order.stream().noneMatch(name::equalsIgnoreCase)) {
                    order.add(name);
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.length() < 2 || arg.charAt(0) != '-' || arg.startsWith("--")) {
                out.add(arg);
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            OptionSpec option = ours.get(name.toLowerCase(Locale.ROOT));
            if (option == null) {
                PerftestOptions.Option exact = PerftestOptions.byName(name);
                String full = exact != null ? exact.name() : firstMatch(order, name);
                if (full == null) {
                    out.add(arg); // picocli reports the unknown option
                    continue;
                }
                PerftestOptions.Option perftest = PerftestOptions.byName(full);
                option = ours.get(full.toLowerCase(Locale.ROOT));
                if (option == null && perftest != null && perftest.behaviour() == PerftestOptions.Behaviour.IGNORED) {
                    notes.accept(PerftestOptions.ignoredLine(perftest));
                    boolean takesValue = perftest.arity() == PerftestOptions.Arity.ONE
                            || perftest.arity() == PerftestOptions.Arity.OPTIONAL && i + 1 < args.length
                            && !args[i + 1].startsWith("-");
                    if (eq < 0 && takesValue) {
                        i++;
                    }
                    continue;
                }
                if (option == null) {
                    throw new WirebenchException(WirebenchException.USAGE, perftest != null
                            && perftest.behaviour() == PerftestOptions.Behaviour.REFUSED
                            ? PerftestOptions.refusedLine(perftest, name)
                            : name + ": abbreviates " + full + ", which wirebench does not implement (see docs/pubsub.md)");
                }
                arg = full + (eq < 0 ? "" : arg.substring(eq));
            }
            out.add(arg);
            if (eq < 0 && option.arity().max() > 0 && !option.type().equals(boolean.class) && i + 1 < args.length) {
                out.add(args[++i]); // its value, even when it starts with '-'
            }
        }
        return out.toArray(new String[0]);
    }

    private static String firstMatch(List<String> order, String prefix) {
        String p = prefix.toLowerCase(Locale.ROOT);
        for (String name : order) {
            if (name.toLowerCase(Locale.ROOT).startsWith(p)) {
                return name;
            }
        }
        return null;
    }
}
