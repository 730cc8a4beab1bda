package wirebench.runner.campaign;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import wirebench.runner.campaign.CampaignRunner.Child;
import wirebench.runner.campaign.CommandLines.Role;
import wirebench.runner.cli.JavaOptions;
import wirebench.runner.cli.MainClass;

/**
 * The processes of one test on this host and their files: {@code wirebench run pubsub} in a child
 * JVM (one process, or one with {@code -bothRoles}), or the Perftest executable (with
 * {@code --role both}, a subscriber and a publisher process); each with its command line, its
 * seed-named Perftest file under {@code perftest/}, its stdout capture and results directory under
 * {@code tmp/}, and its log under {@code logs/}.
 */
final class LocalChildren {
    private final Path out;
    private final CommandLines lines;
    private final Role role;
    private final String executable;
    private final String fileSuffix;

    /** {@code executable} null: wirebench's own runner. */
    LocalChildren(Path out, CommandLines lines, Role role, String executable, String fileSuffix) {
        this.out = out;
        this.lines = lines;
        this.role = role;
        this.executable = executable;
        this.fileSuffix = fileSuffix;
    }

    /**
     * The processes of test {@code p}, subscriber first; {@code hasOutput} tells whether a seed file
     * already holds a run (then Perftest prints no headers again).
     */
    List<Child> of(TestPoint p, Predicate<Path> hasOutput) {
        List<Role> roles = new ArrayList<>();
        if (role == Role.BOTH && executable != null) {
            roles.add(Role.SUB);
            roles.add(Role.PUB);
        } else {
            roles.add(role);
        }
        List<Child> cs = new ArrayList<>();
        Path tmp = out.resolve("tmp");
        for (Role r : roles) {
            String roleName = r == Role.SUB ? "sub" : "pub";
            Path seed = out.resolve("perftest").resolve(p.outputFolder()).resolve(p.fileName(roleName, fileSuffix));
            List<String> args = new ArrayList<>(lines.arguments(p, r, hasOutput.test(seed)));
            String tag = p.index() + "-" + p.id() + "-" + r.name().toLowerCase(Locale.ROOT);
            Path subSeed = null;
            Path subStdout = null;
            if (r == Role.BOTH) {
                // the subscriber prints to its own file, as a second process would
                subSeed = out.resolve("perftest").resolve(p.outputFolder()).resolve(p.fileName("sub", fileSuffix));
                subStdout = tmp.resolve(tag + "-sub.out");
                args.addAll(List.of("-subOutputFile", subStdout.toString()));
            }
            Path results = executable == null ? tmp.resolve(tag + "-results") : null;
            List<String> cmd = new ArrayList<>();
            String shown;
            if (executable == null) {
                cmd.addAll(javaCommand());
                cmd.addAll(args);
                cmd.addAll(List.of("--out", results.toString()));
                shown = "wirebench run pubsub " + String.join(" ", args);
            } else {
                cmd.add(executable);
                cmd.addAll(args);
                shown = executable + " " + String.join(" ", args);
            }
            cs.add(new Child(r, cmd, shown, seed, tmp.resolve(tag + ".out"), out.resolve("logs").resolve(tag + ".log"),
                    results, subSeed, subStdout, args, null, null));
        }
        return cs;
    }

    /**
     * This JVM's java running {@code wirebench run pubsub} with the flags Aeron needs on Java 17 and
     * the extra options of {@link JavaOptions} (WIREBENCH_JAVA_OPTS, as the launcher's own JVM).
     */
    static List<String> javaCommand() {
        List<String> c = new ArrayList<>();
        c.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        c.addAll(List.of("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens",
                "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED"));
        c.addAll(JavaOptions.fromEnvironment());
        c.addAll(List.of("-Dfile.encoding=UTF-8", "-Dwirebench.git=" + System.getProperty("wirebench.git", ""), "-cp",
                System.getProperty("java.class.path"), MainClass.NAME, "run", "pubsub"));
        return c;
    }
}
