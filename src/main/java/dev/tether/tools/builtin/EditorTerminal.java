package dev.tether.tools.builtin;

import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.base.CancelledException;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolFailure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/** A command in an editor terminal: create, show, wait (kill on cancel or timeout), output, release. */
final class EditorTerminal {
    private static final Logger LOG = LoggerFactory.getLogger(EditorTerminal.class);

    private EditorTerminal() {}

    static CommandResult run(ToolContext context, CommandSpec spec) throws ToolFailure {
        String terminalId = create(context, spec);
        try {
            context.updates().send(new SessionUpdate.ToolCallUpdate(new ToolCallFields(context.toolCallId(), null,
                    null, null, List.of(new ToolCallContent.Terminal(terminalId)), null, null, null)));
            boolean timedOut = false;
            try (Timeout timeout = Timeout.start(context.cancellation(), spec.timeout())) {
                try {
                    context.client().request("terminal/wait_for_exit", ids(context, terminalId), timeout.cancellation());
                } catch (CancelledException e) {
                    cleanup(context, "terminal/kill", terminalId);
                    if (!timeout.expired()) {
                        throw e;
                    }
                    timedOut = true;
                }
            }
            JsonNode output = context.client().request("terminal/output", ids(context, terminalId), context.cancellation());
            JsonNode status = output.path("exitStatus");
            return new CommandResult(
                    status.path("exitCode").isIntegralNumber() ? status.path("exitCode").asInt() : null,
                    status.path("signal").isString() ? status.path("signal").asString() : null,
                    output.path("output").asString(""),
                    output.path("truncated").asBoolean(false),
                    timedOut,
                    terminalId);
        } catch (JsonRpcException e) {
            throw new ToolFailure("the editor's terminal failed: " + e.getMessage());
        } finally {
            // Released even after a cancel or timeout, or the editor keeps the process around.
            cleanup(context, "terminal/release", terminalId);
        }
    }

    private static String create(ToolContext context, CommandSpec spec) throws ToolFailure {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sessionId", context.sessionId());
        params.put("command", "/bin/sh");
        params.put("args", List.of("-c", spec.command()));
        params.put("cwd", spec.cwd().toString());
        params.put("outputByteLimit", spec.outputByteLimit());
        // The editor starts the command with its own environment, which may hold the same keys as
        // Tether's. ACP can only set variables, not remove them, so each is set to the empty string.
        params.put("env", spec.secrets().namesToWithhold().stream()
                .map(name -> Map.of("name", name, "value", "")).toList());
        JsonNode result;
        try {
            result = context.client().request("terminal/create", params, context.cancellation());
        } catch (JsonRpcException e) {
            throw new ToolFailure("the editor could not start the command: " + e.getMessage());
        }
        JsonNode id = result == null ? null : result.get("terminalId");
        if (id == null || !id.isString()) {
            throw new ToolFailure("the editor could not start the command: no terminalId in its answer");
        }
        return id.asString();
    }

    private static Map<String, Object> ids(ToolContext context, String terminalId) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sessionId", context.sessionId());
        params.put("terminalId", terminalId);
        return params;
    }

    private static void cleanup(ToolContext context, String method, String terminalId) {
        try (Timeout timeout = Timeout.cleanup(CommandRunner.CLEANUP_TIMEOUT)) {
            context.client().request(method, ids(context, terminalId), timeout.cancellation());
        } catch (RuntimeException e) {
            // The call's own result or cancellation matters more than a failed clean-up.
            LOG.warn("{} for terminal {} failed: {}", method, terminalId, e.getMessage());
        }
    }
}
