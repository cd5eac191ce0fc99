package dev.tether.tools.rules;

/**
 * Where a rule was written, strongest first. Deny rules win whatever their scope; the scope
 * decides whose servers a rule naming an MCP server binds to ({@link ServerBinding}) and how a
 * decision is reported.
 */
public enum RuleScope {
    /** The administrator's managed settings file. */
    MANAGED("managed"),
    /** The user's config file ({@code permissions}). */
    USER("user"),
    /** The user's rules for one project, in Tether's state ("Always allow" writes here). */
    LOCAL("local"),
    /** The project's {@code .tether/settings.json}: deny and ask at once, allow once the user approved them. */
    PROJECT("project"),
    /** "Always allow" answers of this session that could not be written to the local scope. */
    SESSION("session"),
    /** {@code tether exec --allow/--deny}: the user's rules for one run, never written anywhere. */
    FLAG("flag");

    private final String id;

    RuleScope(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** Whether the rule came from {@code tether exec}'s command line (its decisions are reported as {@code flag}). */
    public boolean commandLine() {
        return this == FLAG;
    }

    /** Whether the user answered for this rule in the editor (the local scope, or this session). */
    public boolean remembered() {
        return this == LOCAL || this == SESSION;
    }
}
