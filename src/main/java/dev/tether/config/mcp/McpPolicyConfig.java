package dev.tether.config.mcp;

import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.api.WorkloadIdentity;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The policy part of one server's declaration:
 * <pre>
 * "toolHints": {"tool": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true,
 *                        "openWorldHint": false, "title": "…"}},
 * "allowTools": ["get_*"], "denyTools": ["delete_*"],
 * "timeouts": {"callIdleSeconds": 60, "callTotalSeconds": 600},
 * "exposeRoots": false, "sampling": false, "logLevel": "warning", "trustAnnotations": false, "tasks": false,
 * "healthCheckSeconds": 60, "instructions": false, "protocolVersion": "2026-07-28"
 * </pre>
 * {@code protocolVersion} pins the MCP revision (one of {@link #PROTOCOL_VERSIONS}); without it
 * Tether probes the server.
 * {@code trustAnnotations} lets the server's own {@code readOnlyHint}/{@code idempotentHint}
 * decide that a tool runs without asking; without it only {@code toolHints} do. {@code instructions}
 * lets the server's {@code initialize} instructions reach the model in ACP sessions.
 */
final class McpPolicyConfig {
    private McpPolicyConfig() {}

    /** MCP logging levels (RFC 5424 names), lowest first. */
    static final List<String> LOG_LEVELS = List.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

    /** The revisions a server may be pinned to: the stateless one, then the {@code initialize} ones. */
    static final List<String> PROTOCOL_VERSIONS = java.util.stream.Stream.concat(
            dev.tether.mcp.client.Stateless2026.VERSIONS.stream(),
            dev.tether.mcp.client.Stateful2025.VERSIONS.stream()).toList();

    static McpServerPolicy parse(JsonNode server, String where) throws McpConfig.InvalidConfig {
        String version = text(server, "protocolVersion", where);
        if (version != null && !PROTOCOL_VERSIONS.contains(version)) {
            throw new McpConfig.InvalidConfig(where + ".protocolVersion must be one of " + PROTOCOL_VERSIONS);
        }
        Boolean roots = flag(server, "exposeRoots", where);
        Boolean sampling = flag(server, "sampling", where);
        Boolean trust = flag(server, "trustAnnotations", where);
        Boolean instructions = flag(server, "instructions", where);
        Boolean tasks = flag(server, "tasks", where);
        String level = text(server, "logLevel", where);
        if (level != null && !LOG_LEVELS.contains(level)) {
            throw new McpConfig.InvalidConfig(where + ".logLevel must be one of " + LOG_LEVELS);
        }
        return new McpServerPolicy(hints(server.get("toolHints"), where + ".toolHints"),
                globs(server.get("allowTools"), where + ".allowTools"),
                globs(server.get("denyTools"), where + ".denyTools"),
                timeouts(server.get("timeouts"), where + ".timeouts"),
                Boolean.TRUE.equals(roots), Boolean.TRUE.equals(sampling),
                level == null ? McpServerPolicy.DEFAULT_LOG_LEVEL : level, oauth(server.get("oauth"), where + ".oauth"),
                Boolean.TRUE.equals(trust), Boolean.TRUE.equals(tasks), healthCheckSeconds(server, where),
                Boolean.TRUE.equals(instructions), version, sandbox(server.get("sandbox"), where + ".sandbox"));
    }

    /** {@code "sandbox": true} (network kept), {@code {"network": false}}, or false / absent: outside the sandbox. */
    private static McpServerPolicy.StdioSandbox sandbox(JsonNode node, String where) throws McpConfig.InvalidConfig {
        if (node == null || node.isNull() || (node.isBoolean() && !node.asBoolean())) {
            return null;
        }
        if (node.isBoolean()) {
            return new McpServerPolicy.StdioSandbox(true);
        }
        if (node.isObject() && node.size() <= 1 && (node.size() == 0 || node.path("network").isBoolean())) {
            return new McpServerPolicy.StdioSandbox(node.path("network").asBoolean(true));
        }
        throw new McpConfig.InvalidConfig(where + " must be true, false or {\"network\": true|false}");
    }

    /**
     * A client registered with the server's authorization server ahead of time:
     * {@code "oauth": {"clientId": "…", "clientSecret": "${SECRET}"}}. The secret is kept as written;
     * {@code ${VAR}} references are expanded against Tether's environment when the session starts.
     * With {@code "workloadIdentity"} the client is a workload that presents its own identity token
     * (see {@link #workloadIdentity}).
     */
    private static OAuthClientConfig oauth(JsonNode node, String where) throws McpConfig.InvalidConfig {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new McpConfig.InvalidConfig(where + " must be an object {clientId, clientSecret?, workloadIdentity?}");
        }
        String id = text(node, "clientId", where);
        if (id == null || id.isBlank()) {
            throw new McpConfig.InvalidConfig(where + ".clientId is required");
        }
        String secret = text(node, "clientSecret", where);
        Secret clientSecret = secret == null ? null : new Secret(secret);
        WorkloadIdentity workload = workloadIdentity(node.get("workloadIdentity"), where + ".workloadIdentity");
        return workload == null ? OAuthClientConfig.of(id, clientSecret)
                : new OAuthClientConfig(id, clientSecret, null, null, new OAuthClientConfig.Grant.JwtBearer(workload));
    }

    /**
     * Where a workload's identity token comes from, for the JWT-bearer grant:
     * {@code {"tokenFile": "/abs/path"}} or {@code {"tokenEnv": "VAR"}} (exactly one; never the token
     * itself), and optionally {@code "issuer"}, the only authorization server it may be sent to.
     */
    private static WorkloadIdentity workloadIdentity(JsonNode node, String where) throws McpConfig.InvalidConfig {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new McpConfig.InvalidConfig(where + " must be an object {tokenFile | tokenEnv, issuer?}");
        }
        for (var field : node.properties()) {
            if (!List.of("tokenFile", "tokenEnv", "issuer").contains(field.getKey())) {
                throw new McpConfig.InvalidConfig(where + " has unknown key \"" + field.getKey()
                        + "\" (the token itself never goes in the config: name a tokenFile or a tokenEnv)");
            }
        }
        String file = text(node, "tokenFile", where);
        String env = text(node, "tokenEnv", where);
        String issuer = text(node, "issuer", where);
        if ((file == null) == (env == null)) {
            throw new McpConfig.InvalidConfig(where + " needs exactly one of tokenFile and tokenEnv");
        }
        if (env != null) {
            if (!env.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new McpConfig.InvalidConfig(where + ".tokenEnv must be an environment variable name");
            }
            return WorkloadIdentity.fromEnv(env, issuer);
        }
        Path path;
        try {
            path = Path.of(file);
        } catch (java.nio.file.InvalidPathException e) {
            throw new McpConfig.InvalidConfig(where + ".tokenFile is not a valid path");
        }
        if (!path.isAbsolute()) {
            throw new McpConfig.InvalidConfig(where + ".tokenFile must be an absolute path");
        }
        return WorkloadIdentity.fromFile(path, issuer);
    }

    private static Map<String, McpToolInfo.Hints> hints(JsonNode node, String where) throws McpConfig.InvalidConfig {
        if (node == null || node.isNull()) {
            return Map.of();
        }
        if (!node.isObject()) {
            throw new McpConfig.InvalidConfig(where + " must be an object of tool name → hints");
        }
        Map<String, McpToolInfo.Hints> out = new LinkedHashMap<>();
        for (var entry : node.properties()) {
            JsonNode h = entry.getValue();
            String at = where + "." + entry.getKey();
            if (!h.isObject()) {
                throw new McpConfig.InvalidConfig(at + " must be an object");
            }
            for (var field : h.properties()) {
                if (!List.of("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint").contains(field.getKey())) {
                    throw new McpConfig.InvalidConfig(at + " has unknown hint \"" + field.getKey() + "\"");
                }
            }
            out.put(entry.getKey(), new McpToolInfo.Hints(text(h, "title", at), flag(h, "readOnlyHint", at),
                    flag(h, "destructiveHint", at), flag(h, "idempotentHint", at), flag(h, "openWorldHint", at)));
        }
        return out;
    }

    private static String text(JsonNode node, String field, String where) throws McpConfig.InvalidConfig {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw new McpConfig.InvalidConfig(where + "." + field + " must be a string");
        }
        return value.asString();
    }

    private static Boolean flag(JsonNode node, String field, String where) throws McpConfig.InvalidConfig {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw new McpConfig.InvalidConfig(where + "." + field + " must be true or false");
        }
        return value.asBoolean();
    }

    private static List<String> globs(JsonNode node, String where) throws McpConfig.InvalidConfig {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new McpConfig.InvalidConfig(where + " must be an array of tool name patterns");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isString() || item.asString().isBlank()) {
                throw new McpConfig.InvalidConfig(where + " must contain non-empty strings");
            }
            out.add(item.asString());
        }
        return out;
    }

    private static McpRuntimeOptions.CallTimeouts timeouts(JsonNode node, String where) throws McpConfig.InvalidConfig {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new McpConfig.InvalidConfig(where + " must be an object");
        }
        Duration idle = seconds(node, "callIdleSeconds", where, McpRuntimeOptions.DEFAULT_CALL_IDLE_TIMEOUT);
        Duration total = seconds(node, "callTotalSeconds", where, McpRuntimeOptions.DEFAULT_CALL_TOTAL_TIMEOUT);
        return new McpRuntimeOptions.CallTimeouts(idle, total);
    }

    /** {@code "healthCheckSeconds": N}: this server's own ping interval, 0 = off; absent = the runtime's. */
    private static Integer healthCheckSeconds(JsonNode server, String where) throws McpConfig.InvalidConfig {
        JsonNode value = server.get("healthCheckSeconds");
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || value.asLong() < 0 || value.asLong() > 86_400) {
            throw new McpConfig.InvalidConfig(where + ".healthCheckSeconds must be a whole number of seconds from 0 (off) to 86400");
        }
        return value.asInt();
    }

    private static Duration seconds(JsonNode node, String field, String where, Duration fallback) throws McpConfig.InvalidConfig {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isNumber() || value.asDouble() <= 0 || value.asDouble() > 86_400) {
            throw new McpConfig.InvalidConfig(where + "." + field + " must be a number of seconds between 0 and 86400");
        }
        return Duration.ofMillis(Math.round(value.asDouble() * 1000));
    }
}
