package wirebench.runner.campaign;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Checks of the names a hosts file hands to ssh and to the roles' {@code -peer}/{@code -nic}, made
 * where they are read so that nothing reaches ssh that ssh would read as an option (a leading
 * {@code -}) or a shell would read as syntax: a host or user name holds letters, digits and
 * {@code . _ -} (a host also {@code : % [ ]} for IPv6 literals) and does not start with {@code -};
 * an {@code addr=} is an IPv4 or IPv6 literal or a host name that resolves here.
 */
final class HostNames {
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:%\\[\\]-]+");
    private static final Pattern USER = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Pattern DOTTED = Pattern.compile("[0-9.]+");
    private static final Pattern IPV4 = Pattern.compile(
            "((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])");
    private static final Pattern LABELS = Pattern.compile(
            "[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.?");

    private HostNames() {
    }

    /** Null when {@code name} can be given to ssh as a {@code what} (host, user), else what is wrong with it. */
    static String problem(String what, String name) {
        if (name.startsWith("-")) {
            return what + " '" + shown(name) + "' starts with '-' (ssh would read it as an option)";
        }
        Pattern allowed = what.equals("user") ? USER : HOST;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!allowed.matcher(String.valueOf(c)).matches()) {
                return what + " '" + shown(name) + "' holds " + character(c) + " (a " + what + " name holds letters,"
                        + " digits and " + (what.equals("user") ? ". _ -" : ". _ - : % [ ]") + ")";
            }
        }
        return null;
    }

    /** Null when {@code addr} is an IP address or a host name that resolves here, else what is wrong. */
    static String addressProblem(String addr) {
        if (DOTTED.matcher(addr).matches()) {
            return IPV4.matcher(addr).matches() ? null : "addr '" + addr + "' is not an IPv4 address (four numbers"
                    + " 0..255 separated by dots)";
        }
        if (addr.contains(":")) {
            String bare = addr.startsWith("[") && addr.endsWith("]") ? addr.substring(1, addr.length() - 1) : addr;
            return bare.matches("[0-9A-Fa-f:.%a-z]+") && resolves(bare) ? null
                    : "addr '" + shown(addr) + "' is not an IPv6 address";
        }
        if (!LABELS.matcher(addr).matches()) {
            int bad = 0;
            while (bad < addr.length() && (Character.isLetterOrDigit(addr.charAt(bad)) || ".-".indexOf(addr.charAt(bad))
                    >= 0)) {
                bad++;
            }
            return "addr '" + shown(addr) + "' is neither an IP address nor a host name" + (bad < addr.length()
                    ? " (it holds " + character(addr.charAt(bad)) + ")" : "");
        }
        return resolves(addr) ? null : "addr '" + addr + "' is a host name that does not resolve here";
    }

    private static boolean resolves(String name) {
        try {
            InetAddress.getByName(name);
            return true;
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }

    private static String character(char c) {
        return c < 0x20 || c == 0x7f || Character.isWhitespace(c)
                ? String.format(Locale.ROOT, "U+%04X", (int) c) : "'" + c + "'";
    }

    /** The name with control characters shown as U+XXXX (a NUL must not reach the terminal). */
    private static String shown(String name) {
        StringBuilder sb = new StringBuilder();
        for (char c : name.toCharArray()) {
            sb.append(c < 0x20 || c == 0x7f ? String.format(Locale.ROOT, "\\u%04X", (int) c) : String.valueOf(c));
        }
        return sb.toString();
    }
}
