package dev.tether.mcp.interaction;

import java.time.Duration;

/**
 * Limits of the interaction half of the MCP runtime. Every value is a named default with an
 * override here (tests shorten the waits).
 *
 * @param elicitationTimeout  how long a form or URL request waits for the user before it is cancelled
 * @param urlCompletionWait   after the user opened a URL a failed call asked for (-32042), how long the
 *                            retry waits for {@code notifications/elicitation/complete} before it goes ahead anyway
 * @param urlRetries          how often a call failing with -32042 is retried
 * @param maxSamplingTokens   the most tokens a server's sampling request may ask for (larger requests are capped)
 * @param logEntries          log messages kept per server
 * @param logEntryBytes       the longest log message kept (UTF-8 bytes)
 * @param instructionsBytes   the longest server instructions kept (UTF-8 bytes)
 */
public record InteractionSettings(Duration elicitationTimeout, Duration urlCompletionWait, int urlRetries,
                                  int maxSamplingTokens, int logEntries, int logEntryBytes, int instructionsBytes) {
    public static final Duration DEFAULT_ELICITATION_TIMEOUT = Duration.ofMinutes(10);
    /**
     * Short on purpose: the editor answers a URL elicitation when the user has opened the page,
     * and many servers never send the completion notice, so a long wait would stall the turn.
     * A server that does send it gets its retry at once.
     */
    public static final Duration DEFAULT_URL_COMPLETION_WAIT = Duration.ofSeconds(5);
    public static final int DEFAULT_URL_RETRIES = 3;
    public static final int DEFAULT_MAX_SAMPLING_TOKENS = 4096;
    public static final int DEFAULT_LOG_ENTRIES = 200;
    public static final int DEFAULT_LOG_ENTRY_BYTES = 2048;
    public static final int DEFAULT_INSTRUCTIONS_BYTES = 8192;

    public static final InteractionSettings DEFAULT = new InteractionSettings(DEFAULT_ELICITATION_TIMEOUT,
            DEFAULT_URL_COMPLETION_WAIT, DEFAULT_URL_RETRIES, DEFAULT_MAX_SAMPLING_TOKENS, DEFAULT_LOG_ENTRIES,
            DEFAULT_LOG_ENTRY_BYTES, DEFAULT_INSTRUCTIONS_BYTES);
}
