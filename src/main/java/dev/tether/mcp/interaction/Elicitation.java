package dev.tether.mcp.interaction;

import tools.jackson.databind.JsonNode;

/**
 * A server's request for input, already checked (a form schema within the allowed subset, a URL
 * that is http(s) without credentials) and sanitised.
 *
 * @param mode            {@code form} or {@code url}
 * @param requestedSchema the form's schema (form mode), else null
 * @param url             the page to open (url mode), else null
 * @param elicitationId   the server's id (url mode), else null
 * @param toolCallId      the ACP tool call this belongs to, when exactly one call to the server is in flight; else null
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation">MCP elicitation</a>
 */
public record Elicitation(String server, String mode, String message, JsonNode requestedSchema, String url,
                          String elicitationId, String toolCallId) {}
