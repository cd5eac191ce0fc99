package dev.tether.cli.exec;

import dev.tether.jsonrpc.CancelProtocol;
import dev.tether.jsonrpc.InboundHandler;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.LineChannel;
import dev.tether.jsonrpc.Message;
import dev.tether.json.Json;
import dev.tether.tools.permission.PermissionDecision;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether exec}'s side of ACP: an editor without a person. It collects the turn's answer
 * (its last agent message) from the updates, reports every permission decision the agent sends,
 * and, since nobody is there to ask, refuses every permission request, declines every
 * elicitation and dismisses every question whose answer would be remembered — each reported.
 */
final class ExecClient implements InboundHandler, AutoCloseable {
    private final JsonRpcConnection rpc;
    private final ExecOutput output;
    private final PrintStream err;
    /** The raw input of announced calls, by id, until their permission request (a question names what it asks about there). */
    private final Map<String, JsonNode> questions = new ConcurrentHashMap<>();
    private final StringBuilder answer = new StringBuilder();
    private volatile String promptSession;
    /** The message the answer is made of (its {@code messageId}); guarded by {@code answer}. */
    private String answerMessage;
    private volatile JsonNode usage;
    /** The token counts of every turn of this run (ACP's {@code usage} in each prompt answer), summed. */
    private final Map<String, Long> tokens = new java.util.LinkedHashMap<>();
    /** Calls whose permission request exec refused. */
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    /** The announced calls that are tool calls (they carry the tool's name); the others are questions of the agent's own. */
    private final Set<String> tools = ConcurrentHashMap.newKeySet();
    /** Each call's title as announced, for the permission lines. */
    private final Map<String, String> titles = new ConcurrentHashMap<>();

    ExecClient(InputStream fromAgent, OutputStream toAgent, ExecOutput output, PrintStream err) {
        this.output = output;
        this.err = err;
        this.rpc = new JsonRpcConnection("exec", new LineChannel("exec", fromAgent, toAgent), this, CancelProtocol.ACP, false);
        rpc.start();
    }

    /** Sends a request and waits for its result. */
    JsonNode call(String method, JsonNode params) throws Failure {
        return call(method, params, null, () -> { });
    }

