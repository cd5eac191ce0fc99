package dev.tether.model;

import tools.jackson.databind.JsonNode;

/** A tool as the model sees it: name, description, JSON Schema of its input. */
public record ToolDefinition(String name, String description, JsonNode inputSchema) {}
