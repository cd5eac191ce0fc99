package dev.tether.mcp.projection;

import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.OutputSchema;
import dev.tether.tools.ToolTraits;
import tools.jackson.databind.JsonNode;

/**
 * One server tool made ready for the model: sanitised strings and schemas, effective hints (the
 * server's annotations with the user's overrides), the traits they imply and the description
 * the model reads. Everything here depends only on the listed tool and the server's policy, so
 * it is built once per catalog entry, not once per model request.
 *
 * @param title        the title shown in the editor, or null
 * @param outputSchema null when the tool declares none
 * @param hints        the effective hints as claimed (server's annotations with the user's overrides)
 * @param traits       what the permission gate decides on: from the hints the user trusts (the
 *                     user's overrides, and the server's own only for a server marked
 *                     {@code trustAnnotations})
 * @param auditInfo    {@code {server, tool, hints, annotationsTrusted}} for the session's audit log
 * @param approvalKey  server, raw name and definition digest: what "Always allow" is bound to
 * @param definition   the digest of the tool's definition, which a permission rule written by "Always allow" pins
 * @param taskSupport  whether the server runs the tool as a task: never, on request, or always
 * @param alwaysLoad   the server asked that the definition is sent even when MCP tools are deferred
 */
record McpToolSpec(String server, String rawName, String shownName, String title, String description,
                   JsonNode inputSchema, McpToolInfo.Hints hints, OutputSchema outputSchema, ToolTraits traits,
                   JsonNode auditInfo, String approvalKey, String definition, McpToolInfo.TaskSupport taskSupport,
                   boolean alwaysLoad) {}
