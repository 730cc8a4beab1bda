package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

import wirebench.contract.WirebenchException;

/** The campaign's state file: one finished test id a line, appended as each test is committed. */
final class StateFile {
    static final String NAME = "campaign-state.txt";

    private StateFile() {
    }

    /** The ids of the finished tests (empty when there is no state file yet). */
    static Set<String> read(Path state) {
        if (!Files.exists(state)) {
            return Set.of();
        }
        try {
            Set<String> s = new HashSet<>();
            for (String l : Files.readAllLines(state, StandardCharsets.UTF_8)) {
                if (!l.isBlank()) {
                    s.add(l.strip());
                }
            }
            return s;
        } catch (IOException e) {
            throw WirebenchException.badInput(state + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** Records {@code id} as finished (part of a commit: the caller's CommitLog undoes it on failure). */
    static void append(Path state, String id) throws IOException {
        Files.writeString(state, id + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