    /** Sends a request and waits for its result, running {@code whileWaiting} every {@code every} until it comes. */
    JsonNode call(String method, JsonNode params, java.time.Duration every, Runnable whileWaiting) throws Failure {
        try {
            java.util.concurrent.CompletableFuture<JsonNode> result = rpc.request(method, params).future();
            while (every != null) {
                try {
                    return result.get(every.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    whileWaiting.run();
                }
            }
            return result.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof JsonRpcException rpcError) {
                throw new Failure(rpcError.code(), rpcError.getMessage());
            }
            throw new Failure(0, String.valueOf(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(0, "interrupted");
        }
    }

    void notify(String method, JsonNode params) {
        rpc.notify(method, params);
    }

    /** From now on, the agent's last message in {@code sessionId} is the answer. */
    void collect(String sessionId) {
        synchronized (answer) {
            answer.setLength(0);
            answerMessage = null;
            promptSession = sessionId;
        }
    }

    /** The turn's last agent message so far (after its last tool call). */
    String answer() {
        synchronized (answer) {
            return answer.toString();
        }
    }

    /**
     * What this run used: the context the agent last reported ({@code used}, {@code size}) and the
     * tokens of the run's turns, summed ({@code inputTokens}, {@code outputTokens},
     * {@code cachedReadTokens}, {@code cachedWriteTokens}, {@code totalTokens}); an empty object
     * when the agent reported neither (a scripted model without usage).
     */
    JsonNode usage() {
        JsonNode last = usage;
        ObjectNode shown = last == null ? Json.object() : (ObjectNode) last.deepCopy();
        synchronized (tokens) {
            tokens.forEach(shown::put);
        }
        return shown;
    }

    /** Adds the token counts of one turn's prompt answer ({@code usage}, when the agent sent one). */
    void turnUsed(JsonNode answer) {
        JsonNode used = answer.path("usage");
        if (!used.isObject()) {
            return;
        }
        synchronized (tokens) {
            for (String key : List.of("inputTokens", "outputTokens", "cachedReadTokens", "cachedWriteTokens", "totalTokens")) {
                if (used.path(key).canConvertToLong()) {
                    tokens.merge(key, used.path(key).asLong(), Long::sum);
                }
            }
        }
    }

    @Override
    public JsonNode onRequest(InboundRequest request) {
        if (request.method().equals("session/request_permission")) {
            return refuse(request.params());
        }
        if (request.method().equals("elicitation/create")) {
            // Nobody can fill in a form or open a page here: declined, and reported with the page's address.
            JsonNode params = request.params();
            output.declined(params.path("sessionId").asString(""), params.path("mode").asString("form"),
                    params.path("message").asString(""), params.path("url").asString(null));
            return Json.object().put("action", "decline");
        }
        throw JsonRpcException.methodNotFound(request.method());
    }

    /** Nobody can answer: the call is refused (the model reads that it was), and the refusal reported. */
    private JsonNode refuse(JsonNode params) {
        String callId = params.path("toolCall").path("toolCallId").asString("");
        JsonNode rawInput = questions.remove(callId);
        String optionId = null;
        for (JsonNode option : params.path("options")) {
            if (option.path("kind").asString("").equals("reject_once")) {
                optionId = option.path("optionId").asString();
            }
        }
        boolean approval = rawInput != null && (rawInput.hasNonNull("server") || rawInput.has("allow"));
        if (approval || optionId == null) {
            // A project's server or rules waiting for approval: answered "not now" where the question offers it,
            // else dismissed — never an answer that is remembered — and the user reads how to approve.
            sayHowToApprove(rawInput);
        } else if (!tools.contains(callId)) {
            // Not a tool call (no decision line follows): a sign-in, a sampling request. Said here, with what it showed.
            JsonNode call = params.path("toolCall");
            String shown = call.path("title").asString(titles.getOrDefault(callId, "a question"));
            for (JsonNode item : call.path("content")) {
                shown += "; " + item.path("content").path("text").asString("");
            }
            output.declined(params.path("sessionId").asString(""), "question", shown, null);
        }
        // The agent reports the decision (as the user's); exec reports it as the mode's: there is no one to say yes.
        refused.add(callId);
        ObjectNode outcome = Json.object();
        if (optionId == null) {
            outcome.putObject("outcome").put("outcome", "cancelled");
        } else {
            outcome.putObject("outcome").put("outcome", "selected").put("optionId", optionId);
        }
        return outcome;
    }

    /**
     * A project's MCP server or permission rules wait for the user's approval, which exec cannot
     * give: the question is dismissed (nothing is remembered) and the user reads how to answer it.
     */
    private void sayHowToApprove(JsonNode question) {
        if (question == null) {
            return;
        }
        String project = question.path("project").asString("");
        if (question.hasNonNull("server")) {
            err.println("tether exec: the project's MCP server `" + question.get("server").asString() + "` ("
                    + question.path("file").asString("") + ") is not approved, so it was not started; to approve it, run `tether mcp approve "
                    + question.get("server").asString() + "`" + (project.isEmpty() ? "" : " in " + project));
        } else if (question.has("allow")) {
            err.println("tether exec: the allow rules of " + question.path("file").asString("the project's settings")
                    + " are not approved, so they do not apply; to approve them, run `tether permissions approve` in the project");
        }
    }

    @Override
    public void onNotification(Message.Notification notification) {
        if (!notification.method().equals("session/update")) {
            return;
        }
        JsonNode params = notification.params();
        JsonNode update = params.path("update");
        String kind = update.path("sessionUpdate").asString("");
        boolean ours = params.path("sessionId").asString("").equals(promptSession);
        if (kind.equals("agent_message_chunk") && ours && update.path("content").path("type").asString("").equals("text")) {
            // The answer is the turn's last message: a chunk of another message (or of none) starts it again.
            String messageId = update.path("messageId").asString(null);
            synchronized (answer) {
                if (messageId == null || !messageId.equals(answerMessage)) {
                    answer.setLength(0);
                    answerMessage = messageId;
                }
                answer.append(update.path("content").path("text").asString(""));
            }
        } else if (kind.equals("tool_call") && ours) {
            // Text before a tool call is not the final message.
            synchronized (answer) {
                answer.setLength(0);
                answerMessage = null;
            }
        } else if (kind.equals("usage_update")) {
            ObjectNode seen = Json.object();
            seen.set("used", update.get("used"));
            seen.set("size", update.get("size"));
            usage = seen;
        }
        output.update(params);
        if (kind.equals("tool_call") && update.hasNonNull("title")) {
            titles.put(update.path("toolCallId").asString(""), update.get("title").asString());
        }
        if (kind.equals("tool_call") && update.hasNonNull("name")) {
            tools.add(update.path("toolCallId").asString(""));
        }
        if (kind.equals("tool_call") && update.path("rawInput").isObject()) {
            questions.put(update.path("toolCallId").asString(""), update.get("rawInput"));
        } else if (kind.equals("tool_call_update") && List.of("completed", "failed").contains(update.path("status").asString(""))) {
            questions.remove(update.path("toolCallId").asString(""));
        }
        JsonNode permission = update.path("_meta").path("tether").path("permission");
        if (kind.equals("tool_call_update") && permission.isObject()) {
            String id = update.path("toolCallId").asString("");
            String by = refused.remove(id) ? PermissionDecision.Basis.POLICY.by() : permission.path("by").asString("");
            output.permission(params.path("sessionId").asString(""), id, titles.remove(id), permission.path("decision").asString(""), by);
        }
    }

    @Override
    public void close() {
        rpc.close();
    }

    /** The agent answered a request with an error, or went away. */
    static final class Failure extends Exception {
        private final int code;

        Failure(int code, String message) {
            super(message, null, false, false);
            this.code = code;
        }

        int code() {
            return code;
        }
    }
}
