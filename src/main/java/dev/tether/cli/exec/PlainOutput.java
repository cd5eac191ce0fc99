package dev.tether.cli.exec;

import dev.tether.security.UnicodeSanitizer;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The default output: the final answer alone on stdout, and on stderr one short line for each
 * tool call, its result and each denied permission.
 */
final class PlainOutput implements ExecOutput {
    /** How much of a tool's result the progress line shows. */
    static final int RESULT_CHARS = 120;

    private final PrintStream out;
    private final PrintStream err;
    /** The spinner's frames and how often it turns (only when stderr is a terminal). */
    static final String FRAMES = "|/-\\";
    static final java.time.Duration TICK = java.time.Duration.ofMillis(150);
    /** Carriage return and "erase to the end of the line": the spinner's line goes before anything else is written. */
    static final String CLEAR = "\r\u001b[K";

    private final Map<String, String> titles = new HashMap<>();
    private boolean finished;
    private boolean spinnerShown;
    private int frame;

    PlainOutput(PrintStream out, PrintStream err) {
        this(out, err, false);
    }

    /** @param spin whether to show a spinner on {@code err} while the turn runs (stderr is a terminal) */
    PlainOutput(PrintStream out, PrintStream err, boolean spin) {
        this.out = out;
        this.err = err;
        if (spin) {
            Thread.ofVirtual().name("exec-spinner").start(this::spin);
        }
    }

    private void spin() {
        try {
            while (turn()) {
                Thread.sleep(TICK);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One turn of the spinner; false once the run has ended. */
    synchronized boolean turn() {
        if (finished) {
            return false;
        }
        // Back to the line's start afterwards, so that whatever else is written there covers it.
        err.print("\r" + FRAMES.charAt(frame++ % FRAMES.length()) + " working\r");
        err.flush();
        spinnerShown = true;
        return true;
    }

    @Override
    public synchronized void stop() {
        clearSpinner();
        finished = true;
    }

    private void clearSpinner() {
        if (spinnerShown) {
            err.print(CLEAR);
            spinnerShown = false;
        }
    }

    @Override
    public synchronized void update(JsonNode params) {
        JsonNode update = params.path("update");
        String id = update.path("toolCallId").asString("");
        switch (update.path("sessionUpdate").asString("")) {
            case "tool_call" -> {
                String title = update.path("title").asString(id);
                titles.put(id, title);
                progress("› " + title);
                status(id, update);
            }
            case "tool_call_update" -> {
                if (update.hasNonNull("title")) {
                    titles.put(id, update.get("title").asString());
                }
                status(id, update);
            }
            case "notice" -> progress("! " + update.path("title").asString("") + (update.hasNonNull("description")
                    ? ": " + oneLine(update.get("description").asString()) : ""));
            default -> {
                // Message chunks make the answer (the result); thoughts, plans and the rest stay quiet.
            }
        }
    }

    private void status(String id, JsonNode update) {
        String status = update.path("status").asString("");
        if (status.equals("completed") || status.equals("failed")) {
            String said = oneLine(contentText(update.path("content")));
            progress("  " + (status.equals("completed") ? "✓ " : "✗ ") + titles.getOrDefault(id, id) + (said.isEmpty() ? "" : ": " + said));
        }
    }

    @Override
    public synchronized void permission(String sessionId, String toolCallId, String title, String decision, String by) {
        // Allowed calls show as their result; a denial says who denied it, and how to allow it when nobody could be asked.
        if (decision.equals("denied")) {
            progress("  denied (" + by + "): " + (title == null ? toolCallId : title)
                    + (by.equals("mode") ? " — nobody can be asked here; allow it with --allow RULE or --mode" : ""));
        }
    }


    @Override
    public synchronized void declined(String sessionId, String kind, String message, String url) {
        progress("  declined (nobody can answer here): " + oneLine(message) + (url == null ? "" : " — " + url));
    }

    @Override
    public synchronized void result(Result result) {
        if (finished) {
            return;
        }
        clearSpinner();
        finished = true;
        if ("error".equals(result.stopReason())) {
            // The agent answered the prompt with an error: there is no answer, and exec says the error on stderr.
            return;
        }
        String text = result.text();
        out.print(text.isEmpty() || text.endsWith("\n") ? text : text + "\n");
        out.flush();
        if (!"end_turn".equals(result.stopReason())) {
            err.println("tether exec: the turn ended: " + result.stopReason());
        }
    }

    /** One line on stderr; titles and results come from MCP servers and the model, so control characters (an ESC) are dropped. */
    private void progress(String line) {
        if (!finished) {
            clearSpinner();
            err.println(UnicodeSanitizer.clean(line));
        }
    }

    private static String contentText(JsonNode content) {
        StringBuilder text = new StringBuilder();
        for (JsonNode item : content) {
            JsonNode inner = item.path("content");
            if (inner.path("type").asString("").equals("text")) {
                text.append(inner.path("text").asString("")).append(' ');
            } else if (item.path("type").asString("").equals("diff")) {
                text.append("edited ").append(item.path("path").asString("")).append(' ');
            }
        }
        return text.toString();
    }

    static String oneLine(String text) {
        String flat = text.strip().replaceAll("\\s+", " ");
        return flat.length() <= RESULT_CHARS ? flat : flat.substring(0, RESULT_CHARS - 3) + "...";
    }
}
