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
 * client's certificate); with no authority, a peer must present this side's own certificate (the
 * run's certificate, which both sides are given), so a stranger is refused at the handshake.
 * Without a certificate, the run's certificate is this user's ({@link UserCertificate}: one pair
 * per user, made on first use in {@code ~/.wirebench/tls}), so peers of a run authenticate each
 * other there too; {@link #describe()} says which certificate and how peers are verified.
 */
public final class TlsKeys {
    static final String PROTOCOL = "TLSv1.3";

    private final SSLContext context;
    private final String description;

    private TlsKeys(SSLContext context, String description) {
        this.context = context;
        this.description = description;
    }

    SSLContext context() {
        return context;
    }

    /** What keys are used and whether peers are verified (for stderr and run.json). */
    public String describe() {
        return description;
    }

    /** Loads or generates the keys; bad files are bad input (exit 3) naming the file. */
    public static TlsKeys load(TlsFiles files) {
        char[] pass = Long.toHexString(new SecureRandom().nextLong()).toCharArray();
        try {
            Path certFile = files.certFile();
            Path keyFile = files.privateKeyFile();
            String whose = "";
            if (certFile == null) {
                Path dir = UserCertificate.ensure();
                certFile = dir.resolve(UserCertificate.CERT);
                keyFile = dir.resolve(UserCertificate.KEY);
                whose = "this user's ";
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            List<Certificate> chain = certificates(certFile);
            ks.setKeyEntry("wirebench", privateKey(keyFile, chain.get(0)), pass, chain.toArray(new Certificate[0]));
            X509Certificate own = (X509Certificate) chain.get(0);
            String what = whose + "certificate " + certFile + " (" + own.getSubjectX500Principal().getName() + ")";
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, pass);
            TrustManager[] trust;
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
            } else {
                trust = new TrustManager[] {new SameCertificate(own)};
                what += "; peers must present this same certificate (give -transportCertAuthority to trust a CA)";
            }
            SSLContext ctx = SSLContext.getInstance(PROTOCOL);
            ctx.init(kmf.getKeyManagers(), trust, new SecureRandom());
            return new TlsKeys(ctx, what);
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
}
