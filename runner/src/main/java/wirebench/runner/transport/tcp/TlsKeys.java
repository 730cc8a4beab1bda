package wirebench.runner.transport.tcp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

import wirebench.contract.WirebenchException;
import wirebench.runner.transport.TransportSettings.TlsFiles;

/**
 * The TLS 1.3 context of {@code -transport TLS}: this side's certificate and key from
 * {@code -transportCertFile} / {@code -transportPrivateKey} (PEM, key in PKCS#8), peers verified
 * against {@code -transportCertAuthority} (both directions: the listening side asks for the
 * client's certificate); with a certificate and no authority, a peer must present that same
 * certificate (the run's certificate, which both sides are given), so a stranger is refused at the
 * handshake. Without a certificate, a self-signed EC P-256 pair is generated at start with the
 * running JDK's {@code keytool} and peers are not authenticated (encrypted, not verified; a
 * stranger is then refused by its greeting instead); {@link #describe()} says which.
 */
public final class TlsKeys {
    static final String PROTOCOL = "TLSv1.3";

    private final SSLContext context;
    private final boolean authenticates;
    private final String description;

    private TlsKeys(SSLContext context, boolean authenticates, String description) {
        this.context = context;
        this.authenticates = authenticates;
        this.description = description;
    }

    SSLContext context() {
        return context;
    }

    /** True when peers must present a certificate: signed by -transportCertAuthority, or the run's own. */
    boolean authenticates() {
        return authenticates;
    }

    /** What keys are used and whether peers are verified (for stderr and run.json). */
    public String describe() {
        return description;
    }

    /** Loads or generates the keys; bad files are bad input (exit 3) naming the file. */
    public static TlsKeys load(TlsFiles files) {
        char[] pass = Long.toHexString(new SecureRandom().nextLong()).toCharArray();
        try {
            KeyStore ks;
            String what;
            X509Certificate own = null;
            if (files.certFile() == null) {
                ks = selfSigned(pass);
                what = "self-signed EC P-256 certificate generated at start (CN=wirebench)";
            } else {
                ks = KeyStore.getInstance("PKCS12");
                ks.load(null, null);
                List<Certificate> chain = certificates(files.certFile());
                ks.setKeyEntry("wirebench", privateKey(files.privateKeyFile(), chain.get(0)), pass,
                        chain.toArray(new Certificate[0]));
                own = (X509Certificate) chain.get(0);
                what = "certificate " + files.certFile() + " (" + own.getSubjectX500Principal().getName() + ")";
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, pass);
            TrustManager[] trust;
            boolean auth = files.certAuthorityFile() != null || own != null;
            if (files.certAuthorityFile() != null) {
                KeyStore ts = KeyStore.getInstance("PKCS12");
                ts.load(null, null);
                int i = 0;
                for (Certificate c : certificates(files.certAuthorityFile())) {
                    ts.setCertificateEntry("ca" + i++, c);
                }
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(ts);
                trust = tmf.getTrustManagers();
                what += "; peers verified against " + files.certAuthorityFile();
            } else if (own != null) {
                trust = new TrustManager[] {new SameCertificate(own)};
                what += "; peers must present this same certificate (give -transportCertAuthority to trust a CA)";
            } else {
                trust = new TrustManager[] {new AnyPeer()};
                what += "; peers NOT verified (encrypted only: give -transportCertAuthority to verify)";
            }
            SSLContext ctx = SSLContext.getInstance(PROTOCOL);
            ctx.init(kmf.getKeyManagers(), trust, new SecureRandom());
            return new TlsKeys(ctx, auth, what);
        } catch (GeneralSecurityException | IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, "TLS: cannot set up keys (" + e.getMessage()
                    + ")", e);
        }
    }

    private static List<Certificate> certificates(Path pem) {
        try (InputStream in = Files.newInputStream(pem)) {
            Collection<? extends Certificate> cs = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (cs.isEmpty()) {
                throw WirebenchException.badInput(pem + ": expected a PEM certificate, found none");
            }
            return new ArrayList<>(cs);
        } catch (IOException | GeneralSecurityException e) {
            throw WirebenchException.badInput(pem + ": expected a PEM certificate (" + e.getMessage() + ")");
        }
    }

    private static PrivateKey privateKey(Path pem, Certificate cert) {
        if (pem == null) {
            throw new WirebenchException(WirebenchException.USAGE,
                    "-transportCertFile: needs -transportPrivateKey (its PEM PKCS#8 key)");
        }
        try {
            String text = Files.readString(pem, StandardCharsets.US_ASCII);
            int b = text.indexOf("-----BEGIN PRIVATE KEY-----");
            int e = text.indexOf("-----END PRIVATE KEY-----");
            if (b < 0 || e < b) {
                throw WirebenchException.badInput(pem + ": expected a PEM PKCS#8 key ('-----BEGIN PRIVATE KEY-----';"
                        + " convert with openssl pkcs8 -topk8 -nocrypt)");
            }
            byte[] der = Base64.getMimeDecoder().decode(text.substring(b + 27, e));
            String alg = cert.getPublicKey().getAlgorithm();
            return KeyFactory.getInstance(alg).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (IOException | GeneralSecurityException | IllegalArgumentException ex) {
            throw WirebenchException.badInput(pem + ": cannot read the private key (" + ex.getMessage() + ")");
        }
    }

    /** A PKCS12 key store holding a fresh self-signed pair, made by this JDK's keytool. */
    private static KeyStore selfSigned(char[] pass) throws IOException, GeneralSecurityException {
        Path dir = Files.createTempDirectory("wirebench-tls");
        Path store = dir.resolve("self.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Path log = dir.resolve("keytool.log");
        try {
            Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "wirebench", "-keyalg", "EC",
                    "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA", "-dname", "CN=wirebench", "-validity", "2",
                    "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", new String(pass), "-keypass",
                    new String(pass)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException(keytool + " failed: " + Files.readString(log, StandardCharsets.UTF_8).strip());
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                ks.load(in, pass);
            }
            return ks;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while generating a key pair", e);
        } finally {
            Files.deleteIfExists(store);
            Files.deleteIfExists(log);
            Files.deleteIfExists(dir);
        }
    }

    /** Accepts exactly the run's certificate: the peer's leaf must equal this side's own. */
    private static final class SameCertificate implements X509TrustManager {
        private final X509Certificate own;

        SameCertificate(X509Certificate own) {
            this.own = own;
        }

        private void check(X509Certificate[] chain) throws java.security.cert.CertificateException {
            if (chain == null || chain.length == 0 || !own.equals(chain[0])) {
                throw new java.security.cert.CertificateException("the peer's certificate "
                        + (chain == null || chain.length == 0 ? "is missing" : "(" + chain[0]
                        .getSubjectX500Principal().getName() + ") is not this run's"));
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType)
                throws java.security.cert.CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType)
                throws java.security.cert.CertificateException {
            check(chain);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[] {own};
        }
    }

    /** Accepts any peer certificate: encryption without authentication (said so in describe()). */
    private static final class AnyPeer implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            // not verified: no -transportCertAuthority
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // not verified: no -transportCertAuthority
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
