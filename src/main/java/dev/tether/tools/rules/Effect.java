package dev.tether.tools.rules;

/** What a rule does to a call it matches: run it without asking, ask each time, or refuse it. */
public enum Effect {
    ALLOW("allow"), ASK("ask"), DENY("deny");

    private final String id;

    Effect(String id) {
        this.id = id;
    }

    /** The settings key that lists such rules ({@code permissions.allow}, …). */
    public String id() {
        return id;
    }
}
