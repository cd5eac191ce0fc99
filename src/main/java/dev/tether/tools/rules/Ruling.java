package dev.tether.tools.rules;

/** What the rules decided for a call, and the rule that decided it. */
public record Ruling(Effect effect, PermissionRule rule) {}
