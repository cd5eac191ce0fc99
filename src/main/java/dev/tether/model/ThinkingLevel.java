package dev.tether.model;

/** How much the model may think before answering; providers map it to their own knobs. */
public enum ThinkingLevel {
    OFF("off"), LOW("low"), MEDIUM("medium"), HIGH("high");

    private final String id;

    ThinkingLevel(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static ThinkingLevel fromId(String id) {
        for (ThinkingLevel level : values()) {
            if (level.id.equals(id)) {
                return level;
            }
        }
        throw new IllegalArgumentException("unknown thinking level: " + id);
    }
}
