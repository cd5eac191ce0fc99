package dev.tether.acp.schema;

/** A file (and line) a tool call touches, so the editor can follow along. */
public record ToolCallLocation(String path, Integer line) {}
