package dev.tether.mcp.client;

import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.mcp.api.McpError;
import java.time.Duration;

/** How a failed request of a {@link McpClientSession} reads to the user: one place for its words. */
final class Failures {
    private Failures() {}

    static String shown(Duration d) {
        return d.toMillis() < 1000 || d.toMillis() % 1000 != 0 ? d.toMillis() + " ms" : d.toSeconds() + " s";
    }

    /** The config key behind a named request limit, so the message says what to raise. */
    static String setting(McpError.Timeout.Kind kind) {
        return switch (kind) {
            case READ -> " (the read timeout, mcp.readTimeoutSeconds)";
            case PROMPT -> " (the prompt timeout, mcp.promptTimeoutSeconds)";
            case COMPLETION -> " (the completion timeout, mcp.completionTimeoutSeconds)";
            case CONNECT -> " (the connect timeout, mcp.connectTimeoutSeconds)";
            case CALL_IDLE -> " (the call's idle limit, mcp.callIdleSeconds)";
            case CALL_TOTAL -> " (the call's total limit, mcp.callTotalSeconds)";
            case LIST, REQUEST -> "";
        };
    }

    /** Codes of the answers Tether's transports make up for a request they failed: their message says it all. */
    private static boolean transportOwn(int code) {
        return code == JsonRpcError.INTERNAL_ERROR || code == McpError.ErrorAnswer.SIGN_IN_REQUIRED;
    }

    /** A request Tether does not send because the server did not declare {@code what} ("the tools capability", …). */
    static McpError.Refused undeclared(String server, String what, String method) {
        return new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                "server \"" + server + "\" did not declare " + what + ", so " + method + " is not available");
    }

    static McpError of(Throwable cause, String what) {
        if (cause instanceof JsonRpcException rpc) {
            String explained = Stateless2026.explain(rpc.code(), rpc.error().data());
            return new McpError.ErrorAnswer(rpc.code(), rpc.error().data(), what + " failed: "
                    + (explained == null ? rpc.getMessage() : explained)
                    + (transportOwn(rpc.code()) ? "" : " (code " + rpc.code() + ")"));
        }
        return new McpError.Unreachable(what + " failed");
    }
}
