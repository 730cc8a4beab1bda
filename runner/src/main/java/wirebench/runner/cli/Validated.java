package wirebench.runner.cli;

/**
 * A command whose options can be checked without running anything: {@link #validate()} throws a
 * usage (exit 2) or bad-input (exit 3) {@link wirebench.contract.WirebenchException} for a value it
 * refuses, and is the first thing the command's {@code call()} does. Tests walk every numeric
 * option of every command through it.
 */
public interface Validated {
    /** Checks the parsed options; returns normally when the command may run with them. */
    void validate();
}
