package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonValue;

/** Lifecycle of a tool call; there is no "cancelled" status in ACP v1. */
public enum ToolCallStatus {
    PENDING, IN_PROGRESS, COMPLETED, FAILED;

    @JsonValue
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
