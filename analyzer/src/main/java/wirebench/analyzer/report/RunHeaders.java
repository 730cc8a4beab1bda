package wirebench.analyzer.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The run headers (run.json) of the results directories among the inputs. */
final class RunHeaders {
    private RunHeaders() {
    }

    static List<Object> read(List<Path> inputs) {
        return new ArrayList<>();
    }
}
