package dev.tether.model;

import java.util.List;

/** A message of the conversation sent to the model. */
public record ModelMessage(Role role, List<Part> parts) {
    public enum Role { USER, ASSISTANT }

    public ModelMessage {
        parts = List.copyOf(parts);
    }

    public static ModelMessage user(List<Part> parts) {
        return new ModelMessage(Role.USER, parts);
    }

    public static ModelMessage assistant(List<Part> parts) {
        return new ModelMessage(Role.ASSISTANT, parts);
    }
}
