package dev.tether.http.status;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Who may see the status page. A one-time <em>ticket</em> (in the link {@code /status} gives the
 * user) is exchanged, once, for a <em>viewer</em>: a random key sent back as an HttpOnly,
 * SameSite=Strict cookie, with its own CSRF token for the page's one action. Tickets and keys are
 * kept only as SHA-256 digests, so looking one up reveals nothing about the others by its timing;
 * an unused ticket lapses after {@code lifetime}, and at most {@value #MAX_KEPT} of each are kept
 * (the oldest go first).
 */
final class StatusAccess {
    static final String COOKIE = "tether_status";
    static final int MAX_KEPT = 16;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Duration lifetime;
    private final LongSupplier nanos;
    private final Map<String, Long> tickets = new LinkedHashMap<>();
    private final Map<String, Viewer> viewers = new LinkedHashMap<>();

    /** A viewer: the cookie's value and the CSRF token its actions must carry. */
    record Viewer(String key, String csrf) {
        @Override
        public String toString() {
            return "Viewer[…]";
        }
    }

    StatusAccess(Duration lifetime, LongSupplier nanos) {
        this.lifetime = lifetime;
        this.nanos = nanos;
    }

    /** A new one-time ticket. */
    synchronized String issue() {
        String ticket = random();
        tickets.put(digest(ticket), nanos.getAsLong());
        trim(tickets);
        return ticket;
    }

    /** Redeems a ticket: a new viewer the first time, null for one used, lapsed or never issued. */
    synchronized Viewer redeem(String ticket) {
        if (ticket == null || ticket.isEmpty()) {
            return null;
        }
        Long issued = tickets.remove(digest(ticket));
        if (issued == null || nanos.getAsLong() - issued > lifetime.toNanos()) {
            return null;
        }
        Viewer viewer = new Viewer(random(), random());
        viewers.put(digest(viewer.key()), viewer);
        trim(viewers);
        return viewer;
    }

    /** The viewer whose key one of {@code cookieHeaders} carries, or null. */
    synchronized Viewer viewer(List<String> cookieHeaders) {
        for (String header : cookieHeaders) {
            for (String pair : header.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).strip().equals(COOKIE)) {
                    Viewer viewer = viewers.get(digest(pair.substring(eq + 1).strip()));
                    if (viewer != null) {
                        return viewer;
                    }
                }
            }
        }
        return null;
    }

    /** Whether {@code presented} is {@code viewer}'s CSRF token (compared in constant time). */
    static boolean csrfMatches(Viewer viewer, String presented) {
        return presented != null && MessageDigest.isEqual(viewer.csrf().getBytes(StandardCharsets.UTF_8),
                presented.getBytes(StandardCharsets.UTF_8));
    }

    /** Forgets every ticket and viewer: the server stopped. */
    synchronized void clear() {
        tickets.clear();
        viewers.clear();
    }

    private static void trim(Map<String, ?> kept) {
        Iterator<String> oldest = kept.keySet().iterator();
        while (kept.size() > MAX_KEPT) {
            oldest.next();
            oldest.remove();
        }
    }

    private static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String digest(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
