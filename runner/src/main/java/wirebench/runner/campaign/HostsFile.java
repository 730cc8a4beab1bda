package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.contract.WirebenchException;

/**
 * The hosts of a multi-host campaign: a hosts file ({@code --hosts FILE}, one host per line) or
 * repeated {@code --host} options, both in the same syntax
 * {@code ROLE=[USER@]HOST [addr=ADDR] [dir=PATH] [java=PATH]} with ROLE {@code pub} (exactly one)
 * or {@code sub} (one or more). In a file {@code #} starts a comment line and blank lines are
 * ignored. Errors name the file and line (exit 3) or the option (exit 2), among them names ssh
 * could read as options or a shell as syntax and addresses that are none ({@link HostNames}). See
 * docs/multihost.md.
 */
final class HostsFile {
    private static final Pattern ENTRY = Pattern.compile("(pub|sub)\\s*=\\s*(?:([^@\\s]+)@)?([^@\\s]+)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern ATTRIBUTE = Pattern.compile("(addr|dir|java)=(\\S+)");
    static final String SYNTAX = "'ROLE=[USER@]HOST [addr=ADDR] [dir=PATH] [java=PATH]' with ROLE pub or sub";

    private HostsFile() {
    }

    /** The hosts of a file. */
    static List<RemoteHost> read(Path file) {
        List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot read the hosts file (" + e.getMessage() + ")");
        }
        List<String> entries = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String line = text.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                entries.add(line);
                origins.add(file + ":" + (i + 1));
            }
        }
        if (entries.isEmpty()) {
            throw WirebenchException.badInput(file + ": expected at least one line " + SYNTAX + ", got none");
        }
        return parse(entries, origins, WirebenchException.BAD_INPUT, file.toString());
    }

    /** The hosts of {@code --host} options. */
    static List<RemoteHost> options(List<String> specs) {
        List<String> origins = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            origins.add("--host " + specs.get(i));
        }
        return parse(specs, origins, WirebenchException.USAGE, "--host");
    }

    private static List<RemoteHost> parse(List<String> entries, List<String> origins, int exitCode, String where) {
        List<RemoteHost> hosts = new ArrayList<>();
        RemoteHost pub = null;
        int subs = 0;
        for (int i = 0; i < entries.size(); i++) {
            String origin = origins.get(i);
            String[] parts = entries.get(i).strip().replaceAll("\\s*=\\s*", "=").split("\\s+");
            Matcher m = ENTRY.matcher(parts[0]);
            if (!m.matches()) {
                throw new WirebenchException(exitCode, origin + ": expected " + SYNTAX + ", got '" + parts[0] + "'");
            }
            boolean isPub = m.group(1).toLowerCase(Locale.ROOT).equals("pub");
            String addr = null;
            String dir = null;
            String java = null;
            for (int k = 1; k < parts.length; k++) {
                Matcher a = ATTRIBUTE.matcher(parts[k]);
                if (!a.matches()) {
                    throw new WirebenchException(exitCode, origin + ": expected addr=ADDR, dir=PATH or java=PATH, got '"
                            + parts[k] + "'");
                }
                switch (a.group(1)) {
                    case "addr" -> addr = a.group(2);
                    case "dir" -> dir = a.group(2);
                    default -> java = a.group(2);
                }
            }
            String problem = HostNames.problem("host", m.group(3));
            if (problem == null && m.group(2) != null) {
                problem = HostNames.problem("user", m.group(2));
            }
            if (problem == null && addr != null) {
                problem = HostNames.addressProblem(addr);
            }
            if (problem != null) {
                throw new WirebenchException(exitCode, origin + ": " + problem);
            }
            if (isPub && pub != null) {
                throw new WirebenchException(exitCode, origin + ": a second publisher (the first is " + pub.label()
                        + "); a campaign has one publisher and one or more subscribers");
            }
            RemoteHost h = new RemoteHost(isPub ? "pub" : "sub" + (subs + 1), isPub, m.group(2), m.group(3), addr, dir,
                    java, isPub ? -1 : subs, null);
            if (isPub) {
                pub = h;
            } else {
                subs++;
            }
            hosts.add(h);
        }
        if (pub == null || subs == 0) {
            throw new WirebenchException(exitCode, where + ": expected one pub= host and at least one sub= host, got "
                    + (pub == null ? "no publisher" : "no subscriber"));
        }
        // the publisher first: it is started last and ends each test
        List<RemoteHost> ordered = new ArrayList<>(List.of(pub));
        hosts.stream().filter(h -> !h.publisher()).forEach(ordered::add);
        return ordered;
    }
}
