package dev.tether.mcp.call;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Base64 data from a server, measured without trusting it: the decoded size and sha256 are
 * computed by streaming, so a 100 MB "image" is never decoded into memory. Data within a limit
 * is also decoded and handed back in canonical base64 (servers may send MIME line breaks).
 *
 * @param bytes     decoded size, or -1 when the data is not valid base64
 * @param sha256    hex digest of the decoded bytes, or null when invalid
 * @param canonical the data as plain base64 when it was within the limit and valid, else null
 */
record Binary(long bytes, String sha256, String canonical) {

    boolean valid() {
        return bytes >= 0;
    }

    static Binary measure(String base64, long keepUpTo) {
        if (!strictAlphabet(base64)) {
            return new Binary(-1, null, null);
        }
        MessageDigest digest = newDigest();
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        long count = 0;
        byte[] buffer = new byte[8192];
        try (InputStream in = new DigestInputStream(Base64.getMimeDecoder().wrap(new Latin1Stream(base64)), digest)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                count += n;
                if (count <= keepUpTo) {
                    kept.write(buffer, 0, n);
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            return new Binary(-1, null, null);
        }
        String canonical = count <= keepUpTo ? Base64.getEncoder().encodeToString(kept.toByteArray()) : null;
        return new Binary(count, HexFormat.of().formatHex(digest.digest()), canonical);
    }

    /** The MIME decoder skips any foreign character; only line breaks and spaces are tolerated here. */
    private static boolean strictAlphabet(String base64) {
        for (int i = 0; i < base64.length(); i++) {
            char c = base64.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '+' || c == '/' || c == '=' || c == '\r' || c == '\n' || c == ' ';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The chars of a base64 string as bytes, without copying the string. */
    private static final class Latin1Stream extends InputStream {
        private final String text;
        private int next;

        Latin1Stream(String text) {
            this.text = text;
        }

        @Override
        public int read() {
            return next < text.length() ? text.charAt(next++) & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (next >= text.length()) {
                return -1;
            }
            int n = Math.min(len, text.length() - next);
            for (int i = 0; i < n; i++) {
                char c = text.charAt(next + i);
                b[off + i] = (byte) c; // strictAlphabet let only ASCII through
            }
            next += n;
            return n;
        }
    }
}
