package dev.tether.security;

import java.io.IOException;
import java.io.Reader;
import java.util.List;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The one way text bound for the model, the editor, a transcript or a log is shortened, wrapped
 * or searched while a {@link SecretRegistry} is in play: <b>sanitise and mask first, then cut</b>.
 * A known secret is replaced by {@link SecretRegistry#MARKER} while it is still whole, so no cut
 * (a line cut at 2,000 characters, a window around a search match, a result's inline head, an
 * error capped in bytes, a page of an artifact wrapped at its width) can leave a prefix or a
 * suffix of it that masking would no longer recognise.
 *
 * <p>Text the model sees sanitised ({@link UnicodeSanitizer}) is masked before sanitising and
 * again after: a key spelt with zero-width characters between its letters, or in full-width
 * letters, only re-forms once sanitised, and a key followed by a combining accent only stops
 * being itself then.
 *
 * <p>With an empty registry every method returns its input (cut as asked) without looking for
 * anything; otherwise a text is scanned once per registered value, linearly. Texts too large to
 * hold go through {@link #stream} or {@link #reader}, which mask across the pieces' boundaries.
 */
public final class SecretCuts {
    private static final SecretCuts NONE = new SecretCuts(SecretRegistry.empty());

    private final SecretRegistry registry;

    private SecretCuts(SecretRegistry registry) {
        this.registry = registry;
    }

    /** Cuts that mask the values {@code registry} holds when each call is made. */
    public static SecretCuts of(SecretRegistry registry) {
        return new SecretCuts(registry);
    }

    /** Cuts with nothing to mask (tests, and tools built without a registry). */
    public static SecretCuts none() {
        return NONE;
    }

    /** {@code text} with every known secret masked ({@link SecretRegistry#redact(String)}). */
    public String mask(String text) {
        return registry.redact(text);
    }

    /** {@code node} with every known secret masked in its strings and names ({@link SecretRegistry#redact(JsonNode)}). */
    public JsonNode mask(JsonNode node) {
        return registry.redact(node);
    }

    /** Masked, {@linkplain UnicodeSanitizer#clean(String) sanitised}, masked again; null stays null. */
    public String clean(String raw) {
        return raw == null ? null : mask(UnicodeSanitizer.clean(mask(raw)));
    }

    /**
     * The first {@code maxChars} characters of {@code text} once masked (fewer rather than half a
     * surrogate pair). Only as much of the text as the head needs is read, so the head of a huge
     * text costs about its own length.
     */
    public String head(String text, int maxChars) {
        if (registry.isEmpty()) {
            return cut(text, maxChars);
        }
        StringBuilder out = new StringBuilder();
        MaskingStream masking = stream(out::append);
        int step = Math.max(maxChars, 1024);
        for (int at = 0; out.length() <= maxChars; at += step) {
            if (at >= text.length()) {
                masking.finish();
                break;
            }
            masking.push(text.substring(at, (int) Math.min(text.length(), (long) at + step)));
        }
        return cut(out, maxChars);
    }

    private static String cut(CharSequence text, int maxChars) {
        if (text.length() <= maxChars) {
            return text.toString();
        }
        int end = Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
        return text.subSequence(0, end).toString();
    }

    /**
     * The most line breaks one known secret holds (a PEM key in a marked variable): a window of
     * lines widened by this many on each side holds every secret that touches it whole, so it can
     * be masked before the window is cut to its lines. Zero for one-line values, the usual case.
     */
    public int lineBreaks() {
        int most = 0;
        for (String value : registry.values()) {
            int breaks = 0;
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                breaks += c == '\n' || c == '\r' ? 1 : 0;
            }
            most = Math.max(most, breaks);
        }
        return most;
    }

    /**
     * How many bytes more than it shows a keeper of an output's tail should keep (a command's last
     * 64 KB), so that {@link #tail} can drop the start it cut and still fill its bound.
     */
    public int tailMarginBytes() {
        List<String> known = registry.values();
        // A UTF-8 character takes at most four bytes (a surrogate pair's two chars take four together).
        return known.isEmpty() ? 0 : 4 * (known.getFirst().length() - 1);
    }

    /**
     * The last {@code maxBytes} UTF-8 bytes of {@code text} once masked, on a character boundary.
     * When {@code startCut}, the text is already the tail of a longer one, kept with
     * {@link #tailMarginBytes()} to spare: its first characters may be the end of a secret that
     * can no longer be recognised, so as many as a secret can have less one are dropped first
     * (stopping where a whole secret begins).
     */
    public String tail(String text, boolean startCut, int maxBytes) {
        List<String> known = registry.values();
        String whole = text;
        if (startCut && !known.isEmpty()) {
            int drop = Math.min(text.length(), known.getFirst().length() - 1);
            // Up to the first whole secret, which masking still recognises and must not lose its start.
            int[] spans = SecretRegistry.spans(text, known);
            if (spans.length > 0 && spans[0] < drop) {
                drop = spans[0];
            }
            whole = text.substring(drop < text.length() && Character.isLowSurrogate(text.charAt(drop)) ? drop + 1 : drop);
        }
        String masked = SecretRegistry.mask(whole, known);
        int bytes = 0;
        int from = masked.length();
        while (from > 0) {
            int cp = masked.codePointBefore(from);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + size > maxBytes) {
                break;
            }
            bytes += size;
            from -= Character.charCount(cp);
        }
        return masked.substring(from);
    }

    /** {@code text} masked, then {@linkplain Redactor#cap capped} at {@code maxBytes} UTF-8 bytes. */
    public String cap(String text, int maxBytes) {
        return Redactor.cap(mask(text), maxBytes);
    }

    /**
     * Untrusted one-line text (a server's error, a task's status message) for the model or the
     * editor: masked, sanitised, {@linkplain Redactor#redact(String, int) redacted}, masked again,
     * and only then capped at {@code maxBytes}.
     */
    public String redact(String raw, int maxBytes) {
        return Redactor.cap(mask(Redactor.redact(clean(raw), Integer.MAX_VALUE)), maxBytes);
    }

    /** As {@link #redact(String, int)} for a multi-line text ({@link Redactor#redactLines}). */
    public String redactLines(String raw, int maxBytes) {
        return Redactor.cap(mask(Redactor.redactLines(clean(raw), Integer.MAX_VALUE)), maxBytes);
    }

    /**
     * A masking front for {@code sink}: the pieces pushed into it reach {@code sink} masked as
     * one text, a secret split between two pieces included. The tail that could still begin a
     * secret (the longest one's length less one character, plus a few KB so that small pieces do
     * not rescan it each time) is held back until the next piece or {@link MaskingStream#finish()}.
     */
    public MaskingStream stream(Consumer<String> sink) {
        return new MaskingStream(registry.values(), sink);
    }

    /** {@code in}'s text, masked as one text ({@link #stream}); closing it closes {@code in}. */
    public Reader reader(Reader in) {
        List<String> known = registry.values();
        return known.isEmpty() ? in : new MaskingReader(in, known);
    }

    /** Text fed in pieces, masked across their boundaries. Not safe for concurrent use. */
    public static final class MaskingStream {
        /** Text held beyond the hold-back before it is scanned, so small pieces do not rescan the tail each time. */
        private static final int SCAN_AFTER = 8 * 1024;

        private final List<String> known;
        private final int holdBack;
        private final Consumer<String> sink;
        private final StringBuilder pending = new StringBuilder();
        private boolean received;

        private MaskingStream(List<String> known, Consumer<String> sink) {
            this.known = known;
            this.holdBack = known.isEmpty() ? 0 : known.getFirst().length() - 1;
            this.sink = sink;
        }

        /** Adds the next piece; what can no longer be part of a secret goes on to the sink. */
        public void push(CharSequence piece) {
            if (piece.isEmpty()) {
                return;
            }
            received = true;
            if (known.isEmpty()) {
                sink.accept(piece.toString());
                return;
            }
            pending.append(piece);
            if (pending.length() > holdBack + SCAN_AFTER) {
                drain(false);
            }
        }

        /** Whether no character was pushed yet (some may still be held back from the sink). */
        public boolean isEmpty() {
            return !received;
        }

        /** Sends what is held back; the stream may take more pieces afterwards. */
        public void finish() {
            drain(true);
        }

        private void drain(boolean all) {
            if (pending.isEmpty()) {
                return;
            }
            String text = pending.toString();
            int[] spans = SecretRegistry.spans(text, known);
            // A secret not yet whole starts at or after this point, so nothing before it can belong to one.
            int cut = all ? text.length() : text.length() - holdBack;
            for (int i = 0; i < spans.length; i += 2) {
                if (spans[i] < cut && spans[i + 1] > cut) {
                    cut = spans[i]; // a whole secret across the cut waits, whole, for the next drain
                }
            }
            if (cut > 0) {
                pending.delete(0, cut);
                sink.accept(SecretRegistry.masked(text, spans, cut));
            }
        }
    }

    /** A reader whose text is its source's, masked as one text. */
    private static final class MaskingReader extends Reader {
        private final Reader in;
        private final MaskingStream stream;
        private final char[] chunk = new char[16 * 1024];
        private final StringBuilder ready = new StringBuilder();
        private int readyAt;
        private boolean ended;

        MaskingReader(Reader in, List<String> known) {
            this.in = in;
            this.stream = new MaskingStream(known, ready::append);
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            while (readyAt == ready.length()) {
                ready.setLength(0);
                readyAt = 0;
                if (ended) {
                    return -1;
                }
                int n = in.read(chunk, 0, chunk.length);
                if (n < 0) {
                    ended = true;
                    stream.finish();
                } else {
                    stream.push(java.nio.CharBuffer.wrap(chunk, 0, n));
                }
            }
            int n = Math.min(length, ready.length() - readyAt);
            ready.getChars(readyAt, readyAt + n, buffer, offset);
            readyAt += n;
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
