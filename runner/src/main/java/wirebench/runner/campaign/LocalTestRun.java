package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import wirebench.contract.perftest.PerftestSummaries;
import wirebench.runner.campaign.CampaignRunner.Child;
import wirebench.runner.campaign.CommandLines.Role;

/**
 * Runs one test's processes on this host: starts them (stdout to a temporary file, stderr to the
 * test's log), waits for them within the test timeout (the publisher, started last, ends the test;
 * the subscriber ends after its FINISHED), stops what is left with its whole process tree, and
 * checks that each printed the summary its role owes, read by {@link PerftestSummaries}. An
 * output that cannot be placed (a latency in no known unit, a row of no Perftest shape, a printer
 * other than the one whose output the seed file holds) is refused (exit 3, file:line; the file is kept).
 */
final class LocalTestRun {
    private final long timeoutS;
    private final CampaignInterruption interruption;
    private final Function<Child, String> roleName;

    LocalTestRun(long timeoutS, CampaignInterruption interruption, Function<Child, String> roleName) {
        this.timeoutS = timeoutS;
        this.interruption = interruption;
        this.roleName = roleName;
    }

    /** Runs the test's processes; null when all ended well and printed a summary, else why not. */
    String execute(TestPoint p, List<Child> cs) {
        List<Process> procs = new ArrayList<>();
        try {
            for (Child c : cs) {
                Files.createDirectories(c.log().getParent());
                Files.writeString(c.log(), "$ " + String.join(" ", c.command()) + "\n", StandardCharsets.UTF_8);
                ProcessBuilder pb = new ProcessBuilder(c.command()).redirectOutput(c.stdout().toFile())
                        .redirectError(ProcessBuilder.Redirect.appendTo(c.log().toFile()));
                pb.environment().put("WIREBENCH_NO_BUILD", "1");
                Process proc = interruption.start(pb::start);
                if (proc == null) {
                    return "interrupted";
                }
                procs.add(proc);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutS);
            // the publisher (last started) ends the test; the subscriber ends after its FINISHED
            for (int i = cs.size() - 1; i >= 0; i--) {
                Child c = cs.get(i);
                Process proc = procs.get(i);
                long left = deadline - System.nanoTime();
                if (!proc.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                    return roleName.apply(c) + " did not end within --test-timeout " + timeoutS + " s (killed); "
                            + CampaignRunner.tail(c.log());
                }
                int code = proc.exitValue();
                if (code != 0) {
                    return roleName.apply(c) + " " + CampaignRunner.exitText(code) + "; " + CampaignRunner.tail(c.log());
                }
            }
            return summaries(p, cs);
        } catch (IOException e) {
            return "cannot run " + cs.get(0).command().get(0) + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            ProcessTrees.stop(procs.stream().filter(Process::isAlive).toList(), 0);
            interruption.ended(procs);
        }
    }

    /** Null when every process printed the summary its role owes, else which did not. */
    private String summaries(TestPoint p, List<Child> cs) throws IOException {
        for (Child c : cs) {
            PerftestSummaries r = PerftestSummaries.read(c.seedFile(), c.stdout());
            boolean latency = c.role() == Role.PUB || c.role() == Role.BOTH && p.latencyTest();
            if (c.role() != Role.BOTH || latency) {
                if ((latency ? r.latency() : r.throughput()).isEmpty()) {
                    return roleName.apply(c) + " ended without printing a " + (latency ? "latency" : "throughput")
                            + " summary row on stdout; " + CampaignRunner.tail(c.log());
                }
            }
            if (c.subStdout() != null && (!Files.exists(c.subStdout())
                    || PerftestSummaries.read(c.subSeedFile(), c.subStdout()).throughput().isEmpty())) {
                return roleName.apply(c) + " ended without printing the subscriber's throughput summary row to "
                        + c.subStdout() + "; " + CampaignRunner.tail(c.log());
            }
        }
        return null;
    }
}
