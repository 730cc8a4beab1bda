package wirebench.analyzer.cli;

import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.analyzer.WirebenchException;

/** Base of commands that are planned but not built yet: they say so and exit 2. */
abstract class NotYetCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Whatever the user passed: the command does not exist yet, so its options cannot be wrong. */
    @Unmatched
    List<String> arguments;

    @Override
    public Integer call() {
        throw new WirebenchException(WirebenchException.USAGE, "wirebench " + spec.name()
                + ": not available yet in this version (see README.md, 'What exists')");
    }
}
