package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonValue;

/** The kind of a tool call, which editors use to pick an icon. */
public enum ToolKind {
    READ, EDIT, DELETE, MOVE, SEARCH, EXECUTE, THINK, FETCH, SWITCH_MODE, OTHER;

    @JsonValue
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
