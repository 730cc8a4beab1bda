package wirebench.runner.transport.tcp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

import wirebench.contract.WirebenchException;

/**
 * The certificate a TLS run uses when none is given: one EC P-256 pair per user, made on first use
 * with the running JDK's {@code keytool} and kept in {@code ~/.wirebench/tls/} ({@code cert.pem},
 * {@code key.pem} in PKCS#8; the directory readable by its owner only). Both sides of a run on one
 * host (or on hosts sharing the home directory, or given a copy of it) present the same certificate
 * and accept only that one, so peers authenticate each other and a stranger's certificate is refused
 * at the handshake. Two processes making it at once do not mix halves of two pairs: the pair is made
 * in a directory of its own, renamed into place, and the one that lost the race reads the winner's.
 */
final class UserCertificate {
    /** The certificate file in {@link #directory()}. */
    static final String CERT = "cert.pem";
    /** Its PKCS#8 key file. */
    static final String KEY = "key.pem";

    private UserCertificate() {
    }

    /** Where this user's pair lives: {@code ~/.wirebench/tls}. */
    static Path directory() {
        return Path.of(System.getProperty("user.home"), ".wirebench", "tls");
    }

    /** The pair's directory, made first when missing; a failure is bad input naming the directory (exit 3). */
    static Path ensure() {
        Path dir = directory();
        if (complete(dir)) {
            return dir;
        }
        Path staging = null;
        try {
            Files.createDirectories(dir.getParent());
            staging = Files.createTempDirectory(dir.getParent(), "tls-new-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            make(staging);
            try {
                Files.move(staging, dir, StandardCopyOption.ATOMIC_MOVE);
                staging = null;
            } catch (IOException lost) {
                if (!complete(dir)) { // else another process made the pair first: use that one
                    throw lost;
                }
            }
        } catch (IOException | GeneralSecurityException | UnsupportedOperationException e) {
            throw WirebenchException.badInput("TLS: cannot keep this user's certificate in " + dir + " (" + e.getMessage()
                    + "); give -transportCertFile and -transportPrivateKey");
        } finally {
            deleteQuietly(staging);
        }
        if (!complete(dir)) {
            throw WirebenchException.badInput("TLS: " + dir + " holds no " + CERT + " and " + KEY + " (remove the"
                    + " directory to have them made again, or give -transportCertFile and -transportPrivateKey)");
        }
        return dir;
    }

    private static boolean complete(Path dir) {
        return Files.isRegularFile(dir.resolve(CERT)) && Files.isRegularFile(dir.resolve(KEY));
    }

    /** A fresh self-signed pair as {@link #CERT} and {@link #KEY} in {@code dir}. */
    private static void make(Path dir) throws IOException, GeneralSecurityException {
        char[] pass = Long.toHexString(new SecureRandom().nextLong()).toCharArray();
        Path store = dir.resolve("pair.p12");
        Path log = dir.resolve("keytool.log");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        try {
            Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "wirebench", "-keyalg", "EC",
                    "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA", "-dname", "CN=wirebench", "-validity",
                    "3650", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", new String(pass),
                    "-keypass", new String(pass)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException(keytool + " failed: " + Files.readString(log, StandardCharsets.UTF_8).strip());
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                ks.load(in, pass);
            }
            Key key = ks.getKey("wirebench", pass);
            Files.writeString(dir.resolve(KEY), pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
            Files.setPosixFilePermissions(dir.resolve(KEY), PosixFilePermissions.fromString("rw-------"));
            Files.writeString(dir.resolve(CERT), pem("CERTIFICATE", ks.getCertificate("wirebench").getEncoded()),
                    StandardCharsets.US_ASCII);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while generating a key pair", e);
        } finally {
            Files.deleteIfExists(store);
            Files.deleteIfExists(log);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var s = Files.list(dir)) {
            for (Path f : s.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a staging directory left behind holds nothing that is used
        }
    }

    /** For messages: the directory with {@code ~} for the home directory. */
    static String shown() {
        String home = System.getProperty("user.home");
        String d = directory().toString();
        return d.startsWith(home + "/") ? "~" + d.substring(home.length()) : d;
    }
}
