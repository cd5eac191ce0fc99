package dev.tether.mcp.call;

/**
 * How much of one tool result reaches the model and the editor.
 *
 * @param inlineTextChars   text kept inline; beyond it the head stays and the whole goes to an artifact
 * @param maxImageBytes     decoded size up to which an image goes to the model as an image part
 * @param rawOutputBytes    structured results up to this size (as JSON) are the editor's {@code rawOutput}
 * @param auditBytes        structured results up to this size (as JSON) are kept whole in the audit details
 * @param errorTextBytes    cap on the (redacted) text of an {@code isError} result
 */
public record ResultLimits(int inlineTextChars, int maxImageBytes, int rawOutputBytes, int auditBytes,
                           int errorTextBytes) {
    /** About 6–8k tokens of model context: enough for most answers, small enough to call a tool many times. */
    public static final int DEFAULT_INLINE_TEXT_CHARS = 25_000;
    public static final int DEFAULT_MAX_IMAGE_BYTES = 1024 * 1024;
    public static final int DEFAULT_RAW_OUTPUT_BYTES = 64 * 1024;
    public static final int DEFAULT_AUDIT_BYTES = 20 * 1024;
    public static final int DEFAULT_ERROR_TEXT_BYTES = 16 * 1024;

    public static final ResultLimits DEFAULT = new ResultLimits(DEFAULT_INLINE_TEXT_CHARS, DEFAULT_MAX_IMAGE_BYTES,
            DEFAULT_RAW_OUTPUT_BYTES, DEFAULT_AUDIT_BYTES, DEFAULT_ERROR_TEXT_BYTES);

    public ResultLimits {
        if (inlineTextChars < 1 || maxImageBytes < 0 || rawOutputBytes < 0 || auditBytes < 0 || errorTextBytes < 64) {
            throw new IllegalArgumentException("result limits out of range");
        }
    }

    public ResultLimits withInlineTextChars(int chars) {
        return new ResultLimits(chars, maxImageBytes, rawOutputBytes, auditBytes, errorTextBytes);
    }

    public ResultLimits withMaxImageBytes(int bytes) {
        return new ResultLimits(inlineTextChars, bytes, rawOutputBytes, auditBytes, errorTextBytes);
    }
}
