package dev.tether.mcp.call;

import dev.tether.security.SecretCuts;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model text of one result, fed piece by piece (already sanitised): the pieces are masked
 * as one text ({@link SecretCuts#stream}) before anything is cut, so a known secret that the
 * head's end or a piece's boundary would split is the marker in the head and in the artifact.
 * The first {@code budget} characters are kept inline; once the text grows past the budget,
 * everything — the head included — streams into one artifact, while a sha256 of the UTF-8 bytes
 * and the sizes are counted on the way. No piece is kept beyond the head, so a 50 MB result costs
 * the head plus one chunk of memory, not a copy of itself.
 */
final class BoundedText {
    private static final Logger LOG = LoggerFactory.getLogger(BoundedText.class);

    private final int budget;
    private final ArtifactStore store;
    private final Provenance provenance;
    private final ArtifactLines lines = new ArtifactLines();
    private final SecretCuts.MaskingStream masking;
    private final StringBuilder head = new StringBuilder();
    private final MessageDigest sha256 = sha256();
    private long chars;
    private long bytes;
    private ArtifactStore.Artifact artifact;
    private OutputStream artifactOut;
    private boolean artifactFailed;

    /**
     * @param provenance recorded beside the artifact, if one is written; null when unknown
     * @param cuts       masks the known secrets in the text before it is cut
     */
    BoundedText(int budget, ArtifactStore store, Provenance provenance, SecretCuts cuts) {
        this.budget = budget;
        this.store = store;
        this.provenance = provenance;
        this.masking = cuts.stream(this::take);
    }

    boolean isEmpty() {
        return masking.isEmpty();
    }

    void append(String piece) {
        masking.push(piece);
    }

    /** The next piece of the masked text. */
    private void take(String piece) {
        if (piece.isEmpty()) {
            return;
        }
        long before = chars;
        byte[] encoded = piece.getBytes(StandardCharsets.UTF_8);
        sha256.update(encoded);
        chars += piece.length();
        bytes += encoded.length;
        lines.feed(piece);
        if (before < budget) {
            int take = (int) Math.min(budget - before, piece.length());
            if (take < piece.length() && Character.isHighSurrogate(piece.charAt(take - 1))) {
                take--; // never cut a surrogate pair in two
            }
            head.append(piece, 0, take);
        }
        if (chars > budget) {
            spill(before, encoded);
        }
    }

    /** The text for the model: all of it, or the head plus how to find the rest. */
    String finish() {
        masking.finish();
        if (chars <= budget) {
            return head.toString();
        }
        String digest = HexFormat.of().formatHex(sha256.digest());
        String where = closeArtifact();
        return head + "\n\n[output truncated: the first " + head.length() + " of " + chars + " characters are shown ("
                + bytes + " bytes as UTF-8, " + lines.total() + (lines.total() == 1 ? " line" : " lines") + ", sha256 " + digest + "); " + where + "]";
    }

    /** The line the head stops in, numbered as read_artifact numbers lines. */
    private long nextLine() {
        ArtifactLines shown = new ArtifactLines();
        shown.feed(head);
        return shown.next();
    }

    private void spill(long before, byte[] encoded) {
        if (artifactFailed) {
            return;
        }
        try {
            if (artifact == null) {
                artifact = store.create();
                artifactOut = new BufferedOutputStream(artifact.out(), 64 * 1024);
                // Every earlier piece fitted the budget whole, so the head holds exactly those.
                artifactOut.write(head.substring(0, (int) before).getBytes(StandardCharsets.UTF_8));
            }
            artifactOut.write(encoded);
        } catch (IOException | RuntimeException e) {
            LOG.warn("mcp: a large tool result could not be kept as an artifact: {}", e.getMessage());
            artifactFailed = true;
            if (artifact != null) {
                artifact.discard();
            }
        }
    }

    private String closeArtifact() {
        if (artifactFailed || artifact == null) {
            return "the rest could not be kept";
        }
        try {
            artifactOut.close();
            store.completed(artifact.id(), provenance);
            return "the whole text is kept as artifact:" + artifact.id() + ": read on with read_artifact {\"id\": \"artifact:"
                    + artifact.id() + "\", \"offset\": " + nextLine() + "} (lines), or find lines with its \"pattern\"";
        } catch (IOException e) {
            LOG.warn("mcp: a large tool result could not be kept as an artifact: {}", e.getMessage());
            artifact.discard();
            return "the rest could not be kept";
        }
    }

    /** Discards a partial artifact when mapping the result failed half-way. */
    void abandon() {
        if (artifact != null && !artifactFailed) {
            artifactFailed = true;
            artifact.discard();
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
